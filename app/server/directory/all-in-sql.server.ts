import { sql, type SQL } from "drizzle-orm";
import { distanceSql, type Point } from "../search/zip.server";

// A performer's lowest all-in price as SQL over the narrow copy (profile_search read under the name
// profiles, db/narrow-profiles.server.ts), from the parts migration 0032 keeps on it: what the
// budget filter and the "Lowest price" order compare. It is app/lib/all-in-price.ts's
// comparablePrice step for step (tests/server/all-in-budget.test.ts holds the two together), so the
// figure a filter judges is the one a card words.

const copied = (name: string) => sql`${sql.identifier("profiles")}.${sql.identifier(name)}`;

/**
 * The figure without a place: the cheapest package plus a flat travel fee, or the hourly minimum
 * without packages; null when the performer shows no price. The lowest-price index's first column.
 */
export const priceFromColumn = copied("price_from");

/**
 * The lowest all-in price for a visitor at `point` (without one, priceFromColumn): a per-mile rule
 * adds the whole miles past the free ones (the distance rounded half up, as the card shows it) at
 * its cents, rounded to a dollar half up. A performer with no known city has no distance and pays
 * no per-mile fee here, as all-in-price.ts reads a missing distance.
 */
export function allInPriceSql(point: Point | null): SQL {
  if (!point) return priceFromColumn;
  const miles = distanceSql(point.latitude, point.longitude);
  const charged = sql`greatest(0, floor(${miles} + 0.5)::int - ${copied("travel_free_miles")})`;
  return sql`(${priceFromColumn} + coalesce((${charged} * ${copied("travel_cents_per_mile")} + 50) / 100, 0))`;
}
