// The 50 US states with their major cities and coordinates. The data is ./us-states.json, a copy of
// shared/data/us-states.json as it is (refresh it by copying the file again); this module gives it its
// types. The import attribute is what Node's own ESM loader requires for JSON (Playwright's runner
// loads the e2e seed through it); Vite, Vitest and tsx accept it, TypeScript with "module": "ESNext".
import states from "./us-states.json" with { type: "json" };

export interface CityData {
  name: string;
  lat: number;
  lon: number;
}
export interface StateData {
  name: string;
  abbreviation: string;
  cities: CityData[];
}

export const STATE_DATA: StateData[] = states;
