import { CHARACTER_THEMES } from "~/lib/character-suggestions";
import { CATEGORIES } from "~/lib/constants";
import { dictionaryWords } from "~/lib/search-dictionary";
import { STOP_WORDS, tokens } from "~/lib/search-words";
import { US_STATES, type UsState } from "~/lib/us-states";
import { EVERYDAY_TOWN_NAMES } from "../places/everyday-town-names.server";
import { cityKey, findGazetteerCity, gazetteerCitiesOf, type GazetteerCity } from "../places/gazetteer.server";

// Places as people name them in the search box: "orlando", "salt lake city", "texas", "in tx",
// and any town of the ZIP table on its own ("stephenville", "boca raton"). A city found here is
// searched like a ZIP code (who travels there, nearest first); a state like the state filter.
// Words that are also everyday words or characters ("Aurora", "Phoenix", "Casper", "reading",
// "Elsa", "happy") are only a place when the query says so ("in aurora", "aurora co"). A name
// several states share ("springfield") is read as the most populous one and comes with the others
// (`choices`), so the page can ask which was meant.

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
  // The ZIP table files Manhattan's codes under "New York": its own name holds one, Kansas's four.
  manhattan: "NY",
};

/**
 * Regions people name like towns, read as their state: "long island" is not Long Island, Kansas,
 * nor "east texas" East Texas, Pennsylvania, nor "west texas" the town of West.
 */
const REGIONS: Record<string, string> = {
  "long island": "NY",
  "hudson valley": "NY",
  "finger lakes": "NY",
  "jersey shore": "NJ",
  "cape cod": "MA",
  "outer banks": "NC",
  "upper peninsula": "MI",
  "twin cities": "MN",
  "lehigh valley": "PA",
  "north texas": "TX",
  "south texas": "TX",
  "east texas": "TX",
  "west texas": "TX",
  "central texas": "TX",
  "hill country": "TX",
  "rio grande valley": "TX",
  "big bend": "TX",
  "central florida": "FL",
  "south florida": "FL",
  "north florida": "FL",
  "space coast": "FL",
  "treasure coast": "FL",
  "emerald coast": "FL",
  "bay area": "CA",
  "silicon valley": "CA",
  "inland empire": "CA",
  "central valley": "CA",
  "southern california": "CA",
  "northern california": "CA",
  "northern virginia": "VA",
};

/** A word after a place's name that makes the words a region's name instead ("suffolk county"). */
const REGION_TAILS: ReadonlySet<string> = new Set(["county", "parish", "region"]);

const LONGEST_REGION = Math.max(...Object.keys(REGIONS).map((k) => k.split(" ").length));

function regionAt(words: readonly string[], at: number): PlaceFound | null {
  for (let length = Math.min(LONGEST_REGION, words.length - at); length >= 2; length--) {
    const abbreviation = REGIONS[words.slice(at, at + length).join(" ")];
    const state = abbreviation ? statesByAbbreviation.get(abbreviation.toLowerCase()) : undefined;
    if (state) return { place: { kind: "state", state: state.abbreviation, name: state.name }, start: at, end: at + length };
  }
  return null;
}

/** Words that introduce a place; they make an ambiguous name a place and are not searched. */
export const PLACE_CONNECTORS: ReadonlySet<string> = new Set(["in", "near", "nearby", "around", "at"]);

const LONGEST_PLACE = Math.max(...[...citiesByKey.keys(), ...statesByName.keys()].map((k) => k.split(" ").length));

/** One of the towns a shared name may mean. */
export interface TownChoice {
  city: string;
  state: string;
}

export interface PlaceFound {
  place: PlaceMatch;
  /** Index of the first and one past the last word the place took (a state after a city included). */
  start: number;
  end: number;
  /**
   * Several states have a town of this name and none clearly outweighs the others: every one of
   * them, the one `place` is first, most populous first (see rankTowns).
   */
  choices?: TownChoice[];
}

