import { and, eq, exists, sql, type SQL } from "drizzle-orm";
import type { ProfileCardData } from "~/lib/profile-view";
import { PAGE_SIZE } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { profileCategories, profiles } from "../db/schema";
import { cardsForIds } from "../directory.server";
import { publicProfileCondition, todayIso } from "../visibility.server";
import { parseQuery, type SearchInput } from "./query.server";
import { rowsOf } from "./rows.server";
import { correctWords } from "./spelling.server";
import { distanceSql, lookupZip, reachesBranches } from "./zip.server";

// The /search box. It reads what people type: words are matched against a profile's name, bio,
// city, state and categories (full text, ranked), misspelt words are first corrected against the
// search vocabulary with pg_trgm (spelling.server.ts), and a 5-digit ZIP code finds performers
// whose travel range reaches it, nearest first (zip.server.ts).

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

/** The words as a to_tsquery() expression: every word must match, longer words also as a prefix. */
function tsqueryText(words: string[]): string {
  return words.map((w) => (w.length >= 3 ? `${w}:*` : w)).join(" & ");
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

