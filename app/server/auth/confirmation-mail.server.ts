import { and, asc, eq, gt } from "drizzle-orm";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import { rateLimitHits, user } from "../db/schema";
import { DAY_MS } from "../jobs/durations.server";
import { confirmationEmail } from "../mail/confirmation-templates.server";
import { enqueueEmail } from "../mail/outbox.server";
import { CONFIRM_EMAIL_PATH } from "~/lib/email-confirmation";

// The mail that proves an address belongs to the person who signed up with it. better-auth makes the
// token (a signed, expiring JWT naming the account) and checks it; this module turns it into a link
// to our own page and queues the mail through the outbox, at most so often per account.


/** An account nobody confirmed is removed this many days after sign-up (jobs/unconfirmed-accounts). */
export const UNCONFIRMED_ACCOUNT_DAYS = 7;

/** A link works as long as the account can wait for it. */
export const CONFIRMATION_LINK_SECONDS = UNCONFIRMED_ACCOUNT_DAYS * 24 * 60 * 60;

/**
 * Confirmation mails per account, the sign-up's own included: one a minute (a double click, an
 * impatient resend) and five a day, so the button cannot be used to fill someone's inbox. Both are
 * measured back from now (the last mail, the last 24 hours), not in calendar windows, so "less than
 * a minute ago" is what the performer is told only when it is true.
 */
export const CONFIRMATION_MAIL_RULES = {
  minIntervalMs: 60_000,
  perDay: 5,
} as const;

type SiteConfig = Pick<AppConfig, "siteName" | "publicUrl">;

export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
}

export type ConfirmationMailVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Queues a confirmation mail when the account's allowance has room. Each mail sent is one row in
 * `rate_limit_hits` stamped with its moment (the maintenance job drops them after a day); the
 * account's row is locked meanwhile, so two clicks at once send one mail. The answer says when the
 * next one may go, for the page to tell the performer.
 */
export async function queueConfirmationMail(
  db: Executor,
  config: SiteConfig,
  account: { userId: string; email: string; token: string; kind: "welcome" | "resend" },
  now: Date = new Date(),
): Promise<ConfirmationMailVerdict> {
  const key = `confirm-mail:user:${account.userId}`;
  return db.transaction(async (tx): Promise<ConfirmationMailVerdict> => {
    await tx.select({ id: user.id }).from(user).where(eq(user.id, account.userId)).for("update");
    const sent = await tx
      .select({ at: rateLimitHits.windowStart })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowStart, new Date(now.getTime() - DAY_MS))))
      .orderBy(asc(rateLimitHits.windowStart));
    const waitUntil = (from: Date, ms: number) => Math.max(1, Math.ceil((from.getTime() + ms - now.getTime()) / 1000));
    const last = sent.at(-1)?.at;
    if (last && now.getTime() - last.getTime() < CONFIRMATION_MAIL_RULES.minIntervalMs) {
      return { allowed: false, retryAfterSeconds: waitUntil(last, CONFIRMATION_MAIL_RULES.minIntervalMs) };
    }
    if (sent.length >= CONFIRMATION_MAIL_RULES.perDay) {
      return { allowed: false, retryAfterSeconds: waitUntil(sent[sent.length - CONFIRMATION_MAIL_RULES.perDay].at, DAY_MS) };
    }
    await tx.insert(rateLimitHits).values({ key, windowStart: now, count: 1 });
    await enqueueEmail(
      tx,
      confirmationEmail({
        siteName: config.siteName,
        publicUrl: config.publicUrl,
        to: account.email,
        link: confirmationLink(config.publicUrl, account.token),
        keepDays: UNCONFIRMED_ACCOUNT_DAYS,
        kind: account.kind,
      }),
    );
    return { allowed: true };
  });
}
