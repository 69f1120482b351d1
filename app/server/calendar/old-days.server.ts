import { sql } from "drizzle-orm";
import { addDays } from "~/lib/calendar";
import type { Executor } from "../db/client.server";
import { calendarDays } from "../db/schema";

// Marked days long past: nothing reads them (the feed repeats 90 days back, search and the month view
// look at today and after, and a performer paging back a year still sees theirs), yet every
// performer adds a few a month for as long as they stay. The hourly maintenance job deletes them in
// small batches, each its own statement, so one run never holds many row locks for long or competes
// with a performer's own marks; a backlog drains over a few runs.

/** How long a marked day is kept after it has passed: past a year, so last year's month still shows. */
export const KEEP_PAST_DAYS = 400;
const BATCH_ROWS = 1000;
const BATCHES_PER_RUN = 20;

export interface PruneOptions {
  batchRows?: number;
  batchesPerRun?: number;
  signal?: AbortSignal;
}

/**
 * Deletes marked days more than KEEP_PAST_DAYS before `now` (counted in UTC: at 400 days a zone's
 * few hours make no difference), at most batchesPerRun batches; the number deleted.
 */
export async function pruneOldCalendarDays(db: Executor, now: Date = new Date(), options: PruneOptions = {}): Promise<number> {
  const batchRows = options.batchRows ?? BATCH_ROWS;
  const batchesPerRun = options.batchesPerRun ?? BATCHES_PER_RUN;
  const cut = addDays(now.toISOString().slice(0, 10), -KEEP_PAST_DAYS);
  let deleted = 0;
  for (let batch = 0; batch < batchesPerRun && !options.signal?.aborted; batch++) {
    // The day index (day, profile, kind) finds the oldest rows without reading anyone's whole calendar.
    const gone = await db
      .delete(calendarDays)
      .where(
        sql`(${calendarDays.profileId}, ${calendarDays.day}) in (
          select profile_id, day from calendar_days where day < ${cut}::date order by day limit ${batchRows})`,
      )
      .returning({ day: calendarDays.day });
    deleted += gone.length;
    if (gone.length < batchRows) break;
  }
  return deleted;
}
