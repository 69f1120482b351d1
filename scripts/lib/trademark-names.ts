import { CHARACTER_SUGGESTIONS } from "~/lib/character-suggestions";
import type { DictionaryEntry } from "~/lib/data/search-dictionary";
import { phraseKey } from "~/lib/search-words";
import type { TrademarkName } from "~/lib/data/trademark-names";

// How the editor's small list of trademarked names (app/lib/data/trademark-names.ts) is derived from
// the search dictionary, so the editor never downloads the whole dictionary and the list cannot
// drift from it (app/lib/trademark-names.test.ts compares the committed file with this).

/**
 * Names the dictionary lists for a trademarked entry that are also everyday words a performer
 * writes for something else ("Brave Knight", "Hook-Handed Pirate", "Madrigal Singers"): searched
 * for, but never flagged on their own.
 */
export const EVERYDAY_VARIANTS: ReadonlySet<string> = new Set([
  "frozen",
  "tangled",
  "brave",
  "hook",
  "buzz",
  "bingo",
  "creeper",
  "the doctor",
  "harley",
  "indy",
  "aurora",
  "madrigal",
]);

/** Where an entry's first descriptions fit only some of its names (Hermione is no boy wizard): the safe names to offer first. */
const PREFERRED: Readonly<Record<string, readonly string[]>> = {
  "Harry Potter": ["young wizard"],
};

/** How many safe descriptions the editor offers for a name. */
const OFFERED = 2;

const SMALL_WORDS = new Set(["of", "the", "and", "a"]);

/** "god of thunder" as a character's name: "God of Thunder"; "web-slinging hero": "Web-Slinging Hero". */
export function titleCase(phrase: string): string {
  return phrase
    .split(" ")
    .map((word, i) =>
      i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase()),
    )
    .join(" ");
}

/** Whether `words` holds `part` as consecutive whole words (how the search matches a description). */
function containsPhrase(words: string, part: string): boolean {
  return ` ${words} `.includes(` ${part} `);
}

/**
 * The descriptions to offer, best first: the editor's own suggestions that carry one of the entry's
 * descriptions (so "Glass Slipper Princess" for Cinderella, found by a search for her), then the
 * descriptions themselves as names.
 */
function safeNames(entry: DictionaryEntry): string[] {
  const descriptions = [...(PREFERRED[entry.label] ?? []), ...entry.descriptions].map(phraseKey).filter(Boolean);
  const offered: string[] = [];
  // "Armoured Hero" beside "Armored Hero" is no second choice.
  const spelling = (name: string) => phraseKey(name).replace(/our/g, "or").replace(/ll/g, "l");
  const add = (name: string) => {
    if (!offered.some((o) => spelling(o) === spelling(name))) offered.push(name);
  };
  for (const description of descriptions) {
    const preferred = (PREFERRED[entry.label] ?? []).map(phraseKey).includes(description);
    const suggestion = preferred ? undefined : CHARACTER_SUGGESTIONS.find((name) => containsPhrase(phraseKey(name), description));
    add(suggestion ?? titleCase(entry.descriptions.find((d) => phraseKey(d) === description) ?? description));
  }
  return offered.slice(0, OFFERED);
}

/** A name as the matcher reads it: lower-case words, one space apart ("Spider-Man": "spider man"). */
export function nameWords(name: string): string {
  return (name.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");
}

export function deriveTrademarkNames(dictionary: readonly DictionaryEntry[]): TrademarkName[] {
  return dictionary
    .filter((entry) => entry.trademark)
    .map((entry) => {
      const phrases = [entry.label, ...entry.variants].filter((name) => !EVERYDAY_VARIANTS.has(name.toLowerCase())).map(nameWords);
      return { name: entry.label, phrases: [...new Set(phrases)], safe: safeNames(entry) };
    });
}
