import type { Category } from "~/lib/constants";
import { relatedEntriesOf, type DictionaryEntry } from "~/lib/search-dictionary";
import type { SearchExpansion } from "~/lib/search-view";
import { phraseKey, tokens } from "~/lib/search-words";
import type { QueryGroup } from "./understand.server";

// Query expansion: each group of the query (a word, or a phrase the dictionary knows) becomes an
// OR of everything it may be written as in a performer's text: what was typed (also as the start
// of a longer word), the entry's names, the performers' descriptions (its own and those of the
// narrower entries it includes) and the category words. The
// groups are ANDed. The text is for to_tsquery(): words are only [a-z0-9]+ (tokens()), so nothing
// typed can change the query's syntax; a phrase's words must be adjacent (<->), as in "ice queen".

/** Alternatives per group at most: enough for the biggest entry, bounded for the index. */
const MAX_ALTERNATIVES = 24;

/**
 * What was typed, with longer words also matching as a prefix ("prin" finds "princess"), unless no
 * performer's word is longer (the group's `whole` words).
 */
function typedPart(group: QueryGroup): string {
  return group.words.map((w) => (w.length >= 3 && !group.whole?.includes(w) ? `${w}:*` : w)).join(" <-> ");
}

/**
 * How far a group's expansion reaches: "none" for the specific readings only (what was typed, the
 * entry's names and descriptions), "meaning" adds the categories the words mean ("superhero" is
 * Hero), "kindred" also the kindred entries' names and descriptions (other princesses beside the
 * ice queen), "related" also the categories such performers are usually in.
 */
export type CategoryReach = "none" | "meaning" | "kindred" | "related";

function categoriesOf(entry: DictionaryEntry, reach: CategoryReach): readonly Category[] {
  if (reach === "none") return [];
  return [...(entry.categories ?? []), ...(reach === "related" ? (entry.relatedCategories ?? []) : [])];
}

/**
 * Whether an alternative adds nothing to the typed word's prefix match: it contains that word, or
 * its plural ("princess party", "princesses" beside "princess:*"). Worth removing because
 * PostgreSQL estimates an OR of terms as if they were independent: repeats make it expect far more
 * rows than match, and it then reads the whole table instead of the text index.
 */
function coveredByTyped(group: QueryGroup, words: string[]): boolean {
  if (group.words.length !== 1 || group.words[0].length < 3) return false;
  const typed = group.words[0];
  return words.some((w) => w === typed || w === `${typed}s` || w === `${typed}es`);
}

/** Singular and plural of a phrase share a key ("super heroes", "super hero"), for the same reason. */
const pluralKey = (words: string[]) => words.map((w) => (w.length > 4 ? w.replace(/e?s$/, "") : w)).join(" ");

/**
 * The same alternatives, cheapest to test first: single words, then the phrases that no single word
 * already covers ("caped <-> hero" adds nothing beside "hero"). PostgreSQL re-tests a phrase query
 * on every row the index finds and stops an OR at its first true branch, so on a common word
 * ("superhero" at 100,000 profiles) this halves the time; what matches is unchanged.
 */
function cheapestFirst(list: string[]): string[] {
  const words = list.filter((a) => !a.includes(" <-> "));
  const single = new Set(words);
  const covered = (term: string) => single.has(term) || (!term.endsWith(":*") && single.has(`${term}:*`));
  const phrases = list.filter((a) => a.includes(" <-> ") && !a.split(" <-> ").some(covered));
  return [...words, ...phrases];
}

/** A kindred entry's name and descriptions, from the kindred reach on ("Christmas" beside Santa). */
export function kindredTexts(entry: DictionaryEntry, reach: CategoryReach): string[] {
  if (reach !== "kindred" && reach !== "related") return [];
  return relatedEntriesOf(entry).flatMap((kin) => [kin.label, ...kin.descriptions]);
}

