import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { pushOutbox, pushSubscriptions } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import { sendPush, type PushOutcome, type SendOptions } from "./send.server";
import type { VapidKeys } from "./vapid.server";

// Delivers queued alerts, as the mail outbox does: each claimed by one UPDATE over a FOR UPDATE SKIP
// LOCKED selection, so any number of processes send each once. A batch goes out at once, side by
// side, so one slow push service cannot hold the others back past the few seconds an alert has.

export interface PushDeliveryOptions extends SendOptions {
  logger: Logger;
  now?: Date;
  batchSize?: number;
  lockMs?: number;
}

export interface PushDeliveryResult {
  claimed: number;
  sent: number;
  gone: number;
  retrying: number;
  failed: number;
}

const DEFAULT_BATCH = 20;
const DEFAULT_LOCK_MS = 60_000;
const RETRY_BASE_MS = 10_000;
const RETRY_MAX_MS = 10 * 60_000;

function retryDelayMs(attempts: number, asked: number | null): number {
  const backoff = Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
  return asked === null ? backoff : Math.min(Math.max(asked, backoff), RETRY_MAX_MS * 6);
}

export async function deliverDuePushes(db: Executor, vapid: VapidKeys, options: PushDeliveryOptions): Promise<PushDeliveryResult> {
  const result: PushDeliveryResult = { claimed: 0, sent: 0, gone: 0, retrying: 0, failed: 0 };
  const now = options.now ?? new Date();
  // The database's clock unless a test pins the time (rows are stamped by it, in microseconds).
  const dueBy = options.now ?? sql`now()`;
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(
      or(
        and(eq(pushOutbox.status, "pending"), lte(pushOutbox.nextAttemptAt, dueBy)),
        and(eq(pushOutbox.status, "sending"), lt(pushOutbox.lockedUntil, dueBy)),
      ),
    )
    .orderBy(asc(pushOutbox.nextAttemptAt))
    .limit(options.batchSize ?? DEFAULT_BATCH)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(pushOutbox)
    .set({
      status: "sending",
      lockedUntil: new Date(now.getTime() + (options.lockMs ?? DEFAULT_LOCK_MS)),
      attempts: sql`${pushOutbox.attempts} + 1`,
    })
    .where(inArray(pushOutbox.id, due))
    .returning();
  result.claimed = claimed.length;
  if (claimed.length === 0) return result;

  const targets = await db
    .select()
    .from(pushSubscriptions)
    .where(
      inArray(
        pushSubscriptions.id,
        claimed.map((row) => row.subscriptionId),
      ),
    );
  const byId = new Map(targets.map((target) => [target.id, target]));

  await Promise.all(
    claimed.map(async (row) => {
      const target = byId.get(row.subscriptionId);
      // The device was removed since the claim: its alerts went with it.
      if (!target) return;
      const outcome = await sendPush(target, row, vapid, options);
      await record(db, row, target.id, outcome, now, options.logger, result);
    }),
  );
  return result;
}

async function record(
  db: Executor,
  row: typeof pushOutbox.$inferSelect,
  subscriptionId: string,
  outcome: PushOutcome,
  now: Date,
  logger: Logger,
  result: PushDeliveryResult,
): Promise<void> {
  const claimedRow = and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, "sending"));
  if (outcome.kind === "sent") {
    await db.update(pushOutbox).set({ status: "sent", sentAt: sql`now()`, lockedUntil: null, lastError: null }).where(claimedRow);
    await db.update(pushSubscriptions).set({ lastSentAt: sql`now()` }).where(eq(pushSubscriptions.id, subscriptionId));
    result.sent++;
    return;
  }
  if (outcome.kind === "gone") {
    // The browser withdrew the subscription or it expired: the device's row and its queue go.
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    logger.info({ subscriptionId, status: outcome.status }, "push subscription gone; removed");
    result.gone++;
    return;
  }
  const stale = now.getTime() - row.createdAt.getTime() >= row.ttlSeconds * 1000;
  const giveUp = outcome.kind === "refused" || stale;
  const nextAttemptAt = giveUp ? now : new Date(now.getTime() + retryDelayMs(row.attempts, outcome.kind === "retry" ? outcome.retryAfterMs : null));
  await db
    .update(pushOutbox)
    .set({ status: giveUp ? "failed" : "pending", lastError: outcome.error, lockedUntil: null, nextAttemptAt })
    .where(claimedRow);
  if (giveUp) {
    result.failed++;
    logger.warn({ pushId: row.id, attempts: row.attempts, error: outcome.error }, "push alert failed for good");
  } else {
    result.retrying++;
    logger.info({ pushId: row.id, attempts: row.attempts, error: outcome.error }, "push alert failed; will retry");
  }
}

/** Drops sent and failed alerts after a week (the outbox is a queue, not a history). */
export async function pruneSentPushes(db: Executor, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(pushOutbox)
    .where(and(inArray(pushOutbox.status, ["sent", "failed"]), lt(pushOutbox.createdAt, new Date(now.getTime() - 7 * 24 * 60 * 60_000))))
    .returning({ id: pushOutbox.id });
  return removed.length;
}
