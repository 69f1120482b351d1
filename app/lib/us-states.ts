import { STATE_DATA } from "./data/us-states";

export { STATE_ABBREVIATIONS, stateName } from "./us-state-names";

export interface City {
  name: string;
  lat: number;
  lon: number;
}
export interface UsState {
  name: string;
  abbreviation: string;
  cities: City[];
}

export const US_STATES: readonly UsState[] = (STATE_DATA as UsState[])
  .slice()
  .sort((a, b) => a.name.localeCompare(b.name));

const byAbbr = new Map(US_STATES.map((s) => [s.abbreviation, s]));

export function findState(abbr: string | null | undefined): UsState | undefined {
  if (!abbr) return undefined;
  return byAbbr.get(abbr.toUpperCase());
}

export function findCity(abbr: string | null | undefined, city: string | null | undefined): City | undefined {
  if (!city) return undefined;
  return findState(abbr)?.cities.find((c) => c.name.toLowerCase() === city.toLowerCase());
}

export function citiesOf(abbr: string | null | undefined): City[] {
  return findState(abbr)?.cities ?? [];
}

/** City names of a state, for a loader to hand to a page (the browser never needs the coordinates). */
export function cityNamesOf(abbr: string | null | undefined): string[] {
  return citiesOf(abbr).map((city) => city.name);
}

/** How many cities each state has in the data set, by abbreviation. */
export function cityCountsByState(): Record<string, number> {
  return Object.fromEntries(US_STATES.map((state) => [state.abbreviation, state.cities.length]));
}
