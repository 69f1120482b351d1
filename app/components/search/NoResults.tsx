import { Link } from "react-router";
import { ParentTiles } from "~/components/directory/ParentTiles";
import { SearchAlertForm } from "~/components/search/SearchAlertForm";
import { milesAway, performerCount, type NearbyPlaceLink, type NoResultsHelp, type SearchSuggestion } from "~/lib/no-results-view";
import { searchWords } from "~/lib/search-alert-view";

/** The spec's generic empty-list message: a search has no more specific one of its own. */
const GENERIC_EMPTY = "No profiles found matching your criteria.";
const FALLBACK_ADVICE = "Try other words, fewer filters or a nearby ZIP code.";
const LINK = "font-semibold text-brand-800 underline hover:no-underline";

interface NoResultsProps {
  /** What was typed, as the page quotes it. */
  query: string;
  /** What the server found to offer; null only where the loader gave nothing (the plain sentence then). */
  help: NoResultsHelp | null | undefined;
}

function Suggestion({ suggestion }: { suggestion: SearchSuggestion }) {
  const found = performerCount(suggestion.count, suggestion.atLeast);
  if (suggestion.kind === "spelling") {
    return (
      <p className="text-lg text-slate-900">
        Did you mean{" "}
        <Link to={suggestion.href} className={LINK}>
          {suggestion.q}
        </Link>
        ? <span className="text-base text-slate-700">({found})</span>
      </p>
    );
  }
  return (
    <p className="text-slate-900">
      <Link to={suggestion.href} className={LINK}>
        &ldquo;{suggestion.q}&rdquo; anywhere, without the filters
      </Link>{" "}
      <span className="text-slate-700">({found})</span>
    </p>
  );
}

function PlaceList({ places, label }: { places: NearbyPlaceLink[]; label: string }) {
  if (places.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {places.map((place) => {
        const away = milesAway(place.miles);
        return (
          <li key={place.href}>
            <Link
              to={place.href}
              className="inline-flex min-h-11 flex-col justify-center rounded-lg border border-slate-200 bg-white px-3 py-1.5 shadow-sm hover:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              <span className="font-semibold text-brand-800">{place.label}</span>
              <span className="text-sm text-slate-700">
                {performerCount(place.count)}
                {away ? ` · ${away}` : ""}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What a search that found nobody offers instead of a dead end: a search that would find someone,
 * the alert, the nearest state and city pages with performers, and the tiles in parents' words.
 */
export function NoResults({ query, help }: NoResultsProps) {
  if (!help) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-700">
        {GENERIC_EMPTY} {FALLBACK_ADVICE}
      </p>
    );
  }
  const placesTitle = help.placeName ? `Performers near ${help.placeName}` : "Where most performers are";
  // The words without the place's (a ZIP code, "orlando fl"), which the sentence names once.
  const words = searchWords(query, help.placeName, help.filters.state);
  return (
    <div className="space-y-8">
      <div className="space-y-3 rounded-xl border border-dashed border-slate-300 bg-white p-5 sm:p-6">
        <p className="font-semibold text-slate-900">{GENERIC_EMPTY}</p>
        <p className="text-slate-700">
          {words ? (
            <>
              Nobody listed matches <strong className="font-semibold text-slate-900">&ldquo;{words}&rdquo;</strong>
              {help.placeName ? ` near ${help.placeName}` : ""} yet.
            </>
          ) : (
            `Nobody listed matches ${help.placeName ? `this search near ${help.placeName}` : "these filters"} yet.`
          )}
        </p>
        {help.suggestions.map((suggestion) => (
          <Suggestion key={suggestion.href} suggestion={suggestion} />
        ))}
      </div>

      <SearchAlertForm q={query} state={help.filters.state} city={help.filters.city} place={help.placeName} headingLevel={3} />

      {help.cities.length > 0 || help.states.length > 0 ? (
        <section aria-labelledby="no-results-places-heading" className="space-y-3">
          <h3 id="no-results-places-heading" className="text-lg font-semibold text-slate-900">
            {placesTitle}
          </h3>
          <PlaceList places={help.cities} label="Nearest cities with performers" />
          <PlaceList places={help.states} label={help.placeName ? "Nearest states with performers" : "States with the most performers"} />
        </section>
      ) : null}

      <ParentTiles view={help.tiles} title="Or pick a party theme" headingLevel={3} />

      <p className="text-slate-700">
        Prefer to look around?{" "}
        <Link to="/browse" className={LINK}>
          Browse by location
        </Link>{" "}
        or{" "}
        <Link to="/categories" className={LINK}>
          by category
        </Link>
        .
      </p>
    </div>
  );
}
