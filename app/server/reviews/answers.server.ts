import { eq, sql } from "drizzle-orm";
import { formatDay } from "~/lib/calendar";
import type { FieldErrors } from "~/lib/form";
import type { ReviewAnswerInput } from "~/lib/review-schema";
import { LINK_EXPIRED, LINK_INVALID, LINK_USED, type ReviewLinkView } from "~/lib/review-view";
import type { Executor } from "../db/client.server";
import { profiles, reviewRequests, reviews, user } from "../db/schema";
import { hashConfirmToken, isConfirmToken } from "../alerts/tokens.server";
import { enqueueEmail } from "../mail/outbox.server";
import { reviewReceivedEmail } from "../mail/review-templates.server";
import { refreshReviewFigures } from "./figures.server";
import type { StoredPhotos } from "./photos.server";
import { cancelStoredFileDeletions } from "../profiles/stored-file-deletions.server";

// The parent's side: the page behind the mailed link and its one answer. Opening the page records
// that the address's holder received the link (mail scanners open links too, which proves the same:
// the mail reached the address). Answering spends the link: a second post, or a replay of the first,
// finds it answered and changes nothing. One review per inquiry (the unique request_id).

const DAY_MS = 24 * 60 * 60_000;
/** A review the performer did not confirm waits this long for a dispute before it is published. */
export const DISPUTE_DAYS = 7;

export { LINK_EXPIRED, LINK_INVALID, LINK_USED };

interface FoundRequest {
  id: string;
  profileId: string;
  performerName: string;
  expiresAt: Date;
  parentAnswer: string | null;
  performerAnswer: string | null;
  eventDate: string | null;
  senderName: string;
  askedAt: Date;
}

async function findByToken(db: Executor, token: string, lock: boolean): Promise<FoundRequest | null> {
  if (!isConfirmToken(token)) return null;
  const query = db
    .select({
      id: reviewRequests.id,
      profileId: reviewRequests.profileId,
      performerName: profiles.displayName,
      expiresAt: reviewRequests.expiresAt,
      parentAnswer: reviewRequests.parentAnswer,
      performerAnswer: reviewRequests.performerAnswer,
      eventDate: reviewRequests.partyOn,
      senderName: reviewRequests.parentName,
      askedAt: reviewRequests.askedAt,
    })
    .from(reviewRequests)
    .innerJoin(profiles, eq(profiles.id, reviewRequests.profileId))
    .where(eq(reviewRequests.tokenHash, hashConfirmToken(token)))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: reviewRequests }) : await query;
  return row ? { ...row, performerName: row.performerName ?? "The performer" } : null;
}

const REVIEW_STATUS_WORDS: Record<string, string> = {
  pending: "Your review goes on their profile within 7 days.",
  published: "Your review is on their profile.",
  disputed: "The performer asked us to look at your review; our team will decide soon.",
  hidden: "Our team has taken your review off their profile.",
  removed: "Our team has removed your review.",
};

/** The page a mailed link opens, recording the first opening. */
export async function openReviewLink(db: Executor, token: string, now: Date = new Date()): Promise<ReviewLinkView> {
  const found = await findByToken(db, token, false);
  if (!found) return { state: "invalid" };
  if (found.parentAnswer) {
    const [review] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.requestId, found.id));
    return {
      state: "answered",
      performerName: found.performerName,
      profileId: found.profileId,
      answer: found.parentAnswer as "booked" | "no_show" | "not_booked",
      reviewStatus: review ? (REVIEW_STATUS_WORDS[review.status] ?? null) : null,
    };
  }
  if (found.expiresAt.getTime() <= now.getTime()) return { state: "expired", performerName: found.performerName };
  await db
    .update(reviewRequests)
    .set({ linkOpenedAt: now })
    .where(sql`${reviewRequests.id} = ${found.id} and ${reviewRequests.linkOpenedAt} is null`);
  return {
    state: "open",
    performerName: found.performerName,
    profileId: found.profileId,
    partyDay: found.eventDate ? formatDay(found.eventDate) : null,
  };
}

