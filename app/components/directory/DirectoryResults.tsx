import { useNavigation } from "react-router";
import { ProfileCard, ProfileGrid } from "~/components/profile/ProfileCard";
import type { ProfileCardData } from "~/lib/profile-view";
import { performersFound } from "~/lib/format";
import { Pagination } from "./Pagination";

const EMPTY_WITH_FILTERS = "No performers found matching your filters. Try adjusting your criteria.";
const EMPTY_WITHOUT_FILTERS = "No performers found. Check back soon as our directory grows!";

interface DirectoryResultsProps {
  profiles: ProfileCardData[];
  total: number;
  page: number;
  pageCount: number;
  filtered: boolean;
  hrefForPage: (page: number) => string;
  /** Example cards shown when the unfiltered list is empty (category pages). */
  samples?: readonly ProfileCardData[];
}

/** The "{N} performers found" line, the grid of cards (or the empty text) and the page links. */
export function DirectoryResults({ profiles, total, page, pageCount, filtered, hrefForPage, samples }: DirectoryResultsProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  return (
    <section aria-labelledby="results-heading" aria-busy={loading || undefined}>
      <div className="mb-5 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="results-heading" className="text-xl font-semibold text-slate-900">
          {performersFound(total)}
        </h2>
        {/* Announces a new result after a filter change made without leaving the page. */}
        <p role="status" className="text-sm text-slate-700">
          {loading ? "Loading profiles..." : <span className="sr-only">{performersFound(total)}</span>}
        </p>
      </div>
      {total === 0 ? (
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
