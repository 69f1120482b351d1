import { and, sql } from "drizzle-orm";
import { CHARACTER_THEMES } from "~/lib/character-suggestions";
import { CATEGORIES } from "~/lib/constants";
import { SEARCH_DICTIONARY } from "~/lib/data/search-dictionary";
import { tokens } from "~/lib/search-words";
import {
  SUGGEST_MAX_QUERY,
  SUGGEST_MIN_QUERY,
  SUGGESTION_KINDS,
  type SuggestAnswer,
  type Suggestion,
  type SuggestionKind,
} from "~/lib/suggest-view";
import { US_STATES } from "~/lib/us-states";
import type { Executor } from "../db/client.server";
import { profiles } from "../db/schema";
import { escapeLike } from "../db/sql-values.server";
import { gazetteerCitiesOf } from "../places/gazetteer.server";
import { mayBeBareTown } from "./places.server";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";

// Suggestions as you type in the search box. What never changes between deployments (the
// dictionary's names and descriptions, the character names the profile editor offers, categories,
// cities, every town of the ZIP table and states) is matched in memory from a prefix index built
// once per process; performers' names come from the database through a prefix index on
// lower(display_name) (public rows only, by the one visibility rule), then by a word inside the
// name through the name's trigram index. A town is offered whether or not anyone is based there:
// it leads to the performers who travel there ("Stephenville, TX: performers who travel there").
//
// A trademarked name from the dictionary ("Spider-Man") is offered as something to search for,
// leading to results for that name; it is never attached to a performer.

/** At most this many suggestions in all, and per group. */
export const SUGGEST_LIMIT = 8;
const GROUP_CAPS: Record<SuggestionKind, number> = { character: 5, category: 2, place: 3, performer: 3 };

interface Term {
  kind: Exclude<SuggestionKind, "performer">;
  label: string;
  href: string;
  /** Lower-case words joined by one space: what the typed text is compared with. */
  key: string;
  /** Lower is better: a visitor's name before a description, and so on. */
  weight: number;
  /** Terms sharing a group (one dictionary entry's names) yield one suggestion, the best. */
  group: string;
  /** Found only by its first words ("steph" finds Stephenville; "ville" does not), which keeps the index small. */
  startOnly?: boolean;
  /** Offered only once this much is typed: a hamlet named like a word ("Mascot, TN") needs its state. */
  minTyped?: number;
  note?: string;
}

/** Letters typed before towns other than the larger cities are offered ("sam" still leaves room for performers). */
const MIN_TOWN_TYPED = 4;

/** What a town's suggestion says after its name. */
export const TOWN_NOTE = "performers who travel there";

const key = (text: string) => tokens(text).join(" ");
const compact = (text: string) => key(text).replace(/ /g, "");

