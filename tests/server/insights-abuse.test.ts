import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as countRoute from "~/routes/insights.count";
import { profileDailyStats, profiles, rateLimitHits } from "~/server/db/schema";
import { createInsightsCounter, REPORTS_PER_HOUR, SEEN_MARKER_PREFIX } from "~/server/insights/counter.server";
import { utcDay } from "~/server/insights/stats.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, PUBLIC_URL, testServices } from "./accounts-fixtures";

// Views and appearances cannot be inflated by flooding the counter: made-up ids count nothing and
// push nobody's once-a-day marker out, a visitor counts once a day however much else is counted
// (and between processes sharing the secret), and one visitor's reports past the hourly limit are
// dropped.

const ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const DAY_MS = 86_400_000;
const SECRET = "insights-abuse-test-secret-insights-abuse";
const logger = pino({ level: "silent" });
/** More than 100,000 markers go through the embedded database: seconds normally, more on a busy machine. */
const HEAVY_TEST_MS = 120_000;

let database: TestDatabase;
let services: AppServices;
let accounts = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
});
afterAll(async () => {
  await database?.close();
});

async function publicProfile(): Promise<string> {
  const id = await createAccount(services, `listed${++accounts}@example.com`);
  await database.db.insert(profiles).values({
    id,
    displayName: `Listed ${accounts}`,
    isActive: true,
    paymentStatus: "paid",
    paymentExpiry: utcDay(new Date(Date.now() + 200 * DAY_MS)),
  });
  return id;
}

async function views(profileId: string): Promise<number> {
  const rows = await database.db.select({ views: profileDailyStats.views }).from(profileDailyStats).where(eq(profileDailyStats.profileId, profileId));
  return rows.reduce((sum, row) => sum + row.views, 0);
}

async function markersToday(): Promise<number> {
  const rows = await database.db
    .select({ key: rateLimitHits.key })
    .from(rateLimitHits)
    .where(like(rateLimitHits.key, `${SEEN_MARKER_PREFIX}:${utcDay(new Date())}:%`));
  return rows.length;
}

describe(`counting cannot be inflated (${ENGINE})`, () => {
  it("counts made-up ids never, and 100,500 of them (more than memory holds) do not make a real visitor count twice", async () => {
    const profile = await publicProfile();
    const counter = createInsightsCounter(database.db, { flushMs: 600_000, logger, visitorSecret: SECRET });
    const markersBefore = await markersToday();
    counter.countView(profile, "198.51.100.20");
    await counter.flush();
    expect(await views(profile)).toBe(1);

    // One address reporting ids no profile has, far more than the counter remembers in memory.
    for (let i = 0; i < 100_500; i++) counter.countView(`made-up-${i}`, "203.0.113.66");
    counter.countView(profile, "198.51.100.20");
    await counter.stop();

    expect(await views(profile)).toBe(1);
    const invented = await database.db.select({ id: profileDailyStats.profileId }).from(profileDailyStats).where(like(profileDailyStats.profileId, "made-up-%"));
    expect(invented).toEqual([]);
    // Made-up ids leave no marker behind either: only the real visitor's is stored.
    expect(await markersToday()).toBe(markersBefore + 1);
    const stored = JSON.stringify(await database.db.select().from(rateLimitHits).where(like(rateLimitHits.key, `${SEEN_MARKER_PREFIX}:%`)));
    expect(stored).not.toContain("198.51.100.20");
    expect(stored).not.toContain(profile);
  }, HEAVY_TEST_MS);

  it("counts a visitor once a day after 100,000 other visitors were counted, and once between processes", async () => {
    const watched = await publicProfile();
    const popular = await publicProfile();
    const first = createInsightsCounter(database.db, { flushMs: 600_000, logger, visitorSecret: SECRET });
    first.countView(watched, "192.0.2.40");
    first.countAppearances([watched], "192.0.2.40");
    for (let i = 0; i < 100_000; i++) first.countView(popular, `visitor-${i}`);
    first.countView(watched, "192.0.2.40");
    first.countAppearances([watched], "192.0.2.40");
    await first.stop();
    expect(await views(popular)).toBe(100_000);
    const [row] = await database.db
      .select({ views: profileDailyStats.views, appearances: profileDailyStats.appearances })
      .from(profileDailyStats)
      .where(and(eq(profileDailyStats.profileId, watched), eq(profileDailyStats.day, utcDay(new Date()))));
    expect(row).toEqual({ views: 1, appearances: 1 });

    // Another process (or this one after a restart) with the same secret knows the visitor too.
    const second = createInsightsCounter(database.db, { flushMs: 600_000, logger, visitorSecret: SECRET });
    second.countView(watched, "192.0.2.40");
    second.countView(watched, "192.0.2.41");
    await second.stop();
    expect(await views(watched)).toBe(2);
  }, HEAVY_TEST_MS);

  it(`drops a visitor's reports past ${REPORTS_PER_HOUR} an hour, while others still count`, async () => {
    const [first, later] = [await publicProfile(), await publicProfile()];
    const report = (profileId: string, ip: string) =>
      call(
        countRoute.action,
        new Request(`${PUBLIC_URL}/insights/count`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: PUBLIC_URL, "User-Agent": BROWSER },
          body: JSON.stringify({ view: profileId }),
        }),
        { ...services, clientIp: ip },
      );
    for (let i = 0; i < REPORTS_PER_HOUR; i++) expect((await report(first, "203.0.113.80")).status).toBe(204);
    // The answer says nothing either way.
    expect((await report(later, "203.0.113.80")).status).toBe(204);
    await services.insights.flush();
    expect(await views(first)).toBe(1);
    expect(await views(later)).toBe(0);

    await report(later, "203.0.113.81");
    await services.insights.flush();
    expect(await views(later)).toBe(1);
  });
});
