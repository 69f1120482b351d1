import type { InquiryStatus } from "./inquiry-status";

// Shapes the dashboard's loader hands to the browser for the inbox (built in app/server/inquiries/inbox.server.ts).

/** One row of the inbox list. */
export interface InquiryRow {
  id: string;
  senderName: string;
  eventTypes: string[];
  eventDate: string | null;
  isRead: boolean;
  /** New, read, replied or declined (app/lib/inquiry-status.ts). */
  status: InquiryStatus;
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
  /** What the performer answered so far, oldest first. */
  thread: ThreadEntry[];
}

/** One answer kept on an inquiry: a reply sent from the site, a decline, or "I replied" by mail, phone or text. */
export interface ThreadEntry {
  id: string;
  kind: "reply" | "decline" | "elsewhere";
  body: string;
  /** A decline's suggested performers, as sent. */
  alternatives: { id: string; name: string }[];
  createdAt: string;
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
