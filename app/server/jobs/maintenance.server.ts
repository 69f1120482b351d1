import { and, eq, lt, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { consumedTokens, emailOutbox, rateLimitHits } from "../db/schema";
import { DAY_MS } from "./durations.server";

/** Delivered mail is kept a while for support questions ("did the reset email go out?"), then dropped. */
const SENT_MAIL_RETENTION_DAYS = 30;

export interface PruneResult {
  consumedTokens: number;
  rateLimitHits: number;
  sentEmails: number;
}

/** Deletes rows that can no longer matter. Idempotent, so every process may run it. */
export async function pruneExpiredRows(db: Executor, now: Date = new Date()): Promise<PruneResult> {
  const tokens = await db
    .delete(consumedTokens)
    .where(lt(consumedTokens.expiresAt, now))
    .returning({ key: consumedTokens.tokenHash });
  // Rate-limit windows are at most a day long, so older counters never count again.
  const hits = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - DAY_MS)))
    .returning({ key: rateLimitHits.key });
  const mail = await db
    .delete(emailOutbox)
    .where(
      and(eq(emailOutbox.status, "sent"), lt(emailOutbox.sentAt, new Date(now.getTime() - SENT_MAIL_RETENTION_DAYS * DAY_MS))),
    )
    .returning({ id: emailOutbox.id });
  return { consumedTokens: tokens.length, rateLimitHits: hits.length, sentEmails: mail.length };
}

/**
 * What PostgreSQL's autovacuum does for a server database, done for the embedded one, which has no
 * background workers: space of deleted and updated rows reused, pages marked all-visible so counts
 * and lists are read from the indexes alone (without it a count read whole tables: about 57 ms at
 * 100,000 profiles), and the planner's statistics kept up with the data.
 */
export async function maintainEmbeddedDatabase(db: Executor): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}
