import { z } from "zod";

// The performer's pasted iCal address (issue 26): the form's schema, the status the dashboard
// shows, and the reasons a read fails, in the performer's words. The server
// (app/server/calendar-import/) reads the feed; this module is shared with the form.

export const CALENDAR_IMPORT_ACTION = "/dashboard/calendar-import";
export const SAVE_IMPORT_INTENT = "save";
export const REMOVE_IMPORT_INTENT = "remove";

export const CALENDAR_URL_REQUIRED = "Paste the address of your calendar (it starts with https:// or webcal://)";
export const CALENDAR_URL_INVALID = "This is not a calendar address: it must start with https://, http:// or webcal://";
export const CALENDAR_URL_TOO_LONG = "This address is too long (at most 2,000 characters)";

const ADDRESS = /^(https?|webcals?):\/\/[^\s/?#]+\S*$/i;

export const calendarImportSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(SAVE_IMPORT_INTENT),
    url: z
      .string(CALENDAR_URL_REQUIRED)
      .trim()
      .min(1, CALENDAR_URL_REQUIRED)
      .max(2000, CALENDAR_URL_TOO_LONG)
      .regex(ADDRESS, CALENDAR_URL_INVALID),
  }),
  z.object({ intent: z.literal(REMOVE_IMPORT_INTENT) }),
]);

export type CalendarFetchFailure =
  | "scheme"
  | "private-address"
  | "host-not-found"
  | "unreachable"
  | "timeout"
  | "too-big"
  | "http-status"
  | "too-many-redirects"
  | "not-ical"
  | "unreadable";

/** Why a read failed, after "We could not read this calendar: ". */
export function fetchFailureText(reason: CalendarFetchFailure, status?: number): string {
  switch (reason) {
    case "scheme":
      return "the address must start with https://, http:// or webcal://";
    case "private-address":
      return "the address points into a private network, which we never read";
    case "host-not-found":
      return "no site answers to this address's name";
    case "unreachable":
      return "the address could not be reached";
    case "timeout":
      return "the address did not answer within 10 seconds";
    case "too-big":
      return "the calendar is larger than 1 MB";
    case "http-status":
      return status === 404 || status === 410
        ? `the address was not found (error ${status}); check that the calendar is still shared`
        : status === 401 || status === 403
          ? `the address asks for a password (error ${status}); copy the calendar's public or secret address instead`
          : `the address answered with an error (${status ?? "unknown"})`;
    case "too-many-redirects":
      return "the address sent us on more than 3 times";
    case "not-ical":
      return "the address did not give an iCalendar (.ics) file";
    case "unreadable":
      return "the file is not a calendar we can read";
  }
}

export const COULD_NOT_READ = "We could not read this calendar:";

/** Reads started at once (on saving) per account in an hour; past it the hourly update reads it. */
export const IMMEDIATE_READS_PER_HOUR = 5;
/** Saving again the address read this many minutes ago does not read it again. */
export const RECENT_READ_MINUTES = 5;

export const READ_RECENTLY_TEXT = `Calendar saved. We read it less than ${RECENT_READ_MINUTES} minutes ago, so the next read is the hourly one.`;
export const READS_USED_UP_TEXT = `Calendar saved, but not read yet: we read calendars at once up to ${IMMEDIATE_READS_PER_HOUR} times an hour, so this one will be read automatically within the hour.`;

export interface CalendarImportView {
  url: string;
  /** ISO instants. */
  lastFetchedAt: string | null;
  lastSuccessAt: string | null;
  /** The last read's failure, already in words ("the address did not answer within 10 seconds"). */
  lastError: string | null;
  busyDays: number;
  /** The performer's zone the days are counted in, and the dates are shown in. */
  timeZone: string;
}

export function busyDaysText(count: number): string {
  return count === 1 ? "1 busy day imported" : `${count.toLocaleString("en-US")} busy days imported`;
}

/** "Nov 27, 3:04 PM" in the performer's zone. */
export function readTimeText(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
