import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchInput } from "~/server/search/query.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addParentsPerformers, PARENTS } from "./search-parents-fixtures";

// Query expansion through the dictionary: a visitor's name or word finds performers who describe
// the act in their own, trademark-safe words, and the page says what else it searched for.

let database: TestDatabase;

function input(q: string, extra: Partial<SearchInput> = {}): SearchInput {
  return { q, state: null, city: null, category: null, page: 1, ...extra };
}

async function search(q: string): Promise<SearchOutcome> {
  return searchProfiles(database.db, input(q));
}

async function names(q: string): Promise<string[]> {
  return (await search(q)).hits.map((h) => h.profile.displayName ?? "");
}

/** Every sentence the page builds from the outcome, for "never a trademarked name" checks. */
function shownExpansions(outcome: SearchOutcome): string {
  return JSON.stringify(outcome.expansions.map((e) => [e.descriptions, e.categories]));
}

beforeAll(async () => {
  database = await createTestDatabase();
  await addParentsPerformers(database.db);
});

afterAll(async () => {
  await database?.close();
});

describe(`query expansion (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a trademarked name finds performers by their descriptions, in every spelling", async () => {
    for (const q of ["Spider-Man", "spiderman", "spider man", "spider-man", "SPIDERMAN"]) {
      const outcome = await search(q);
      expect(outcome.hits.map((h) => h.profile.displayName), q).toContain(PARENTS.arachno.displayName);
      expect(outcome.expansions, q).toEqual([
        // Found by description, so the Hero category (where such performers usually are) is not needed.
        { label: "Spider-Man", descriptions: ["web-slinging hero", "spider hero", "web-slinger", "wall-crawler"], categories: [] },
      ]);
      expect(outcome.closest).toBe(false);
    }
    // Only the web-slinger: heroes in general are not Spider-Man.
    expect(await names("spiderman")).toEqual([PARENTS.arachno.displayName]);
    expect(await names("batman")).toContain(PARENTS.nightGuardian.displayName);
  });

  it("a kid's word finds royal and queenly performers; never lists a trademarked name", async () => {
    const princess = await search("princess");
    const found = princess.hits.map((h) => h.profile.displayName);
    expect(found).toContain(PARENTS.royalTea.displayName);
    expect(found).toContain(PARENTS.winterGlow.displayName);
    expect(princess.expansions[0].label).toBe("princess");
    expect(princess.expansions[0].descriptions).toEqual(expect.arrayContaining(["royal", "fairy-tale", "queen"]));

    expect(await names("dinosaur")).toEqual([PARENTS.rex.displayName]);
    expect(await names("dinos")).toEqual([PARENTS.rex.displayName]);
    // The mermaid only; the Fantasy category (where mermaids usually are) is for when nobody says "mermaid".
    expect(await names("mermaids")).toEqual([PARENTS.coral.displayName]);
    expect(await names("pirate")).toEqual([PARENTS.roseCity.displayName]);
    expect(await names("santa claus")).toEqual([PARENTS.jolly.displayName]);
  });

  it("a category's everyday word finds the category", async () => {
    const superhero = await names("superhero");
    for (const performer of [PARENTS.arachno, PARENTS.kindness, PARENTS.sunshine, PARENTS.everywhere]) {
      expect(superhero).toContain(performer.displayName);
    }
    expect(superhero).not.toContain(PARENTS.rex.displayName);
  });

  it("a performer's description finds the others of its entry, and the page names no trademark", async () => {
    const iceQueen = await search("ice queen");
    expect(iceQueen.hits.map((h) => h.profile.displayName)[0]).toBe(PARENTS.winterGlow.displayName);
    expect(iceQueen.expansions[0].label).toBe("ice queen");
    expect(iceQueen.expansions[0].descriptions).toContain("snow queen");
    expect(shownExpansions(iceQueen)).not.toMatch(/elsa|frozen/i);

    const elsa = await search("elsa");
    expect(elsa.hits.map((h) => h.profile.displayName)[0]).toBe(PARENTS.winterGlow.displayName);
    // The visitor's word is repeated as what was asked for; the descriptions never name it.
    expect(elsa.expansions[0].label).toBe("Elsa");
    expect(shownExpansions(elsa)).not.toMatch(/elsa|frozen/i);
    expect(shownExpansions(await search("spiderman"))).not.toMatch(/spider-?man/i);
  });

  it("widens to the related category only when nobody is found by name or description", async () => {
    // Nobody writes unicorn, rainbow pony or pegasus: the Fantasy performers, said to be the closest.
    const unicorn = await search("unicorn");
    expect(unicorn.closest).toBe(true);
    expect(unicorn.hits.map((h) => h.profile.displayName).sort()).toEqual([PARENTS.coral.displayName, PARENTS.firebird.displayName].sort());
    expect(unicorn.expansions).toEqual([{ label: "unicorn", descriptions: ["rainbow pony", "magical horse", "pegasus"], categories: ["Fantasy"] }]);
    // Found by description: the category stays out of the results and of the sentence.
    const princess = await search("princess");
    expect(princess.closest).toBe(false);
    expect(princess.expansions[0].categories).toEqual([]);
    expect(princess.hits.map((h) => h.profile.displayName)).not.toContain(PARENTS.firebird.displayName);
  });

  it("corrects a misspelling first, then expands it", async () => {
    const spider = await search("spidrman");
    expect(spider.correctedQuery).toBe("spiderman");
    expect(spider.hits.map((h) => h.profile.displayName)).toContain(PARENTS.arachno.displayName);
    expect(spider.expansions[0].label).toBe("Spider-Man");

    const princess = await search("prinsess");
    expect(princess.correctedQuery).toBe("princess");
    expect(princess.hits.map((h) => h.profile.displayName)).toContain(PARENTS.royalTea.displayName);

    const dino = await search("dinosuar");
    expect(dino.correctedQuery).toBe("dinosaur");
    expect(dino.hits.map((h) => h.profile.displayName)).toEqual([PARENTS.rex.displayName]);
  });

  it("reads an unfinished last word as the names it begins", async () => {
    const prin = await search("prin");
    expect(prin.hits.map((h) => h.profile.displayName)).toEqual(expect.arrayContaining([PARENTS.royalTea.displayName, PARENTS.winterGlow.displayName]));
    expect(prin.expansions[0].label).toBe("prin");
    expect(prin.expansions[0].descriptions).toContain("princess");
    const spid = await search("spid");
    expect(spid.hits.map((h) => h.profile.displayName)).toEqual([PARENTS.arachno.displayName]);
    expect(shownExpansions(spid)).not.toMatch(/spider-?man/i);
    // Only the last word, and not a word that begins too many names.
    expect((await search("prin tea")).closest).toBe(true);
    expect((await search("tea prin")).closest).toBe(false);
  });

  it("keeps plain words plain and hidden profiles hidden", async () => {
    expect(await names("libraries")).toEqual([PARENTS.kindness.displayName]);
    const seen = new Set<string>();
    for (const q of ["spiderman", "princess", "ice queen", "batman", "dinosaur", "mermaid", "pirate", "santa", "superhero"]) {
      for (const hit of (await search(q)).hits) seen.add(hit.profile.id);
    }
    expect(seen.has("hidden-everything")).toBe(false);
  });
});
