import type { Audience } from "./audience";

// The refinements every listing page offers beside its place and category filters (browse, a
// category, a city, search), in the address so a link or a plain GET form (no JavaScript) carries
// them: `budget` (the most the visitor will pay for the visit, read against a performer's lowest
// all-in price), `miles` (how far from the place searched, with a place only), `audience`, `size` (solo or
// group), `sort`, the party date: `date` (YYYY-MM-DD) with `booked=show` to keep performers
// booked that day in the list, and the reviewed documents (issue 28): `checked=yes` (a background
// check an admin reviewed covers everyone who may arrive) and `insured=yes`. Reading them back is
// forgiving: an unknown value is dropped, never an error.

export const BUDGETS = [100, 150, 200, 300, 500] as const;
export const RADIUS_MILES = [25, 50, 100, 150] as const;
export type RadiusMiles = (typeof RADIUS_MILES)[number];

/**
 * Whose shows a listing includes. "family" is the default, every act but adults-only ones; "kids"
 * only acts for kids and families; "adults" every act, adults-only ones included (adult events).
 */
export const AUDIENCE_FILTERS = ["family", "kids", "adults"] as const;
export type AudienceFilter = (typeof AUDIENCE_FILTERS)[number];
export const DEFAULT_AUDIENCE_FILTER: AudienceFilter = "family";

export const GROUP_SIZES = ["solo", "group"] as const;
export type GroupSize = (typeof GROUP_SIZES)[number];

/** "best" is relevance for a search and newest for a plain listing; "nearest" needs a place. */
export const SORTS = ["best", "nearest", "price", "newest"] as const;
export type ListingSort = (typeof SORTS)[number];

export const SORT_LABELS: Record<ListingSort, string> = {
  best: "Best match",
  nearest: "Nearest",
  price: "Lowest price",
  newest: "Newest",
};

export const AUDIENCE_FILTER_LABELS: Record<AudienceFilter, string> = {
  family: "Family events",
  kids: "Young children",
  adults: "Adult events (18+ acts too)",
};

export interface ListingRefinements {
  /**
   * The most the visitor will pay for the visit, in dollars; a performer whose lowest all-in price
   * (their cheapest package delivered to the place searched, else their hourly minimum) is above it
   * is left out (no price: kept).
   */
  budget: number | null;
  /** With a place: only performers this many miles away or closer. */
  miles: RadiusMiles | null;
  audience: AudienceFilter;
  size: GroupSize | null;
  sort: ListingSort;
  /** The party date (YYYY-MM-DD): cards say whether each performer is free then, free ones first. */
  date: string | null;
  /** With a date: performers booked that day are listed too (last), not left out. */
  showBooked: boolean;
  /** Only performers whose background check an admin reviewed, unexpired, for everyone who may arrive. */
  checked: boolean;
  /** Only performers with a reviewed, unexpired certificate of insurance. */
  insured: boolean;
}

export const NO_REFINEMENTS: ListingRefinements = {
  budget: null,
  miles: null,
  audience: DEFAULT_AUDIENCE_FILTER,
  size: null,
  sort: "best",
  date: null,
  showBooked: false,
  checked: false,
  insured: false,
};

/** The reviewed-document filters as the address writes them (`checked=yes`) and the form labels them. */
export const TRUST_FILTERS = [
  ["checked", "Background check reviewed"],
  ["insured", "Insured"],
] as const;

/** A party date as the address writes it. */
const PARTY_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** How far ahead a party date may be, in years; a later one is dropped as a typo. */
const PARTY_DATE_YEARS = 2;
/**
 * Hawaii's offset from UTC, the westernmost state (no daylight saving time): the last US state to
 * leave a day, so a date is past for every visitor only once it is past there. (A visitor's own
 * zone is unknown to a cached page, and a day still running somewhere in the US may be theirs.)
 */
const EARLIEST_US_OFFSET_HOURS = -10;

/** The day it still is somewhere in the United States: the earliest date a party can be on. */
export function earliestPartyDate(now: Date = new Date()): string {
  return new Date(now.getTime() + EARLIEST_US_OFFSET_HOURS * 3_600_000).toISOString().slice(0, 10);
}

