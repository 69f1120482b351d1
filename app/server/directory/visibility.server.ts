import { sql, type SQL } from "drizzle-orm";
import { profiles } from "../db/schema";

// THE visibility rule. A profile is public only when it is active, paid, not past its expiry date and
// has a display name. Every public query, the sitemap, the profile page and the inquiry action use
// these two functions and nothing else.

/** Today's date (UTC) as YYYY-MM-DD, the format of `payment_expiry`. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * SQL condition on `profiles` selecting public rows. The static half is written as literals so the
 * planner can use the partial indexes whose predicate it matches.
 */
export function publicProfileCondition(today: string = todayIso()): SQL {
  return sql`(${profiles.isActive} and ${profiles.paymentStatus} = 'paid' and ${profiles.displayName} is not null and ${profiles.paymentExpiry} >= ${today})`;
}

export interface VisibilityFields {
  isActive: boolean;
  paymentStatus: string;
  paymentExpiry: string | null;
  displayName: string | null;
}

/**
 * The payment half of the rule: paid (or granted) and not past the last paid day. What the
 * performer's own screens call "Active"; the payments module is the only writer of both fields.
 */
export function isPaidListing(
  profile: Pick<VisibilityFields, "paymentStatus" | "paymentExpiry">,
  today: string = todayIso(),
): boolean {
  return profile.paymentStatus === "paid" && profile.paymentExpiry !== null && profile.paymentExpiry >= today;
}

/**
 * The half of the rule the payment fields do not decide: switched on and named. A free year waiting
 * for its listing starts once this holds (payments/free-year-clock.server.ts).
 */
export function canGoLive(profile: Pick<VisibilityFields, "isActive" | "displayName">): boolean {
  return profile.isActive && profile.displayName !== null;
}

/** The same half in SQL, on `profiles`. */
export function canGoLiveCondition(): SQL {
  return sql`(${profiles.isActive} and ${profiles.displayName} is not null)`;
}

/** The same rule for a row already in memory. */
export function isPubliclyVisible(profile: VisibilityFields, today: string = todayIso()): boolean {
  return canGoLive(profile) && isPaidListing(profile, today);
}
