// How city names are compared and matched as someone types. The server's gazetteer
// (app/server/places/gazetteer.server.ts) and the profile editor's city box in the browser both use
// these, so a name the box offers is a name the server accepts, in the same order.

/**
 * How a city name is compared: case, punctuation and the usual abbreviations do not matter
 * ("St. Petersburg", "Saint Petersburg" and "st petersburg" are one city).
 */
export function cityKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.'’]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .replace(/^st /, "saint ")
    .replace(/^ste /, "sainte ")
    .replace(/^ft /, "fort ")
    .replace(/^mt /, "mount ")
    .replace(/ st /g, " saint ");
}

/** A city as matching needs it: its comparison key, and its place among the state's larger cities. */
export interface CityMatchEntry {
  key: string;
  /** The state data's order of its larger cities, largest first (0); every other town is LESSER_CITY. */
  rank: number;
}

/** The rank of a town that is not one of the state's larger cities. */
export const LESSER_CITY = Number.MAX_SAFE_INTEGER;

/**
 * The entries whose name starts with what was typed, then those with a later word starting with it,
 * the larger cities first (largest first) within each group, the rest in the given order; at most
 * `limit`. Nothing typed gives the larger cities.
 */
export function matchCities<T extends CityMatchEntry>(entries: readonly T[], typed: string, limit: number): T[] {
  const key = cityKey(typed);
  const byRank = (a: T, b: T) => a.rank - b.rank;
  if (key === "") return entries.filter((entry) => entry.rank !== LESSER_CITY).sort(byRank).slice(0, limit);
  const starts: T[] = [];
  const inside: T[] = [];
  for (const entry of entries) {
    if (entry.key.startsWith(key)) starts.push(entry);
    else if (entry.key.includes(` ${key}`)) inside.push(entry);
  }
  return [...starts.sort(byRank), ...inside.sort(byRank)].slice(0, limit);
}

/** What /places/cities answers for a state: every city the server accepts for it. */
export interface StateCitiesAnswer {
  state: string;
  /** Every city of the state, A to Z, as the server stores it. */
  cities: string[];
  /** The state's larger cities (also in `cities`), largest first: offered first, in this order. */
  larger: string[];
}

/** The endpoint's address for a state's cities. */
export function stateCitiesUrl(state: string): string {
  return `/places/cities?state=${encodeURIComponent(state)}`;
}

/** How many suggestions the city box shows at once. */
export const CITY_SUGGESTION_LIMIT = 8;
