import { z } from "zod";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "./constants";
import { STATE_ABBREVIATIONS } from "./us-states";

// The inquiry form on a profile. The same schema checks the form in the browser (instant messages)
// and in the action (the only check that counts). Messages are the product spec's, word for word.

const PHONE_PATTERN = /^\+?[0-9\s\-()]*[0-9][0-9\s\-()]*$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const INQUIRY_HONEYPOT = "company_website";
export const INQUIRY_SENT = "Message sent successfully!";
export const INQUIRY_FAILED = "Failed to send message";
export const CAPTCHA_WRONG = "Incorrect captcha answer";

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
    .regex(/^-?\d{1,3}$/, "Please answer the math problem")
    .transform(Number),
  captchaToken: z.string().min(1, "The math problem has expired. Please answer the new one."),
});

export type InquiryInput = z.infer<typeof inquirySchema>;
export type InquiryField = keyof InquiryInput;

/** What the visitor typed, kept so a failed send never loses it. */
export interface InquiryValues {
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  zip: string;
  message: string;
  eventTypes: string[];
  eventDate: string;
}

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

/** The first message for each field, keyed by field name. */
export function firstErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
