import { useId, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/Button";
import { controlClass } from "~/components/ui/Field";
import { cx } from "~/components/ui/cx";
import { StateOptions } from "~/components/ui/StateOptions";
import { CATEGORIES } from "~/lib/constants";
import { citiesOf } from "~/lib/us-states";
import { searchHref } from "./search-href";

export interface SearchFormValues {
  q: string;
  state: string | null;
  city: string | null;
  category: string | null;
}

/**
 * One box for what people type (names, characters, places, a ZIP code) plus optional state, city
 * and category filters. A plain GET form without JavaScript; with it, the address stays tidy and
 * choosing another state offers that state's cities at once.
 */
export function SearchForm({ values, busy = false }: { values: SearchFormValues; busy?: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const [state, setState] = useState(values.state ?? "");
  const cities = citiesOf(state);

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
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            defaultValue={values.q}
            placeholder="Name, character, city or ZIP code"
            aria-describedby={`${id}-q-hint`}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            className={cx(controlClass, "text-base sm:flex-1")}
          />
          <Button type="submit" size="lg" disabled={busy} className="sm:w-40">
            {busy ? "Searching..." : "Search"}
          </Button>
        </div>
        <p id={`${id}-q-hint`} className="mt-1 text-sm text-slate-600">
          Try &ldquo;princess&rdquo;, &ldquo;anime Orlando&rdquo; or a 5-digit ZIP code to find performers who travel to you.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-state`} className="block text-sm font-medium text-slate-800">
            State
          </label>
          <select id={`${id}-state`} name="state" value={state} onChange={(e) => setState(e.target.value)} className={controlClass}>
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
            // A new state means a new list of cities; remounting drops the old choice.
            key={state}
            name="city"
            defaultValue={state === values.state ? (values.city ?? "") : ""}
            disabled={!state}
            className={controlClass}
          >
            <option value="">{state ? "All cities" : "Select a state first"}</option>
            {cities.map((c) => (
              <option key={c.name} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-category`} className="block text-sm font-medium text-slate-800">
            Category
          </label>
          <select id={`${id}-category`} name="category" defaultValue={values.category ?? ""} className={controlClass}>
            <option value="">All categories</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
      </div>
    </Form>
  );
}
