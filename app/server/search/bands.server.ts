import { sql, type SQL } from "drizzle-orm";
import type { PlaceGroup } from "~/lib/place-listing-view";
import { profiles } from "../db/schema";
import { boxSql, distanceSql, literal, LONGEST_RANGE, rangeMilesSql, SHORTEST_RANGE, wordsAreaSql, type Point } from "./zip.server";

// The second stage of a search (and all of a city page's grouping): where the visitor is, and who
// can come. A place with a point (a ZIP code, a town or city, a city page) splits performers into
// distance bands, in page order:
//   covers      their travel range reaches the point (a nationwide act within the nearby distance
//               too: it travels anywhere and is close), nearest first;
//   nearby      within the nearby distance (NEARBY_MILES, 150) but past their usual range: they
//               may come for a travel fee;
//   nationwide  those who travel anywhere, farther away, by distance.
// A radius (the `miles` refinement) keeps only performers that close, in every band. Everyone else
// is listed only when all three bands are empty (the "nearest" fallback, nearest first at any
// distance). A state without a city is no point: it keeps its performers as a plain filter.
//
// Each band is a list of disjoint branches read with UNION ALL, each narrowed by a box of
// coordinates first, so the coordinates index reads a few thousand rows around even a large city
// rather than working out a distance for every performer.

export interface PlaceBands {
  point: Point;
  /** How far "nearby" reaches, in miles. */
  nearbyMiles: number;
  /** Only performers this close (the `miles` refinement); null for no limit. */
  radiusMiles: number | null;
}

export interface Band {
  /** The group its cards are shown in; null for a search without a place (one group, no heading). */
  group: PlaceGroup | null;
  /** Disjoint conditions whose rows together make the band. */
  branches: SQL[];
  /**
   * The covers and nearby bands share one box around the point: a read that must look at every
   * row anyway (words to test) reads it once for both, each row's band told by `band`.
   */
  region?: Region;
  /**
   * A condition every row of the band meets beyond its branches (already in each of them), for
   * reads that look near the point rather than along the branches (a party date's availability).
   */
  only?: SQL;
}

export interface Region {
  /** Every row of the region's bands. */
  where: SQL;
  /** Which of the region's bands a row is in, as the band's index among them. */
  band: SQL;
}

const nationwide = sql`${profiles.travelRadius} = 'nationwide'`;

/** The bands of a place, in page order; a band the radius rules out entirely is left out. */
export function placeBands({ point, nearbyMiles, radiusMiles }: PlaceBands): Band[] {
  const distance = distanceSql(point.latitude, point.longitude);
  const within = (miles: number) => sql`${distance} <= ${literal(miles)}`;
  const limit = (miles: number) => Math.min(miles, radiusMiles ?? Infinity);
  const radius = radiusMiles === null ? [] : [within(radiusMiles)];
  const and = (parts: SQL[]) => sql.join(parts, sql` and `);

  const inRange = sql`${distance} <= ${rangeMilesSql}`;
  const covers = sql`((${nationwide} and ${within(nearbyMiles)}) or (${profiles.travelRadius} <> 'nationwide' and ${inRange}))`;
  const region: Region = {
    where: and([wordsAreaSql(point, limit(Math.max(LONGEST_RANGE, nearbyMiles))), sql`(${within(nearbyMiles)} or ${covers})`, ...radius]),
    band: sql`(case when ${covers} then 0 else 1 end)`,
  };
  const bands: Band[] = [
    {
      group: "covers",
      // Those within the shortest range first (all of them travel there), then the rest of the
      // range's box: a count that stops at its limit finds a city's own performers first, rather
      // than sifting a 150-mile box for them (Orlando at 1,000,000 profiles: 9,300 rows read to
      // count 1,001, 8,300 of them out of range).
      branches: [
        and([sql`${profiles.travelRadius} <> 'nationwide'`, boxSql(point, limit(SHORTEST_RANGE)), within(SHORTEST_RANGE), ...radius]),
        and([sql`${profiles.travelRadius} <> 'nationwide'`, boxSql(point, limit(LONGEST_RANGE)), sql`${distance} > ${literal(SHORTEST_RANGE)}`, inRange, ...radius]),
        and([nationwide, boxSql(point, limit(nearbyMiles)), within(nearbyMiles), ...radius]),
      ],
      region,
    },
    {
      group: "nearby",
      branches: [and([sql`${profiles.travelRadius} <> 'nationwide'`, boxSql(point, limit(nearbyMiles)), within(nearbyMiles), sql`${distance} > ${rangeMilesSql}`, ...radius])],
      region,
    },
  ];
  // Nationwide acts farther than the nearby distance (or with no known city); a radius within the
  // nearby distance leaves none of them.
  if (radiusMiles === null || radiusMiles > nearbyMiles) {
    bands.push({
      group: "nationwide",
      branches: [and([nationwide, sql`(${profiles.latitude} is null or ${distance} > ${literal(nearbyMiles)})`, ...radius])],
    });
  }
  return bands;
}

/** The fallback when every band is empty: anyone with a known city, nearest first (within the radius, if one was asked). */
export function nearestBand({ point, radiusMiles }: PlaceBands): Band {
  const distance = distanceSql(point.latitude, point.longitude);
  const radius = radiusMiles === null ? [] : [boxSql(point, radiusMiles), sql`${distance} <= ${literal(radiusMiles)}`];
  return { group: "nearest", branches: [sql.join([sql`${profiles.latitude} is not null`, ...radius], sql` and `)] };
}

/** A search without a point: one band of everyone the filters and words admit. */
export const EVERYONE: Band = { group: null, branches: [sql`true`] };
