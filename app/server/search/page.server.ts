import { and, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { ListingSort } from "~/lib/listing-refinements";
import type { Availability } from "~/lib/party-date-view";
import type { PlaceGroup } from "~/lib/place-listing-view";
import type { Executor } from "../db/client.server";
import { narrowProfiles } from "../db/narrow-profiles.server";
import { copiedCategories } from "../directory/listing-conditions.server";
import { allInPriceSql, priceFromColumn } from "../directory/all-in-sql.server";
import { inOneProcess, recalledCount, rememberCount, rememberedCount } from "../directory/directory.server";
import { profiles } from "../db/schema";
import { availabilityOfRow, availabilityTiers, hiddenCondition, HIDDEN_COUNTED, type AvailabilityTier, type PartyDate } from "../directory/party-date.server";
import type { Band, Region } from "./bands.server";
import { orderTerms, tierColumn, walkable, type Ranking } from "./rank.server";
import { rowsOf } from "./rows.server";
import { atPointSql, boxSql, distanceSql, literal, rangeMilesSql, SHORTEST_RANGE, type Point } from "./zip.server";

// The last stage: one page of a ranked listing, its bands read in page order and only as far as
// the page reaches, and the total counted no further than MAX_COUNTED ("1,000+"). Each band is
// read in one of three ways:
//   whole    with words: the band's matches, few enough around a place, read once into a small
//            set that is counted and sorted (precision tier, distance, ...); the covers and
//            nearby bands share one box, read once for both (readRegion);
//   ordered  without words: the page straight off the band's ordered rows (nearest first, first
//            looked for at the point and within 10 miles: readNearest), and a count that stops at
//            the limit, remembered 30 s (a big city's nearby performers are thousands);
//   walk     a word more than RANKED_WHOLE performers wrote, with no place: tier by tier, each
//            walked newest first along the newest-first index until the page is full (a common
//            word's page fills after a few hundred rows), so no match is ranked that is not shown;
//            with fewer, its matches are ranked in one read (readRankedUnlessCommon).
// Rows are only ever ordered and counted in SQL; cards are read for the page's ids afterwards.

/**
 * Matches counted at most. Past it the page says "1,000+ performers" and pages stop there: nobody
 * pages through a thousand performers, and counting the 28,000 matches of "superhero" at 100,000
 * profiles cost more than finding the best of them.
 */
export const MAX_COUNTED = 1000;

/** Search and the city pages read the narrow copy of the profiles (db/narrow-profiles.server.ts). */
const searched = narrowProfiles;

/** PostgreSQL's usual figure for SSDs and cached data. */
const RANDOM_PAGE_COST = "1.1";

/**
 * How many of the newest rows a tier walk reads per row the page needs (at most WALK_LIMIT) before
 * it reads the tier whole: enough when one performer in 40 is in the tier, as a common word's
 * stage names are (1 in 15 for "princess" at 1,000,000 profiles).
 */
const WALK_FACTOR = 40;
const WALK_LIMIT = 20_000;

/**
 * Matches ranked in one read at most; a word with more is walked tier by tier (walkTiers). Ranking
 * the 1,150 matches of "batman" at 100,000 profiles in one read takes about 20 ms; walking them
 * took 55 to 75 ms, a failed walk and a whole read for each rare tier. Past about 2,000 the walk
 * wins ("astronaut", 3,250 matches: 70 ms ranked whole).
 */
export const RANKED_WHOLE = 2000;

/** A band as the page reads it: with a party date, one availability tier of a band, which its rows carry to their cards. */
interface PageBand extends Band {
  availability?: Availability;
}

export interface PageRequest {
  /** What every row meets: visibility, filters, refinements (the words' match is the ranking's). */
  where: SQL[];
  /** The bands in page order. */
  bands: PageBand[];
  ranking: Ranking;
  sort: ListingSort;
  /** The place distances are measured from; null without one. */
  point: Point | null;
  page: number;
  pageSize: number;
  /**
   * A party date: within each band, those free that day first, then those whose calendar says
   * nothing, then (asked for) those booked; the others are left out of rows and counts alike.
   */
  partyDate?: PartyDate | null;
}

export interface PagedRow {
  id: string;
  group: PlaceGroup | null;
  distance: number | null;
  /** The performer's usual travel range in miles; null for nationwide. */
  rangeMiles: number | null;
  /** With a party date: the availability tier the row was read in, so its card needs no second look at the calendar. */
  availability?: Availability;
}

export interface Paged {
  rows: PagedRow[];
  /** Each band's size in page order; null past the counting limit. */
  counts: (number | null)[];
  /** At most MAX_COUNTED. */
  total: number;
  /** More matched than `total`: the count stopped there. */
  totalAtLeast: boolean;
  /** The page shown: a page past the end shows the last one. */
  page: number;
  /** With a party date hiding who is booked: how many the bands hold, counted to HIDDEN_COUNTED. */
  hiddenBooked?: number;
}

interface Row {
  id: string | null;
  distance: number | null;
  range_miles: number | null;
  total?: number;
}

/**
 * Runs statements for a text search the way the text index answers them fastest. PostgreSQL's
 * estimates for an OR of phrases are far too high (42,000 rows expected for "mascot" at 100,000
 * profiles, 14,000 found), so it would rather walk the newest-first index or the whole table and
 * test every row's text: 110 to 160 ms against 30 to 60 ms. For these statements only, a random
 * page read gets the SSD figure and the two whole-row walks are turned off (the text index is in
 * every text search, so a plan always remains). The same estimates price a place's read past
 * PostgreSQL's threshold for compiling the query (JIT), which then cost more than the read itself
 * ("superhero 59001" at 1,000,000 profiles: 96 ms compiling a 20 ms read), so it is off here too,
 * and so are parallel workers: only the table half of a bitmap read can use them, and starting two
 * cost more than they saved ("mascot 76401" at 1M: 2 workers for 6 ms of table reads each).
 */
export async function throughTextIndex<T>(db: Executor, run: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('random_page_cost', ${RANDOM_PAGE_COST}, true), set_config('enable_indexscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    return run(tx);
  });
}

