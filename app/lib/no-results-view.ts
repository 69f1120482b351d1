import type { TilesView } from "./parent-tiles";

// What a search that found nobody offers instead of a dead end (app/server/search/no-results.server.ts
// gathers it, app/components/search/NoResults.tsx shows it): the tiles in parents' words, the
// nearest state and city pages that have performers, and searches that would find someone.

/** A state or city page with performers. */
export interface NearbyPlaceLink {
  /** "Orlando, FL" or "Florida". */
  label: string;
  href: string;
  /** Public performers based there. */
  count: number;
  /** Miles from the searched place, when there was one. */
  miles: number | null;
}

/** A search worth trying instead, checked to find performers. */
export interface SearchSuggestion {
  /** The words, as the link says them. */
  q: string;
  href: string;
  /** Why it is offered: a closer spelling, or the same words without the filters. */
  kind: "spelling" | "without-filters";
  /** How many it finds (capped like the search's total). */
  count: number;
  atLeast: boolean;
}

export interface NoResultsHelp {
  /** The search's state and city filters, as its address has them (the alert keeps them). */
  filters: { state: string | null; city: string | null };
  /** The tiles, counted near the searched place (or nationwide). */
  tiles: TilesView;
  /** "Orlando, FL" when the search named a place: the places are the nearest to it. */
  placeName: string | null;
  cities: NearbyPlaceLink[];
  states: NearbyPlaceLink[];
  suggestions: SearchSuggestion[];
}

/** "12 performers" (with "+" past the cap). */
export function performerCount(count: number, atLeast = false): string {
  return `${count.toLocaleString("en-US")}${atLeast ? "+" : ""} ${count === 1 && !atLeast ? "performer" : "performers"}`;
}

/** "about 15 mi away", or "" when there was no place to measure from (or it is the place itself). */
export function milesAway(miles: number | null): string {
  if (miles === null || miles < 1) return "";
  return `about ${Math.round(miles).toLocaleString("en-US")} mi away`;
}
