// The inquiry forms: a profile's, and "Ask them all" on the shortlist. The same schema checks a form in
// the browser (instant messages, loaded on demand) and in the action (the only check that counts).
// Messages are the product spec's, word for word.

import { z } from "zod";
import { EVENT_TYPES, MESSAGE_MAX_LENGTH } from "./constants";
import { multiLine, oneLine } from "./form";
import {
  ASK_ANYWAY_FIELD,
  CAPTCHA_MISSING,
  CHILD_AGE_MAX,
  CHILDREN_COUNT_MAX,
  EVENT_LENGTHS,
  isProfileId,
  SHORTLIST_INQUIRY_MAX,
  SHORTLIST_NONE,
  SHORTLIST_TOO_MANY,
  SHORTLIST_UNKNOWN,
} from "./inquiry-fields";
import { STATE_ABBREVIATIONS } from "./us-state-names";

const PHONE_PATTERN = /^\+?[0-9\s\-()]*[0-9][0-9\s\-()]*$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string) {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const WHOLE_NUMBER = /^\d{1,4}$/;

export const EVENT_START_TIME_INVALID = "Please enter a valid start time";
export const EVENT_LENGTH_INVALID = "Please choose a length from the list";
export const CHILDREN_COUNT_INVALID = `Number of children must be a whole number from 1 to ${CHILDREN_COUNT_MAX}`;
export const CHILD_AGE_INVALID = `Child's age must be a whole number from 0 to ${CHILD_AGE_MAX}`;

/** An optional whole number in a range: "" is "not given" (null). */
function optionalWholeNumber(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((v) => v === "" || (WHOLE_NUMBER.test(v) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === "" ? null : Number(v)));
}

// The fields both inquiry forms share (a profile's and the shortlist's "Ask them all").
const inquiryFields = {
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
  // Optional event details; the browser's time input posts "HH:MM" (with seconds only if asked to).
  eventStartTime: z
    .string()
    .trim()
    .refine((v) => v === "" || TIME_PATTERN.test(v), EVENT_START_TIME_INVALID)
    .transform((v) => (v === "" ? null : v.slice(0, 5))),
  eventLengthMinutes: z
    .string()
    .trim()
    .refine((v) => v === "" || EVENT_LENGTHS.some((length) => String(length.minutes) === v), EVENT_LENGTH_INVALID)
    .transform((v) => (v === "" ? null : Number(v))),
  childrenCount: optionalWholeNumber(1, CHILDREN_COUNT_MAX, CHILDREN_COUNT_INVALID),
  childAge: optionalWholeNumber(0, CHILD_AGE_MAX, CHILD_AGE_INVALID),
  captchaAnswer: z
    .string()
    .trim()
    .regex(/^-?\d{1,3}$/, CAPTCHA_MISSING)
    .transform(Number),
  /** The signed question the answer goes with (checked on the server, see captcha.server.ts). */
  captchaToken: z.string(),
  /** The date the visitor agreed to ask for though it was marked booked (BookedWarning); anything else is no agreement. */
  [ASK_ANYWAY_FIELD]: z
    .string()
    .trim()
    .transform((v) => (isRealDate(v) ? v : null)),
};

/**
 * No question: still loading in the browser, or a post without JavaScript (the cached page carries
 * none, it is fetched by script). Either way the visitor has a question to answer: the action's
 * answer brings one.
 */
function askForTheQuestion(value: { captchaToken: string }, ctx: z.RefinementCtx) {
  if (value.captchaToken === "") ctx.addIssue({ code: "custom", path: ["captchaAnswer"], message: CAPTCHA_MISSING });
}

export const inquirySchema = z.object(inquiryFields).superRefine(askForTheQuestion, { when: () => true });

/**
 * "Ask them all" on /shortlist: the same fields and rules, sent to 1 to 5 shortlisted performers
 * (a repeated id counts once).
 */
export const shortlistInquirySchema = z
  .object({
    ...inquiryFields,
    profileIds: z
      .array(z.string().trim())
      .refine((ids) => ids.every(isProfileId), SHORTLIST_UNKNOWN)
      .transform((ids) => [...new Set(ids)])
      .refine((ids) => ids.length > 0, SHORTLIST_NONE)
      .refine((ids) => ids.length <= SHORTLIST_INQUIRY_MAX, SHORTLIST_TOO_MANY),
  })
  .superRefine(askForTheQuestion, { when: () => true });

export type InquiryInput = z.infer<typeof inquirySchema>;

/** A checked inquiry without its math answer: what the performer is told (app/server/mail/templates.server.ts). */
export type InquiryMessage = Omit<InquiryInput, "captchaAnswer" | "captchaToken" | typeof ASK_ANYWAY_FIELD>;

export type ShortlistInquiryInput = z.infer<typeof shortlistInquirySchema>;
