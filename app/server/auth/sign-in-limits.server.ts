import { eq, or, sql } from "drizzle-orm";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import { rateLimitHits, user } from "../db/schema";
import { enqueueEmail } from "../mail/outbox.server";
import { signInBurstEmail } from "../mail/security-templates.server";
import { countHit, countHits, hitsSoFar, limitReached, RATE_RULES } from "./limits.server";

// Who may try a password, and what a wrong one costs. The limits hold back the machines (client
// keys: an address, or an IPv6 visitor's network) that are guessing, never the account itself:
// anyone can type an account's address, so a refusal per account would let a stranger lock the
// owner out. A key that has not failed on an account is therefore never refused for that account,
// whatever others have done to it. Sign-in (the page and /api/auth alike, through better-auth's
// hooks) and the delete-account form's password check all go through here.

type SiteConfig = Pick<AppConfig, "siteName" | "publicUrl">;

/** An unknown client (a script calling better-auth without the address header) shares one bucket per account. */
const UNKNOWN = "unknown";

const keys = {
  minute: (client: string) => `signin:minute:ip:${client}`,
  perClient: (client: string) => `signin-fail:ip:${client}`,
  account: (email: string) => `signin-fail:email:${email}`,
  accountFromClient: (email: string, client: string | null) => `signin-fail:email:${email}:ip:${client ?? UNKNOWN}`,
  burstMail: (email: string) => `signin-burst-mail:email:${email}`,
};

/**
 * Whether this attempt may go ahead: the key's per-minute share (counted here, right or wrong), its
 * failures across accounts, and its failures on this account, whose share shrinks while the account
 * is under a burst. `email` is null when the request names none (better-auth refuses it anyway).
 */
export async function mayTryPassword(db: Executor, email: string | null, client: string | null): Promise<boolean> {
  if (client) {
    if (!(await countHit(db, keys.minute(client), RATE_RULES.signInsPerIpPerMinute))) return false;
    if (await limitReached(db, keys.perClient(client), RATE_RULES.signInFailuresPerIp)) return false;
  }
  if (!email) return true;
  const failures = await hitsSoFar(db, keys.accountFromClient(email, client), RATE_RULES.signInFailuresPerEmailAndIp);
  if (failures === 0) return true;
  const underBurst = await limitReached(db, keys.account(email), RATE_RULES.accountBurst);
  const share = underBurst ? RATE_RULES.signInFailuresPerEmailAndIpInBurst : RATE_RULES.signInFailuresPerEmailAndIp;
  return failures < share.limit;
}

/**
 * A wrong password: counts against the key on this account, the key across accounts and the
 * account's burst counter. The first time a burst is noticed in a day, the owner hears about it.
 */
export async function countWrongPassword(db: Executor, config: SiteConfig, email: string, client: string | null): Promise<void> {
  await countHit(db, keys.accountFromClient(email, client), RATE_RULES.signInFailuresPerEmailAndIp);
  if (client) await countHit(db, keys.perClient(client), RATE_RULES.signInFailuresPerIp);
  const onAccount = await countHits(db, keys.account(email), RATE_RULES.accountBurst);
  if (onAccount >= RATE_RULES.accountBurst.limit) await tellOwnerOfBurst(db, config, email);
}

async function tellOwnerOfBurst(db: Executor, config: SiteConfig, email: string): Promise<void> {
  // Only a real account's owner is written to: the address typed in a sign-in form is anyone's.
  const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.email, email)).limit(1);
  if (!owner) return;
  // One counter row per account and day, raised atomically: of all the processes seeing the burst,
  // only the first raise in the day queues the mail.
  if (!(await countHit(db, keys.burstMail(email), RATE_RULES.burstMailsPerEmail))) return;
  await enqueueEmail(db, signInBurstEmail({ siteName: config.siteName, publicUrl: config.publicUrl, to: owner.email }));
}

/**
 * After a password reset: the account's failure counters start again, so the owner, who may have
 * been failing themselves, signs in with the new password at once from anywhere. What the guessing
 * keys did across accounts stays counted.
 */
export async function forgetWrongPasswords(db: Executor, email: string): Promise<void> {
  const account = keys.account(email.toLowerCase());
  await db
    .delete(rateLimitHits)
    .where(or(eq(rateLimitHits.key, account), sql`starts_with(${rateLimitHits.key}, ${`${account}:ip:`})`));
}
