import { and, asc, eq, lt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileDailyStats, profileMonthlyStats, profiles, user } from "~/server/db/schema";
import { loadInsights } from "~/server/insights/dashboard-insights.server";
import { appJobs } from "~/server/jobs/index.server";
import { rollUpBefore, utcDay, yearNumbers } from "~/server/insights/stats.server";
import { rollUpDailyStats } from "~/server/jobs/stats-roll-up.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { testServices } from "./accounts-fixtures";

// Days of profile_daily_stats older than a year become monthly sums, and nothing a performer reads
// changes: the dashboard's totals and "since", its weeks, and the renewal mail's year.

const DAY_MS = 86_400_000;
// Mid-month, so the cut (the first of the month a year back) leaves a partial month of daily rows
// that are more than a year old but kept, as whole months go at once.
const NOW = new Date("2026-11-18T15:00:00Z");
const SEEDED_DAYS = 430;

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
});
afterAll(async () => {
  await database?.close();
});

interface DayRow {
  profileId: string;
  day: string;
  views: number;
  appearances: number;
  inquiries: number;
}

/** A profile with `days` days of counts back from NOW, a few days skipped; its rows are returned. */
async function profileWithHistory(id: string, days: number, seed: number, now = NOW): Promise<DayRow[]> {
  await database.db.insert(user).values({ id, name: "", email: `${id}@example.com`, emailVerified: true });
  await database.db.insert(profiles).values({
    id,
    displayName: id,
    isActive: true,
    paymentStatus: "paid",
    paymentExpiry: utcDay(NOW),
  });
  const rows: DayRow[] = [];
  for (let back = 0; back < days; back++) {
    if ((back + seed) % 9 === 0) continue;
    rows.push({
      profileId: id,
      day: utcDay(new Date(now.getTime() - back * DAY_MS)),
      views: (back * 7 + seed) % 13,
      appearances: ((back * 3 + seed) % 29) + 1,
      inquiries: (back + seed) % 6 === 0 ? 1 : 0,
    });
  }
  for (let i = 0; i < rows.length; i += 200) await database.db.insert(profileDailyStats).values(rows.slice(i, i + 200));
  return rows;
}

/** What the performer's dashboard and renewal mail say for the profile. */
async function figures(profileId: string) {
  return {
    dashboard: await loadInsights(database.db, profileId, NOW),
    year: await yearNumbers(database.db, profileId, NOW),
  };
}

async function tables() {
  return {
    daily: await database.db.select().from(profileDailyStats).orderBy(asc(profileDailyStats.profileId), asc(profileDailyStats.day)),
    monthly: await database.db
      .select()
      .from(profileMonthlyStats)
      .orderBy(asc(profileMonthlyStats.profileId), asc(profileMonthlyStats.month)),
  };
}

/** The monthly rows the roll-up should leave, summed here from the seeded days. */
function expectedMonths(rows: DayRow[], before: string) {
  const months = new Map<
    string,
    {
      profileId: string;
      month: string;
      firstDay: string;
      views: number;
      appearances: number;
      inquiries: number;
    }
  >();
  for (const row of rows.filter((r) => r.day < before)) {
    const month = `${row.day.slice(0, 7)}-01`;
    const key = `${row.profileId}|${month}`;
    const sum = months.get(key) ?? {
      profileId: row.profileId,
      month,
      firstDay: row.day,
      views: 0,
      appearances: 0,
      inquiries: 0,
    };
    if (row.day < sum.firstDay) sum.firstDay = row.day;
    sum.views += row.views;
    sum.appearances += row.appearances;
    sum.inquiries += row.inquiries;
    months.set(key, sum);
  }
  return [...months.values()].sort((a, b) => `${a.profileId}|${a.month}`.localeCompare(`${b.profileId}|${b.month}`));
}

