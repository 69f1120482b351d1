import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_REFINEMENTS } from "~/lib/listing-refinements";
import { calendarImportDays, calendarImports, calendarDays, performerCalendars, profileSearch, profiles, user } from "~/server/db/schema";
import { listPublicProfiles } from "~/server/directory/directory.server";
import type { PartyDate } from "~/server/directory/party-date.server";
import { insertProfile } from "../e2e/seed/directory";
import { giveCalendar } from "../e2e/seed/party-date";
import { expectReadingsAgree } from "../helpers/availability-agreement";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// A dated listing reads whether a performer's calendar says anything from profile_search's
// calendar_fresh_until (migration 0033, kept by triggers), and looks calendars up only for those
// whose calendar is fresh; a card by id, a profile or a shortlist still asks the calendar tables
// (availabilityOn). The two must never disagree: for every kind of calendar, at the 30 days'
// very edge, across a daylight-saving change, and as calendars change.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

const YEAR = new Date().getUTCFullYear() + 1;
const DAY = `${YEAR}-12-12`;
const WEEKDAY_BIT = 1 << new Date(Date.UTC(YEAR, 11, 12)).getUTCDay();
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const THIRTY_DAYS = 30 * 86_400_000;

const ids = {
  none: "fr-none",
  stale: "fr-stale",
  booked: "fr-booked",
  away: "fr-away",
  weekly: "fr-weekly",
  free: "fr-free",
  icalBusy: "fr-ical-busy",
  icalFree: "fr-ical-free",
  edge: "fr-edge",
} as const;
const ALL = Object.values(ids);

const dated = (now: Date, showBooked = true): PartyDate => ({ day: DAY, showBooked, now });

/** Both readings at `now`, held equal, and the calendar tables' answer returned. */
const agreed = (now: Date) => expectReadingsAgree(database.db, ALL, dated(now));

async function importedCalendar(profileId: string, lastSuccessAt: Date, busy: string[]) {
  await database.db.insert(calendarImports).values({ profileId, url: `https://calendar.example.com/${profileId}.ics`, lastSuccessAt });
  if (busy.length) await database.db.insert(calendarImportDays).values(busy.map((day) => ({ profileId, day })));
}

const setUpdatedAt = (profileId: string, updatedAt: Date) => database.db.update(performerCalendars).set({ updatedAt }).where(eq(performerCalendars.profileId, profileId));

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [n, id] of ALL.entries()) {
    await insertProfile(database.db, { id, displayName: `Calendar ${id}`, state: "NE", city: "Omaha", categories: ["Custom Characters"], createdAt: new Date(Date.UTC(2025, 0, n + 1)) });
  }
  await giveCalendar(database.db, ids.stale, { updatedAt: ago(40), booked: [DAY] });
  await giveCalendar(database.db, ids.booked, { updatedAt: ago(2), booked: [DAY] });
  await giveCalendar(database.db, ids.away, { updatedAt: ago(3) });
  await database.db.insert(calendarDays).values({ profileId: ids.away, day: DAY, kind: "away" });
  await giveCalendar(database.db, ids.weekly, { updatedAt: ago(4), weeklyOff: WEEKDAY_BIT, weeklySince: `${YEAR}-01-01` });
  await giveCalendar(database.db, ids.free, { updatedAt: ago(5), booked: [`${YEAR}-12-13`], weeklyOff: WEEKDAY_BIT, weeklySince: `${YEAR}-12-13` });
  // Marked long ago, but their iCal calendar was read an hour ago.
  await giveCalendar(database.db, ids.icalBusy, { updatedAt: ago(60) });
  await importedCalendar(ids.icalBusy, new Date(NOW.getTime() - 3_600_000), [DAY]);
  await giveCalendar(database.db, ids.icalFree, { updatedAt: ago(60) });
  await importedCalendar(ids.icalFree, new Date(NOW.getTime() - 3_600_000), [`${YEAR}-12-11`]);
  await giveCalendar(database.db, ids.edge, { updatedAt: ago(10) });
});

afterAll(async () => {
  await database?.close();
});

