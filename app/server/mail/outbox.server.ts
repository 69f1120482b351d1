import { emailOutbox } from "../db/schema";
import type { Executor } from "../db/client.server";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  from?: string;
}

/**
 * Queues a message. Call it with the transaction that makes the change the mail reports, so the
 * mail exists exactly when the change does; the outbox worker delivers it later.
 */
export async function enqueueEmail(tx: Executor, message: OutgoingEmail): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({
      toAddress: message.to,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      replyTo: message.replyTo ?? null,
      fromAddress: message.from ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}
