import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { ProfileCardData } from "~/lib/profile-view";
import { PAGE_SIZE } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { narrowProfiles } from "../db/narrow-profiles.server";
import { profileCategories, profiles } from "../db/schema";
import { cardsForIds, recalledCount, rememberCount } from "../directory.server";
import { publicProfileCondition, todayIso } from "../visibility.server";
import type { SearchExpansion, SearchHitReach, SearchPlace, SearchWidening } from "~/lib/search-view";
import { describeExpansions, groupsTsquery, groupTsquery, hasRelatedCategories, typedTsquery, type CategoryReach } from "./expand.server";
import type { SearchInput } from "./query.server";
import { rowsOf } from "./rows.server";
import { understandQuery } from "./understand.server";
import { distanceSql, FEW_PERFORMERS, lookupZip, reachesBranches, travelsToSql, WIDEN_MILES } from "./zip.server";

// The /search box. It reads what people type (understand.server.ts): misspelt words are corrected
// first, a 5-digit ZIP code or a named city finds performers whose travel range reaches it, nearest
// first (zip.server.ts), a named state keeps its performers, and every other word or dictionary
// phrase is matched against a profile's search document (name, bio, city, state, categories),
// expanded through the dictionary (expand.server.ts) and ranked. When no performer matches every
// word, the page shows those matching the most words; when nobody near the place matches, the
// matching performers nearest to it. When fewer than a handful travel to a ZIP code or city, it
// also looks up to 25, 50 or 100 miles past their travel ranges and says so. It never stops at an
// empty page while any word finds someone. Matches are counted up to MAX_COUNTED ("1,000+").

export interface SearchHit {
  profile: ProfileCardData;
  /** Miles from the searched ZIP code to the performer's city (ZIP searches only). */
  distanceMiles: number | null;
  /** Which group of a place search the card is in (see SearchHitReach). */
  reach: SearchHitReach;
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
  /** Few performers travel to the ZIP code or city searched, so the search looked this much further. */
  widened: SearchWidening | null;
  hits: SearchHit[];
  /** How many performers match, at most MAX_COUNTED (see totalAtLeast). */
  total: number;
  /** More than `total` match: counting stopped there, and the page says "1,000+". */
  totalAtLeast: boolean;
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
  nationwide: number;
  travels: number;
  total: number;
}

/** One way of asking the database: its conditions, the disjoint sets it reads, and its order. */
interface Attempt {
  /** Everything a row must satisfy except the text match. */
  conditions: SQL[];
  /** The text match (every word, by what was typed, a description or a category), if any. */
  text: SQL | null;
  /**
   * The visitor's own words, every one of them, when the order puts rows matching them first
   * (strict attempts). Such a row always matches `text` and is of the first tier.
   */
  typed: SQL | null;
  /**
   * What was typed is one word, so a row without it has no text rank: after the typed matches,
   * the rows are in newest-first order, which rankBroad may walk. Several typed words give a row
   * with some of them a rank ("princess party": a princess who does not say "party"), which ranks
   * it above the rest, so those are ranked whole.
   */
  oneTypedWord?: boolean;
  /**
   * One typed word: its matches split by where it is written (wordPlaces), best first; a word
   * too common to rank every match is ranked by these instead (rankCommonWord).
   */
  wordPlaces?: SQL[];
  branches: SQL[];
  distance: SQL | null;
  rank: SQL | null;
  /** How many of the query's groups a row matches (the "closest" fallback orders by it first). */
  matched: SQL | null;
  /** 1 when the row matches by what was typed or a description, 0 by a category's word only. */
  tier: SQL | null;
  /** Which categories the words were widened to, for the page's "Including" line. */
  reach: CategoryReach;
  /** Its branches are the performers who travel to the searched point, so it may be widened. */
  travelsToPoint?: boolean;
  /**
   * A widened search's performers whose own range reaches the point: they come first, so the page
   * shows those who travel there and then the ones it added, each nearest first.
   */
  travels?: SQL;
}

/**
 * Matches counted at most. Past it the page says "1,000+ performers" and pages stop there: nobody
 * pages through a thousand performers, and counting the 28,000 matches of "superhero" at 100,000
 * profiles cost more than finding the best of them.
 */
export const MAX_COUNTED = 1000;

