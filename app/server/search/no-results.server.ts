import { browseHref } from "~/lib/directory-params";
import { milesBetween, type Point } from "~/lib/geo";
import type { NearbyPlaceLink, NoResultsHelp, SearchSuggestion } from "~/lib/no-results-view";
import type { TilePlace } from "~/lib/parent-tiles";
import { dictionaryWords } from "~/lib/search-dictionary";
import type { SearchPlace } from "~/lib/search-view";
import { STOP_WORDS, tokens } from "~/lib/search-words";
import { US_STATES, stateName } from "~/lib/us-states";
import type { Executor } from "../db/client.server";
import { countPublicProfilesByCity, countPublicProfilesByState } from "../directory/directory.server";
import { countSearch, parentTiles } from "../directory/parent-tiles.server";
import { findGazetteerCity } from "../places/gazetteer.server";
import { todayIso } from "../directory/visibility.server";
import { placeWords, townSpans } from "./places.server";
import { splitZip, type SearchInput } from "./query.server";
import { editDistance } from "./spelling.server";
import { lookupZip } from "./zip.server";

// What a search that found nobody offers instead of "try other words" (app/lib/no-results-view.ts):
// the tiles in parents' words, counted near the searched place; the nearest state and city pages
// that have performers; and a "did you mean" that is checked to find someone. Everything here
// reads counts the directory already remembers (performers per state, per city of a state) or
// runs a capped, remembered search count, so a zero-result page costs a few remembered reads at
// any size of the directory.

const NEAREST_STATES = 3;
const NEAREST_CITIES = 4;
const BUSIEST_STATES = 6;
const MAX_SUGGESTIONS = 2;

/** Where the search was: a point (ZIP code or city) with its name, or a state. */
interface SearchedWhere {
  point: Point | null;
  state: string | null;
  name: string;
  tilePlace: TilePlace;
}

/** The place the search named or filtered on, if any. */
function searchedWhere(input: SearchInput, zip: { code: string; city: string; state: string } | null, place: SearchPlace | null): SearchedWhere | null {
  if (zip) {
    const found = lookupZip(zip.code);
    const point = found ? { latitude: found.latitude, longitude: found.longitude } : null;
    return { point, state: zip.state, name: `${zip.city}, ${zip.state}`, tilePlace: { zip: zip.code, city: zip.city, state: zip.state } };
  }
  const city = place?.kind === "city" ? place : input.state && input.city ? { city: input.city, state: input.state } : null;
  if (city) {
    const found = findGazetteerCity(city.state, city.city);
    const point = found ? { latitude: found.latitude, longitude: found.longitude } : null;
    return { point, state: city.state, name: `${city.city}, ${city.state}`, tilePlace: { city: city.city, state: city.state } };
  }
  const state = place?.kind === "state" ? place.state : input.state;
  return state ? { point: null, state, name: stateName(state), tilePlace: { state } } : null;
}

/** Miles from a point to the nearest of a state's larger cities: near enough to order states by. */
function milesToState(point: Point, abbreviation: string): number {
  const state = US_STATES.find((s) => s.abbreviation === abbreviation);
  if (!state || state.cities.length === 0) return Number.POSITIVE_INFINITY;
  return Math.min(...state.cities.map((c) => milesBetween(point, { latitude: c.lat, longitude: c.lon })));
}

/** The state's largest city, where a search for the whole state is measured from. */
function stateCentre(abbreviation: string): Point | null {
  const largest = US_STATES.find((s) => s.abbreviation === abbreviation)?.cities[0];
  return largest ? { latitude: largest.lat, longitude: largest.lon } : null;
}

const stateLink = (state: string, count: number, miles: number | null): NearbyPlaceLink => ({
  label: stateName(state),
  href: browseHref({ state }),
  count,
  miles,
});

/**
 * The state and city pages with performers nearest to where the search was (its own state first
 * when it has any), or, for a search without a place, the states with the most performers.
 */
export async function nearestPlacesWithPerformers(
  db: Executor,
  where: Pick<SearchedWhere, "point" | "state"> | null,
  today: string = todayIso(),
): Promise<{ cities: NearbyPlaceLink[]; states: NearbyPlaceLink[] }> {
  const stateCounts = Object.entries(await countPublicProfilesByState(db, today)).filter(([, n]) => n > 0);
  const from = where?.point ?? (where?.state ? stateCentre(where.state) : null);
  if (!from) {
    const busiest = stateCounts.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, BUSIEST_STATES);
    return { cities: [], states: busiest.map(([state, n]) => stateLink(state, n, null)) };
  }
  const measured = stateCounts.map(([state, n]) => ({ state, count: n, miles: state === where?.state ? 0 : milesToState(from, state) }));
  const nearestStates = measured.sort((a, b) => a.miles - b.miles || a.state.localeCompare(b.state)).slice(0, NEAREST_STATES);

  const cities: NearbyPlaceLink[] = [];
  for (const { state } of nearestStates) {
    for (const [name, count] of Object.entries(await countPublicProfilesByCity(db, state, today))) {
      const city = findGazetteerCity(state, name);
      if (!city || count <= 0) continue;
      cities.push({
        label: `${city.name}, ${state}`,
        href: browseHref({ state, city: city.name }),
        count,
        miles: milesBetween(from, city),
      });
    }
  }
  cities.sort((a, b) => (a.miles ?? 0) - (b.miles ?? 0) || b.count - a.count);
  // A state-wide search measured from its largest city: the distances say nothing to the visitor.
  const shownMiles = (miles: number) => (where?.point ? miles : null);
  return {
    cities: cities.slice(0, NEAREST_CITIES).map((c) => ({ ...c, miles: shownMiles(c.miles ?? 0) })),
    states: nearestStates.map(({ state, count, miles }) => stateLink(state, count, shownMiles(miles))),
  };
}

