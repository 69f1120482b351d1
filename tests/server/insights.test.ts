import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as countRoute from "~/routes/insights.count";
import { loadDashboard } from "~/server/dashboard/dashboard.server";
import { contactMessages, profileDailyStats, profiles } from "~/server/db/schema";
import { MAX_APPEARANCES } from "~/server/insights/count.server";
import { loadInsights } from "~/server/insights/dashboard-insights.server";
import { refreshInquiryReadHours } from "~/server/insights/read-speed.server";
import { addInquiryToStats, utcDay, yearNumbers } from "~/server/insights/stats.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, parentInquiry, PUBLIC_URL, sessionCookie, testServices } from "./accounts-fixtures";

const ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY_MS = 86_400_000;

let database: TestDatabase;
let services: AppServices & { clientIp?: string };
let accounts = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
});
afterAll(async () => {
  await database?.close();
});

/** A performer account with a profile: public (listed) unless told otherwise. */
async function performer(options: { listed?: boolean } = {}): Promise<{ id: string; email: string }> {
  const email = `performer${++accounts}@example.com`;
  const id = await createAccount(services, email);
  const listed = options.listed ?? true;
  await database.db.insert(profiles).values({
    id,
    displayName: `Performer ${accounts}`,
    isActive: listed,
    paymentStatus: "paid",
    paymentExpiry: utcDay(new Date(Date.now() + 200 * DAY_MS)),
  });
  return { id, email };
}

/** What the browser's counting component sends, from the address `ip`. */
async function report(body: unknown, options: { ip?: string; userAgent?: string | null; cookie?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: PUBLIC_URL };
  if (options.userAgent !== null) headers["User-Agent"] = options.userAgent ?? BROWSER;
  if (options.cookie) headers.Cookie = options.cookie;
  const request = new Request(`${PUBLIC_URL}/insights/count`, { method: "POST", headers, body: JSON.stringify(body) });
  return call(countRoute.action, request, { ...services, clientIp: options.ip ?? "203.0.113.7" });
}

async function statsOf(profileId: string) {
  return database.db
    .select({ day: profileDailyStats.day, views: profileDailyStats.views, appearances: profileDailyStats.appearances, inquiries: profileDailyStats.inquiries })
    .from(profileDailyStats)
    .where(eq(profileDailyStats.profileId, profileId));
}