/** How a query's words are read besides the place names themselves. */
export interface PlaceReading {
  /** Whether another reading (the dictionary) claims words start..end, which makes a bare name not a place. */
  isTaken: (start: number, end: number) => boolean;
  /** The state filter: a town of the name there is the one meant ("springfield" with Missouri picked). */
  state?: string | null;
  /**
   * Words of public performers' stage names and characters (performer-words.server.ts): such a
   * word on its own is asked for as that ("Marshall the Pup"), not as a small town of that name.
   */
  performerWords?: ReadonlySet<string>;
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
 * words included (they matter here: "in" before a city, "or" after Portland).
 */
export function placeAt(words: readonly string[], at: number, reading: PlaceReading): PlaceFound | null {
  const { isTaken } = reading;
  const introduced = at > 0 && PLACE_CONNECTORS.has(words[at - 1]);
  const region = regionAt(words, at);
  if (region) return region;
  for (let length = Math.min(LONGEST_PLACE, words.length - at); length >= 1; length--) {
    // "nassau county" is not Nassau, Delaware, nor "orange county" the city of Orange.
    if (REGION_TAILS.has(words[at + length])) continue;
    const phrase = words.slice(at, at + length).join(" ");
    const cities = citiesByKey.get(phrase);
    if (cities) {
      const following = stateAt(words, at + length);
      const inNamedState = following ? cities.find((c) => c.state === following.state) : undefined;
      if (inNamedState && following) return { place: cityPlace(inNamedState), start: at, end: following.end };
      const ambiguous = (length === 1 && (AMBIGUOUS_CITY_NAMES.has(phrase) || isSearchWord(phrase))) || isTaken(at, at + length);
      if (!ambiguous || introduced) {
        if (reading.state) {
          // With a state picked, that state's town of the name is the one meant, whatever its size.
          const major = cities.find((c) => c.state.abbreviation === reading.state);
          const town = major ? undefined : townsNamed(cityKey(phrase)).find((t) => t.state === reading.state);
          if (major) return { place: cityPlace(major), start: at, end: at + length };
          if (town) return { place: townPlace(town), start: at, end: at + length };
        }
        const towns = rankTowns(townsNamed(cityKey(phrase)), USUAL_STATE[phrase]);
        const usual = USUAL_STATE[phrase] ?? towns[0]?.state;
        const city = cities.find((c) => c.state.abbreviation === usual);
        // The usual one may be a town the state data does not list as a city (Manhattan, New York).
        if (!city && towns[0]?.state === usual) return { place: townPlace(towns[0]), start: at, end: at + length, ...choicesOf(towns, usual) };
        const read = city ?? cities[0];
        return { place: cityPlace(read), start: at, end: at + length, ...choicesOf(towns, read.state.abbreviation) };
      }
    }
    const state = statesByName.get(phrase);
    if (state && (!isTaken(at, at + length) || introduced)) {
      return { place: { kind: "state", state: state.abbreviation, name: state.name }, start: at, end: at + length };
    }
  }
  const town = townAt(words, at, introduced, reading);
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
 * Names of well-known characters that are also a hamlet's name and that the dictionary does not
 * list: a parent typing "tarzan" or "marshall" means the character, not Tarzan, Texas.
 */
const CHARACTER_TOWN_NAMES = new Set(
  "bruno clark daphne dora fred garfield grover hawkeye hercules jessie marshall nemo oscar patrick pocahontas ryder tarzan velma wanda".split(" "),
);

let searchWords: Set<string> | null = null;

/**
 * The words the search knows as something to look for: the words of the dictionary's names and
 * descriptions, of the character names the profile editor offers, and of the categories. Such a
 * word on its own is never a town ("mascot" is not Mascot, Tennessee; "santa" not Santa, Idaho),
 * only with its state or after "in"; nor is it a misspelling of one (understand.server.ts).
 */
export function searchVocabulary(): ReadonlySet<string> {
  if (!searchWords) {
    searchWords = new Set(dictionaryWords());
    for (const names of Object.values(CHARACTER_THEMES)) for (const name of names) for (const w of tokens(name)) searchWords.add(w);
    for (const category of CATEGORIES) for (const w of tokens(category)) searchWords.add(w);
  }
  return searchWords;
}

const isSearchWord = (word: string) => searchVocabulary().has(word);

/** The shortest one-word town name read on its own (two letters are states, or words). */
const MIN_BARE_TOWN_LENGTH = 3;

/**
 * What a one-word town name is before it is a town: a "word" the search looks for or an everyday
 * English word ("blue", "happy"), a place only after "in" when it is more than a hamlet; a "name"
 * (a first name, a character, a word of a public performer's stage name or characters), a place
 * after "in"; otherwise a "town" on its own.
 */
function townNameKind(word: string, performerWords: ReadonlySet<string> = new Set()): "word" | "name" | "town" {
  if (word.length < MIN_BARE_TOWN_LENGTH || /^\d+$/.test(word) || STOP_WORDS.has(word) || PLACE_CONNECTORS.has(word)) return "word";
  if (isSearchWord(word)) return "word";
  if (AMBIGUOUS_CITY_NAMES.has(word) || CHARACTER_TOWN_NAMES.has(word) || performerWords.has(word)) return "name";
  return EVERYDAY_TOWN_NAMES.has(word) ? "word" : "town";
}

/** Whether a one-word name is a town on its own, without "in" or its state (townNameKind). */
export function mayBeBareTown(word: string, performerWords?: ReadonlySet<string>): boolean {
  return townNameKind(word, performerWords) === "town";
}

/**
 * The one-word names in the words that would be read as a town on their own, but for a performer
 * using the word (asked of the database by performer-words.server.ts before the query is read).
 */
export function bareTownCandidates(words: readonly string[]): string[] {
  return [...new Set(words.filter((w) => !citiesByKey.has(w) && townsNamed(w).length > 0 && townNameKind(w) === "town"))];
}

/**
 * Towns of one name, the most populous first. There is no population data: a state's larger city
 * (the state data's `major`) comes first, then the town with the most ZIP codes, which grows with
 * the number of people. The state a shared name usually means (USUAL_STATE) leads when given.
 */
function rankTowns(towns: readonly GazetteerCity[], usualState?: string): GazetteerCity[] {
  return [...towns].sort(
    (a, b) =>
      Number(b.state === usualState) - Number(a.state === usualState) ||
      Number(b.major) - Number(a.major) ||
      b.zipCodes - a.zipCodes ||
      a.state.localeCompare(b.state),
  );
}

/**
 * Whether the first of the ranked towns is clearly the one meant: the only one, the only larger
 * city, or one with more than twice the ZIP codes of the next ("orlando" is Florida's, "hollywood"
 * too; "springfield", "portland" and "paris" are asked).
 */
function isClear(ranked: readonly GazetteerCity[]): boolean {
  const [first, second] = ranked;
  if (!second) return true;
  if (second.major) return false;
  return first.major || first.zipCodes > 2 * second.zipCodes;
}

/** The choices to offer for a name, the town read first, when the name is not clear. */
function choicesOf(ranked: readonly GazetteerCity[], readAs: string): Pick<PlaceFound, "choices"> {
  if (isClear(ranked)) return {};
  const first = ranked.find((t) => t.state === readAs);
  const ordered = first ? [first, ...ranked.filter((t) => t !== first)] : ranked;
  return { choices: ordered.map((t) => ({ city: t.name, state: t.state })) };
}

/**
 * Any other town the ZIP data knows ("stephenville", "kissimmee fl", "in palm beach gardens").
 * Thousands of town names are also everyday words or characters ("Christmas", "Castle", "Blue",
 * "Elsa": one-ZIP hamlets), so such a name counts only when its state follows it, or when
 * "in"/"near" introduces it and it is more than a hamlet (usualTown). Any other name counts on
 * its own, unless a dictionary phrase claims its words.
 */
function townAt(words: readonly string[], at: number, introduced: boolean, reading: PlaceReading): PlaceFound | null {
  for (let length = Math.min(LONGEST_TOWN, words.length - at); length >= 1; length--) {
    if (REGION_TAILS.has(words[at + length])) continue;
    const phrase = words.slice(at, at + length).join(" ");
    const following = stateAt(words, at + length);
    const inNamedState = following ? findGazetteerCity(following.state.abbreviation, phrase) : undefined;
    if (inNamedState && following) return { place: townPlace(inNamedState), start: at, end: following.end };
    if (reading.isTaken(at, at + length)) continue;
    const towns = townsNamed(cityKey(phrase));
    if (towns.length === 0) continue;
    const kind = length > 1 ? "town" : townNameKind(phrase, reading.performerWords);
    const isPlace = kind === "town" || (introduced && (kind === "name" || usualTown(towns, length) !== null));
    if (!isPlace) continue;
    const inFilterState = reading.state ? towns.find((t) => t.state === reading.state) : undefined;
    if (inFilterState) return { place: townPlace(inFilterState), start: at, end: at + length };
    const ranked = rankTowns(towns, USUAL_STATE[phrase]);
    return { place: townPlace(ranked[0]), start: at, end: at + length, ...choicesOf(ranked, ranked[0].state) };
  }
  return null;
}

// Reading the ZIP table and indexing its towns takes about a second; a production server does it
// just after it starts rather than during its first visitor's search or city page.
if (process.env.NODE_ENV === "production") setTimeout(() => townsNamed(""), 0).unref();

/** "party in park" is not Park, Kansas (one ZIP code); "in kissimmee" (nine) is Kissimmee. */
const MIN_ONE_WORD_TOWN_ZIPS = 3;

/**
 * The town an everyday name introduced by "in" means: the one with the most ZIP codes when it has
 * more than twice as many as any other of that name, and, for a one-word name, more than a
 * hamlet's ("in mobile", not "party in park").
 */
function usualTown(towns: readonly GazetteerCity[], words: number): GazetteerCity | null {
  const [first, second] = [...towns].sort((a, b) => b.zipCodes - a.zipCodes);
  if (!first || (second && first.zipCodes <= 2 * second.zipCodes)) return null;
  return words > 1 || first.zipCodes >= MIN_ONE_WORD_TOWN_ZIPS ? first : null;
}

/** Where the query names a town (see townAt), so spelling correction leaves its words alone ("boca raton"). */
export function townSpans(words: readonly string[], performerWords?: ReadonlySet<string>): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (let at = 0; at < words.length; ) {
    const introduced = at > 0 && PLACE_CONNECTORS.has(words[at - 1]);
    const found = townAt(words, at, introduced, { isTaken: () => false, performerWords });
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
