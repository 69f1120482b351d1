import { useNavigation } from "react-router";
import { CountAppearances } from "~/components/insights/CountAppearances";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import { performersForPlace, type PlaceListingView } from "~/lib/place-listing-view";
import type { ProfileCardData } from "~/lib/profile-view";
import { searchTotalHeading } from "~/lib/search-view";
import { RadiusLinks } from "~/components/search/RadiusLinks";
import type { RadiusMiles } from "~/lib/listing-refinements";
import { Pagination } from "./Pagination";
import { HiddenBookedNote } from "./HiddenBookedNote";
import type { HiddenBookedNote as HiddenBookedNoteData } from "~/lib/party-date-view";

const EMPTY_WITH_FILTERS = "No performers found matching your filters. Try adjusting your criteria.";
const EMPTY_WITHOUT_FILTERS = "No performers found. Check back soon as our directory grows!";

interface DirectoryResultsProps {
  profiles: ProfileCardData[];
  total: number;
  /** More than `total` match: the heading reads "1,000+ performers found". */
  totalAtLeast?: boolean;
  page: number;
  pageCount: number;
  filtered: boolean;
  hrefForPage: (page: number) => string;
  /** Example cards shown when the unfiltered list is empty (category pages). */
  samples?: readonly ProfileCardData[];
  /** A place's grouped listing: its cards in groups with their distances. */
  place?: PlaceListingView | null;
  /** A place's radius links: the distance chosen, and the same listing's address within another. */
  radius?: { miles: number | null; hrefFor: (miles: RadiusMiles | null) => string } | null;
  /** With a party date: how many booked performers it hides, and the listing with them shown. */
  hiddenBooked?: HiddenBookedNoteData | null;
}

type PlaceCard = PlaceListingView["hits"][number];

/** Consecutive hits of one group, in the order the listing gave them. */
function runsOf(hits: readonly PlaceCard[]): PlaceCard[][] {
  const runs: PlaceCard[][] = [];
  for (const hit of hits) {
    const last = runs[runs.length - 1];
    if (last && last[0].group === hit.group) last.push(hit);
    else runs.push([hit]);
  }
  return runs;
}

function PlaceGroups({ place }: { place: PlaceListingView }) {
  let index = 0;
  return (
    <div className="space-y-10">
      {runsOf(place.hits).map((run) => {
        const group = run[0].group;
        const { heading, note, count } = place.text[group] ?? { heading: "", note: "", count: null };
        const headingId = `place-group-${group}`;
        return (
          <section key={group} aria-labelledby={headingId}>
            <h3 id={headingId} className="text-lg font-semibold text-slate-900">
              {heading}
              {count === null ? null : <span className="font-normal text-slate-700"> ({count})</span>}
            </h3>
            {note ? <p className="mt-1 text-sm text-slate-700">{note}</p> : null}
            <div className="mt-4">
              <ProfileGrid label={heading}>
                {run.map((hit) => (
                  <li key={hit.profile.id}>
                    <ProfileCard
                      profile={hit.profile}
                      distanceText={hit.distanceText}
                      priority={index++ < 4}
                    />
                  </li>
                ))}
              </ProfileGrid>
            </div>
          </section>
        );
      })}
    </div>
  );
}

/** The "{N} performers found" line, the grid of cards (or the empty text) and the page links. */
export function DirectoryResults({ profiles, total, totalAtLeast = false, page, pageCount, filtered, hrefForPage, samples, place, radius, hiddenBooked }: DirectoryResultsProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  const found = searchTotalHeading(performersForPlace(total, place), totalAtLeast);
  return (
    <section aria-labelledby="results-heading" aria-busy={loading || undefined}>
      <CountAppearances profileIds={place ? place.hits.map((hit) => hit.profile.id) : profiles.map((profile) => profile.id)} />
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="results-heading" className="text-xl font-semibold text-slate-900">
          {found}
        </h2>
        {/* Announces a new result after a filter change made without leaving the page. */}
        <p role="status" className="text-sm text-slate-700">
          {loading ? "Loading profiles..." : <span className="sr-only">{found}</span>}
        </p>
        <HiddenBookedNote note={hiddenBooked} />
      </div>
      {place && radius ? (
        <div className="mb-6">
          <RadiusLinks miles={radius.miles} hrefFor={radius.hrefFor} />
        </div>
      ) : null}
      {place && (place.counts.nearest ?? 0) > 0 ? (
        <>
          <p className="mb-8 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {filtered ? EMPTY_WITH_FILTERS : EMPTY_WITHOUT_FILTERS}
          </p>
          <PlaceGroups place={place} />
        </>
      ) : total === 0 ? (
        <>
          <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
            {filtered ? EMPTY_WITH_FILTERS : EMPTY_WITHOUT_FILTERS}
          </p>
          {!filtered && samples && samples.length > 0 ? (
            <div className="mt-10">
              <h3 className="text-lg font-semibold text-slate-900">Example profiles</h3>
              <p className="mb-4 mt-1 text-sm text-slate-700">
                These made-up listings show what a performer&apos;s card looks like. They are not real performers.
              </p>
              <ProfileGrid label="Example profiles">
                {samples.map((profile) => (
                  <li key={profile.id}>
                    <ProfileCard profile={profile} />
                  </li>
                ))}
              </ProfileGrid>
            </div>
          ) : null}
        </>
      ) : place ? (
        <PlaceGroups place={place} />
      ) : (
        <ProfileGrid label="Performers">
          {profiles.map((profile, i) => (
            <li key={profile.id}>
              <ProfileCard profile={profile} priority={i < 4} />
            </li>
          ))}
        </ProfileGrid>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefForPage} />
    </section>
  );
}
