// The inquiry form's texts and shapes, without Zod: the form component imports this eagerly and
// loads the schema (./inquiry-schema) only when the visitor starts filling the form in.

export const INQUIRY_SENT = "Message sent successfully!";
export const INQUIRY_FAILED = "Failed to send message";
export const CAPTCHA_WRONG = "Incorrect captcha answer";
export const CAPTCHA_MISSING = "Please answer the math problem";
/** The answer came with a question that expired or that this server did not sign. */
export const CAPTCHA_EXPIRED = "The math problem has expired. Please answer the new one.";

/** How many performers one "Ask them all" send may reach. */
export const SHORTLIST_INQUIRY_MAX = 5;
export const SHORTLIST_TOO_MANY = `You can ask up to ${SHORTLIST_INQUIRY_MAX} performers at once`;
export const SHORTLIST_NONE = "Choose at least one performer to ask";
export const SHORTLIST_UNKNOWN = "One of the chosen performers could not be found";

/**
 * The field the booked-day warning's "Ask anyway" button posts, carrying the date the visitor agreed
 * to ask for: the server sends without warning again only while the event date is still that date.
 */
export const ASK_ANYWAY_FIELD = "askAnyway";

/**
 * The server's answer to a send whose event date a chosen performer marked booked: nothing was
 * sent, and the form asks before trying again (the inquiry server words it).
 */
export interface BookedWarning {
  /** The event date asked about (YYYY-MM-DD), which "Ask anyway" posts back. */
  date: string;
  /** "Jolly Squad marked Dec 12 as booked. Ask anyway?" */
  text: string;
  /**
   * The visitor's own answer to the math question, still unspent, so a page rendered without
   * JavaScript can send again with one press; absent when the question had to be replaced.
   */
  answer?: string;
}

/** The event lengths a visitor picks from, in minutes (the column allows 15 to 1440). */
export const EVENT_LENGTHS = [
  { minutes: 30, label: "30 min" },
  { minutes: 60, label: "1 hour" },
  { minutes: 90, label: "1.5 hours" },
  { minutes: 120, label: "2 hours" },
  { minutes: 180, label: "3 hours" },
  { minutes: 240, label: "4 hours or more" },
] as const;

export const CHILDREN_COUNT_MAX = 1000;
export const CHILD_AGE_MAX = 17;

/**
 * Whether a value can be an account id: letters, digits, `-` and `_`. Anything else (a NUL byte, a
 * quote) cannot match a row and must not reach PostgreSQL, which refuses some of it with an error
 * instead of an empty result.
 */
export function isProfileId(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(value);
}

/** "1.5 hours" for 90; a length the list does not name (older rows, the column's range) in hours and minutes. */
export function eventLengthLabel(minutes: number): string {
  const listed = EVENT_LENGTHS.find((length) => length.minutes === minutes);
  if (listed) return listed.label;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hour${hours === 1 ? "" : "s"}` : `${hours} h ${rest} min`;
}

/** "2:30 PM" for "14:30": the way a US parent writes a party's start. */
export function startTimeLabel(time: string): string {
  const [hours, minutes] = time.split(":").map(Number);
  const suffix = hours < 12 ? "AM" : "PM";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** "6 years old", "under 1 year old": the child's age as the performer reads it. */
export function childAgeLabel(age: number): string {
  if (age === 0) return "under 1 year old";
  return `${age} year${age === 1 ? "" : "s"} old`;
}

/** The checked facts of an inquiry that are listed as label and value (the message itself is not among them). */
export interface InquiryFacts {
  name: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  zip: string;
  eventTypes: readonly string[];
  eventDate: string | null;
  eventStartTime: string | null;
  eventLengthMinutes: number | null;
  childrenCount: number | null;
  childAge: number | null;
}

/**
 * The inquiry's facts as label and value, the optional event details only when given: how the
 * performer's mail lists them and how the sender's confirmation shows them back.
 */
export function inquiryDetails(s: InquiryFacts): [string, string][] {
  const rows: [string, string][] = [
    ["Name", s.name],
    ["Email", s.email],
    ["Phone", s.phone],
    ["Location", `${s.city}, ${s.state} ${s.zip}`],
    ["Event types", s.eventTypes.length ? s.eventTypes.join(", ") : "Not specified"],
    ["Event date", s.eventDate ?? "Not specified"],
  ];
  if (s.eventStartTime !== null) rows.push(["Start time", startTimeLabel(s.eventStartTime)]);
  if (s.eventLengthMinutes !== null) rows.push(["Length", eventLengthLabel(s.eventLengthMinutes)]);
  if (s.childrenCount !== null) rows.push(["Number of children", String(s.childrenCount)]);
  if (s.childAge !== null) rows.push(["Child's age", childAgeLabel(s.childAge)]);
  return rows;
}

/**
 * What a send carried, shown back to the sender on the confirmation. This is the sender's only copy:
 * the mail to the address they typed never repeats what they wrote (anyone can type anyone's address).
 */
export interface SentCopy {
  /** Label and value, as each performer's mail lists them (inquiryDetails). */
  details: [string, string][];
  message: string;
}

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
  eventStartTime: string;
  eventLengthMinutes: string;
  childrenCount: string;
  childAge: string;
}

/** What "Ask them all" typed: the inquiry plus the performers it goes to. */
export interface ShortlistInquiryValues extends InquiryValues {
  profileIds: string[];
}

/** The math question the server issues: the digits to add and the signed token the answer goes with. */
export interface Captcha {
  a: number;
  b: number;
  token: string;
}

/** A failed send: one message per field, what was typed, and the question to show next. */
export interface InquiryFailure<Values = InquiryValues> {
  ok: false;
  errors: Record<string, string>;
  message?: string;
  /** The text the visitor typed, so a page rendered without JavaScript keeps it. */
  values?: Values;
  /** The question to show next (the same one while it is still unanswered and valid). */
  captcha: Captcha;
  /** Set when nothing was sent because a performer marked the event date booked: the form asks first. */
  booked?: BookedWarning;
}

/** What the profile page's action answers to an inquiry (app/server/inquiries/inquiries.server.ts). */
export type InquiryActionResult =
  | {
      ok: true;
      message: string;
      captcha: Captcha;
      sentAt: number;
      /** What was sent (absent only for a post the server dropped unread). */
      copy?: SentCopy;
      /**
       * The address that was emailed a note naming whom the message went to (the address typed,
       * shown back to its sender only); absent when that address already had its notes for the day.
       */
      noticeTo?: string;
    }
  | InquiryFailure;

/**
 * A shortlisted performer the send did not reach: no longer listed (name unknown), over its daily
 * limit, or already sent as many messages from this visitor today as one visitor may send them.
 */
export interface SkippedPerformer {
  id: string;
  name: string | null;
  reason: "unavailable" | "limit" | "repeat";
}

/** What /shortlist's action answers to "Ask them all". */
export type ShortlistInquiryActionResult =
  | {
      ok: true;
      message: string;
      captcha: Captcha;
      sentAt: number;
      copy?: SentCopy;
      noticeTo?: string;
      /** Who received the message, in the order they were asked. */
      sentTo: { id: string; name: string }[];
      skipped: SkippedPerformer[];
    }
  | InquiryFailure<ShortlistInquiryValues>;
