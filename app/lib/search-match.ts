import { STOP_WORDS } from "./search-words";

// Why a card answers the search, shown on it: the character the performer plays that matched
// ("Plays Masked Night Hero", first and highlighted), or else a short piece of their bio with the
// matched words marked. Pure, so the server picks it for a page of hits and tests can ask it
// directly; the card only draws what it is given.

/** One thing the search looked for, as a run of lower-case words ("ice", "queen"). */
export interface SearchedTerm {
  words: string[];
  /** What the visitor typed (matched as the start of a word too, as the search does), not an expansion. */
  typed: boolean;
  /** Which part of the query (word or phrase) it stands for: a character matching more parts wins. */
  group: number;
}

export interface MatchPart {
  text: string;
  marked: boolean;
}

export type SearchMatch =
  /** A character they play matched: the card names it first, highlighted. */
  | { kind: "character"; character: string }
  /** Only the bio matched: about SNIPPET_LENGTH characters around the first match, matches marked. */
  | { kind: "bio"; parts: MatchPart[] };

/** About how long a bio snippet is, in characters (a card's two lines on a phone). */
export const SNIPPET_LENGTH = 100;
/** How much of the snippet comes before the match, at most. */
const LEAD = 30;

/**
 * Plural and possessive endings set aside, roughly as the search's English stemmer does, so
 * "princesses" matches "princess" and "heroes" "hero".
 */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|x|ch|sh|o)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** The search reads a typed word of 3 letters or more as the start of a word too ("prin" finds "princess"). */
const MIN_PREFIX = 3;

interface Token {
  word: string;
  stem: string;
  start: number;
  end: number;
}

/** A term's word with its stem worked out once: a page's bios are compared with every expansion. */
interface TermWord {
  word: string;
  stem: string;
}

function wordMatches(token: Token, term: TermWord, typed: boolean): boolean {
  if (token.word === term.word || token.stem === term.stem) return true;
  return typed && term.word.length >= MIN_PREFIX && token.word.startsWith(term.word);
}

/** The words of a text with where each is, stop words left out (the search skips them, inside phrases too). */
function tokensOf(text: string): Token[] {
  const found: Token[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9]+/g)) {
    const word = m[0].toLowerCase();
    if (!STOP_WORDS.has(word)) found.push({ word, stem: stem(word), start: m.index, end: m.index + m[0].length });
  }
  return found;
}

interface PreparedTerm {
  words: TermWord[];
  typed: boolean;
  group: number;
}

function prepared(terms: readonly SearchedTerm[]): PreparedTerm[] {
  return terms.map((term) => ({
    words: term.words.filter((w) => !STOP_WORDS.has(w)).map((word) => ({ word, stem: stem(word) })),
    typed: term.typed,
    group: term.group,
  }));
}

interface Hit {
  start: number;
  end: number;
  typed: boolean;
  group: number;
}

/** Every place in the text where a term's words come one after another. */
function hitsIn(text: string, terms: readonly PreparedTerm[]): Hit[] {
  const tokens = tokensOf(text);
  const hits: Hit[] = [];
  for (const term of terms) {
    const { words } = term;
    if (words.length === 0) continue;
    for (let i = 0; i + words.length <= tokens.length; i++) {
      // A plain loop: this runs for every word of every bio on the page against every term.
      let all = true;
      for (let k = 0; all && k < words.length; k++) all = wordMatches(tokens[i + k], words[k], term.typed);
      if (all) {
        hits.push({ start: tokens[i].start, end: tokens[i + words.length - 1].end, typed: term.typed, group: term.group });
      }
    }
  }
  return hits.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** How good a text's hits are: more parts of the query, then the visitor's own words. */
function scoreOf(hits: readonly Hit[]): [number, number] {
  return [new Set(hits.map((h) => h.group)).size, hits.some((h) => h.typed) ? 1 : 0];
}

const better = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

/** The text cut at `from`..`to`, with the hits inside marked (overlapping hits merged). */
function marked(text: string, from: number, to: number, hits: readonly Hit[]): MatchPart[] {
  const parts: MatchPart[] = [];
  let at = from;
  for (const hit of hits) {
    const start = Math.max(hit.start, at);
    const end = Math.min(hit.end, to);
    if (end <= start) continue;
    if (start > at) parts.push({ text: text.slice(at, start), marked: false });
    parts.push({ text: text.slice(start, end), marked: true });
    at = end;
  }
  if (at < to) parts.push({ text: text.slice(at, to), marked: false });
  return parts;
}

/** About SNIPPET_LENGTH characters of the bio around its best hit, cut between words, "…" where cut. */
function snippet(bio: string, hits: readonly Hit[]): MatchPart[] {
  const best = hits.find((h) => h.typed) ?? hits[0];
  let from = Math.max(0, best.start - LEAD);
  if (from > 0) {
    const space = bio.indexOf(" ", from);
    from = space >= 0 && space < best.start ? space + 1 : best.start;
  }
  let to = Math.min(bio.length, Math.max(from + SNIPPET_LENGTH, best.end));
  if (to < bio.length) {
    const space = bio.lastIndexOf(" ", to);
    to = space > best.end ? space : Math.max(to, best.end);
  }
  const parts = marked(bio, from, to, hits);
  if (from > 0) parts.unshift({ text: "…", marked: false });
  if (to < bio.length) parts.push({ text: "…", marked: false });
  return parts;
}

/**
 * Why this performer matched: the best-matching character they play (the one matching the most
 * parts of the query, the visitor's own words before an expansion, then in the performer's order),
 * else a snippet of the bio around a match; null when neither matches (a category match, or the
 * stage name alone, which the card shows anyway).
 */
export function findSearchMatch(card: { characters: readonly string[]; bio: string | null }, terms: readonly SearchedTerm[]): SearchMatch | null {
  return findMatchOfPrepared(card, prepared(terms));
}

/**
 * findSearchMatch for many cards against the same terms: the terms' stems are worked out once
 * (a common word's expansions make dozens of terms, compared with every word of every bio).
 */
export function searchMatcher(terms: readonly SearchedTerm[]): (card: { characters: readonly string[]; bio: string | null }) => SearchMatch | null {
  const ready = prepared(terms);
  return (card) => findMatchOfPrepared(card, ready);
}

function findMatchOfPrepared(card: { characters: readonly string[]; bio: string | null }, terms: readonly PreparedTerm[]): SearchMatch | null {
  if (terms.length === 0) return null;
  let best: { character: string; score: [number, number] } | null = null;
  for (const character of card.characters) {
    const hits = hitsIn(character, terms);
    if (hits.length === 0) continue;
    const score = scoreOf(hits);
    if (!best || better(score, best.score)) best = { character, score };
  }
  if (best) return { kind: "character", character: best.character };
  const bio = (card.bio ?? "").replace(/\s+/g, " ").trim();
  const hits = hitsIn(bio, terms);
  return hits.length > 0 ? { kind: "bio", parts: snippet(bio, hits) } : null;
}

/** The characters in the order a card lists them: the matching one first. */
export function charactersMatchFirst(characters: readonly string[], match: SearchMatch | null | undefined): string[] {
  if (match?.kind !== "character" || !characters.includes(match.character)) return [...characters];
  return [match.character, ...characters.filter((c) => c !== match.character)];
}