/** Search reads the narrow copy of the profiles it needs (db/narrow-profiles.server.ts). */
const searched = narrowProfiles;

/** How many of the newest rows rankBroad inspects per row a page still needs, when a tier orders them. */
const WALK_WINDOW_FACTOR = 8;

/**
 * How many of the newest rows rankCommonWord walks per row a page needs (at most WALK_LIMIT) before
 * it reads a set of matches whole: enough when one performer in 40 is in the set, as a common
 * word's stage names are (1 in 15 for "princess" at 1,000,000 profiles).
 */
const WORD_WALK_FACTOR = 40;
const WORD_WALK_LIMIT = 20_000;

/** PostgreSQL's usual figure for SSDs and cached data. */
const RANDOM_PAGE_COST = "1.1";

const tsquery = (text: string) => sql`to_tsquery('english', ${text})`;

/**
 * Where one typed word is written, best first: the stage name (the search document's weight A),
 * then the characters (B), then the rest (categories, bio, city), more of these above fewer. That
 * is the order text rank gives one word, less its small extra for saying the word again, and it
 * splits the matches into seven disjoint sets that a common word's page can be read from, set by
 * set, without ranking every match (rankCommonWord). The stage-name and character filters are the
 * ones their indexes answer (schema.ts).
 */
function wordPlaces(typedQuery: string): SQL[] {
  const vector = profiles.searchVector;
  const query = tsquery(typedQuery);
  const where = [sql`ts_filter(${vector}, '{a}') @@ ${query}`, sql`ts_filter(${vector}, '{b}') @@ ${query}`, sql`ts_filter(${vector}, '{c,d}') @@ ${query}`];
  const places: SQL[] = [];
  for (let set = 7; set >= 1; set--) {
    const parts = where.map((part, i) => ((set >> (2 - i)) & 1 ? part : sql`not (${part})`));
    places.push(sql.join([sql`${vector} @@ ${query}`, ...parts], sql` and `));
  }
  return places;
}

interface Found {
  rows: { id: string; distance: number | null; reach?: SearchHitReach }[];
  /** Exact up to MAX_COUNTED; beyond it only "more than MAX_COUNTED" is known. */
  total: number;
}

/**
 * Runs statements for a text search the way the text index answers them fastest. A word search
 * that matches many performers ("superhero" is also the whole Hero category) is read through the
 * text index: a bitmap of the matching rows, then their pages in order. PostgreSQL's estimates for
 * an OR of phrases are far too high (42,000 rows expected for "mascot" at 100,000 profiles, 14,000
 * found), so it would rather walk the newest-first index or the whole table and test every row's
 * text: 110 to 160 ms against 30 to 60 ms. For these statements only, a random page read gets the
 * SSD figure and the two whole-row walks are turned off (the text index is in every text search,
 * so a plan always remains).
 */
async function throughTextIndex<T>(db: Executor, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('random_page_cost', ${RANDOM_PAGE_COST}, true), set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    return run(tx);
  });
}

/** The order of an attempt's rows, as ORDER BY terms over the columns its statements select. */
function orderOf(attempt: Attempt): SQL[] {
  const order: SQL[] = [];
  if (attempt.travels) order.push(sql`travels desc`);
  // Performers who travel anywhere form their own group after those nearby, however they rank.
  if (attempt.distance) order.push(sql`nationwide asc`);
  if (attempt.matched) order.push(sql`matched desc`);
  if (attempt.tier) order.push(sql`tier desc`);
  if (attempt.distance) order.push(sql`distance asc nulls last`);
  if (attempt.typed) order.push(sql`typed desc`);
  if (attempt.rank) order.push(sql`rank desc`);
  order.push(sql`created_at desc`, sql`id desc`);
  return order;
}

function reachOf(attempt: Attempt, row: RankedRow): SearchHitReach {
  if (attempt.travels && Number(row.travels) === 0) return "beyond";
  return Number(row.nationwide) === 1 ? "nationwide" : "near";
}

