import { tokens } from "~/lib/search-words";
import { US_STATES, type UsState } from "~/lib/us-states";
import { cityKey, findGazetteerCity, gazetteerCitiesOf, type GazetteerCity } from "../places/gazetteer.server";

// Places as people name them in the search box: "orlando", "salt lake city", "texas", "in tx".
// A city found here is searched like a ZIP code (who travels there, nearest first); a state like
// the state filter. Words that are also everyday words or characters ("Aurora", "Phoenix",
// "Casper", "reading") are only a place when the query says so ("in aurora", "aurora co").

export type PlaceMatch =
  | { kind: "city"; city: string; state: string; latitude: number; longitude: number }
  | { kind: "state"; state: string; name: string };

interface CityRecord {
  name: string;
  state: UsState;
  latitude: number;
  longitude: number;
}

const key = (text: string) => tokens(text).join(" ");

const citiesByKey = new Map<string, CityRecord[]>();
for (const state of US_STATES) {
  for (const city of state.cities) {
    const k = key(city.name);
    citiesByKey.set(k, [...(citiesByKey.get(k) ?? []), { name: city.name, state, latitude: city.lat, longitude: city.lon }]);
  }
}
const statesByName = new Map(US_STATES.map((s) => [key(s.name), s]));
const statesByAbbreviation = new Map(US_STATES.map((s) => [s.abbreviation.toLowerCase(), s]));

/**
 * Postal codes that are also common words or names ("in", "me", "or", "hi", "ok", "la", "pa"):
 * read as a state only right after one of that state's cities ("portland or", "boise id").
 */
const AMBIGUOUS_ABBREVIATIONS = new Set(["al", "ar", "co", "de", "hi", "id", "in", "la", "ma", "me", "mi", "mo", "ms", "mt", "ne", "oh", "ok", "or", "pa", "ut"]);

/**
 * Single-word city names that are more often something else in this directory: characters and
 * costumes ("phoenix", "casper", "lincoln"), first names, and plain words ("mobile", "reading").
 */
const AMBIGUOUS_CITY_NAMES = new Set(
  (
    "aurora phoenix casper lincoln elizabeth buffalo salem columbus bowie edison reading sparks boulder charleston " +
    "independence jackson madison charlotte savannah austin chandler gilbert norman eugene warren frederick augusta " +
    "lafayette henderson carmel concord meridian auburn roswell mobile temple glendale cambridge athens troy durham " +
    "richmond lexington arlington bloomington burlington manchester"
  ).split(" "),
);

/** The state a city name shared by several states means when the query does not say. */
const USUAL_STATE: Record<string, string> = {
  fayetteville: "AR",
  aurora: "CO",
  dover: "DE",
  newark: "NJ",
  columbus: "OH",
  springfield: "IL",
  "kansas city": "MO",
  portland: "OR",
  rochester: "NY",
  columbia: "SC",
  bellevue: "WA",
  charleston: "SC",
};

/** Words that introduce a place; they make an ambiguous name a place and are not searched. */
export const PLACE_CONNECTORS: ReadonlySet<string> = new Set(["in", "near", "nearby", "around", "at"]);

const LONGEST_PLACE = Math.max(...[...citiesByKey.keys(), ...statesByName.keys()].map((k) => k.split(" ").length));

export interface PlaceFound {
  place: PlaceMatch;
  /** Index of the first and one past the last word the place took (a state after a city included). */
  start: number;
  end: number;
}

function stateAt(words: readonly string[], at: number): { state: UsState; end: number } | null {
  for (let length = 2; length >= 1; length--) {
    if (at + length > words.length) continue;
    const state = statesByName.get(words.slice(at, at + length).join(" "));
    if (state) return { state, end: at + length };
  }
  const abbreviation = words[at] ? statesByAbbreviation.get(words[at]) : undefined;
  return abbreviation ? { state: abbreviation, end: at + 1 } : null;
}

/**
 * The place a query names at word `at`, if any. `words` are the query's lower-case words, stop
 * words included (they matter here: "in" before a city, "or" after Portland). `isTaken` says
 * whether another reading (the dictionary) claims the words, which makes a bare name not a place.
 */