/** Everything an entry may be written as, at a reach. */
function entryTexts(entry: DictionaryEntry, reach: CategoryReach): string[] {
  return [entry.label, ...entry.variants, ...entry.descriptions, ...(entry.includes ?? []), ...categoriesOf(entry, reach), ...kindredTexts(entry, reach)];
}

/** The entry's phrases of two words or more at the widest reach, as words: those whose words are checked against the vocabulary (absent-words.server.ts). */
export function entryPhrases(entry: DictionaryEntry): string[][] {
  return entryTexts(entry, "related")
    .map(tokens)
    .filter((words) => words.length > 1);
}

/** One group as a to_tsquery() expression. */
export function groupTsquery(group: QueryGroup, reach: CategoryReach): string {
  const typed = typedPart(group);
  const alternatives = new Map<string, string>([[pluralKey(group.words), typed]]);
  for (const entry of group.entries) {
    for (const text of entryTexts(entry, reach)) {
      const words = tokens(text);
      const key = pluralKey(words);
      if (words.length > 0 && !coveredByTyped(group, words) && !alternatives.has(key)) alternatives.set(key, words.join(" <-> "));
    }
  }
  // A phrase with a word nobody wrote matches nobody; left in, the index would still read the
  // postings of its other words (absent-words.server.ts). Left out after the limit, so the query
  // matches exactly what it did with it.
  const absent = new Set(group.absent ?? []);
  const list = cheapestFirst([...alternatives.values()].slice(0, MAX_ALTERNATIVES)).filter(
    (alternative) => alternative === typed || !alternative.split(" <-> ").some((word) => absent.has(word)),
  );
  return list.length === 1 ? list[0] : `(${list.map((a) => `(${a})`).join(" | ")})`;
}

/** Every group must match ("&"), or at least one ("|", the "closest" fallback). */
export function groupsTsquery(groups: QueryGroup[], reach: CategoryReach, join: "&" | "|" = "&"): string {
  return groups.map((g) => groupTsquery(g, reach)).join(` ${join} `);
}

/** Whether widening to kindred entries could find anyone new. */
export function hasKindredEntries(groups: QueryGroup[]): boolean {
  return groups.some((g) => g.entries.some((e) => relatedEntriesOf(e).length > 0));
}

/** Whether widening to related categories could find anyone new. */
export function hasRelatedCategories(groups: QueryGroup[]): boolean {
  return groups.some((g) => g.entries.some((e) => (e.relatedCategories ?? []).length > 0));
}

/** Only what was typed, every group (or any): ranks a performer who wrote the visitor's own words first. */
export function typedTsquery(groups: QueryGroup[], join: "&" | "|" = "&"): string {
  return groups.map(typedPart).join(` ${join} `);
}

const MAX_SHOWN_DESCRIPTIONS = 5;

/**
 * What the page says it searched for besides the words ('results for "Spider-Man", including
 * web-slinging hero, spider hero'). A trademarked name is only ever the visitor's own words: it
 * is never listed among the descriptions.
 */
export function describeExpansions(groups: QueryGroup[], reach: CategoryReach): SearchExpansion[] {
  const expansions: SearchExpansion[] = [];
  for (const group of groups) {
    if (group.entries.length === 0) continue;
    const typedKey = group.words.join(" ");
    const first = group.entries[0];
    const label = group.byName ? first.label : typedKey;
    const descriptions = new Map<string, string>();
    const categories = new Set<Category>();
    for (const entry of group.entries) {
      const names = entry.trademark ? [] : [entry.label];
      const kindred = reach === "kindred" || reach === "related" ? relatedEntriesOf(entry).map((kin) => kin.label) : [];
      for (const text of [...names, ...entry.descriptions, ...kindred]) {
        const key = phraseKey(text);
        if (key && key !== typedKey && key !== phraseKey(label) && !descriptions.has(key)) descriptions.set(key, text);
      }
      for (const category of categoriesOf(entry, reach)) categories.add(category);
    }
    expansions.push({ label, descriptions: [...descriptions.values()].slice(0, MAX_SHOWN_DESCRIPTIONS), categories: [...categories] });
  }
  return expansions;
}
