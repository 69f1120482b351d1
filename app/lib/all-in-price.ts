import type { TravelFeeRule } from "./package-rules";

// What a visit costs delivered: the package's price plus the travel fee for the distance. Shared by
// the cards (which say "about $185 with travel to 32801") and anything that compares prices, so the
// figure a parent reads is the figure everything else uses.

/**
 * The travel fee in whole dollars for a distance. Miles are counted as the cards show them (the
 * distance rounded to a whole mile), and the free radius includes its edge: 15 miles free means a
 * visit 15 miles away costs nothing extra, one 16 miles away pays for one mile. A fee with cents is
 * rounded to the nearest dollar, half up, as a parent rounds "about".
 */
export function travelFeeFor(rule: TravelFeeRule, miles: number): number {
  if (rule.kind === "none") return 0;
  if (rule.kind === "flat") return rule.dollars;
  const wholeMiles = Math.round(Math.max(0, miles));
  const charged = Math.max(0, wholeMiles - rule.freeMiles);
  // Integer cents first, so 3 miles at $1.15 is exactly 345 cents before rounding.
  return Math.floor((charged * rule.centsPerMile + 50) / 100);
}

/** A package price (whole dollars) plus travel to a place `miles` away, in whole dollars. */
export function allInPrice(
  price: number,
  rule: TravelFeeRule,
  miles: number,
): number {
  return price + travelFeeFor(rule, miles);
}

/** The lowest all-in price among packages, or null without packages. */
export function lowestAllInPrice(
  prices: readonly number[],
  rule: TravelFeeRule,
  miles: number,
): number | null {
  if (prices.length === 0) return null;
  return allInPrice(Math.min(...prices), rule, miles);
}
