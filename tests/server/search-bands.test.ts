import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_REFINEMENTS, type ListingRefinements } from "~/lib/listing-refinements";
import { distanceLine } from "~/lib/place-listing-view";
import { listPlaceProfiles } from "~/server/directory/place-listing.server";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { parseSearchInput, type SearchInput } from "~/server/search/query.server";
import { bandTexts, hitsWithDistanceText } from "~/server/search/result-text.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// A place's distance bands, on search and city pages alike: those whose travel range covers the
// place (nearest first), those within the nearby distance (150 miles) whose usual range stops short
// of it, then those who travel anywhere from farther away; the radius links narrow every band; the
// refinements and sorts apply within them. Two places: ZIP 59001 (Absarokee, MT), where Billings is
// 50 miles away, Bozeman 77, Butte 156, Missoula 237 and Denver 459; and ZIP 75501 (Texarkana, TX)
// on the Arkansas line: Texarkana TX 6 miles, Texarkana AR 17, Hope AR 38, Magnolia AR 56,
// Shreveport LA 61, Tyler TX 97.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

const day = (n: number) => new Date(Date.UTC(2025, 0, n));

const FIXTURES: ProfileFixture[] = [
  // Around Absarokee.
  { id: "mt-bozeman-pirate", displayName: "Pirate Pete", state: "MT", city: "Bozeman", categories: ["Fantasy"], travelRadius: "long_distance", priceMin: 200, createdAt: day(1) },
  { id: "mt-billings-anywhere", displayName: "Billings Anywhere", bio: "Pirate songs for every party.", state: "MT", city: "Billings", categories: ["Fantasy"], travelRadius: "nationwide", priceMin: 150, createdAt: day(2) },
  // Five at one distance with a 10-mile range: nearby, newest first; two share their age, so the id decides.
  ...[3, 4, 5, 6, 6].map((n, i) => ({
    id: `mt-billings-local-${i + 1}`,
    displayName: `Billings Balloon ${i + 1}`,
    state: "MT",
    city: "Billings",
    categories: ["Fantasy"],
    travelRadius: "local_only" as const,
    priceMin: i === 0 ? 80 : null,
    createdAt: day(n),
  })),
  { id: "mt-butte-short", displayName: "Butte Bubbles", state: "MT", city: "Butte", categories: ["Fantasy"], travelRadius: "short_distance", createdAt: day(8) },
  { id: "mt-missoula-medium", displayName: "Missoula Magic", state: "MT", city: "Missoula", categories: ["Fantasy"], travelRadius: "medium_distance", createdAt: day(9) },
  { id: "co-denver-anywhere", displayName: "Denver Goes Anywhere", state: "CO", city: "Denver", categories: ["Fantasy"], travelRadius: "nationwide", createdAt: day(10) },
  // Adults only, in range: never in a family search.
  { id: "mt-bozeman-adults", displayName: "Moonlit Burlesque", state: "MT", city: "Bozeman", categories: ["18+ Events Only"], travelRadius: "long_distance", audience: "adults", createdAt: day(11) },
  { id: "mt-bozeman-kids", displayName: "Bozeman Little Stars", state: "MT", city: "Bozeman", categories: ["Kids' Parties Only"], travelRadius: "long_distance", audience: "kids", createdAt: day(12) },
  // Around Texarkana, on both sides of the state line.
  { id: "tx-texarkana-local", displayName: "Texarkana Tx Clown", state: "TX", city: "Texarkana", categories: ["Custom Characters"], travelRadius: "local_only", createdAt: day(20) },
  { id: "ar-texarkana-short", displayName: "Texarkana Ar Clown", state: "AR", city: "Texarkana", categories: ["Custom Characters"], travelRadius: "short_distance", createdAt: day(21) },
  { id: "ar-hope-local", displayName: "Hope Hero", state: "AR", city: "Hope", categories: ["Hero"], travelRadius: "local_only", createdAt: day(22) },
  { id: "ar-magnolia-medium", displayName: "Magnolia Mermaid", state: "AR", city: "Magnolia", categories: ["Fantasy"], travelRadius: "medium_distance", createdAt: day(23) },
  { id: "la-shreveport-local", displayName: "Shreveport Sprite", state: "LA", city: "Shreveport", categories: ["Fantasy"], travelRadius: "local_only", createdAt: day(24) },
  { id: "tx-tyler-long", displayName: "Tyler Titan", state: "TX", city: "Tyler", categories: ["Hero"], travelRadius: "long_distance", createdAt: day(25) },
];

