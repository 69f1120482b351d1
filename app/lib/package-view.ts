import { allInPrice } from "./all-in-price";
import type { DepositRule, PackageInput, TravelFeeRule } from "./package-rules";

// Packages as the public pages word them. Plain data and strings only (no Zod): cards on every
// public page import this.

/** A performer's offer as the profile shows it. */
export interface OfferView {
  /** In the performer's order. */
  packages: PackageInput[];
  travelFee: TravelFeeRule;
  deposit: DepositRule;
  paymentMethods: string[];
}

/** What a card knows about the cheapest package, and the travel rule for an all-in figure. */
export interface CardPackage {
  name: string;
  price: number;
  minutes: number;
  travelFee: TravelFeeRule;
}

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
export const usd = (dollars: number) => `$${whole.format(dollars)}`;

/** "45 min", "1 hr", "1 hr 30 min". */
export function lengthLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** The card's line for the cheapest package: "Party visit from $150 · 45 min". */
export function cardPackageLine(
  item: Pick<CardPackage, "name" | "price" | "minutes">,
): string {
  return `${item.name} from ${usd(item.price)} · ${item.minutes} min`;
}

/** "about $185 with travel to 32801", for the cheapest package and a place the visitor searched. */
export function allInLine(
  item: CardPackage,
  miles: number,
  place: string,
): string {
  return `about ${usd(allInPrice(item.price, item.travelFee, miles))} with travel to ${place}`;
}

function perMile(cents: number): string {
  return cents % 100 === 0 ? usd(cents / 100) : `$${(cents / 100).toFixed(2)}`;
}

/** The travel-fee rule in a sentence. */
export function travelFeeSentence(rule: TravelFeeRule): string {
  if (rule.kind === "none") return "No travel fee.";
  if (rule.kind === "flat") return `Travel fee: ${usd(rule.dollars)} flat.`;
  if (rule.freeMiles === 0)
    return `Travel fee: ${perMile(rule.centsPerMile)} a mile.`;
  return `Free travel within ${whole.format(rule.freeMiles)} miles, then ${perMile(rule.centsPerMile)} a mile.`;
}

/** The deposit in a sentence, or null without one. */
export function depositSentence(rule: DepositRule): string | null {
  if (rule.kind === "percent")
    return `Deposit to book: ${rule.percent}% of the price.`;
  if (rule.kind === "dollars") return `Deposit to book: ${usd(rule.dollars)}.`;
  return null;
}

/** "Pays by Cash, Venmo or Zelle", or null when none are named. */
export function paymentMethodsSentence(
  methods: readonly string[],
): string | null {
  if (methods.length === 0) return null;
  const list =
    methods.length === 1
      ? methods[0]
      : `${methods.slice(0, -1).join(", ")} or ${methods[methods.length - 1]}`;
  return `Accepts ${list}. Paid to the performer directly.`;
}

/** The package a card names: the cheapest, the shorter on a tie. */
export function cheapestPackage<
  T extends Pick<PackageInput, "price" | "minutes">,
>(packages: readonly T[]): T | null {
  let best: T | null = null;
  for (const item of packages) {
    if (
      !best ||
      item.price < best.price ||
      (item.price === best.price && item.minutes < best.minutes)
    )
      best = item;
  }
  return best;
}
