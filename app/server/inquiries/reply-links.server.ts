import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import type { ParentThreadView } from "~/lib/reply-view";
import type { Executor } from "../db/client.server";
import { contactMessages, inquiryReplies, inquiryReplyLinks, profiles } from "../db/schema";

// The link a reply mail carries, for the parent to read the performer's answers on the site with no
// account. Its token is random and only its sha256 is stored (a copy of the table opens nothing); it
// works for REPLY_LINK_DAYS. Opening it only reads (mail scanners open links by themselves); the
// page's button is what confirms the address, once: the token is then spent for confirming, and
// from then on the performer's words may travel in the mail to that address for this inquiry.

export const REPLY_LINK_DAYS = 30;

export function hashReplyToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function isReplyToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** A new link for the inquiry, stored in the caller's transaction (with the mail that carries it). */
export async function issueReplyLink(tx: Executor, inquiryId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await tx.insert(inquiryReplyLinks).values({
    tokenHash: hashReplyToken(token),
    inquiryId,
    expiresAt: new Date(now.getTime() + REPLY_LINK_DAYS * 86_400_000),
  });
  return token;
}

export function replyLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/replies?token=${encodeURIComponent(token)}`;
}

async function liveLink(db: Executor, token: string, now: Date) {
  if (!isReplyToken(token)) return null;
  const [row] = await db
    .select({ inquiryId: inquiryReplyLinks.inquiryId, usedAt: inquiryReplyLinks.usedAt })
    .from(inquiryReplyLinks)
    .where(and(eq(inquiryReplyLinks.tokenHash, hashReplyToken(token)), gt(inquiryReplyLinks.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/** What the parent's page shows: the performer's answers, never the parent's contact details. */
export async function readReplyLink(db: Executor, token: string, now: Date = new Date()): Promise<ParentThreadView | null> {
  const link = await liveLink(db, token, now);
  if (!link) return null;
  const [inquiry] = await db
    .select({
      eventDate: contactMessages.eventDate,
      confirmedAt: contactMessages.parentConfirmedAt,
      performerId: profiles.id,
      performerName: profiles.displayName,
    })
    .from(contactMessages)
    .innerJoin(profiles, eq(profiles.id, contactMessages.profileId))
    .where(eq(contactMessages.id, link.inquiryId))
    .limit(1);
  if (!inquiry) return null;
  const entries = await db
    .select({ id: inquiryReplies.id, kind: inquiryReplies.kind, body: inquiryReplies.body, alternatives: inquiryReplies.alternatives, createdAt: inquiryReplies.createdAt })
    .from(inquiryReplies)
    .where(and(eq(inquiryReplies.inquiryId, link.inquiryId), inArray(inquiryReplies.kind, ["reply", "decline"])))
    .orderBy(asc(inquiryReplies.createdAt), asc(inquiryReplies.id));
  return {
    performerId: inquiry.performerId,
    performerName: inquiry.performerName ?? "The performer",
    eventDate: inquiry.eventDate,
    addressConfirmed: inquiry.confirmedAt !== null,
    canConfirm: inquiry.confirmedAt === null && link.usedAt === null,
    entries: entries.map((e) => ({
      id: e.id,
      kind: e.kind === "decline" ? "decline" : "reply",
      body: e.body,
      alternatives: e.alternatives ?? [],
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

/**
 * The page's button: the parent holds the address, so later replies may carry their words. Spends
 * the token for confirming (a replayed post changes nothing). True when the address is confirmed.
 */
export async function confirmReplyAddress(db: Executor, token: string, now: Date = new Date()): Promise<boolean> {
  if (!isReplyToken(token)) return false;
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(inquiryReplyLinks)
      .set({ usedAt: now })
      .where(and(eq(inquiryReplyLinks.tokenHash, hashReplyToken(token)), gt(inquiryReplyLinks.expiresAt, now), isNull(inquiryReplyLinks.usedAt)))
      .returning({ inquiryId: inquiryReplyLinks.inquiryId });
    if (!spent) return false;
    await tx
      .update(contactMessages)
      .set({ parentConfirmedAt: sql`coalesce(${contactMessages.parentConfirmedAt}, ${now.toISOString()}::timestamptz)` })
      .where(eq(contactMessages.id, spent.inquiryId));
    return true;
  });
}

/** Drops links that expired (the reply-stats job's housekeeping). */
export async function pruneExpiredReplyLinks(db: Executor, now: Date = new Date()): Promise<number> {
  const removed = await db.delete(inquiryReplyLinks).where(lt(inquiryReplyLinks.expiresAt, now)).returning({ hash: inquiryReplyLinks.tokenHash });
  return removed.length;
}
