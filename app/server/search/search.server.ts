import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { ProfileCardData } from "~/lib/profile-view";
import { PAGE_SIZE } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { profileCategories, profiles } from "../db/schema";
import { cardsForIds } from "../directory.server";
import { publicProfileCondition, todayIso } from "../visibility.server";
import type { SearchExpansion, SearchPlace } from "~/lib/search-view";
import { describeExpansions, groupsTsquery, groupTsquery, hasRelatedCategories, typedTsquery, type CategoryReach } from "./expand.server";
import type { SearchInput } from "./query.server";
import { rowsOf } from "./rows.server";
import { understandQuery } from "./understand.server";
import { distanceSql, lookupZip, reachesBranches } from "./zip.server";

// The /search box. It reads what people type (understand.server.ts): misspelt words are corrected
// first, a 5-digit ZIP code or a named city finds performers whose travel range reaches it, nearest
// first (zip.server.ts), a named state keeps its performers, and every other word or dictionary
// phrase is matched against a profile's search document (name, bio, city, state, categories),
// expanded through the dictionary (expand.server.ts) and ranked. When no performer matches every
// word, the page shows those matching the most words; when nobody near the place matches, the
// matching performers nearest to it. It never stops at an empty page while any word finds someone.

export interface SearchHit {
  profile: ProfileCardData;
  /** Miles from the searched ZIP code to the performer's city (ZIP searches only). */
  distanceMiles: number | null;
}

export interface SearchOutcome {
  input: SearchInput;
  /** Nothing typed and no filter: the page only shows the box. */
  idle: boolean;
  zip: { code: string; city: string; state: string } | null;
  /** A ZIP code the offline ZIP table does not know. */
  unknownZip: string | null;
  /** The words actually searched for, when a misspelling was corrected ("anime" for "anmie"). */
  correctedQuery: string | null;
  /** The place named in the words, used like a ZIP code (a city) or the state filter (a state). */
  place: SearchPlace | null;
  /** Phrases the dictionary knew, and what else was searched for them. */
  expansions: SearchExpansion[];
  /** No performer matched everything asked; these are the closest (most words, then nearest). */
  closest: boolean;
  hits: SearchHit[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

function filterConditions(input: SearchInput): SQL[] {
  const conditions: SQL[] = [];
  if (input.state) conditions.push(eq(profiles.state, input.state));
  if (input.state && input.city) conditions.push(eq(profiles.city, input.city));
  if (input.category) {
    conditions.push(
      exists(
        sql`(select 1 from ${profileCategories} where ${profileCategories.profileId} = ${profiles.id} and ${profileCategories.category} = ${input.category})`,
      ),
    );
  }
  return conditions;
}

interface RankedRow {
  /** Null on the single row a page past the end returns. */
  id: string | null;
  distance: number | null;
  total: number;
}

/** One way of asking the database: its conditions, the disjoint sets it reads, and its order. */
interface Attempt {
  conditions: SQL[];
  branches: SQL[];
  distance: SQL | null;
  rank: SQL | null;
  /** How many of the query's groups a row matches (the "closest" fallback orders by it first). */
  matched: SQL | null;
  /** 1 when the row matches by what was typed or a description, 0 by a category's word only. */
  tier: SQL | null;
  /** Which categories the words were widened to, for the page's "Including" line. */
  reach: CategoryReach;
  /** The conditions include a text match (see the planner note in runAttempt). */
  textSearch: boolean;
}

/** PostgreSQL's usual figure for SSDs and cached data. */
const RANDOM_PAGE_COST = "1.1";

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;

async function runAttempt(db: Executor, attempt: Attempt, wantedPage: number, pageSize: number) {
  const order: SQL[] = [];
  if (attempt.matched) order.push(sql`matched desc`);
  if (attempt.tier) order.push(sql`tier desc`);
  if (attempt.distance) order.push(sql`distance asc nulls last`);
  if (attempt.rank) order.push(sql`rank desc`);
  order.push(sql`created_at desc`, sql`id desc`);

  const where = and(...attempt.conditions) as SQL;
  const distanceColumn = attempt.distance
    ? sql`case when ${profiles.latitude} is null then null else ${attempt.distance} end`
    : sql`null::float8`;
  const matches = sql.join(
    attempt.branches.map(
      (branch) => sql`select ${profiles.id} as id, ${distanceColumn} as distance, ${attempt.rank ?? sql`0::real`} as rank,
          ${attempt.matched ?? sql`0`} as matched, ${attempt.tier ?? sql`0`} as tier, ${profiles.createdAt} as created_at
        from ${profiles} where ${where} and ${branch}`,
    ),
    sql` union all `,
  );
  // One pass over the matches serves both the page and the total: the matching rows are read once
  // (with their rank) into a small materialised set, then counted and sorted. A `count(*) over ()`
  // window or a second count query read the same heap pages again, which was most of the cost for
  // common words ("princess" matches about a tenth of all profiles). The outer row always exists, so
  // a page past the end still returns the total.
  const statement = (page: number) => sql`
        with matches as materialized (${matches})
        select hit.id, hit.distance, counted.total
        from (select count(*)::int as total from matches) as counted
        left join lateral (
          select id, distance from matches
          order by ${sql.join(order, sql`, `)}
          limit ${pageSize} offset ${(page - 1) * pageSize}
        ) as hit on true`;
  // A word search that matches many performers ("superhero" is also the whole Hero category) is
  // read fastest through the text index: a bitmap of the matching rows, then their pages in order.
  // PostgreSQL's estimates for an OR of phrases are far too high (42,000 rows expected for "mascot"
  // at 100,000 profiles, 14,000 found), so it would rather walk the newest-first index or the whole
  // table and test every row's text: 110 to 160 ms against 30 to 60 ms. For this statement only, a
  // random page read gets the SSD figure and the two whole-row walks are turned off (the text index
  // is in every text search, so a plan always remains).
  const ranked = async (page: number) =>
    attempt.textSearch
      ? await db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('random_page_cost', ${RANDOM_PAGE_COST}, true), set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
          );
          return rowsOf<RankedRow>(await tx.execute(statement(page)));
        })
      : rowsOf<RankedRow>(await db.execute(statement(page)));

  let page = wantedPage;
  let result = await ranked(page);
  const total = result.length > 0 ? Number(result[0].total) : 0;
  if (result[0]?.id == null && page > 1) {
    // Past the end: show the last page there is.
    page = Math.max(1, Math.ceil(total / pageSize));
    result = total > 0 ? await ranked(page) : [];
  }
  const rows = result.filter((r): r is RankedRow & { id: string } => r.id != null);
  return { rows, total, page };
}

