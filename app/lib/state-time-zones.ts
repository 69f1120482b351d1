// A performer's calendar day is their own local day: a party on Saturday, December 12 in Los Angeles
// is that Saturday there, whatever the date is in UTC. The profile has a state, not an address, so
// the state decides the zone. Where a state spans several zones the table names the zone most of its
// people live in, and the comment says which part is left out: a performer there sees "today" turn
// an hour early or late, which only matters for marking today itself around midnight.

/** IANA time zone of each state (and DC), by postal abbreviation. */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: "America/Chicago",
  AK: "America/Anchorage", // the Aleutians west of 169.5°W keep Hawaii-Aleutian time
  AZ: "America/Phoenix", // no daylight saving time (the Navajo Nation's own is left out)
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York", // the western Panhandle is on Central time
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise", // the northern Panhandle is on Pacific time
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis", // the northwestern and southwestern corners are on Central time
  IA: "America/Chicago",
  KS: "America/Chicago", // four western counties are on Mountain time
  KY: "America/New_York", // the western half is on Central time
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit", // four counties bordering Wisconsin are on Central time
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago", // the western panhandle is on Mountain time
  NV: "America/Los_Angeles", // West Wendover is on Mountain time
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago", // the southwest is on Mountain time
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles", // most of Malheur County is on Mountain time
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago", // the western half is on Mountain time
  TN: "America/Chicago", // East Tennessee (Knoxville, Chattanooga) is on Eastern time; Nashville and Memphis outnumber it
  TX: "America/Chicago", // El Paso and Hudspeth counties are on Mountain time
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
};

/** Without a state yet the calendar still works; it counts days on the most populous zone's clock. */
export const DEFAULT_TIME_ZONE = "America/New_York";

export function timeZoneForState(state: string | null | undefined): string {
  return (state && STATE_TIME_ZONES[state.toUpperCase()]) || DEFAULT_TIME_ZONE;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function localDay(timeZone: string, instant: Date = new Date()): string {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Today for a performer in `state`. */
export function todayInState(state: string | null | undefined, instant: Date = new Date()): string {
  return localDay(timeZoneForState(state), instant);
}
