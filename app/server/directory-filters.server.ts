import { z } from "zod";
import { CATEGORIES, type Category } from "~/lib/constants";
import type { DirectoryFilters } from "~/lib/directory-params";
import { findCity, findState } from "~/lib/us-states";

// Reads the directory's filters from an address (see ~/lib/directory-params for the other way).
// Parsing is forgiving: a value that does not name a real state, a city of the chosen state or a
// known category is dropped rather than failing the page, so old or hand-edited links still show
// something sensible.

const MAX_PAGE = 10_000;

const rawFiltersSchema = z.object({
  state: z.string().trim().max(40).optional().catch(undefined),
  city: z.string().trim().max(80).optional().catch(undefined),
  category: z.array(z.string().max(80)).max(CATEGORIES.length * 2).catch([]),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
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
    state: params.get("state") ?? undefined,
    city: params.get("city") ?? undefined,
    category: params.getAll("category"),
    page: params.get("page") ?? undefined,
  });
  const state = findState(options.pathState ?? raw.state)?.abbreviation ?? null;
  // A city only counts together with its state: changing the state drops a stale city.
  const city = state ? (findCity(state, raw.city)?.name ?? null) : null;
  const categories = options.fixedCategory
    ? [options.fixedCategory]
    : CATEGORIES.filter((c) => raw.category.includes(c));
  return { state, city, categories, page: raw.page };
}
