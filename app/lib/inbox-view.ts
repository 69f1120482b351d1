// Shapes the dashboard's loader hands to the browser for the inbox (built in app/server/inbox.server.ts).

/** One row of the inbox list. */
export interface InquiryRow {
  id: string;
  senderName: string;
  eventTypes: string[];
  eventDate: string | null;
  isRead: boolean;
  createdAt: string;
  /** The message's first line, shortened: enough to tell inquiries apart on a phone. */
  preview: string;
}

/** One inquiry opened in full. */
export interface InquiryDetailView extends InquiryRow {
  senderEmail: string;
  phoneNumber: string;
  city: string;
  state: string;
  zip: string;
  message: string;
  /** Optional event details the sender gave ('HH:MM', minutes, a count, an age in years). */
  eventStartTime: string | null;
  eventLengthMinutes: number | null;
  childrenCount: number | null;
  childAge: number | null;
}

const PREVIEW_LENGTH = 120;

/** The first line with words in it, cut at a word near PREVIEW_LENGTH characters. */
export function messagePreview(message: string): string {
  const line = message.split(/\r?\n/).map((l) => l.trim()).find((l) => l.length > 0) ?? "";
  if (line.length <= PREVIEW_LENGTH) return line;
  const cut = line.slice(0, PREVIEW_LENGTH);
  const space = cut.lastIndexOf(" ");
  return `${(space > PREVIEW_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "14:30" -> "2:30 PM". */
export function formatStartTime(value: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return value;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? "AM" : "PM";
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${match[2]} ${suffix}`;
}

/** 90 -> "1 hour 30 minutes", 120 -> "2 hours", 45 -> "45 minutes". */
export function formatEventLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} ${hours === 1 ? "hour" : "hours"}`);
  if (rest > 0 || hours === 0) parts.push(`${rest} ${rest === 1 ? "minute" : "minutes"}`);
  return parts.join(" ");
}

/** 0 -> "Under 1 year old", 1 -> "1 year old", 7 -> "7 years old". */
export function formatChildAge(age: number): string {
  if (age === 0) return "Under 1 year old";
  return `${age} ${age === 1 ? "year" : "years"} old`;
}
