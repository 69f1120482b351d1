import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { profileDailyStats, profileMonthlyStats } from "../db/schema";

/** The UTC calendar day of an instant, as the `day` column stores it ("YYYY-MM-DD"). */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Adds one inquiry to the profile's count for today. Called inside the transaction that stores the
 * inquiry, so a rolled-back inquiry is not counted; the profile exists there (the inquiry's own
 * foreign key already holds it), so the upsert cannot fail on ours.
 */
export async function addInquiryToStats(executor: Executor, profileId: string, now: Date): Promise<void> {
  await executor
    .insert(profileDailyStats)
    .values({ profileId, day: utcDay(now), inquiries: 1 })
    .onConflictDoUpdate({
      target: [profileDailyStats.profileId, profileDailyStats.day],
      set: { inquiries: sql`${profileDailyStats.inquiries} + 1` },
    });
}

export interface YearNumbers {
  views: number;
  appearances: number;
  inquiries: number;
}

/**
 * Days before this one are kept only as monthly sums (the stats-roll-up job): the first of the month
 * holding the day 365 days before `now`, so whole months go at once and every day the year's figures
 * read (after 365 days before `now`, or any later `now`) is still a daily row.
 */
export function rollUpBefore(now: Date): string {
  return `${utcDay(new Date(now.getTime() - 365 * 86_400_000)).slice(0, 7)}-01`;
}

/**
 * The profile's counts over the 365 days before `now`, for the renewal reminder; null when nothing
 * was counted (a listing with no numbers is better not quoted "0 views"). The window never reaches
 * a rolled-up month (rollUpBefore), so the daily rows alone hold it.
 */
export async function yearNumbers(executor: Executor, profileId: string, now: Date): Promise<YearNumbers | null> {
  const from = utcDay(new Date(now.getTime() - 365 * 86_400_000));
  const [row] = await executor
    .select({
      rows: sql<number>`count(*)`.mapWith(Number),
      views: sql<number>`coalesce(sum(${profileDailyStats.views}), 0)`.mapWith(Number),
      appearances: sql<number>`coalesce(sum(${profileDailyStats.appearances}), 0)`.mapWith(Number),
      inquiries: sql<number>`coalesce(sum(${profileDailyStats.inquiries}), 0)`.mapWith(Number),
    })
    .from(profileDailyStats)
    .where(and(eq(profileDailyStats.profileId, profileId), gt(profileDailyStats.day, from), lte(profileDailyStats.day, utcDay(now))));
  if (!row || row.rows === 0) return null;
  return { views: row.views, appearances: row.appearances, inquiries: row.inquiries };
}

export interface LifetimeTotals extends YearNumbers {
  /** The first day counted, or null when nothing was. */
  since: string | null;
}

/**
 * Everything counted for the profile: the daily rows and the monthly sums of older days, read in
 * one statement so a roll-up committing meanwhile is seen either wholly or not at all.
 */
export async function lifetimeTotals(executor: Executor, profileId: string): Promise<LifetimeTotals> {
  const counted = executor
    .select({
      views: profileDailyStats.views,
      appearances: profileDailyStats.appearances,
      inquiries: profileDailyStats.inquiries,
      firstDay: profileDailyStats.day,
    })
    .from(profileDailyStats)
    .where(eq(profileDailyStats.profileId, profileId))
    .unionAll(
      executor
        .select({
          views: profileMonthlyStats.views,
          appearances: profileMonthlyStats.appearances,
          inquiries: profileMonthlyStats.inquiries,
          firstDay: profileMonthlyStats.firstDay,
        })
        .from(profileMonthlyStats)
        .where(eq(profileMonthlyStats.profileId, profileId)),
    )
    .as("counted");
  const [row] = await executor
    .select({
      views: sql<number>`coalesce(sum(${counted.views}), 0)`.mapWith(Number),
      appearances: sql<number>`coalesce(sum(${counted.appearances}), 0)`.mapWith(Number),
      inquiries: sql<number>`coalesce(sum(${counted.inquiries}), 0)`.mapWith(Number),
      since: sql<string | null>`min(${counted.firstDay})::text`,
    })
    .from(counted);
  return { views: row?.views ?? 0, appearances: row?.appearances ?? 0, inquiries: row?.inquiries ?? 0, since: row?.since ?? null };
}
