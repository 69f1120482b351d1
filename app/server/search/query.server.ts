import { isCategory } from "~/lib/constants";
import { findCity, findState } from "~/lib/us-states";

// What the /search page was asked: the query string's fields, and the words and ZIP code typed in the box.

export interface SearchInput {
  q: string;
  state: string | null;
  city: string | null;
  category: string | null;
  page: number;
}

const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 8;
const ZIP_PATTERN = /(?:^|[^0-9])(\d{5})(?:-\d{4})?(?![0-9])/;

/** Reads the page's query string; unknown states, cities and categories are ignored. */
export function parseSearchInput(url: URL): SearchInput {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const state = findState(url.searchParams.get("state"))?.abbreviation ?? null;
  const cityName = state ? findCity(state, url.searchParams.get("city"))?.name : undefined;
  const rawCategory = url.searchParams.get("category") ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q,
    state,
    city: cityName ?? null,
    category: isCategory(rawCategory) ? rawCategory : null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}

// PostgreSQL's English stop words: the full-text parser drops them, so they are neither corrected nor searched.
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself " +
    "it its itself they them their theirs themselves what which who whom this that these those am is are was were be " +
    "been being have has had having do does did doing a an the and but if or because as until while of at by for with " +
    "about against between into through during before after above below to from up down in out on off over under again " +
    "further then once here there when where why how all any both each few more most other some such no nor not only " +
    "own same so than too very s t can will just don should now"
  ).split(" "),
);

export interface ParsedQuery {
  zip: string | null;
  words: string[];
}

/** Splits what was typed into a ZIP code (if any) and lower-case words. */
export function parseQuery(q: string): ParsedQuery {
  const zipMatch = ZIP_PATTERN.exec(q);
  const zip = zipMatch ? zipMatch[1] : null;
  const rest = zipMatch ? q.replace(zipMatch[0], " ") : q;
  const words = (rest.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP_WORDS.has(w) && w.length <= 40);
  return { zip, words: [...new Set(words)].slice(0, MAX_WORDS) };
}
