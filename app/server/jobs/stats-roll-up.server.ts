import { asc, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { profileDailyStats, profiles } from "../db/schema";
import { rollUpBefore } from "../insights/stats.server";
import type { Logger } from "../platform/logger.server";
import { rowsOf } from "../search/rows.server";
import { DAY_MS } from "./durations.server";
import type { Job } from "./scheduler.server";

// profile_daily_stats keeps a row per profile per counted day, about 1 GB a year at 100,000
// profiles. Days before rollUpBefore (whole months, all more than a year old) are moved into
// profile_monthly_stats: each batch of profiles in one transaction whose one statement deletes the
// days and adds their sums to the months (ON CONFLICT adds, never overwrites). A day is either still
// a daily row or already in its month's sum, so a run interrupted between batches, a second run, or
// two processes at once (the second's DELETE finds the rows the first took gone) count nothing twice.

/** Profiles per transaction: after years unrolled, a batch moves at most some 200 × 365 rows per year. */
const BATCH_PROFILES = 200;

export interface RollUpResult {
  /** Daily rows moved into monthly sums. */
  days: number;
  /** Monthly rows written or added to. */
  months: number;
}

export interface RollUpOptions {
  now?: Date;
  batchProfiles?: number;
  signal?: AbortSignal;
}

/** Moves every profile's days before rollUpBefore(now) into monthly sums; stops between batches on `signal`. */
export async function rollUpDailyStats(
  db: Db,
  { now = new Date(), batchProfiles = BATCH_PROFILES, signal }: RollUpOptions = {},
): Promise<RollUpResult> {
  const before = rollUpBefore(now);
  const result: RollUpResult = { days: 0, months: 0 };
  // Nearly always nothing is due (the cut moves once a month, and every process runs this at
  // start): one statement that stops at the first old day says so, instead of a statement per 200
  // profiles over every profile. With nothing due it still reads the daily table's key through
  // (no index starts with the day), but once, without a write or a round trip per batch.
  if (!(await anyDayBefore(db, before))) return result;
  // Profiles in id order, each batch a range of ids, so the statement below reads the daily table's
  // primary key (profile_id, day) one range at a time and no batch is read twice.
  let after = "";
  while (!signal?.aborted) {
    const batch = await db
      .select({ id: profiles.id })
      .from(profiles)
      .where(gt(profiles.id, after))
      .orderBy(asc(profiles.id))
      .limit(batchProfiles);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1].id;
    // The batch's transaction is this one statement: the rows deleted are exactly the rows summed,
    // and it commits or rolls back whole.
    const [moved] = rowsOf<{ days: number; months: number }>(
      await db.execute(sql`
          with moved as (
            delete from profile_daily_stats
            where profile_id > ${after} and profile_id <= ${last} and day < ${before}::date
            returning profile_id, day, views, appearances, inquiries
          ),
          added as (
            insert into profile_monthly_stats as m (profile_id, month, first_day, views, appearances, inquiries)
            select profile_id, date_trunc('month', day)::date, min(day), sum(views), sum(appearances), sum(inquiries)
            from moved
            group by profile_id, date_trunc('month', day)
            on conflict (profile_id, month) do update set
              first_day = least(m.first_day, excluded.first_day),
              views = m.views + excluded.views,
              appearances = m.appearances + excluded.appearances,
              inquiries = m.inquiries + excluded.inquiries
            returning 1
          )
          select (select count(*) from moved)::int as days, (select count(*) from added)::int as months
        `),
    );
    result.days += Number(moved?.days ?? 0);
    result.months += Number(moved?.months ?? 0);
    if (batch.length < batchProfiles) break;
    after = last;
  }
  return result;
}

async function anyDayBefore(db: Db, before: string): Promise<boolean> {
  const found = await db
    .select({ day: profileDailyStats.day })
    .from(profileDailyStats)
    .where(lt(profileDailyStats.day, before))
    .limit(1);
  return found.length > 0;
}

/**
 * Daily, and at start. The cut moves once a month, so a process that has rolled up to the current
 * cut skips the reading until it moves (nothing writes a day that old).
 */
export function statsRollUpJob({ db, logger }: { db: Db; logger: Logger }): Job {
  let doneBefore: string | null = null;
  return {
    name: "stats-roll-up",
    intervalMs: DAY_MS,
    async run(signal) {
      const now = new Date();
      if (doneBefore === rollUpBefore(now)) return;
      const started = performance.now();
      const result = await rollUpDailyStats(db, { now, signal });
      if (!signal.aborted) doneBefore = rollUpBefore(now);
      if (result.days > 0) logger.info({ ...result, ms: Math.round(performance.now() - started) }, "rolled old daily stats into months");
    },
  };
}
