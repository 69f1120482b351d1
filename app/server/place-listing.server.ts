import { and, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE } from "~/lib/constants";
import type { PlaceGroup, PlaceHit, PlaceListingView } from "~/lib/place-listing-view";
import type { Executor } from "./db/client.server";
import { narrowProfiles } from "./db/narrow-profiles.server";
import { profiles } from "./db/schema";
import { anyCategoryCondition, cardsForIds } from "./directory.server";
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

interface PlaceRow {
  id: string | null;
  grp: number | null;
  distance: number | null;
  based: number;
  travels: number;
  nationwide: number;
}

const GROUPS: readonly PlaceGroup[] = ["based", "travels", "nationwide", "nearest"];

function basedCondition(based: NonNullable<PlaceQuery["based"]>): SQL {
  return based.city
    ? sql`(${profiles.state} = ${based.state} and ${profiles.city} = ${based.city})`
    : sql`(${profiles.state} = ${based.state})`;
}

async function readGroups(db: Executor, query: PlaceQuery, page: number, pageSize: number, today: string) {
  const common = [publicProfileCondition(today), ...anyCategoryCondition(query.categories)];
  const distance = distanceSql(query.latitude, query.longitude);
  const distanceColumn = sql`case when ${profiles.latitude} is null then null else ${distance} end`;
  const notBased = query.based ? sql`not coalesce(${basedCondition(query.based)}, false)` : sql`true`;
  const [nationwide, nearby] = reachesBranches(query.latitude, query.longitude);
  const branch = (group: number, where: SQL[], withDistance: boolean) =>
    sql`select ${profiles.id} as id, ${sql.raw(String(group))}::int as grp, ${withDistance ? distanceColumn : sql`null::float8`} as distance, ${profiles.createdAt} as created_at
      from ${narrowProfiles} where ${and(...common, ...where)}`;
  const branches: SQL[] = [];
  if (query.based) branches.push(branch(0, [basedCondition(query.based)], false));
  branches.push(branch(1, [notBased, nearby], true), branch(2, [notBased, nationwide], true));
  // The matching rows are read once into a small set, then counted per group and one page sorted,
  // like the search (app/server/search/search.server.ts). The outer row always exists, so a page
  // past the end still returns the counts.
  const result = await db.execute(sql`
    with places as materialized (${sql.join(branches, sql` union all `)})
    select hit.id, hit.grp, hit.distance, counted.based, counted.travels, counted.nationwide
    from (
      select count(*) filter (where grp = 0)::int as based,
        count(*) filter (where grp = 1)::int as travels,
        count(*) filter (where grp = 2)::int as nationwide
      from places
    ) as counted
    left join lateral (
      select id, grp, distance from places
      order by grp, distance asc nulls last, created_at desc, id desc
      limit ${pageSize} offset ${(page - 1) * pageSize}
    ) as hit on true`);
  return rowsOf<PlaceRow>(result);
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

/** One page of the performers a place can have, in groups, with their distances. */
export async function listPlaceProfiles(db: Executor, query: PlaceQuery): Promise<PlaceListing> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const today = query.today ?? todayIso();
  let page = Math.max(1, Math.floor(query.page));
  let rows = await readGroups(db, query, page, pageSize, today);
  const first = rows[0];
  const counts: Record<PlaceGroup, number> = {
    based: Number(first?.based ?? 0),
    travels: Number(first?.travels ?? 0),
    nationwide: Number(first?.nationwide ?? 0),
    nearest: 0,
  };
  let total = counts.based + counts.travels + counts.nationwide;
  if (first?.id == null && page > 1 && total > 0) {
    page = Math.ceil(total / pageSize);
    rows = await readGroups(db, query, page, pageSize, today);
  }

  let ranked: { id: string; group: PlaceGroup; distance: number | null }[] = rows
    .filter((r): r is PlaceRow & { id: string; grp: number } => r.id != null && r.grp != null)
    .map((r) => ({ id: r.id, group: GROUPS[r.grp], distance: r.distance === null ? null : Number(r.distance) }));
  if (total === 0) {
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

