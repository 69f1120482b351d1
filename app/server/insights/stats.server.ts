import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { profileDailyStats } from "../db/schema";

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
 * The profile's counts over the 365 days before `now`, for the renewal reminder; null when nothing
 * was counted (a listing with no numbers is better not quoted "0 views").
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
