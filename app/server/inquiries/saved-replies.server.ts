import { and, asc, count, eq, sql } from "drizzle-orm";
import { SAVED_REPLIES_LIMIT, STARTER_REPLIES, type SavedReplyInput } from "~/lib/saved-replies";
import type { Executor } from "../db/client.server";
import { profiles, savedReplies } from "../db/schema";
import { isUuid } from "../db/sql-values.server";

// A performer's own saved replies (at most SAVED_REPLIES_LIMIT), beside the starters every
// performer has (app/lib/saved-replies.ts). Every query names the owner, so another performer's
// id finds nothing.

export interface SavedReply {
  id: string;
  title: string;
  body: string;
}

export async function listSavedReplies(db: Executor, ownerId: string): Promise<SavedReply[]> {
  return db
    .select({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body })
    .from(savedReplies)
    .where(eq(savedReplies.profileId, ownerId))
    .orderBy(asc(savedReplies.createdAt), asc(savedReplies.id));
}

/** A starter or one of the owner's own, by id; null when neither. */
export async function findTemplate(db: Executor, ownerId: string, id: string): Promise<SavedReply | null> {
  const starter = STARTER_REPLIES.find((s) => s.id === id);
  if (starter) return starter;
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: savedReplies.id, title: savedReplies.title, body: savedReplies.body })
    .from(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.profileId, ownerId)))
    .limit(1);
  return row ?? null;
}

export type SavedReplyWrite = { kind: "ok" } | { kind: "full" } | { kind: "missing" } | { kind: "no-profile" };

/** Adds one, unless the owner already keeps the limit (counted under a lock on their profile row). */
export async function addSavedReply(db: Executor, ownerId: string, input: SavedReplyInput): Promise<SavedReplyWrite> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, ownerId)).for("update");
    if (!owner) return { kind: "no-profile" };
    const [held] = await tx.select({ n: count() }).from(savedReplies).where(eq(savedReplies.profileId, ownerId));
    if (Number(held?.n ?? 0) >= SAVED_REPLIES_LIMIT) return { kind: "full" };
    await tx.insert(savedReplies).values({ profileId: ownerId, title: input.title, body: input.body });
    return { kind: "ok" };
  });
}

export async function updateSavedReply(db: Executor, ownerId: string, id: string, input: SavedReplyInput): Promise<SavedReplyWrite> {
  if (!isUuid(id)) return { kind: "missing" };
  const updated = await db
    .update(savedReplies)
    .set({ title: input.title, body: input.body, updatedAt: sql`now()` })
    .where(and(eq(savedReplies.id, id), eq(savedReplies.profileId, ownerId)))
    .returning({ id: savedReplies.id });
  return updated.length > 0 ? { kind: "ok" } : { kind: "missing" };
}

export async function deleteSavedReply(db: Executor, ownerId: string, id: string): Promise<SavedReplyWrite> {
  if (!isUuid(id)) return { kind: "missing" };
  const deleted = await db
    .delete(savedReplies)
    .where(and(eq(savedReplies.id, id), eq(savedReplies.profileId, ownerId)))
    .returning({ id: savedReplies.id });
  return deleted.length > 0 ? { kind: "ok" } : { kind: "missing" };
}
