import { and, eq, gte, sql } from "drizzle-orm";
import { INSIGHTS_WEEKS, type InsightsView, type InsightsWeek } from "~/lib/insights-view";
import type { Executor } from "../db/client.server";
import { profileDailyStats } from "../db/schema";
import { fromFirstDay } from "./chart-start.server";
import { lifetimeTotals, utcDay } from "./stats.server";

const DAY_MS = 86_400_000;

/** The Monday (UTC) of the week holding `now`, YYYY-MM-DD: PostgreSQL's date_trunc('week') agrees. */
export function weekStartOf(now: Date): string {
  const day = new Date(`${utcDay(now)}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return utcDay(new Date(day.getTime() - sinceMonday * DAY_MS));
}

/** The Mondays of the last INSIGHTS_WEEKS weeks, oldest first, the current week last. */
export function chartWeeks(now: Date): string[] {
  const current = new Date(`${weekStartOf(now)}T00:00:00Z`).getTime();
  return Array.from({ length: INSIGHTS_WEEKS }, (_, i) => utcDay(new Date(current - (INSIGHTS_WEEKS - 1 - i) * 7 * DAY_MS)));
}

const sums = {
  views: sql<number>`coalesce(sum(${profileDailyStats.views}), 0)`.mapWith(Number),
  appearances: sql<number>`coalesce(sum(${profileDailyStats.appearances}), 0)`.mapWith(Number),
  inquiries: sql<number>`coalesce(sum(${profileDailyStats.inquiries}), 0)`.mapWith(Number),
};

/**
 * The performer's weekly counts and totals. Both read the profile's own rows by the primary key:
 * at most some 84 rows for the weeks, and for the totals one row per counted day of the last year
 * or so and one per older month (profile_monthly_stats).
 */
export async function loadInsights(db: Executor, profileId: string, now: Date = new Date()): Promise<InsightsView> {
  const weeks = chartWeeks(now);
  const week = sql<string>`to_char(date_trunc('week', ${profileDailyStats.day}::timestamp), 'YYYY-MM-DD')`;
  const [weekly, totals] = await Promise.all([
    db
      .select({ week, ...sums })
      .from(profileDailyStats)
      .where(and(eq(profileDailyStats.profileId, profileId), gte(profileDailyStats.day, weeks[0])))
      .groupBy(week),
    // Since counting began, days older than a year included (kept as monthly sums).
    lifetimeTotals(db, profileId),
  ]);
  const byWeek = new Map(weekly.map((row) => [row.week, row]));
  const since = totals?.since ?? null;
  return {
    weeks: fromFirstDay(
      weeks.map((weekStart): InsightsWeek => {
        const row = byWeek.get(weekStart);
        return { weekStart, views: row?.views ?? 0, appearances: row?.appearances ?? 0, inquiries: row?.inquiries ?? 0 };
      }),
      since,
    ),
    totals: { views: totals?.views ?? 0, appearances: totals?.appearances ?? 0, inquiries: totals?.inquiries ?? 0 },
    since,
  };
}
