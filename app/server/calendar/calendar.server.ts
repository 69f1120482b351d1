import { randomBytes } from "node:crypto";
import { and, between, count, eq, gte, inArray, sql, type SQL } from "drizzle-orm";
import {
  addDays,
  addMonths,
  CALENDAR_STALE_DAYS,
  formatShortDay,
  isMonth,
  lastDayOfMonth,
  monthOf,
  toRanges,
  type CalendarNoticeView,
  type CalendarPageView,
  type DayKind,
  type ShownDayKind,
  weekdayOf,
} from "~/lib/calendar";
import { markDaysSchema, type MarkDaysInput } from "~/lib/calendar-schema";
import type { FieldErrors } from "~/lib/form";
import { localDay, timeZoneForState } from "~/lib/state-time-zones";
import type { Executor } from "../db/client.server";
import { BUSY_DAYS_SPAN, calendarDays, calendarImportDays, calendarImports, contactMessages, performerCalendars, profiles } from "../db/schema";
import { buildFeed } from "./ical-feed.server";

// The performer's calendar (issue 26): days they marked booked or away, one row per local day
// (calendar_days), and per performer a weekly rule, their feed's secret and when they last changed
// anything (performer_calendars, migration 0030). A day is the performer's own calendar day, in
// their state's time zone (app/lib/state-time-zones.ts), and so is "today": what has passed is
// judged there, not in UTC.
//
// Busy days read from a pasted iCal address (app/server/calendar-import/, calendar_import_days) are
// a separate source the import job replaces whole; they join the marked days where days are read
// (availabilitySql and readDays below), never written into calendar_days. A successful read counts
// as an update of the calendar (lastUpdate), in search as on the dashboard.

/** How far back the feed repeats past marks: enough for a subscriber to see last month. */
const FEED_PAST_DAYS = 90;

function newToken(): string {
  // 192 bits: the address is the only key to the feed, so it must not be guessable.
  return randomBytes(24).toString("base64url");
}

export interface PerformerClock {
  timeZone: string;
  today: string;
}

/** The performer's zone and today; null when they have no profile yet (the days belong to it). */
export async function performerClock(db: Executor, userId: string, now: Date = new Date()): Promise<PerformerClock | null> {
  const [row] = await db.select({ state: profiles.state }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!row) return null;
  const timeZone = timeZoneForState(row.state);
  return { timeZone, today: localDay(timeZone, now) };
}

/** The performer's calendar row, made (with its feed secret) the first time it is needed. */
async function ensureCalendar(db: Executor, userId: string) {
  await db.insert(performerCalendars).values({ profileId: userId, feedToken: newToken() }).onConflictDoNothing();
  const [row] = await db.select().from(performerCalendars).where(eq(performerCalendars.profileId, userId)).limit(1);
  if (!row) throw new Error("performer calendar row missing after insert");
  return row;
}

export type CalendarWrite = { status: "ok" } | { status: "no-profile" } | { status: "invalid"; errors: FieldErrors };

/**
 * Marks each day from `from` to `to` booked or away (a day marked before takes the new kind), or
 * clears them. Checked again against the performer's today here, so a form built before midnight
 * cannot write a day that has since passed. All or nothing, with "last updated".
 */
export async function markDays(db: Executor, userId: string, input: MarkDaysInput, now: Date = new Date()): Promise<CalendarWrite> {
  const clock = await performerClock(db, userId, now);
  if (!clock) return { status: "no-profile" };
  const checked = markDaysSchema(clock.today).safeParse(input);
  if (!checked.success) {
    const errors: FieldErrors = {};
    for (const issue of checked.error.issues) errors[String(issue.path[0] ?? "from")] ??= issue.message;
    return { status: "invalid", errors };
  }
  const { from, to, mark } = checked.data;
  await db.transaction(async (tx) => {
    await ensureCalendar(tx, userId);
    if (mark === "clear") {
      await tx.delete(calendarDays).where(and(eq(calendarDays.profileId, userId), between(calendarDays.day, from, to)));
    } else {
      await tx.execute(sql`
        insert into calendar_days (profile_id, day, kind)
        select ${userId}, d::date, ${mark}
        from generate_series(${from}::date, ${to}::date, interval '1 day') as d
        on conflict (profile_id, day) do update set kind = excluded.kind`);
    }
    await tx.update(performerCalendars).set({ updatedAt: now }).where(eq(performerCalendars.profileId, userId));
  });
  return { status: "ok" };
}

