import { sql, type SQL } from "drizzle-orm";
import { TRAVEL_RANGES } from "~/lib/constants";
import { geoCell, geoSquare, profiles } from "../db/schema";
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

/**
 * The miles within which everyone is in the covers band: every travel range reaches at least
 * this far, and a nationwide act this close is among those who travel there.
 */
export const SHORTEST_RANGE = Math.min(...TRAVEL_RANGES.map((r) => r.miles ?? Infinity));

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

/** The box's extents around a point, in degrees. */
function boxExtent(point: Point, miles: number) {
  const dLat = miles / MILES_PER_DEGREE_LAT + 0.01;
  const dLon = miles / (MILES_PER_DEGREE_LAT * Math.max(0.1, Math.cos((point.latitude * Math.PI) / 180))) + 0.01;
  return { south: point.latitude - dLat, north: point.latitude + dLat, west: point.longitude - dLon, east: point.longitude + dLon };
}

type Box = ReturnType<typeof boxExtent>;

/** The box as SQL over two coordinate expressions (the columns themselves, or not indexable). */
function boxBetween(box: Box, latitude: SQL, longitude: SQL): SQL {
  return sql`${latitude} between ${literal(box.south)} and ${literal(box.north)}
      and ${longitude} between ${literal(box.west)} and ${literal(box.east)}`;
}

/** The one-degree squares a box touches, numbered as geoSquare and geoCell number them. */
function squaresOf(box: Box): number[] {
  const squares: number[] = [];
  for (let lat = Math.floor(box.south); lat <= Math.floor(box.north); lat++) {
    for (let lon = Math.floor(box.west); lon <= Math.floor(box.east); lon++) squares.push(lat * 1000 + lon);
  }
  return squares;
}

const squareList = (squares: number[]) => sql.raw(`'{${squares.join(",")}}'::int[]`);

/**
 * Past it a box is tested row by row without the coordinates index (which cannot be read by
 * latitude alone), so the limit is set above every box the code asks for: similar performers'
 * widest, 1,000 miles, touches about 2,800 squares from Alaska's north coast and 1,000 from Texas.
 */
const MOST_CELLS = 5000;

/**
 * The box of coordinates holding every point within `miles` of `point`, as SQL: the one-degree
 * squares it touches (the coordinates index's first column, schema.ts geoCell) and the box within
 * them, so a place's performers are read from the index square by square before any distance is
 * worked out.
 */
export function boxSql(point: Point, miles: number): SQL {
  const box = boxExtent(point, miles);
  const plain = boxBetween(box, sql`${profiles.latitude}`, sql`${profiles.longitude}`);
  const squares = squaresOf(box);
  if (squares.length > MOST_CELLS) return plain;
  return sql`${geoCell(profiles.latitude, profiles.longitude)} = any(${squareList(squares)}) and ${plain}`;
}

/** Performers at exactly this point (a city's own, who share its coordinates), as the coordinates index finds them. */
export function atPointSql(point: Point): SQL {
  const square = Math.floor(point.latitude) * 1000 + Math.floor(point.longitude);
  return sql`${geoCell(profiles.latitude, profiles.longitude)} = ${sql.raw(String(square))}
    and ${profiles.latitude} = ${literal(point.latitude)} and ${profiles.longitude} = ${literal(point.longitude)}`;
}

/**
 * Beyond it a box's squares are not worth listing to the words-and-place index: only a box near
 * the pole with a long reach (Alaska, 150 miles: about 200) comes close.
 */
const MOST_SQUARES = 400;

/**
 * The area around `point` for a read that tests words: the one-degree squares its box touches, as
 * a condition the words-and-place index (schema.ts, geoSquare) answers with the words, and the box
 * itself tested on the rows found, written so the coordinates index cannot answer it: PostgreSQL
 * would otherwise read the box's whole stripe of that index (it underestimates a city's box, 6,600
 * rows expected for Orlando's 16,000). Only the box, read off the coordinates index, when the
 * squares are too many.
 */
export function wordsAreaSql(point: Point, miles: number): SQL {
  const box = boxExtent(point, miles);
  const squares = squaresOf(box);
  if (squares.length > MOST_SQUARES) return boxSql(point, miles);
  const tested = boxBetween(box, sql`(${profiles.latitude} + 0)`, sql`(${profiles.longitude} + 0)`);
  return sql`${geoSquare(profiles.latitude, profiles.longitude)} && ${squareList(squares)} and ${tested}`;
}