function buildTerms(): Term[] {
  const terms: Term[] = [];
  const word = (label: string, weight: number, group: string): Term => ({
    kind: "character",
    label,
    href: `/search?${new URLSearchParams({ q: label })}`,
    key: key(label),
    weight,
    group,
  });
  for (const [i, entry] of SEARCH_DICTIONARY.entries()) {
    const group = `entry:${i}`;
    terms.push(word(entry.label, 0, group));
    for (const variant of entry.variants) {
      // A spelling of the name itself ("spiderman") shows the name as the dictionary writes it.
      const label = compact(variant) === compact(entry.label) ? entry.label : variant;
      terms.push({ ...word(label, 1, group), key: key(variant) });
    }
    for (const category of entry.categories ?? []) {
      for (const name of [entry.label, ...entry.variants]) {
        terms.push({ kind: "category", label: category, href: categoryHref(category), key: key(name), weight: 1, group: `category:${category}` });
      }
    }
  }
  // Performers' own words: the editor's character names (capitalised) before the dictionary's descriptions.
  for (const names of Object.values(CHARACTER_THEMES)) {
    for (const name of names) terms.push(word(name, 2, `words:${key(name)}`));
  }
  for (const entry of SEARCH_DICTIONARY) {
    for (const description of entry.descriptions) terms.push(word(description, 3, `words:${key(description)}`));
  }
  for (const category of CATEGORIES) {
    terms.push({ kind: "category", label: category, href: categoryHref(category), key: key(category), weight: 0, group: `category:${category}` });
  }
  for (const state of US_STATES) {
    const href = `/browse/${state.abbreviation}`;
    terms.push({ kind: "place", label: state.name, href, key: key(state.name), weight: 0, group: href });
    for (const city of state.cities) {
      const label = `${city.name}, ${state.abbreviation}`;
      const cityHref = `/browse/${state.abbreviation}?${new URLSearchParams({ city: city.name })}`;
      for (const name of [city.name, `${city.name} ${state.abbreviation}`, `${city.name} ${state.name}`]) {
        terms.push({ kind: "place", label, href: cityHref, key: key(name), weight: 0, group: cityHref });
      }
    }
    for (const town of gazetteerCitiesOf(state.abbreviation)) {
      if (town.major) continue;
      // "Stephenville TX" also answers "stephenville". After the larger cities, the towns with more
      // ZIP codes (more people) first.
      const q = `${town.name} ${state.abbreviation}`;
      const href = `/search?${new URLSearchParams({ q })}`;
      const weight = 1 + 1 / (1 + town.zipCodes);
      const name = key(town.name);
      // A few letters match hundreds of towns and say little: towns wait for MIN_TOWN_TYPED. The
      // search reads "mascot" as the costume, not Mascot, Tennessee; so does this list, until the
      // state follows.
      const minTyped = mayBeBareTown(name) || name.includes(" ") ? MIN_TOWN_TYPED : Math.max(MIN_TOWN_TYPED, name.length + 2);
      terms.push({ kind: "place", label: `${town.name}, ${state.abbreviation}`, href, key: key(q), weight, group: href, startOnly: true, minTyped, note: TOWN_NOTE });
    }
  }
  return terms.filter((t) => t.key);
}

function categoryHref(category: string): string {
  return `/categories/${encodeURIComponent(category)}`;
}

interface IndexEntry {
  /** The term's key from one of its words on ("hero" of "web slinging hero"). */
  suffix: string;
  term: Term;
  /** True when the suffix is the whole key: a match at the start ranks first. */
  atStart: boolean;
}

/** Every word-start suffix of every term, sorted, so a prefix is a contiguous range. */
function buildIndex(terms: Term[]): IndexEntry[] {
  const entries: IndexEntry[] = [];
  for (const term of terms) {
    const words = term.key.split(" ");
    const starts = term.startOnly ? 1 : words.length;
    for (let i = 0; i < starts; i++) entries.push({ suffix: words.slice(i).join(" "), term, atStart: i === 0 });
  }
  return entries.sort((a, b) => (a.suffix < b.suffix ? -1 : a.suffix > b.suffix ? 1 : 0));
}

let index: IndexEntry[] | null = null;
function staticIndex(): IndexEntry[] {
  index ??= buildIndex(buildTerms());
  return index;
}

// With every town of the ZIP table the index takes a second or two to build: a production server
// builds it just after it starts, not during its first visitor's keystroke.
if (process.env.NODE_ENV === "production") setTimeout(() => staticIndex(), 0).unref();

function firstAtOrAfter(entries: IndexEntry[], prefix: string): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (entries[mid].suffix < prefix) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Candidate extends Suggestion {
  rank: [number, number, number];
}

/** The in-memory sources' matches for a query key, best first within each kind. */
export function matchStatic(queryKey: string): Map<SuggestionKind, Suggestion[]> {
  const entries = staticIndex();
  const best = new Map<string, Candidate>();
  for (let i = firstAtOrAfter(entries, queryKey); i < entries.length && entries[i].suffix.startsWith(queryKey); i++) {
    const { term, atStart } = entries[i];
    if (term.minTyped && queryKey.length < term.minTyped) continue;
    const rank: Candidate["rank"] = [atStart ? 0 : 1, term.weight, term.label.length];
    const seen = best.get(term.group);
    if (!seen || compareRank(rank, seen.rank) < 0) {
      best.set(term.group, { kind: term.kind, label: term.label, href: term.href, rank, ...(term.note ? { note: term.note } : {}) });
    }
  }
  const byKind = new Map<SuggestionKind, Suggestion[]>();
  const sorted = [...best.values()].sort((a, b) => compareRank(a.rank, b.rank) || a.label.localeCompare(b.label));
  const seenHref = new Set<string>();
  for (const { rank: _rank, ...suggestion } of sorted) {
    if (seenHref.has(suggestion.href)) continue;
    seenHref.add(suggestion.href);
    byKind.set(suggestion.kind, [...(byKind.get(suggestion.kind) ?? []), suggestion]);
  }
  return byKind;
}