describe(`rolling a year's old days into months (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("keeps every figure the same, leaves no old day behind, and changes nothing when run again", async () => {
    const seeded = [
      ...(await profileWithHistory("rollup-a", SEEDED_DAYS, 1)),
      ...(await profileWithHistory("rollup-b", SEEDED_DAYS + 17, 4)),
    ];
    // A profile with only recent days has nothing to roll up.
    const recent = await profileWithHistory("rollup-c", 40, 2);
    const before = rollUpBefore(NOW);
    expect(before).toBe("2025-11-01");

    const ids = ["rollup-a", "rollup-b", "rollup-c"];
    const figuresBefore = await Promise.all(ids.map(figures));
    expect(figuresBefore[0].dashboard.since).toBe(utcDay(new Date(NOW.getTime() - (SEEDED_DAYS - 1) * DAY_MS)));

    // One profile per batch, so batches follow each other as they do at 100,000 profiles.
    const first = await rollUpDailyStats(database.db, {
      now: NOW,
      batchProfiles: 1,
    });
    const months = expectedMonths(seeded, before);
    expect(first).toEqual({
      days: seeded.filter((r) => r.day < before).length,
      months: months.length,
    });

    expect(await Promise.all(ids.map(figures))).toEqual(figuresBefore);
    const after = await tables();
    expect(await database.db.select().from(profileDailyStats).where(lt(profileDailyStats.day, before))).toEqual([]);
    expect(after.daily).toHaveLength(seeded.filter((r) => r.day >= before).length + recent.length);
    expect(after.monthly).toEqual(months);

    // A second run, from the start or the job's next day, finds nothing to move.
    expect(await rollUpDailyStats(database.db, { now: NOW, batchProfiles: 1 })).toEqual({ days: 0, months: 0 });
    expect(
      await rollUpDailyStats(database.db, {
        now: new Date(NOW.getTime() + DAY_MS),
      }),
    ).toEqual({ days: 0, months: 0 });
    expect(await tables()).toEqual(after);
    expect(await Promise.all(ids.map(figures))).toEqual(figuresBefore);
  });

  it("adds a late day to its month's sum rather than replacing it", async () => {
    const rows = await profileWithHistory("rollup-late", 420, 3);
    await rollUpDailyStats(database.db, { now: NOW });
    const before = await figures("rollup-late");
    // A whole month already rolled up, and a day of it the seed skipped, written only now.
    const [, month] = await database.db
      .select()
      .from(profileMonthlyStats)
      .where(eq(profileMonthlyStats.profileId, "rollup-late"))
      .orderBy(asc(profileMonthlyStats.month));
    const seededDays = new Set(rows.map((r) => r.day));
    let late = month.month;
    while (seededDays.has(late)) late = utcDay(new Date(new Date(`${late}T00:00:00Z`).getTime() + DAY_MS));
    expect(late.slice(0, 7)).toBe(month.month.slice(0, 7));
    await database.db.insert(profileDailyStats).values({
      profileId: "rollup-late",
      day: late,
      views: 5,
      appearances: 50,
      inquiries: 2,
    });

    expect(await rollUpDailyStats(database.db, { now: NOW })).toEqual({
      days: 1,
      months: 1,
    });
    const [, added] = await database.db
      .select()
      .from(profileMonthlyStats)
      .where(eq(profileMonthlyStats.profileId, "rollup-late"))
      .orderBy(asc(profileMonthlyStats.month));
    expect(added).toEqual({
      ...month,
      firstDay: late < month.firstDay ? late : month.firstDay,
      views: month.views + 5,
      appearances: month.appearances + 50,
      inquiries: month.inquiries + 2,
    });
    const now = await figures("rollup-late");
    expect(now.dashboard.totals).toEqual({
      views: before.dashboard.totals.views + 5,
      appearances: before.dashboard.totals.appearances + 50,
      inquiries: before.dashboard.totals.inquiries + 2,
    });
    expect(now.year).toEqual(before.year);
  });

  it("with no day older than the cut, changes nothing; a day past it is then rolled up", async () => {
    // The tests above rolled everything due at NOW; a month on, the cut has moved.
    const monthOn = new Date(NOW.getTime() + 31 * DAY_MS);
    const before = await tables();
    expect(await rollUpDailyStats(database.db, { now: NOW })).toEqual({ days: 0, months: 0 });
    expect(await tables()).toEqual(before);
    const due = before.daily.filter((row) => row.day < rollUpBefore(monthOn));
    expect(due.length).toBeGreaterThan(0);
    const moved = await rollUpDailyStats(database.db, { now: monthOn });
    expect(moved.days).toBe(due.length);
    expect((await tables()).daily.filter((row) => row.day < rollUpBefore(monthOn))).toEqual([]);
  });

  it("stops between batches when its job is stopped", async () => {
    const stopped = new AbortController();
    stopped.abort();
    expect(
      await rollUpDailyStats(database.db, {
        now: new Date(NOW.getTime() + 400 * DAY_MS),
        signal: stopped.signal,
      }),
    ).toEqual({ days: 0, months: 0 });
  });

  it("runs every day among the app's jobs", async () => {
    const job = appJobs(services).find((candidate) => candidate.name === "stats-roll-up");
    expect(job?.intervalMs).toBe(DAY_MS);
    const today = new Date();
    await profileWithHistory("rollup-job", 400, 5, today);
    const cut = rollUpBefore(today);
    const old = () =>
      database.db
        .select()
        .from(profileDailyStats)
        .where(and(eq(profileDailyStats.profileId, "rollup-job"), lt(profileDailyStats.day, cut)));
    expect((await old()).length).toBeGreaterThan(0);
    await job!.run(new AbortController().signal);
    expect(await old()).toEqual([]);
    expect(await database.db.select().from(profileMonthlyStats).where(eq(profileMonthlyStats.profileId, "rollup-job"))).not.toEqual([]);
  });
});
