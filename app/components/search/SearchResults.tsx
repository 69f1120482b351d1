import { Link } from "react-router";
import { Pagination } from "~/components/directory/Pagination";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import type { ProfileCardData } from "~/lib/profile-view";
import { Alert } from "~/components/ui/Alert";
import { performersFound } from "~/lib/format";
import { closestMatchesMessage, expansionIncludes, placeLine, type SearchExpansion, type SearchPlace } from "~/lib/search-view";

const NO_RESULTS = "No performers found matching your search. Try other words, fewer filters or a nearby ZIP code.";

export interface SearchResultsData {
  idle: boolean;
  zip: { code: string; city: string; state: string } | null;
  unknownZip: string | null;
  correctedQuery: string | null;
  place: SearchPlace | null;
  expansions: SearchExpansion[];
  closest: boolean;
  hits: { profile: ProfileCardData; distanceMiles: number | null }[];
  total: number;
  page: number;
  pageCount: number;
}

interface SearchResultsProps {
  /** What was typed, as the "closest matches" sentence quotes it. */
  query: string;
  results: SearchResultsData;
  loading: boolean;
  hrefForPage: (page: number) => string;
}

export function SearchResults({ query, results, loading, hrefForPage }: SearchResultsProps) {
  if (results.unknownZip) {
    return (
      <Alert tone="warning" title={`We don't know the ZIP code ${results.unknownZip}.`}>
        Check the number, or search by city or state instead.
      </Alert>
    );
  }
  if (results.idle) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-slate-700">
        <h2 className="text-lg font-semibold text-slate-900">What are you looking for?</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5">
          <li>A character or theme: &ldquo;princess&rdquo;, &ldquo;superhero&rdquo;, &ldquo;anime&rdquo;</li>
          <li>A place: &ldquo;Orlando&rdquo;, &ldquo;Texas&rdquo;, &ldquo;Los Angeles CA&rdquo;</li>
          <li>Your ZIP code, to see who travels to you, nearest first</li>
        </ul>
        <p className="mt-4">
          Prefer to look around? <Link to="/browse" className="font-semibold text-brand-800 underline hover:no-underline">Browse by location</Link>{" "}
          or <Link to="/categories" className="font-semibold text-brand-800 underline hover:no-underline">by category</Link>.
        </p>
      </div>
    );
  }
  return (
    <section aria-labelledby="search-results-heading" aria-busy={loading || undefined}>
      <div className="mb-5 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="search-results-heading" className="text-xl font-semibold text-slate-900">
            {performersFound(results.total)}
          </h2>
          <p role="status" className="text-sm text-slate-700">
            {loading ? "Loading profiles..." : ""}
          </p>
        </div>
        {results.correctedQuery ? (
          <p className="text-slate-700">
            Showing results for <strong className="font-semibold text-slate-900">&ldquo;{results.correctedQuery}&rdquo;</strong>
          </p>
        ) : null}
        {results.expansions.map((expansion) => (
          // The visitor's own word, then performers' descriptions: never a name as a performer's claim.
          <p key={expansion.label} className="text-slate-700">
            Results for <strong className="font-semibold text-slate-900">&ldquo;{expansion.label}&rdquo;</strong>. {expansionIncludes(expansion)}
          </p>
        ))}
        {results.zip ? (
          <p className="text-slate-700">
            Performers who travel to {results.zip.code} ({results.zip.city}, {results.zip.state}), nearest first.
          </p>
        ) : null}
        {results.place ? <p className="text-slate-700">{placeLine(results.place)}</p> : null}
        {results.closest ? (
          <Alert tone="info" title={closestMatchesMessage(query)}>
            Performers matching the most of your words come first. Fewer words may find more.
          </Alert>
        ) : null}
      </div>
      {results.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{NO_RESULTS}</p>
      ) : (
        <ProfileGrid label="Search results">
          {results.hits.map((hit, i) => (
            <li key={hit.profile.id}>
              <ProfileCard profile={hit.profile} distanceMiles={hit.distanceMiles ?? undefined} priority={i < 4} />
            </li>
          ))}
        </ProfileGrid>
      )}
      <Pagination page={results.page} pageCount={results.pageCount} hrefFor={hrefForPage} />
    </section>
  );
}
