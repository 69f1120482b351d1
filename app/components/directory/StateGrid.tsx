import { Link } from "react-router";
import { US_STATE_NAMES } from "~/lib/us-state-names";

/** Every state, linking to its browse page, with its number of cities and of listed performers. */
export function StateGrid({ counts, cityCounts }: { counts: Record<string, number>; cityCounts: Record<string, number> }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {US_STATE_NAMES.map((state) => {
        const performers = counts[state.abbreviation] ?? 0;
        const cities = cityCounts[state.abbreviation] ?? 0;
        return (
          <li key={state.abbreviation}>
            <Link
              to={`/browse/${state.abbreviation}`}
              className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-600 hover:shadow"
            >
              <span className="font-semibold text-slate-900">{state.name}</span>
              <span className="text-sm text-slate-700">
                {cities} {cities === 1 ? "city" : "cities"}
              </span>
              {performers > 0 ? (
                <span className="text-sm font-semibold text-brand-800">
                  {performers} {performers === 1 ? "performer" : "performers"}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
