import { Link } from "react-router";
import { RADIUS_MILES, type RadiusMiles } from "~/lib/listing-refinements";
import { radiusLabel } from "~/lib/search-view";

/**
 * How far from the place to look, as plain links (no JavaScript needed), on a place search and a
 * city page alike: each narrows the same listing to performers within that many miles; "Any
 * distance" lifts it. The current one is marked for screen readers too.
 */
export function RadiusLinks({ miles, hrefFor }: { miles: number | null; hrefFor: (miles: RadiusMiles | null) => string }) {
  const choices: (RadiusMiles | null)[] = [null, ...RADIUS_MILES];
  return (
    <nav aria-label="Distance from the place searched">
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => {
          const current = choice === miles;
          return (
            <li key={choice ?? "any"}>
              <Link
                to={hrefFor(choice)}
                aria-current={current ? "page" : undefined}
                className={
                  current
                    ? "inline-flex min-h-11 items-center rounded-full bg-brand-800 px-3.5 text-sm font-semibold text-white"
                    : "inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-800 hover:border-brand-700"
                }
              >
                {radiusLabel(choice)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
