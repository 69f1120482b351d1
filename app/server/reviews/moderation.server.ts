import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { AdminReviewItem } from "~/lib/review-view";
import type { ReviewDecision } from "~/lib/review-schema";
import { recordAudit, type AdminAction } from "../admin/audit.server";
import type { Executor } from "../db/client.server";
import { profiles, reviewReports, reviewRequests, reviews, user } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { enqueueEmail } from "../mail/outbox.server";
import { reviewDecisionParentEmail, reviewDecisionPerformerEmail } from "../mail/review-templates.server";
import { refreshReviewFigures } from "./figures.server";

// The admin's Reviews section: reviews visitors reported, reviews performers disputed and parents'
// no-show reports, each approved, hidden or removed with a reason. One transaction per decision
// stores the change, the audit row and the mails: the performer's (their confirmed account address)
// quotes the reason; the parent's is fixed wording, since their address was never confirmed.

const LIST_LIMIT = 100;

export async function reviewQueue(db: Executor): Promise<AdminReviewItem[]> {
  const reported = await db
    .select({
      id: reviews.id,
      status: reviews.status,
      profileId: reviews.profileId,
      performerName: profiles.displayName,
      authorName: reviews.authorName,
      rating: reviews.rating,
      body: reviews.body,
      partyOn: reviews.partyOn,
      disputeReason: reviews.disputeReason,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(profiles, eq(profiles.id, reviews.profileId))
    .where(
      sql`${reviews.status} = 'disputed' or (${reviews.status} = 'published' and exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and ${reviewReports.status} = 'open'))`,
    )
    .orderBy(asc(reviews.createdAt))
    .limit(LIST_LIMIT);
  const reasons = new Map<string, string[]>();
  if (reported.length > 0) {
    const rows = await db
      .select({ reviewId: reviewReports.reviewId, reason: reviewReports.reason })
      .from(reviewReports)
      .where(and(inArray(reviewReports.reviewId, reported.map((r) => r.id)), eq(reviewReports.status, "open")))
      .orderBy(asc(reviewReports.createdAt));
    for (const row of rows) reasons.set(row.reviewId, [...(reasons.get(row.reviewId) ?? []), row.reason]);
  }
  const noShows = await db
    .select({
      id: reviewRequests.id,
      profileId: reviewRequests.profileId,
      performerName: profiles.displayName,
      senderName: reviewRequests.parentName,
      partyOn: reviewRequests.partyOn,
      note: reviewRequests.noShowNote,
      answeredAt: reviewRequests.answeredAt,
    })
    .from(reviewRequests)
    .innerJoin(profiles, eq(profiles.id, reviewRequests.profileId))
    .where(eq(reviewRequests.noShowStatus, "pending"))
    .orderBy(asc(reviewRequests.answeredAt))
    .limit(LIST_LIMIT);
  return [
    ...reported.map(
      (r): AdminReviewItem => ({
        kind: "review",
        id: r.id,
        why: r.status === "disputed" ? "Disputed by the performer" : "Reported by visitors",
        performerName: r.performerName ?? "Unnamed profile",
        profileId: r.profileId,
        authorName: r.authorName,
        rating: r.rating,
        body: r.body,
        notes: r.status === "disputed" ? [r.disputeReason ?? ""] : (reasons.get(r.id) ?? []),
        partyOn: r.partyOn,
        createdAt: r.createdAt.toISOString(),
      }),
    ),
    ...noShows.map(
      (r): AdminReviewItem => ({
        kind: "no_show",
        id: r.id,
        why: "No-show report",
        performerName: r.performerName ?? "Unnamed profile",
        profileId: r.profileId,
        authorName: r.senderName,
        rating: null,
        body: null,
        notes: r.note ? [r.note] : [],
        partyOn: r.partyOn,
        createdAt: (r.answeredAt ?? new Date()).toISOString(),
      }),
    ),
  ];
}

export interface DecisionDeps {
  db: Executor;
  config: { publicUrl: string; siteName: string; contactEmails: { support: string } };
}

export type DecisionOutcome = { ok: true; message: string } | { ok: false; message: string; status: number };

const REVIEW_WORDS: Record<ReviewDecision, { action: AdminAction; status: "published" | "hidden" | "removed"; performer: string; done: string }> = {
  approve: { action: "review.approve", status: "published", performer: "Our team looked at a review on your profile and decided to keep it there.", done: "Review approved: it is on the profile." },
  hide: { action: "review.hide", status: "hidden", performer: "Our team has taken a review off your profile.", done: "Review hidden from the profile." },
  remove: { action: "review.remove", status: "removed", performer: "Our team has removed a review from your profile.", done: "Review removed." },
};

const NO_SHOW_WORDS: Record<ReviewDecision, { action: AdminAction; status: "confirmed" | "hidden" | "removed"; performer: string; done: string }> = {
  approve: {
    action: "no_show.approve",
    status: "confirmed",
    performer: "Our team looked at a parent's report that you did not come to their party, and confirmed it: it now counts in your reliability.",
    done: "No-show confirmed: it counts in the performer's reliability.",
  },
  hide: {
    action: "no_show.hide",
    status: "hidden",
    performer: "Our team looked at a parent's report that you did not come to their party. It will not count against you.",
    done: "No-show report set aside.",
  },
  remove: {
    action: "no_show.remove",
    status: "removed",
    performer: "Our team looked at a parent's report that you did not come to their party and removed it. It will not count against you.",
    done: "No-show report removed.",
  },
};

async function mailBoth(tx: Executor, deps: DecisionDeps, profileId: string, parentEmail: string, what: string, reason: string) {
  const [owner] = await tx.select({ email: user.email, confirmed: user.emailVerified }).from(user).where(eq(user.id, profileId));
  const replyTo = deps.config.contactEmails.support;
  if (owner?.confirmed) {
    await enqueueEmail(
      tx,
      reviewDecisionPerformerEmail({ siteName: deps.config.siteName, to: owner.email, what, reason, replyTo, dashboardUrl: `${deps.config.publicUrl}/dashboard/reviews` }),
    );
  }
  await enqueueEmail(tx, reviewDecisionParentEmail({ siteName: deps.config.siteName, to: parentEmail, profileUrl: `${deps.config.publicUrl}/profile/${profileId}`, replyTo }));
}

const GONE: DecisionOutcome = { ok: false, message: "That item is no longer waiting: another admin may have decided it.", status: 409 };

/** Approve, hide or remove a disputed or reported review. */
export async function decideReview(deps: DecisionDeps, adminId: string, reviewId: string, decision: ReviewDecision, reason: string, now: Date = new Date()): Promise<DecisionOutcome> {
  if (!isUuid(reviewId)) return GONE;
  const words = REVIEW_WORDS[decision];
  return deps.db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [row] = await tx
      .select({ id: reviews.id, status: reviews.status, profileId: reviews.profileId, parentEmail: reviewRequests.parentEmail })
      .from(reviews)
      .innerJoin(reviewRequests, eq(reviewRequests.id, reviews.requestId))
      .where(eq(reviews.id, reviewId))
      .for("update", { of: reviews });
    if (!row || !["disputed", "published"].includes(row.status)) return GONE;
    await tx
      .update(reviews)
      .set({ status: words.status, decidedReason: reason, publishedAt: words.status === "published" ? sql`coalesce(${reviews.publishedAt}, ${now.toISOString()}::timestamptz)` : sql`${reviews.publishedAt}` })
      .where(eq(reviews.id, reviewId));
    await tx.update(reviewReports).set({ status: "closed" }).where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, "open")));
    await refreshReviewFigures(tx, row.profileId);
    await recordAudit(tx, { adminId, action: words.action, targetType: "review", targetId: reviewId, notes: reason });
    await mailBoth(tx, deps, row.profileId, row.parentEmail, words.performer, reason);
    return { ok: true, message: words.done };
  });
}

/** Approve (a confirmed no-show), hide or remove a parent's no-show report. */
export async function decideNoShow(deps: DecisionDeps, adminId: string, requestId: string, decision: ReviewDecision, reason: string): Promise<DecisionOutcome> {
  if (!isUuid(requestId)) return GONE;
  const words = NO_SHOW_WORDS[decision];
  return deps.db.transaction(async (tx): Promise<DecisionOutcome> => {
    const [row] = await tx
      .select({ profileId: reviewRequests.profileId, status: reviewRequests.noShowStatus, parentEmail: reviewRequests.parentEmail })
      .from(reviewRequests)
      .where(eq(reviewRequests.id, requestId))
      .for("update", { of: reviewRequests });
    if (!row || row.status !== "pending") return GONE;
    await tx.update(reviewRequests).set({ noShowStatus: words.status, decidedReason: reason }).where(eq(reviewRequests.id, requestId));
    await refreshReviewFigures(tx, row.profileId);
    await recordAudit(tx, { adminId, action: words.action, targetType: "review_request", targetId: requestId, notes: reason });
    await mailBoth(tx, deps, row.profileId, row.parentEmail, words.performer, reason);
    return { ok: true, message: words.done };
  });
}

