import { useId, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/Button";
import { controlClass, Options, SelectField } from "~/components/ui/Field";
import { cx } from "~/components/ui/cx";
import { StateSelect } from "~/components/ui/StateSelect";
import { CATEGORIES } from "~/lib/constants";
import { cityNamesOf } from "~/lib/us-states";
import { SearchCombobox } from "./SearchCombobox";
import { searchHref } from "./search-href";

export interface SearchFormValues {
  q: string;
  state: string | null;
  city: string | null;
  category: string | null;
}

/**
 * One box for what people type (names, characters, places, a ZIP code) plus optional state, city
 * and category filters. A plain GET form without JavaScript; with it, the address stays tidy,
 * choosing another state offers that state's cities at once and the box suggests as one types.
 */
/** The state's larger cities, plus a town the address named (any city of the state is searchable). */
function cityOptions(state: string, chosen: string | null): string[] {
  const names = cityNamesOf(state);
  return chosen && !names.includes(chosen) ? [...names, chosen].sort((a, b) => a.localeCompare(b)) : names;
}

export function SearchForm({ values, busy = false }: { values: SearchFormValues; busy?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [state, setState] = useState(values.state ?? "");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => {
      const value = form.get(key);
      return typeof value === "string" ? value : "";
    };
    navigate(searchHref({ q: text("q"), state: text("state"), city: text("city"), category: text("category") }));
  };

  return (
    <Form method="get" action="/search" role="search" aria-label="Search performers" onSubmit={onSubmit} className="space-y-4">
      <div>
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
          Search performers
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row">
          <div className="sm:flex-1">
            <SearchCombobox
              id={`${id}-q`}
              name="q"
              defaultValue={values.q}
              placeholder="Name, character, city or ZIP code"
              aria-describedby={`${id}-q-hint`}
              enterKeyHint="search"
              maxLength={200}
              className={cx(controlClass, "text-base")}
            />
          </div>
          <Button type="submit" size="lg" disabled={busy} className="sm:w-40">
            {busy ? "Searching..." : "Search"}
          </Button>
        </div>
        <p id={`${id}-q-hint`} className="mt-1 text-sm text-slate-600">
          Try &ldquo;princess&rdquo;, &ldquo;anime Orlando&rdquo; or a 5-digit ZIP code to find performers who travel to you.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <StateSelect id={`${id}-state`} emptyLabel="All states" value={state} onChange={(e) => setState(e.target.value)} />
        <SelectField
          id={`${id}-city`}
          // A new state means a new list of cities; remounting drops the old choice.
          key={state}
          label="City"
          name="city"
          defaultValue={state === values.state ? (values.city ?? "") : ""}
          disabled={!state}
        >
          <option value="">{state ? "All cities" : "Select a state first"}</option>
          <Options items={cityOptions(state, state === values.state ? values.city : null)} />
        </SelectField>
        <SelectField id={`${id}-category`} label="Category" name="category" defaultValue={values.category ?? ""}>
          <option value="">All categories</option>
          <Options items={CATEGORIES} />
        </SelectField>
      </div>
    </Form>
  );
}
