import { createHmac } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { ProfileDetailData } from "~/lib/profile-view";
import { reliabilityLine, REVIEWS_PAGE_SIZE, verifiedLine, type ReviewsPage } from "~/lib/review-view";
import type { Executor } from "../db/client.server";
import { profiles, reviewReports, reviews } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { takeRateLimit } from "../platform/rate-limit.server";
import { photoViews } from "./photos.server";

// What visitors see and do: a profile's published reviews, ten a page, newest first (read off the
// partial index on profile, publish time and id; the page count from the profile row's count), and
// a report of a review, one per visitor and review.

/** A page of published reviews; `page` past the end shows the last. */
export async function reviewsPage(db: Executor, profileId: string, siteName: string, page: number, knownTotal?: number): Promise<ReviewsPage> {
  const total = knownTotal ?? (await db.select({ count: profiles.reviewCount }).from(profiles).where(eq(profiles.id, profileId)))[0]?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  if (total === 0) return { reviews: [], page: 1, pageCount: 1, total: 0 };
  const rows = await db
    .select({
      id: reviews.id,
      authorName: reviews.authorName,
      rating: reviews.rating,
      body: reviews.body,
      partyOn: reviews.partyOn,
      askedOn: reviews.askedOn,
      publishedAt: reviews.publishedAt,
      photos: reviews.photos,
      reply: reviews.reply,
    })
    .from(reviews)
    .where(and(eq(reviews.profileId, profileId), eq(reviews.status, "published")))
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(REVIEWS_PAGE_SIZE)
    .offset((current - 1) * REVIEWS_PAGE_SIZE);
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      authorName: r.authorName,
      rating: r.rating,
      body: r.body,
      verified: verifiedLine(siteName, r.partyOn, r.askedOn),
      publishedOn: (r.publishedAt ?? new Date()).toISOString().slice(0, 10),
      photos: photoViews(r.photos),
      reply: r.reply,
    })),
    page: current,
    pageCount,
    total,
  };
}

/** Whether a profile's page shows the reviews' section: reviews to show, or reliability to state. */
export function hasReviewSection(profile: Pick<ProfileDetailData, "reviewFigures">, page: ReviewsPage): boolean {
  const figures = profile.reviewFigures;
  return page.total > 0 || (figures !== undefined && reliabilityLine(figures.confirmedParties, figures.noShows) !== null);
}

/** A second report of one visitor committed first: this one is rolled back. */
class ReportRaceError extends Error {}

/** Reports one visitor may send a day, across reviews. */
export const REPORTS_PER_VISITOR_PER_DAY = 5;

export type ReportOutcome = { kind: "reported"; profileId: string } | { kind: "already"; profileId: string } | { kind: "limited"; profileId: string } | { kind: "not-found" };

/**
 * A visitor's report: one per visitor and review (their client key, as an HMAC, never stored as is),
 * counted against their day's allowance only when it is stored, so repeats cost nothing and count
 * nothing. Only published reviews can be reported.
 */
export async function reportReview(
  db: Executor,
  secret: string,
  input: { reviewId: string; reason: string; clientKey: string },
  now: Date = new Date(),
): Promise<ReportOutcome> {
  if (!isUuid(input.reviewId)) return { kind: "not-found" };
  return db.transaction(async (tx): Promise<ReportOutcome> => {
    const [review] = await tx
      .select({ profileId: reviews.profileId })
      .from(reviews)
      .where(and(eq(reviews.id, input.reviewId), eq(reviews.status, "published")));
    if (!review) return { kind: "not-found" };
    const reporterKey = createHmac("sha256", `review-report:${secret}`).update(input.clientKey).digest("base64url").slice(0, 32);
    const [already] = await tx
      .select({ id: reviewReports.id })
      .from(reviewReports)
      .where(and(eq(reviewReports.reviewId, input.reviewId), eq(reviewReports.reporterKey, reporterKey)));
    if (already) return { kind: "already", profileId: review.profileId };
    const allowance = await takeRateLimit(
      tx,
      { key: `review-report:${reporterKey}`, limit: REPORTS_PER_VISITOR_PER_DAY, windowMs: 24 * 60 * 60_000 },
      1,
      now,
    );
    if (!allowance.allowed) return { kind: "limited", profileId: review.profileId };
    const inserted = await tx
      .insert(reviewReports)
      .values({ reviewId: input.reviewId, reporterKey, reason: input.reason, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: reviewReports.id });
    if (inserted.length === 0) throw new ReportRaceError();
    return { kind: "reported", profileId: review.profileId };
  }).catch((error: unknown) => {
    // Two reports of one visitor at once: the second's allowance is given back with its rollback.
    if (error instanceof ReportRaceError) return { kind: "not-found" } as const;
    throw error;
  });
}

