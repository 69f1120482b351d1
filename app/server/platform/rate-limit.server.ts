import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { rateLimitHits } from "../db/schema";

// Fixed-window counters in the database, so every app process behind a load balancer shares them.
// Windows are at most a day long: the maintenance job drops counters older than that. Two ways to
// count: hitRateLimit counts every attempt, refused or not (guessing, hammering); peekRateLimit and
// takeRateLimit count only what was allowed to happen, for an allowance that others' refused
// attempts must not use up.

export interface RateLimitRule {
  /** What is counted, e.g. `inquiry:ip:203.0.113.9`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  /** Seconds until the current window ends. */
  retryAfterSeconds: number;
}

/** Counts one request against the rule's current window and says whether it is within the limit. */
export async function hitRateLimit(db: Executor, rule: RateLimitRule, now: Date = new Date()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: rule.key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
}

/** The current window of a rule, and the seconds until it ends. */
function windowOf(rule: RateLimitRule, now: Date) {
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000));
  return { windowStart: new Date(windowStartMs), retryAfterSeconds };
}

/**
 * Whether `units` more would still fit in the rule's current window, without counting anything: a
 * cheap early refusal before the work that counts (see takeRateLimit).
 */
export async function peekRateLimit(db: Executor, rule: RateLimitRule, units = 1, now: Date = new Date()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, rule.key), eq(rateLimitHits.windowStart, windowStart)));
  const count = row?.count ?? 0;
  return { allowed: count + units <= rule.limit, count, retryAfterSeconds };
}

/**
 * Counts `units` against the rule's current window only if they all fit under the limit; a refusal
 * counts nothing, so what is refused never uses up anyone's allowance. Called inside the transaction
 * that does the counted work, a rollback takes the units back with it. The row stays locked until
 * that transaction ends, so concurrent takes cannot both squeeze into the last unit.
 */
export async function takeRateLimit(db: Executor, rule: RateLimitRule, units = 1, now: Date = new Date()): Promise<RateLimitResult> {
  const { windowStart, retryAfterSeconds } = windowOf(rule, now);
  if (units <= 0) return { ...(await peekRateLimit(db, rule, 0, now)), allowed: true };
  // A new row is inserted whole, so a take larger than the limit never gets that far.
  if (units > rule.limit) return { ...(await peekRateLimit(db, rule, units, now)), allowed: false };
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: rule.key, windowStart, count: units })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + ${units}` },
      setWhere: sql`${rateLimitHits.count} + ${units} <= ${rule.limit}`,
    })
    .returning({ count: rateLimitHits.count });
  if (row) return { allowed: true, count: row.count, retryAfterSeconds };
  return { ...(await peekRateLimit(db, rule, units, now)), allowed: false };
}

/** Thrown inside takeRateLimits' savepoint to undo the units already taken. */
class Refused extends Error {
  constructor(readonly verdict: RateLimitResult & { refusedBy: RateLimitRule }) {
    super("rate limit refused");
  }
}

/**
 * Takes `units` from every rule or from none (a savepoint inside the caller's transaction): the
 * verdict of the first rule that refuses, naming it, or allowed.
 */
export async function takeRateLimits(
  db: Executor,
  rules: RateLimitRule[],
  units = 1,
  now: Date = new Date(),
): Promise<RateLimitResult & { refusedBy?: RateLimitRule }> {
  try {
    return await db.transaction(async (savepoint) => {
      let verdict: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0 };
      for (const rule of rules) {
        verdict = await takeRateLimit(savepoint, rule, units, now);
        if (!verdict.allowed) throw new Refused({ ...verdict, refusedBy: rule });
      }
      return verdict;
    });
  } catch (error) {
    if (error instanceof Refused) return error.verdict;
    throw error;
  }
}

/** Counts the request against every rule (all of them, so each counter stays honest); allowed only if all allow. */
export async function hitRateLimits(db: Executor, rules: RateLimitRule[], now: Date = new Date()): Promise<RateLimitResult> {
  let verdict: RateLimitResult = { allowed: true, count: 0, retryAfterSeconds: 0 };
  for (const rule of rules) {
    const result = await hitRateLimit(db, rule, now);
    if (!result.allowed && (verdict.allowed || result.retryAfterSeconds > verdict.retryAfterSeconds)) verdict = result;
  }
  return verdict;
}

/** "a minute", "5 minutes", "2 hours": how long the visitor should wait, in words. */
export function waitInWords(seconds: number): string {
  if (seconds <= 60) return "a minute";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "an hour" : `${hours} hours`;
}
