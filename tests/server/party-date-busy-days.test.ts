import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "~/lib/calendar";
import { refreshCalendarImport, saveCalendarImport } from "~/server/calendar-import/imports.server";
import { markDays, setWeeklyRule } from "~/server/calendar/calendar.server";
import { calendarDays, calendarImportDays, performerCalendars, profileSearch } from "~/server/db/schema";
import type { PartyDate } from "~/server/directory/party-date.server";
import { rowsOf } from "~/server/search/rows.server";
import { insertProfile } from "../e2e/seed/directory";
import { giveCalendar } from "../e2e/seed/party-date";
import { expectReadingsAgree } from "../helpers/availability-agreement";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// A dated listing tells booked from free by a bit of profile_search's busy_days (migration 0034,
// kept by triggers on the marked days, the imported days and the weekly rule); a card by id still
// asks the calendar tables (availabilityOn). The two must agree for every way a day is booked, as
// calendars change, and for a day the bits do not cover, which the listing looks up as before.

let database: TestDatabase;
let server: http.Server;
let base: string;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const TODAY = NOW.toISOString().slice(0, 10);
/** Well inside the bits' 800 days, and inside what a performer may mark. */
const DAY = addDays(TODAY, 60);
/** Past the 800 days the bits cover from two days ago. */
const FAR = addDays(TODAY, 900);
const DAY_BIT = 1 << weekdayOf(DAY);

const ids = {
  none: "bd-none",
  marked: "bd-marked",
  away: "bd-away",
  imported: "bd-imported",
  importedEmpty: "bd-imported-empty",
  weekly: "bd-weekly",
  weeklyOld: "bd-weekly-old",
  cleared: "bd-cleared",
  far: "bd-far",
  slid: "bd-slid",
} as const;
const ALL = Object.values(ids);

/** The test's calendar server: each path answers the iCal text set for it. */
const feeds = new Map<string, string>();

/** An iCal calendar busy all day on each of `days`. */
function ical(days: string[]): string {
  const compact = (day: string) => day.replaceAll("-", "");
  const events = days.map((day) =>
    ["BEGIN:VEVENT", `UID:${day}@test`, "DTSTAMP:20260101T000000Z", `DTSTART;VALUE=DATE:${compact(day)}`, `DTEND;VALUE=DATE:${compact(addDays(day, 1))}`, "SUMMARY:Busy", "END:VEVENT"].join("\r\n"),
  );
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...events, "END:VCALENDAR", ""].join("\r\n");
}

const dated = (day: string, showBooked = true): PartyDate => ({ day, showBooked, now: NOW });

/** Both readings of `day`, held equal (row, tiers, hidden), and the calendar tables' answer returned. */
const agreed = (day: string) => expectReadingsAgree(database.db, ALL, dated(day));

/** A promise and the function that settles it. */
function deferred() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

