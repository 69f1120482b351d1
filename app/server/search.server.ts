import { createRequire } from "node:module";
import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { ProfileCardData } from "~/components/profile/types";
import { isCategory, PAGE_SIZE, TRAVEL_RANGES } from "~/lib/constants";
import { findCity, findState } from "~/lib/us-states";
import type { Executor } from "./db/client.server";
import { profileCategories, profiles } from "./db/schema";
import { cardsForIds } from "./directory.server";
import { publicProfileCondition, todayIso } from "./visibility.server";

// The /search box. It reads what people type: words are matched against a profile's name, bio,
// city, state and categories (full text, ranked), misspelt words are first corrected against the
// search vocabulary with pg_trgm, and a 5-digit ZIP code finds performers whose travel range
// reaches it, nearest first.

export interface SearchInput {
  q: string;
  state: string | null;
  city: string | null;
  category: string | null;
  page: number;
}

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
  hits: SearchHit[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
}

interface ZipPlace {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

// The offline ZIP table (a CommonJS package without types), loaded on first use.
let zipLookup: ((zip: string) => ZipPlace | undefined) | null = null;
export function lookupZip(zip: string): ZipPlace | undefined {
  if (!zipLookup) {
    const zipcodes = createRequire(import.meta.url)("zipcodes") as { lookup(zip: string): ZipPlace | undefined };
    zipLookup = (code) => zipcodes.lookup(code);
  }
  return zipLookup(zip);
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

/** Edit distance counting a swap of neighbours as one edit ("anmie" -> "anime" is 1). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function allowedEdits(word: string): number {
  if (word.length <= 4) return 1;
  if (word.length <= 7) return 2;
  return 3;
}

const CORRECTION_CANDIDATES = 200;
// Low on purpose: "anmie" shares only 20% of its trigrams with "anime". The edit distance decides.
const CORRECTION_SIMILARITY = "0.15";

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Maps each word the vocabulary does not know (not even as the start of a word) to the closest
 * known term within a few edits. Words of 3 letters or fewer and numbers are left alone.
 */
export async function correctWords(db: Executor, words: string[]): Promise<Map<string, string>> {
  const corrections = new Map<string, string>();
  const candidates = words.filter((w) => w.length >= 4 && !/^\d+$/.test(w));
  if (candidates.length === 0) return corrections;
  const list = sql.join(
    candidates.map((w) => sql`${w}`),
    sql`, `,
  );
  const rows = await db.transaction(async (tx) => {
    // `%` uses the trigram index; its threshold is a setting, changed for this transaction only.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${CORRECTION_SIMILARITY}, true)`);
    return rowsOf<{ word: string; term: string; sim: number }>(
      await tx.execute(sql`
        select w.word, c.term, c.sim
        from unnest(array[${list}]::text[]) as w(word)
        cross join lateral (
          select t.term, similarity(t.term, w.word) as sim
          from search_terms t
          where t.term % w.word or t.term like w.word || '%'
          order by t.term like w.word || '%' desc, similarity(t.term, w.word) desc
          limit ${CORRECTION_CANDIDATES}
        ) c`),
    );
  });
  const byWord = new Map<string, { term: string; sim: number }[]>();
  for (const row of rows) byWord.set(row.word, [...(byWord.get(row.word) ?? []), { term: row.term, sim: Number(row.sim) }]);
  for (const word of candidates) {
    const terms = byWord.get(word) ?? [];
    // Known as typed, or the start of a known word (prefix search covers it): nothing to correct.
    if (terms.some((t) => t.term.startsWith(word))) continue;
    let best: { term: string; distance: number; sim: number } | null = null;
    for (const t of terms) {
      const distance = editDistance(word, t.term);
      if (distance > allowedEdits(word)) continue;
      if (!best || distance < best.distance || (distance === best.distance && t.sim > best.sim)) {
        best = { term: t.term, distance, sim: t.sim };
      }
    }
    if (best) corrections.set(word, best.term);
  }
  return corrections;
}

/** The words as a to_tsquery() expression: every word must match, longer words also as a prefix. */
function tsqueryText(words: string[]): string {
  return words.map((w) => (w.length >= 3 ? `${w}:*` : w)).join(" & ");
}

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.0;
const LONGEST_RANGE = Math.max(...TRAVEL_RANGES.map((r) => r.miles ?? 0));

/** How far each travel range reaches, as SQL (NULL for nationwide). */
const rangeMilesSql = sql.raw(
  `(case ${profiles.travelRadius.name} ${TRAVEL_RANGES.map((r) => `when '${r.value}' then ${r.miles ?? "null"}`).join(" ")} end)`,
);

/** A coordinate as an SQL literal: it comes from the ZIP table, never from the visitor, and literals let the planner fold constants. */
function degrees(value: number): SQL {
  if (!Number.isFinite(value)) throw new Error("coordinate must be a finite number");
  return sql.raw(`${value}::float8`);
}

function distanceSql(lat: number, lon: number): SQL {
  return sql`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(least(1, sqrt(
      power(sin(radians(${profiles.latitude} - ${degrees(lat)}) / 2), 2)
      + cos(radians(${degrees(lat)})) * cos(radians(${profiles.latitude}))
        * power(sin(radians(${profiles.longitude} - ${degrees(lon)}) / 2), 2)))))`;
}

/**
 * Performers whose travel range reaches the point, as two disjoint sets: those who travel anywhere,
 * and the others near enough. Kept apart (UNION ALL rather than OR) so each set is read from its
 * own covering index.
 */
function reachesBranches(lat: number, lon: number): SQL[] {
  // The bounding box of the longest finite range lets the coordinates index narrow the rows first.
  const dLat = LONGEST_RANGE / MILES_PER_DEGREE_LAT + 0.01;
  const dLon = LONGEST_RANGE / (MILES_PER_DEGREE_LAT * Math.max(0.1, Math.cos((lat * Math.PI) / 180))) + 0.01;
  return [
    sql`${profiles.travelRadius} = 'nationwide'`,
    sql`${profiles.travelRadius} <> 'nationwide'
      and ${profiles.latitude} between ${degrees(lat - dLat)} and ${degrees(lat + dLat)}
      and ${profiles.longitude} between ${degrees(lon - dLon)} and ${degrees(lon + dLon)}
      and ${distanceSql(lat, lon)} <= ${rangeMilesSql}`,
  ];
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

/** Runs a search: the page of hits (as cards), the total, and what was understood from the query. */
export async function searchProfiles(
  db: Executor,
  input: SearchInput,
  options: { pageSize?: number; today?: string } = {},
): Promise<SearchOutcome> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const today = options.today ?? todayIso();
  const { zip, words } = parseQuery(input.q);
  const outcome: SearchOutcome = {
    input,
    idle: false,
    zip: null,
    unknownZip: null,
    correctedQuery: null,
    hits: [],
    total: 0,
    page: 1,
    pageCount: 1,
    pageSize,
  };
  const hasFilter = Boolean(input.state || input.category);
  if (!zip && words.length === 0 && !hasFilter) {
    return { ...outcome, idle: input.q === "" };
  }

  const conditions: SQL[] = [publicProfileCondition(today), ...filterConditions(input)];
  let rank: SQL | null = null;
  let distance: SQL | null = null;
  let branches: SQL[] = [sql`true`];

  if (zip) {
    const place = lookupZip(zip);
    if (!place || place.country !== "US") return { ...outcome, unknownZip: zip };
    outcome.zip = { code: zip, city: place.city, state: place.state };
    branches = reachesBranches(place.latitude, place.longitude);
    distance = distanceSql(place.latitude, place.longitude);
  }

  if (words.length > 0) {
    const corrections = await correctWords(db, words);
    const searched = words.map((w) => corrections.get(w) ?? w);
    if (corrections.size > 0) outcome.correctedQuery = searched.join(" ");
    const query = sql`to_tsquery('english', ${tsqueryText(searched)})`;
    conditions.push(sql`${profiles.searchVector} @@ ${query}`);
    // The stored vector carries the name with the top weight: a name match outranks a bio mention.
    rank = sql`ts_rank(${profiles.searchVector}, ${query})`;
  }

  const order: SQL[] = [];
  if (distance) order.push(sql`distance asc nulls last`);
  if (rank) order.push(sql`rank desc`);
  order.push(sql`created_at desc`, sql`id desc`);

  const where = and(...conditions) as SQL;
  const distanceColumn = distance ? sql`case when ${profiles.latitude} is null then null else ${distance} end` : sql`null::float8`;
  const matches = sql.join(
    branches.map(
      (branch) => sql`select ${profiles.id} as id, ${distanceColumn} as distance, ${rank ?? sql`0::real`} as rank,
          ${profiles.createdAt} as created_at
        from ${profiles} where ${where} and ${branch}`,
    ),
    sql` union all `,
  );
  // One pass over the matches serves both the page and the total: the matching rows are read once
  // (with their rank) into a small materialised set, then counted and sorted. A `count(*) over ()`
  // window or a second count query read the same heap pages again, which was most of the cost for
  // common words ("princess" matches about a tenth of all profiles). The outer row always exists, so
  // a page past the end still returns the total.
  const ranked = async (page: number) =>
    rowsOf<RankedRow>(
      await db.execute(sql`
        with matches as materialized (${matches})
        select hit.id, hit.distance, counted.total
        from (select count(*)::int as total from matches) as counted
        left join lateral (
          select id, distance from matches
          order by ${sql.join(order, sql`, `)}
          limit ${pageSize} offset ${(page - 1) * pageSize}
        ) as hit on true`),
    );

  let page = input.page;
  let result = await ranked(page);
  const total = result.length > 0 ? Number(result[0].total) : 0;
  if (result[0]?.id == null && page > 1) {
    // Past the end: show the last page there is.
    page = Math.max(1, Math.ceil(total / pageSize));
    result = total > 0 ? await ranked(page) : [];
  }
  const rows = result.filter((r): r is RankedRow & { id: string } => r.id != null);

  const cards = await cardsForIds(
    db,
    rows.map((r) => r.id),
  );
  const byId = new Map(cards.map((c) => [c.id, c]));
  const hits: SearchHit[] = [];
  for (const row of rows) {
    const profile = byId.get(row.id);
    if (profile) hits.push({ profile, distanceMiles: row.distance === null ? null : Number(row.distance) });
  }
  return {
    ...outcome,
    hits,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
  };
}

