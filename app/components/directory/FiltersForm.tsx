import { useId, useState, type ChangeEvent } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/Button";
import { Choice, Fieldset, Options, SelectField } from "~/components/ui/Field";
import { StateSelect } from "~/components/ui/StateSelect";
import { CATEGORIES } from "~/lib/constants";
import { CITY_LIST_STATE } from "~/lib/directory-params";

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
      <StateSelect id={`${id}-state`} emptyLabel="All states" value={values.state ?? ""} onChange={onState} />
      {filters.state ? <input type="hidden" name={CITY_LIST_STATE} value={filters.state} /> : null}
      <SelectField
        id={`${id}-city`}
        label="City"
        name="city"
        value={values.city ?? ""}
        onChange={onCity}
        disabled={!values.state}
        hint={values.state ? null : "Choose a state to pick one of its cities."}
      >
        <option value="">{values.state ? "All cities" : "Select a state first"}</option>
        <Options items={cities} />
      </SelectField>
      {showCategories ? (
        <Fieldset legend="Categories">
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-1">
            {CATEGORIES.map((category) => (
              <Choice
                key={category}
                name="category"
                value={category}
                label={category}
                checked={values.categories.includes(category)}
                onChange={onCategory}
              />
            ))}
          </div>
        </Fieldset>
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
