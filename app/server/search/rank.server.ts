import { sql, type SQL } from "drizzle-orm";
import { CATEGORIES, type Category } from "~/lib/constants";
import type { ListingSort } from "~/lib/listing-refinements";
import { tokens } from "~/lib/search-words";
import { profiles } from "../db/schema";
import { categoryCondition } from "../directory/listing-conditions.server";
import { groupsTsquery, groupTsquery, hasKindredEntries, hasRelatedCategories, typedTsquery, type CategoryReach } from "./expand.server";
import type { QueryGroup } from "./understand.server";

// The third stage: which rows a search's words admit and in what order, as SQL for the page reader
// (page.server.ts). A search tries its readings in turn until one finds somebody (rankings()):
// every word by what was typed, a description or the category the words mean; then also kindred
// characters; then also the categories such performers are usually in; then the performers
// matching the most words.
//
// Within a band, matches come in precision tiers, best first:
//   6  the visitor's own words in the stage name (the search vector's weight A)
//   5  ... among the characters the performer plays (weight B)
//   4  a dictionary expansion of them ("ice queen" for Elsa) in the name or characters
//   3  a category the words mean (the Hero category for "superhero")
//   2  the visitor's own words elsewhere (bio, city, categories' words)
//   1  an expansion elsewhere
//   0  the rest (a category's word only, or a related category)
// so a performer who plays the character ranks above one whose category matches, above one whose
// bio mentions it, and an expansion below the literal word. Tiers are disjoint conditions, so a word
// thousands of performers wrote is read tier by tier, newest first, without ranking every match.

export interface Ranking {
  /** What every row must match; null for a listing without words. */
  match: SQL | null;
  /**
   * The visitor's own words, every one (rows meeting it all meet `match`): fewer postings of the
   * text index than the whole expansion, so the quicker way to tell that a word is common.
   */
  typed: SQL | null;
  /** The tiers' conditions, best first, each to be AND-ed with `match`; empty without words. */
  tiers: SQL[];
  /** How many of the words' groups a row matches (the "closest" reading only). */
  matched: SQL | null;
  /** Which categories the words were widened to, for the page's "Including" line. */
  reach: CategoryReach;
}

const vector = profiles.searchVector;
const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;
const matches = (text: string) => sql`${vector} @@ ${tsquery(text)}`;
/** The words among those of a weight only; the weight is written into the SQL, as the indexes on ts_filter() are. */
const inWeights = (weight: "a" | "b", text: string) => sql`ts_filter(${vector}, ${sql.raw(`'{${weight}}'`)}) @@ ${tsquery(text)}`;

/** Words in a category's name that say nothing on their own ("Mascot Style", "Comic Book Character"). */
const GENERIC_CATEGORY_WORDS = new Set(["character", "characters", "only", "events", "style", "performer", "crossover", "parties", "book", "game"]);

/** The categories a group's words mean: the dictionary's, or one whose name has the word typed. */
function meantCategories(groups: QueryGroup[]): Category[] {
  const found = new Set<Category>();
  for (const group of groups) {
    for (const entry of group.entries) for (const category of entry.categories ?? []) found.add(category);
    if (group.words.length !== 1) continue;
    for (const category of CATEGORIES) {
      if (tokens(category).some((t) => t === group.words[0] && !GENERIC_CATEGORY_WORDS.has(t))) found.add(category);
    }
  }
  return CATEGORIES.filter((c) => found.has(c));
}


