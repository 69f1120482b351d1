import { z } from "zod";
import { CATEGORIES, type Category } from "./constants";
import { findCity, findState } from "./us-states";

// The directory's filters live in the address bar: `state` (or the /browse/{stateAbbr} path),
// `city`, repeated `category`, and `page`. Parsing is forgiving: a value that does not name a real
// state, a city of the chosen state or a known category is dropped rather than failing the page,
// so old or hand-edited links still show something sensible.

export interface DirectoryFilters {
  state: string | null;
  city: string | null;
  categories: Category[];
  page: number;
}

export const MAX_PAGE = 10_000;

// Built on first use: pages that only build links must not ship Zod to the browser.
let rawFiltersSchema: ReturnType<typeof buildSchema> | undefined;
function buildSchema() {
  return z.object({
    state: z.string().trim().max(40).optional().catch(undefined),
    city: z.string().trim().max(80).optional().catch(undefined),
    category: z.array(z.string().max(80)).max(CATEGORIES.length * 2).catch([]),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  });
}

/**
 * Filters from a URL's query. `pathState` is the /browse/{stateAbbr} segment, which wins over a
 * `state` query value; `fixedCategory` pages (a category page) ignore category checkboxes.
 */
export function parseDirectoryFilters(
  params: URLSearchParams,
  options: { pathState?: string; fixedCategory?: Category } = {},
): DirectoryFilters {
  rawFiltersSchema ??= buildSchema();
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

export function hasFilters(filters: Pick<DirectoryFilters, "state" | "city" | "categories">, fixedCategory?: string): boolean {
  return Boolean(filters.state || filters.city || filters.categories.some((c) => c !== fixedCategory));
}

/** What a link needs to know about the filters it keeps. */
export interface FilterLink {
  state?: string | null;
  city?: string | null;
  categories?: readonly string[];
  page?: number;
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
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return `${filters.state ? `/browse/${filters.state}` : "/browse"}${querySuffix(params)}`;
}

/** A category page's address, keeping its state, city and page filters. */
export function categoryHref(category: string, filters: FilterLink = {}): string {
  const params = new URLSearchParams();
  if (filters.state) params.set("state", filters.state);
  if (filters.state && filters.city) params.set("city", filters.city);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return `/categories/${encodeURIComponent(category)}${querySuffix(params)}`;
}