/** The weekly rule: the weekdays (bitmask, bit 0 Sunday) the performer never works, from today on. */
export async function setWeeklyRule(db: Executor, userId: string, weeklyOff: number, now: Date = new Date()): Promise<CalendarWrite> {
  const clock = await performerClock(db, userId, now);
  if (!clock) return { status: "no-profile" };
  await db.transaction(async (tx) => {
    const current = await ensureCalendar(tx, userId);
    // The rule's start moves only when the rule changes, so the feed's repeating events keep their start.
    const since = current.weeklyOff === weeklyOff ? current.weeklySince : weeklyOff === 0 ? null : clock.today;
    await tx
      .update(performerCalendars)
      .set({ weeklyOff, weeklySince: since, updatedAt: now })
      .where(eq(performerCalendars.profileId, userId));
  });
  return { status: "ok" };
}

/** A new feed address; the old one stops working at once. False without a profile. */
export async function renewFeedToken(db: Executor, userId: string): Promise<boolean> {
  const clock = await performerClock(db, userId);
  if (!clock) return false;
  await ensureCalendar(db, userId);
  await db.update(performerCalendars).set({ feedToken: newToken() }).where(eq(performerCalendars.profileId, userId));
  return true;
}

/** The days the performer marked from `from` to `to`, sorted. */
async function readMarkedDays(db: Executor, userId: string, from: string, to: string) {
  const rows = await db
    .select({ day: calendarDays.day, kind: calendarDays.kind })
    .from(calendarDays)
    .where(and(eq(calendarDays.profileId, userId), between(calendarDays.day, from, to)))
    .orderBy(calendarDays.day);
  return rows.map((r) => ({ day: r.day, kind: r.kind as DayKind }));
}

/**
 * The days from `from` to `to` the calendar page shows, sorted: the marked days, and the busy days
 * of the imported iCal calendar as "imported" (booked, as availabilitySql counts them). On a day both
 * name, the performer's own mark wins: it is what they chose here, and it outlives the next read.
 */
