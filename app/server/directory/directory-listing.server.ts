import type { Category } from "~/lib/constants";
import { CITY_LIST_STATE, type DirectoryFilters } from "~/lib/directory-params";
import type { PlaceListingView } from "~/lib/place-listing-view";
import { citiesOf, stateName } from "~/lib/us-states";
import type { Executor } from "../db/client.server";
import { parseDirectoryFilters } from "./directory-filters.server";
import { countPublicProfilesByCity, listPublicProfiles, type ListingPage } from "./directory.server";
import { redirectToCanonical } from "../http/canonical.server";
import { findGazetteerCity } from "../places/gazetteer.server";
import { listPlaceProfiles, placeListingView } from "./place-listing.server";
import { hiddenBookedNote } from "./party-date.server";
import type { HiddenBookedNote } from "~/lib/party-date-view";

// The listing pages (/browse, /browse/{stateAbbr}, /categories/{name}): filters read from the
// address, which must be the page's canonical one, and one page of matching public profiles. A
// city page (and a state page where nobody is based) lists whoever can come to the place, in
// groups (app/server/directory/place-listing.server.ts).

export interface DirectoryListing extends Pick<ListingPage, "profiles" | "total" | "totalAtLeast" | "pageCount" | "pageSize"> {
  /** With a party date whose booked performers are left out: the note beside the count; otherwise null. */
  hiddenBooked: HiddenBookedNote | null;
  /** The filters shown, with the page actually shown (a page past the end shows the last one). */
  filters: DirectoryFilters;
  /** The cities the city filter offers: the state's larger cities and every city with a performer. */
  cities: string[];
  /** The grouped listing of a place; null when the page is a plain list. */
  place: PlaceListingView | null;
}

export interface ListingAddress {
  /** The /browse/{stateAbbr} segment, already checked to be a state's own abbreviation. */
  pathState?: string;
  /** A category page: its category is the only one, whatever checkboxes the query has. */
  fixedCategory?: Category;
  /** The page's canonical address for a set of filters. */
  href: (filters: DirectoryFilters) => string;
  /** Query names that belong in the path (redirected to the canonical address). */
  pathParams?: readonly string[];
  /** How far a place's "Nearby, may charge travel" band reaches (the NEARBY_MILES setting). */
  nearbyMiles?: number;
}

/** The middle of a state's larger cities: where a state page measures travel from. */
function stateMiddle(state: string): { latitude: number; longitude: number } | null {
  const cities = citiesOf(state);
  if (cities.length === 0) return null;
  return {
    latitude: cities.reduce((sum, c) => sum + c.lat, 0) / cities.length,
    longitude: cities.reduce((sum, c) => sum + c.lon, 0) / cities.length,
  };
}

async function cityOptions(db: Executor, state: string | null, chosen: string | null): Promise<string[]> {
  if (!state) return [];
  const names = new Set(citiesOf(state).map((c) => c.name));
  for (const city of Object.keys(await countPublicProfilesByCity(db, state))) names.add(city);
  // A city reached by a link keeps its option, so the select shows what the page is for.
  if (chosen) names.add(chosen);
  return [...names].sort((a, b) => a.localeCompare(b));
}

/** Throws a redirect when the address is not the canonical one; otherwise reads the listing. */
export async function loadDirectoryListing(db: Executor, url: URL, address: ListingAddress): Promise<DirectoryListing> {
  const filters = parseDirectoryFilters(url.searchParams, { pathState: address.pathState, fixedCategory: address.fixedCategory });
  // The form's note of its city list's state is for parsing only, never part of an address.
  redirectToCanonical(url, () => address.href(filters), { pathParams: [...(address.pathParams ?? []), CITY_LIST_STATE] });
  const cities = await cityOptions(db, filters.state, filters.city);

  const city = filters.state && filters.city ? findGazetteerCity(filters.state, filters.city) : undefined;
  if (filters.state && city) {
    const listing = await listPlaceProfiles(db, {
      latitude: city.latitude,
      longitude: city.longitude,
      based: { state: filters.state, city: city.name },
      categories: filters.categories,
      refinements: filters.refinements,
      page: filters.page,
      nearbyMiles: address.nearbyMiles,
    });
    return placePage(filters, cities, city.name, listing, url);
  }

  const listing = await listPublicProfiles(db, filters, filters.page);
  const middle = filters.state ? stateMiddle(filters.state) : null;
  if (filters.state && middle && listing.total === 0 && !listing.hiddenBooked) {
    // Nobody is based in the state: those who travel there, so the page is not a dead end.
    const place = await listPlaceProfiles(db, {
      ...middle,
      based: null,
      categories: filters.categories,
      refinements: filters.refinements,
      page: filters.page,
      nearbyMiles: address.nearbyMiles,
    });
    return placePage(filters, cities, stateName(filters.state), place, url);
  }
  return {
    filters: { ...filters, page: listing.page },
    cities,
    place: null,
    profiles: listing.profiles,
    total: listing.total,
    totalAtLeast: listing.totalAtLeast,
    pageCount: listing.pageCount,
    pageSize: listing.pageSize,
    hiddenBooked: hiddenBookedNote(listing.hiddenBooked, url),
  };
}

function placePage(
  filters: DirectoryFilters,
  cities: string[],
  name: string,
  listing: Awaited<ReturnType<typeof listPlaceProfiles>>,
  url: URL,
): DirectoryListing {
  return {
    filters: { ...filters, page: listing.page },
    cities,
    place: placeListingView(name, listing),
    profiles: listing.hits.map((hit) => hit.profile),
    total: listing.total,
    totalAtLeast: listing.totalAtLeast,
    pageCount: listing.pageCount,
    pageSize: listing.pageSize,
    hiddenBooked: hiddenBookedNote(listing.hiddenBooked, url),
  };
}