describe(`counting views and appearances (${ENGINE})`, () => {
  it("counts a visitor's view of a profile once the batch is written, and answers an empty 204", async () => {
    const { id } = await performer();
    const answer = await report({ view: id }, { ip: "198.51.100.1" });
    expect(answer.status).toBe(204);
    expect(answer.data).toBe("");
    // Nothing is written per view: the count waits in memory for the batch.
    expect(await statsOf(id)).toEqual([]);
    await services.insights.flush();
    expect(await statsOf(id)).toEqual([{ day: utcDay(new Date()), views: 1, appearances: 0, inquiries: 0 }]);
  });

  it("does not count crawlers, a report without a browser, or the performer viewing their own profile", async () => {
    const { id, email } = await performer();
    const cookie = await sessionCookie(services, email);
    expect((await report({ view: id }, { userAgent: GOOGLEBOT, ip: "198.51.100.2" })).status).toBe(204);
    expect((await report({ view: id }, { userAgent: null, ip: "198.51.100.3" })).status).toBe(204);
    expect((await report({ view: id }, { cookie, ip: "198.51.100.4" })).status).toBe(204);
    expect((await report({ appearances: [id] }, { cookie, ip: "198.51.100.4" })).status).toBe(204);
    await services.insights.flush();
    expect(await statsOf(id)).toEqual([]);

    // Another signed-in performer looking at this profile is a visitor like any other.
    const other = await performer();
    const otherCookie = await sessionCookie(services, other.email);
    await report({ view: id }, { cookie: otherCookie, ip: "198.51.100.5" });
    await services.insights.flush();
    expect(await statsOf(id)).toMatchObject([{ views: 1 }]);
  });

  it("adds many reports up into one row per profile and day, counting a visitor once a day", async () => {
    const a = await performer();
    const b = await performer();
    for (let i = 0; i < 5; i++) await report({ view: a.id }, { ip: `192.0.2.${i + 10}` });
    // The same visitor reloading the page, and coming back from the results, counts once.
    await report({ view: a.id }, { ip: "192.0.2.10" });
    await report({ view: a.id }, { ip: "192.0.2.10" });
    for (let i = 0; i < 3; i++) await report({ appearances: [a.id, b.id] }, { ip: `192.0.2.${i + 50}` });
    await report({ appearances: [b.id, b.id] }, { ip: "192.0.2.60" });
    await services.insights.flush();
    expect(await statsOf(a.id)).toEqual([{ day: utcDay(new Date()), views: 5, appearances: 3, inquiries: 0 }]);
    expect(await statsOf(b.id)).toEqual([{ day: utcDay(new Date()), views: 0, appearances: 4, inquiries: 0 }]);

    // The next batch adds to the same row.
    await report({ view: a.id }, { ip: "192.0.2.99" });
    await services.insights.flush();
    expect(await statsOf(a.id)).toMatchObject([{ views: 6, appearances: 3 }]);
  });

  it("ignores unknown and unlisted profiles without losing the rest of the batch, and refuses malformed reports", async () => {
    const listed = await performer();
    const hidden = await performer({ listed: false });
    await report({ view: "no-such-profile" }, { ip: "192.0.2.200" });
    await report({ view: hidden.id }, { ip: "192.0.2.200" });
    await report({ appearances: [listed.id, hidden.id, "no-such-profile"] }, { ip: "192.0.2.200" });
    // Not one of the two shapes, an id with characters no profile id has, a list longer than a page.
    for (const body of [{}, { view: listed.id, appearances: [listed.id] }, { view: "x'; drop table profiles;--" }, { appearances: [] }, { view: 42 }]) {
      expect((await report(body, { ip: "192.0.2.201" })).status).toBe(204);
    }
    expect((await report({ appearances: Array.from({ length: MAX_APPEARANCES + 1 }, () => listed.id) }, { ip: "192.0.2.202" })).status).toBe(204);
    await services.insights.flush();
    expect(await statsOf(listed.id)).toMatchObject([{ views: 0, appearances: 1 }]);
    expect(await statsOf(hidden.id)).toEqual([]);
    const all = await database.db.select({ id: profileDailyStats.profileId }).from(profileDailyStats).where(eq(profileDailyStats.profileId, "no-such-profile"));
    expect(all).toEqual([]);
  });

  it("stores only sums: no address, user agent or visitor id reaches the database", async () => {
    const { id } = await performer();
    await report({ view: id }, { ip: "203.0.113.250" });
    await services.insights.flush();
    const dump = JSON.stringify(await database.db.select().from(profileDailyStats));
    expect(dump).not.toContain("203.0.113.250");
    expect(dump).not.toContain("iPhone");
  });

  it("writes what is left when the counter stops (the server's shutdown)", async () => {
    const { id } = await performer();
    const { createInsightsCounter } = await import("~/server/insights/counter.server");
    const counter = createInsightsCounter(database.db, { flushMs: 60_000, logger: services.logger });
    counter.countView(id, "visitor-1");
    counter.countAppearances([id], "visitor-1");
    await counter.stop();
    expect(await statsOf(id)).toMatchObject([{ views: 1, appearances: 1 }]);
    // Nothing is counted after it stopped.
    counter.countView(id, "visitor-2");
    await counter.flush();
    expect(await statsOf(id)).toMatchObject([{ views: 1 }]);
  });
});

describe(`inquiries in the stats (${ENGINE})`, () => {
  it("adds one inquiry to the day it arrived, in the caller's transaction", async () => {
    const { id } = await performer();
    const now = new Date("2026-03-04T23:30:00Z");
    await addInquiryToStats(database.db, id, now);
    await database.db.transaction(async (tx) => addInquiryToStats(tx, id, now));
    // A rolled-back inquiry is not counted.
    await database.db
      .transaction(async (tx) => {
        await addInquiryToStats(tx, id, now);
        throw new Error("the inquiry failed");
      })
      .catch(() => undefined);
    await addInquiryToStats(database.db, id, new Date("2026-03-05T00:30:00Z"));
    const rows = (await statsOf(id)).sort((x, y) => x.day.localeCompare(y.day));
    expect(rows).toEqual([
      { day: "2026-03-04", views: 0, appearances: 0, inquiries: 2 },
      { day: "2026-03-05", views: 0, appearances: 0, inquiries: 1 },
    ]);
  });
});

