import { defaultAudience, hasFilters, type DirectoryFilters, type FilterLink } from "~/lib/directory-params";
import type { PlaceListingView } from "~/lib/place-listing-view";
import type { ProfileCardData } from "~/lib/profile-view";
import type { HiddenBookedNote } from "~/lib/party-date-view";
import { DirectoryResults } from "./DirectoryResults";
import { FiltersForm } from "./FiltersForm";

interface DirectoryListingProps {
  /** What the listing loader handed the page (app/server/directory/directory-listing.server.ts). */
  listing: {
    filters: DirectoryFilters;
    cities: readonly string[];
    profiles: ProfileCardData[];
    total: number;
    /** More than `total` match (a refined listing counts to 1,000 only). */
    totalAtLeast?: boolean;
    pageCount: number;
    /** A place's grouped listing (a city page): shown in groups instead of one grid. */
    place?: PlaceListingView | null;
    /** With a party date: the note of how many booked performers it hides, from the server. */
    hiddenBooked?: HiddenBookedNote | null;
  };
  /** The page's address for a set of filters and a page number. */
  href: (filters: FilterLink) => string;
  /** Where the filter form submits without JavaScript. */
  action: string;
  /** A category page's own category: its checkbox list is not offered, and it does not count as a filter. */
  fixedCategory?: string;
  samples?: readonly ProfileCardData[];
  /** The page is about its state (/browse/CA), so the state is not counted as a filter. */
  stateIsPage?: boolean;
}

/**
 * The body of a listing page (/browse, /browse/{stateAbbr}, /categories/{name}): the filters beside
 * the results on wide screens; on phones one "Filters" control above them, folded.
 */
export function DirectoryListing({ listing, href, action, fixedCategory, samples, stateIsPage = false }: DirectoryListingProps) {
  const { filters, cities, profiles, total, totalAtLeast, pageCount, place, hiddenBooked } = listing;
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:gap-8 lg:py-8">
      <aside aria-label="Filters" className="lg:self-start">
        <FiltersForm
          action={action}
          filters={{ ...filters, categories: filters.categories.filter((c) => c !== fixedCategory) }}
          cities={cities}
          hrefFor={href}
          showCategories={fixedCategory === undefined}
          countState={!stateIsPage}
          hasPlace={Boolean(filters.state && filters.city)}
          pageAudience={defaultAudience(fixedCategory)}
        />
      </aside>
      <DirectoryResults
        profiles={profiles}
        total={total}
        totalAtLeast={totalAtLeast}
        page={filters.page}
        pageCount={pageCount}
        filtered={hasFilters(filters, fixedCategory)}
        hrefForPage={(page) => href({ ...filters, page })}
        samples={samples}
        place={place ?? null}
        hiddenBooked={hiddenBooked}
        // A city page's radius links: the same listing within so many miles, from its first page.
        radius={
          filters.state && filters.city
            ? { miles: filters.refinements.miles, hrefFor: (miles) => href({ ...filters, refinements: { ...filters.refinements, miles }, page: 1 }) }
            : null
        }
      />
    </div>
  );
}
