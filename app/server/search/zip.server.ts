import { sql, type SQL } from "drizzle-orm";
import { TRAVEL_RANGES } from "~/lib/constants";
import { profiles } from "../db/schema";
import { zipTable, type ZipRecord } from "../places/zip-table.server";

// ZIP geometry: where a ZIP code is (an offline table), how far a performer is from it, and which
// performers' travel range reaches it, as SQL.

export type ZipPlace = ZipRecord;

/** Where a ZIP code is, from the offline table. */
export function lookupZip(zip: string): ZipPlace | undefined {
  return zipTable().lookup(zip);
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

/** Great-circle miles from the point to a profile's coordinates, as SQL. */
export function distanceSql(lat: number, lon: number): SQL {
  return sql`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(least(1, sqrt(
      power(sin(radians(${profiles.latitude} - ${degrees(lat)}) / 2), 2)
      + cos(radians(${degrees(lat)})) * cos(radians(${profiles.latitude}))
        * power(sin(radians(${profiles.longitude} - ${degrees(lon)}) / 2), 2)))))`;
}

/** Whether a performer's own travel range reaches the point, as SQL (true for nationwide). */
export function travelsToSql(lat: number, lon: number): SQL {
  return sql`(${profiles.travelRadius} = 'nationwide' or ${distanceSql(lat, lon)} <= ${rangeMilesSql})`;
}

/**
 * When a place search finds fewer performers than this, it also looks a little past their travel
 * ranges (WIDEN_MILES), so a parent in a small town still sees someone to ask.
 */
export const FEW_PERFORMERS = 6;
/** How far past their travel range performers are looked for, tried in this order. */
export const WIDEN_MILES = [25, 50, 100] as const;

/**
 * Performers whose travel range reaches the point (or comes within `extraMiles` of it, when a
 * search is widened), as two disjoint sets: those who travel anywhere, and the others near enough.
 * Kept apart (UNION ALL rather than OR) so each set is read from its own covering index.
 */
export function reachesBranches(lat: number, lon: number, extraMiles = 0): SQL[] {
  if (!Number.isFinite(extraMiles) || extraMiles < 0) throw new Error("extraMiles must be a finite number of miles, at least 0");
  // The bounding box of the longest finite range lets the coordinates index narrow the rows first.
  const reach = LONGEST_RANGE + extraMiles;
  const dLat = reach / MILES_PER_DEGREE_LAT + 0.01;
  const dLon = reach / (MILES_PER_DEGREE_LAT * Math.max(0.1, Math.cos((lat * Math.PI) / 180))) + 0.01;
  const limit = extraMiles === 0 ? rangeMilesSql : sql`(${rangeMilesSql} + ${sql.raw(String(extraMiles))})`;
  return [
    sql`${profiles.travelRadius} = 'nationwide'`,
    sql`${profiles.travelRadius} <> 'nationwide'
      and ${profiles.latitude} between ${degrees(lat - dLat)} and ${degrees(lat + dLat)}
      and ${profiles.longitude} between ${degrees(lon - dLon)} and ${degrees(lon + dLon)}
      and ${distanceSql(lat, lon)} <= ${limit}`,
  ];
}
