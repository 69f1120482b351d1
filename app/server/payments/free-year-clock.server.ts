import { and, eq, isNull } from "drizzle-orm";
import { PLANS } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { freeListingGrants } from "../db/schema";
import { todayIso } from "../directory/visibility.server";

// When a free year's 365 days start. An approved grant keeps its whole year while the listing cannot
// go live yet (no account, address not confirmed, no display name, switched off): both its dates stay
// null, and the year starts on the day the listing first can be public. refreshListing starts it,
// under the profile row's lock, so the clock and the listing it makes public change together.

/** "2026-01-31" plus n months, clamped to the month's last day (2026-02-28), as YYYY-MM-DD. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0)).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return todayIso(firstOfTarget);
}

/** A free year's dates once its clock starts on `startsOn`: twelve months, like a paid year. */
export function freeYearFrom(startsOn: string): { startsOn: string; endsOn: string } {
  return { startsOn, endsOn: addMonths(startsOn, PLANS.YEARLY_MEMBERSHIP.months) };
}

/**
 * Starts the clock of every grant of the account still waiting for its listing to go live, from
 * `today`. The caller has decided that the listing can go live now (visibility.server.ts,
 * canGoLive) and holds the profile's row lock. Returns how many started.
 */
export async function startWaitingFreeYears(tx: Executor, userId: string, today: string): Promise<number> {
  const started = await tx
    .update(freeListingGrants)
    .set(freeYearFrom(today))
    .where(and(eq(freeListingGrants.userId, userId), isNull(freeListingGrants.startsOn), isNull(freeListingGrants.revokedAt)))
    .returning({ id: freeListingGrants.id });
  return started.length;
}
