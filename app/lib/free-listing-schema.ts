import { z } from "zod";
import { multiLine, oneLine, type FormValues } from "./form";
import { EXPERIENCE_OPTIONS, PAID_EVENTS_OPTIONS, TRAVEL_ANSWERS } from "./constants";
import { STATE_ABBREVIATIONS } from "./us-states";

// The free-listing application (/free-listing), checked in the browser and again in the action.
// Messages are the product spec's, word for word; optional fields left empty are stored as null.

export const APPLICATION_SENT = "Application submitted successfully! We'll review it and get back to you soon.";

const optionalText = (max: number, lines: "one" | "many" = "many") =>
  (lines === "one" ? oneLine : multiLine)(z.string().trim().max(max, `Please keep this under ${max} characters`)).transform(
    (v) => (v === "" ? null : v),
  );

export const freeListingSchema = z.object({
  // One line: the name goes into the subject of the mail to the team.
  fullName: oneLine(z.string().trim().min(1, "Full name is required").max(120, "Please keep this under 120 characters")),
  email: z.string().trim().min(1, "Email is required").max(254, "Invalid email address").pipe(z.email("Invalid email address")),
  phone: optionalText(40, "one"),
  city: oneLine(z.string().trim().min(1, "City is required").max(100, "Please keep this under 100 characters")),
  state: z
    .string()
    .trim()
    .refine((v) => (STATE_ABBREVIATIONS as string[]).includes(v), "State is required"),
  instagram: optionalText(200, "one"),
  facebook: optionalText(200, "one"),
  youtube: optionalText(200, "one"),
  tiktok: optionalText(200, "one"),
  website: optionalText(300, "one"),
  experience: z.enum(EXPERIENCE_OPTIONS, "Please select an option"),
  paidEvents: z.enum(PAID_EVENTS_OPTIONS, "Please select an option"),
  eventTypes: optionalText(1000),
  characters: optionalText(1000),
  bio: multiLine(z.string().trim().min(1, "Bio is required").max(3000, "Please keep this under 3000 characters")),
  travel: z.enum(TRAVEL_ANSWERS, "Please select an option"),
  whyJoin: optionalText(2000),
  questions: optionalText(2000),
});

export type FreeListingInput = z.infer<typeof freeListingSchema>;
/** The form's text exactly as typed. */
export type FreeListingValues = FormValues<typeof freeListingSchema>;

/** What the /free-listing action answers (app/server/free-listing/listings.server.ts). */
export type FreeListingActionResult =
  | { ok: true; message: string; submittedAt: number }
  | { ok: false; errors: Record<string, string>; message?: string; values: FreeListingValues };
