import { useEffect, useMemo, useState } from "react";
import { ComboboxField } from "~/components/ui/ComboboxField";
import { StateSelect } from "~/components/ui/StateSelect";
import { CITY_SUGGESTION_LIMIT, cityKey, LESSER_CITY, matchCities, stateCitiesUrl, type StateCitiesAnswer } from "~/lib/city-names";
import { stateName } from "~/lib/us-state-names";

interface LocationFieldsProps {
  state: string;
  city: string;
  onStateChange: (state: string) => void;
  onCityChange: (city: string) => void;
  onBlur: (field: "state" | "city") => void;
  errors: { state?: string; city?: string };
  hydrated: boolean;
}

interface CityEntry {
  name: string;
  key: string;
  rank: number;
}

// Each state's list is asked for once per page, however often the performer switches back to it
// (the browser's cache keeps it across pages).
const cityLists = new Map<string, Promise<CityEntry[]>>();

function loadCities(state: string): Promise<CityEntry[]> {
  let list = cityLists.get(state);
  if (!list) {
    list = fetch(stateCitiesUrl(state), { headers: { Accept: "application/json" } })
      .then((response) => {
        if (!response.ok) throw new Error(`cities of ${state}: ${response.status}`);
        return response.json() as Promise<StateCitiesAnswer>;
      })
      .then(({ cities, larger }) => {
        const rank = new Map(larger.map((name, index) => [name, index]));
        return cities.map((name) => ({ name, key: cityKey(name), rank: rank.get(name) ?? LESSER_CITY }));
      });
    // A failed request is asked again next time; meanwhile the field is a plain text field.
    list.catch(() => cityLists.delete(state));
    cityLists.set(state, list);
  }
  return list;
}

/**
 * State and city. The city is typed, with the chosen state's cities (all of them, the larger ones
 * first) offered as the performer types; it stays disabled until a state is picked, and a new state
 * empties it. Without JavaScript it is a plain text field. Either way the server decides whether
 * the state has that city, and stores the name as it knows it.
 */
export function LocationFields({ state, city, onStateChange, onCityChange, onBlur, errors, hydrated }: LocationFieldsProps) {
  const waitingForState = hydrated && state === "";
  // The list is fetched when the performer reaches for the city (picks a state, or focuses the field),
  // not for every visit to the editor.
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState<{ state: string; entries: CityEntry[] } | null>(null);

  useEffect(() => {
    if (!hydrated || !wanted || state === "") return;
    let current = true;
    loadCities(state).then(
      (entries) => {
        if (current) setLoaded({ state, entries });
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [hydrated, wanted, state]);

  const entries = loaded?.state === state ? loaded.entries : null;
  const options = useMemo(() => (entries ? matchCities(entries, city, CITY_SUGGESTION_LIMIT).map((entry) => entry.name) : []), [entries, city]);
  // Said only when nothing fits: a city written in full is a match, even with no other name to offer.
  const known = entries?.some((entry) => entry.key === cityKey(city)) ?? false;
  const noMatch = entries && city.trim() !== "" && options.length === 0 && !known ? `No city of ${stateName(state)} starts with "${city.trim()}".` : null;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StateSelect
        id="profile-state"
        emptyLabel="Select a state"
        required
        value={state}
        onChange={(e) => {
          setWanted(true);
          onStateChange(e.target.value);
        }}
        onBlur={() => onBlur("state")}
        error={errors.state}
        autoComplete="address-level1"
      />
      <ComboboxField
        id="profile-city"
        name="city"
        label="City"
        required
        value={city}
        onValueChange={onCityChange}
        options={options}
        listLabel={state ? `Cities of ${stateName(state)}` : "Cities"}
        noMatch={noMatch}
        enhanced={hydrated}
        placeholder={waitingForState ? "Select a state first" : "Select a city"}
        disabled={waitingForState}
        maxLength={100}
        // The browser's own address suggestions would cover the list; without scripts they are welcome.
        autoComplete={hydrated ? "off" : "address-level2"}
        autoCapitalize="words"
        autoCorrect="off"
        spellCheck={false}
        error={errors.city}
        onFocus={() => setWanted(true)}
        onBlur={() => {
          // A name typed in full is written as the state's list writes it ("kissimmee" -> "Kissimmee").
          const key = cityKey(city);
          const exact = key === "" ? undefined : entries?.find((entry) => entry.key === key);
          if (exact && exact.name !== city) onCityChange(exact.name);
          onBlur("city");
        }}
      />
    </div>
  );
}