/** Every match ranked in one statement: right for small sets and for the orders the shortcut cannot serve. */
async function rankAll(db: Executor, attempt: Attempt, page: number, pageSize: number): Promise<Found> {
  const where = and(...attempt.conditions, ...(attempt.text ? [attempt.text] : [])) as SQL;
  const distanceColumn = attempt.distance
    ? sql`case when ${profiles.latitude} is null then null else ${attempt.distance} end`
    : sql`null::float8`;
  const matches = sql.join(
    attempt.branches.map(
      (branch) => sql`select ${profiles.id} as id, ${distanceColumn} as distance, ${attempt.rank ?? sql`0::real`} as rank,
          ${attempt.matched ?? sql`0`} as matched, ${attempt.tier ?? sql`0`} as tier,
          ${attempt.typed ? sql`(${attempt.typed})::int` : sql`0`} as typed,
          ${attempt.travels ? sql`(${attempt.travels})::int` : sql`0`} as travels,
          ${attempt.distance ? sql`(${profiles.travelRadius} = 'nationwide')::int` : sql`0`} as nationwide, ${profiles.createdAt} as created_at
        from ${searched} where ${where} and ${branch}`,
    ),
    sql` union all `,
  );
  // One pass over the matches serves both the page and the total: the matching rows are read once
  // (with their rank) into a small materialised set, then counted and sorted. A `count(*) over ()`
  // window or a second count query read the same heap pages again. The outer row always exists,
  // so a page past the end still returns the total.
  const statement = sql`
        with matches as materialized (${matches})
        select hit.id, hit.distance, hit.nationwide, hit.travels, counted.total
        from (select count(*)::int as total from matches) as counted
        left join lateral (
          select id, distance, nationwide, travels from matches
          order by ${sql.join(orderOf(attempt), sql`, `)}
          limit ${pageSize} offset ${(page - 1) * pageSize}
        ) as hit on true`;
  const result = attempt.text
    ? await throughTextIndex(db, async (tx) => rowsOf<RankedRow>(await tx.execute(statement)))
    : rowsOf<RankedRow>(await db.execute(statement));
  return {
    total: result.length > 0 ? Number(result[0].total) : 0,
    rows: result
      .filter((r) => r.id != null)
      .map((r) => ({ id: r.id as string, distance: r.distance === null ? null : Number(r.distance), reach: reachOf(attempt, r) })),
  };
}

/** How many rows match `where`, counted no further than `limit`. */
async function cappedCount(db: Executor, where: SQL, limit: number): Promise<number> {
  const counted = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from ${searched} where ${where} limit ${limit}) as capped`),
  );
  return Number(counted[0].n);
}

const dialect = new PgDialect();

/**
 * Whether more than MAX_COUNTED rows match `where`. Telling needs a bitmap of every match from the
 * text index, however the count is capped: 22 ms for "princess" at 1,000,000 profiles (76,000
 * matches), half the page's time. So a "yes" is remembered for 30 s like the listing pages'
 * counts (directory.server.ts): a count above MAX_COUNTED only says "1,000+", which a few
 * performers leaving in that time do not change. A "no" is never remembered, so a word's matches
 * are counted afresh until there are that many.
 */
async function isCommonWord(db: Executor, tx: Executor, where: SQL): Promise<boolean> {
  const { sql: text, params } = dialect.sqlToQuery(where);
  const key = JSON.stringify(["common-word", text, params]);
  if (recalledCount<boolean>(db, key)) return true;
  const common = (await cappedCount(tx, where, MAX_COUNTED + 1)) > MAX_COUNTED;
  if (common) rememberCount(db, key, true);
  return common;
}

/**
 * The two ways a broad search reads rows within throughTextIndex: walking the newest-first index
 * (a page of a large set, found among its newest rows) or a bitmap of the text index (a whole set).
 * Only a change of way costs a statement.
 */
function scanSwitch(tx: Executor) {
  let current: "newest" | "bitmap" | null = null;
  return async (way: "newest" | "bitmap") => {
    if (way === current) return;
    current = way;
    const newest = way === "newest" ? "on" : "off";
    const bitmap = way === "bitmap" ? "on" : "off";
    await tx.execute(sql`select set_config('enable_indexscan', ${newest}, true), set_config('enable_bitmapscan', ${bitmap}, true)`);
  };
}

/**
 * The page of rows meeting `hit`, newest first, when the newest `window` rows under `where` hold
 * it: if `need` of them past `skip` are there, they are the page's (any other row meeting `hit` is
 * older than all of them). Null when the window holds too few, so the set must be read otherwise.
 */
async function newestPage(tx: Executor, where: SQL, hit: SQL, window: number, need: number, skip: number): Promise<string[] | null> {
  const walked = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from (
        select ${profiles.id} as id, ${profiles.createdAt} as created_at, (${hit}) as hit
        from ${searched} where ${where}
        order by ${profiles.createdAt} desc, ${profiles.id} desc
        limit ${window}
      ) as newest
      where hit order by created_at desc, id desc limit ${need} offset ${skip}`),
  );
  return walked.length === need ? walked.map((r) => r.id) : null;
}

