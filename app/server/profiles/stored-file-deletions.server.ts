import { asc, eq, inArray, lte } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { storageDeletions } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import type { Storage } from "../storage/storage.server";

// Files that must go once their rows are gone. The keys are queued in the transaction that deletes
// the rows, so a commit always leaves a record of what to remove: the caller removes them right
// after the commit, and the sweep job retries whatever that could not remove (storage down, the
// process killed in between).
//
// An upload uses the same queue the other way round: its keys are queued, due after a grace
// period, before any file is written, and the transaction that records the image takes them off.
// A process killed between writing the files and committing the row leaves the keys queued, and
// the sweep removes the orphans once the grace period is over.

const BATCH_SIZE = 100;
/** Waits between attempts on one file: a minute, doubling, at most six hours. */
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
/** How long a claimed key is left to the process that claimed it before another may try. */
const CLAIM_LEASE_MS = 10 * 60_000;

/** Queues files for removal, in the caller's transaction: due at once, or from `dueAt`. */
export async function queueStoredFileDeletions(tx: Executor, keys: readonly string[], dueAt?: Date): Promise<void> {
  if (keys.length === 0) return;
  await tx
    .insert(storageDeletions)
    .values(keys.map((key) => ({ key, ...(dueAt ? { nextAttemptAt: dueAt } : {}) })))
    .onConflictDoNothing();
}

/** Takes files off the queue: an upload's, in the transaction that records them as kept. */
export async function cancelStoredFileDeletions(tx: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await tx.delete(storageDeletions).where(inArray(storageDeletions.key, [...keys]));
}

export interface SweepResult {
  removed: number;
  failed: number;
}

function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * Removes queued files: the given keys (right after a commit), or every file whose retry is due.
 * Keys are claimed first by pushing their next attempt past a lease (one short statement, SKIP
 * LOCKED), so several processes sweeping at once remove each file once and no transaction stays
 * open while storage answers. A failure is logged and the key waits for its next attempt.
 */
export async function sweepStoredFileDeletions(
  db: Executor,
  storage: Storage,
  options: { keys?: readonly string[]; now?: Date; logger?: Logger } = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  if (options.keys && options.keys.length === 0) return { removed: 0, failed: 0 };
  const candidates = db
    .select({ key: storageDeletions.key })
    .from(storageDeletions)
    .where(options.keys ? inArray(storageDeletions.key, [...options.keys]) : lte(storageDeletions.nextAttemptAt, now))
    .orderBy(asc(storageDeletions.nextAttemptAt))
    .limit(options.keys ? options.keys.length : BATCH_SIZE)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(storageDeletions)
    .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(storageDeletions.key, candidates))
    .returning({ key: storageDeletions.key, attempts: storageDeletions.attempts });

  const results = await Promise.allSettled(claimed.map((row) => storage.delete(row.key)));
  const removed: string[] = [];
  let failed = 0;
  for (const [i, result] of results.entries()) {
    const row = claimed[i];
    if (result.status === "fulfilled") {
      removed.push(row.key);
      continue;
    }
    failed += 1;
    const attempts = row.attempts + 1;
    const message = result.reason instanceof Error ? result.reason.message : String(result.reason);
    options.logger?.error({ key: row.key, attempts, err: result.reason }, "a stored file that is no longer used could not be removed; the storage sweep retries it");
    await db
      .update(storageDeletions)
      .set({ attempts, lastError: message.slice(0, 500), nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) })
      .where(eq(storageDeletions.key, row.key));
  }
  if (removed.length > 0) await db.delete(storageDeletions).where(inArray(storageDeletions.key, removed));
  return { removed: removed.length, failed };
}
