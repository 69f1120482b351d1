import { PAGE_SIZE } from "~/lib/constants";
import { NO_REFINEMENTS, type ListingRefinements } from "~/lib/listing-refinements";
import {
  distanceLine,
  placeGroupCount,
  placeGroupHeading,
  placeGroupNote,
  type PlaceGroup,
  type PlaceGroupText,
  type PlaceHit,
  type PlaceListingView,
} from "~/lib/place-listing-view";
import { DEFAULT_NEARBY_MILES } from "~/lib/search-view";
import type { Executor } from "../db/client.server";
import { cardsForIds } from "./directory.server";
import { categoryCondition, refinementConditions } from "./listing-conditions.server";
import { nearestBand, placeBands, type PlaceBands } from "../search/bands.server";
import { availabilityOfRows, readPage } from "../search/page.server";
import { rankings } from "../search/rank.server";
import { publicProfileCondition, todayIso } from "./visibility.server";
import { hiddenBookedText, partyDateOf, withAvailability } from "./party-date.server";

// Who a place can have (a city page, or a state page where nobody is based): the same distance
// bands a place search shows (search/bands.server.ts: travel range covers it; nearby but past
// their range; nationwide), read and counted by the search's page reader (search/page.server.ts),
// with the page's categories and refinements. When all three are empty, the nearest performers at
// any distance, so the page offers someone to ask. Counts stop at 1,000 ("1,000+"), so a big city's
// first visitor of a filter set reads a page's worth of rows, not all of its travellers.

export interface PlaceQuery {
  /** The place's point (a city's coordinates, or a state's middle). */
  latitude: number;
  longitude: number;
  /** Who counts as based there: a city of a state, or a whole state; null when nobody does. Kept for callers; the bands measure from the point. */
  based: { state: string; city: string | null } | null;
  categories: readonly string[];
  /** Budget, audience, solo or group, distance and sort from the page's address (~/lib/listing-refinements). */
  refinements?: ListingRefinements;
  page: number;
  pageSize?: number;
  today?: string;
  /** How far "Nearby, may charge travel" reaches (the NEARBY_MILES setting). */
  nearbyMiles?: number;
}

export interface PlaceListing {
  /** Each group's size; null past the counting limit. */
  counts: Record<PlaceGroup, number | null>;
  hits: PlaceHit[];
  /** At most 1,000. */
  total: number;
  /** More than `total` can come ("1,000+"). */
  totalAtLeast: boolean;
  /** The page shown (a page past the end shows the last one). */
  page: number;
  pageCount: number;
  pageSize: number;
  /** With a party date whose booked performers are left out: "3 booked on Dec 12 are hidden"; otherwise null. */
  hiddenBooked: string | null;
}

/** One page of the performers a place can have, in bands, with their distances. */
export async function listPlaceProfiles(db: Executor, query: PlaceQuery): Promise<PlaceListing> {
  const pageSize = query.pageSize ?? PAGE_SIZE;
  const today = query.today ?? todayIso();
  const refinements = query.refinements ?? NO_REFINEMENTS;
  const scope: PlaceBands = {
    point: { latitude: query.latitude, longitude: query.longitude },
    nearbyMiles: query.nearbyMiles ?? DEFAULT_NEARBY_MILES,
    radiusMiles: refinements.miles,
  };
  // Read from the narrow copy, whose coordinates index holds the categories: a box is sifted there.
  const where = [publicProfileCondition(today), ...categoryCondition(query.categories, "copy"), ...refinementConditions(refinements, "copy", scope.point, today)];
  const [ranking] = rankings([]);
  const partyDate = partyDateOf(refinements);
  const request = { where, ranking, sort: refinements.sort, point: scope.point, page: query.page, pageSize, partyDate };
  const bands = placeBands(scope);
  let found = await readPage(db, { ...request, bands });
  const hidden = found.hiddenBooked ?? 0;
  const counts: Record<PlaceGroup, number | null> = { covers: 0, nearby: 0, nationwide: 0, nearest: 0 };
  for (const [i, band] of bands.entries()) if (band.group) counts[band.group] = found.counts[i];
  if (found.total === 0) {
    // Nobody can come (page 1 read every band and found none): the nearest performers at all.
    found = await readPage(db, { ...request, page: 1, bands: [nearestBand(scope)] });
    counts.nearest = found.total;
  }

  // Cards are read for the same day as the match, so the page shows what it counted; with a date,
  // each in the tier its row was read in (no second look at the calendars).
  const listed = await cardsForIds(db, found.rows.map((r) => r.id), today);
  const cards = new Map((await withAvailability(db, listed, partyDate, availabilityOfRows(found.rows))).map((c) => [c.id, c]));
  const hits: PlaceHit[] = [];
  for (const row of found.rows) {
    const profile = cards.get(row.id);
    if (profile) hits.push({ profile, group: row.group ?? "covers", distanceMiles: row.distance, rangeMiles: row.rangeMiles });
  }
  return {
    counts,
    hits,
    total: found.total,
    totalAtLeast: found.totalAtLeast,
    page: found.page,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
    pageSize,
    hiddenBooked: partyDate ? hiddenBookedText(hidden, partyDate.day) : null,
  };
}

/** The view a page renders, named for its place. */
export function placeListingView(placeName: string, listing: PlaceListing): PlaceListingView {
  const view = { counts: listing.counts, countsAtLeast: listing.totalAtLeast };
  const text: Partial<Record<PlaceGroup, PlaceGroupText>> = {};
  for (const { group } of listing.hits) {
    text[group] ??= {
      heading: placeGroupHeading(group, placeName),
      note: placeGroupNote(group, placeName, listing.counts[group]),
      count: placeGroupCount(view, group),
    };
  }
  return {
    placeName,
    ...view,
    hits: listing.hits.map((hit) => ({ ...hit, distanceText: distanceLine(hit, placeName) })),
    text,
  };
}
