import { cityKey, LESSER_CITY, matchCities } from "~/lib/city-names";
import { US_STATES } from "~/lib/us-states";
import { editDistance } from "../search/spelling.server";
import { zipTable } from "./zip-table.server";

export { cityKey };

// Every city of every state, as the offline ZIP table knows them (about 29,000 names), so that a
// performer in Kissimmee is filed under Kissimmee and a city page can be drawn for any town. The
// state data's larger cities (5 to 12 a state) keep their own names and coordinates; the ZIP table
// adds the rest, each placed at the mean of its ZIP codes' centroids. Built once, on first use.

export interface GazetteerCity {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  /** One of the state data's larger cities (offered first, and in the no-JavaScript lists). */
  major: boolean;
  /** How many ZIP codes the town has (0 for a larger city the ZIP table files under another name). */
  zipCodes: number;
}


/**
 * ZIP-table names for a place the state data names differently. The ZIP table files these
 * neighbourhoods and suburbs under the big city, so they are only added, never merged away.
 */
const SAME_PLACE: Record<string, Record<string, string>> = {
  NY: { "new york": "New York City" },
};

/** The ZIP table also holds company and post-office names ("Shell Oil Box 150", "At&t"). */
const PLAIN_NAME = /^[A-Za-z][A-Za-z .'-]*[A-Za-z.]$/;

/**
 * Companies, agencies and mail rooms with a ZIP code of their own, named in plain letters ("Wells
 * Fargo Bank", "Lockheed Corp", "Tn Dept Of Human Svc", "Brm"), which a performer must not be offered
 * as a city. Words that are also real towns stay: Bureau (IL), Telephone (TX), Red Bank (NJ), Banks (OR).
 */
const NOT_A_PLACE = [
  /\b(inc|corp|co|brm|ins|insurance|firms?|holdouts|ctr|dept|svc|services?|assoc|assc|assn|mail|lending|bkcard|lottery|elec|zip|com|syste|system|univ)\b/i,
  /\bbanks? of\b|\b(natl?|national|nat|union|fargo|one|us|amsouth|beneficial|centerre|merchants) bank\b/i,
  /\w (bureau|telephone)\b|\bbureau \w/i,
];

let byState: Map<string, Map<string, GazetteerCity>> | null = null;

function build(): Map<string, Map<string, GazetteerCity>> {
  const states = new Map<string, Map<string, GazetteerCity>>();
  for (const state of US_STATES) {
    const cities = new Map<string, GazetteerCity>();
    for (const city of state.cities) {
      cities.set(cityKey(city.name), { name: city.name, state: state.abbreviation, latitude: city.lat, longitude: city.lon, major: true, zipCodes: 0 });
    }
    states.set(state.abbreviation, cities);
  }
  const codes = zipTable().codes;
  const sums = new Map<string, { state: string; name: string; lat: number; lon: number; n: number }>();
  for (const record of Object.values(codes)) {
    if (record.country !== "US" || !states.has(record.state) || !PLAIN_NAME.test(record.city)) continue;
    if (NOT_A_PLACE.some((pattern) => pattern.test(record.city))) continue;
    if (!Number.isFinite(record.latitude) || !Number.isFinite(record.longitude)) continue;
    const key = cityKey(SAME_PLACE[record.state]?.[cityKey(record.city)] ?? record.city);
    const id = `${record.state}|${key}`;
    const sum = sums.get(id);
    if (sum) {
      sum.lat += record.latitude;
      sum.lon += record.longitude;
      sum.n += 1;
    } else {
      sums.set(id, { state: record.state, name: record.city, lat: record.latitude, lon: record.longitude, n: 1 });
    }
  }
  for (const [id, sum] of sums) {
    const cities = states.get(sum.state)!;
    const key = id.slice(sum.state.length + 1);
    const listed = cities.get(key);
    if (listed) {
      listed.zipCodes = sum.n;
      continue;
    }
    const round = (value: number) => Math.round((value / sum.n) * 10_000) / 10_000;
    cities.set(key, { name: sum.name, state: sum.state, latitude: round(sum.lat), longitude: round(sum.lon), major: false, zipCodes: sum.n });
  }
  return states;
}

function citiesByKey(state: string): Map<string, GazetteerCity> | undefined {
  byState ??= build();
  return byState.get(state.toUpperCase());
}

/** The city of that state with that name (any spelling cityKey treats as the same), if there is one. */
export function findGazetteerCity(state: string | null | undefined, name: string | null | undefined): GazetteerCity | undefined {
  if (!state || !name) return undefined;
  const abbr = state.toUpperCase();
  return citiesByKey(abbr)?.get(cityKey(SAME_PLACE[abbr]?.[cityKey(name)] ?? name));
}

interface Entry {
  key: string;
  rank: number;
  city: GazetteerCity;
}

const entriesByState = new Map<string, Entry[]>();

/** A state's cities by name, each with its comparison key (computed once, not per keystroke). */
function entriesOf(state: string | null | undefined): readonly Entry[] {
  if (!state) return [];
  const abbr = state.toUpperCase();
  let list = entriesByState.get(abbr);
  if (!list) {
    const larger = largerCityNames(abbr);
    list = [...(citiesByKey(abbr)?.entries() ?? [])]
      .map(([key, city]) => ({ key, rank: city.major ? larger.indexOf(city.name) : LESSER_CITY, city }))
      .sort((a, b) => a.city.name.localeCompare(b.city.name));
    entriesByState.set(abbr, list);
  }
  return list;
}

/** The state data's larger cities of a state, largest first (they keep their names in the gazetteer). */
export function largerCityNames(state: string): string[] {
  return US_STATES.find((s) => s.abbreviation === state.toUpperCase())?.cities.map((city) => city.name) ?? [];
}

const sortedByState = new Map<string, GazetteerCity[]>();

/** Every city of a state, by name. */
export function gazetteerCitiesOf(state: string | null | undefined): readonly GazetteerCity[] {
  if (!state) return [];
  const abbr = state.toUpperCase();
  let list = sortedByState.get(abbr);
  if (!list) {
    list = entriesOf(abbr).map((entry) => entry.city);
    sortedByState.set(abbr, list);
  }
  return list;
}

/**
 * Cities of a state whose name starts with what was typed (then those with a word starting with
 * it), the state data's larger cities first (largest first) within each group; at most `limit`.
 */
export function suggestGazetteerCities(state: string, typed: string, limit = 8): GazetteerCity[] {
  return matchCities(entriesOf(state), typed, limit).map((entry) => entry.city);
}

/** How many letters may differ for a name to count as a misspelling of a city (more for longer names). */
function allowedEdits(key: string): number {
  if (key.length <= 4) return 1;
  if (key.length <= 8) return 2;
  return 3;
}

/**
 * The state's cities a name not found was probably meant to be, closest first: misspellings
 * within a few letters ("Kisimee" is Kissimmee), then names it starts ("Kiss"); at most `limit`.
 */
export function closestGazetteerCities(state: string, typed: string, limit = 3): GazetteerCity[] {
  const key = cityKey(typed);
  if (key === "") return [];
  const allowed = allowedEdits(key);
  const near: { entry: Entry; distance: number }[] = [];
  for (const entry of entriesOf(state)) {
    // Names far longer or shorter cannot be within the allowed edits: skip the table.
    if (Math.abs(entry.key.length - key.length) > allowed) continue;
    const distance = editDistance(key, entry.key);
    if (distance <= allowed) near.push({ entry, distance });
  }
  near.sort((a, b) => a.distance - b.distance || a.entry.rank - b.entry.rank);
  const found = near.map(({ entry }) => entry.city);
  for (const city of suggestGazetteerCities(state, typed, limit)) if (!found.includes(city)) found.push(city);
  return found.slice(0, limit);
}

/** The names of the states (other than `except`) that have a city of that name, for "did you pick the wrong state?". */
export function statesWithGazetteerCity(name: string, except?: string): string[] {
  const abbr = except?.toUpperCase();
  return US_STATES.filter((state) => state.abbreviation !== abbr && findGazetteerCity(state.abbreviation, name) !== undefined).map(
    (state) => state.name,
  );
}
