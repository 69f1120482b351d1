import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { contactMessages, profiles, reviewRequests } from "../db/schema";
import { newConfirmToken } from "../alerts/tokens.server";
import { enqueueEmail } from "../mail/outbox.server";
import { reviewQuestionEmail } from "../mail/review-templates.server";
import type { Logger } from "../platform/logger.server";
import { takeRateLimit } from "../platform/rate-limit.server";

// "Did Jolly Squad perform at your event?": once per inquiry, the day after its event date, or 30
// days after an undated inquiry, the parent is mailed a link to answer (no account). The mail is fixed
// wording (the address was never confirmed); the link's random token is stored only as its sha256.
// A function of `now`, so the demo clock can run it as if days had passed.

const DAY_MS = 24 * 60 * 60_000;
/** An undated inquiry is asked about this many days after it was sent. */
export const UNDATED_ASK_DAYS = 30;
/** How long the mailed link answers. */
export const REVIEW_LINK_DAYS = 30;
/**
 * Inquiries whose moment to ask passed longer ago than this are never asked: the job's first run
 * does not mail every parent of the site's history, and a question months late helps nobody.
 */
export const ASK_WINDOW_DAYS = 30;
/** Questions one address is sent a day, whoever typed it into inquiries: the rest wait for the next day. */
export const QUESTIONS_PER_ADDRESS_PER_DAY = 3;
const BATCH = 50;

export interface ReviewQuestionDeps {
  db: Executor;
  config: { publicUrl: string; siteName: string };
  logger?: Logger;
}

/** The day (UTC) of a moment, as YYYY-MM-DD. */
function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * The inquiries due a question at `now`: dated ones whose event date is before today (UTC), undated
 * ones sent 30 days ago or more, each within the asking window, never asked before, to a named profile.
 */
export function dueInquiriesCondition(now: Date) {
  const today = dayOf(now);
  const oldestDay = dayOf(new Date(now.getTime() - ASK_WINDOW_DAYS * DAY_MS));
  const undatedBefore = new Date(now.getTime() - UNDATED_ASK_DAYS * DAY_MS);
  const undatedAfter = new Date(now.getTime() - (UNDATED_ASK_DAYS + ASK_WINDOW_DAYS) * DAY_MS);
  return and(
    sql`(
      (${contactMessages.eventDate} is not null and ${contactMessages.eventDate} < ${today}::date and ${contactMessages.eventDate} >= ${oldestDay}::date)
      or (${contactMessages.eventDate} is null and ${contactMessages.createdAt} <= ${undatedBefore.toISOString()}::timestamptz
          and ${contactMessages.createdAt} > ${undatedAfter.toISOString()}::timestamptz)
    )`,
    sql`not exists (select 1 from ${reviewRequests} where ${reviewRequests.inquiryId} = ${contactMessages.id})`,
  );
}

export interface AskResult {
  asked: number;
  /** Left for another day: the address had its questions for today. */
  waiting: number;
}

/** Asks every parent due a question at `now`; safe in several processes (claims skip locked rows). */
export async function askForReviews(deps: ReviewQuestionDeps, now: Date = new Date(), options: { signal?: AbortSignal } = {}): Promise<AskResult> {
  const result: AskResult = { asked: 0, waiting: 0 };
  const skipped = new Set<string>();
  for (;;) {
    if (options.signal?.aborted) return result;
    const batch = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          id: contactMessages.id,
          profileId: contactMessages.profileId,
          senderEmail: contactMessages.senderEmail,
          senderName: contactMessages.senderName,
          eventDate: contactMessages.eventDate,
          performerName: profiles.displayName,
        })
        .from(contactMessages)
        .innerJoin(profiles, eq(profiles.id, contactMessages.profileId))
        .where(and(dueInquiriesCondition(now), sql`${profiles.displayName} is not null`))
        .orderBy(contactMessages.createdAt)
        .limit(BATCH + skipped.size)
        .for("update", { of: contactMessages, skipLocked: true });
      let asked = 0;
      let seen = 0;
      for (const row of rows) {
        if (skipped.has(row.id)) continue;
        seen++;
        const address = row.senderEmail.toLowerCase();
        const allowance = await takeRateLimit(
          tx,
          { key: `review-question:address:${address}`, limit: QUESTIONS_PER_ADDRESS_PER_DAY, windowMs: DAY_MS },
          1,
          now,
        );
        if (!allowance.allowed) {
          skipped.add(row.id);
          result.waiting++;
          continue;
        }
        const { token, hash } = newConfirmToken();
        const inserted = await tx
          .insert(reviewRequests)
          .values({
            inquiryId: row.id,
            profileId: row.profileId,
            parentEmail: row.senderEmail,
            parentName: row.senderName,
            partyOn: row.eventDate,
            tokenHash: hash,
            askedAt: now,
            expiresAt: new Date(now.getTime() + REVIEW_LINK_DAYS * DAY_MS),
          })
          .onConflictDoNothing()
          .returning({ id: reviewRequests.id });
        if (inserted.length === 0) continue;
        await enqueueEmail(
          tx,
          reviewQuestionEmail({
            siteName: deps.config.siteName,
            to: row.senderEmail,
            performerName: row.performerName ?? "",
            link: `${deps.config.publicUrl}/review/${token}`,
            days: REVIEW_LINK_DAYS,
          }),
        );
        asked++;
      }
      return { asked, seen };
    });
    result.asked += batch.asked;
    if (batch.seen < BATCH) return result;
  }
}
