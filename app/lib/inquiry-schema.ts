// The inquiry form on a profile. The same schema checks the form in the browser (instant messages,
// loaded on demand) and in the action (the only check that counts). Messages are the product spec's,
// word for word.

import { z } from "zod";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "./constants";
import { multiLine, oneLine } from "./form";
import { CAPTCHA_MISSING } from "./inquiry-fields";
import { STATE_ABBREVIATIONS } from "./us-state-names";

const PHONE_PATTERN = /^\+?[0-9\s\-()]*[0-9][0-9\s\-()]*$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string) {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const inquirySchema = z
  .object({
    // One line: the name goes into the subject and a line of the performer's email.
    name: oneLine(z.string().trim().min(1, "Name is required").max(120, "Name is too long")),
    email: z.string().trim().min(1, "Email is required").max(254, "Invalid email address").pipe(z.email("Invalid email address")),
    phone: z.string().trim().min(1, "Phone number is required").max(40, "Invalid phone number").regex(PHONE_PATTERN, "Invalid phone number"),
    city: oneLine(z.string().trim().min(1, "City is required").max(100, "City is too long")),
    state: z
      .string()
      .trim()
      .refine((v) => (STATE_ABBREVIATIONS as string[]).includes(v), "State is required"),
    zip: oneLine(z.string().trim().min(1, "ZIP code is required").max(10, "ZIP code is too long")),
    message: multiLine(
      z
        .string()
        .trim()
        .min(1, "Message is required")
        .max(MESSAGE_MAX_LENGTH, `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`),
    ),
    eventTypes: z.array(z.enum(EVENT_TYPES, "Unknown event type")).default([]),
    eventDate: z
      .string()
      .trim()
      .refine((v) => v === "" || isRealDate(v), "Please enter a valid date")
      .transform((v) => (v === "" ? null : v)),
    captchaAnswer: z
      .string()
      .trim()
      .regex(/^-?\d{1,3}$/, CAPTCHA_MISSING)
      .transform(Number),
    /** The signed question the answer goes with (checked on the server, see captcha.server.ts). */
    captchaToken: z.string(),
  })
  .superRefine(
    (value, ctx) => {
      // No question: still loading in the browser, or a post without JavaScript (the cached page
      // carries none, it is fetched by script). Either way the visitor has a question to answer:
      // the action's answer brings one.
      if (value.captchaToken === "") ctx.addIssue({ code: "custom", path: ["captchaAnswer"], message: CAPTCHA_MISSING });
    },
    { when: () => true },
  );

export type InquiryInput = z.infer<typeof inquirySchema>;

/** A checked inquiry without its math answer: what the performer is told (app/server/mail/templates.server.ts). */
export type InquiryMessage = Omit<InquiryInput, "captchaAnswer" | "captchaToken">;
