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

/** Shown when no performer matches every word and the page ranks those matching the most. */
export function closestMatchesMessage(q: string): string {
  return `No performers match all of "${q}"; showing the closest.`;
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

/** A place search that found few performers and also looked past their travel ranges. */
export interface SearchWidening {
  /** Miles added to every performer's travel range. */
  miles: number;
  /** Performers whose own travel range reaches the place. */
  within: number;
  /** Performers the wider search added. */
  added: number;
}

/**
 * Which group of a place search a card is in: whose range reaches the place ("near"), who travels
 * anywhere ("nationwide", after those), and who a widened search added ("beyond", last). Searches
 * without a place have "near" only.
 */
export type SearchHitReach = "near" | "nationwide" | "beyond";

/** The group a widened search added, under its own heading after the others. */
export const BEYOND_RANGE_HEADING = "A little farther away";
export const BEYOND_RANGE_NOTE = "Their usual travel range stops short of this place: ask whether they would come, and about travel fees.";

const performers = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "performer" : "performers"}`;

/** The place a widened search names: '59001 (Absarokee, MT)' for a ZIP code, 'Absarokee, MT' for a city. */
export function searchedPlaceName(zip: { code: string; city: string; state: string } | null, place: SearchPlace | null): string | null {
  if (zip) return `${zip.code} (${zip.city}, ${zip.state})`;
  return place?.kind === "city" ? `${place.city}, ${place.state}` : null;
}

/**
 * 'Only 2 performers travel to 59001 (Absarokee, MT). We widened the search by 50 miles to show 9
 * more.' `where` names the place as the page does: '59001 (Absarokee, MT)' or 'Absarokee, MT'.
 */
export function wideningMessage(where: string, widening: SearchWidening): string {
  const { miles, within, added } = widening;
  if (within === 0) return `No performers travel to ${where} yet. We widened the search by ${miles} miles and found ${performers(added)}.`;
  return `Only ${performers(within)} ${within === 1 ? "travels" : "travel"} to ${where}. We widened the search by ${miles} miles to show ${added} more.`;
}

/** How many matched, as the results heading says it ('1,000+ performers found' past the count's limit). */
export function searchTotalHeading(total: number, atLeast: boolean): string {
  if (!atLeast) return performersFound(total);
  return `${total.toLocaleString("en-US")}+ performers found`;
}
