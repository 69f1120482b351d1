import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchInput, type SearchInput } from "~/server/search/query.server";
import { searchProfiles } from "~/server/search/search.server";
import { understandQuery } from "~/server/search/understand.server";
import { insertProfile } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Towns the state data does not list ("kissimmee", "in kissimmee", "boca raton fl") are places in
// a search; a hamlet whose name is an everyday word only with its state (search-places-bare.test.ts).

let database: TestDatabase;

const input = (q: string): SearchInput => ({ q, state: null, city: null, category: null, page: 1 });
const placeOf = async (q: string) => (await understandQuery(database.db, input(q))).place;
const wordsOf = async (q: string) => (await understandQuery(database.db, input(q))).groups.map((g) => g.words.join(" "));

beforeAll(async () => {
  database = await createTestDatabase();
  await insertProfile(database.db, {
    id: "town-kissimmee-princess",
    displayName: "Lakeside Snow Princess",
    state: "FL",
    city: "Kissimmee",
    categories: ["Fantasy"],
    bio: "A snow princess who sings and tells stories at birthday parties around Central Florida, with crowns for every guest.",
    travelRadius: "short_distance",
  });
  await insertProfile(database.db, {
    id: "town-boca-clown",
    displayName: "Boca Giggles",
    state: "FL",
    city: "Boca Raton",
    categories: ["Kids' Parties Only"],
    bio: "A juggling clown for birthday parties and school fairs in Palm Beach County, with balloon animals for every guest.",
    travelRadius: "local_only",
  });
  // Based in Orlando itself and travels anywhere: near Orlando it is among those who travel there,
  // far from it among those who travel nationwide.
  await insertProfile(database.db, {
    id: "town-orlando-anywhere",
    displayName: "Orlando Goes Anywhere",
    state: "FL",
    city: "Orlando",
    categories: ["Hero"],
    bio: "A caped hero who flies to birthday parties and school assemblies in every state, with a training course for little heroes.",
    travelRadius: "nationwide",
  });
  // About 20 miles from Boca Raton with a 10-mile range: nearby, past its usual range.
  await insertProfile(database.db, {
    id: "town-lauderdale-local",
    displayName: "Lauderdale Bubble Show",
    state: "FL",
    city: "Fort Lauderdale",
    categories: ["Kids' Parties Only"],
    bio: "Giant bubbles, bubble tents and a bubble dance party for birthdays and school fairs around Fort Lauderdale.",
    travelRadius: "local_only",
  });
});

afterAll(async () => {
  await database?.close();
});

describe(`towns named in a search (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("reads a town followed by its state, or introduced by in/near, as a place", async () => {
    expect(await placeOf("hero kissimmee fl")).toMatchObject({ kind: "city", city: "Kissimmee", state: "FL" });
    expect(await placeOf("princess in kissimmee")).toMatchObject({ kind: "city", city: "Kissimmee", state: "FL" });
    expect(await placeOf("mermaid in palm beach gardens")).toMatchObject({ kind: "city", city: "Palm Beach Gardens", state: "FL" });
    // Two states have a Saint Augustine; Florida's has far more ZIP codes.
    expect(await placeOf("pirate in st augustine")).toMatchObject({ kind: "city", city: "Saint Augustine", state: "FL" });
    expect(await placeOf("pirate st augustine il")).toMatchObject({ kind: "city", city: "Saint Augustine", state: "IL" });
  });

  it("reads a bare town name as a place, but leaves hamlets named like everyday words as words", async () => {
    expect(await placeOf("princess kissimmee")).toMatchObject({ kind: "city", city: "Kissimmee", state: "FL" });
    expect(await wordsOf("princess kissimmee")).toEqual(["princess"]);
    for (const q of ["party in park", "princess in blue", "santa in christmas"]) expect(await placeOf(q)).toBeNull();
  });

  it("does not correct a town's name as a misspelling", async () => {
    const understood = await understandQuery(database.db, input("clown near boca raton"));
    expect(understood.place).toMatchObject({ kind: "city", city: "Boca Raton", state: "FL" });
    expect(understood.correctedQuery).toBeNull();
  });

  it("finds who travels to the town, nearest first, with the distance", async () => {
    const outcome = await searchProfiles(database.db, input("princess in kissimmee"));
    expect(outcome.place).toEqual({ kind: "city", city: "Kissimmee", state: "FL" });
    expect(outcome.hits.map((h) => h.profile.displayName)).toEqual(["Lakeside Snow Princess"]);
    expect(outcome.hits[0].distanceMiles).toBeLessThan(1);
  });

  it("takes any town of the state in the city filter, in its usual spelling", async () => {
    const parsed = parseSearchInput(new URL("http://x/search?q=princess&state=FL&city=kissimmee"));
    expect(parsed.city).toBe("Kissimmee");
    const outcome = await searchProfiles(database.db, parsed);
    expect(outcome.hits.map((h) => h.profile.displayName)).toEqual(["Lakeside Snow Princess"]);
    expect(parseSearchInput(new URL("http://x/search?state=FL&city=Nowhere+Special")).city).toBeNull();
  });

  it("lists a performer who travels anywhere and lives close among those who travel there, nearest first", async () => {
    const outcome = await searchProfiles(database.db, input("32801"));
    expect(outcome.hits.map((h) => [h.profile.displayName, h.band])).toEqual([
      ["Orlando Goes Anywhere", "covers"],
      ["Lakeside Snow Princess", "covers"],
    ]);
    expect(outcome.hits[0].distanceMiles).toBeLessThan(5);
  });

  it("orders a town's bands: those who travel there, those nearby past their range, then those who travel anywhere from far", async () => {
    const outcome = await searchProfiles(database.db, input("33432"));
    expect(outcome.hits.map((h) => [h.profile.displayName, h.band])).toEqual([
      ["Boca Giggles", "covers"],
      ["Lauderdale Bubble Show", "nearby"],
      ["Orlando Goes Anywhere", "nationwide"],
    ]);
    expect(outcome.hits[1].rangeMiles).toBe(10);
    expect(outcome.hits[2].distanceMiles).toBeGreaterThan(150);
  });
});
