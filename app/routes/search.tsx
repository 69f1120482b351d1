import { useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { searchHref } from "~/components/search/search-href";
import { SearchForm } from "~/components/search/SearchForm";
import { SearchResults } from "~/components/search/SearchResults";
import { PageHeader } from "~/components/ui/PageHeader";
import { searchedPlace, useRememberSearchPlace } from "~/lib/last-search-place";
import { pageMeta, siteFrom } from "~/lib/meta";
import { cachedData, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { redirectToCanonical } from "~/server/http/canonical.server";
import { noResultsHelp } from "~/server/search/no-results.server";
import { parseSearchInput } from "~/server/search/query.server";
import { bandTexts, hitsWithDistanceText } from "~/server/search/result-text.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { wordsAndPlaceOf } from "~/server/alerts/alert-search.server";
import { cityNamesOf } from "~/lib/us-states";
import { closestMatchesAlert, expansionIncludes, searchedPlaceLine } from "~/lib/search-view";
import { NO_REFINEMENTS, refinementCount } from "~/lib/listing-refinements";
import { noteUnmetSearch } from "~/server/unmet-searches/record.server";
import { hiddenBookedNote } from "~/server/directory/party-date.server";

/** Why the page shows more than exact matches, in words (none when it does not). */
function closestAlertOf(outcome: SearchOutcome) {
  if (!outcome.closestReason) return null;
  const { words, place } = wordsAndPlaceOf(outcome);
  return closestMatchesAlert(outcome.input.q, outcome.closestReason, place ? { words, place } : null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const input = parseSearchInput(url);
  redirectToCanonical(url, () => searchHref(input));
  const outcome = await searchProfiles(context.db, input, { nearbyMiles: context.config?.nearbyMiles });
  // A search that found nobody counts toward the admin's unmet searches (not waited for).
  noteUnmetSearch(context, request, outcome);
  return cachedData(request, {
    input: { ...input, page: outcome.page },
    // The search form's city list for the searched state (the browser fetches another state's).
    cities: cityNamesOf(input.state),
    results: {
      idle: outcome.idle,
      zip: outcome.zip,
      unknownZip: outcome.unknownZip,
      correctedQuery: outcome.correctedQuery,
      place: outcome.place,
      // The page's sentences about the place and the dictionary's phrases come written (the page is at its JavaScript budget).
      placeText: searchedPlaceLine(outcome.zip, outcome.place),
      ambiguousPlace: outcome.ambiguousPlace,
      expansions: outcome.expansions.map((expansion) => ({ ...expansion, includes: expansionIncludes(expansion) })),
      closestAlert: closestAlertOf(outcome),
      banded: outcome.banded,
      hits: hitsWithDistanceText(outcome),
      bandTexts: bandTexts(outcome),
      total: outcome.total,
      totalAtLeast: outcome.totalAtLeast,
      page: outcome.page,
      pageCount: outcome.pageCount,
      hiddenBooked: hiddenBookedNote(outcome.hiddenBooked, url),
      // A search that found nobody offers the tiles, nearby places and a "did you mean" instead.
      noResults: !outcome.idle && !outcome.unknownZip && outcome.total === 0 ? await noResultsHelp(context.db, input, outcome) : null,
    },
  });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFrom(matches);
  const q = loaderData?.input.q ?? "";
  return pageMeta({
    ...site,
    path: "/search",
    title: q ? `Search results for "${q}"` : "Search Costume & Cosplay Performers",
    description:
      "Search costume and cosplay performers by name, character, city, state or category, or enter your ZIP code to find performers who travel to you.",
    // Result pages are endless variations of the same listings; only the plain page is indexed.
    noindex: Boolean(q || loaderData?.input.state || loaderData?.input.category || (loaderData?.input.refinements && refinementCount(loaderData.input.refinements) > 0)),
  });
};

export default function Search({ loaderData }: Route.ComponentProps) {
  const { input, cities, results } = loaderData;
  useRememberSearchPlace(searchedPlace(results, input));
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/search";
  const refinements = input.refinements ?? NO_REFINEMENTS;
  return (
    <>
      <PageHeader
        title="Search Performers"
        description="Find costume and cosplay performers by name, character, place or ZIP code."
      >
        <div className="mt-6">
          {/* Remount on a new search so the box shows exactly what was searched for. */}
          <SearchForm key={searchHref({ ...input, page: 1 })} values={{ ...input, refinements }} hasPlace={results.banded} cities={cities} busy={loading} />
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <SearchResults
          query={input.q}
          results={results}
          loading={loading}
          hrefForPage={(page) => searchHref({ ...input, page })}
          miles={refinements.miles}
          // A new radius is a new listing: back to its first page.
          hrefForMiles={(miles) => searchHref({ ...input, refinements: { ...refinements, miles }, page: 1 })}
        />
      </div>
    </>
  );
}
