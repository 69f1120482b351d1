import { and, eq } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { rateLimitHits } from "../db/schema";
import { hitRateLimit } from "../rate-limit.server";

// The account rate limits, shared by better-auth's hooks (hook-rules.server.ts) and the account
// operations (accounts.server.ts). better-auth only rate-limits requests that reach its HTTP handler;
// the pages call it in-process, so these database counters (shared by every app process) guard both
// entry points: the sign-in and sign-up counters are kept in better-auth's hooks, which run for
// /api/auth and for the pages alike.

export interface Rule {
  limit: number;
  windowMs: number;
}

export const RATE_RULES = {
  /**
   * Failed sign-ins per account from one address: slows password guessing there, while the owner
   * signing in from anywhere else is not locked out by someone else's guesses.
   */
  signInFailuresPerEmailAndIp: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins per account from all addresses together: a backstop against guessing spread
   * over many machines, high enough that locking an owner out this way takes a botnet.
   */
  signInFailuresPerEmail: { limit: 100, windowMs: 15 * 60_000 },
  /** Failed sign-ins per address: slows one machine trying many accounts. */
  signInFailuresPerIp: { limit: 50, windowMs: 15 * 60_000 },
  /**
   * Sign-up attempts per address: each may send a mail, so one machine cannot send many; enough for
   * a shared address (a convention's wifi) where several performers join in the same hour.
   */
  signUpsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  /** "You already have an account" mails per address: sign-ups must not flood someone's inbox. */
  existingAccountMailsPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  /** Reset mails per address: stops the form being used to flood someone's inbox. */
  resetMailsPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  resetRequestsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  resetAttemptsPerToken: { limit: 10, windowMs: 15 * 60_000 },
  resetAttemptsPerIp: { limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, Rule>;

function windowStart(rule: Rule, now: Date): Date {
  return new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
}

/** Whether the rule is already used up, without counting anything. */
export async function limitReached(db: Executor, key: string, rule: Rule, now: Date = new Date()): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart(rule, now))));
  return (row?.count ?? 0) >= rule.limit;
}

/** Counts one hit; false once the rule's share for the current window is used. */
export async function countHit(db: Executor, key: string, rule: Rule): Promise<boolean> {
  return (await hitRateLimit(db, { key, ...rule })).allowed;
}
