import { and, eq, lte, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { reviews } from "../db/schema";
import type { Job } from "../jobs/scheduler.server";
import type { Logger } from "../platform/logger.server";
import { refreshReviewFigures } from "./figures.server";
import { askForReviews, type ReviewQuestionDeps } from "./questions.server";

// The reviews' scheduled work, as plain functions of `now` (the demo clock calls them with a later
// one): asking parents after their party, and publishing the reviews whose 7 days passed without a
// dispute. Both are safe in several processes.

/** Publishes the waiting reviews whose dispute window closed by `now`; how many. */
export async function publishDueReviews(db: Executor, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const published = await tx
      .update(reviews)
      .set({ status: "published", publishedAt: sql`${reviews.publishAfter}` })
      .where(and(eq(reviews.status, "pending"), lte(reviews.publishAfter, now)))
      .returning({ profileId: reviews.profileId });
    for (const profileId of new Set(published.map((r) => r.profileId))) await refreshReviewFigures(tx, profileId);
    return published.length;
  });
}

/** Both, as the demo clock and the scheduler run them. */
export async function runReviewJobs(deps: ReviewQuestionDeps, now: Date = new Date(), signal?: AbortSignal) {
  const asked = await askForReviews(deps, now, { signal });
  const published = await publishDueReviews(deps.db, now);
  return { ...asked, published };
}

export function reviewJobs(deps: ReviewQuestionDeps & { logger: Logger }): Job[] {
  return [
    {
      name: "reviews",
      intervalMs: 15 * 60_000,
      async run(signal) {
        const result = await runReviewJobs(deps, new Date(), signal);
        if (result.asked + result.published > 0) deps.logger.info(result, "asked parents about their parties and published reviews");
      },
    },
  ];
}
