import type { Category } from "./constants";
import { performersFound } from "./format";

// What the /search loader hands its page about how the query was understood, and the page's
// sentences about it, kept here so the server's tests and the page say the same words.

/** One phrase the dictionary knew: searched for as itself and as the descriptions and categories. */
export interface SearchExpansion {
  /** What the visitor asked for, as the page names it ("Spider-Man", "ice queen"). */
  label: string;
  /** Performers' descriptions also searched for; never a trademarked name. */
  descriptions: string[];
  categories: Category[];
}

/** A place read from the words typed: a city searched like a ZIP code, or a state. */
export type SearchPlace = { kind: "city"; city: string; state: string } | { kind: "state"; state: string; name: string };

/**
 * Why a search shows more than its exact matches: too few of them near the place ("few near"),
 * none at all so performers of the same kind or usual category ("similar"), or none so those
 * matching the most words ("most words").
 */
export type ClosestReason = "few near" | "similar" | "most words";

/** Shown when no performer matches every word and the page ranks those matching the most. */
export function closestMatchesMessage(q: string): string {
  return `No performers match all of "${q}"; showing the closest.`;
}

/**
 * The alert's title and sentence for a search that shows the closest performers. Too few near a
 * place names the words without the place ("elsa") and the place ("Orlando, FL").
 */
export function closestMatchesAlert(q: string, reason: ClosestReason, near: { words: string; place: string } | null = null): { title: string; body: string } {
  if (reason === "few near") {
    const where = near ? `near ${near.place}` : "nearby";
    return {
      title: `Few performers ${where} match "${near?.words || q}"; similar performers are shown too.`,
      body: "Those who match come first within each distance.",
    };
  }
  if (reason === "similar") {
    return { title: closestMatchesMessage(q), body: "Performers of the same kind or the usual category come instead." };
  }
  return { title: closestMatchesMessage(q), body: "Performers matching the most of your words come first. Fewer words may find more." };
}

/** 'Including: web-slinging hero, spider hero and the Hero category.' */
export function expansionIncludes(expansion: SearchExpansion): string {
  const parts = [...expansion.descriptions];
  if (expansion.categories.length > 0) {
    const names = expansion.categories.join(" and ");
    parts.push(`the ${names} ${expansion.categories.length > 1 ? "categories" : "category"}`);
  }
  if (parts.length === 0) return "";
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  return `Including: ${list}.`;
}

/** The line about a place read from the query. */
export function placeLine(place: SearchPlace): string {
  return place.kind === "city"
    ? `Performers who travel to ${place.city}, ${place.state}, nearest first.`
    : `Performers based in ${place.name}.`;
}

/**
 * The line about where a search measured from: its ZIP code, else a place read from the words;
 * null with neither. Written by the loader, so the search page's code carries no such sentences.
 */
export function searchedPlaceLine(zip: { code: string; city: string; state: string } | null, place: SearchPlace | null): string | null {
  if (zip) return `Performers who travel to ${zip.code} (${zip.city}, ${zip.state}), nearest first.`;
  return place ? placeLine(place) : null;
}

/**
 * How far from a searched place performers whose usual travel range stops short of it are still
 * listed, as "Nearby, may charge travel" (NEARBY_MILES in the server's configuration).
 */
export const DEFAULT_NEARBY_MILES = 150;

/** The place a search measures from: '59001 (Absarokee, MT)' for a ZIP code, 'Absarokee, MT' for a city. */
export function searchedPlaceName(zip: { code: string; city: string; state: string } | null, place: SearchPlace | null): string | null {
  if (zip) return `${zip.code} (${zip.city}, ${zip.state})`;
  return place?.kind === "city" ? `${place.city}, ${place.state}` : null;
}

/** The radius links' text: "Within 50 mi", and "Any distance" for none. */
export function radiusLabel(miles: number | null): string {
  return miles === null ? "Any distance" : `Within ${miles} mi`;
}

/** How many matched, as the results heading says it ('1,000+ performers found' past the count's limit). */
export function searchTotalHeading(total: number, atLeast: boolean): string {
  if (!atLeast) return performersFound(total);
  return `${total.toLocaleString("en-US")}+ performers found`;
}