/** The columns every read selects, named as orderTerms() expects them (the tier left out when it is worked out later). */
function columns(request: PageRequest, withTier = true): SQL {
  const { point, ranking } = request;
  const distance = point
    ? sql`case when ${profiles.latitude} is null then null else ${distanceSql(point.latitude, point.longitude)} end`
    : sql`null::float8`;
  return sql`${profiles.id} as id, ${distance} as distance, ${rangeMilesSql} as range_miles,
    ${withTier ? sql`${tierColumn(ranking)} as tier, ` : sql``}${ranking.matched ?? sql`0`} as matched,
    ${allInPriceSql(point)} as all_in, ${profiles.createdAt} as created_at`;
}

function whereOf(request: PageRequest, extra: SQL): SQL {
  return and(...request.where, ...(request.ranking.match ? [request.ranking.match] : []), extra) as SQL;
}

const toRow = (band: Pick<PageBand, "group" | "availability">) => (r: Row): PagedRow => ({
  id: r.id as string,
  group: band.group,
  distance: r.distance === null ? null : Number(r.distance),
  rangeMiles: r.range_miles === null ? null : Number(r.range_miles),
  ...(band.availability ? { availability: band.availability } : {}),
});

/** A band's matches read into one small set: its exact size and the page's slice of it. */
async function readWhole(tx: Executor, request: PageRequest, band: PageBand, limit: number, offset: number) {
  const branches = sql.join(
    band.branches.map((branch) => sql`select ${columns(request)} from ${searched} where ${whereOf(request, branch)}`),
    sql` union all `,
  );
  const order = orderTerms(request.ranking, request.sort, request.point !== null);
  // The outer row always exists, so a read past the band's end still says its size.
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      with matches as materialized (${branches})
      select hit.id, hit.distance, hit.range_miles, counted.total
      from (select count(*)::int as total from matches) as counted
      left join lateral (
        select id, distance, range_miles from matches order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}
      ) as hit on true`),
  );
  return { rows: rows.filter((r) => r.id !== null).map(toRow(band)), size: Number(rows[0]?.total ?? 0) };
}

/** A band's page straight off its ordered rows (no words to rank, so no set to build). */
async function readOrdered(db: Executor, request: PageRequest, band: PageBand, limit: number, offset: number) {
  const branches = sql.join(
    band.branches.map((branch) => sql`select ${columns(request)} from ${searched} where ${whereOf(request, branch)}`),
    sql` union all `,
  );
  const order = orderTerms(request.ranking, request.sort, request.point !== null);
  const rows = rowsOf<Row>(
    await db.execute(sql`select id, distance, range_miles from (${branches}) as band order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`),
  );
  return rows.map(toRow(band));
}

const dialect = new PgDialect();

/** A statement's text and parameters as a key for a remembered count. */
function countKey(kind: string, statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return JSON.stringify([kind, text, params]);
}

/**
 * How many rows a band holds, counted no further than `limit`. Counting reads each match up to
 * the limit (a city's first 1,001 with their categories looked up), so a count is remembered for
 * 30 s per band and filter set, like the listing pages' counts (directory.server.ts); the rows
 * shown are always read live. `memo` is the database the memory belongs to (not a transaction).
 */
async function countBand(tx: Executor, memo: Executor, request: PageRequest, band: Band, limit: number): Promise<number> {
  const branches = sql.join(
    band.branches.map((branch) => sql`select 1 from ${searched} where ${whereOf(request, branch)}`),
    sql` union all `,
  );
  const statement = sql`select count(*)::int as n from (${branches} limit ${limit}) as capped`;
  return rememberedCount(memo, countKey("band", statement), async () => Number(rowsOf<{ n: number }>(await tx.execute(statement))[0].n));
}

/**
 * The walk's two ways of reading: along the newest-first index (a page of a large set, found
 * among its newest rows) or a bitmap of the text index (a whole set). Only a change costs a statement.
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

/** A walk's order: newest first, or lowest price first (the all-in price without a place; unpriced last, newest first among equals). */
type WalkOrder = "newest" | "price";

const walkOrder = (order: WalkOrder, columns: "table" | "named") => {
  const newest = columns === "table" ? sql`${profiles.createdAt} desc, ${profiles.id} desc` : sql`created_at desc, id desc`;
  if (order === "newest") return newest;
  return columns === "table" ? sql`${priceFromColumn} asc nulls last, ${newest}` : sql`all_in asc nulls last, ${newest}`;
};

/**
 * The page of rows meeting `hit`, in the walk's order, when the first `window` rows under `where`
 * in that order hold it: if `need` of them past `skip` are there, they are the page's (any other
 * row meeting `hit` comes after all of them). Null when the window holds too few, so the set must
 * be read otherwise.
 */
async function walkedPage(tx: Executor, order: WalkOrder, where: SQL, hit: SQL, window: number, need: number, skip: number): Promise<string[] | null> {
  const walked = rowsOf<{ id: string }>(
    await tx.execute(sql`
      select id from (
        select ${profiles.id} as id, ${profiles.createdAt} as created_at, ${priceFromColumn} as all_in, (${hit}) as hit
        from ${searched} where ${where}
        order by ${walkOrder(order, "table")}
        limit ${window}
      ) as walked
      where hit order by ${walkOrder(order, "named")} limit ${need} offset ${skip}`),
  );
  return walked.length === need ? walked.map((r) => r.id) : null;
}

/**
 * A word more than MAX_COUNTED performers wrote, with no place: every counted page is theirs, so
 * the total is known ("1,000+") and the page is read tier by tier (or, sorted newest first or by
 * price, as one set), each walked in its order along an index until the page is full; a tier too
 * rare for that is read whole through the text indexes. Ranking all 74,000 matches of "princess"
 * at 1,000,000 took 200 ms, sorting them by price 100 ms.
 */
async function walkTiers(tx: Executor, request: PageRequest, page: number, availability: AvailabilityTier[] | null = null): Promise<PagedRow[]> {
  const scan = scanSwitch(tx);
  const match = request.ranking.match as SQL;
  const where = and(...request.where) as SQL;
  const order: WalkOrder = request.sort === "price" ? "price" : "newest";
  const oneSet = request.sort === "newest" || request.sort === "price" || request.ranking.tiers.length === 0;
  const ranked = oneSet ? [match] : request.ranking.tiers.map((tier) => sql`${match} and ${tier}`);
  // With a party date, each availability tier is walked whole (its precision tiers within it) before the next.
  const tiers: { condition: SQL; kind?: Availability }[] = availability
    ? availability.flatMap(({ kind, condition }) => ranked.map((tier) => ({ condition: sql`${tier} and ${condition}`, kind })))
    : ranked.map((condition) => ({ condition }));
  const offset = (page - 1) * request.pageSize;
  const rows: PagedRow[] = [];
  const add = (ids: string[], kind: Availability | undefined) =>
    rows.push(...ids.map((id) => ({ id, group: null, distance: null, rangeMiles: null, ...(kind ? { availability: kind } : {}) })));
  let before = 0;
  for (const { condition: tier, kind } of tiers) {
    const skip = Math.max(0, offset - before);
    const need = request.pageSize - rows.length;
    await scan("newest");
    const walked = await walkedPage(tx, order, where, tier, Math.min(WALK_LIMIT, (skip + need) * WALK_FACTOR), need, skip);
    if (walked) {
      add(walked, kind);
      break;
    }
    await scan("bitmap");
    const whole = rowsOf<{ id: string | null; total: number }>(
      await tx.execute(sql`
        with found as materialized (
          select ${profiles.id} as id, ${profiles.createdAt} as created_at, ${priceFromColumn} as all_in from ${searched} where ${and(where, tier)}
        )
        select hit.id, counted.total
        from (select count(*)::int as total from found) as counted
        left join lateral (select id from found order by ${walkOrder(order, "named")} limit ${need} offset ${skip}) as hit on true`),
    );
    add(whole.filter((r) => r.id !== null).map((r) => r.id as string), kind);
    before += Number(whole[0]?.total ?? 0);
    if (rows.length >= request.pageSize) break;
  }
  return rows;
}

/**
 * Whether the words are known to match more than RANKED_WHOLE rows: remembered from a read in the
 * last 30 s (like the listing pages' counts, directory.server.ts), or told by the typed words alone,
 * whose rows all match and whose postings are fewer ("superhero" itself, not every description of
 * a superhero). A "no" is never remembered, so a word is read afresh until it is that common.
 */
async function knownCommon(db: Executor, tx: Executor, request: PageRequest): Promise<boolean> {
  if (recalledCount<boolean>(db, commonKey(request))) return true;
  const { typed } = request.ranking;
  if (typed === null) return false;
  const capped = sql`select count(*)::int as n from (select 1 from ${searched} where ${and(...request.where, typed)} limit ${RANKED_WHOLE + 1}) as capped`;
  const common = Number(rowsOf<{ n: number }>(await tx.execute(capped))[0].n) > RANKED_WHOLE;
  if (common) rememberCount(db, commonKey(request), true);
  return common;
}

const commonKey = (request: PageRequest) => countKey("common-word", and(...request.where, request.ranking.match ?? sql`true`) as SQL);

/**
 * A word's matches without a place, ranked in one read (a set of at most RANKED_WHOLE, each row's
 * tier worked out once); null when there are more, and the word is then remembered as common.
 * The set is read no further than one past the limit, and ranked only when it stays under it. The
 * limit sits outside the matches' own statement so that PostgreSQL plans that statement for all
 * its rows, as the text index serves them, rather than for the first few along another index.
 */
async function readRankedUnlessCommon(db: Executor, tx: Executor, request: PageRequest, limit: number, offset: number): Promise<Omit<Paged, "page"> | null> {
  const order = orderTerms(request.ranking, request.sort, false);
  const rows = rowsOf<Row>(
    await tx.execute(sql`
      with found as materialized (
        select ${columns(request, false)}, ${profiles.searchVector} as search_vector, ${copiedCategories} as categories from ${searched} where ${whereOf(request, sql`true`)}
      ),
      matches as materialized (select * from found limit ${RANKED_WHOLE + 1})
      select hit.id, hit.distance, hit.range_miles, counted.total
      from (select count(*)::int as total from matches) as counted
      left join lateral (
        select id, distance, range_miles from (
          select ${profiles}.*, ${tierColumn(request.ranking)} as tier from matches as ${profiles} where counted.total <= ${RANKED_WHOLE}
        ) as ranked
        order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}
      ) as hit on true`),
  );
  const size = Number(rows[0]?.total ?? 0);
  if (size > RANKED_WHOLE) {
    rememberCount(db, commonKey(request), true);
    return null;
  }
  return {
    rows: rows.filter((r) => r.id !== null).map(toRow({ group: null })),
    counts: [size],
    total: Math.min(size, MAX_COUNTED),
    totalAtLeast: size > MAX_COUNTED,
  };
}

/**
 * The covers and nearby bands with words to test: their shared box read once (each row tested for
 * the words has to be read from the table anyway), every row's band worked out and counted, and
 * the page's slice taken in band order. Precision tiers cost several tests of a row's words, so
 * they are worked out only for the bands the page reaches (the set keeps each row's words).
 */
async function readRegion(tx: Executor, request: PageRequest, region: Region, bands: PageBand[], limit: number, offset: number) {
  const groups = bands.map((band) => band.group);
  // Without words (a dated place search) there is no tier to work out, so no words to keep.
  const kept = request.ranking.match ? sql`, ${profiles.searchVector} as search_vector, ${copiedCategories} as categories` : sql``;
  const order = orderTerms(request.ranking, request.sort, request.point !== null);
  const sizes = sql.join(
    groups.map((_, i) => sql`count(*) filter (where band = ${sql.raw(String(i))})::int`),
    sql`, `,
  );
  // The last band the page reaches: the first whose running size covers the page's end.
  const end = offset + limit;
  const reaches = groups.slice(0, -1).map((_, i) => {
    const through = sql.join(
      groups.slice(0, i + 1).map((__, j) => sql`sizes[${sql.raw(String(j + 1))}]`),
      sql` + `,
    );
    return sql`when ${through} >= ${end} then ${sql.raw(String(i))}`;
  });
  const lastBand = reaches.length > 0 ? sql`(case ${sql.join(reaches, sql` `)} else ${sql.raw(String(groups.length - 1))} end)` : sql`0`;
  const rows = rowsOf<Row & { band: number | null; sizes: number[] }>(
    await tx.execute(sql`
      with matches as materialized (
        select ${columns(request, false)}${kept}, ${region.band} as band
        from ${searched} where ${whereOf(request, region.where)}
      )
      select hit.id, hit.distance, hit.range_miles, hit.band, counted.sizes
      from (select array[${sizes}] as sizes from matches) as counted
      left join lateral (
        select id, distance, range_miles, band from (
          select ${profiles}.*, ${tierColumn(request.ranking)} as tier from matches as ${profiles} where band <= ${lastBand}
        ) as reached
        order by band, ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}
      ) as hit on true`),
  );
  return {
    rows: rows.filter((r) => r.id !== null).map((r) => toRow(bands[Number(r.band)])(r)),
    sizes: (rows[0]?.sizes ?? groups.map(() => 0)).map(Number),
  };
}

/**
 * The first rows of the covers band nearest first, found close to the point when they are there:
 * the performers at the point itself (a city's own, which most of them share, read newest first
 * off the coordinates index and stopped at the page), then those within the shortest travel
 * range, all of whom travel there. Whatever lies farther comes after them, so when these hold the
 * page it is theirs; null when they do not.
 */
async function readNearest(db: Executor, request: PageRequest, band: PageBand, limit: number, offset: number): Promise<PagedRow[] | null> {
  const point = request.point as Point;
  const need = limit + offset;
  // At the point every distance is 0, so the order is newest first: the index's own, read backward.
  const at = band.only ? and(atPointSql(point), band.only) as SQL : atPointSql(point);
  const atPoint = rowsOf<Row>(
    await db.execute(sql`
      select ${columns(request)} from ${searched} where ${whereOf(request, at)}
      order by ${profiles.createdAt} desc, ${profiles.id} desc limit ${need}`),
  );
  if (atPoint.length === need) return atPoint.slice(offset).map(toRow(band));
  const close = sql`${boxSql(point, SHORTEST_RANGE)} and ${distanceSql(point.latitude, point.longitude)} <= ${literal(SHORTEST_RANGE)}${band.only ? sql` and ${band.only}` : sql``}`;
  const rows = await readOrdered(db, request, { ...band, branches: [close] }, need, 0);
  return rows.length === need ? rows.slice(offset) : null;
}

async function readBands(tx: Executor, memo: Executor, request: PageRequest, offset: number, end: number): Promise<Omit<Paged, "page">> {
  const rows: PagedRow[] = [];
  const counts: (number | null)[] = [];
  const words = request.ranking.match !== null;
  const nearestFirst = request.point !== null && !request.ranking.matched && (request.sort === "best" || request.sort === "nearest");
  let before = 0;
  for (let i = 0; i < request.bands.length; ) {
    const band = request.bands[i];
    if (before > MAX_COUNTED) {
      counts.push(null);
      i++;
      continue;
    }
    const skip = Math.max(0, offset - before);
    const limit = Math.max(0, end - before - skip);
    if (band.region && (words || band.availability)) {
      // Words: the bands sharing the box are read whole together, to be ranked. A party date
      // without words: the box's availability parts likewise, each row's band and tier worked out
      // in one read (not a statement per part), unless the nearest free rows fill the page. Then
      // each part is counted no further than the limit and remembered, as a band is: counting a
      // big city's whole box (Los Angeles at 1,000,000 profiles) took a first visitor 560 ms.
      const region = band.region;
      const together = request.bands.slice(i).filter((b) => b.region === region);
      const near = !words && limit > 0 && nearestFirst && band.group === "covers" ? await readNearest(tx, request, band, limit, skip) : null;
      if (near) {
        rows.push(...near);
        for (const part of together) {
          const size = before > MAX_COUNTED ? null : await countBand(tx, memo, request, part, MAX_COUNTED + 1 - before);
          counts.push(size);
          before += size ?? 0;
        }
        i += together.length;
        continue;
      }
      const found = await readRegion(tx, request, region, together, limit, skip);
      rows.push(...found.rows);
      counts.push(...found.sizes);
      before += found.sizes.reduce((a, b) => a + b, 0);
      i += together.length;
      continue;
    }
    let size: number;
    if (limit === 0) {
      // The page ends before this band: only its size is wanted, as far as the limit.
      size = await countBand(tx, memo, request, band, MAX_COUNTED + 1 - before);
    } else if (words) {
      // Words: the band's matches are read whole, to be ranked.
      const found = await readWhole(tx, request, band, limit, skip);
      rows.push(...found.rows);
      size = found.size;
    } else {
      const near = nearestFirst && band.group === "covers" ? await readNearest(tx, request, band, limit, skip) : null;
      if (!near && band.region) {
        // A band around the point (covers, nearby) holds the rows of a box: read once for the page
        // and the size alike, rather than reading the box's stripe of the coordinates index twice.
        const found = await readWhole(tx, request, band, limit, skip);
        rows.push(...found.rows);
        size = found.size;
      } else {
        const found = near ?? (await readOrdered(tx, request, band, limit, skip));
        rows.push(...found);
        // A band that ends on this page says its size; otherwise it is counted.
        size = found.length < limit && (found.length > 0 || skip === 0) ? skip + found.length : await countBand(tx, memo, request, band, MAX_COUNTED + 1 - before);
      }
    }
    counts.push(size);
    before += size;
    i++;
  }
  return { rows, counts, total: Math.min(before, MAX_COUNTED), totalAtLeast: before > MAX_COUNTED };
}

/**
 * Each band split by availability on the party date, in page order (free, unknown, booked when
 * shown), with the band each part came from. The parts of a shared region share one new region,
 * whose rows are told their part by their band and availability together (a hidden booked row by
 * none: it is neither counted nor read).
 */
function splitByAvailability(bands: readonly Band[], date: PartyDate): { bands: PageBand[]; origin: number[] } {
  const tiers = availabilityTiers(date);
  const split: PageBand[] = [];
  const origin: number[] = [];
  const regions = new Map<Region, Region>();
  const availability = availabilityOfRow(date);
  for (const [i, band] of bands.entries()) {
    let region: Region | undefined;
    if (band.region) {
      const shared = band.region;
      region = regions.get(shared);
      if (!region) {
        const parts = sql.join(
          tiers.map((tier, t) => sql`when ${tier.kind} then (${shared.band}) * ${sql.raw(String(tiers.length))} + ${sql.raw(String(t))}`),
          sql` `,
        );
        region = { where: shared.where, band: sql`(select case a.kind ${parts} end from (select ${availability} as kind) as a)` };
        regions.set(shared, region);
      }
    }
    for (const tier of tiers) {
      split.push({ group: band.group, branches: band.branches.map((branch) => and(branch, tier.condition) as SQL), region, only: tier.condition, availability: tier.kind });
      origin.push(i);
    }
  }
  return { bands: split, origin };
}

/** The parts' counts summed back into their bands' (null past the counting limit). */
function countsOfBands(counts: readonly (number | null)[], origin: readonly number[], bandCount: number): (number | null)[] {
  const merged: (number | null)[] = Array.from({ length: bandCount }, () => 0);
  for (const [i, count] of counts.entries()) {
    const band = origin[i];
    merged[band] = count === null || merged[band] === null ? null : (merged[band] as number) + count;
  }
  return merged;
}

/**
 * How many of the bands' rows a party date hides (booked that day), counted to HIDDEN_COUNTED and
 * remembered 30 s like the bands' own sizes (`memo` is the database the memory belongs to).
 */
async function countHidden(tx: Executor, memo: Executor, request: PageRequest, date: PartyDate): Promise<number> {
  const hidden = hiddenCondition(date);
  if (!hidden) return 0;
  const branches = sql.join(
    request.bands.flatMap((band) => band.branches.map((branch) => sql`select 1 from ${searched} where ${whereOf(request, and(branch, hidden) as SQL)}`)),
    sql` union all `,
  );
  const statement = sql`select count(*)::int as n from (${branches} limit ${HIDDEN_COUNTED}) as hidden`;
  return rememberedCount(memo, countKey("hidden", statement), async () => Number(rowsOf<{ n: number }>(await tx.execute(statement))[0].n));
}

/** A page with a party date: the bands split by availability, read as bands are, counted back per band. */
async function readDated(db: Executor, request: PageRequest, date: PartyDate, page: number): Promise<Omit<Paged, "page">> {
  const offset = (page - 1) * request.pageSize;
  const end = offset + request.pageSize;
  const split = splitByAvailability(request.bands, date);
  const dated = { ...request, bands: split.bands };
  const run = async (tx: Executor) => {
    const found = await readDatedBands(db, tx, request, dated, split.origin, date, page, offset, end);
    return { ...found, hiddenBooked: await countHidden(tx, db, request, date) };
  };
  if (!request.ranking.match) return inOneProcess(db, run);
  return throughTextIndex(db, run);
}

async function readDatedBands(
  db: Executor,
  tx: Executor,
  request: PageRequest,
  dated: PageRequest,
  origin: readonly number[],
  date: PartyDate,
  page: number,
  offset: number,
  end: number,
): Promise<Omit<Paged, "page">> {
  const walk = request.ranking.match !== null && request.point === null && request.bands.length === 1 && walkable(request.ranking, false);
  if (walk && (await knownCommon(db, tx, request) || (await matchesAtLeast(tx, request, RANKED_WHOLE + 1)))) {
    // A common word with no place: walked tier by tier as without a date, each availability tier
    // in turn; a thousand or more are shown either way.
    const tiers = availabilityTiers(date);
    const rows = await walkTiers(tx, request, page, tiers);
    return { rows, counts: [MAX_COUNTED + 1], total: MAX_COUNTED, totalAtLeast: true };
  }
  const found = await readBands(tx, db, dated, offset, end);
  return { ...found, counts: countsOfBands(found.counts, origin, request.bands.length) };
}

/** Whether the words match at least `limit` rows (a count that stops there). */
async function matchesAtLeast(tx: Executor, request: PageRequest, limit: number): Promise<boolean> {
  const capped = sql`select count(*)::int as n from (select 1 from ${searched} where ${whereOf(request, sql`true`)} limit ${limit}) as capped`;
  return Number(rowsOf<{ n: number }>(await tx.execute(capped))[0].n) >= limit;
}

async function readOnce(db: Executor, request: PageRequest, page: number): Promise<Omit<Paged, "page">> {
  const offset = (page - 1) * request.pageSize;
  const end = offset + request.pageSize;
  if (request.partyDate) return readDated(db, request, request.partyDate, page);
  if (!request.ranking.match) return inOneProcess(db, (tx) => readBands(tx, db, request, offset, end));
  const walk = request.point === null && request.bands.length === 1 && walkable(request.ranking, false);
  return throughTextIndex(db, async (tx) => {
    if (!walk) return readBands(tx, db, request, offset, end);
    const ranked = (await knownCommon(db, tx, request)) ? null : await readRankedUnlessCommon(db, tx, request, request.pageSize, offset);
    if (ranked) return ranked;
    const rows = await walkTiers(tx, request, page);
    return { rows, counts: [MAX_COUNTED + 1], total: MAX_COUNTED, totalAtLeast: true };
  });
}

/** The tier each of a dated page's rows was read in, for its card (party-date.server.ts, withAvailability). */
export function availabilityOfRows(rows: readonly PagedRow[]): Map<string, Availability> {
  return new Map(rows.flatMap((row) => (row.availability ? [[row.id, row.availability] as const] : [])));
}

/** One page of the listing the request describes (a page past the end shows the last one). */
export async function readPage(db: Executor, request: PageRequest): Promise<Paged> {
  let page = Math.max(1, Math.floor(request.page));
  let found = await readOnce(db, request, page);
  const lastPage = Math.max(1, Math.ceil(found.total / request.pageSize));
  if (page > lastPage) {
    page = lastPage;
    found = found.total > 0 ? await readOnce(db, request, page) : found;
  }
  return { ...found, page };
}