async function readDays(db: Executor, userId: string, from: string, to: string): Promise<{ day: string; kind: ShownDayKind }[]> {
  const [marked, imported] = await Promise.all([
    readMarkedDays(db, userId, from, to),
    db
      .select({ day: calendarImportDays.day })
      .from(calendarImportDays)
      .where(and(eq(calendarImportDays.profileId, userId), between(calendarImportDays.day, from, to))),
  ]);
  const days = new Map<string, ShownDayKind>(imported.map((row) => [row.day, "imported"]));
  for (const { day, kind } of marked) days.set(day, kind);
  return [...days].map(([day, kind]) => ({ day, kind })).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/**
 * When the calendar last said something new: the later of the performer's last change and the last
 * successful read of their iCal calendar (a feed read every hour keeps the calendar current without
 * a click). The same rule as availabilitySql's 30 days, so the dashboard never nags a performer
 * whom search trusts.
 */
async function lastUpdate(db: Executor, userId: string): Promise<Date | null> {
  const [[calendar], [imported]] = await Promise.all([
    db.select({ at: performerCalendars.updatedAt }).from(performerCalendars).where(eq(performerCalendars.profileId, userId)).limit(1),
    db.select({ at: calendarImports.lastSuccessAt }).from(calendarImports).where(eq(calendarImports.profileId, userId)).limit(1),
  ]);
  const times = [calendar?.at, imported?.at].filter((at): at is Date => at instanceof Date);
  return times.length === 0 ? null : new Date(Math.max(...times.map((at) => at.getTime())));
}

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/calendar/${token}.ics`;
}

/**
 * What /dashboard/calendar shows for `month` ("2026-12"; the performer's current month when absent
 * or not a month): the marks in and around it, the marks from today on, the weekly rule and the feed's
 * address. Null without a profile.
 */
export async function loadCalendarPage(
  db: Executor,
  userId: string,
  options: { month: string | null; publicUrl: string },
  now: Date = new Date(),
): Promise<CalendarPageView | null> {
  const clock = await performerClock(db, userId, now);
  if (!clock) return null;
  const month = options.month && isMonth(options.month) ? options.month : monthOf(clock.today);
  const calendar = await ensureCalendar(db, userId);
  // The grid shows the last days of the month before and the first of the next: a week each way.
  const [days, upcoming, updated] = await Promise.all([
    readDays(db, userId, addDays(`${month}-01`, -7), addDays(lastDayOfMonth(month), 7)),
    readDays(db, userId, clock.today, addDays(clock.today, 3 * 366)),
    lastUpdate(db, userId),
  ]);
  return {
    today: clock.today,
    timeZone: clock.timeZone,
    month,
    days,
    upcoming: toRanges(upcoming),
    weeklyOff: calendar.weeklyOff,
    feedUrl: feedUrl(options.publicUrl, calendar.feedToken),
    updatedAt: calendar.updatedAt?.toISOString() ?? null,
    lastUpdated: updated ? formatShortDay(localDay(clock.timeZone, updated)) : null,
  };
}

/** The feed behind a token: null for a token that is not (or no longer) anyone's. */
export async function readFeed(db: Executor, token: string, host: string, now: Date = new Date()): Promise<string | null> {
  const [row] = await db
    .select({
      profileId: performerCalendars.profileId,
      weeklyOff: performerCalendars.weeklyOff,
      weeklySince: performerCalendars.weeklySince,
      updatedAt: performerCalendars.updatedAt,
      state: profiles.state,
      displayName: profiles.displayName,
    })
    .from(performerCalendars)
    .innerJoin(profiles, eq(profiles.id, performerCalendars.profileId))
    .where(eq(performerCalendars.feedToken, token))
    .limit(1);
  if (!row) return null;
  const timeZone = timeZoneForState(row.state);
  const today = localDay(timeZone, now);
  // Only what the performer marked here: the imported days came from a calendar they already keep,
  // and most subscribe to this feed in that same calendar app, where each busy event would show twice.
  const days = await readMarkedDays(db, row.profileId, addDays(today, -FEED_PAST_DAYS), addDays(today, 3 * 366));
  return buildFeed({
    profileId: row.profileId,
    calendarName: `${row.displayName?.trim() || "My"} bookings (CostumeCast)`,
    timeZone,
    ranges: toRanges(days),
    weeklyOff: row.weeklyOff,
    weeklySince: row.weeklySince,
    stamp: row.updatedAt ?? now,
    host,
  });
}

/**
 * What the dashboard says about the calendar: when it was last updated (a day in the performer's
 * zone; a successful read of their iCal calendar counts, see lastUpdate) and whether to nudge, which
 * it does when the calendar has not been updated for 30 days (or never was) while inquiries arrived
 * in those 30 days: parents are asking, and search will soon treat the calendar as out of date.
 */
export async function calendarNotice(db: Executor, userId: string, now: Date = new Date()): Promise<CalendarNoticeView | null> {
  const clock = await performerClock(db, userId, now);
  if (!clock) return null;
  const since = new Date(now.getTime() - CALENDAR_STALE_DAYS * 86_400_000);
  const [updatedAt, [inquiries]] = await Promise.all([
    lastUpdate(db, userId),
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.profileId, userId), gte(contactMessages.createdAt, since))),
  ]);
  const recentInquiries = inquiries?.n ?? 0;
  const stale = updatedAt === null || updatedAt < since;
  return {
    lastUpdated: updatedAt ? formatShortDay(localDay(clock.timeZone, updatedAt)) : null,
    nudge: stale && recentInquiries > 0,
    recentInquiries,
  };
}

export type Availability = "free" | "booked" | "unknown";

/**
 * Whether the performer `profileId` names (a column of the outer query) is booked on `day`, their
 * calendar's age aside: they marked it (booked or away), their pasted iCal calendar was busy on it
 * (calendar_import_days), or their weekly rule covers it. Each test is a key look-up.
 */
function bookedSql(profileId: SQL, day: string): SQL {
  const bit = 1 << weekdayOf(day);
  // "offset 0" keeps each test a probe per row: without it PostgreSQL may answer a sub-query by
  // hashing its whole table once (at 1M, the weekly rule's hashed 1,000,000 performer_calendars rows
  // for a page of 24: 73 ms, against 1 ms probed).
  return sql`(exists (select 1 from calendar_days d where d.profile_id = ${profileId} and d.day = ${day}::date offset 0)
    or exists (select 1 from calendar_import_days i where i.profile_id = ${profileId} and i.day = ${day}::date offset 0)
    or exists (select 1 from performer_calendars w where w.profile_id = ${profileId} and (w.weekly_off & ${bit}::int) <> 0 and w.weekly_since <= ${day}::date offset 0))`;
}

/**
 * One performer's availability on `day` (their local day) as SQL, for any statement that has the
 * profile's id in hand: `profileId` is the SQL naming it (a column of the outer query). A day is
 * booked as bookedSql says; it is free when none of its tests holds. A calendar neither changed nor
 * read from iCal for 30 days says nothing: "unknown", and so does a performer with no calendar at
 * all. Each test is a key look-up, so a page of cards pays a few index probes per row. A listing
 * reads the same answer off profile_search's copy of the freshness and the booked days instead
 * (availabilityOfCopy).
 */
export function availabilitySql(profileId: SQL, day: string, now: Date = new Date()): SQL<Availability> {
  const since = new Date(now.getTime() - CALENDAR_STALE_DAYS * 86_400_000).toISOString();
  return sql<Availability>`(case
      when not (exists (select 1 from performer_calendars pc where pc.profile_id = ${profileId} and pc.updated_at >= ${since}::timestamptz)
        or exists (select 1 from calendar_imports ci where ci.profile_id = ${profileId} and ci.last_success_at >= ${since}::timestamptz))
        then 'unknown'
      when ${bookedSql(profileId, day)} then 'booked'
      else 'free' end)`;
}

export interface CopiedAvailability {
  /** The row's availability: 'free', 'booked' or 'unknown'. */
  kind: SQL<Availability>;
  /** One condition per availability, each true of exactly the rows `kind` gives it. */
  is: Record<Availability, SQL>;
}

/** The columns of a profile_search row availabilityOfCopy reads, as the outer query names them. */
export interface CalendarCopy {
  /** The profile's id. */
  id: SQL;
  /** calendar_fresh_until (migration 0033). */
  freshUntil: SQL;
  /** busy_from and busy_days (migration 0034). */
  busyFrom: SQL;
  busyDays: SQL;
}

/**
 * bookedSql read off the row's bits (busy_days, migration 0034): a bit test when `day` lies in the
 * days they cover, the calendars' own look-ups otherwise (a row whose window has slid past the day,
 * or one without bits: then busy_from is null and so is the window test).
 */
function bookedOfCopy(copy: CalendarCopy, day: string): SQL {
  const at = sql`${day}::date`;
  return sql`(case when ${at} between ${copy.busyFrom} and ${copy.busyFrom} + ${sql.raw(String(BUSY_DAYS_SPAN - 1))}
      then coalesce(get_bit(${copy.busyDays}, ${at} - ${copy.busyFrom}) = 1, false)
      else ${bookedSql(copy.id, day)} end)`;
}

/**
 * availabilitySql for a row of profile_search, whose calendar_fresh_until (migration 0033) is when
 * the calendar stops being trusted: fresh exactly when it is not before `now`, as updated_at >=
 * now - 30 days is. "Unknown" is then decided on the row (inside the listing indexes, which carry
 * the column), and "booked" too, from the row's copy of the booked days (bookedOfCopy), so a fresh
 * row read costs no look-up of the calendars.
 */
export function availabilityOfCopy(copy: CalendarCopy, day: string, now: Date): CopiedAvailability {
  const at = sql`${now.toISOString()}::timestamptz`;
  const fresh = sql`${copy.freshUntil} >= ${at}`;
  const booked = bookedOfCopy(copy, day);
  return {
    kind: sql<Availability>`(case when ${fresh} then (case when ${booked} then 'booked' else 'free' end) else 'unknown' end)`,
    is: {
      unknown: sql`(${copy.freshUntil} is null or ${copy.freshUntil} < ${at})`,
      booked: sql`(${fresh} and ${booked})`,
      free: sql`(${fresh} and not ${booked})`,
    },
  };
}

/** Whether each performer is free on `day`, for many performers in one statement (availabilitySql). */
export async function availabilityOn(db: Executor, profileIds: readonly string[], day: string, now: Date = new Date()): Promise<Map<string, Availability>> {
  const result = new Map<string, Availability>(profileIds.map((id) => [id, "unknown"]));
  if (profileIds.length === 0) return result;
  const rows = await db
    .select({ id: profiles.id, availability: availabilitySql(sql`${profiles.id}`, day, now) })
    .from(profiles)
    .where(inArray(profiles.id, [...profileIds]));
  for (const row of rows) result.set(row.id, row.availability);
  return result;
}

/** The month before and after `month`, for the page's links. */
export function neighbourMonths(month: string) {
  return { previous: addMonths(month, -1), next: addMonths(month, 1) };
}
