import { Link } from "react-router";
import { Pagination } from "~/components/directory/Pagination";
import { CountAppearances } from "~/components/insights/CountAppearances";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import { NATIONWIDE_HEADING, NATIONWIDE_NOTE } from "~/lib/place-listing-view";
import { BEYOND_RANGE_HEADING, BEYOND_RANGE_NOTE, type SearchHitReach } from "~/lib/search-view";
import type { ProfileCardData } from "~/lib/profile-view";
import { Alert } from "~/components/ui/Alert";
import {
  closestMatchesMessage,
  expansionIncludes,
  placeLine,
  searchedPlaceName,
  searchTotalHeading,
  wideningMessage,
  type SearchExpansion,
  type SearchPlace,
  type SearchWidening,
} from "~/lib/search-view";

const NO_RESULTS = "No performers found matching your search. Try other words, fewer filters or a nearby ZIP code.";

export interface SearchResultsData {
  idle: boolean;
  zip: { code: string; city: string; state: string } | null;
  unknownZip: string | null;
  correctedQuery: string | null;
  place: SearchPlace | null;
  expansions: SearchExpansion[];
  closest: boolean;
  widened: SearchWidening | null;
  hits: { profile: ProfileCardData; distanceMiles: number | null; reach: SearchHitReach }[];
  total: number;
  totalAtLeast: boolean;
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
  const widenedPlace = searchedPlaceName(results.zip, results.place);
  return (
    <section aria-labelledby="search-results-heading" aria-busy={loading || undefined}>
      <CountAppearances profileIds={results.hits.map((hit) => hit.profile.id)} />
      <div className="mb-5 space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="search-results-heading" className="text-xl font-semibold text-slate-900">
            {searchTotalHeading(results.total, results.totalAtLeast)}
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
        {results.widened && widenedPlace ? (
          <Alert tone="info" title={wideningMessage(widenedPlace, results.widened)}>
            First those who travel there, then the nearest of the others. Each card shows the distance; ask about travel fees.
          </Alert>
        ) : (
          <>
            {results.zip ? (
              <p className="text-slate-700">
                Performers who travel to {results.zip.code} ({results.zip.city}, {results.zip.state}), nearest first.
              </p>
            ) : null}
            {results.place ? <p className="text-slate-700">{placeLine(results.place)}</p> : null}
          </>
        )}
        {results.closest ? (
          <Alert tone="info" title={closestMatchesMessage(query)}>
            Performers matching the most of your words come first. Fewer words may find more.
          </Alert>
        ) : null}
      </div>
      {results.total === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">{NO_RESULTS}</p>
      ) : (
        <HitGroups hits={results.hits} />
      )}
      <Pagination page={results.page} pageCount={results.pageCount} hrefFor={hrefForPage} />
    </section>
  );
}

type Hit = SearchResultsData["hits"][number];

function HitGrid({ hits, label, offset }: { hits: Hit[]; label: string; offset: number }) {
  return (
    <ProfileGrid label={label}>
      {hits.map((hit, i) => (
        <li key={hit.profile.id}>
          <ProfileCard profile={hit.profile} distanceMiles={hit.distanceMiles ?? undefined} priority={offset + i < 4} />
        </li>
      ))}
    </ProfileGrid>
  );
}

const GROUP_TEXT: Record<Exclude<SearchHitReach, "near">, { heading: string; note: string }> = {
  nationwide: { heading: NATIONWIDE_HEADING, note: NATIONWIDE_NOTE },
  beyond: { heading: BEYOND_RANGE_HEADING, note: BEYOND_RANGE_NOTE },
};

/**
 * The page's cards in the order the search gave them, one group after another: those whose range
 * reaches the place, then (a place search only) those who travel anywhere and those a widened
 * search added, each under its own heading, so a far-away card is never read as a near one.
 */
function HitGroups({ hits }: { hits: Hit[] }) {
  const runs: Hit[][] = [];
  for (const hit of hits) {
    const last = runs[runs.length - 1];
    if (last && last[0].reach === hit.reach) last.push(hit);
    else runs.push([hit]);
  }
  let offset = 0;
  return (
    <div className="space-y-10">
      {runs.map((run) => {
        const reach = run[0].reach;
        const start = offset;
        offset += run.length;
        if (reach === "near") return <HitGrid key={`${reach}-${start}`} hits={run} label="Search results" offset={start} />;
        const text = GROUP_TEXT[reach];
        const headingId = `search-group-${reach}-${start}`;
        return (
          <section key={headingId} aria-labelledby={headingId}>
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {text.heading}
            </h3>
            <p className="mb-4 mt-1 text-sm text-slate-700">{text.note}</p>
            <HitGrid hits={run} label={text.heading} offset={start} />
          </section>
        );
      })}
    </div>
  );
}
