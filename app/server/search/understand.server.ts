import { entriesStartingWith, LONGEST_DICTIONARY_PHRASE, lookupPhrase, type DictionaryEntry } from "~/lib/search-dictionary";
import { STOP_WORDS, tokens } from "~/lib/search-words";
import type { Executor } from "../db/client.server";
import type { AmbiguousPlace } from "~/lib/place-choices";
import { bareTownCandidates, placeAt, placeWords, PLACE_CONNECTORS, searchVocabulary, townSpans, type PlaceFound, type PlaceMatch, type TownChoice } from "./places.server";
import { wordsPerformersUse } from "./performer-words.server";
import { MAX_WORD_LENGTH, MAX_WORDS, splitZip, type SearchInput } from "./query.server";
import { correctWords } from "./spelling.server";
import { wholeWords } from "./whole-words.server";

// Reads what was typed the way a person means it, in this order: a ZIP code; misspelt words
// corrected (against performers' words, the dictionary and place names); then, reading left to
// right, a place ("orlando", "salt lake city", "texas", "stephenville") and the dictionary's
// phrases ("spider man"), the longest reading first. What is left are plain words. Each word or
// phrase becomes one group; a performer must match every group (expand.server.ts turns groups
// into a text query). A place's words are never searched as text: they say where, not who.

export interface QueryGroup {
  /** The words typed for this part, after spelling correction ("spider", "man"). */
  words: string[];
  /** What the dictionary knows the words as; empty for a plain word. */
  entries: DictionaryEntry[];
  /** The words are a visitor's name for the entry ("Spider-Man"), not a performer's description. */
  byName: boolean;
  /**
   * Of the words, those no performer's longer word begins: searched as typed rather than also as a
   * prefix, which finds the same performers faster (whole-words.server.ts).
   */
  whole?: readonly string[];
  /**
   * Words of the entries' phrases that no performer wrote (by stem): a phrase holding one cannot
   * match and is left out of the text query (absent-words.server.ts, withAbsentWords).
   */
  absent?: readonly string[];
}

export interface UnderstoodQuery {
  zip: string | null;
  place: PlaceMatch | null;
  groups: QueryGroup[];
  /** The words actually searched for, when a misspelling was corrected ("anime" for "anmie"). */
  correctedQuery: string | null;
  /**
   * The place's name is shared by towns of several states ("springfield"): `place` is the most
   * populous, and these are all of them, for the page to ask which was meant.
   */
  ambiguousPlace: AmbiguousPlace | null;
}

const MAX_TOKENS = 40;
/** Words that only connect a place to the rest ("near", "around"); never searched for. */
const FILLER = new Set([...PLACE_CONNECTORS].filter((w) => !STOP_WORDS.has(w)));
/**
 * Words every listing answers ("performers in new jersey", "hire a pirate"): not searched for when
 * the query says anything else, since a performer who never wrote them is as good an answer.
 */
const GENERIC = new Set(["performer", "performers", "entertainer", "entertainers", "hire"]);

let knownWords: Set<string> | null = null;
function curatedWords(): Set<string> {
  // The dictionary's words, the editor's character names and the categories: "dancing" is not a misspelt "lansing".
  knownWords ??= new Set([...searchVocabulary(), ...placeWords()]);
  return knownWords;
}

interface PhraseFound {
  entries: DictionaryEntry[];
  byName: boolean;
  words: string[];
  end: number;
}

/** The longest dictionary phrase starting at word `at`; stop words inside it are skipped ("beauty and the beast"). */
function phraseAt(words: readonly string[], at: number): PhraseFound | null {
  if (STOP_WORDS.has(words[at])) return null;
  const content: string[] = [];
  const ends: number[] = [];
  for (let i = at; i < words.length && content.length < LONGEST_DICTIONARY_PHRASE; i++) {
    if (STOP_WORDS.has(words[i])) continue;
    content.push(words[i]);
    ends.push(i + 1);
  }
  for (let length = content.length; length >= 1; length--) {
    const match = lookupPhrase(content.slice(0, length).join(" "));
    if (match) return { ...match, words: content.slice(0, length), end: ends[length - 1] };
  }
  return null;
}