/**
 * Whether a link may be answered now, checked before its post's body is read (photos are read and
 * stored only for an open link). The answer checks again under the row's lock.
 */
export async function checkLinkOpen(
  db: Executor,
  token: string,
  now: Date = new Date(),
): Promise<{ open: true; requestId: string } | { open: false; message: string; status: number }> {
  const found = await findByToken(db, token, false);
  if (!found) return { open: false, message: LINK_INVALID, status: 404 };
  if (found.parentAnswer) return { open: false, message: LINK_USED, status: 409 };
  if (found.expiresAt.getTime() <= now.getTime()) return { open: false, message: LINK_EXPIRED, status: 410 };
  return { open: true, requestId: found.id };
}

/** "Paula Parent" -> "Paula P.": enough to be a person, not enough to find them. */
export function authorNameOf(senderName: string): string {
  const words = senderName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "A parent";
  const first = words[0].slice(0, 40);
  const last = words.length > 1 ? ` ${words[words.length - 1][0].toUpperCase()}.` : "";
  return `${first}${last}`;
}

export type AnswerOutcome =
  | { kind: "answered"; answer: "booked" | "no_show" | "not_booked"; published: boolean; profileId: string }
  | { kind: "refused"; message: string; status: number }
  | { kind: "invalid"; errors: FieldErrors };

export interface AnswerDeps {
  db: Executor;
  config: { publicUrl: string; siteName: string };
}

/**
 * The parent's one answer, in one transaction under the request's row lock: a second post (another
 * tab, a replay) finds it answered and is refused with nothing written.
 */
export async function answerReviewQuestion(
  deps: AnswerDeps,
  token: string,
  input: ReviewAnswerInput,
  now: Date = new Date(),
  stored: StoredPhotos = { photos: [], keys: [] },
): Promise<AnswerOutcome> {
  return deps.db.transaction(async (tx): Promise<AnswerOutcome> => {
    const found = await findByToken(tx, token, true);
    if (!found) return { kind: "refused", message: LINK_INVALID, status: 404 };
    if (found.parentAnswer) return { kind: "refused", message: LINK_USED, status: 409 };
    if (found.expiresAt.getTime() <= now.getTime()) return { kind: "refused", message: LINK_EXPIRED, status: 410 };
    const answer = input.answer;
    await tx
      .update(reviewRequests)
      .set({
        parentAnswer: answer,
        answeredAt: now,
        linkOpenedAt: sql`coalesce(${reviewRequests.linkOpenedAt}, ${now.toISOString()}::timestamptz)`,
        ...(answer === "no_show" ? { noShowStatus: "pending", noShowNote: input.note || null } : {}),
      })
      .where(eq(reviewRequests.id, found.id));
    let published = false;
    if (answer === "booked") {
      // The performer said it booked: both sides agree, so the review goes up at once.
      published = found.performerAnswer === "booked";
      await tx.insert(reviews).values({
        requestId: found.id,
        profileId: found.profileId,
        authorName: authorNameOf(found.senderName),
        partyOn: found.eventDate,
        askedOn: found.askedAt.toISOString().slice(0, 10),
        rating: Number(input.rating),
        body: input.body ?? "",
        photos: stored.photos,
        status: published ? "published" : "pending",
        publishAfter: new Date(now.getTime() + DISPUTE_DAYS * DAY_MS),
        publishedAt: published ? now : null,
        createdAt: now,
      });
      // The photos are kept: their files leave the deletion queue with this commit.
      await cancelStoredFileDeletions(tx, stored.keys);
      const [owner] = await tx.select({ email: user.email, confirmed: user.emailVerified }).from(user).where(eq(user.id, found.profileId));
      if (owner?.confirmed) {
        await enqueueEmail(
          tx,
          reviewReceivedEmail({ siteName: deps.config.siteName, to: owner.email, dashboardUrl: `${deps.config.publicUrl}/dashboard/reviews`, published }),
        );
      }
    }
    await refreshReviewFigures(tx, found.profileId);
    return { kind: "answered", answer, published, profileId: found.profileId };
  });
}
