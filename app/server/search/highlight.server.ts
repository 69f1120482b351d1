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

/**
 * Sets `match` on each hit whose character or bio matches the query. The characters are on the
 * cards; the bios of the cards no character explains are read in one look-up by id.
 */
export async function annotateMatches(
  db: Executor,
  hits: { profile: ProfileCardData; match?: SearchMatch }[],
  groups: readonly QueryGroup[],
  reach: CategoryReach = "meaning",
): Promise<void> {
  const terms = searchedTerms(groups, reach);
  if (terms.length === 0 || hits.length === 0) return;
  const findSearchMatch = searchMatcher(terms);
  const needBio: typeof hits = [];
  for (const hit of hits) {
    const match = findSearchMatch({ characters: hit.profile.characters, bio: null });
    if (match) hit.match = match;
    else needBio.push(hit);
  }
  if (needBio.length === 0) return;
  const rows = await db
    .select({ id: profiles.id, bio: profiles.bio })
    .from(profiles)
    .where(
      inArray(
        profiles.id,
        needBio.map((hit) => hit.profile.id),
      ),
    );
  const bios = new Map(rows.map((row) => [row.id, row.bio]));
  for (const hit of needBio) {
    const match = findSearchMatch({ characters: [], bio: bios.get(hit.profile.id) ?? null });
    if (match) hit.match = match;
  }
}
