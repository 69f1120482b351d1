// The fixed facts about packages, travel fees and deposits that the schema, the database's CHECKs
// and the pages share. No Zod here: the cards on every public page read the view helpers beside it.

/** A profile offers at most this many packages (the editor's slots; the table's position CHECK). */
export const MAX_PACKAGES = 3;
export const PACKAGE_SLOTS = [0, 1, 2] as const;
export type PackageSlot = (typeof PACKAGE_SLOTS)[number];

export const PACKAGE_NAME_MAX = 60;
export const PACKAGE_INCLUDED_MAX = 300;
export const PACKAGE_MINUTES_MIN = 10;
export const PACKAGE_MINUTES_MAX = 720;
export const PACKAGE_CHILDREN_MAX = 500;
export const PACKAGE_PRICE_MAX = 100_000;

/** How the performer charges for travel: not at all, free within some miles then per mile, or one flat fee. */
export const TRAVEL_FEE_KINDS = ["none", "per_mile", "flat"] as const;
export type TravelFeeKind = (typeof TRAVEL_FEE_KINDS)[number];
export const TRAVEL_FREE_MILES_MAX = 1000;
/** Cents a mile: $50.00 a mile is past anything a performer charges. */
export const TRAVEL_PER_MILE_CENTS_MAX = 5000;
export const TRAVEL_FLAT_MAX = 10_000;

export const DEPOSIT_KINDS = ["none", "percent", "dollars"] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];
export const DEPOSIT_DOLLARS_MAX = 100_000;

/** Ways a performer may say they are paid; informational only, the site moves no money. */
export const PAYMENT_METHODS = [
  "Cash",
  "Check",
  "Credit or debit card",
  "Venmo",
  "PayPal",
  "Zelle",
  "Cash App",
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** One package as stored and shown. */
export interface PackageInput {
  name: string;
  minutes: number;
  included: string;
  maxChildren: number | null;
  price: number;
}

export type TravelFeeRule =
  | { kind: "none" }
  | { kind: "per_mile"; freeMiles: number; centsPerMile: number }
  | { kind: "flat"; dollars: number };

export type DepositRule =
  | { kind: "none" }
  | { kind: "percent"; percent: number }
  | { kind: "dollars"; dollars: number };
