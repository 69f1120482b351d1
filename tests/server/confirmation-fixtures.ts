import { desc, eq } from "drizzle-orm";
import type { Executor } from "~/server/db/client.server";
import { emailOutbox } from "~/server/db/schema";

// The confirmation link as the performer receives it: read from the newest mail queued to the address.

/** The newest confirmation link queued to `email`, or null when none was. */
export async function confirmationLinkFor(db: Executor, email: string): Promise<string | null> {
  const mails = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt));
  for (const mail of mails) {
    const link = mail.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
    if (link) return link;
  }
  return null;
}

/** The token inside that link (what better-auth's verify-email takes). */
export async function confirmationTokenFor(db: Executor, email: string): Promise<string> {
  const link = await confirmationLinkFor(db, email);
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  const token = new URL(link).searchParams.get("token");
  if (!token) throw new Error(`the confirmation link to ${email} has no token`);
  return token;
}