/** The latest date a party can be on: two years after the earliest. */
export function latestPartyDate(now: Date = new Date()): string {
  const earliest = earliestPartyDate(now);
  return `${String(Number(earliest.slice(0, 4)) + PARTY_DATE_YEARS).padStart(4, "0")}${earliest.slice(4)}`;
}

/**
 * A real calendar day written YYYY-MM-DD, from the earliest US today to two years ahead; null
 * otherwise. The server's readers apply it (readRefinements); the browser's forms need only the form.
 */
export function parsePartyDate(raw: string | null, now: Date = new Date()): string | null {
  if (!raw || !PARTY_DATE.test(raw)) return null;
  const [year, month, day] = raw.split("-").map(Number);
  const parsed = new Date(Date.UTC(year, month - 1, day));
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day) return null;
  return raw >= earliestPartyDate(now) && raw <= latestPartyDate(now) ? raw : null;
}

function pick<T extends string>(values: readonly T[], raw: string | null): T | null {
  return raw !== null && (values as readonly string[]).includes(raw) ? (raw as T) : null;
}

/**
 * Reads the refinements from a query string; anything unknown falls back to its default. A date is
 * only checked for its form here (the browser's forms need no more); the server's readers drop one
 * that is no real day from today to two years ahead (readRefinements in party-date.server.ts, with parsePartyDate).
 */
export function parseRefinements(params: URLSearchParams): ListingRefinements {
  const budget = Number.parseInt(params.get("budget") ?? "", 10);
  const miles = Number.parseInt(params.get("miles") ?? "", 10);
  const raw = params.get("date");
  const date = raw && PARTY_DATE.test(raw) ? raw : null;
  return {
    budget: Number.isFinite(budget) && budget > 0 ? Math.min(budget, 100_000) : null,
    miles: (RADIUS_MILES as readonly number[]).includes(miles) ? (miles as RadiusMiles) : null,
    audience: pick(AUDIENCE_FILTERS, params.get("audience")) ?? DEFAULT_AUDIENCE_FILTER,
    size: pick(GROUP_SIZES, params.get("size")),
    sort: pick(SORTS, params.get("sort")) ?? "best",
    date,
    // Without a date there is nothing to be booked on.
    showBooked: date !== null && params.get("booked") === "show",
    checked: params.get("checked") === "yes",
    insured: params.get("insured") === "yes",
  };
}

/** Writes the refinements that differ from their defaults into `params` (for links and canonical addresses). */
export function writeRefinements(params: URLSearchParams, refinements: Partial<ListingRefinements>): URLSearchParams {
  if (refinements.budget) params.set("budget", String(refinements.budget));
  if (refinements.miles) params.set("miles", String(refinements.miles));
  if (refinements.audience && refinements.audience !== DEFAULT_AUDIENCE_FILTER) params.set("audience", refinements.audience);
  if (refinements.size) params.set("size", refinements.size);
  if (refinements.sort && refinements.sort !== "best") params.set("sort", refinements.sort);
  if (refinements.date) {
    params.set("date", refinements.date);
    if (refinements.showBooked) params.set("booked", "show");
  }
  if (refinements.checked) params.set("checked", "yes");
  if (refinements.insured) params.set("insured", "yes");
  return params;
}

/** How many refinements are on, for the phone sheet's "Filters (N)". */
export function refinementCount(refinements: ListingRefinements): number {
  return (
    (refinements.budget ? 1 : 0) +
    (refinements.miles ? 1 : 0) +
    (refinements.audience !== DEFAULT_AUDIENCE_FILTER ? 1 : 0) +
    (refinements.size ? 1 : 0) +
    (refinements.sort !== "best" ? 1 : 0) +
    (refinements.date ? 1 : 0) +
    (refinements.checked ? 1 : 0) +
    (refinements.insured ? 1 : 0)
  );
}

/** Which audiences a filter admits; null admits every profile. Unknown audiences (null) count as family acts. */
export function admittedAudiences(filter: AudienceFilter): { audiences: Audience[]; unknownAdmitted: boolean } | null {
  if (filter === "adults") return null;
  if (filter === "kids") return { audiences: ["kids"], unknownAdmitted: false };
  return { audiences: ["kids", "all"], unknownAdmitted: true };
}
