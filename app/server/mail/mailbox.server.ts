import { desc } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { emailOutbox } from "../db/schema";

export interface MailboxMessage {
  id: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The newest outbox messages, for the demo's dev mailbox page. */
export async function listOutboxMessages(db: Executor, limit = 50): Promise<MailboxMessage[]> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    replyTo: row.replyTo,
    subject: row.subject,
    text: row.textBody,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  }));
}
