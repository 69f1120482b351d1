import type { Executor } from "../db/client.server";
import { parseSearchInput, type SearchInput } from "../search/query.server";
import { searchProfiles, type SearchOutcome } from "../search/search.server";
import { describeAlertSearch, searchWords } from "~/lib/search-alert-view";
import { stateName } from "~/lib/us-states";

// An alert is a search kept for later: the job asks /search's own function again with the same
// words and filters, so an alert finds exactly the performers the page would show (places, the
// dictionary, the audience rules) and never a second set of rules. A performer counts as a match
// when the page would list them as one, not in its "showing the closest" fallback.

export interface AlertSearch {
  /** The words typed, place or ZIP code included. */
  query: string;
  state: string | null;
  city: string | null;
}

/** Matches read per check: an alert starts from a search that found nobody, so a few new ones at most. */
export const ALERT_MATCHES_READ = 60;

/** The search's query string, as /search's address writes it. */
export function alertSearchParams(search: AlertSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.query) params.set("q", search.query);
  if (search.state) params.set("state", search.state);
  if (search.state && search.city) params.set("city", search.city);
  return params;
}

/** The search as /search would read it from that address (an unknown state or city drops out). */
export function alertSearchInput(search: AlertSearch): SearchInput {
  return parseSearchInput(new URL(`http://alerts.invalid/search?${alertSearchParams(search).toString()}`));
}

/** The place a search understood, in words: "Orlando, FL" for a town or ZIP code, "Florida" for a state. */
export function placeLabelOf(outcome: Pick<SearchOutcome, "input" | "zip" | "place">): string | null {
  if (outcome.zip) return `${outcome.zip.city}, ${outcome.zip.state}`;
  if (outcome.place?.kind === "city") return `${outcome.place.city}, ${outcome.place.state}`;
  if (outcome.place?.kind === "state") return outcome.place.name;
  const { state, city } = outcome.input;
  if (state && city) return `${city}, ${state}`;
  if (state) return stateName(state);
  return null;
}

/** The words typed without the place's (see searchWords), and the place named once ("Orlando, FL"). */
export function wordsAndPlaceOf(outcome: Pick<SearchOutcome, "input" | "zip" | "place">): { words: string; place: string | null } {
  const place = placeLabelOf(outcome);
  return { words: searchWords(outcome.input.q, place, outcome.input.state), place };
}

export interface AlertMatch {
  id: string;
  displayName: string;
  city: string | null;
  state: string | null;
}

export interface AlertSearchResult {
  input: SearchInput;
  /** Nothing to search for (no words, no place). */
  idle: boolean;
  placeLabel: string | null;
  /** The performers the page lists as matches, best first (at most ALERT_MATCHES_READ). */
  matches: AlertMatch[];
}

export async function runAlertSearch(db: Executor, search: AlertSearch, today?: string): Promise<AlertSearchResult> {
  const input = alertSearchInput(search);
  const idle = input.q === "" && !input.state;
  if (idle) return { input, idle, placeLabel: null, matches: [] };
  // Exact matches only: a performer of the kind asked for who is near counts even when few are.
  const outcome = await searchProfiles(db, input, { pageSize: ALERT_MATCHES_READ, exactOnly: true, ...(today ? { today } : {}) });
  const matches = outcome.closest
    ? []
    : outcome.hits.map(({ profile }) => ({ id: profile.id, displayName: profile.displayName, city: profile.city, state: profile.state }));
  return { input, idle: outcome.idle, placeLabel: placeLabelOf(outcome), matches };
}

/** The search in words, its place named once (not again among the words): '"encanto" near Orlando, FL'. */
export function describeAlert(row: { query: string; placeLabel: string | null; state: string | null }): string {
  return describeAlertSearch(searchWords(row.query, row.placeLabel, row.state), row.placeLabel);
}
