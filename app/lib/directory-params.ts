import type { Category } from "./constants";
import { DEFAULT_AUDIENCE_FILTER, refinementCount, writeRefinements, type AudienceFilter, type ListingRefinements } from "./listing-refinements";
import { stateName } from "./us-state-names";

// The directory's filters live in the address bar: `state` (or the /browse/{stateAbbr} path),
// `city`, repeated `category`, the refinements (budget, audience, size, sort, distance, the party
// date and whether to show who is booked on it, the reviewed background check and insurance: see
// ./listing-refinements) and `page`. This module builds those addresses (pages link with it);
// reading them back is the server's job (app/server/directory/directory-filters.server.ts), so the browser
// never loads the state and city lists or Zod to build a link.

/**
 * The plain filter form's note of which state its city list belongs to. Without JavaScript a
 * visitor who picks another state sends the old state's city too, and many city names exist in
 * several states ("Burlington" is in Vermont and Wyoming), so the server drops such a city. It is
 * never part of a page's address.
 */
export const CITY_LIST_STATE = "cityOf";

export interface DirectoryFilters {
  state: string | null;
  city: string | null;
  categories: Category[];
  refinements: ListingRefinements;
  page: number;
}

/** The category page that lists adults-only acts: there adult events are the default audience. */
export const ADULTS_ONLY_CATEGORY: Category = "18+ Events Only";

/** Whose acts a listing shows when its address does not say: every act but adults-only ones, except on the 18+ page. */
export function defaultAudience(fixedCategory?: string): AudienceFilter {
  return fixedCategory === ADULTS_ONLY_CATEGORY ? "adults" : "family";
}

/** How many refinements are on, for "Filters (N)": the page's own default audience is not one of them. */
export function pageRefinementCount(refinements: ListingRefinements, pageAudience: AudienceFilter = DEFAULT_AUDIENCE_FILTER): number {
  return refinementCount({ ...refinements, audience: DEFAULT_AUDIENCE_FILTER }) + (refinements.audience !== pageAudience ? 1 : 0);
}

/** Whether the listing is narrowed beyond what its page shows anyway (the empty text then suggests changing the filters). */
export function hasFilters(
  filters: Pick<DirectoryFilters, "state" | "city" | "categories"> & { refinements?: ListingRefinements },
  fixedCategory?: string,
): boolean {
  const refinements = filters.refinements;
  const refined = Boolean(
    refinements &&
      (refinements.budget ||
        refinements.size ||
        refinements.miles ||
        refinements.audience !== defaultAudience(fixedCategory) ||
        refinements.checked ||
        refinements.insured ||
        // A date hides whoever is booked on it.
        (refinements.date && !refinements.showBooked)),
  );
  return Boolean(filters.state || filters.city || filters.categories.some((c) => c !== fixedCategory) || refined);
}

/** Where a listing looks, for its heading and title: "Austin, Texas", "Texas", or null for everywhere. */
export function placeName(filters: Pick<DirectoryFilters, "state" | "city">): string | null {
  if (!filters.state) return null;
  return filters.city ? `${filters.city}, ${stateName(filters.state)}` : stateName(filters.state);
}

/** What a link needs to know about the filters it keeps. */
export interface FilterLink {
  state?: string | null;
  city?: string | null;
  categories?: readonly string[];
  refinements?: ListingRefinements;
  page?: number;
}

/** Writes the refinements into `params`, leaving out the page's default audience (and writing the family one where it is not). */
function writePageRefinements(params: URLSearchParams, refinements: ListingRefinements | undefined, pageAudience: AudienceFilter) {
  if (!refinements) return;
  // In writeRefinements' order, the audience in its place.
  writeRefinements(params, { budget: refinements.budget, miles: refinements.miles });
  if (refinements.audience !== pageAudience) params.set("audience", refinements.audience);
  writeRefinements(params, { ...refinements, budget: null, miles: null, audience: undefined });
}

function querySuffix(params: URLSearchParams): string {
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The canonical browse address for a set of filters: /browse/{ST}?city=...&category=...&page=... */
export function browseHref(filters: FilterLink): string {
  const params = new URLSearchParams();
  if (filters.state && filters.city) params.set("city", filters.city);
  for (const category of filters.categories ?? []) params.append("category", category);
  writePageRefinements(params, filters.refinements, defaultAudience());
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return `${filters.state ? `/browse/${filters.state}` : "/browse"}${querySuffix(params)}`;
}

/** A category page's address, keeping its state, city, refinements and page. */
export function categoryHref(category: string, filters: FilterLink = {}): string {
  const params = new URLSearchParams();
  if (filters.state) params.set("state", filters.state);
  if (filters.state && filters.city) params.set("city", filters.city);
  writePageRefinements(params, filters.refinements, defaultAudience(category));
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return `/categories/${encodeURIComponent(category)}${querySuffix(params)}`;
}