function input(q: string, refinements: Partial<ListingRefinements> = {}, extra: Partial<SearchInput> = {}): SearchInput {
  return { q, state: null, city: null, category: null, page: 1, refinements: { ...NO_REFINEMENTS, ...refinements }, ...extra };
}

const search = (q: string, refinements: Partial<ListingRefinements> = {}, extra: Partial<SearchInput> = {}) =>
  searchProfiles(database.db, input(q, refinements, extra));
const bands = (outcome: SearchOutcome) => outcome.hits.map((h) => `${h.band}:${h.profile.id}`);
const ids = (outcome: SearchOutcome) => outcome.hits.map((h) => h.profile.id);
/** Texarkana, TX, measured from the town's middle (the city page, or the town named in a search). */
const TEXARKANA_TOWN = [
  "covers:tx-texarkana-local",
  "covers:ar-texarkana-short",
  "nearby:ar-hope-local",
  "nearby:ar-magnolia-medium",
  "nearby:la-shreveport-local",
  "nearby:tx-tyler-long",
  "nationwide:co-denver-anywhere",
  "nationwide:mt-billings-anywhere",
];
const BILLINGS_LOCALS = ["mt-billings-local-5", "mt-billings-local-4", "mt-billings-local-3", "mt-billings-local-2", "mt-billings-local-1"];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const fixture of FIXTURES) await insertProfile(database.db, fixture);
});

afterAll(async () => {
  await database?.close();
});

