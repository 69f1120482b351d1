import { and, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE } from "~/lib/constants";
import type { PlaceGroup, PlaceHit, PlaceListingView } from "~/lib/place-listing-view";
import type { Executor } from "./db/client.server";
import { narrowProfiles } from "./db/narrow-profiles.server";
import { profiles } from "./db/schema";
import { anyCategoryCondition, cardsForIds, rememberCount, rememberedCount } from "./directory.server";
import { distanceSql, reachesBranches } from "./search/zip.server";
import { rowsOf } from "./search/rows.server";
import { publicProfileCondition, todayIso } from "./visibility.server";

// Who a place can have: the performers based in it, those whose travel range reaches it, and those
// who travel anywhere, one ordered list paged in SQL (based first, newest first; then the
// travellers, nearest first; then the nationwide ones, nearest first). When all three are empty,
// the nearest performers of all, one page of them, so the page offers someone to ask. It reads the
// narrow copy of the profiles that search reads too (db/narrow-profiles.server.ts).

export interface PlaceQuery {
  /** The place's point (a city's coordinates, or a state's middle). */
  latitude: number;
  longitude: number;
  /** Who counts as based there: a city of a state, or a whole state; null when nobody does. */
  based: { state: string; city: string | null } | null;
  categories: readonly string[];
  page: number;
  pageSize?: number;
  today?: string;
}

export interface PlaceListing {
  counts: Record<PlaceGroup, number>;
  hits: PlaceHit[];
  total: number;
  /** The page shown (a page past the end shows the last one). */
  page: number;
  pageCount: number;
  pageSize: number;
}

const GROUPS: readonly PlaceGroup[] = ["based", "travels", "nationwide", "nearest"];

function basedCondition(based: NonNullable<PlaceQuery["based"]>): SQL {
  return based.city
    ? sql`(${profiles.state} = ${based.state} and ${profiles.city} = ${based.city})`
    : sql`(${profiles.state} = ${based.state})`;
}

/** The three groups in page order, each as its conditions and whether it is ordered nearest first. */
function groupsOf(query: PlaceQuery, today: string): { where: SQL; nearestFirst: boolean }[] {
  const common = [publicProfileCondition(today), ...anyCategoryCondition(query.categories)];
  const notBased = query.based ? sql`not coalesce(${basedCondition(query.based)}, false)` : sql`true`;
  const [nationwide, nearby] = reachesBranches(query.latitude, query.longitude);
  return [
    ...(query.based ? [{ where: and(...common, basedCondition(query.based)) as SQL, nearestFirst: false }] : []),
    { where: and(...common, notBased, nearby) as SQL, nearestFirst: true },
    { where: and(...common, notBased, nationwide) as SQL, nearestFirst: true },
  ];
}

/** The size of each group, in page order. */
async function countGroups(db: Executor, query: PlaceQuery, today: string): Promise<number[]> {
  const groups = groupsOf(query, today);
  const counts = sql.join(
    groups.map((g) => sql`(select count(*)::int from ${narrowProfiles} where ${g.where})`),
    sql`, `,
  );
  const [row] = rowsOf<{ counts: number[] }>(await db.execute(sql`select array[${counts}] as counts`));
  return row.counts.map(Number);
}

/**
 * Up to `limit` rows of one group from `offset`, in its order: newest first for those based there
 * (straight off the state-and-city index, so a city's first page reads a page of rows, not all of
 * them), nearest first for the others.
 */
async function readGroup(db: Executor, query: PlaceQuery, where: SQL, nearestFirst: boolean, limit: number, offset: number) {
  const distance = distanceSql(query.latitude, query.longitude);
  const distanceColumn = nearestFirst ? sql`case when ${profiles.latitude} is null then null else ${distance} end` : sql`null::float8`;
  const result = await db.execute(sql`
    select ${profiles.id} as id, ${distanceColumn} as distance from ${narrowProfiles} where ${where}
    order by ${nearestFirst ? sql`distance asc nulls last, ` : sql``}${profiles.createdAt} desc, ${profiles.id} desc
    limit ${limit} offset ${offset}`);
  return rowsOf<{ id: string; distance: number | null }>(result);
}

/**
 * One page of the groups, read group by group as far as the page reaches: the rows are always
 * read live, so the page is exact whatever the remembered counts say. Answers the rows and, for
 * each group it could measure (it ended on this page or before), its exact size.
 */
