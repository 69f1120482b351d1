import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_REFINEMENTS } from "~/lib/listing-refinements";
import { searchProfiles } from "~/server/search/search.server";
import { wholeWords } from "~/server/search/whole-words.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// A typed word is searched as typed, not also as the start of longer words, only when no word
// performers have written extends it: the same performers are found either way, and the text
// index answers a plain word faster. A word some performer extends ("princess" in "Princessland")
// keeps its prefix match, and so does a word too short to check.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

const FIXTURES: ProfileFixture[] = [
  { id: "ww-princess", displayName: "Rosalind Royal", bio: "A princess for tea parties and story time.", state: "TX", city: "Austin", categories: ["Fantasy"] },
  { id: "ww-princessland", displayName: "Princessland Parades", bio: "Parades and crowns.", state: "TX", city: "Austin", categories: ["Fantasy"] },
  { id: "ww-mermaid", displayName: "Marina Waves", bio: "Mermaids at pool parties; fairies on request.", state: "TX", city: "Austin", categories: ["Fantasy"] },
];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const fixture of FIXTURES) await insertProfile(database.db, fixture);
});
afterAll(async () => {
  await database?.close();
});

const search = (q: string) =>
  searchProfiles(database.db, { q, state: null, city: null, category: null, page: 1, refinements: NO_REFINEMENTS });

describe(`whole words (${engine})`, () => {
  it("names the words no performer's longer word begins, by their stems", async () => {
    // "mermaid" and "fairy" ("fairies" is the same stem) are whole; "princess" begins "Princessland";
    // "mer" is too short to check, a number is never checked.
    expect(await wholeWords(database.db, ["mermaid", "fairy", "princess", "mer", "12345"])).toEqual(new Set(["mermaid", "fairy"]));
  });

  it("finds the same performers as the prefix match would", async () => {
    const ids = async (q: string) => (await search(q)).hits.map((h) => h.profile.id).sort();
    expect(await ids("princess")).toEqual(["ww-princess", "ww-princessland"]);
    expect(await ids("mermaid")).toEqual(["ww-mermaid"]);
    expect(await ids("fairy")).toEqual(["ww-mermaid"]);
    // An unfinished word still finds the words it begins.
    expect(await ids("merma")).toEqual(["ww-mermaid"]);
  });
});