/**
 * One typed word that more than MAX_COUNTED performers wrote ("princess": 74,000 of 1,000,000), so
 * every counted page is theirs. Text rank cannot order that many in time, so they are ordered by
 * where they wrote the word (wordPlaces), set by set, newest first in each: the same as text rank
 * but for its small extra for repeating the word, which only a rarer word's ranking keeps.
 * Each set is walked newest first until the page is full, which on a common word stops after a few
 * hundred rows; a set too rare for that is read whole through the text indexes. That read is small
 * for the set being rare, but for one whose word is also elsewhere it includes the next set's rows
 * (no index tells "elsewhere" apart), which a word common in stage names and rarely repeated could
 * make large. Ranking all 74,000 took 200 ms.
 */
async function rankCommonWord(tx: Executor, conditions: SQL[], places: SQL[], page: number, pageSize: number): Promise<string[]> {
  const scan = scanSwitch(tx);
  const where = and(...conditions) as SQL;
  const offset = (page - 1) * pageSize;
  const ids: string[] = [];
  let before = 0;
  for (const place of places) {
    const skip = Math.max(0, offset - before);
    const need = pageSize - ids.length;
    const window = Math.min(WORD_WALK_LIMIT, (skip + need) * WORD_WALK_FACTOR);
    await scan("newest");
    const walked = await newestPage(tx, where, place, window, need, skip);
    if (walked) {
      ids.push(...walked);
      break;
    }
    await scan("bitmap");
    const whole = rowsOf<{ id: string | null; total: number }>(
      await tx.execute(sql`
        with found as materialized (
          select ${profiles.id} as id, ${profiles.createdAt} as created_at
          from ${searched} where ${and(...conditions, place)}
        )
        select hit.id, counted.total
        from (select count(*)::int as total from found) as counted
        left join lateral (
          select id from found order by created_at desc, id desc limit ${need} offset ${skip}
        ) as hit on true`),
    );
    ids.push(...whole.filter((r) => r.id != null).map((r) => r.id as string));
    before += Number(whole[0]?.total ?? 0);
    if (ids.length >= pageSize) break;
  }
  return ids;
}

/**
 * A word search with thousands of matches, without reading and ranking every one of them. The
 * order puts performers matching the visitor's own words first (by text rank), and only then the
 * others. So a page that those performers fill is decided by them alone, read through the text
 * index for the typed words (3,500 rows for "superhero" instead of 28,000); one typed word more
 * common than MAX_COUNTED is ordered without text rank (rankCommonWord). When one word was
 * typed, the others are newest first, and the rest of a page is walked newest first until it is
 * full, which on a common word stops after a few hundred rows. The total is counted only up to
 * MAX_COUNTED. Answers null when this attempt's order or size needs rankAll().
 */
