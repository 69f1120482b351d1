import type { Executor } from "../db/client.server";
import { hitRateLimit, peekRateLimit } from "../platform/rate-limit.server";

// The account rate limits, shared by better-auth's hooks (hook-rules.server.ts) and the account
// operations (accounts.server.ts). better-auth's own limiter only sees requests that reach its HTTP
// handler; the pages call it in-process, so every sign-in, sign-up and reset limit is one of these
// database counters (shared by every app process), kept in better-auth's hooks, which run for
// /api/auth and for the pages alike, keyed by the client key (client-key.server.ts).

export interface Rule {
  limit: number;
  windowMs: number;
}

export const RATE_RULES = {
  /**
   * Sign-in attempts per client key a minute, right or wrong: the brake on any one machine (or IPv6
   * network) hammering the form or /api/auth, which count together.
   */
  signInsPerIpPerMinute: { limit: 10, windowMs: 60_000 },
  /**
   * Failed sign-ins per account from one client key: slows password guessing there, while the owner
   * signing in from anywhere else is not held back by someone else's guesses.
   */
  signInFailuresPerEmailAndIp: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * A client key's share for an account that is under a burst (see accountBurst): once many keys
   * together have failed on an account, each key that is failing gets only this many tries. A key
   * that has not failed on it is never refused for it, so the owner's right password still works.
   */
  signInFailuresPerEmailAndIpInBurst: { limit: 3, windowMs: 15 * 60_000 },
  /**
   * Failed sign-ins on one account from all keys together. Never a refusal by itself (that would let
   * anyone lock the owner out): from this many on, the account is under a burst, which shrinks the
   * failing keys' shares and tells the owner by email.
   */
  accountBurst: { limit: 20, windowMs: 15 * 60_000 },
  /** The burst mail: at most one a day per account, however many processes notice the burst. */
  burstMailsPerEmail: { limit: 1, windowMs: 24 * 60 * 60_000 },
  /** Failed sign-ins per client key: slows one machine trying many accounts. */
  signInFailuresPerIp: { limit: 50, windowMs: 15 * 60_000 },
  /** Sign-up attempts per client key a minute, on the page and at /api/auth together. */
  signUpsPerIpPerMinute: { limit: 10, windowMs: 60_000 },
  /**
   * Sign-up attempts per client key: each may send a mail, so one machine cannot send many; enough
   * for a shared address (a convention's wifi) where several performers join in the same hour.
   */
  signUpsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  /** "You already have an account" mails per address: sign-ups must not flood someone's inbox. */
  existingAccountMailsPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  /** Reset mails per address: stops the form being used to flood someone's inbox. */
  resetMailsPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  /** Reset-link requests per client key in five minutes, on the page and at /api/auth together. */
  resetRequestsPerIpPerFiveMinutes: { limit: 5, windowMs: 5 * 60_000 },
  resetRequestsPerIp: { limit: 20, windowMs: 60 * 60_000 },
  resetAttemptsPerToken: { limit: 10, windowMs: 15 * 60_000 },
  /** New-password attempts per client key in five minutes, on the page and at /api/auth together. */
  resetAttemptsPerIpPerFiveMinutes: { limit: 10, windowMs: 5 * 60_000 },
  resetAttemptsPerIp: { limit: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, Rule>;

/** How many hits the key has in the rule's current window, without counting anything. */
export async function hitsSoFar(db: Executor, key: string, rule: Rule, now: Date = new Date()): Promise<number> {
  return (await peekRateLimit(db, { key, ...rule }, 0, now)).count;
}

/** Whether the rule is already used up, without counting anything. */
export async function limitReached(db: Executor, key: string, rule: Rule, now: Date = new Date()): Promise<boolean> {
  return (await hitsSoFar(db, key, rule, now)) >= rule.limit;
}

/** Counts one hit; false once the rule's share for the current window is used. */
export async function countHit(db: Executor, key: string, rule: Rule): Promise<boolean> {
  return (await hitRateLimit(db, { key, ...rule })).allowed;
}

/** Counts one hit and says how many the key now has in the rule's current window. */
export async function countHits(db: Executor, key: string, rule: Rule): Promise<number> {
  return (await hitRateLimit(db, { key, ...rule })).count;
}