export function placeAt(words: readonly string[], at: number, isTaken: (start: number, end: number) => boolean): PlaceFound | null {
  const introduced = at > 0 && PLACE_CONNECTORS.has(words[at - 1]);
  for (let length = Math.min(LONGEST_PLACE, words.length - at); length >= 1; length--) {
    const phrase = words.slice(at, at + length).join(" ");
    const cities = citiesByKey.get(phrase);
    if (cities) {
      const following = stateAt(words, at + length);
      const inNamedState = following ? cities.find((c) => c.state === following.state) : undefined;
      if (inNamedState && following) return { place: cityPlace(inNamedState), start: at, end: following.end };
      const ambiguous = (length === 1 && AMBIGUOUS_CITY_NAMES.has(phrase)) || isTaken(at, at + length);
      if (!ambiguous || introduced) {
        const usual = USUAL_STATE[phrase];
        const city = cities.find((c) => c.state.abbreviation === usual) ?? cities[0];
        return { place: cityPlace(city), start: at, end: at + length };
      }
    }
    const state = statesByName.get(phrase);
    if (state && (!isTaken(at, at + length) || introduced)) {
      return { place: { kind: "state", state: state.abbreviation, name: state.name }, start: at, end: at + length };
    }
  }
  const town = townAt(words, at, introduced, isTaken);
  if (town) return town;
  const abbreviation = statesByAbbreviation.get(words[at]);
  if (abbreviation && !AMBIGUOUS_ABBREVIATIONS.has(words[at]) && !isTaken(at, at + 1)) {
    return { place: { kind: "state", state: abbreviation.abbreviation, name: abbreviation.name }, start: at, end: at + 1 };
  }
  return null;
}

let townsByKey: Map<string, GazetteerCity[]> | null = null;

/** Every town of every state by its name, for "in kissimmee" (built on first use). */
function townsNamed(key: string): GazetteerCity[] {
  if (!townsByKey) {
    townsByKey = new Map();
    for (const state of US_STATES) {
      for (const town of gazetteerCitiesOf(state.abbreviation)) {
        const k = cityKey(town.name);
        townsByKey.set(k, [...(townsByKey.get(k) ?? []), town]);
      }
    }
  }
  return townsByKey.get(key) ?? [];
}

/**
 * Any other town the ZIP data knows ("kissimmee fl", "in palm beach gardens"). Thousands of town
 * names are also everyday words ("Christmas", "Castle", "Blue": one-ZIP hamlets), so a town counts
 * only when its state follows it, or when "in"/"near" introduces it, only one state has a town of
 * that name and it is more than a hamlet. A bare town name stays a word, which still finds
 * performers whose city it is.
 */
function townAt(words: readonly string[], at: number, introduced: boolean, isTaken: (start: number, end: number) => boolean): PlaceFound | null {
  for (let length = Math.min(LONGEST_TOWN, words.length - at); length >= 1; length--) {
    const phrase = words.slice(at, at + length).join(" ");
    const following = stateAt(words, at + length);
    const inNamedState = following ? findGazetteerCity(following.state.abbreviation, phrase) : undefined;
    if (inNamedState && following) return { place: townPlace(inNamedState), start: at, end: following.end };
    if (!introduced || isTaken(at, at + length)) continue;
    const town = usualTown(townsNamed(cityKey(phrase)), length);
    if (town) return { place: townPlace(town), start: at, end: at + length };
  }
  return null;
}

// Reading the ZIP table and indexing its towns takes about a second; a production server does it
// just after it starts rather than during its first visitor's search or city page.
if (process.env.NODE_ENV === "production") setTimeout(() => townsNamed(""), 0).unref();

/** "party in park" is not Park, Kansas (one ZIP code); "in kissimmee" (nine) is Kissimmee. */
const MIN_ONE_WORD_TOWN_ZIPS = 3;

/**
 * The town a name introduced by "in" means: the one with the most ZIP codes when it has more than
 * twice as many as any other of that name (St. Augustine, FL over St. Augustine, IL), and, for a
 * one-word name, more than a hamlet's.
 */
function usualTown(towns: readonly GazetteerCity[], words: number): GazetteerCity | null {
  const [first, second] = [...towns].sort((a, b) => b.zipCodes - a.zipCodes);
  if (!first || (second && first.zipCodes <= 2 * second.zipCodes)) return null;
  return words > 1 || first.zipCodes >= MIN_ONE_WORD_TOWN_ZIPS ? first : null;
}

/** Where the query names a town (see townAt), so spelling correction leaves its words alone ("boca raton"). */
export function townSpans(words: readonly string[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (let at = 0; at < words.length; ) {
    const introduced = at > 0 && PLACE_CONNECTORS.has(words[at - 1]);
    const found = townAt(words, at, introduced, () => false);
    if (found) {
      spans.push({ start: found.start, end: found.end });
      at = found.end;
    } else at++;
  }
  return spans;
}

/** The longest town name the search looks for, in words ("Palm Beach Gardens"; longer ones are rare). */
const LONGEST_TOWN = 4;

function townPlace(town: GazetteerCity): PlaceMatch {
  return { kind: "city", city: town.name, state: town.state, latitude: town.latitude, longitude: town.longitude };
}

function cityPlace(city: CityRecord): PlaceMatch {
  return { kind: "city", city: city.name, state: city.state.abbreviation, latitude: city.latitude, longitude: city.longitude };
}

/** Every word of every place name, so spelling correction can reach "orlando" from "orlndo". */
export function placeWords(): Set<string> {
  const words = new Set<string>();
  for (const k of [...citiesByKey.keys(), ...statesByName.keys()]) for (const w of k.split(" ")) if (w.length >= 4) words.add(w);
  return words;
}
