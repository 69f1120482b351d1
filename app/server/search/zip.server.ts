import { sql, type SQL } from "drizzle-orm";
import { TRAVEL_RANGES } from "~/lib/constants";
import { profiles } from "../db/schema";
import { zipTable, type ZipRecord } from "../places/zip-table.server";

// ZIP geometry: where a ZIP code is (an offline table), how far a performer is from a point, how
// far their travel range reaches and the box of coordinates around a point, as SQL.

export type ZipPlace = ZipRecord;

/** Where a ZIP code is, from the offline table. */
export function lookupZip(zip: string): ZipPlace | undefined {
  return zipTable().lookup(zip);
}

export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const MILES_PER_DEGREE_LAT = 69.0;
/** The farthest a range other than nationwide reaches (100 miles). */
export const LONGEST_RANGE = Math.max(...TRAVEL_RANGES.map((r) => r.miles ?? 0));

/** How far each travel range reaches, as SQL (NULL for nationwide). */
export const rangeMilesSql = sql.raw(
  `(case ${profiles.travelRadius.name} ${TRAVEL_RANGES.map((r) => `when '${r.value}' then ${r.miles ?? "null"}`).join(" ")} end)`,
);

/** A number as an SQL literal: it comes from the ZIP table or the code, never from the visitor, and literals let the planner fold constants. */
export function literal(value: number): SQL {
  if (!Number.isFinite(value)) throw new Error("coordinate must be a finite number");
  return sql.raw(`${value}::float8`);
}

/** Great-circle miles from the point to a profile's coordinates, as SQL. */
export function distanceSql(lat: number, lon: number): SQL {
  return sql`(${sql.raw(String(EARTH_RADIUS_MILES))} * 2 * asin(least(1, sqrt(
      power(sin(radians(${profiles.latitude} - ${literal(lat)}) / 2), 2)
      + cos(radians(${literal(lat)})) * cos(radians(${profiles.latitude}))
        * power(sin(radians(${profiles.longitude} - ${literal(lon)}) / 2), 2)))))`;
}

/**
 * The box of coordinates holding every point within `miles` of `point`, as SQL: a range of the
 * coordinates index's first column, so a place's performers are read from it before any distance
 * is worked out.
 */
export function boxSql(point: Point, miles: number): SQL {
  const dLat = miles / MILES_PER_DEGREE_LAT + 0.01;
  const dLon = miles / (MILES_PER_DEGREE_LAT * Math.max(0.1, Math.cos((point.latitude * Math.PI) / 180))) + 0.01;
  return sql`${profiles.latitude} between ${literal(point.latitude - dLat)} and ${literal(point.latitude + dLat)}
      and ${profiles.longitude} between ${literal(point.longitude - dLon)} and ${literal(point.longitude + dLon)}`;
}
