import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar";
import { READS_USED_UP_TEXT } from "~/lib/calendar-import";
import { CALENDAR_TEXTS, type MarkAction } from "~/lib/calendar-schema";
import { STATE_ABBREVIATIONS } from "~/lib/us-states";
import { localDay, STATE_TIME_ZONES, todayInState } from "~/lib/state-time-zones";
import * as calendarRoute from "~/routes/dashboard.calendar";
import * as feedRoute from "~/routes/calendar.feed";
import * as importRoute from "~/routes/dashboard.calendar-import";
import {
  availabilityOn,
  calendarNotice,
  loadCalendarPage,
  markDays,
  readFeed,
  renewFeedToken,
  setWeeklyRule,
} from "~/server/calendar/calendar.server";
import { foldLine } from "~/server/calendar/ical-feed.server";
import { KEEP_PAST_DAYS, pruneOldCalendarDays } from "~/server/calendar/old-days.server";
import { calendarDays, calendarImportDays, calendarImports, contactMessages, performerCalendars, profiles, rateLimitHits } from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { postgresUrl } from "../helpers/db";
import { call, cookieFrom, createAccount, getRequest, parentInquiry, postRequest, PUBLIC_URL, sessionCookie, useTestServices } from "./accounts-fixtures";

// The performer's calendar (issue 26): days marked booked or away one at a time or as ranges, cleared,
// marked again over each other; the weekly rule; the performer's own today in their state's time
// zone (a date past midnight UTC that is still the day before in California); the iCal feed's text;
// and the dashboard's "last updated" and nudge. Busy days of an imported iCal calendar join the month
// and the availability as booked (the performer's own mark winning), count as an update, and stay out
// of the performer's own feed; marked days long past are deleted in batches.

const ENGINE = postgresUrl() ? "postgres" : "pglite";
const harness = useTestServices();
const HOST = new URL(PUBLIC_URL).host;

// Always in the future, always within the two years a mark may reach.
const YEAR = new Date().getUTCFullYear() + 1;
const DEC = (day: number) => `${YEAR}-12-${String(day).padStart(2, "0")}`;
// Early on December 12 in UTC: still the evening of December 11 in Los Angeles.
const PAST_MIDNIGHT_UTC = new Date(`${YEAR}-12-12T06:30:00Z`);
const IN_NOVEMBER = new Date(`${YEAR}-11-01T12:00:00Z`);

let made = 0;
async function performer(state: string | null = "CA", displayName: string | null = "Jolly Squad") {
  const email = `calendar-${++made}-${Date.now()}@example.com`;
  const id = await createAccount(harness.services, email);
  await harness.services.db.insert(profiles).values({ id, state, displayName, city: state ? "Los Angeles" : null });
  return { id, email };
}

async function marked(id: string) {
  const rows = await harness.services.db
    .select({ day: calendarDays.day, kind: calendarDays.kind })
    .from(calendarDays)
    .where(eq(calendarDays.profileId, id))
    .orderBy(calendarDays.day);
  return rows.map((r) => `${r.day} ${r.kind}`);
}

const mark = (from: string, to: string, kind: MarkAction) => ({ from, to, mark: kind });

async function tokenOf(id: string) {
  const [row] = await harness.services.db.select({ token: performerCalendars.feedToken }).from(performerCalendars).where(eq(performerCalendars.profileId, id));
  return row!.token;
}