async function rankBroad(db: Executor, attempt: Attempt, page: number, pageSize: number): Promise<Found | null> {
  const { text, typed, rank } = attempt;
  if (!text || !typed || !rank || attempt.matched || attempt.distance || attempt.branches.length !== 1) return null;
  const offset = (page - 1) * pageSize;
  const end = offset + pageSize;
  const conditions = [...attempt.conditions, attempt.branches[0]];
  return throughTextIndex(db, async (tx) => {
    if (attempt.wordPlaces && (await isCommonWord(db, tx, and(...conditions, typed) as SQL))) {
      // Every typed match also matches the whole query, so nothing else needs counting.
      const ids = await rankCommonWord(tx, conditions, attempt.wordPlaces, page, pageSize);
      return { rows: ids.map((id) => ({ id, distance: null })), total: MAX_COUNTED + 1 };
    }
    const first = rowsOf<{ id: string | null; total: number }>(
      await tx.execute(sql`
        with typed_matches as materialized (
          select ${profiles.id} as id, ${rank} as rank, ${profiles.createdAt} as created_at
          from ${searched} where ${and(...conditions, typed)}
        )
        select hit.id, counted.total
        from (select count(*)::int as total from typed_matches) as counted
        left join lateral (
          select id from typed_matches order by rank desc, created_at desc, id desc
          limit ${pageSize} offset ${offset}
        ) as hit on true`),
    );
    const typedCount = Number(first[0]?.total ?? 0);
    const rows = first.filter((r) => r.id != null).map((r) => ({ id: r.id as string, distance: null }));
    const counted = typedCount > MAX_COUNTED ? MAX_COUNTED + 1 : await cappedCount(tx, and(...conditions, text) as SQL, MAX_COUNTED + 1);
    if (typedCount >= end || counted === typedCount) return { rows, total: counted };
    // The rest of the page comes after every typed match, newest first, walked along the
    // newest-first index: on a word this common the page fills after a few hundred rows. A small
    // set is ranked whole just as fast.
    if (counted <= MAX_COUNTED || !attempt.oneTypedWord) return null;
    await scanSwitch(tx)("newest");
    const need = end - Math.max(offset, typedCount);
    const skip = Math.max(0, offset - typedCount);
    const others = and(...conditions, text, sql`not (${typed})`) as SQL;
    let rest: string[];
    if (!attempt.tier) {
      rest = rowsOf<{ id: string }>(
        await tx.execute(sql`
          select ${profiles.id} as id from ${searched} where ${others}
          order by ${profiles.createdAt} desc, ${profiles.id} desc
          limit ${need} offset ${skip}`),
      ).map((r) => r.id);
    } else {
      // With a tier, every first-tier row comes before any category-only one: the newest
      // first-tier rows among WALK_WINDOW_FACTOR times as many as the page needs, or else the
      // whole set is ranked after all.
      const walked = await newestPage(tx, others, sql`${attempt.tier} = 1`, (skip + need) * WALK_WINDOW_FACTOR, need, skip);
      if (!walked) return null;
      rest = walked;
    }
    return { rows: [...rows, ...rest.map((id) => ({ id, distance: null }))], total: counted };
  });
}

/**
 * A place search whose page lies among the performers nearby: those who travel anywhere come after
 * every one of them (the order's first key), so they are not read, only counted up to MAX_COUNTED.
 * Near a large city at 1,000,000 profiles that leaves 3,300 rows of the box instead of 79,000
 * (the 76,000 nationwide ones sorted by distance for nothing): 65 ms to 8 ms. Answers null when the
 * page reaches the nationwide group, or the order is not nearby-first (a widened search).
 */
async function rankNearFirst(db: Executor, attempt: Attempt, page: number, pageSize: number): Promise<Found | null> {
  if (!attempt.distance || attempt.travels || attempt.branches.length !== 2) return null;
  const [nationwide, nearby] = attempt.branches;
  const near = await rankAll(db, { ...attempt, branches: [nearby] }, page, pageSize);
  if (near.total < page * pageSize) return null;
  if (near.total > MAX_COUNTED) return near;
  const where = and(...attempt.conditions, ...(attempt.text ? [attempt.text] : []), nationwide) as SQL;
  const countFar = (tx: Executor) => cappedCount(tx, where, MAX_COUNTED + 1 - near.total);
  const far = attempt.text ? await throughTextIndex(db, countFar) : await countFar(db);
  return { rows: near.rows, total: near.total + far };
}