describe(`the party date read off profile_search's calendar freshness (${engine})`, () => {
  it("agrees with the calendar tables for every kind of calendar", async () => {
    expect(await agreed(NOW)).toEqual({
      [ids.none]: "unknown",
      // Unchanged for 40 days: says nothing, though it marks the day.
      [ids.stale]: "unknown",
      [ids.booked]: "booked",
      [ids.away]: "booked",
      [ids.weekly]: "booked",
      // Marked the 13th, and a weekly rule on this weekday that starts after the day.
      [ids.free]: "free",
      // A stale calendar of their own, a fresh iCal read: the read's days decide.
      [ids.icalBusy]: "booked",
      [ids.icalFree]: "free",
      [ids.edge]: "free",
    });
  });

  it("trusts a calendar for exactly 30 days from its last change, as the tables do", async () => {
    const changed = ago(10);
    expect((await agreed(new Date(changed.getTime() + THIRTY_DAYS)))[ids.edge]).toBe("free");
    expect((await agreed(new Date(changed.getTime() + THIRTY_DAYS + 1)))[ids.edge]).toBe("unknown");
  });

  it("keeps 30 days as 720 hours whatever the writer's time zone, across a daylight-saving change", async () => {
    // October 20, 08:00 in New York: 30 calendar days there end an hour later in UTC (November's
    // change back to standard time lies between), 720 hours do not.
    const changed = new Date(Date.UTC(YEAR, 9, 20, 12));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'America/New_York'`);
      await tx.update(performerCalendars).set({ updatedAt: changed }).where(eq(performerCalendars.profileId, ids.edge));
    });
    expect((await agreed(new Date(changed.getTime() + THIRTY_DAYS)))[ids.edge]).toBe("free");
    expect((await agreed(new Date(changed.getTime() + THIRTY_DAYS + 1)))[ids.edge]).toBe("unknown");
    await setUpdatedAt(ids.edge, ago(10));
  });

  it("moves performers between a listing's tiers as their calendars change", async () => {
    const listing = async () => {
      const found = await listPublicProfiles(database.db, { state: "NE", city: null, categories: [], refinements: { ...NO_REFINEMENTS, date: DAY, showBooked: true } });
      return Object.fromEntries(found.profiles.map((card) => [card.id, card.availability?.kind]));
    };
    expect(await listing()).toMatchObject({ [ids.stale]: "unknown", [ids.edge]: "free", [ids.icalFree]: "free" });

    // The stale calendar is touched: its booked day counts again.
    await setUpdatedAt(ids.stale, new Date());
    // A calendar deleted says nothing any more.
    await database.db.delete(performerCalendars).where(eq(performerCalendars.profileId, ids.edge));
    // The iCal feed stopped answering 31 days ago: the stale calendar behind it says nothing.
    await database.db.update(calendarImports).set({ lastSuccessAt: ago(31) }).where(eq(calendarImports.profileId, ids.icalFree));
    expect(await listing()).toMatchObject({ [ids.stale]: "booked", [ids.edge]: "unknown", [ids.icalFree]: "unknown" });
    await agreed(new Date());

    // A new calendar, and a saved profile that keeps its calendar's freshness.
    await giveCalendar(database.db, ids.none, { updatedAt: new Date() });
    await database.db.update(profiles).set({ displayName: "Calendar renamed" }).where(eq(profiles.id, ids.none));
    expect((await listing())[ids.none]).toBe("free");
    await agreed(new Date());
  });

  it("copies the freshness only where a calendar or a read says something, and follows a deleted account", async () => {
    const copied = await database.db.select({ id: profileSearch.id, until: profileSearch.calendarFreshUntil }).from(profileSearch).where(inArray(profileSearch.id, ALL));
    const until = new Map(copied.map((row) => [row.id, row.until]));
    // The later of the calendar's change and the last good read, plus 30 days.
    expect(until.get(ids.icalBusy)?.getTime()).toBe(NOW.getTime() - 3_600_000 + THIRTY_DAYS);
    expect(until.get(ids.booked)?.getTime()).toBe(ago(2).getTime() + THIRTY_DAYS);
    expect(until.get(ids.edge)).toBeNull();

    await database.db.delete(user).where(eq(user.id, ids.booked));
    const left = await database.db.select({ id: profileSearch.id }).from(profileSearch).where(eq(profileSearch.id, ids.booked));
    expect(left).toEqual([]);
  });
});
