import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMMEDIATE_READS_PER_HOUR } from "~/lib/calendar-import";
import { calendarImportDays, calendarImports, profiles, user } from "~/server/db/schema";
import {
  readCalendarImport,
  refreshCalendarImport,
  refreshDueCalendarImports,
  removeCalendarImport,
  saveCalendarImport,
} from "~/server/calendar-import/imports.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// The import on the database: a saved address is read into busy days, the next read replaces them
// whole, a failed read keeps the last good days and says why, one feed's failure leaves the others
// read, and a feed is read again only when it is due. Reads at once (on saving) are limited per
// account, and an address read minutes ago is not read again on saving it again.

const NOW = new Date("2026-12-01T18:00:00Z");
const HOUR = 3_600_000;
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "../fixtures/ical", name), "utf8");

let database: TestDatabase;
let server: http.Server;
let base: string;
/** What each path of the test's calendar server answers: a body, or a status with no calendar. */
const feeds = new Map<string, string | number>();
/** How many requests each path received: a read that never started sends none. */
const requests = new Map<string, number>();

beforeAll(async () => {
  database = await createTestDatabase();
  server = http.createServer((request, response) => {
    requests.set(request.url ?? "", (requests.get(request.url ?? "") ?? 0) + 1);
    const answer = feeds.get(request.url ?? "");
    if (typeof answer === "string") response.writeHead(200, { "content-type": "text/calendar" }).end(answer);
    else response.writeHead(answer ?? 404).end("no");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

async function performer(id: string, state: string) {
  await database.db.insert(user).values({ id, name: "", email: `${id}@example.com`, emailVerified: true });
  await database.db.insert(profiles).values({ id, displayName: id, state });
}

async function daysOf(id: string) {
  const rows = await database.db
    .select({ day: calendarImportDays.day })
    .from(calendarImportDays)
    .where(eq(calendarImportDays.profileId, id))
    .orderBy(asc(calendarImportDays.day));
  return rows.map((row) => row.day);
}

const read = { allowLoopback: true } as const;

describe(`the calendar import on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("reads a saved address into days, replaces them whole on the next read, and keeps them when a read fails", async () => {
    await performer("cal-la", "CA");
    feeds.set("/la.ics", fixture("google-sparkle-princess.ics"));
    expect(await saveCalendarImport(database.db, "cal-la", `${base}/la.ics`)).toEqual({ kind: "saved" });
    expect(await refreshCalendarImport(database.db, "cal-la", { ...read, now: NOW })).toEqual({ kind: "read", busyDays: 7 });
    expect(await daysOf("cal-la")).toEqual(["2026-12-05", "2026-12-12", "2026-12-13", "2026-12-18", "2026-12-19", "2026-12-27", "2026-12-29"]);
    const view = await readCalendarImport(database.db, "cal-la");
    expect(view).toMatchObject({ busyDays: 7, lastError: null, lastSuccessAt: NOW.toISOString(), timeZone: "America/Los_Angeles" });

    // The performer's calendar changed: the next read holds only its days.
    feeds.set("/la.ics", fixture("outlook-texas-mascot.ics"));
    const later = new Date(NOW.getTime() + HOUR);
    expect(await refreshCalendarImport(database.db, "cal-la", { ...read, now: later })).toEqual({ kind: "read", busyDays: 5 });
    // Read in Los Angeles, the late show from 23:00 to 00:30 Pacific takes the 10th and the 11th.
    expect(await daysOf("cal-la")).toEqual(["2026-12-10", "2026-12-11", "2026-12-15", "2026-12-25", "2027-02-15"]);

    // The calendar stops answering: the days stay and the reason is kept in words.
    feeds.set("/la.ics", 404);
    const failed = await refreshCalendarImport(database.db, "cal-la", { ...read, now: new Date(later.getTime() + HOUR) });
    expect(failed).toMatchObject({ kind: "failed" });
    const after = await readCalendarImport(database.db, "cal-la");
    expect(after?.lastError).toBe("the address was not found (error 404); check that the calendar is still shared");
    expect(after?.busyDays).toBe(5);
    expect(await daysOf("cal-la")).toHaveLength(5);
    const [row] = await database.db.select().from(calendarImports).where(eq(calendarImports.profileId, "cal-la"));
    expect(row.fetchCount).toBe(3);
  });

  it("reads every due feed, one failing never stopping the others, and none before it is due", async () => {
    await performer("cal-ny", "NY");
    await performer("cal-tx", "TX");
    await performer("cal-bad", "FL");
    feeds.set("/ny.ics", fixture("apple-captain-cosmo.ics"));
    feeds.set("/tx.ics", fixture("outlook-texas-mascot.ics"));
    feeds.set("/bad.ics", "<html>not a calendar</html>");
    for (const [id, file] of [["cal-bad", "bad"], ["cal-ny", "ny"], ["cal-tx", "tx"]]) {
      await saveCalendarImport(database.db, id, `${base}/${file}.ics`);
    }
    // A private address among them is refused without stopping the rest.
    await performer("cal-private", "WA");
    await saveCalendarImport(database.db, "cal-private", "http://10.20.30.40/calendar.ics");
    // The addresses saved above are due from the moment they were saved (the database's clock).
    const runAt = new Date(Math.max(Date.now(), NOW.getTime()) + 2 * HOUR);
    const result = await refreshDueCalendarImports(database.db, { ...read, now: runAt });
    expect(result.failed).toBeGreaterThanOrEqual(2);
    expect(result.read).toBeGreaterThanOrEqual(2);
    expect((await readCalendarImport(database.db, "cal-bad"))?.lastError).toBe("the address did not give an iCalendar (.ics) file");
    expect((await readCalendarImport(database.db, "cal-private"))?.lastError).toBe("the address points into a private network, which we never read");
    expect((await readCalendarImport(database.db, "cal-ny"))?.lastError).toBeNull();
    expect((await readCalendarImport(database.db, "cal-tx"))?.lastSuccessAt).toBe(runAt.toISOString());

    // Each was moved an hour on: a run straight after reads nothing.
    const again = await refreshDueCalendarImports(database.db, { ...read, now: runAt });
    expect(again).toEqual({ read: 0, failed: 0 });
  });

  it("reads a feed from this machine only with the allowance the tests and the demo pass", async () => {
    await performer("cal-local", "IL");
    feeds.set("/local.ics", fixture("outlook-texas-mascot.ics"));
    await saveCalendarImport(database.db, "cal-local", `${base}/local.ics`);
    const outcome = await refreshCalendarImport(database.db, "cal-local", { now: NOW });
    expect(outcome).toEqual({ kind: "failed", error: "the address points into a private network, which we never read" });
    expect(await daysOf("cal-local")).toEqual([]);
  });

  it("forgets the old days when another address is pasted, and everything when it is removed", async () => {
    await performer("cal-swap", "CA");
    feeds.set("/swap.ics", fixture("google-sparkle-princess.ics"));
    await saveCalendarImport(database.db, "cal-swap", `${base}/swap.ics`);
    await refreshCalendarImport(database.db, "cal-swap", { ...read, now: NOW });
    expect(await daysOf("cal-swap")).toHaveLength(7);
    await saveCalendarImport(database.db, "cal-swap", `webcal://127.0.0.1:${new URL(base).port}/other.ics`);
    expect(await daysOf("cal-swap")).toEqual([]);
    expect((await readCalendarImport(database.db, "cal-swap"))?.url).toBe(`https://127.0.0.1:${new URL(base).port}/other.ics`);
    expect(await removeCalendarImport(database.db, "cal-swap")).toBe(true);
    expect(await readCalendarImport(database.db, "cal-swap")).toBeNull();
  });

  it("reads at once at most five times an hour per account: the sixth save is kept unread until the job reads it", async () => {
    await performer("cal-limit", "CA");
    const hour = new Date("2026-12-02T18:00:00Z");
    const path = (i: number) => `/limit-${i}.ics`;
    const total = () => [0, 1, 2, 3, 4, 5].reduce((sum, i) => sum + (requests.get(path(i)) ?? 0), 0);
    for (let i = 0; i <= 5; i++) feeds.set(path(i), fixture("google-sparkle-princess.ics"));
    // A script pasting address after address: each save asks for a read at once.
    for (let i = 0; i < IMMEDIATE_READS_PER_HOUR; i++) {
      await saveCalendarImport(database.db, "cal-limit", `${base}${path(i)}`);
      const outcome = await refreshCalendarImport(database.db, "cal-limit", { ...read, now: new Date(hour.getTime() + i * 60_000) });
      expect(outcome).toEqual({ kind: "read", busyDays: 7 });
    }
    expect(total()).toBe(5);

    expect(await saveCalendarImport(database.db, "cal-limit", `${base}${path(5)}`)).toEqual({ kind: "saved" });
    const sixth = await refreshCalendarImport(database.db, "cal-limit", { ...read, now: new Date(hour.getTime() + 10 * 60_000) });
    // Kept, not read: the feed server never heard of it, and the answer says when the job reads it.
    expect(sixth).toEqual({ kind: "limited", nextReadAt: new Date(hour.getTime() + HOUR) });
    expect(requests.get(path(5)) ?? 0).toBe(0);
    expect(total()).toBe(5);
    expect(await readCalendarImport(database.db, "cal-limit")).toMatchObject({ url: `${base}${path(5)}`, lastFetchedAt: null, busyDays: 0 });
    expect(await daysOf("cal-limit")).toEqual([]);

    // The job leaves it until the hour's window ends, then reads it like any other.
    await refreshDueCalendarImports(database.db, { ...read, now: new Date(hour.getTime() + 30 * 60_000) });
    expect(requests.get(path(5)) ?? 0).toBe(0);
    await refreshDueCalendarImports(database.db, { ...read, now: new Date(hour.getTime() + HOUR) });
    expect(requests.get(path(5))).toBe(1);
    expect(await readCalendarImport(database.db, "cal-limit")).toMatchObject({ lastError: null, busyDays: 7 });
    expect(await daysOf("cal-limit")).toHaveLength(7);

    // The next hour gives the account its reads at once again.
    feeds.set(path(0), fixture("outlook-texas-mascot.ics"));
    await saveCalendarImport(database.db, "cal-limit", `${base}${path(0)}`);
    const nextHour = await refreshCalendarImport(database.db, "cal-limit", { ...read, now: new Date(hour.getTime() + HOUR + 10 * 60_000) });
    expect(nextHour).toEqual({ kind: "read", busyDays: 5 });
  });

  it("does not read an address again when it is saved again within five minutes of its last read", async () => {
    await performer("cal-again", "NY");
    feeds.set("/again.ics", fixture("apple-captain-cosmo.ics"));
    const at = new Date("2026-12-03T15:00:00Z");
    await saveCalendarImport(database.db, "cal-again", `${base}/again.ics`);
    expect(await refreshCalendarImport(database.db, "cal-again", { ...read, now: at })).toMatchObject({ kind: "read" });
    expect(requests.get("/again.ics")).toBe(1);

    // Saved again three minutes later (a double tap, a reload that posts again): not read, nothing lost.
    expect(await saveCalendarImport(database.db, "cal-again", `${base}/again.ics`)).toEqual({ kind: "saved" });
    expect(await refreshCalendarImport(database.db, "cal-again", { ...read, now: new Date(at.getTime() + 3 * 60_000) })).toEqual({ kind: "recent" });
    expect(requests.get("/again.ics")).toBe(1);
    const days = await daysOf("cal-again");
    expect(days.length).toBeGreaterThan(0);
    // Its hourly schedule is kept: the job does not read it before the hour is up.
    await refreshDueCalendarImports(database.db, { ...read, now: new Date(at.getTime() + 30 * 60_000) });
    expect(requests.get("/again.ics")).toBe(1);

    // Six minutes on, saving reads it again.
    await saveCalendarImport(database.db, "cal-again", `${base}/again.ics`);
    expect(await refreshCalendarImport(database.db, "cal-again", { ...read, now: new Date(at.getTime() + 6 * 60_000) })).toMatchObject({ kind: "read" });
    expect(requests.get("/again.ics")).toBe(2);
    expect(await daysOf("cal-again")).toEqual(days);
  });
});
