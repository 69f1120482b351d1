// The performer's calendar as both sides read it: calendar dates as ISO strings (YYYY-MM-DD, the
// performer's local day, never an instant), their arithmetic, and the shapes the calendar page and
// the dashboard receive. Dates are computed in UTC on purpose: a date string has no zone, and UTC
// arithmetic never skips or repeats a day at a daylight-saving change.

export type DayKind = "booked" | "away";
export const DAY_KINDS: readonly DayKind[] = ["booked", "away"];

export const DAY_KIND_LABELS: Record<DayKind, string> = { booked: "Booked", away: "Away" };

/**
 * A day as the calendar page shows it: marked by the performer, or busy in the iCal calendar they
 * import ("imported"), which counts as booked but is changed only in that calendar.
 */
export type ShownDayKind = DayKind | "imported";

export const SHOWN_DAY_LABELS: Record<ShownDayKind, string> = { ...DAY_KIND_LABELS, imported: "From your iCal calendar" };

/** Sunday first, as getUTCDay() counts and as the weekly rule's bits are numbered. */
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The longest range one form marks or clears. */
export const MAX_RANGE_DAYS = 366;
/** How far ahead a day may be marked: further out, plans are not plans yet. */
export const MAX_DAYS_AHEAD = 2 * 366;
/** After this many days without a change, the calendar is no longer trusted to be current. */
export const CALENDAR_STALE_DAYS = 30;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function addDays(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to).getTime() - utc(from).getTime()) / 86_400_000);
}

/** 0 for Sunday ... 6 for Saturday. */
export function weekdayOf(iso: string): number {
  return utc(iso).getUTCDay();
}

/** "2026-12" for any day of December 2026. */
export function monthOf(iso: string): string {
  return iso.slice(0, 7);
}

export function isMonth(value: string): boolean {
  return /^\d{4}-\d{2}$/.test(value) && isIsoDate(`${value}-01`);
}

export function addMonths(month: string, months: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const date = new Date(Date.UTC(year, mon - 1 + months, 1));
  return date.toISOString().slice(0, 7);
}

export function lastDayOfMonth(month: string): string {
  return addDays(`${addMonths(month, 1)}-01`, -1);
}

const longDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Sat, Dec 12, 2026". */
export function formatDay(iso: string): string {
  return longDay.format(utc(iso));
}

/** "Dec 12, 2026". */
export function formatShortDay(iso: string): string {
  return shortDay.format(utc(iso));
}

/** "December 2026". */
export function formatMonth(month: string): string {
  return monthName.format(utc(`${month}-01`));
}

/** "Sat, Dec 12, 2026" or "Sat, Dec 12, 2026 – Mon, Dec 14, 2026". */
export function formatRange(from: string, to: string): string {
  return from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/** The weekdays a weekly-rule bitmask names, Sunday first. */
export function weekdaysOf(mask: number): number[] {
  return WEEKDAYS.map((_, i) => i).filter((i) => (mask & (1 << i)) !== 0);
}

/** "Never on Sundays and Mondays", or null without a rule. */
export function weeklyRuleText(mask: number): string | null {
  const names = weekdaysOf(mask).map((i) => `${WEEKDAYS[i]}s`);
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `Never on ${list}`;
}

/** Consecutive marked days of one kind, as the page lists them and the feed sends them. */
export interface MarkedRange<K extends ShownDayKind = DayKind> {
  from: string;
  to: string;
  kind: K;
}

/** Days (sorted by day) gathered into runs of consecutive days of the same kind. */
export function toRanges<K extends ShownDayKind>(days: readonly { day: string; kind: K }[]): MarkedRange<K>[] {
  const ranges: MarkedRange<K>[] = [];
  for (const { day, kind } of days) {
    const last = ranges.at(-1);
    if (last && last.kind === kind && addDays(last.to, 1) === day) last.to = day;
    else ranges.push({ from: day, to: day, kind });
  }
  return ranges;
}

/** What /dashboard/calendar shows. */
export interface CalendarPageView {
  /** The performer's today, in their state's time zone. */
  today: string;
  timeZone: string;
  /** The month on screen, "2026-12". */
  month: string;
  /**
   * The days marked in the month on screen (and the weeks around it the grid shows), with the busy
   * days of an imported iCal calendar that the performer did not mark themselves.
   */
  days: { day: string; kind: ShownDayKind }[];
  /** Marks and imported days from today on, as ranges, for the list under the month. */
  upcoming: MarkedRange<ShownDayKind>[];
  weeklyOff: number;
  /** The feed's full address. */
  feedUrl: string;
  /** When the performer last changed anything; null if never. */
  updatedAt: string | null;
  /**
   * "Dec 12, 2026" (their zone): the later of their last change and the last successful read of
   * their iCal calendar, the same rule search uses to trust the calendar; null if neither happened.
   */
  lastUpdated: string | null;
}

/** What the dashboard says about the calendar (app/server/calendar/calendar.server.ts, calendarNotice). */
export interface CalendarNoticeView {
  /** "Dec 12, 2026" in the performer's zone, or null when the calendar was never used. */
  lastUpdated: string | null;
  /** Not updated for CALENDAR_STALE_DAYS while inquiries kept arriving. */
  nudge: boolean;
  /** Inquiries received in the last CALENDAR_STALE_DAYS days (the nudge's reason). */
  recentInquiries: number;
}
