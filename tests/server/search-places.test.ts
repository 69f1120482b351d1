import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closestMatchesMessage } from "~/lib/search-view";
import type { SearchInput } from "~/server/search/query.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { understandQuery } from "~/server/search/understand.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addParentsPerformers, PARENTS } from "./search-parents-fixtures";

// Places named in the words ("hero orlando", "salt lake city", "in tx") and the fallbacks that keep
// a search from ending on an empty page.

let database: TestDatabase;

function input(q: string, extra: Partial<SearchInput> = {}): SearchInput {
  return { q, state: null, city: null, category: null, page: 1, ...extra };
}

async function search(q: string, extra: Partial<SearchInput> = {}): Promise<SearchOutcome> {
  return searchProfiles(database.db, input(q, extra));
}

const namesOf = (outcome: SearchOutcome) => outcome.hits.map((h) => h.profile.displayName);

async function placeOf(q: string) {
  return (await understandQuery(database.db, input(q))).place;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await addParentsPerformers(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe(`places in the query (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a city counts as a place, as its ZIP code does", async () => {
    const byCity = await search("hero orlando");
    const byZip = await search("hero 32801");
    expect(byCity.place).toEqual({ kind: "city", city: "Orlando", state: "FL" });
    // Tampa's long-range hero (about 80 miles), then the one who travels anywhere.
    expect(namesOf(byCity)).toEqual([PARENTS.sunshine.displayName, PARENTS.everywhere.displayName]);
    expect(namesOf(byCity)).toEqual(namesOf(byZip));
    expect(Math.round(byCity.hits[0].distanceMiles ?? 0)).toBeGreaterThan(70);
    expect(byCity.closest).toBe(false);

    // The brief's example: princesses (royal, ice queen) for Orlando, found with no fallback. Both
    // travel there; "royal" in a stage name outranks "ice queen" in a bio, whatever the distance.
    const princess = await search("princess orlando");
    expect(princess.closest).toBe(false);
    expect(namesOf(princess).slice(0, 2)).toEqual([PARENTS.royalTea.displayName, PARENTS.winterGlow.displayName]);
  });

  it("reads cities of several words and states by name or unambiguous abbreviation", async () => {
    const slc = await search("batman salt lake city");
    expect(slc.place).toEqual({ kind: "city", city: "Salt Lake City", state: "UT" });
    expect(namesOf(slc)).toEqual([PARENTS.nightGuardian.displayName]);

    const newYork = await search("hero new york");
    expect(newYork.place).toEqual({ kind: "state", state: "NY", name: "New York" });
    expect(namesOf(newYork)).toEqual([PARENTS.kindness.displayName]);
    expect((await search("hero new york city")).place).toMatchObject({ kind: "city", city: "New York City" });

    for (const q of ["hero in tx", "hero texas", "superhero TX"]) {
      const texas = await search(q);
      expect(texas.place, q).toEqual({ kind: "state", state: "TX", name: "Texas" });
      expect(namesOf(texas), q).toEqual([PARENTS.arachno.displayName]);
    }
    expect(await placeOf("dallas texas")).toMatchObject({ kind: "city", city: "Dallas", state: "TX" });
    expect(await placeOf("kansas city")).toMatchObject({ kind: "city", city: "Kansas City", state: "MO" });
    expect(await placeOf("kansas city ks")).toMatchObject({ kind: "city", city: "Kansas City", state: "KS" });
  });

  it("does not take everyday words for states or cities", async () => {
    // "in", "me", "or", "hi", "ok", "oh", "pa", "la" are words first; "phoenix" is also a costume.
    for (const q of ["indiana jones", "george washington", "pirate in", "pirate me", "pirate or", "hi pirate", "pirate ok", "oh pirate", "pa pirate", "la pirate", "phoenix", "aurora", "reading"]) {
      expect(await placeOf(q), q).toBeNull();
    }
    expect(namesOf(await search("phoenix"))).toEqual([PARENTS.firebird.displayName]);
    expect((await search("pirate me")).place).toBeNull();
    expect(namesOf(await search("pirate me"))).toEqual([PARENTS.roseCity.displayName]);
  });

  it("takes an ambiguous name as a place when the query says so", async () => {
    expect(await placeOf("clown in aurora")).toMatchObject({ kind: "city", city: "Aurora", state: "CO" });
    expect(await placeOf("clown aurora co")).toMatchObject({ kind: "city", city: "Aurora", state: "CO" });
    expect(await placeOf("clown aurora il")).toMatchObject({ kind: "city", city: "Aurora", state: "IL" });
    expect(await placeOf("pirate portland or")).toMatchObject({ kind: "city", city: "Portland", state: "OR" });
    expect(await placeOf("pirate portland me")).toMatchObject({ kind: "city", city: "Portland", state: "ME" });
    expect(await placeOf("boise id")).toMatchObject({ kind: "city", city: "Boise", state: "ID" });
    expect(namesOf(await search("clown in aurora"))).toEqual([PARENTS.rockyClown.displayName]);
    expect(namesOf(await search("pirate portland or"))).toEqual([PARENTS.roseCity.displayName]);
  });

  it("lets a ZIP code, the city filter or a different state filter win over a named place", async () => {
    const zip = await search("hero orlando 33602");
    expect(zip.place).toBeNull();
    expect(zip.zip?.code).toBe("33602");
    expect(namesOf(zip)[0]).toBe(PARENTS.sunshine.displayName);
    // With a state filter elsewhere, "orlando" stays a word (and nobody in Texas writes it).
    const filtered = await search("orlando", { state: "TX" });
    expect(filtered.place).toBeNull();
    expect(filtered.total).toBe(0);
  });
});

describe(`no dead ends (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("ranks performers matching most of the words when none matches all", async () => {
    const outcome = await search("mermaid dinosaur ocean");
    expect(outcome.closest).toBe(true);
    // The mermaid matches two of the three words, the T-rex one.
    expect(namesOf(outcome)[0]).toBe(PARENTS.coral.displayName);
    expect(namesOf(outcome)).toContain(PARENTS.rex.displayName);
    expect(closestMatchesMessage(outcome.input.q)).toBe('No performers match all of "mermaid dinosaur ocean"; showing the closest.');
  });

  it("when nobody near the place matches, shows the matching performers nearest to it", async () => {
    const outcome = await search("mermaid boise");
    expect(outcome.place).toMatchObject({ kind: "city", city: "Boise" });
    expect(outcome.closest).toBe(true);
    // The mermaid herself, then Fantasy performers (the category mermaids belong to), nearest first.
    expect(namesOf(outcome)).toEqual([PARENTS.coral.displayName, PARENTS.firebird.displayName]);
    expect(outcome.hits[0].distanceMiles).toBeGreaterThan(1500);

    const state = await search("mermaid utah");
    expect(state.closest).toBe(true);
    expect(namesOf(state)[0]).toBe(PARENTS.coral.displayName);
  });

  it("says nothing is found only when no word finds anyone", async () => {
    const outcome = await search("zzzzqx");
    expect(outcome.total).toBe(0);
    expect(outcome.closest).toBe(false);
    const strict = await search("dinosaur");
    expect(strict.closest).toBe(false);
  });
});