describe(`distance bands (${engine})`, () => {
  it("lists those whose range covers the place, then those nearby past their range, then far nationwide ones, each nearest first", async () => {
    const outcome = await search("59001");
    expect(outcome.banded).toBe(true);
    expect(bands(outcome)).toEqual([
      // 50 miles, travels anywhere: as near as any, so among those who travel there.
      "covers:mt-billings-anywhere",
      "covers:mt-bozeman-kids",
      "covers:mt-bozeman-pirate",
      ...BILLINGS_LOCALS.map((id) => `nearby:${id}`),
      "nationwide:co-denver-anywhere",
    ]);
    // Butte (156 miles) and Missoula (237) are past the nearby distance and do not travel anywhere.
    expect(ids(outcome)).not.toContain("mt-butte-short");
    expect(ids(outcome)).not.toContain("mt-missoula-medium");
    expect(outcome.total).toBe(9);
    for (const hit of outcome.hits) expect(hit.distanceMiles).not.toBeNull();
    const within = (band: string) => outcome.hits.filter((h) => h.band === band).map((h) => h.distanceMiles ?? Infinity);
    expect(within("covers")).toEqual([...within("covers")].sort((a, b) => a - b));
    expect(Math.round(outcome.hits[2].distanceMiles!)).toBe(77);
  });

  it("says on a nearby card how far the performer is and how far they usually travel", async () => {
    const outcome = await search("59001");
    const nearby = outcome.hits.find((h) => h.band === "nearby")!;
    expect(nearby.rangeMiles).toBe(10);
    expect(distanceLine({ group: "nearby", distanceMiles: nearby.distanceMiles, rangeMiles: nearby.rangeMiles }, "you")).toBe(
      "About 50 mi from you · usually travels up to 10 mi",
    );
    const covers = outcome.hits.find((h) => h.profile.id === "mt-bozeman-pirate")!;
    // Other cards say only how far ("77 miles away"), worded by the server too.
    expect(distanceLine({ group: "covers", distanceMiles: covers.distanceMiles, rangeMiles: covers.rangeMiles }, "you")).toMatch(/^\d+ miles away$/);
    // The page gets these lines and the bands' headings written by the server, not by its own code.
    const written = hitsWithDistanceText(outcome);
    expect(written.find((h) => h.band === "nearby")!.distanceText).toBe("About 50 mi from you · usually travels up to 10 mi");
    expect(written.find((h) => h.profile.id === "mt-bozeman-pirate")!.distanceText).toBe(`${Math.round(covers.distanceMiles!)} miles away`);
    const texts = bandTexts(outcome);
    expect(texts.covers).toBeUndefined();
    expect(texts.nearby).toEqual({
      heading: "Nearby, may charge travel",
      note: "Close to 59001 (Absarokee, MT), but past their usual travel range: ask whether they would come, and about travel fees.",
    });
  });

  it("breaks ties in distance newest first, then by id, and pages through the bands without repeats", async () => {
    const whole = ids(await search("59001"));
    const paged: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const outcome = await searchProfiles(database.db, { ...input("59001"), page }, { pageSize: 2 });
      expect(outcome.pageCount).toBe(5);
      paged.push(...ids(outcome));
    }
    expect(paged).toEqual(whole);
    // Locals 4 and 5 share their age: the larger id first, on every read.
    expect(whole.slice(3, 5)).toEqual(["mt-billings-local-5", "mt-billings-local-4"]);
  });

  it("lists performers over a state line as near as those on this side", async () => {
    const outcome = await search("75501");
    expect(outcome.zip).toEqual({ code: "75501", city: "Texarkana", state: "TX" });
    expect(bands(outcome)).toEqual([
      "covers:tx-texarkana-local",
      "covers:ar-texarkana-short",
      "covers:tx-tyler-long",
      "nearby:ar-hope-local",
      "nearby:ar-magnolia-medium",
      "nearby:la-shreveport-local",
      // Denver is 741 miles away, Billings 1,142.
      "nationwide:co-denver-anywhere",
      "nationwide:mt-billings-anywhere",
    ]);
    // The town named with its state is measured from the town's middle, where Tyler (100.6 miles)
    // is just past its 100-mile range: nearby instead.
    const named = await search("texarkana tx");
    expect(named.place).toEqual({ kind: "city", city: "Texarkana", state: "TX" });
    expect(bands(named)).toEqual(TEXARKANA_TOWN);
  });

  it("narrows every band to the radius asked for, and drops far nationwide acts", async () => {
    expect(ids(await search("75501", { miles: 25 }))).toEqual(["tx-texarkana-local", "ar-texarkana-short"]);
    const fifty = await search("75501", { miles: 50 });
    expect(bands(fifty)).toEqual(["covers:tx-texarkana-local", "covers:ar-texarkana-short", "nearby:ar-hope-local"]);
    const hundred = await search("75501", { miles: 100 });
    expect(ids(hundred)).toHaveLength(6);
    expect(ids(hundred)).not.toContain("co-denver-anywhere");
    // Billings is 50.3 miles from Absarokee: inside 100, outside 50.
    expect(ids(await search("59001", { miles: 50 }))).toEqual([]);
    expect(ids(await search("59001", { miles: 100 }))).toEqual(ids(await search("59001")).filter((id) => id !== "co-denver-anywhere"));
  });

  it("reaches as far as the nearby setting says", async () => {
    const wider = await searchProfiles(database.db, input("59001"), { nearbyMiles: 160 });
    expect(bands(wider)).toContain("nearby:mt-butte-short");
    const narrower = await searchProfiles(database.db, input("59001"), { nearbyMiles: 40 });
    // Billings (50 miles) is now past nearby: its locals go, its nationwide act is a far one.
    expect(ids(narrower)).not.toContain("mt-billings-local-1");
    expect(bands(narrower)).toEqual(["covers:mt-bozeman-kids", "covers:mt-bozeman-pirate", "nationwide:mt-billings-anywhere", "nationwide:co-denver-anywhere"]);
  });

  it("keeps adults-only acts out of every search unless adult events are asked for", async () => {
    expect(ids(await search("59001"))).not.toContain("mt-bozeman-adults");
    expect(ids(await search("burlesque"))).toEqual([]);
    expect(ids(await search("59001", { audience: "adults" }))).toContain("mt-bozeman-adults");
    expect(ids(await search("burlesque", { audience: "adults" }))).toEqual(["mt-bozeman-adults"]);
    // Young children: only acts that say they are for kids and families.
    expect(ids(await search("59001", { audience: "kids" }))).toEqual(["mt-bozeman-kids"]);
  });

  it("sorts within each band: best match, nearest, lowest price, newest", async () => {
    // The word in a stage name outranks a mention in a bio, however near.
    expect(ids(await search("pirate 59001"))).toEqual(["mt-bozeman-pirate", "mt-billings-anywhere"]);
    expect(ids(await search("pirate 59001", { sort: "nearest" }))).toEqual(["mt-billings-anywhere", "mt-bozeman-pirate"]);
    // Lowest price first within a band, those without a price last; the bands stay in order.
    expect(bands(await search("59001", { sort: "price" }))).toEqual([
      "covers:mt-billings-anywhere",
      "covers:mt-bozeman-pirate",
      "covers:mt-bozeman-kids",
      "nearby:mt-billings-local-1",
      ...BILLINGS_LOCALS.slice(0, 4).map((id) => `nearby:${id}`),
      "nationwide:co-denver-anywhere",
    ]);
    expect(bands(await search("59001", { sort: "newest" })).slice(0, 3)).toEqual(["covers:mt-bozeman-kids", "covers:mt-billings-anywhere", "covers:mt-bozeman-pirate"]);
    // Without a place there are no bands: newest first is the whole order.
    const newest = await search("fantasy", { sort: "newest" });
    expect(newest.banded).toBe(false);
    expect(ids(newest).slice(0, 2)).toEqual(["la-shreveport-local", "ar-magnolia-medium"]);
  });

  it("reads the refinements from the address, and applies the budget", async () => {
    const parsed = parseSearchInput(new URL("http://x/search?q=59001&miles=100&sort=price&budget=150&audience=kids&size=solo"));
    expect(parsed.refinements).toEqual({ miles: 100, sort: "price", budget: 150, audience: "kids", size: "solo", date: null, showBooked: false, checked: false, insured: false });
    // Up to $150: Pirate Pete ($200 an hour, no package) goes; those without a price stay (ask them).
    const budget = ids(await search("59001", { budget: 150 }));
    expect(budget).not.toContain("mt-bozeman-pirate");
    expect(budget).toContain("mt-billings-local-2");
  });

  it("keeps a state on its own a plain filter: performers based there, no bands", async () => {
    const outcome = await search("pirate montana");
    expect(outcome.place).toEqual({ kind: "state", state: "MT", name: "Montana" });
    expect(outcome.banded).toBe(false);
    expect(outcome.hits.map((h) => h.band)).toEqual([null, null]);
    expect(ids(outcome)).toEqual(["mt-bozeman-pirate", "mt-billings-anywhere"]);
  });
});

