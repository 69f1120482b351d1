import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lookupPhrase } from "~/lib/search-dictionary";
import { findCity } from "~/lib/us-states";
import { forgetDirectoryCounts } from "~/server/directory/directory.server";
import { nearestPlacesWithPerformers, noResultsHelp, respelledQuery } from "~/server/search/no-results.server";
import { parseSearchInput } from "~/server/search/query.server";
import { searchProfiles } from "~/server/search/search.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

// A search that finds nobody is no dead end: it offers a search that finds someone (a closer
// spelling, or the words without the filters), the nearest state and city pages that have
// performers (or the busiest states), and the tiles counted near the searched place.

const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
let database: TestDatabase;

const orlando = findCity("FL", "Orlando")!;
const ORLANDO = { latitude: orlando.lat, longitude: orlando.lon };

/** The search /search runs for this address, and what its zero-result page offers. */
async function zeroResultPage(query: string) {
  const input = parseSearchInput(new URL(`/search?${query}`, "http://localhost"));
  const outcome = await searchProfiles(database.db, input);
  return { outcome, help: await noResultsHelp(database.db, input, outcome) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await addPerformer(db, { id: "orlando-princess", bio: "A fairy-tale princess for birthday parties.", state: "FL", city: "Orlando", categories: ["Fantasy"] });
  await addPerformer(db, { id: "orlando-spark", displayName: "Captain Spark", bio: "A superhero who teaches kindness.", state: "FL", city: "Orlando", categories: ["Hero"] });
  await addPerformer(db, { id: "tampa-pirate", bio: "A swashbuckling pirate captain.", state: "FL", city: "Tampa", categories: ["Historical/Fantasy Crossover"] });
  await addPerformer(db, { id: "atlanta-clown", bio: "Balloon animals and bubbles.", state: "GA", city: "Atlanta", categories: ["Kids' Parties Only"] });
  await addPerformer(db, { id: "boise-elf", bio: "A holiday elf from the north pole.", state: "ID", city: "Boise", categories: ["Fantasy"] });
  for (let i = 1; i <= 4; i++) {
    await addPerformer(db, { id: `seattle-${i}`, bio: "Walkaround mascot visits.", state: "WA", city: "Seattle", categories: ["Mascot Style"] });
  }
  // Not listed: never a reason to offer a place.
  await addPerformer(db, { id: "denver-hidden", bio: "A princess.", state: "CO", city: "Denver", categories: ["Fantasy"], isActive: false });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe(`nearest places with performers (${engine})`, () => {
  it("from a point: the nearest cities with performers, then the nearest states, with distances", async () => {
    const { cities, states } = await nearestPlacesWithPerformers(database.db, { point: ORLANDO, state: "FL" });
    expect(cities.map((c) => c.label)).toEqual(["Orlando, FL", "Tampa, FL", "Atlanta, GA", "Boise, ID"]);
    expect(cities[0]).toMatchObject({ href: "/browse/FL?city=Orlando", count: 2 });
    expect(cities[0].miles).toBeLessThan(1);
    expect(cities[1].miles).toBeGreaterThan(60);
    expect(cities[1].miles).toBeLessThan(100);
    expect(states.map((s) => [s.label, s.href, s.count])).toEqual([
      ["Florida", "/browse/FL", 3],
      ["Georgia", "/browse/GA", 1],
      ["Idaho", "/browse/ID", 1],
    ]);
    expect(states.map((s) => s.label)).not.toContain("Colorado");
  });

  it("from a state: its own pages first, without distances that would mean nothing", async () => {
    const { cities, states } = await nearestPlacesWithPerformers(database.db, { point: null, state: "GA" });
    expect(states[0]).toMatchObject({ label: "Georgia", miles: null });
    expect(states[1].label).toBe("Florida");
    expect(cities[0]).toMatchObject({ label: "Atlanta, GA", miles: null });
  });

  it("without a place: the states with the most performers", async () => {
    const { cities, states } = await nearestPlacesWithPerformers(database.db, null);
    expect(cities).toEqual([]);
    expect(states.map((s) => [s.label, s.count])).toEqual([
      ["Washington", 4],
      ["Florida", 3],
      ["Georgia", 1],
      ["Idaho", 1],
    ]);
  });
});

describe("did you mean", () => {
  it("respells the words the dictionary nearly knows, keeping places and ZIP codes", () => {
    expect(respelledQuery("sooperheerow")).toBe("superhero");
    expect(respelledQuery("sooperheerow orlando")).toBe("superhero orlando");
    expect(respelledQuery("sooperheerow 32801")).toBe("superhero 32801");
    expect(respelledQuery("princess")).toBeNull();
    expect(respelledQuery("zzqxv")).toBeNull();
  });
});

describe(`a search that found nobody (${engine})`, () => {
  it("offers a spelling that finds performers, the busiest states and the tiles", async () => {
    const { outcome, help } = await zeroResultPage("q=sooperheerow");
    expect(outcome.total).toBe(0);
    expect(help.suggestions).toEqual([{ q: "superhero", href: "/search?q=superhero", kind: "spelling", count: 1, atLeast: false }]);
    expect(help.placeName).toBeNull();
    expect(help.states[0]).toMatchObject({ label: "Washington", count: 4 });
    expect(help.tiles.placeName).toBeNull();
    expect(help.tiles.tiles).toHaveLength(8);
    expect(help.tiles.tiles.find((t) => t.id === "princesses")).toMatchObject({ count: 1, href: "/search?q=princess", countText: "1 performer" });
  });

  it("offers the same words without the filters that left nobody", async () => {
    const { outcome, help } = await zeroResultPage("q=princess&state=WA&category=Villain");
    expect(outcome.total).toBe(0);
    expect(help.suggestions).toEqual([{ q: "princess", href: "/search?q=princess", kind: "without-filters", count: 1, atLeast: false }]);
    expect(help.placeName).toBe("Washington");
    expect(help.tiles.placeName).toBe("Washington");
    expect(help.tiles.tiles[0].href).toBe("/search?q=princess+Washington");
    expect(help.states[0].label).toBe("Washington");
  });

  it("never offers a search that finds nobody either", async () => {
    const { help } = await zeroResultPage("q=zzqxv");
    expect(help.suggestions).toEqual([]);
  });

  it('"encanto" is understood, and a search for it near Orlando that finds nobody offers the nearest places and the tiles there', async () => {
    expect(lookupPhrase("encanto")?.entries[0].label).toBe("Encanto");
    const { outcome, help } = await zeroResultPage("q=encanto+orlando");
    expect(outcome.total).toBe(0);
    expect(help.placeName).toBe("Orlando, FL");
    expect(help.tiles.placeName).toBe("Orlando, FL");
    expect(help.cities[0]).toMatchObject({ label: "Orlando, FL", count: 2 });
    expect(help.states[0].label).toBe("Florida");
    expect(help.tiles.tiles.find((t) => t.id === "superheroes")).toMatchObject({
      count: 1,
      href: "/search?q=superhero+Orlando+FL",
      countText: "1 performer near Orlando, FL",
    });

    // Once a performer describes the act in their own words, the word finds them.
    await addPerformer(database.db, { id: "magical-family", bio: "A magical family heroine with songs and a candle.", state: "FL", city: "Orlando", categories: ["Fantasy"] });
    forgetDirectoryCounts(database.db);
    expect((await zeroResultPage("q=encanto")).outcome.hits.map((h) => h.profile.id)).toEqual(["magical-family"]);
  });
});
