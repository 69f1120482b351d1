// The inquiry form on a profile. The same schema checks the form in the browser (instant messages,
// loaded on demand) and in the action (the only check that counts). Messages are the product spec's,
// word for word.

import { z } from "zod";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "./constants";
import { CAPTCHA_EXPIRED, CAPTCHA_MISSING, type InquiryValues } from "./inquiry-fields";
import { fieldErrors } from "./form-errors";
import { STATE_ABBREVIATIONS } from "./us-state-names";

export {
  CAPTCHA_EXPIRED,
  CAPTCHA_MISSING,
  CAPTCHA_WRONG,
  INQUIRY_FAILED,
  INQUIRY_HONEYPOT,
  INQUIRY_SENT,
  type InquiryValues,
} from "./inquiry-fields";

export function inquiryValuesFrom(form: FormData): InquiryValues {
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  return {
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    message: text("message"),
    eventTypes: form.getAll("eventTypes").filter((v): v is string => typeof v === "string"),
    eventDate: text("eventDate"),
  };
}

/** Everything the schema reads from a submitted form. */
export function inquiryFormInput(form: FormData) {
  const answer = form.get("captchaAnswer");
  const token = form.get("captchaToken");
  return {
    ...inquiryValuesFrom(form),
    captchaAnswer: typeof answer === "string" ? answer : "",
    captchaToken: typeof token === "string" ? token : "",
  };
}

const PHONE_PATTERN = /^\+?[0-9\s\-()]*[0-9][0-9\s\-()]*$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string) {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const inquirySchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(120, "Name is too long"),
  email: z.string().trim().min(1, "Email is required").max(254, "Invalid email address").pipe(z.email("Invalid email address")),
  phone: z.string().trim().min(1, "Phone number is required").max(40, "Invalid phone number").regex(PHONE_PATTERN, "Invalid phone number"),
  city: z.string().trim().min(1, "City is required").max(100, "City is too long"),
  state: z
    .string()
    .trim()
    .refine((v) => (STATE_ABBREVIATIONS as string[]).includes(v), "State is required"),
  zip: z.string().trim().min(1, "ZIP code is required").max(10, "ZIP code is too long"),
  message: z
    .string()
    .trim()
    .min(1, "Message is required")
    .max(MESSAGE_MAX_LENGTH, `Message cannot exceed ${MESSAGE_MAX_LENGTH} characters`),
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
  captchaToken: z.string().min(1, CAPTCHA_EXPIRED),
});

export type InquiryInput = z.infer<typeof inquirySchema>;
export type InquiryField = keyof InquiryInput;

/**
 * The browser's check of a filled-in form: null when it may be sent, else the first message per
 * field. A missing math question (still loading) reads as an unanswered one.
 */
export function checkInquiryForm(form: FormData): Record<string, string> | null {
  const parsed = inquirySchema.safeParse(inquiryFormInput(form));
  if (parsed.success) return null;
  const errors = fieldErrors(parsed.error);
  if (errors.captchaToken) {
    delete errors.captchaToken;
    errors.captchaAnswer ??= CAPTCHA_MISSING;
  }
  return errors;
}
