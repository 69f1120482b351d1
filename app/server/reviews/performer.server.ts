import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { verifiedLine, type PerformerQuestionView, type PerformerReviewView } from "~/lib/review-view";
import type { Executor } from "../db/client.server";
import { reviewRequests, reviews } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { refreshReviewFigures } from "./figures.server";
import { photoViews } from "./photos.server";

// The performer's side: "Did this one book?" on each inquiry asked about, a dispute while a review
// waits out its 7 days, and one public reply per review. Every query carries the owner's id, so an
// id from someone else's dashboard finds nothing. Performers never edit a review.

export type PerformerOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

const NOT_FOUND: PerformerOutcome = { ok: false, message: "We could not find that review. Please reload the page.", status: 404 };

/** "Did this one book?": answered once; a yes publishes the parent's waiting review at once. */
export async function answerBooking(db: Executor, ownerId: string, requestId: string, booked: boolean, now: Date = new Date()): Promise<PerformerOutcome> {
  if (!isUuid(requestId)) return NOT_FOUND;
  return db.transaction(async (tx): Promise<PerformerOutcome> => {
    const updated = await tx
      .update(reviewRequests)
      .set({ performerAnswer: booked ? "booked" : "not_booked", performerAnsweredAt: now })
      .where(and(eq(reviewRequests.id, requestId), eq(reviewRequests.profileId, ownerId), isNull(reviewRequests.performerAnswer)))
      .returning({ id: reviewRequests.id });
    if (updated.length === 0) {
      const [exists] = await tx
        .select({ id: reviewRequests.id })
        .from(reviewRequests)
        .where(and(eq(reviewRequests.id, requestId), eq(reviewRequests.profileId, ownerId)));
      return exists ? { ok: false, message: "You have already answered this one.", status: 409 } : NOT_FOUND;
    }
    if (booked) {
      await tx
        .update(reviews)
        .set({ status: "published", publishedAt: now })
        .where(and(eq(reviews.requestId, requestId), eq(reviews.status, "pending")));
    }
    await refreshReviewFigures(tx, ownerId);
    return { ok: true, message: booked ? "Thanks! Marked as booked." : "Thanks! Marked as not booked." };
  });
}

/** A dispute, while the review waits (pending): it stays off the profile until an admin decides. */
export async function disputeReview(db: Executor, ownerId: string, reviewId: string, reason: string, now: Date = new Date()): Promise<PerformerOutcome> {
  if (!isUuid(reviewId)) return NOT_FOUND;
  const updated = await db
    .update(reviews)
    .set({ status: "disputed", disputeReason: reason, disputedAt: now })
    .where(and(eq(reviews.id, reviewId), eq(reviews.profileId, ownerId), eq(reviews.status, "pending")))
    .returning({ id: reviews.id });
  if (updated.length > 0) return { ok: true, message: "Thanks. Our team will look at this review and email you what we decide." };
  const [exists] = await db.select({ status: reviews.status }).from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.profileId, ownerId)));
  return exists ? { ok: false, message: "This review can no longer be disputed.", status: 409 } : NOT_FOUND;
}

/** The one public reply; a second is refused (the first stays as written). */
export async function replyToReview(db: Executor, ownerId: string, reviewId: string, reply: string, now: Date = new Date()): Promise<PerformerOutcome> {
  if (!isUuid(reviewId)) return NOT_FOUND;
  const updated = await db
    .update(reviews)
    .set({ reply, repliedAt: now })
    .where(and(eq(reviews.id, reviewId), eq(reviews.profileId, ownerId), isNull(reviews.reply), sql`${reviews.status} in ('pending', 'published', 'disputed')`))
    .returning({ id: reviews.id });
  if (updated.length > 0) return { ok: true, message: "Your reply is posted." };
  const [exists] = await db.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.profileId, ownerId)));
  return exists ? { ok: false, message: "You have already replied to this review.", status: 409 } : NOT_FOUND;
}

/** Questions waiting for the performer's answer, newest party first. */
export async function openQuestions(db: Executor, ownerId: string, limit = 50): Promise<PerformerQuestionView[]> {
  const rows = await db
    .select({
      requestId: reviewRequests.id,
      inquiryId: reviewRequests.inquiryId,
      senderName: reviewRequests.parentName,
      partyOn: reviewRequests.partyOn,
      performerAnswer: reviewRequests.performerAnswer,
    })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.profileId, ownerId), isNull(reviewRequests.performerAnswer)))
    .orderBy(desc(reviewRequests.askedAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, performerAnswer: null }));
}

/** The question asked on one inquiry, for the inquiry's page; null before the job asked. */
export async function questionForInquiry(db: Executor, ownerId: string, inquiryId: string): Promise<PerformerQuestionView | null> {
  if (!isUuid(inquiryId)) return null;
  const [row] = await db
    .select({
      requestId: reviewRequests.id,
      inquiryId: reviewRequests.inquiryId,
      senderName: reviewRequests.parentName,
      partyOn: reviewRequests.partyOn,
      performerAnswer: reviewRequests.performerAnswer,
    })
    .from(reviewRequests)
    .where(and(eq(reviewRequests.inquiryId, inquiryId), eq(reviewRequests.profileId, ownerId)))
    .limit(1);
  if (!row) return null;
  return { ...row, performerAnswer: row.performerAnswer === "booked" || row.performerAnswer === "not_booked" ? row.performerAnswer : null };
}

/** The performer's reviews, newest first, whatever their state. */
export async function performerReviews(db: Executor, ownerId: string, siteName: string, limit = 100): Promise<PerformerReviewView[]> {
  const rows = await db
    .select()
    .from(reviews)
    .where(eq(reviews.profileId, ownerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    authorName: r.authorName,
    rating: r.rating,
    body: r.body,
    verified: verifiedLine(siteName, r.partyOn, r.askedOn),
    status: r.status as PerformerReviewView["status"],
    publishOn: r.status === "pending" ? r.publishAfter.toISOString().slice(0, 10) : null,
    disputeReason: r.disputeReason,
    reply: r.reply,
    photos: photoViews(r.photos),
  }));
}