describe(`the dashboard's weekly insights (${ENGINE})`, () => {
  it("sums days into Monday-based weeks for the last 12 weeks, zeros included, and totals everything", async () => {
    const { id } = await performer();
    // Wednesday 2026-11-18; its week starts Monday 2026-11-16, the first of 12 weeks is 2026-08-31.
    const now = new Date("2026-11-18T12:00:00Z");
    await database.db.insert(profileDailyStats).values([
      { profileId: id, day: "2026-11-16", views: 3, appearances: 40, inquiries: 1 },
      { profileId: id, day: "2026-11-18", views: 2, appearances: 10, inquiries: 0 },
      { profileId: id, day: "2026-11-15", views: 7, appearances: 70, inquiries: 2 },
      { profileId: id, day: "2026-08-31", views: 1, appearances: 5, inquiries: 0 },
      // Before the 12 weeks: in the totals only.
      { profileId: id, day: "2026-08-30", views: 100, appearances: 1000, inquiries: 4 },
    ]);
    const insights = await loadInsights(database.db, id, now);
    expect(insights.weeks).toHaveLength(12);
    expect(insights.weeks[0]).toEqual({ weekStart: "2026-08-31", views: 1, appearances: 5, inquiries: 0 });
    expect(insights.weeks[10]).toEqual({ weekStart: "2026-11-09", views: 7, appearances: 70, inquiries: 2 });
    expect(insights.weeks[11]).toEqual({ weekStart: "2026-11-16", views: 5, appearances: 50, inquiries: 1 });
    expect(insights.weeks[5]).toEqual({ weekStart: "2026-10-05", views: 0, appearances: 0, inquiries: 0 });
    expect(insights.totals).toEqual({ views: 113, appearances: 1125, inquiries: 7 });
    expect(insights.since).toBe("2026-08-30");
  });

  it("is on the dashboard for a performer with a profile (empty before any count), and absent without one", async () => {
    const { id } = await performer();
    const withProfile = await loadDashboard(services.db, services.logger, id, { page: 1, inquiryId: null });
    expect(withProfile.summary.insights).toMatchObject({ totals: { views: 0, appearances: 0, inquiries: 0 }, since: null });
    expect(withProfile.summary.insights?.weeks).toHaveLength(12);

    const noProfile = await createAccount(services, "no-profile-yet@example.com");
    const without = await loadDashboard(services.db, services.logger, noProfile, { page: 1, inquiryId: null });
    expect(without.summary.insights).toBeNull();
  });

  it("quotes the past year's numbers, or nothing when nothing was counted", async () => {
    const { id } = await performer();
    const now = new Date("2026-11-18T12:00:00Z");
    expect(await yearNumbers(database.db, id, now)).toBeNull();
    await database.db.insert(profileDailyStats).values([
      { profileId: id, day: "2026-11-18", views: 3, appearances: 40, inquiries: 1 },
      { profileId: id, day: "2025-11-19", views: 2, appearances: 10, inquiries: 1 },
      { profileId: id, day: "2025-11-18", views: 50, appearances: 500, inquiries: 5 },
    ]);
    expect(await yearNumbers(database.db, id, now)).toEqual({ views: 5, appearances: 50, inquiries: 2 });
  });
});

describe(`"usually reads inquiries within N hours" (${ENGINE})`, () => {
  async function inquiryRead(profileId: string, createdAt: Date, hoursToRead: number | null) {
    await database.db.insert(contactMessages).values(
      parentInquiry(profileId, {
        createdAt,
        isRead: hoursToRead !== null,
        firstReadAt: hoursToRead === null ? null : new Date(createdAt.getTime() + hoursToRead * 3_600_000),
      }),
    );
  }
  async function readHours(profileId: string) {
    const [row] = await database.db.select({ hours: profiles.inquiryReadHours }).from(profiles).where(eq(profiles.id, profileId));
    return row?.hours;
  }

  it("stays unset until three inquiries were read, then is the median, rounded up to whole hours", async () => {
    const { id } = await performer();
    const day = (n: number) => new Date(Date.now() - n * DAY_MS);
    await inquiryRead(id, day(10), 2);
    await inquiryRead(id, day(9), 30);
    await inquiryRead(id, day(8), null);
    await refreshInquiryReadHours(database.db, id);
    expect(await readHours(id)).toBeNull();

    await inquiryRead(id, day(7), 4.5);
    await refreshInquiryReadHours(database.db, id);
    // Read after 2, 4.5 and 30 hours: usually within 5.
    expect(await readHours(id)).toBe(5);

    // A quick read counts as within an hour, never "0 hours".
    const quick = await performer();
    for (const n of [5, 4, 3]) await inquiryRead(quick.id, day(n), 0.1);
    await refreshInquiryReadHours(database.db, quick.id);
    expect(await readHours(quick.id)).toBe(1);
  });

  it("looks only at the last 180 days and the latest 20 reads", async () => {
    const { id } = await performer();
    const day = (n: number) => new Date(Date.now() - n * DAY_MS);
    for (const n of [400, 300, 200]) await inquiryRead(id, day(n), 1);
    await refreshInquiryReadHours(database.db, id);
    expect(await readHours(id)).toBeNull();

    // 20 recent slow reads outweigh older quick ones, which fall out of the sample.
    for (let n = 100; n < 110; n++) await inquiryRead(id, day(n), 1);
    for (let n = 1; n <= 20; n++) await inquiryRead(id, day(n), 48);
    await refreshInquiryReadHours(database.db, id);
    expect(await readHours(id)).toBe(48);
  });
});
