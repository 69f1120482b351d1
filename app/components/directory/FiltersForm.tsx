import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { Fieldset, Options, SelectField } from "~/components/ui/Field";
import { StateSelect } from "~/components/ui/StateSelect";
import { CATEGORIES } from "~/lib/constants";
import { CITY_LIST_STATE, pageRefinementCount } from "~/lib/directory-params";
import { DEFAULT_AUDIENCE_FILTER, NO_REFINEMENTS, type AudienceFilter, type ListingRefinements } from "~/lib/listing-refinements";
import { RefinementFields } from "./RefinementFields";
import { closeFiltersOnPhones, FiltersDisclosure } from "./FiltersDisclosure";
import { TAP_TARGET } from "./tap-target";

export interface FilterValues {
  state: string | null;
  city: string | null;
  categories: string[];
  refinements: ListingRefinements;
}

/** How many filters are on; a state a page is about (/browse/CA) is the page itself, not a filter, nor is the page's own audience. */
export function filterCount(filters: FilterValues, options: { countState: boolean; pageAudience?: AudienceFilter }): number {
  return (
    (options.countState && filters.state ? 1 : 0) +
    (filters.city ? 1 : 0) +
    filters.categories.length +
    pageRefinementCount(filters.refinements, options.pageAudience)
  );
}

interface FiltersFormProps {
  /** Where the plain GET form submits (it works without JavaScript). */
  action: string;
  filters: FilterValues;
  /** The cities of `filters.state` (from the loader: the browser never holds every state's list). */
  cities: readonly string[];
  /** The address showing a set of filters (page 1). */
  hrefFor: (filters: FilterValues) => string;
  showCategories: boolean;
  /** Whether a chosen state counts as a filter (not where the state is the page's own, /browse/CA). */
  countState: boolean;
  /** The page is about a place (a city): distance and "Nearest" are offered. */
  hasPlace: boolean;
  /** The audience the page shows by default (adult events on the 18+ page). */
  pageAudience?: AudienceFilter;
}

/**
 * State, city, refinement (budget, distance, audience, solo or group, sort) and category filters, applied together by "Apply filters" (the same on every listing
 * page and on search: nothing changes out of view while the visitor is still choosing). Without
 * JavaScript it is an ordinary GET form; with it, the address is built tidily, and choosing another
 * state clears the city. The filters live only in the address, so links can be shared and Back works.
 */
export function FiltersForm({
  action,
  filters,
  cities: stateCities,
  hrefFor,
  showCategories,
  countState,
  hasPlace,
  pageAudience = DEFAULT_AUDIENCE_FILTER,
}: FiltersFormProps) {
  const navigate = useNavigate();
  const id = useId();
  // The controls follow the address when it changes (Back, links). Remounting the form instead
  // would drop keyboard focus.
  const [values, setValues] = useState(filters);
  const applied = JSON.stringify([filters.state, filters.city, filters.categories, filters.refinements]);
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setValues(filters);
  }
  // Another state's cities arrive with its page, once the filters are applied.
  const otherState = values.state !== filters.state;
  const cities = otherState ? [] : stateCities;

  const onState = (e: ChangeEvent<HTMLSelectElement>) => setValues({ ...values, state: e.target.value || null, city: null });
  const onCity = (e: ChangeEvent<HTMLSelectElement>) => setValues({ ...values, city: e.target.value || null });
  const onCategory = (e: ChangeEvent<HTMLInputElement>) => {
    const { value, checked } = e.target;
    const chosen = checked ? [...values.categories, value] : values.categories.filter((c) => c !== value);
    setValues({ ...values, categories: CATEGORIES.filter((c) => chosen.includes(c)) });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    closeFiltersOnPhones(event.currentTarget);
    navigate(hrefFor(values));
  };

  return (
    <FiltersDisclosure count={filterCount(filters, { countState, pageAudience })}>
      <Form
        method="get"
        action={action}
        aria-label="Filter performers"
        onSubmit={onSubmit}
        className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
      >
        <StateSelect id={`${id}-state`} emptyLabel="All states" value={values.state ?? ""} onChange={onState} className={TAP_TARGET} />
        {filters.state ? <input type="hidden" name={CITY_LIST_STATE} value={filters.state} /> : null}
        <SelectField
          id={`${id}-city`}
          label="City"
          name="city"
          value={values.city ?? ""}
          onChange={onCity}
          disabled={!values.state || otherState}
          className={TAP_TARGET}
          hint={!values.state ? "Choose a state to pick one of its cities." : otherState ? "Apply the filters to pick one of this state's cities." : null}
        >
          <option value="">{values.state ? "All cities" : "Select a state first"}</option>
          <Options items={cities} />
        </SelectField>
        <RefinementFields
          refinements={values.refinements}
          hasPlace={hasPlace}
          pageAudience={pageAudience}
          onChange={(refinements) => setValues({ ...values, refinements })}
        />
        {showCategories ? (
          <Fieldset legend="Categories">
            <div className="grid grid-cols-2 gap-x-2 sm:grid-cols-3 lg:grid-cols-1">
              {CATEGORIES.map((category) => (
                <label
                  key={category}
                  className={cx(TAP_TARGET, "flex cursor-pointer items-center gap-2 rounded-md px-1 py-1 text-sm leading-tight text-slate-800 hover:bg-slate-50 sm:gap-3 sm:px-2")}
                >
                  <input
                    type="checkbox"
                    name="category"
                    value={category}
                    checked={values.categories.includes(category)}
                    onChange={onCategory}
                    className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
                  />
                  {category}
                </label>
              ))}
            </div>
          </Fieldset>
        ) : null}
        {/* Kept in reach at the bottom of a phone's screen while the long list of categories scrolls by. */}
        <div className="sticky bottom-0 -mx-4 -mb-4 flex flex-wrap items-center gap-3 rounded-b-xl border-t border-slate-200 bg-white px-4 py-3 sm:-mx-5 sm:-mb-5 sm:px-5 lg:static lg:m-0 lg:border-0 lg:p-0">
          <Button type="submit" className={TAP_TARGET}>
            Apply filters
          </Button>
          <Link
            // The party date is when the party is, not a narrowing: it stays.
            to={hrefFor({ state: null, city: null, categories: [], refinements: { ...NO_REFINEMENTS, audience: pageAudience, date: filters.refinements.date, showBooked: filters.refinements.showBooked } })}
            className={cx(TAP_TARGET, "inline-flex items-center px-2 text-sm font-semibold text-brand-800 underline hover:no-underline")}
          >
            Clear filters
          </Link>
        </div>
      </Form>
    </FiltersDisclosure>
  );
}