let curated: Set<string> | null = null;
/** Words the site knows without any performer using them: the dictionary's and place names'. */
function curatedWords(): Set<string> {
  curated ??= new Set([...dictionaryWords(), ...placeWords()]);
  return curated;
}

let dictionaryVocabulary: string[] | null = null;
function dictionaryVocabularyWords(): string[] {
  dictionaryVocabulary ??= [...dictionaryWords()].filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  return dictionaryVocabulary;
}

/**
 * Edits allowed for a did-you-mean: more than the search's own correction allows (that one is
 * applied without asking, so it must be sure), since this is only offered, and checked to find
 * performers before it is.
 */
function offeredEdits(word: string): number {
  return Math.max(2, Math.floor(word.length * 0.4));
}

/**
 * The dictionary's nearest word to a word it does not know, within offeredEdits and starting with
 * the same letter (past one edit), which a misspelling almost always keeps and a different word
 * ("juggler", "jaguar") often does not; null when none is.
 */
function nearestDictionaryWord(word: string): string | null {
  let best: { term: string; distance: number } | null = null;
  for (const term of dictionaryVocabularyWords()) {
    if (Math.abs(term.length - word.length) > offeredEdits(word)) continue;
    const distance = editDistance(word, term);
    if (distance > offeredEdits(word) || (distance > 1 && term[0] !== word[0])) continue;
    if (!best || distance < best.distance || (distance === best.distance && term < best.term)) best = { term, distance };
  }
  return best?.term ?? null;
}

/**
 * The visitor's words with each unknown one replaced by the dictionary's nearest word ("sooperheerow"
 * is "superhero"); a ZIP code, place names, short words and stop words stay as typed. Null when
 * nothing changed.
 */
export function respelledQuery(q: string): string | null {
  const { zip, rest } = splitZip(q);
  const words = tokens(rest);
  const towns = new Set(townSpans(words).flatMap(({ start, end }) => words.slice(start, end)));
  let changed = false;
  const respelled = words.map((word) => {
    if (word.length < 4 || /\d/.test(word) || STOP_WORDS.has(word) || towns.has(word) || curatedWords().has(word)) return word;
    const nearest = nearestDictionaryWord(word);
    if (!nearest || nearest === word) return word;
    changed = true;
    return nearest;
  });
  if (!changed) return null;
  return [...respelled, ...(zip ? [zip] : [])].join(" ");
}

function searchLink(q: string, input: SearchInput, keepFilters: boolean): string {
  const params = new URLSearchParams({ q });
  if (keepFilters) {
    if (input.state) params.set("state", input.state);
    if (input.state && input.city) params.set("city", input.city);
    if (input.category) params.set("category", input.category);
  }
  return `/search?${params.toString()}`;
}

/**
 * Searches worth offering, each checked to find performers: the words spelt as the dictionary
 * spells them, and (when filters narrowed the search) the same words without the filters.
 */
export async function searchSuggestions(db: Executor, input: SearchInput, today: string = todayIso()): Promise<SearchSuggestion[]> {
  const suggestions: SearchSuggestion[] = [];
  const hasFilters = Boolean(input.state || input.category);
  const respelled = input.q ? respelledQuery(input.q) : null;
  // Filters are part of what found nobody: a respelled search is checked, and linked, without them.
  if (respelled) {
    const found = await countSearch(db, respelled, today);
    if (found.count > 0) suggestions.push({ q: respelled, href: searchLink(respelled, input, false), kind: "spelling", ...found });
  }
  if (hasFilters && input.q) {
    const found = await countSearch(db, input.q, today);
    if (found.count > 0) suggestions.push({ q: input.q, href: searchLink(input.q, input, false), kind: "without-filters", ...found });
  }
  return suggestions.slice(0, MAX_SUGGESTIONS);
}

/** Everything the zero-result page offers, for the search /search ran with `input`. */
export async function noResultsHelp(
  db: Executor,
  input: SearchInput,
  found: { zip: { code: string; city: string; state: string } | null; place: SearchPlace | null },
  today: string = todayIso(),
): Promise<NoResultsHelp> {
  const where = searchedWhere(input, found.zip, found.place);
  const tiles = await parentTiles(db, where?.tilePlace ?? null, today);
  const { cities, states } = await nearestPlacesWithPerformers(db, where, today);
  const suggestions = await searchSuggestions(db, input, today);
  return {
    filters: { state: input.state, city: input.city },
    tiles,
    placeName: where?.name ?? null,
    cities,
    states,
    suggestions,
  };
}
