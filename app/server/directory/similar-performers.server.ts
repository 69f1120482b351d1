import { and, ne, sql, type SQL } from "drizzle-orm";
import type { ProfileCardData } from "~/lib/profile-view";
import type { Executor } from "../db/client.server";
import { narrowProfiles } from "../db/narrow-profiles.server";
import { profiles } from "../db/schema";
import { categoryCondition } from "./listing-conditions.server";
import { cardsForIds } from "./directory.server";
import { atPointSql, boxSql, distanceSql } from "../search/zip.server";
import { rowsOf } from "../search/rows.server";
import { publicProfileCondition, todayIso } from "./visibility.server";

// "Similar performers" on a profile: listed performers sharing at least one of its categories,
// nearest first. A popular category holds a large share of 100,000 profiles, so sorting all of them
// by distance on every profile view is avoided: the nearest are looked for in growing boxes around
// the profile's city, read from the coordinates index of the narrow profile copy, and only when the
// widest box has too few does the query fall back to the whole category.

export interface SimilarTo {
  id: string;
  categories: readonly string[];
  latitude: number | null;
  longitude: number | null;
}

/** Box half-widths tried in turn, in miles. */
const STEPS_MILES = [15, 60, 250, 1000] as const;

/**
 * Up to `limit` public performers sharing a category with the profile, nearest first (newest first
 * among equals and for profiles without coordinates), the profile itself excluded.
 */
export async function similarPerformers(
  db: Executor,
  profile: SimilarTo,
  limit = 4,
  today: string = todayIso(),
): Promise<ProfileCardData[]> {
  if (profile.categories.length === 0 || limit <= 0) return [];
  // A box of a few thousand rows looks costly enough to PostgreSQL to start parallel workers,
  // whose start-up is most of the time: 40 ms against 6 ms on a busy two-core machine at
  // 1,000,000 profiles. These few small reads run in one process.
  const ids = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
    return nearestIds(tx, profile, limit, today);
  });
  return cardsForIds(db, ids, today);
}

async function nearestIds(db: Executor, profile: SimilarTo, limit: number, today: string): Promise<string[]> {
  const common = [publicProfileCondition(today), ...categoryCondition(profile.categories, "copy"), ne(profiles.id, profile.id)];
  const newest = sql`${profiles.createdAt} desc, ${profiles.id} desc`;
  const newestIds = async (extra: SQL[], count: number) =>
    rowsOf<{ id: string }>(
      await db.execute(sql`select ${profiles.id} as id from ${narrowProfiles} where ${and(...common, ...extra)} order by ${newest} limit ${count}`),
    ).map((r) => r.id);
  const { latitude: lat, longitude: lon } = profile;
  if (lat === null || lon === null || !Number.isFinite(lat) || !Number.isFinite(lon)) return newestIds([], limit);

  // A profile's place is its city's coordinates, which a big city's performers share: there the
  // nearest are at distance 0, newest first, read off the coordinates index in that order and
  // stopping at `limit` (1 ms instead of 10 ms for 2,400 performers in one city at 1,000,000).
  const here = await newestIds([atPointSql({ latitude: lat, longitude: lon })], limit);
  if (here.length === limit) return here;

  const distance = distanceSql(lat, lon);
  const nearest = async (extra: SQL[]) => {
    const result = await db.execute(
      sql`select ${profiles.id} as id, ${distance} as distance from ${narrowProfiles}
        where ${and(...common, sql`${profiles.latitude} is not null`, ...extra)}
        order by distance asc, ${newest} limit ${limit}`,
    );
    return rowsOf<{ id: string; distance: number }>(result);
  };
  let found: { id: string }[] | null = null;
  for (const miles of STEPS_MILES) {
    const rows = await nearest([boxSql({ latitude: lat, longitude: lon }, miles)]);
    // The box holds every point within `miles`, so its nearest are the true nearest only when
    // enough of them lie inside that circle.
    if (rows.length >= limit && Number(rows[limit - 1].distance) <= miles) {
      found = rows;
      break;
    }
  }
  found ??= await nearest([]);
  const ids = found.map((r) => r.id);
  // Performers who never set a city still count, after everyone with one.
  if (ids.length < limit) ids.push(...(await newestIds([sql`${profiles.latitude} is null`], limit - ids.length)));
  return ids;
}
