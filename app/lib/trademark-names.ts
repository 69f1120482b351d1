import { TRADEMARK_NAMES, type TrademarkName } from "./data/trademark-names";

// Finding the dictionary's trademarked names in what a performer typed (a character, a stage name),
// so the editor can offer a description instead and the admin's list can flag a profile. The listing
// rules forbid the names; this only helps performers follow them, so a match warns and never blocks.
//
// A name counts only as whole words, in any case, with a plural or possessive after it ("Elsa's",
// "Elsas"): "Belle" is not in "Bellevue Balloon". One pattern serves both sides: the browser and
// server run it here, and the admin's filter hands the same source to PostgreSQL (`~*`), whose
// regular expressions read it alike (classes, alternation, lookahead), so the flag on a row and the
// filter cannot disagree.

/** Anything but a letter or digit of the English alphabet separates words. */
const SEPARATOR = "[^a-z0-9]";

/** Every phrase, longest first (so "captain jack sparrow" wins over "jack sparrow" where both fit). */
const PHRASES: { words: string; entry: TrademarkName }[] = TRADEMARK_NAMES.flatMap((entry) => entry.phrases.map((words) => ({ words, entry }))).sort(
  (a, b) => b.words.length - a.words.length,
);

const byWords = new Map(PHRASES.map(({ words, entry }) => [words, entry]));

/**
 * The pattern's source: a separator or the start, one of the names (its words apart by any run of
 * separators), an optional plural ending, then a separator or the end, not consumed so that names
 * side by side each match. Meant to run case-insensitively.
 */
export const TRADEMARK_PATTERN_SOURCE = `(^|${SEPARATOR})(${PHRASES.map(({ words }) => words.split(" ").join(`${SEPARATOR}+`)).join("|")})(s|es)?(?=${SEPARATOR}|$)`;

export interface TrademarkMatch {
  /** The entry's own name ("Spider-Man"), whatever form was typed. */
  name: string;
  /** What was typed, as typed ("spiderman's" gives "spiderman"). */
  typed: string;
  /** Where it is in the text. */
  start: number;
  end: number;
  /** Descriptions a search for the name finds, best first. */
  safe: readonly string[];
}

const wordsOf = (text: string) => (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");

/** The trademarked names in a text, in order, each once per place it appears. */
export function findTrademarks(text: string): TrademarkMatch[] {
  const found: TrademarkMatch[] = [];
  if (!text) return found;
  const pattern = new RegExp(TRADEMARK_PATTERN_SOURCE, "gi");
  for (const match of text.matchAll(pattern)) {
    const lead = match[1] ?? "";
    const typed = match[2] + (match[3] ?? "");
    const entry = byWords.get(wordsOf(match[2]));
    if (!entry) continue;
    const start = (match.index ?? 0) + lead.length;
    found.push({ name: entry.name, typed, start, end: start + typed.length, safe: entry.safe });
  }
  return found;
}

/** The first trademarked name in a text, or null. */
export function firstTrademark(text: string): TrademarkMatch | null {
  return findTrademarks(text)[0] ?? null;
}

/** The text with one match replaced by a description ("Elsa's Parties" to "Ice Queen's Parties"). */
export function replaceTrademark(text: string, match: Pick<TrademarkMatch, "start" | "end">, description: string): string {
  return text.slice(0, match.start) + description + text.slice(match.end);
}

/** The trademarked names a profile's stage name and characters use, as written there, each once, in the order they appear. */
export function trademarksInProfile(displayName: string | null, characters: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const text of [displayName ?? "", ...characters]) {
    for (const match of findTrademarks(text)) if (!seen.has(match.typed.toLowerCase())) seen.set(match.typed.toLowerCase(), match.typed);
  }
  return [...seen.values()];
}

/**
 * What a saved profile is told when its stage name or characters use a trademarked name: the save
 * goes through (the match may be the performer's own name, and admins enforce the rules), and the
 * note names the word and a description to use instead.
 */
export function trademarkSaveNote(displayName: string | null, characters: readonly string[]): string | null {
  const match = [...characters, displayName ?? ""].map(firstTrademark).find((m) => m !== null);
  if (!match) return null;
  const instead = match.safe[0] ? `, like \u201c${match.safe[0]}\u201d` : "";
  return `\u201c${match.typed}\u201d is a trademarked name: our listing guidelines ask you to describe the character instead${instead}.`;
}