describe(`the performer's calendar (${ENGINE})`, () => {
  it("knows a time zone for every state, and judges today there", () => {
    for (const abbr of STATE_ABBREVIATIONS) expect(STATE_TIME_ZONES[abbr], abbr).toBeTruthy();
    expect(localDay("America/Los_Angeles", PAST_MIDNIGHT_UTC)).toBe(DEC(11));
    expect(localDay("America/New_York", PAST_MIDNIGHT_UTC)).toBe(DEC(12));
    expect(todayInState("CA", PAST_MIDNIGHT_UTC)).toBe(DEC(11));
    expect(todayInState("HI", new Date(`${YEAR}-12-12T09:59:00Z`))).toBe(DEC(11));
  });

  it("marks single days and ranges, marks over earlier marks and clears part of a range", async () => {
    const { id } = await performer();
    const db = harness.services.db;
    expect(await markDays(db, id, mark(DEC(12), DEC(12), "booked"), IN_NOVEMBER)).toEqual({ status: "ok" });
    expect(await markDays(db, id, mark(DEC(20), DEC(24), "away"), IN_NOVEMBER)).toEqual({ status: "ok" });
    // Overlapping: the later mark decides the kind of the days they share, and no day is doubled.
    expect(await markDays(db, id, mark(DEC(23), DEC(26), "booked"), IN_NOVEMBER)).toEqual({ status: "ok" });
    expect(await marked(id)).toEqual([
      `${DEC(12)} booked`,
      `${DEC(20)} away`,
      `${DEC(21)} away`,
      `${DEC(22)} away`,
      `${DEC(23)} booked`,
      `${DEC(24)} booked`,
      `${DEC(25)} booked`,
      `${DEC(26)} booked`,
    ]);
    expect(await markDays(db, id, mark(DEC(21), DEC(24), "clear"), IN_NOVEMBER)).toEqual({ status: "ok" });
    expect(await marked(id)).toEqual([`${DEC(12)} booked`, `${DEC(20)} away`, `${DEC(25)} booked`, `${DEC(26)} booked`]);

    const page = await loadCalendarPage(db, id, { month: `${YEAR}-12`, publicUrl: PUBLIC_URL }, IN_NOVEMBER);
    expect(page?.month).toBe(`${YEAR}-12`);
    expect(page?.timeZone).toBe("America/Los_Angeles");
    expect(page?.upcoming).toEqual([
      { from: DEC(12), to: DEC(12), kind: "booked" },
      { from: DEC(20), to: DEC(20), kind: "away" },
      { from: DEC(25), to: DEC(26), kind: "booked" },
    ]);
    expect(page?.updatedAt).toBe(IN_NOVEMBER.toISOString());
    expect(page?.feedUrl).toMatch(new RegExp(`^${PUBLIC_URL}/calendar/[A-Za-z0-9_-]{32}\\.ics$`));
  });

  it("refuses a range that ends before it starts, one longer than a year, and days past, writing nothing", async () => {
    const { id } = await performer();
    const db = harness.services.db;
    expect(await markDays(db, id, mark(DEC(14), DEC(12), "booked"), IN_NOVEMBER)).toEqual({
      status: "invalid",
      errors: { to: CALENDAR_TEXTS.endBeforeStart },
    });
    expect(await markDays(db, id, mark(`${YEAR}-11-02`, `${YEAR + 1}-11-03`, "away"), IN_NOVEMBER)).toEqual({
      status: "invalid",
      errors: { to: CALENDAR_TEXTS.tooLong },
    });
    expect(await markDays(db, id, mark(`${YEAR}-10-31`, DEC(1), "booked"), IN_NOVEMBER)).toEqual({
      status: "invalid",
      errors: { from: CALENDAR_TEXTS.past },
    });
    expect(await marked(id)).toEqual([]);
    const [calendar] = await db.select().from(performerCalendars).where(eq(performerCalendars.profileId, id));
    expect(calendar).toBeUndefined();
  });

  it("counts today in the performer's zone: past midnight UTC, December 11 is still open in California, not in New York", async () => {
    const db = harness.services.db;
    const california = await performer("CA");
    const newYork = await performer("NY");
    expect(await markDays(db, california.id, mark(DEC(11), DEC(11), "booked"), PAST_MIDNIGHT_UTC)).toEqual({ status: "ok" });
    expect(await markDays(db, newYork.id, mark(DEC(11), DEC(11), "booked"), PAST_MIDNIGHT_UTC)).toEqual({
      status: "invalid",
      errors: { from: CALENDAR_TEXTS.past },
    });
    expect(await marked(california.id)).toEqual([`${DEC(11)} booked`]);
    expect(await marked(newYork.id)).toEqual([]);
    const page = await loadCalendarPage(db, california.id, { month: null, publicUrl: PUBLIC_URL }, PAST_MIDNIGHT_UTC);
    expect(page?.today).toBe(DEC(11));
    expect(page?.upcoming[0]).toEqual({ from: DEC(11), to: DEC(11), kind: "booked" });
  });

  it("answers who is free on a day for many performers at once: marks, the weekly rule, and stale calendars", async () => {
    const db = harness.services.db;
    const booked = await performer();
    const sundays = await performer();
    const free = await performer();
    const silent = await performer();
    await markDays(db, booked.id, mark(DEC(12), DEC(12), "booked"), IN_NOVEMBER);
    await markDays(db, free.id, mark(DEC(13), DEC(13), "away"), IN_NOVEMBER);
    expect(await setWeeklyRule(db, sundays.id, 1, IN_NOVEMBER)).toEqual({ status: "ok" });
    const ids = [booked.id, sundays.id, free.id, silent.id];
    const sunday = [5, 6, 7, 8, 9, 10, 11].map(DEC).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)!;

    const onTwelfth = await availabilityOn(db, ids, DEC(12), IN_NOVEMBER);
    expect(onTwelfth.get(booked.id)).toBe("booked");
    expect(onTwelfth.get(free.id)).toBe("free");
    expect(onTwelfth.get(silent.id)).toBe("unknown");
    const onSunday = await availabilityOn(db, ids, sunday, IN_NOVEMBER);
    expect(onSunday.get(sundays.id)).toBe("booked");
    expect(onSunday.get(booked.id)).toBe("free");
    // Thirty-one days without a change: the calendar no longer says anything.
    const later = new Date(IN_NOVEMBER.getTime() + 31 * 86_400_000);
    expect((await availabilityOn(db, ids, DEC(12), later)).get(booked.id)).toBe("unknown");
  });

  it("serves the marks as an RFC 5545 feed: all-day events, CRLF, folded lines, and a new address that retires the old", async () => {
    const db = harness.services.db;
    const longName = "Jolly Squad, the Pirate; Princess & Superhero Crew of Southern California ✨ ".repeat(2).trim();
    const { id } = await performer("CA", longName);
    await markDays(db, id, mark(DEC(12), DEC(12), "booked"), IN_NOVEMBER);
    await markDays(db, id, mark(DEC(20), DEC(22), "away"), IN_NOVEMBER);
    await setWeeklyRule(db, id, 1 | (1 << 6), IN_NOVEMBER);
    const token = await tokenOf(id);
    const feed = (await readFeed(db, token, HOST, IN_NOVEMBER))!;

    expect(feed.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(feed.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of feed.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const unfolded = feed.replace(/\r\n /g, "");
    const escaped = longName.replace(/[\\;,]/g, (c) => `\\${c}`);
    expect(unfolded).toContain(`X-WR-CALNAME:${escaped} bookings (CostumeCast)\r\n`);
    expect(unfolded).toContain(
      `BEGIN:VEVENT\r\nUID:${DEC(12)}-booked-${id}@${HOST}\r\nDTSTAMP:${YEAR}1101T120000Z\r\nDTSTART;VALUE=DATE:${YEAR}1212\r\nDTEND;VALUE=DATE:${YEAR}1213\r\nSUMMARY:Booked\r\n`,
    );
    // A range is one event, its end the day after its last day.
    expect(unfolded).toContain(`DTSTART;VALUE=DATE:${YEAR}1220\r\nDTEND;VALUE=DATE:${YEAR}1223\r\nSUMMARY:Away\r\n`);
    expect(unfolded).toContain("RRULE:FREQ=WEEKLY;BYDAY=SU\r\n");
    expect(unfolded).toContain("RRULE:FREQ=WEEKLY;BYDAY=SA\r\n");
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(4);

    expect(await renewFeedToken(db, id)).toBe(true);
    expect(await readFeed(db, token, HOST, IN_NOVEMBER)).toBeNull();
    expect(await readFeed(db, await tokenOf(id), HOST, IN_NOVEMBER)).toContain(`${YEAR}1212`);
  });

  it("folds on character boundaries, never inside a multi-byte character", () => {
    const line = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split("\r\n")) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("answers the feed's address as text/calendar, and a wrong token as a plain 404", async () => {
    const { id } = await performer();
    await markDays(harness.services.db, id, mark(DEC(12), DEC(12), "booked"));
    const token = await tokenOf(id);
    const ok = await call(feedRoute.loader, getRequest(`/calendar/${token}.ics`), harness.services, { feed: `${token}.ics` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(ok.headers.get("Cache-Control")).toContain("private");
    expect(ok.data).toContain(`DTSTART;VALUE=DATE:${YEAR}1212`);
    const wrong = await call(feedRoute.loader, getRequest("/calendar/not-a-real-token-at-all.ics"), harness.services, {
      feed: "not-a-real-token-at-all.ics",
    });
    expect(wrong.status).toBe(404);
    expect(wrong.data).not.toContain("VCALENDAR");
  });

  it("takes the page's posts: a day, a refused range with its message, and the weekly rule", async () => {
    const { id, email } = await performer();
    const cookie = await sessionCookie(harness.services, email);
    const saved = await call(calendarRoute.action, postRequest("/dashboard/calendar", { intent: "mark", from: DEC(12), to: "", mark: "booked" }, cookie), harness.services);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/dashboard/calendar?month=${YEAR}-12`);
    expect(await marked(id)).toEqual([`${DEC(12)} booked`]);

    const refused = await call(calendarRoute.action, postRequest("/dashboard/calendar", { intent: "mark", from: DEC(14), to: DEC(12), mark: "away" }, cookie), harness.services);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ form: "mark", errors: { to: CALENDAR_TEXTS.endBeforeStart }, values: { from: DEC(14), to: DEC(12) } });

    const weekly = await call(calendarRoute.action, postRequest("/dashboard/calendar", { intent: "weekly", off: "0" }, cookie), harness.services);
    expect(weekly.status).toBe(302);
    const page = await call(calendarRoute.loader, getRequest(`/dashboard/calendar?month=${YEAR}-12`, cookie), harness.services);
    expect(page.data).toMatchObject({ calendar: { weeklyOff: 1, month: `${YEAR}-12`, days: [{ day: DEC(12), kind: "booked" }] } });

    const signedOut = await call(calendarRoute.loader, getRequest("/dashboard/calendar"), harness.services);
    expect(signedOut.status).toBe(302);
  });

  it("tells the dashboard when the calendar was last updated, and nudges after 30 days while inquiries arrive", async () => {
    const db = harness.services.db;
    const { id } = await performer();
    const now = new Date();
    expect(await calendarNotice(db, id, now)).toEqual({ lastUpdated: null, nudge: false, recentInquiries: 0 });
    await db.insert(contactMessages).values(parentInquiry(id));
    expect(await calendarNotice(db, id, now)).toMatchObject({ lastUpdated: null, nudge: true, recentInquiries: 1 });

    const longAgo = new Date(now.getTime() - 40 * 86_400_000);
    await markDays(db, id, mark(DEC(12), DEC(12), "booked"), longAgo);
    const stale = await calendarNotice(db, id, now);
    expect(stale?.nudge).toBe(true);
    expect(stale?.lastUpdated).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    await setWeeklyRule(db, id, 0, now);
    expect(await calendarNotice(db, id, now)).toMatchObject({ nudge: false, recentInquiries: 1 });
  });

  /** What the iCal import leaves after a successful read at `readAt`: its busy days (calendar_import_days). */
  async function imported(id: string, days: string[], readAt: Date) {
    const db = harness.services.db;
    await db.insert(calendarImports).values({ profileId: id, url: "https://calendar.example.com/busy.ics", lastFetchedAt: readAt, lastSuccessAt: readAt, busyDays: days.length });
    await db.insert(calendarImportDays).values(days.map((day) => ({ profileId: id, day })));
  }

  it("shows imported busy days in the month and the list as booked from the iCal calendar, the performer's own mark winning, but not in their feed", async () => {
    const db = harness.services.db;
    const { id } = await performer();
    await markDays(db, id, mark(DEC(12), DEC(12), "away"), IN_NOVEMBER);
    await markDays(db, id, mark(DEC(20), DEC(20), "booked"), IN_NOVEMBER);
    await imported(id, [DEC(12), DEC(13), DEC(14), `${YEAR + 1}-01-02`], IN_NOVEMBER);

    const page = await loadCalendarPage(db, id, { month: `${YEAR}-12`, publicUrl: PUBLIC_URL }, IN_NOVEMBER);
    // December 12 is both marked away and busy in the iCal calendar: the mark is what shows.
    expect(page?.days).toEqual([
      { day: DEC(12), kind: "away" },
      { day: DEC(13), kind: "imported" },
      { day: DEC(14), kind: "imported" },
      { day: DEC(20), kind: "booked" },
      // The grid's first week of January shows too.
      { day: `${YEAR + 1}-01-02`, kind: "imported" },
    ]);
    expect(page?.upcoming).toEqual([
      { from: DEC(12), to: DEC(12), kind: "away" },
      { from: DEC(13), to: DEC(14), kind: "imported" },
      { from: DEC(20), to: DEC(20), kind: "booked" },
      { from: `${YEAR + 1}-01-02`, to: `${YEAR + 1}-01-02`, kind: "imported" },
    ]);
    // Search reads them as booked too.
    expect((await availabilityOn(db, [id], DEC(13), IN_NOVEMBER)).get(id)).toBe("booked");

    // Clearing the range clears only the performer's own marks: the import's days are its own.
    await markDays(db, id, mark(DEC(12), DEC(20), "clear"), IN_NOVEMBER);
    const cleared = await loadCalendarPage(db, id, { month: `${YEAR}-12`, publicUrl: PUBLIC_URL }, IN_NOVEMBER);
    expect(cleared?.days.map((d) => `${d.day} ${d.kind}`)).toEqual([`${DEC(12)} imported`, `${DEC(13)} imported`, `${DEC(14)} imported`, `${YEAR + 1}-01-02 imported`]);

    // The feed is what they marked here, never the calendar they already keep elsewhere.
    await markDays(db, id, mark(DEC(24), DEC(24), "booked"), IN_NOVEMBER);
    const feed = (await readFeed(db, await tokenOf(id), HOST, IN_NOVEMBER))!;
    expect(feed).toContain(`DTSTART;VALUE=DATE:${YEAR}1224`);
    expect(feed).not.toContain(`${YEAR}1213`);
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(1);

  });

  it("counts a successful iCal read as an update: no nudge while the feed is read, the same rule search uses", async () => {
    const db = harness.services.db;
    const { id } = await performer();
    const now = new Date();
    await db.insert(contactMessages).values(parentInquiry(id));
    // Marked once, long ago; the iCal calendar was read an hour ago.
    await markDays(db, id, mark(DEC(12), DEC(12), "booked"), new Date(now.getTime() - 40 * 86_400_000));
    const readAt = new Date(now.getTime() - 3_600_000);
    await imported(id, [DEC(13)], readAt);
    const notice = await calendarNotice(db, id, now);
    expect(notice).toMatchObject({ nudge: false, recentInquiries: 1, lastUpdated: dayInLosAngeles(readAt) });
    const page = await loadCalendarPage(db, id, { month: `${YEAR}-12`, publicUrl: PUBLIC_URL }, now);
    expect(page?.lastUpdated).toBe(dayInLosAngeles(readAt));
    expect((await availabilityOn(db, [id], DEC(14), now)).get(id)).toBe("free");

    // The feed has not answered for 31 days: the dashboard nudges and search says nothing, together.
    await db.update(calendarImports).set({ lastSuccessAt: new Date(now.getTime() - 31 * 86_400_000) }).where(eq(calendarImports.profileId, id));
    expect((await calendarNotice(db, id, now))?.nudge).toBe(true);
    expect((await availabilityOn(db, [id], DEC(14), now)).get(id)).toBe("unknown");
  });

  it("says plainly when an account's reads at once are used up, and keeps the address", async () => {
    const { id, email } = await performer();
    const cookie = await sessionCookie(harness.services, email);
    // The hour's five reads at once already spent (this window and the next, so the test never
    // straddles an hour's end).
    const hour = 3_600_000;
    const start = Math.floor(Date.now() / hour) * hour;
    for (const windowStart of [start, start + hour]) {
      await harness.services.db.insert(rateLimitHits).values({ key: `calendar-import-now:${id}`, windowStart: new Date(windowStart), count: 5 });
    }
    const answer = await call(importRoute.action, postRequest("/dashboard/calendar-import", { intent: "save", url: "https://calendar.example.com/sixth.ics" }, cookie), harness.services);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/dashboard/calendar#import");
    const flash = (await readFlash(harness.services, new Request(PUBLIC_URL, { headers: { Cookie: cookieFrom(answer.headers) } }))).flash;
    expect(flash).toEqual({ type: "info", message: READS_USED_UP_TEXT });
    expect(READS_USED_UP_TEXT).toBe(
      "Calendar saved, but not read yet: we read calendars at once up to 5 times an hour, so this one will be read automatically within the hour.",
    );
    const [saved] = await harness.services.db.select().from(calendarImports).where(eq(calendarImports.profileId, id));
    expect(saved).toMatchObject({ url: "https://calendar.example.com/sixth.ics", lastFetchedAt: null, fetchCount: 0 });
  });

  it("deletes marked days more than 400 days past, a batch at a time, and keeps the rest", async () => {
    const db = harness.services.db;
    const { id } = await performer();
    const now = new Date(`${YEAR}-06-15T12:00:00Z`);
    const today = `${YEAR}-06-15`;
    const old = [KEEP_PAST_DAYS + 1, KEEP_PAST_DAYS + 2, KEEP_PAST_DAYS + 30, KEEP_PAST_DAYS + 300, KEEP_PAST_DAYS + 301].map((n) => addDays(today, -n));
    const kept = [addDays(today, -KEEP_PAST_DAYS), addDays(today, -10), addDays(today, 10)];
    await db.insert(calendarDays).values([...old, ...kept].map((day) => ({ profileId: id, day, kind: "booked" })));
    const days = async () => (await marked(id)).map((row) => row.split(" ")[0]);

    // Two batches of two in a run: four go, the oldest first, and the run stops there.
    expect(await pruneOldCalendarDays(db, now, { batchRows: 2, batchesPerRun: 2 })).toBe(4);
    expect(await days()).toEqual([old[0], ...kept].sort());
    // The next run takes the last and finds nothing more.
    expect(await pruneOldCalendarDays(db, now, { batchRows: 2, batchesPerRun: 2 })).toBe(1);
    expect(await pruneOldCalendarDays(db, now)).toBe(0);
    expect(await days()).toEqual(kept.sort());
  });
});

/** "Nov 27, 2026": the day of `at` in Los Angeles, as the dashboard writes it. */
function dayInLosAngeles(at: Date): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "America/Los_Angeles" }).format(at);
}
