import { isCategory } from "~/lib/constants";
import type { ListingRefinements } from "~/lib/listing-refinements";
import { STOP_WORDS, tokens } from "~/lib/search-words";
import { findState } from "~/lib/us-states";
import { findGazetteerCity } from "../places/gazetteer.server";
import { readRefinements } from "../directory/party-date.server";

// What the /search page was asked: the query string's fields, and the words and ZIP code typed in the box.

export interface SearchInput {
  q: string;
  state: string | null;
  city: string | null;
  category: string | null;
  page: number;
  /** Budget, distance, audience, solo or group and sort (~/lib/listing-refinements); absent means the defaults. */
  refinements?: ListingRefinements;
}

const MAX_QUERY_LENGTH = 200;
/** Words searched for at most; more add cost and almost never change the answer. */
export const MAX_WORDS = 8;
export const MAX_WORD_LENGTH = 40;
const ZIP_PATTERN = /(?:^|[^0-9])(\d{5})(?:-\d{4})?(?![0-9])/;

/** Reads the page's query string; unknown states, cities, categories and refinements are ignored. */
export function parseSearchInput(url: URL): SearchInput {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const state = findState(url.searchParams.get("state"))?.abbreviation ?? null;
  const cityName = state ? findGazetteerCity(state, url.searchParams.get("city"))?.name : undefined;
  const rawCategory = url.searchParams.get("category") ?? "";
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    q,
    state,
    city: cityName ?? null,
    category: isCategory(rawCategory) ? rawCategory : null,
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
    refinements: readRefinements(url.searchParams),
  };
}

export interface ParsedQuery {
  zip: string | null;
  words: string[];
}

/** Takes the first 5-digit ZIP code (a ZIP+4 counts) out of what was typed. */
export function splitZip(q: string): { zip: string | null; rest: string } {
  const zipMatch = ZIP_PATTERN.exec(q);
  return zipMatch ? { zip: zipMatch[1], rest: q.replace(zipMatch[0], " ") } : { zip: null, rest: q };
}

/** Splits what was typed into a ZIP code (if any) and lower-case words. */
export function parseQuery(q: string): ParsedQuery {
  const { zip, rest } = splitZip(q);
  const words = tokens(rest).filter((w) => !STOP_WORDS.has(w) && w.length <= MAX_WORD_LENGTH);
  return { zip, words: [...new Set(words)].slice(0, MAX_WORDS) };
}
