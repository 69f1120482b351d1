import { Link } from "react-router";
import { Pagination } from "~/components/directory/Pagination";
import { CountAppearances } from "~/components/insights/CountAppearances";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import type { PlaceGroup } from "~/lib/place-listing-view";
import type { ProfileCardData } from "~/lib/profile-view";
import { Alert } from "~/components/ui/Alert";
import { NoResults, PlaceChoices } from "~/components/search/LazyParts";
import type { AmbiguousPlace } from "~/lib/place-choices";
import type { SearchMatch } from "~/lib/search-match";
import type { NoResultsHelp } from "~/lib/no-results-view";
import type { RadiusMiles } from "~/lib/listing-refinements";
import { RadiusLinks } from "./RadiusLinks";
import { HiddenBookedNote } from "~/components/directory/HiddenBookedNote";
import type { HiddenBookedNote as HiddenBookedNoteData } from "~/lib/party-date-view";
import { searchTotalHeading, type SearchExpansion, type SearchPlace } from "~/lib/search-view";

export interface SearchResultsData {
  idle: boolean;
  zip: { code: string; city: string; state: string } | null;
  unknownZip: string | null;
  correctedQuery: string | null;
  place: SearchPlace | null;
  /**
   * Where the search measured from, in a sentence the server writes (searchedPlaceLine): "Performers
   * who travel to 32801 (Orlando, FL), nearest first."; null without a ZIP code or place.
   */
  placeText: string | null;
  /** A place name several states share ("springfield"): the page asks which one (PlaceChoices). */
  ambiguousPlace?: AmbiguousPlace | null;
  /** Distances were measured from a point (a ZIP code, town or city): cards come in bands. */
  banded: boolean;
  /** Each with its sentence of what else was searched, written by the server (expansionIncludes). */
  expansions: (SearchExpansion & { includes: string })[];
  /** Why more than the exact matches are shown, written by the server (closestMatchesAlert). */
  closestAlert: { title: string; body: string } | null;
  hits: {
    profile: ProfileCardData;
    distanceMiles: number | null;
    band: PlaceGroup | null;
    rangeMiles: number | null;
    /** The nearby band's line ("About 100 mi from you · usually travels up to 50 mi"), written by the server. */
    distanceText: string | null;
    /** The cheapest package delivered to the searched place ("about $185 with travel to 32801"), written by the server. */
    allInText: string | null;
    match?: SearchMatch;
  }[];
  /** The heading and note over each band past the first, written by the server. */
  bandTexts: Partial<Record<PlaceGroup, { heading: string; note: string }>>;
  total: number;
  totalAtLeast: boolean;
  page: number;
  pageCount: number;
  /** What a search that found nobody offers instead (NoResults); absent when it found someone. */
  noResults?: NoResultsHelp | null;
  /** With a party date: the note of how many booked performers it hides, from the server. */
  hiddenBooked?: HiddenBookedNoteData | null;
}

interface SearchResultsProps {
  /** What was typed, as the "closest matches" sentence quotes it. */
  query: string;
  results: SearchResultsData;
  loading: boolean;
  hrefForPage: (page: number) => string;
  /** The radius chosen (the `miles` refinement), and the address of the same search within another. */
  miles: number | null;
  hrefForMiles: (miles: RadiusMiles | null) => string;
}

export function SearchResults({ query, results, loading, hrefForPage, miles, hrefForMiles }: SearchResultsProps) {
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
        <HiddenBookedNote note={results.hiddenBooked} />
        {results.correctedQuery ? (
          <p className="text-slate-700">
            Showing results for <strong className="font-semibold text-slate-900">&ldquo;{results.correctedQuery}&rdquo;</strong>
          </p>
        ) : null}
        {results.expansions.map((expansion) => (
          // The visitor's own word, then performers' descriptions: never a name as a performer's claim.
          <p key={expansion.label} className="text-slate-700">
            Results for <strong className="font-semibold text-slate-900">&ldquo;{expansion.label}&rdquo;</strong>. {expansion.includes}
          </p>
        ))}
        {results.placeText ? <p className="text-slate-700">{results.placeText}</p> : null}
        {results.ambiguousPlace ? <PlaceChoices ambiguous={results.ambiguousPlace} /> : null}
        {results.banded ? <RadiusLinks miles={miles} hrefFor={hrefForMiles} /> : null}
        {results.closestAlert ? (
          <Alert tone="info" title={results.closestAlert.title}>
            {results.closestAlert.body}
          </Alert>
        ) : null}
      </div>
      {results.total === 0 ? (
        <NoResults query={query} help={results.noResults} />
      ) : (
        <HitGroups hits={results.hits} texts={results.bandTexts} />
      )}
      <Pagination page={results.page} pageCount={results.pageCount} hrefFor={hrefForPage} />
    </section>
  );
}

type Hit = SearchResultsData["hits"][number];

/** The place a card's all-in price is for ("with travel to 32801"): the ZIP searched, or the city. */
function HitGrid({ hits, label, offset }: { hits: Hit[]; label: string; offset: number }) {
  return (
    <ProfileGrid label={label}>
      {hits.map((hit, i) => (
        <li key={hit.profile.id}>
          <ProfileCard
            profile={hit.profile}
            distanceText={hit.distanceText}
            allInText={hit.allInText}
            priority={offset + i < 4}
            match={hit.match}
          />
        </li>
      ))}
    </ProfileGrid>
  );
}

/**
 * The page's cards in the order the search gave them. A place search's come in its distance bands:
 * those who travel there first, then under their own headings those nearby who may charge for
 * travel and those who travel anywhere, so a far-away card is never read as a near one.
 */
function HitGroups({ hits, texts }: { hits: Hit[]; texts: SearchResultsData["bandTexts"] }) {
  const runs: Hit[][] = [];
  for (const hit of hits) {
    const last = runs[runs.length - 1];
    if (last && last[0].band === hit.band) last.push(hit);
    else runs.push([hit]);
  }
  let offset = 0;
  return (
    <div className="space-y-10">
      {runs.map((run) => {
        const band = run[0].band;
        const start = offset;
        offset += run.length;
        // Those who travel there (or every card of a search without a place) need no heading: the
        // line above the results says what they are.
        if (!band || band === "covers") return <HitGrid key={`all-${start}`} hits={run} label="Search results" offset={start} />;
        const { heading, note } = texts[band] ?? { heading: "", note: "" };
        const headingId = `search-group-${band}-${start}`;
        return (
          <section key={headingId} aria-labelledby={headingId}>
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {heading}
            </h3>
            {note ? <p className="mb-4 mt-1 text-sm text-slate-700">{note}</p> : null}
            <HitGrid hits={run} label={heading} offset={start} />
          </section>
        );
      })}
    </div>
  );
}