describe(`city pages in bands (${engine})`, () => {
  const texarkana = findGazetteerCity("TX", "Texarkana")!;
  const query = { latitude: texarkana.latitude, longitude: texarkana.longitude, based: { state: "TX", city: "Texarkana" }, categories: [], page: 1 };

  it("shows the same bands as a search, with their counts", async () => {
    const listing = await listPlaceProfiles(database.db, query);
    expect(listing.hits.map((h) => `${h.group}:${h.profile.id}`)).toEqual(TEXARKANA_TOWN);
    expect(listing.counts).toEqual({ covers: 2, nearby: 4, nationwide: 2, nearest: 0 });
    expect(listing.totalAtLeast).toBe(false);
  });

  it("narrows a city page to the radius, and leaves adults-only acts out unless asked", async () => {
    const within = await listPlaceProfiles(database.db, { ...query, refinements: { ...NO_REFINEMENTS, miles: 25 } });
    expect(within.hits.map((h) => h.profile.id)).toEqual(["tx-texarkana-local", "ar-texarkana-short"]);
    expect(within.counts).toEqual({ covers: 2, nearby: 0, nationwide: 0, nearest: 0 });
    const absarokee = findGazetteerCity("MT", "Absarokee")!;
    const place = { ...query, latitude: absarokee.latitude, longitude: absarokee.longitude, based: { state: "MT", city: "Absarokee" } };
    expect((await listPlaceProfiles(database.db, place)).hits.map((h) => h.profile.id)).not.toContain("mt-bozeman-adults");
    const adults = await listPlaceProfiles(database.db, { ...place, refinements: { ...NO_REFINEMENTS, audience: "adults" } });
    expect(adults.hits.map((h) => h.profile.id)).toContain("mt-bozeman-adults");
  });
});
