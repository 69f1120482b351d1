import { useEffect, useId, useState, type FormEvent } from "react";
import { Form, useNavigate } from "react-router";
import { closeFiltersOnPhones, FiltersDisclosure } from "~/components/directory/FiltersDisclosure";
import { TAP_TARGET } from "~/components/directory/tap-target";
import { Button } from "~/components/ui/Button";
import { controlClass, Options, SelectField } from "~/components/ui/Field";
import { cx } from "~/components/ui/cx";
import { StateSelect } from "~/components/ui/StateSelect";
import { CATEGORIES } from "~/lib/constants";
import { stateCitiesUrl, type StateCitiesAnswer } from "~/lib/city-names";
import { RefinementFields } from "~/components/directory/RefinementFields";
import { parseRefinements, refinementCount, type ListingRefinements } from "~/lib/listing-refinements";
import { SearchCombobox } from "./SearchCombobox";
import { searchHref } from "./search-href";

export interface SearchFormValues {
  q: string;
  state: string | null;
  city: string | null;
  category: string | null;
  refinements: ListingRefinements;
}

/** The state's larger cities, plus a town the address named (any city of the state is searchable). */
function cityOptions(names: readonly string[], chosen: string | null): readonly string[] {
  return chosen && !names.includes(chosen) ? [...names, chosen].sort((a, b) => a.localeCompare(b)) : names;
}

/**
 * The larger cities of the state chosen in the form: the searched state's come from the loader;
 * another state's are fetched (a day-long cacheable answer) when the visitor picks it, so the page
 * does not carry every state's list. Until they arrive, and if they cannot, the list has "All cities" only.
 */
function useStateCities(state: string, searched: string | null, searchedCities: readonly string[]): readonly string[] {
  const [fetched, setFetched] = useState<{ state: string; names: string[] } | null>(null);
  useEffect(() => {
    if (!state || state === searched) return;
    let cancelled = false;
    fetch(stateCitiesUrl(state), { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<StateCitiesAnswer>) : null))
      .then((answer) => {
        if (!cancelled && answer) setFetched({ state, names: answer.larger });
      })
      .catch(() => {
        // Offline: the search still works for the whole state.
      });
    return () => {
      cancelled = true;
    };
  }, [state, searched]);
  if (state === searched) return searchedCities;
  return fetched?.state === state ? fetched.names : [];
}

/**
 * One box for what people type (names, characters, places, a ZIP code) plus optional state, city
 * and category filters, folded behind "Filters (N)" on phones like the listing pages' and applied
 * the same way, by a button. A plain GET form without JavaScript; with it, the address stays tidy,
 * choosing another state offers that state's cities at once and the box suggests as one types.
 */
export function SearchForm({
  values,
  cities,
  hasPlace,
  busy = false,
}: {
  values: SearchFormValues;
  cities: readonly string[];
  /** The search measured from a place: distance and "Nearest" are offered. */
  hasPlace: boolean;
  busy?: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const [state, setState] = useState(values.state ?? "");
  const stateCities = useStateCities(state, values.state ?? "", cities);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    closeFiltersOnPhones(event.currentTarget);
    const form = new FormData(event.currentTarget);
    const text = (key: string) => {
      const value = form.get(key);
      return typeof value === "string" ? value : "";
    };
    // The refinements' selects use the address's own names, so the address reads them back alike.
    const refinements = parseRefinements(new URLSearchParams([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string")));
    navigate(searchHref({ q: text("q"), state: text("state"), city: text("city"), category: text("category"), refinements }));
  };

  return (
    <Form method="get" action="/search" role="search" aria-label="Search performers" onSubmit={onSubmit} className="space-y-4">
      <div>
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-800">
          Search performers
        </label>
        <div className="mt-1 flex gap-2 sm:gap-3">
          <div className="min-w-0 flex-1">
            <SearchCombobox
              id={`${id}-q`}
              name="q"
              defaultValue={values.q}
              placeholder="Name, character, city or ZIP code"
              aria-describedby={`${id}-q-hint`}
              enterKeyHint="search"
              maxLength={200}
              className={cx(controlClass, TAP_TARGET, "text-base")}
            />
          </div>
          <Button type="submit" size="lg" disabled={busy} className="shrink-0 sm:w-40">
            {busy ? "Searching..." : "Search"}
          </Button>
        </div>
        <p id={`${id}-q-hint`} className="mt-1 text-sm text-slate-600">
          Try &ldquo;princess&rdquo;, &ldquo;anime Orlando&rdquo; or a 5-digit ZIP code to find performers who travel to you.
        </p>
      </div>
      <FiltersDisclosure count={[values.state, values.state ? values.city : null, values.category].filter(Boolean).length + refinementCount(values.refinements)}>
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <div className="grid gap-4 sm:grid-cols-3">
            <StateSelect id={`${id}-state`} emptyLabel="All states" value={state} onChange={(e) => setState(e.target.value)} className={TAP_TARGET} />
            <SelectField
              id={`${id}-city`}
              // A new state means a new list of cities; remounting drops the old choice.
              key={state}
              label="City"
              name="city"
              defaultValue={state === values.state ? (values.city ?? "") : ""}
              disabled={!state}
              className={TAP_TARGET}
            >
              <option value="">{state ? "All cities" : "Select a state first"}</option>
              <Options items={cityOptions(stateCities, state === values.state ? values.city : null)} />
            </SelectField>
            <SelectField id={`${id}-category`} label="Category" name="category" defaultValue={values.category ?? ""} className={TAP_TARGET}>
              <option value="">All categories</option>
              <Options items={CATEGORIES} />
            </SelectField>
          </div>
          <RefinementFields refinements={values.refinements} hasPlace={hasPlace} />
          <Button type="submit" variant="secondary" disabled={busy} className={TAP_TARGET}>
            Apply filters
          </Button>
        </div>
      </FiltersDisclosure>
    </Form>
  );
}
