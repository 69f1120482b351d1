import { CATEGORIES, type Category } from "./constants";
import { SEARCH_DICTIONARY, type DictionaryEntry } from "./data/search-dictionary";
import { phraseKey, tokens } from "./search-words";

export type { DictionaryEntry } from "./data/search-dictionary";

// Looking phrases up in the curated dictionary (./data/search-dictionary.ts). The maps are built
// once per process from the reviewed data; nothing here reads the database.

/** A visitor's name for something (label or variant): exactly one entry. */
const byName = new Map<string, DictionaryEntry>();
/** A performer's description: every entry that uses it ("pixie" is a fairy and Tinker Bell). */
const byDescription = new Map<string, DictionaryEntry[]>();

for (const entry of SEARCH_DICTIONARY) {
  for (const name of [entry.label, ...entry.variants]) {
    const key = phraseKey(name);
    if (key && !byName.has(key)) byName.set(key, entry);
  }
  for (const description of entry.descriptions) {
    const key = phraseKey(description);
    if (!key) continue;
    const list = byDescription.get(key) ?? [];
    if (!list.includes(entry)) byDescription.set(key, [...list, entry]);
  }
}

const byLabel = new Map(SEARCH_DICTIONARY.map((entry) => [entry.label, entry]));

/** The kindred entries an entry names (`relatedEntries`), skipping a label the dictionary lacks. */
export function relatedEntriesOf(entry: DictionaryEntry): DictionaryEntry[] {
  return (entry.relatedEntries ?? []).flatMap((label) => byLabel.get(label) ?? []);
}

/** The longest phrase, in words, worth trying at one position of a query. */
export const LONGEST_DICTIONARY_PHRASE = Math.max(...[...byName.keys(), ...byDescription.keys()].map((k) => k.split(" ").length));

export interface DictionaryMatch {
  /** The entries the phrase names or describes (one for a name). */
  entries: DictionaryEntry[];
  /** True when the phrase is a visitor's name for the entry rather than one of its descriptions. */
  byName: boolean;
}

/** Looks up a phrase ("Spider-Man", "spider man", "ice queen"); names win over descriptions. */
export function lookupPhrase(phrase: string): DictionaryMatch | null {
  const key = phraseKey(phrase);
  if (!key) return null;
  const named = byName.get(key);
  if (named) return { entries: [named], byName: true };
  const described = byDescription.get(key);
  return described ? { entries: described, byName: false } : null;
}

const MIN_PREFIX = 4;
const MAX_PREFIX_ENTRIES = 3;

/**
 * The entries whose one-word names start with a partly typed word ("prin" is princess and
 * prince), at most three, and only when the word is not a name itself: a search sent before the
 * word was finished still means something.
 */
export function entriesStartingWith(word: string): DictionaryEntry[] {
  if (word.length < MIN_PREFIX || byName.has(word)) return [];
  const found: DictionaryEntry[] = [];
  for (const [key, entry] of byName) {
    if (!key.includes(" ") && key.startsWith(word) && !found.includes(entry)) found.push(entry);
    if (found.length > MAX_PREFIX_ENTRIES) return [];
  }
  return found;
}

/** Every word the dictionary knows, for spelling correction ("prinsess" is one edit from "princess"). */
export function dictionaryWords(): Set<string> {
  const words = new Set<string>();
  for (const key of [...byName.keys(), ...byDescription.keys()]) for (const word of key.split(" ")) words.add(word);
  return words;
}

/**
 * What an unknown category name ("Princess", "superheroes", "anime") probably meant: categories
 * whose name contains the word, then the categories the dictionary maps it to. The visitor's word
 * is never a category of its own here; the page links to a search for it instead.
 */
export function categorySuggestions(name: string): Category[] {
  const key = phraseKey(name);
  if (!key) return [];
  const words = new Set(key.split(" "));
  const found = new Set<Category>();
  for (const category of CATEGORIES) {
    if (tokens(category).some((t) => words.has(t))) found.add(category);
  }
  for (const entry of lookupPhrase(name)?.entries ?? []) {
    for (const category of [...(entry.categories ?? []), ...(entry.relatedCategories ?? [])]) found.add(category);
  }
  return CATEGORIES.filter((c) => found.has(c));
}