async function readPage(db: Executor, query: PlaceQuery, page: number, pageSize: number, today: string) {
  const groups = groupsOf(query, today);
  const offset = (page - 1) * pageSize;
  const end = offset + pageSize;
  const rows: { id: string; group: number; distance: number | null }[] = [];
  const sizes: (number | null)[] = groups.map(() => null);
  let before = 0;
  for (const [i, group] of groups.entries()) {
    const skip = Math.max(0, offset - before);
    const limit = end - before - skip;
    const found = await readGroup(db, query, group.where, group.nearestFirst, limit, skip);
    rows.push(...found.map((r) => ({ ...r, group: i, distance: r.distance === null ? null : Number(r.distance) })));
    if (found.length >= limit) break;
    // The group ends before the page does: its size is known from what was read, or, when the
    // page starts past its end, counted.
    sizes[i] =
      found.length > 0 || skip === 0
        ? skip + found.length
        : Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${narrowProfiles} where ${group.where}`))[0].n);
    before += sizes[i] as number;
  }
  // Group numbers in the names the view uses (a place nobody is based in has no "based" group).
  const names = query.based ? GROUPS.slice(0, 3) : GROUPS.slice(1, 3);
  return { rows: rows.map((r) => ({ ...r, name: names[r.group] })), sizes, names };
}

/** The nearest public performers to the point, whatever their travel range (one page). */
async function readNearest(db: Executor, query: PlaceQuery, pageSize: number, today: string) {
  const distance = distanceSql(query.latitude, query.longitude);
  const where = and(publicProfileCondition(today), ...anyCategoryCondition(query.categories), sql`${profiles.latitude} is not null`);
  const result = await db.execute(sql`
    select ${profiles.id} as id, ${distance} as distance from ${narrowProfiles} where ${where}
    order by distance asc, ${profiles.createdAt} desc, ${profiles.id} desc
    limit ${pageSize}`);
  return rowsOf<{ id: string; distance: number }>(result);
}

/**
 * One page of the performers a place can have, in groups, with their distances. The group sizes
 * shown are remembered briefly like the directory's other counts (directory.server.ts: the travel
 * and nationwide groups of a large city hold tens of thousands at 1,000,000 profiles), corrected
 * by whatever the page itself measured; the page is always read live.
 */
export async function listPlaceProfiles(db: Executor, query: PlaceQuery): Promise<PlaceListing> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const today = query.today ?? todayIso();
  const key = JSON.stringify([
    "place",
    today,
    query.latitude,
    query.longitude,
    query.based?.state ?? null,
    query.based?.city ?? null,
    [...query.categories].sort(),
  ]);
  let page = Math.max(1, Math.floor(query.page));
  let read = await readPage(db, query, page, pageSize, today);
  let sizes = await rememberedCount(db, key, () => countGroups(db, query, today));
  if (read.rows.length === 0 && page > 1) {
    // Past the end: the last page there is, from counts taken now.
    sizes = await countGroups(db, query, today);
    rememberCount(db, key, sizes);
    const total = sizes.reduce((a, b) => a + b, 0);
    page = Math.max(1, Math.ceil(total / pageSize));
    read = await readPage(db, query, page, pageSize, today);
  }
  const exact = sizes.map((size, i) => read.sizes[i] ?? size);
  const counts: Record<PlaceGroup, number> = { based: 0, travels: 0, nationwide: 0, nearest: 0 };
  for (const [i, name] of read.names.entries()) counts[name] = exact[i];
  // A remembered size the page shows to be too small (listings added since) grows to what it shows.
  const offset = (page - 1) * pageSize;
  let total = Math.max(exact.reduce((a, b) => a + b, 0), offset + read.rows.length);

  let ranked: { id: string; group: PlaceGroup; distance: number | null }[] = read.rows.map((r) => ({ id: r.id, group: r.name, distance: r.distance }));
  if (read.rows.length === 0) {
    // Nobody based there or able to come (page 1 read every group and found none).
    for (const name of read.names) counts[name] = 0;
    page = 1;
    ranked = (await readNearest(db, query, pageSize, today)).map((r) => ({ id: r.id, group: "nearest", distance: Number(r.distance) }));
    counts.nearest = ranked.length;
    total = ranked.length;
  }

  // Cards are read for the same day as the match, so the page shows what it counted.
  const cards = new Map((await cardsForIds(db, ranked.map((r) => r.id), today)).map((c) => [c.id, c]));
  const hits: PlaceHit[] = [];
  for (const row of ranked) {
    const profile = cards.get(row.id);
    if (profile) hits.push({ profile, group: row.group, distanceMiles: row.distance });
  }
  return { counts, hits, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}

/** The view a page renders, named for its place. */
export function placeListingView(placeName: string, listing: PlaceListing): PlaceListingView {
  return { placeName, counts: listing.counts, hits: listing.hits };
}