/** Runs a search: the page of hits (as cards), the total, and what was understood from the query. */
export async function searchProfiles(
  db: Executor,
  input: SearchInput,
  options: { pageSize?: number; today?: string } = {},
): Promise<SearchOutcome> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const today = options.today ?? todayIso();
  const understood = await understandQuery(db, input);
  const { zip, groups } = understood;
  const outcome: SearchOutcome = {
    input,
    idle: false,
    zip: null,
    unknownZip: null,
    correctedQuery: understood.correctedQuery,
    place: null,
    expansions: [],
    closest: false,
    hits: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize,
  };
  const hasFilter = Boolean(input.state || input.category);
  if (!zip && !understood.place && groups.length === 0 && !hasFilter) {
    return { ...outcome, idle: input.q === "" };
  }

  const base: SQL[] = [publicProfileCondition(today), ...filterConditions(input)];
  // Where the visitor is: a ZIP code or a named city (a point), or a named state.
  let point: { latitude: number; longitude: number } | null = null;
  const placeConditions: SQL[] = [];
  if (zip) {
    const found = lookupZip(zip);
    if (!found || found.country !== "US") return { ...outcome, unknownZip: zip };
    outcome.zip = { code: zip, city: found.city, state: found.state };
    point = found;
  } else if (understood.place?.kind === "city") {
    const { city, state, latitude, longitude } = understood.place;
    outcome.place = { kind: "city", city, state };
    point = { latitude, longitude };
  } else if (understood.place?.kind === "state") {
    const { state, name } = understood.place;
    outcome.place = { kind: "state", state, name };
    if (!input.state) placeConditions.push(eq(profiles.state, state));
  }
  const branches = point ? reachesBranches(point.latitude, point.longitude) : [sql`true`];
  const distance = point ? distanceSql(point.latitude, point.longitude) : null;

  const attempts: Attempt[] = [];
  if (groups.length === 0) {
    attempts.push({ conditions: [...base, ...placeConditions], branches, distance, rank: null, matched: null, tier: null, reach: "none", textSearch: false });
  } else {
    const vector = profiles.searchVector;
    const matches = (text: string) => sql`${vector} @@ ${tsquery(text)}`;
    // Ordered by: performers found by what was typed or a description before those found through
    // a category's word alone (a dragon-taming knight is not a princess), nearest first where
    // there is a place, then the text rank of the visitor's own words (the stored vector weights a
    // name above a bio mention), then the newest. The rank reads only the typed words: ranking
    // thousands of rows against the whole expansion cost a third of the query ("superhero", 16,000
    // matches at 100,000 profiles: 51 ms against 34 ms) and the tier already says what matters.
    const rankOf = (join: "&" | "|") => sql`ts_rank(${vector}, ${tsquery(typedTsquery(groups, join))})`;
    const tierOf = (query: string, join: "&" | "|") => {
      const specific = groupsTsquery(groups, "none", join);
      return specific === query ? null : sql`(${matches(specific)})::int`;
    };
    const strict = (reach: CategoryReach): Attempt => {
      const query = groupsTsquery(groups, reach);
      const conditions = [...base, ...placeConditions, matches(query)];
      // Widened to related categories only because nobody matched by name or description: every
      // row is a category match, which text rank cannot tell apart, so the newest come first
      // (and thousands of rows are not ranked for nothing).
      if (reach === "related") return { conditions, branches, distance, rank: null, matched: null, tier: null, reach, textSearch: true };
      return { conditions, branches, distance, rank: rankOf("&"), matched: null, tier: tierOf(query, "&"), reach, textSearch: true };
    };
    const closest = (reach: CategoryReach, near: boolean): Attempt => {
      const query = groupsTsquery(groups, reach, "|");
      const matched = sql.join(
        groups.map((g) => sql`(${matches(groupTsquery(g, reach))})::int`),
        sql` + `,
      );
      return {
        conditions: [...base, ...(near ? placeConditions : []), matches(query)],
        branches: near ? branches : [sql`true`],
        distance,
        rank: rankOf("|"),
        matched: groups.length > 1 ? matched : null,
        tier: tierOf(query, "|"),
        reach,
        textSearch: true,
      };
    };
    const widest: CategoryReach = hasRelatedCategories(groups) ? "related" : "meaning";
    // Every word, by name, description or the category the word means; then also by the categories
    // such performers are usually in; then most of the words near the place; then anywhere,
    // nearest to the place first. Each runs only when the one before found nobody.
    attempts.push(strict("meaning"));
    if (widest === "related") attempts.push(strict("related"));
    if (groups.length > 1) attempts.push(closest(widest, true));
    if (point || placeConditions.length > 0) attempts.push(closest(widest, false));
  }

  let found: Awaited<ReturnType<typeof runAttempt>> = { rows: [], total: 0, page: 1 };
  let used: Attempt | undefined = attempts[0];
  for (const [i, attempt] of attempts.entries()) {
    used = attempt;
    found = await runAttempt(db, attempt, input.page, pageSize);
    if (found.total > 0) {
      outcome.closest = i > 0;
      break;
    }
  }
  outcome.expansions = describeExpansions(groups, used?.reach ?? "meaning");

  // The same day as the match, so a search run for a given date shows the cards it counted.
  const cards = await cardsForIds(
    db,
    found.rows.map((r) => r.id),
    today,
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  const hits: SearchHit[] = [];
  for (const row of found.rows) {
    const profile = byId.get(row.id);
    if (profile) hits.push({ profile, distanceMiles: row.distance === null ? null : Number(row.distance) });
  }
  return {
    ...outcome,
    hits,
    total: found.total,
    page: found.page,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
  };
}
