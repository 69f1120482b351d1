import { and, eq, lt } from "drizzle-orm";
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