/** Whether a span of words reads as a dictionary phrase (so a bare "Aurora" is the princess, not the city). */
function isDictionaryPhrase(words: readonly string[], start: number, end: number): boolean {
  return lookupPhrase(words.slice(start, end).join(" ")) !== null;
}

export async function understandQuery(db: Executor, input: SearchInput): Promise<UnderstoodQuery> {
  const { zip, rest } = splitZip(input.q);
  const typed = tokens(rest)
    .filter((w) => w.length <= MAX_WORD_LENGTH)
    .slice(0, MAX_TOKENS);

  const searchable = [...new Set(typed.filter((w) => !STOP_WORDS.has(w) && !FILLER.has(w)))];
  const saysMore = zip !== null || searchable.some((w) => !GENERIC.has(w));
  // A town's name on its own is a place unless a performer is known by the word ("marshall").
  const performerWords = await wordsPerformersUse(db, bareTownCandidates(typed));
  // A town's name is not a misspelling ("near boca raton" is not "boba baton").
  const townWords = new Set(townSpans(typed, performerWords).flatMap(({ start, end }) => typed.slice(start, end)));
  const corrections = await correctWords(
    db,
    searchable.filter((w) => !townWords.has(w)),
    curatedWords(),
  );
  const words = typed.map((w) => corrections.get(w) ?? w);
  const skip = (w: string) => STOP_WORDS.has(w) || FILLER.has(w) || (saysMore && GENERIC.has(w));

  // A place in the words is used when nothing more precise was asked: a ZIP code or the city
  // filter outrank it, and it must agree with the state filter. A place that cannot be used stays
  // plain words, except beside a ZIP code, where it only repeats where the ZIP is.
  let place: PlaceMatch | null = null;
  let ambiguousPlace: AmbiguousPlace | null = null;
  const reading = { isTaken: (start: number, end: number) => isDictionaryPhrase(words, start, end), state: input.state, performerWords };
  const groups: QueryGroup[] = [];
  const seen = new Set<string>();
  for (let at = 0; at < words.length; ) {
    const phrase = phraseAt(words, at);
    const found: PlaceFound | null = place ? null : placeAt(words, at, reading);
    // The longer reading wins; on a tie the dictionary does, unless "in"/"near" came before.
    const placeSpan = found ? found.end - found.start : 0;
    const introduced = at > 0 && PLACE_CONNECTORS.has(words[at - 1]);
    if (found && (!phrase || placeSpan > phrase.words.length || (placeSpan === phrase.words.length && introduced))) {
      const agrees = !input.state || found.place.state === input.state;
      if (zip) {
        at = found.end;
        continue;
      }
      if (!input.city && agrees) {
        place = found.place;
        if (found.choices) ambiguousPlace = placeChoices(words, found.end, found.choices);
        at = found.end;
        continue;
      }
    }
    if (phrase) {
      const key = phrase.words.join(" ");
      if (!seen.has(key)) groups.push({ words: phrase.words, entries: phrase.entries, byName: phrase.byName });
      seen.add(key);
      at = phrase.end;
      continue;
    }
    const word = words[at];
    if (!skip(word) && !seen.has(word)) {
      // The last word may be unfinished ("prin"): it also means the names it begins.
      const isLast = words.slice(at + 1).every(skip);
      groups.push({ words: [word], entries: isLast ? entriesStartingWith(word) : [], byName: false });
      seen.add(word);
    }
    at++;
  }

  const searched = typed.filter((w) => !STOP_WORDS.has(w)).map((w) => corrections.get(w) ?? w);
  const kept = groups.slice(0, MAX_WORDS);
  const whole = await wholeWords(db, kept.flatMap((g) => g.words));
  return {
    zip,
    place,
    groups: kept.map((g) => ({ ...g, whole: g.words.filter((w) => whole.has(w)) })),
    correctedQuery: corrections.size > 0 ? searched.join(" ") : null,
    ambiguousPlace,
  };
}

/**
 * What the page offers for a shared name: each town, with the query that names it ("princess
 * springfield MO"), the state put right after the name, where the reading looks for it.
 */
function placeChoices(words: readonly string[], end: number, choices: readonly TownChoice[]): AmbiguousPlace {
  const name = choices[0].city;
  return {
    name,
    choices: choices.map(({ city, state }) => ({
      city,
      state,
      q: [...words.slice(0, end), state, ...words.slice(end)].join(" "),
    })),
  };
}
