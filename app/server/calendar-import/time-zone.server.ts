// The zone a performer's imported days are counted in: their state's. The profile holds a state, not
// an address, so a state spanning two zones gets the one most of its people live in. Kept here
// until the performer's calendar (issue 26) has a shared table to take over from this one.

const CENTRAL = "America/Chicago";
const EASTERN = "America/New_York";
const MOUNTAIN = "America/Denver";
const PACIFIC = "America/Los_Angeles";

const ZONES: Readonly<Record<string, string>> = {
  AK: "America/Anchorage",
  AL: CENTRAL,
  AR: CENTRAL,
  AZ: "America/Phoenix",
  CA: PACIFIC,
  CO: MOUNTAIN,
  CT: EASTERN,
  DC: EASTERN,
  DE: EASTERN,
  FL: EASTERN,
  GA: EASTERN,
  HI: "Pacific/Honolulu",
  IA: CENTRAL,
  ID: "America/Boise",
  IL: CENTRAL,
  IN: "America/Indiana/Indianapolis",
  KS: CENTRAL,
  KY: EASTERN,
  LA: CENTRAL,
  MA: EASTERN,
  MD: EASTERN,
  ME: EASTERN,
  MI: "America/Detroit",
  MN: CENTRAL,
  MO: CENTRAL,
  MS: CENTRAL,
  MT: MOUNTAIN,
  NC: EASTERN,
  ND: CENTRAL,
  NE: CENTRAL,
  NH: EASTERN,
  NJ: EASTERN,
  NM: MOUNTAIN,
  NV: PACIFIC,
  NY: EASTERN,
  OH: EASTERN,
  OK: CENTRAL,
  OR: PACIFIC,
  PA: EASTERN,
  RI: EASTERN,
  SC: EASTERN,
  SD: CENTRAL,
  TN: CENTRAL,
  TX: CENTRAL,
  UT: MOUNTAIN,
  VA: EASTERN,
  VT: EASTERN,
  WA: PACIFIC,
  WI: CENTRAL,
  WV: EASTERN,
  WY: MOUNTAIN,
};

/** The IANA zone of a state's performers; Eastern for a profile without a state yet. */
export function performerTimeZone(state: string | null | undefined): string {
  return (state && ZONES[state.toUpperCase()]) || EASTERN;
}
