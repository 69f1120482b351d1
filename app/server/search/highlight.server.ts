import { inArray } from "drizzle-orm";
import { searchMatcher, type SearchedTerm, type SearchMatch } from "~/lib/search-match";
import type { ProfileCardData } from "~/lib/profile-view";
import { tokens } from "~/lib/search-words";
import type { Executor } from "../db/client.server";
import { profiles } from "../db/schema";
import { kindredTexts, type CategoryReach } from "./expand.server";
import type { QueryGroup } from "./understand.server";

// Marks on each card of a page why it matched (app/lib/search-match.ts): the character, or a piece
// of the bio. What counts as a match is what the search looked for: the visitor's words and the
// dictionary's names and descriptions for them (expand.server.ts), not the category words, which
// the card's badges already show. A place named in the query is never among them.

/**
 * What the search looked for, group by group: the typed words first, then their expansions, then
 * (when the search widened to them) the kindred entries' names and descriptions.
 */
export function searchedTerms(groups: readonly QueryGroup[], reach: CategoryReach = "meaning"): SearchedTerm[] {
  const terms: SearchedTerm[] = [];
  groups.forEach((group, index) => {
    terms.push({ words: group.words, typed: true, group: index });
    for (const entry of group.entries) {
      for (const text of [entry.label, ...entry.variants, ...entry.descriptions, ...(entry.includes ?? []), ...kindredTexts(entry, reach)]) {
        const words = tokens(text);
        if (words.length > 0) terms.push({ words, typed: false, group: index });
      }
    }
  });
  return terms;
}

/** The bios of a page's performers, read beside its cards (a card explained by a character never needs its bio). */
export async function biosOf(db: Executor, ids: readonly string[]): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: profiles.id, bio: profiles.bio })
    .from(profiles)
    .where(inArray(profiles.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.bio]));
}

/**
 * Sets `match` on each hit whose character or bio matches the query: the character first (it is
 * on the card), else the bio from `bios`.
 */
export function annotateMatches(
  hits: { profile: ProfileCardData; match?: SearchMatch }[],
  groups: readonly QueryGroup[],
  reach: CategoryReach,
  bios: ReadonlyMap<string, string | null>,
): void {
  const terms = searchedTerms(groups, reach);
  if (terms.length === 0 || hits.length === 0) return;
  const findSearchMatch = searchMatcher(terms);
  for (const hit of hits) {
    const match =
      findSearchMatch({ characters: hit.profile.characters, bio: null }) ?? findSearchMatch({ characters: [], bio: bios.get(hit.profile.id) ?? null });
    if (match) hit.match = match;
  }
}
