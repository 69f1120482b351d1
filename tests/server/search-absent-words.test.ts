import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_REFINEMENTS } from "~/lib/listing-refinements";
import { absentWords, withAbsentWords } from "~/server/search/absent-words.server";
import { groupsTsquery } from "~/server/search/expand.server";
import { searchProfiles } from "~/server/search/search.server";
import { understandQuery } from "~/server/search/understand.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// A dictionary phrase holding a word no performer wrote (by stem) is left out of the text query:
// it could match nobody, and the text index would still read the postings of its other words
// ("big head costume" beside "mascot", where every profile says "costume"). The same performers
// are found, and a phrase comes back as soon as a performer writes its missing word.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

const FIXTURES: ProfileFixture[] = [
  { id: "aw-mascot", displayName: "Cheer Bear Visits", bio: "A mascot costume for school games.", state: "TX", city: "Dallas", categories: ["Mascot Style"] },
  { id: "aw-plush", displayName: "Cuddle Crew", bio: "Our plush character costumes hug every guest.", state: "TX", city: "Dallas", categories: ["Custom Characters"] },
  { id: "aw-costume", displayName: "Costume Corner", bio: "Costumes and characters for any party.", state: "TX", city: "Dallas", categories: ["Cosplay"] },
];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const fixture of FIXTURES) await insertProfile(database.db, fixture);
});
afterAll(async () => {
  await database?.close();
});

const input = (q: string) => ({ q, state: null, city: null, category: null, page: 1, refinements: NO_REFINEMENTS });
const ids = async (q: string) => (await searchProfiles(database.db, input(q))).hits.map((h) => h.profile.id).sort();
const mascotQuery = async () => groupsTsquery(await withAbsentWords(database.db, (await understandQuery(database.db, input("mascot"))).groups), "meaning");

describe(`phrases nobody wrote (${engine})`, () => {
  it("names the words whose stem no performer wrote, never a stop word or a short word", async () => {
    // "costumes" and "characters" share the stems of "costume" and "character"; "the" is a stop word, "ox" too short to check.
    expect(await absentWords(database.db, ["big", "head", "costume", "character", "plush", "the", "ox", "walkaround"])).toEqual(
      new Set(["big", "head", "walkaround"]),
    );
  });

  it("leaves such phrases out of the text query and finds the same performers", async () => {
    const query = await mascotQuery();
    expect(query).toContain("plush <-> character");
    expect(query).not.toContain("big <-> head");
    expect(await ids("mascot")).toEqual(["aw-mascot", "aw-plush"]);
  });

  it("searches a phrase again as soon as a performer writes its missing word", async () => {
    await insertProfile(database.db, { id: "aw-big-head", displayName: "Jumbo Joy", bio: "Big head costume fun at fairs.", state: "TX", city: "Dallas", categories: ["Cosplay"] });
    expect(await mascotQuery()).toContain("big <-> head <-> costume");
    expect(await ids("mascot")).toEqual(["aw-big-head", "aw-mascot", "aw-plush"]);
  });
});
