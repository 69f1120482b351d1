import { z } from "zod";
import { CATEGORIES, type Category } from "~/lib/constants";
import { CITY_LIST_STATE, defaultAudience, type DirectoryFilters } from "~/lib/directory-params";
import type { ListingRefinements } from "~/lib/listing-refinements";
import { findState } from "~/lib/us-states";
import { findGazetteerCity } from "../places/gazetteer.server";
import { readRefinements } from "./party-date.server";

// Reads the directory's filters from an address (see ~/lib/directory-params for the other way).
// Parsing is forgiving: a value that does not name a real state, a city of the chosen state (any
// the ZIP data knows) or a known category is dropped rather than failing the page, so old or
// hand-edited links still show something sensible.

const MAX_PAGE = 10_000;

const rawFiltersSchema = z.object({
  state: z.string().trim().max(40).optional().catch(undefined),
  city: z.string().trim().max(80).optional().catch(undefined),
  category: z.array(z.string().max(80)).max(CATEGORIES.length * 2).catch([]),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  cityOf: z.string().trim().max(40).optional().catch(undefined),
});


/**
 * Filters from a URL's query. `pathState` is the /browse/{stateAbbr} segment, which wins over a
 * `state` query value; `fixedCategory` pages (a category page) ignore category checkboxes.
 */
export function parseDirectoryFilters(
  params: URLSearchParams,
  options: { pathState?: string; fixedCategory?: Category } = {},
): DirectoryFilters {
  const raw = rawFiltersSchema.parse({
    cityOf: params.get(CITY_LIST_STATE) ?? undefined,
    state: params.get("state") ?? undefined,
    city: params.get("city") ?? undefined,
    category: params.getAll("category"),
    page: params.get("page") ?? undefined,
  });
  const state = findState(options.pathState ?? raw.state)?.abbreviation ?? null;
  // A city only counts together with its state: changing the state drops a stale city.
  // Any city of the state counts (a performer may be based in any of them), in its usual spelling.
  // A city sent from another state's list (the plain form, after a change of state) is dropped.
  const stale = raw.cityOf !== undefined && findState(raw.cityOf)?.abbreviation !== state;
  const city = state && !stale ? (findGazetteerCity(state, raw.city)?.name ?? null) : null;
  const categories = options.fixedCategory
    ? [options.fixedCategory]
    : CATEGORIES.filter((c) => raw.category.includes(c));
  return { state, city, categories, refinements: listingRefinements(params, { hasPlace: Boolean(city), fixedCategory: options.fixedCategory }), page: raw.page };
}

/**
 * The refinements of a listing page. Distance and "nearest" need a place (a city page): elsewhere
 * they are dropped, so the address and the form do not claim an order the page cannot give. An
 * address that names no audience gets the page's own (adult events on the 18+ page).
 */
export function listingRefinements(params: URLSearchParams, options: { hasPlace: boolean; fixedCategory?: Category }): ListingRefinements {
  const refinements = readRefinements(params);
  if (!params.get("audience")) refinements.audience = defaultAudience(options.fixedCategory);
  if (!options.hasPlace) {
    refinements.miles = null;
    if (refinements.sort === "nearest") refinements.sort = "best";
  }
  return refinements;
}
