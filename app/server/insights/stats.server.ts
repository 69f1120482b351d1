import { sql } from "drizzle-orm";
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
