import type { Category } from "~/lib/constants";
import type { DirectoryFilters } from "~/lib/directory-params";
import { cityNamesOf } from "~/lib/us-states";
import type { Executor } from "./db/client.server";
import { parseDirectoryFilters } from "./directory-filters.server";
import { listPublicProfiles, type ListingPage } from "./directory.server";
import { redirectToCanonical } from "./http/canonical.server";

// The listing pages (/browse, /browse/{stateAbbr}, /categories/{name}): filters read from the
// address, which must be the page's canonical one, and one page of matching public profiles.

export interface DirectoryListing extends Pick<ListingPage, "profiles" | "total" | "pageCount" | "pageSize"> {
  /** The filters shown, with the page actually shown (a page past the end shows the last one). */
  filters: DirectoryFilters;
  /** The cities of the chosen state, for the city filter. */
  cities: string[];
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
}

/** Throws a redirect when the address is not the canonical one; otherwise reads the listing. */
export async function loadDirectoryListing(db: Executor, url: URL, address: ListingAddress): Promise<DirectoryListing> {
  const filters = parseDirectoryFilters(url.searchParams, { pathState: address.pathState, fixedCategory: address.fixedCategory });
  redirectToCanonical(url, () => address.href(filters), { pathParams: address.pathParams });
  const listing = await listPublicProfiles(db, filters, filters.page);
  return {
    filters: { ...filters, page: listing.page },
    cities: cityNamesOf(filters.state),
    profiles: listing.profiles,
    total: listing.total,
    pageCount: listing.pageCount,
    pageSize: listing.pageSize,
  };
}
