// What the search box's suggestions endpoint (/search/suggest) answers and the combobox shows.
// Shared by the server module that builds the answer and the component that renders it.

export const SUGGESTION_KINDS = ["character", "category", "place", "performer"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** The heading each group is shown under, in the order the groups come. */
export const SUGGESTION_GROUP_LABELS: Record<SuggestionKind, string> = {
  character: "Characters & themes",
  category: "Categories",
  place: "Places",
  performer: "Performers",
};

export interface Suggestion {
  kind: SuggestionKind;
  /** What the row says: a word to search for, a category, "Orlando, FL", a performer's name. */
  label: string;
  /** Where picking it goes. */
  href: string;
  /** Said after the label, less prominently: "performers who travel there" after a town. */
  note?: string;
}

export interface SuggestAnswer {
  /** The query as the server read it (trimmed, capped). */
  q: string;
  /** Grouped: every character first, then categories, places and performers. */
  suggestions: Suggestion[];
}

/** Longest query the endpoint reads; the rest is ignored. */
export const SUGGEST_MAX_QUERY = 60;
/** Shortest query worth suggesting for (one letter matches half the dictionary). */
export const SUGGEST_MIN_QUERY = 2;

/** The endpoint's address for a query. */
export function suggestUrl(q: string): string {
  return `/search/suggest?q=${encodeURIComponent(q)}`;
}
