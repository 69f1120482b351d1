import { sql } from "drizzle-orm";
import type { Executor } from "./db/client.server";
import { rateLimitHits } from "./db/schema";

// Fixed-window counters in the database, so every app process behind a load balancer shares them.
// Windows are at most a day long: the maintenance job drops counters older than that.

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
  const windowStartMs = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: rule.key, windowStart: new Date(windowStartMs), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { count: sql`${rateLimitHits.count} + 1` },
    })
    .returning({ count: rateLimitHits.count });
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStartMs + rule.windowMs - now.getTime()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds };
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