/** The tier tests best first; tier k is "test k and none of the better ones". */
function tierConditions(groups: QueryGroup[], join: "&" | "|"): SQL[] {
  const typed = typedTsquery(groups, join);
  const specific = groupsTsquery(groups, "none", join);
  const categories = meantCategories(groups);
  const tests: SQL[] = [
    inWeights("a", typed),
    inWeights("b", typed),
    // Two tests, not one ts_filter of both weights: each has its own index, so a rare tier is read
    // from those instead of from every match.
    ...(specific !== typed ? [sql`(${inWeights("a", specific)} or ${inWeights("b", specific)})`] : []),
    ...categoryCondition(categories, "copy"),
    matches(typed),
    ...(specific !== typed ? [matches(specific)] : []),
  ];
  const tiers: SQL[] = [];
  for (const [i, test] of tests.entries()) {
    const better = tests.slice(0, i).map((t) => sql`not (${t})`);
    tiers.push(sql.join([test, ...better], sql` and `));
  }
  tiers.push(sql.join(tests.map((t) => sql`not (${t})`), sql` and `));
  return tiers;
}

/**
 * The readings of the words, tried in this order until one finds somebody: every word (by what
 * was typed, a description or the category meant), every word with kindred entries too (other
 * princesses beside the ice queen), then with related categories too, and (several words) the
 * most of them. Without words, one reading that admits everyone.
 */
export function rankings(groups: QueryGroup[]): Ranking[] {
  if (groups.length === 0) return [{ match: null, typed: null, tiers: [], matched: null, reach: "none" }];
  const strict = (reach: CategoryReach): Ranking => ({
    match: matches(groupsTsquery(groups, reach)),
    typed: matches(typedTsquery(groups, "&")),
    tiers: tierConditions(groups, "&"),
    matched: null,
    reach,
  });
  const kindred = hasKindredEntries(groups);
  const related = hasRelatedCategories(groups);
  const widest: CategoryReach = related ? "related" : kindred ? "kindred" : "meaning";
  const readings = [strict("meaning")];
  if (kindred) readings.push(strict("kindred"));
  if (related) readings.push(strict("related"));
  if (groups.length > 1) {
    readings.push({
      match: matches(groupsTsquery(groups, widest, "|")),
      typed: null,
      tiers: tierConditions(groups, "|"),
      matched: sql.join(
        groups.map((g) => sql`(${matches(groupTsquery(g, widest))})::int`),
        sql` + `,
      ),
      reach: widest,
    });
  }
  return readings;
}

/** The tiers as one number per row (higher is better), for a statement that orders a whole set. */
export function tierColumn(ranking: Ranking): SQL {
  if (ranking.tiers.length === 0) return sql`0`;
  const top = ranking.tiers.length - 1;
  const cases = ranking.tiers.slice(0, -1).map((tier, i) => sql`when ${tier} then ${sql.raw(String(top - i))}`);
  return sql`(case ${sql.join(cases, sql` `)} else 0 end)`;
}

/**
 * The order within a band, as ORDER BY terms over the columns the page reader selects (matched,
 * tier, distance, all_in, created_at, id). "best" is precision, then nearest first with a
 * place, newest first without; "nearest" needs a place (best otherwise); "price" is the lowest
 * all-in price first (directory/all-in-sql.server.ts), unpriced last; "newest" is newest first.
 */
export function orderTerms(ranking: Ranking, sort: ListingSort, hasPoint: boolean): SQL[] {
  const closest = ranking.matched ? [sql`matched desc`] : [];
  const tier = ranking.tiers.length > 0 ? [sql`tier desc`] : [];
  const nearest = hasPoint ? [sql`distance asc nulls last`] : [];
  const newest = [sql`created_at desc`, sql`id desc`];
  switch (sort) {
    case "nearest":
      return hasPoint ? [...closest, ...nearest, ...newest] : [...closest, ...tier, ...newest];
    case "price":
      return [...closest, sql`all_in asc nulls last`, ...nearest, ...newest];
    case "newest":
      return [...closest, ...newest];
    case "best":
      return [...closest, ...tier, ...nearest, ...newest];
  }
}

/**
 * Whether a large set can be walked along an index of profile_search instead of sorted whole: with
 * no point and no "most words" order, each tier is newest first (the newest-first index), and the
 * lowest-price order is one index's own (migration 0019).
 */
export function walkable(ranking: Ranking, hasPoint: boolean): boolean {
  return !ranking.matched && !hasPoint;
}
