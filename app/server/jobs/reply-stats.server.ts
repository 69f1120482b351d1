import type { Executor } from "../db/client.server";
import { pruneExpiredReplyLinks } from "../inquiries/reply-links.server";
import { refreshAllReplyStats } from "../inquiries/reply-stats.server";
import type { AppServices } from "../platform/services.server";
import type { Job } from "./scheduler.server";

// The public reply figures change with time alone (inquiries leave the 90 days, unanswered ones pass
// their grace), so every performer's are recomputed a few times a day; answering recomputes the
// answering performer's at once. Also drops the parents' reply links that expired.

export const REPLY_STATS_INTERVAL_MS = 3 * 60 * 60_000;

/** One run as of `now` (the demo clock calls it with a later one). */
export async function runReplyStats(db: Executor, now: Date = new Date()): Promise<{ expiredLinks: number }> {
  await refreshAllReplyStats(db, now);
  return { expiredLinks: await pruneExpiredReplyLinks(db, now) };
}

export function replyStatsJob({ db, logger }: AppServices): Job {
  return {
    name: "reply-stats",
    intervalMs: REPLY_STATS_INTERVAL_MS,
    async run() {
      const { expiredLinks } = await runReplyStats(db);
      if (expiredLinks > 0) logger.info({ expiredLinks }, "removed expired reply links");
    },
  };
}
