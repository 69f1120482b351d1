import { eq, sql } from "drizzle-orm";
import { emailOutbox } from "../db/schema";
import type { Executor } from "../db/client.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  from?: string;
  /** Extra header lines (List-Unsubscribe on the search alerts' mails). */
  headers?: Record<string, string>;
}

/**
 * Queues a message. Call it with the transaction that makes the change the mail reports, so the
 * mail exists exactly when the change does; the outbox worker delivers it later. `holdSeconds`
 * keeps it from going out before then (by the database clock), while the change may still be undone.
 */
export async function enqueueEmail(tx: Executor, message: OutgoingEmail, options: { holdSeconds?: number } = {}): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      ...(options.holdSeconds ? { nextAttemptAt: sql`now() + make_interval(secs => ${options.holdSeconds})` } : {}),
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      replyTo: message.replyTo ?? null,
      fromAddress: message.from ?? null,
      headers: message.headers ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/**
 * Puts every message that failed for good back in the queue, due now, with its attempts reset (its
 * last error is kept until the next try). For an operator, once the cause is fixed.
 */
export async function requeueFailedEmails(db: Executor): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
    .where(eq(emailOutbox.status, "failed"))
    .returning({ id: emailOutbox.id });
  return rows.length;
}
