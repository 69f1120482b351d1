import { Link, useLocation } from "react-router";
import { ambiguousPlaceLine, PLACE_CHOICES_SHOWN, placeChoiceHref, type AmbiguousPlace, type PlaceChoice } from "~/lib/place-choices";

// "Springfield: IL · MA · MO …": a place name several states share. The results below are for the
// most populous one; each state is a link to the same search there (filters kept), so it works
// without JavaScript. The rest of a long list is one tap further, under "More states".

const CHOICE_LINK =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-3 font-semibold text-brand-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600";

function ChoiceLinks({ choices, search }: { choices: readonly PlaceChoice[]; search: string }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <li key={choice.state}>
          <Link to={placeChoiceHref(search, choice)} className={CHOICE_LINK}>
            <span className="sr-only">{choice.city}, </span>
            {choice.state}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function PlaceChoices({ ambiguous }: { ambiguous: AmbiguousPlace }) {
  const { search } = useLocation();
  const shown = ambiguous.choices.slice(0, PLACE_CHOICES_SHOWN);
  const more = ambiguous.choices.slice(PLACE_CHOICES_SHOWN);
  const headingId = "place-choices-heading";
  return (
    <nav aria-labelledby={headingId} className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
      <p>{ambiguousPlaceLine(ambiguous)}</p>
      <p id={headingId} className="mt-2 font-semibold">
        Which {ambiguous.name} did you mean?
      </p>
      <div className="mt-2">
        <ChoiceLinks choices={shown} search={search} />
      </div>
      {more.length > 0 ? (
        <details className="mt-2">
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">More states ({more.length})</summary>
          <div className="mt-2">
            <ChoiceLinks choices={more} search={search} />
          </div>
        </details>
      ) : null}
    </nav>
  );
}
