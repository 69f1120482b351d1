import type { Category } from "~/lib/constants";
import type { SearchExpansion } from "~/lib/search-view";
import { phraseKey, tokens } from "~/lib/search-words";
import type { QueryGroup } from "./understand.server";

// Query expansion: each group of the query (a word, or a phrase the dictionary knows) becomes an
// OR of everything it may be written as in a performer's text: what was typed (also as the start
// of a longer word), the entry's names, the performers' descriptions and the category words. The
// groups are ANDed. The text is for to_tsquery(): words are only [a-z0-9]+ (tokens()), so nothing
// typed can change the query's syntax; a phrase's words must be adjacent (<->), as in "ice queen".

/** Alternatives per group at most: enough for the biggest entry, bounded for the index. */
const MAX_ALTERNATIVES = 24;

function phrase(text: string): string | null {
  const words = tokens(text);
  return words.length > 0 ? words.join(" <-> ") : null;
}

/** What was typed, with longer words also matching as a prefix ("prin" finds "princess"). */
function typedPart(group: QueryGroup): string {
  return group.words.map((w) => (w.length >= 3 ? `${w}:*` : w)).join(" <-> ");
}

/**
 * One group as a to_tsquery() expression. With `categories: false` only the specific readings
 * (what was typed, the entry's names and descriptions): a performer matching those ranks above one
 * found through a category's word alone.
 */
export function groupTsquery(group: QueryGroup, { categories = true }: { categories?: boolean } = {}): string {
  const alternatives = new Set<string>([typedPart(group)]);
  for (const entry of group.entries) {
    for (const text of [entry.label, ...entry.variants, ...entry.descriptions, ...(categories ? entry.categories : [])]) {
      const p = phrase(text);
      if (p) alternatives.add(p);
    }
  }
  const list = [...alternatives].slice(0, MAX_ALTERNATIVES);
  return list.length === 1 ? list[0] : `(${list.map((a) => `(${a})`).join(" | ")})`;
}

/** Every group must match. */
export function allGroupsTsquery(groups: QueryGroup[]): string {
  return groups.map((g) => groupTsquery(g)).join(" & ");
}

/** Every group (or with "|" any group) matches by a specific reading, not only by a category's word. */
export function specificTsquery(groups: QueryGroup[], join: "&" | "|" = "&"): string {
  return groups.map((g) => groupTsquery(g, { categories: false })).join(` ${join} `);
}

/** At least one group matches (the "closest" fallback). */
export function anyGroupTsquery(groups: QueryGroup[]): string {
  return groups.map((g) => groupTsquery(g)).join(" | ");
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
export function describeExpansions(groups: QueryGroup[]): SearchExpansion[] {
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
      for (const text of [...names, ...entry.descriptions]) {
        const key = phraseKey(text);
        if (key && key !== typedKey && key !== phraseKey(label) && !descriptions.has(key)) descriptions.set(key, text);
      }
      for (const category of entry.categories) categories.add(category);
    }
    expansions.push({ label, descriptions: [...descriptions.values()].slice(0, MAX_SHOWN_DESCRIPTIONS), categories: [...categories] });
  }
  return expansions;
}
