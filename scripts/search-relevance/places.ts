// The judge's own map: the few places the judged queries name, as literal data. The coordinates
// were copied once by hand from the `zipcodes` package's raw table (the ZIP's centroid; a town's
// first ZIP), never looked up through the app's ZIP table, gazetteer or state list, so a mistake
// in those shows up as a miss instead of being graded as right.

/** A point the visitor named: a ZIP code, a town or a city. */
export interface PointPlace {
  kind: "point";
  label: string;
  latitude: number;
  longitude: number;
}

/** A state the visitor named: its performers are the ones near. */
export interface StatePlace {
  kind: "state";
  label: string;
  state: string;
}

export type Place = PointPlace | StatePlace;

const point = (label: string, latitude: number, longitude: number): PointPlace => ({ kind: "point", label, latitude, longitude });
const state = (label: string, abbreviation: string): StatePlace => ({ kind: "state", label, state: abbreviation });

export const PLACES = {
  // Cities
  orlando: point("Orlando, FL", 28.5399, -81.3727),
  losAngeles: point("Los Angeles, CA", 34.0614, -118.2385),
  houston: point("Houston, TX", 29.7594, -95.3594),
  chicago: point("Chicago, IL", 41.8858, -87.6181),
  seattle: point("Seattle, WA", 47.6114, -122.3305),
  denver: point("Denver, CO", 39.7491, -104.9946),
  atlanta: point("Atlanta, GA", 33.7525, -84.3888),
  dallas: point("Dallas, TX", 32.7904, -96.8044),
  austin: point("Austin, TX", 30.2713, -97.7426),
  miami: point("Miami, FL", 25.7791, -80.1978),
  tampa: point("Tampa, FL", 27.9614, -82.4597),
  jacksonville: point("Jacksonville, FL", 30.2908, -81.6321),
  phoenix: point("Phoenix, AZ", 33.4557, -112.0686),
  columbus: point("Columbus, OH", 39.9671, -83.0044),
  nashville: point("Nashville, TN", 36.1504, -86.7916),
  // Towns a parent in a small place types
  stephenville: point("Stephenville, TX", 32.2214, -98.2224),
  granbury: point("Granbury, TX", 32.425, -97.7742),
  abilene: point("Abilene, TX", 32.4682, -99.7182),
  gainesville: point("Gainesville, FL", 29.6489, -82.325),
  ocala: point("Ocala, FL", 29.1989, -82.0874),
  kissimmee: point("Kissimmee, FL", 28.3051, -81.4242),
  santaAna: point("Santa Ana, CA", 33.7523, -117.8541),
  santaMonica: point("Santa Monica, CA", 34.0176, -118.4907),
  asheville: point("Asheville, NC", 35.5971, -82.5565),
  // ZIP codes
  zip32801: point("ZIP 32801 (Orlando, FL)", 28.5399, -81.3727),
  zip90210: point("ZIP 90210 (Beverly Hills, CA)", 34.0901, -118.4065),
  zip10001: point("ZIP 10001 (New York, NY)", 40.7484, -73.9967),
  zip60601: point("ZIP 60601 (Chicago, IL)", 41.8858, -87.6181),
  zip77002: point("ZIP 77002 (Houston, TX)", 29.7594, -95.3594),
  zip98101: point("ZIP 98101 (Seattle, WA)", 47.6114, -122.3305),
  zip76401: point("ZIP 76401 (Stephenville, TX)", 32.2214, -98.2224),
  zip33101: point("ZIP 33101 (Miami, FL)", 25.7791, -80.1978),
  zip78701: point("ZIP 78701 (Austin, TX)", 30.2713, -97.7426),
  zip32207: point("ZIP 32207 (Jacksonville, FL)", 30.2908, -81.6321),
  zip30303: point("ZIP 30303 (Atlanta, GA)", 33.7525, -84.3888),
  zip43215: point("ZIP 43215 (Columbus, OH)", 39.9671, -83.0044),
  zip92701: point("ZIP 92701 (Santa Ana, CA)", 33.7523, -117.8541),
  // States
  texas: state("Texas", "TX"),
  florida: state("Florida", "FL"),
  california: state("California", "CA"),
  ohio: state("Ohio", "OH"),
  newJersey: state("New Jersey", "NJ"),
  newYork: state("New York", "NY"),
  georgia: state("Georgia", "GA"),
  illinois: state("Illinois", "IL"),
  pennsylvania: state("Pennsylvania", "PA"),
  northCarolina: state("North Carolina", "NC"),
  michigan: state("Michigan", "MI"),
  washington: state("Washington", "WA"),
  colorado: state("Colorado", "CO"),
  arizona: state("Arizona", "AZ"),
} as const satisfies Record<string, Place>;

/** State names by abbreviation, so the judge can leave a performer's own state out of their bio. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado",
  CT: "Connecticut", DE: "Delaware", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
  IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
  MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
  NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
  RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
};