async function copyOf(id: string) {
  const [row] = await database.db
    .select({
      from: profileSearch.busyFrom,
      today: sql<string>`(current_date - 2)::text`,
      bit: sql<number | null>`get_bit(${profileSearch.busyDays}, ${DAY}::date - ${profileSearch.busyFrom})`,
    })
    .from(profileSearch)
    .where(eq(profileSearch.id, id));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = http.createServer((request, response) => {
    const answer = feeds.get(request.url ?? "");
    if (answer === undefined) response.writeHead(404).end("no");
    else response.writeHead(200, { "content-type": "text/calendar" }).end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  for (const [n, id] of ALL.entries()) {
    await insertProfile(database.db, { id, displayName: `Busy ${id}`, state: "NE", city: "Omaha", categories: ["Custom Characters"], createdAt: new Date(Date.UTC(2025, 0, n + 1)) });
  }
  await giveCalendar(database.db, ids.marked, { updatedAt: NOW, booked: [DAY] });
  await giveCalendar(database.db, ids.away, { updatedAt: NOW });
  await database.db.insert(calendarDays).values({ profileId: ids.away, day: DAY, kind: "away" });
  // The rule on the day's weekday starts the day after: a week later it applies.
  await giveCalendar(database.db, ids.weekly, { updatedAt: NOW, weeklyOff: DAY_BIT, weeklySince: addDays(DAY, 1) });
  // A rule from long before the bits' window: every such weekday in it is booked.
  await giveCalendar(database.db, ids.weeklyOld, { updatedAt: NOW, weeklyOff: DAY_BIT, weeklySince: "2020-01-01" });
  expect(await markDays(database.db, ids.cleared, { from: addDays(DAY, -1), to: addDays(DAY, 1), mark: "booked" }, NOW)).toEqual({ status: "ok" });
  await giveCalendar(database.db, ids.far, { updatedAt: NOW, booked: [FAR] });
  await giveCalendar(database.db, ids.slid, { updatedAt: NOW, booked: [DAY] });
  // Only an iCal calendar, read by the job: no calendar of their own.
  feeds.set("/imported.ics", ical([DAY]));
  expect(await saveCalendarImport(database.db, ids.imported, `${base}/imported.ics`)).toEqual({ kind: "saved" });
  expect(await refreshCalendarImport(database.db, ids.imported, { allowLoopback: true, now: NOW })).toEqual({ kind: "read", busyDays: 1 });
  // A fresh read of a calendar with no busy day: fresh, but no bits (the calendars answer).
  feeds.set("/empty.ics", ical([]));
  expect(await saveCalendarImport(database.db, ids.importedEmpty, `${base}/empty.ics`)).toEqual({ kind: "saved" });
  expect(await refreshCalendarImport(database.db, ids.importedEmpty, { allowLoopback: true, now: NOW })).toEqual({ kind: "read", busyDays: 0 });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

describe(`a dated listing's booked days read off profile_search's bits (${engine})`, () => {
  it("agrees with the calendar tables for a marked, away, imported and weekly day, and without a calendar", async () => {
    expect(await agreed(DAY)).toEqual({
      [ids.none]: "unknown",
      [ids.marked]: "booked",
      [ids.away]: "booked",
      [ids.imported]: "booked",
      [ids.importedEmpty]: "free",
      // The rule starts the day after.
      [ids.weekly]: "free",
      [ids.weeklyOld]: "booked",
      [ids.cleared]: "booked",
      [ids.far]: "free",
      [ids.slid]: "booked",
    });
    const weekLater = await agreed(addDays(DAY, 7));
    expect(weekLater[ids.weekly]).toBe("booked");
    expect(weekLater[ids.marked]).toBe("free");
    // The day is a bit on the row, from two days before today; nothing for a performer without a calendar.
    const marked = await copyOf(ids.marked);
    expect(marked).toEqual({ from: marked?.today, today: marked?.today, bit: 1 });
    expect(await copyOf(ids.none)).toMatchObject({ from: null, bit: null });
    expect(await copyOf(ids.importedEmpty)).toMatchObject({ from: null, bit: null });
  });

  it("follows the calendars as they change: a day cleared, a rule moved or dropped, an import replaced", async () => {
    expect(await markDays(database.db, ids.cleared, { from: DAY, to: DAY, mark: "clear" }, NOW)).toEqual({ status: "ok" });
    expect((await copyOf(ids.cleared))?.bit).toBe(0);

    await database.db.update(performerCalendars).set({ weeklySince: addDays(DAY, -7) }).where(eq(performerCalendars.profileId, ids.weekly));
    expect(await setWeeklyRule(database.db, ids.weeklyOld, 0, NOW)).toEqual({ status: "ok" });

    // The next read of the iCal calendar holds another day: the old one is gone.
    feeds.set("/imported.ics", ical([addDays(DAY, 1)]));
    const later = new Date(NOW.getTime() + 2 * 3_600_000);
    expect(await refreshCalendarImport(database.db, ids.imported, { allowLoopback: true, now: later })).toEqual({ kind: "read", busyDays: 1 });

    const day = await agreed(DAY);
    expect(day).toMatchObject({ [ids.cleared]: "free", [ids.weekly]: "booked", [ids.weeklyOld]: "free", [ids.imported]: "free", [ids.marked]: "booked" });
    expect((await agreed(addDays(DAY, 1)))[ids.imported]).toBe("booked");
    expect((await agreed(addDays(DAY, 1)))[ids.cleared]).toBe("booked");
  });

  it("looks a day outside the bits' 800 days up in the calendars", async () => {
    expect((await agreed(FAR))[ids.far]).toBe("booked");
    expect((await agreed(addDays(FAR, 1)))[ids.far]).toBe("free");
    // A row not recomputed for months: its window has slid off the day, so the bits say nothing of
    // it, and the calendars answer.
    await database.db.execute(sql`update profile_search set busy_from = busy_from - 850 where id = ${ids.slid}`);
    expect((await agreed(DAY))[ids.slid]).toBe("booked");
  });

  it("computes the same bits for every performer in one pass as the triggers do one by one", async () => {
    const all = rowsOf<{ id: string; bits: string }>(
      await database.db.execute(sql`select profile_id as id, busy_days::text as bits from profile_search_busy_days_all(current_date - 2) where ${inArray(sql`profile_id`, ALL)}`),
    );
    const copied = rowsOf<{ id: string; bits: string | null }>(
      await database.db.execute(sql`select id, busy_days::text as bits from profile_search where ${inArray(profileSearch.id, ALL)} and id <> ${ids.slid}`),
    );
    const slid = all.find((row) => row.id === ids.slid);
    expect(slid?.bits).toContain("1");
    expect(Object.fromEntries(all.filter((row) => row.id !== ids.slid).map((row) => [row.id, row.bits]))).toEqual(
      Object.fromEntries(copied.filter((row) => row.bits !== null).map((row) => [row.id, row.bits])),
    );
    expect(copied.filter((row) => row.bits === null).map((row) => row.id).sort()).toEqual([ids.none, ids.importedEmpty].sort());
  });

  it("keeps both of two changes to one calendar made at once", async () => {
    // The import job replacing the iCal days while the performer marks a day: whichever commits
    // second recomputes the row after the first has committed, so neither day is lost.
    const race = "bd-race";
    await insertProfile(database.db, { id: race, displayName: "Busy race", state: "NE", city: "Omaha", categories: ["Custom Characters"] });
    await giveCalendar(database.db, race, { updatedAt: NOW });
    const marked = deferred();
    const release = deferred();
    const first = database.db.transaction(async (tx) => {
      await tx.insert(calendarDays).values({ profileId: race, day: DAY, kind: "booked" });
      marked.settle();
      await release.promise;
    });
    await marked.promise;
    const second = database.db.transaction(async (tx) => {
      await tx.insert(calendarImportDays).values({ profileId: race, day: addDays(DAY, 1) });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release.settle();
    await Promise.all([first, second]);
    const bits = rowsOf<{ day: number; next: number }>(
      await database.db.execute(
        sql`select get_bit(busy_days, ${DAY}::date - busy_from) as day, get_bit(busy_days, ${DAY}::date + 1 - busy_from) as next from profile_search where id = ${race}`,
      ),
    );
    expect(bits).toEqual([{ day: 1, next: 1 }]);
  });
});
