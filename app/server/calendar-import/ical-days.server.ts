import ICAL from "ical.js";

// Turns an iCalendar feed into the performer's busy local days. A "day" is the performer's own
// calendar day in their state's zone, so a timed event is placed by its instant: 22:00 to 02:00
// covers two days, and a 10:00 New York meeting is the same day for a Los Angeles performer but
// may be another day for Hawaii. An all-day event (VALUE=DATE) is a day wherever one is, so it
// is taken as written, DTEND exclusive. Free time (TRANSP:TRANSPARENT) and cancelled events are not
// busy. Recurring events are expanded with ical.js (RRULE, RDATE, EXDATE, RECURRENCE-ID overrides).

export const IMPORT_WINDOW_DAYS = 365;
/** Occurrences walked per series at most: a rule started years ago, or every minute, stops here. */
const MAX_OCCURRENCES_PER_SERIES = 20_000;
/** Days one event may cover: a months-long "busy" block is kept, a decade-long one is clipped by the window anyway. */
const DAY_MS = 86_400_000;

export class CalendarParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalendarParseError";
  }
}

export interface BusyDaysWindow {
  /** The performer's IANA zone. */
  timeZone: string;
  /** The first day counted (YYYY-MM-DD, the performer's today); the window runs IMPORT_WINDOW_DAYS past it. */
  from: string;
  days?: number;
}

// Making a formatter costs far more than using one, and a feed asks thousands of times.
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const clockFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format;
}

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    clockFormats.set(timeZone, format);
  }
  return format;
}

/** The YYYY-MM-DD of `instant` in `timeZone`. */
export function localDayOf(instant: number, timeZone: string): string {
  const parts = dayFormat(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** Adds days to a YYYY-MM-DD, in the calendar (no zone involved). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

function isIanaZone(name: string): boolean {
  try {
    clockFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The instant at which a wall-clock time occurs in an IANA zone (the earlier one in a repeated hour). */
function wallTimeToInstant(time: ICAL.Time, timeZone: string): number {
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  // The zone's offset at a guess, then at the corrected guess: two rounds settle every DST edge.
  let guess = wall;
  for (let round = 0; round < 2; round++) {
    const parts = clockFormat(timeZone).formatToParts(new Date(guess));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    const shown = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
    guess = wall - (shown - guess);
  }
  return guess;
}

function ymd(time: ICAL.Time): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

/**
 * A date-time's instant. A time whose zone the feed defines (VTIMEZONE, as Outlook's Windows names
 * are) or in UTC is ical.js's own; one naming an IANA zone the feed does not define is read with
 * that zone; a floating time (no zone at all) is the performer's own wall clock.
 */
function instantOf(time: ICAL.Time, tzid: string | null, performerZone: string): number {
  const zone = time.zone?.tzid;
  if (zone && zone !== "floating") return time.toUnixTime() * 1000;
  const named = tzid && isIanaZone(tzid) ? tzid : performerZone;
  return wallTimeToInstant(time, named);
}

function isBusy(event: ICAL.Event): boolean {
  const transparency = String(event.component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(event.component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparency !== "TRANSPARENT" && status !== "CANCELLED";
}

function tzidOf(event: ICAL.Event, name: "dtstart" | "dtend"): string | null {
  const value = event.component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

export interface BusyDays {
  days: string[];
  /** Busy events (occurrences) seen in the window, for the logs. */
  events: number;
}

/** The busy local days of `text` within the window, sorted; throws CalendarParseError for a file that is not iCalendar. */
export function busyDaysFromIcal(text: string, window: BusyDaysWindow): BusyDays {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    throw new CalendarParseError(`not an iCalendar file: ${(error as Error).message}`);
  }
  if (root.name !== "vcalendar") throw new CalendarParseError(`the file holds a ${root.name}, not a calendar`);

  const first = window.from;
  const last = addDays(first, (window.days ?? IMPORT_WINDOW_DAYS) - 1);
  const zone = window.timeZone;
  // The window in instants, a day wider each side so no zone's day is cut short.
  const windowStart = Date.parse(`${first}T00:00:00Z`) - DAY_MS;
  const windowEnd = Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS;
  const busy = new Set<string>();
  let events = 0;

  const addRange = (fromDay: string, toDayInclusive: string) => {
    let day = fromDay < first ? first : fromDay;
    const end = toDayInclusive > last ? last : toDayInclusive;
    while (day <= end) {
      busy.add(day);
      day = addDays(day, 1);
    }
  };

  const addOccurrence = (item: ICAL.Event, start: ICAL.Time, end: ICAL.Time) => {
    if (!isBusy(item)) return;
    events++;
    if (start.isDate) {
      // DTEND of an all-day event is the day after its last; one without an end is one day.
      const endDay = end && end.isDate && end.compare(start) > 0 ? addDays(ymd(end), -1) : ymd(start);
      addRange(ymd(start), endDay);
      return;
    }
    const startAt = instantOf(start, tzidOf(item, "dtstart"), zone);
    const endAt = end ? instantOf(end, tzidOf(item, "dtend") ?? tzidOf(item, "dtstart"), zone) : startAt;
    // An event ending at midnight does not take the next day.
    const lastAt = endAt > startAt ? endAt - 1 : startAt;
    addRange(localDayOf(startAt, zone), localDayOf(lastAt, zone));
  };

  const all = root.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  const series = new Map<string, ICAL.Event>();
  for (const event of all) if (!event.isRecurrenceException()) series.set(event.uid, event);
  const orphans: ICAL.Event[] = [];
  for (const event of all) {
    if (!event.isRecurrenceException()) continue;
    const master = series.get(event.uid);
    if (master) master.relateException(event);
    else orphans.push(event);
  }

  for (const event of series.values()) {
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      addOccurrence(event, event.startDate, event.endDate);
      continue;
    }
    // A cancelled series is cancelled in every occurrence but its overrides may still stand, so the
    // overrides are judged by their own status below through getOccurrenceDetails.
    const expansion = event.iterator();
    const seen = new Set<string>();
    for (let walked = 0; walked < MAX_OCCURRENCES_PER_SERIES; walked++) {
      const next = expansion.next();
      if (!next) break;
      const details = event.getOccurrenceDetails(next);
      const startAt = details.startDate.isDate ? Date.parse(`${ymd(details.startDate)}T00:00:00Z`) : instantOf(details.startDate, tzidOf(details.item, "dtstart"), zone);
      if (startAt > windowEnd) {
        // Overrides may move an occurrence earlier than its slot; the slot order still ends the walk.
        const slotAt = next.isDate ? Date.parse(`${ymd(next)}T00:00:00Z`) : instantOf(next, tzidOf(event, "dtstart"), zone);
        if (slotAt > windowEnd) break;
        continue;
      }
      const endAt = details.endDate
        ? details.endDate.isDate
          ? Date.parse(`${ymd(details.endDate)}T00:00:00Z`)
          : instantOf(details.endDate, tzidOf(details.item, "dtend") ?? tzidOf(details.item, "dtstart"), zone)
        : startAt;
      if (endAt < windowStart) continue;
      const key = next.toString();
      if (seen.has(key)) continue;
      seen.add(key);
      addOccurrence(details.item, details.startDate, details.endDate);
    }
  }
  // An override whose series the feed left out is still a busy event of its own.
  for (const event of orphans) if (event.startDate) addOccurrence(event, event.startDate, event.endDate);

  return { days: [...busy].sort(), events };
}
