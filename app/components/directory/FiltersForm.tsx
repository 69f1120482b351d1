import { useId, useState, type ChangeEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/Button";
import { controlClass } from "~/components/ui/Field";
import { StateOptions } from "~/components/ui/StateOptions";
import { CATEGORIES } from "~/lib/constants";

export interface FilterValues {
  state: string | null;
  city: string | null;
  categories: string[];
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
}

/**
 * State, city and category filters. Without JavaScript it is an ordinary GET form with an Apply
 * button; with it, every change navigates at once, and choosing another state clears the city.
 * The filters live only in the address, so links can be shared and Back works.
 */
export function FiltersForm({ action, filters, cities: stateCities, hrefFor, showCategories }: FiltersFormProps) {
  const navigate = useNavigate();
  const id = useId();
  // The controls show the choice at once, and follow the address when it changes (Back, links).
  // Remounting the form instead would drop keyboard focus on every change.
  const [values, setValues] = useState(filters);
  const applied = `${filters.state}|${filters.city}|${filters.categories.join(",")}`;
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setValues(filters);
  }
  // Right after another state is chosen, its cities are on their way with the new page.
  const cities = values.state === filters.state ? stateCities : [];

  const go = (next: FilterValues) => {
    setValues(next);
    navigate(hrefFor(next), { preventScrollReset: true });
  };
  const onState = (e: ChangeEvent<HTMLSelectElement>) => go({ ...values, state: e.target.value || null, city: null });
  const onCity = (e: ChangeEvent<HTMLSelectElement>) => go({ ...values, city: e.target.value || null });
  const onCategory = (e: ChangeEvent<HTMLInputElement>) => {
    const { value, checked } = e.target;
    const chosen = checked ? [...values.categories, value] : values.categories.filter((c) => c !== value);
    go({ ...values, categories: CATEGORIES.filter((c) => chosen.includes(c)) });
  };

  return (
    <Form
      method="get"
      action={action}
      aria-label="Filter performers"
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="space-y-1">
        <label htmlFor={`${id}-state`} className="block text-sm font-medium text-slate-800">
          State
        </label>
        <select id={`${id}-state`} name="state" value={values.state ?? ""} onChange={onState} className={controlClass}>
          <option value="">All states</option>
          <StateOptions />
        </select>
      </div>
      <div className="space-y-1">
        <label htmlFor={`${id}-city`} className="block text-sm font-medium text-slate-800">
          City
        </label>
        <select
          id={`${id}-city`}
          name="city"
          value={values.city ?? ""}
          onChange={onCity}
          disabled={!values.state}
          aria-describedby={values.state ? undefined : `${id}-city-hint`}
          className={controlClass}
        >
          <option value="">{values.state ? "All cities" : "Select a state first"}</option>
          {cities.map((city) => (
            <option key={city} value={city}>
              {city}
            </option>
          ))}
        </select>
        {values.state ? null : (
          <p id={`${id}-city-hint`} className="text-sm text-slate-600">
            Choose a state to pick one of its cities.
          </p>
        )}
      </div>
      {showCategories ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Categories</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
            {CATEGORIES.map((category) => (
              <label key={category} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name="category"
                  value={category}
                  checked={values.categories.includes(category)}
                  onChange={onCategory}
                  className="h-4 w-4 rounded border-slate-400 accent-brand-700"
                />
                {category}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">Apply filters</Button>
        <Link to={hrefFor({ state: null, city: null, categories: [] })} className="text-sm font-semibold text-brand-800 underline hover:no-underline">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}
