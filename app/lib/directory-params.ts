import type { Category } from "./constants";
import { stateName } from "./us-state-names";

// The directory's filters live in the address bar: `state` (or the /browse/{stateAbbr} path),
// `city`, repeated `category`, and `page`. This module builds those addresses (pages link with it);
// reading them back is the server's job (app/server/directory-filters.server.ts), so the browser
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
  page: number;
}

export function hasFilters(filters: Pick<DirectoryFilters, "state" | "city" | "categories">, fixedCategory?: string): boolean {
  return Boolean(filters.state || filters.city || filters.categories.some((c) => c !== fixedCategory));
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
