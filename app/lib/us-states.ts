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
