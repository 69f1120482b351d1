import type { TravelFeeRule } from "./package-rules";

// What a visit costs delivered: the package's price plus the travel fee for the distance. Shared by
// the cards (which say "about $185 with travel to 32801") and anything that compares prices, so the
// figure a parent reads is the figure everything else uses.

/**
 * The travel fee in whole dollars for a distance. Miles are counted as the cards show them (the
 * distance rounded to a whole mile, half up), and the free radius includes its edge: 15 miles free
 * means a visit 15 miles away costs nothing extra, one 16 miles away pays for one mile. A fee with
 * cents is rounded to the nearest dollar, half up, as a parent rounds "about". With no distance (no
 * place searched, or a performer whose city is unknown) it is the least the visit can cost: a flat
 * fee still applies, a per-mile one may be nothing.
 *
 * The budget filter and the price order compute the same figure in SQL (allInPriceSql), so each
 * step is one that SQL does alike: floor(miles + 0.5), then integer cents.
 */
export function travelFeeFor(rule: TravelFeeRule, miles: number | null): number {
  if (rule.kind === "none") return 0;
  if (rule.kind === "flat") return rule.dollars;
  if (miles === null) return 0;
  const wholeMiles = Math.floor(Math.max(0, miles) + 0.5);
  const charged = Math.max(0, wholeMiles - rule.freeMiles);
  // Integer cents first, so 3 miles at $1.15 is exactly 345 cents before rounding.
  return Math.floor((charged * rule.centsPerMile + 50) / 100);
}

/** A package price (whole dollars) plus travel to a place `miles` away, in whole dollars. */
export function allInPrice(
  price: number,
  rule: TravelFeeRule,
  miles: number | null,
): number {
  return price + travelFeeFor(rule, miles);
}

/** The lowest all-in price among packages, or null without packages. */
export function lowestAllInPrice(
  prices: readonly number[],
  rule: TravelFeeRule,
  miles: number | null,
): number | null {
  if (prices.length === 0) return null;
  return allInPrice(Math.min(...prices), rule, miles);
}

/**
 * What the budget filter and the "Lowest price" sort compare: the lowest all-in price for a place
 * `miles` away (null: no place), or, for a performer without packages, their hourly minimum; null
 * when they show no price at all, whom a budget keeps (ask them).
 */
export function comparablePrice(
  offer: { packagePrices: readonly number[]; travelFee: TravelFeeRule; hourlyMin: number | null },
  miles: number | null,
): number | null {
  return lowestAllInPrice(offer.packagePrices, offer.travelFee, miles) ?? offer.hourlyMin;
}