async function runAttempt(db: Executor, attempt: Attempt, wantedPage: number, pageSize: number) {
  const ranked = async (page: number) =>
    (await rankBroad(db, attempt, page, pageSize)) ?? (await rankNearFirst(db, attempt, page, pageSize)) ?? (await rankAll(db, attempt, page, pageSize));
  let page = wantedPage;
  let found = await ranked(page);
  const lastPage = () => Math.max(1, Math.ceil(Math.min(found.total, MAX_COUNTED) / pageSize));
  if (page > 1 && (found.rows.length === 0 || page > lastPage())) {
    // Past the end (or past what is counted): show the last page there is.
    page = lastPage();
    found = found.total > 0 ? await ranked(page) : found;
  }
  return { rows: found.rows, total: Math.min(found.total, MAX_COUNTED), totalAtLeast: found.total > MAX_COUNTED, page };
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
    widened: null,
    hits: [],
    total: 0,
    totalAtLeast: false,
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
    attempts.push({ conditions: [...base, ...placeConditions], text: null, typed: null, branches, distance, rank: null, matched: null, tier: null, reach: "none", travelsToPoint: Boolean(point) });
  } else {
    const vector = profiles.searchVector;
    const matches = (text: string) => sql`${vector} @@ ${tsquery(text)}`;
    // Ordered by: performers found by what was typed or a description before those found through
    // a category's word alone (a dragon-taming knight is not a princess), nearest first where
    // there is a place, then those who wrote every word the visitor typed, by the text rank of those
    // words (the stored vector weights a name above a bio mention), then the newest. Putting the
    // typed words first lets a common word's page come from them alone (rankBroad). The rank reads
    // only the typed words: ranking thousands of rows against the whole expansion cost a third of
    // the query ("superhero", 16,000 matches at 100,000 profiles: 51 ms against 34 ms) and the tier
    // already says what matters.
    const rankOf = (join: "&" | "|") => sql`ts_rank(${vector}, ${tsquery(typedTsquery(groups, join))})`;
    const tierOf = (query: string, join: "&" | "|") => {
      const specific = groupsTsquery(groups, "none", join);
      return specific === query ? null : sql`(${matches(specific)})::int`;
    };
    const strict = (reach: CategoryReach): Attempt => {
      const query = groupsTsquery(groups, reach);
      const conditions = [...base, ...placeConditions];
      const text = matches(query);
      // Widened to related categories only because nobody matched by name or description: every
      // row is a category match, which text rank cannot tell apart, so the newest come first
      // (and thousands of rows are not ranked for nothing).
      const travelsToPoint = Boolean(point);
      if (reach === "related") return { conditions, text, typed: null, branches, distance, rank: null, matched: null, tier: null, reach, travelsToPoint };
      const typedQuery = typedTsquery(groups, "&");
      const typed = matches(typedQuery);
      const oneTypedWord = groups.length === 1 && groups[0].words.length === 1;
      const places = oneTypedWord ? wordPlaces(typedQuery) : undefined;
      return { conditions, text, typed, oneTypedWord, wordPlaces: places, branches, distance, rank: rankOf("&"), matched: null, tier: tierOf(query, "&"), reach, travelsToPoint };
    };
    const closest = (reach: CategoryReach, near: boolean): Attempt => {
      const query = groupsTsquery(groups, reach, "|");
      const matched = sql.join(
        groups.map((g) => sql`(${matches(groupTsquery(g, reach))})::int`),
        sql` + `,
      );
      return {
        conditions: [...base, ...(near ? placeConditions : [])],
        text: matches(query),
        typed: null,
        branches: near ? branches : [sql`true`],
        distance,
        rank: rankOf("|"),
        matched: groups.length > 1 ? matched : null,
        tier: tierOf(query, "|"),
        reach,
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

  let found: Awaited<ReturnType<typeof runAttempt>> = { rows: [], total: 0, totalAtLeast: false, page: 1 };
  let used: Attempt | undefined = attempts[0];
  for (const [i, attempt] of attempts.entries()) {
    used = attempt;
    found = await runAttempt(db, attempt, input.page, pageSize);
    if (point && attempt.travelsToPoint && found.total < FEW_PERFORMERS) {
      // Few travel this far: also look a little past their ranges, at the smallest widening that
      // finds enough (or, when none does, the smallest that finds the most). Those who travel
      // there still come first; the ones added follow, nearest first.
      const within = found.total;
      let best: { miles: number; found: typeof found } | null = null;
      for (const miles of WIDEN_MILES) {
        const widened = { ...attempt, branches: reachesBranches(point.latitude, point.longitude, miles), travels: travelsToSql(point.latitude, point.longitude) };
        const wider = await runAttempt(db, widened, input.page, pageSize);
        if (wider.total > (best?.found.total ?? within)) best = { miles, found: wider };
        if (wider.total >= FEW_PERFORMERS) break;
      }
      if (best) {
        found = best.found;
        outcome.widened = { miles: best.miles, within, added: best.found.total - within };
      }
    }
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
    if (profile) hits.push({ profile, distanceMiles: row.distance === null ? null : Number(row.distance), reach: row.reach ?? "near" });
  }
  return {
    ...outcome,
    hits,
    total: found.total,
    totalAtLeast: found.totalAtLeast,
    page: found.page,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
  };
}