function compareRank(a: Candidate["rank"], b: Candidate["rank"]): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** What the endpoint reads of a query: trimmed, spaces (and control characters) collapsed, at most SUGGEST_MAX_QUERY characters. */
export function readSuggestQuery(raw: string | null | undefined): string {
  // Control characters (a NUL cannot even reach PostgreSQL) count as spaces.
  // eslint-disable-next-line no-control-regex
  const text = (raw ?? "").replace(/[\s\u0000-\u001f\u007f]+/g, " ").trim();
  return Array.from(text).slice(0, SUGGEST_MAX_QUERY).join("").trim();
}

/**
 * Public performers whose name begins with the text, in name order, then (when those are fewer
 * than `limit`) some whose name has a word that does ("bolt" for "Biscayne Bolt").
 */
export async function matchPerformers(db: Executor, text: string, limit: number, today: string = todayIso()): Promise<Suggestion[]> {
  const lowered = text.toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  // The expression of profiles_public_name_prefix_idx: the range and the order come off the index.
  const name = sql`(lower(${profiles.displayName}) collate "C")`;
  const columns = { id: profiles.id, name: profiles.displayName };
  const rows = await db
    .select(columns)
    .from(profiles)
    .where(and(publicProfileCondition(today), sql`${name} like ${prefix}`))
    .orderBy(name, profiles.id)
    .limit(limit);
  // A word inside the name, through the name's trigram index (it needs three characters). Unordered,
  // so the scan stops at the first few instead of sorting every "princess" in the directory.
  if (rows.length < limit && lowered.length >= 3 && !/\s$/.test(lowered)) {
    const inner = await db
      .select(columns)
      .from(profiles)
      .where(and(publicProfileCondition(today), sql`${profiles.displayName} ilike ${`% ${prefix}`}`, sql`${name} not like ${prefix}`))
      .limit(limit - rows.length);
    rows.push(...inner.sort((a, b) => (a.name ?? "").toLowerCase().localeCompare((b.name ?? "").toLowerCase())));
  }
  return rows.map((row) => ({ kind: "performer" as const, label: row.name ?? "", href: `/profile/${encodeURIComponent(row.id)}` }));
}

/**
 * Up to SUGGEST_LIMIT suggestions for what has been typed, grouped (characters and themes,
 * categories, places, performers), each group taking turns so one group cannot crowd the rest out.
 */
export async function suggest(db: Executor, raw: string | null | undefined, today: string = todayIso()): Promise<SuggestAnswer> {
  const q = readSuggestQuery(raw);
  const queryKey = key(q);
  if (Array.from(q).length < SUGGEST_MIN_QUERY || !queryKey) return { q, suggestions: [] };
  const found = matchStatic(queryKey);
  found.set("performer", await matchPerformers(db, q, GROUP_CAPS.performer, today));

  const taken = new Map<SuggestionKind, number>(SUGGESTION_KINDS.map((kind) => [kind, 0]));
  let total = 0;
  for (let progress = true; progress && total < SUGGEST_LIMIT; ) {
    progress = false;
    for (const kind of SUGGESTION_KINDS) {
      const count = taken.get(kind) ?? 0;
      if (total >= SUGGEST_LIMIT || count >= GROUP_CAPS[kind] || count >= (found.get(kind)?.length ?? 0)) continue;
      taken.set(kind, count + 1);
      total++;
      progress = true;
    }
  }
  return { q, suggestions: SUGGESTION_KINDS.flatMap((kind) => (found.get(kind) ?? []).slice(0, taken.get(kind))) };
}
