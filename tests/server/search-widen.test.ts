import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchInput } from "~/server/search/query.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { FEW_PERFORMERS } from "~/server/search/zip.server";
import { searchedPlaceName, wideningMessage } from "~/lib/search-view";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

// A ZIP code or city that few performers travel to: the search also looks 25, 50 or 100 miles past
// their travel ranges, stops at the first step that finds enough, keeps those who travel there
// first, and says by how much it widened.
//
// Around ZIP 59001 (Absarokee, MT): Billings is 50 miles away, Bozeman 77, Butte 156, Missoula 237.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

function input(q: string, extra: Partial<SearchInput> = {}): SearchInput {
  return { q, state: null, city: null, category: null, page: 1, ...extra };
}

const search = (q: string, extra: Partial<SearchInput> = {}) => searchProfiles(database.db, input(q, extra));
const ids = (outcome: SearchOutcome) => outcome.hits.map((h) => h.profile.id);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  // Reaches Absarokee on its own range (100 miles).
  await addPerformer(db, { id: "bozeman-long", state: "MT", city: "Bozeman", travelRadius: "long_distance", bio: "Pirate captain with treasure maps.", categories: ["Fantasy"] });
  // 10-mile ranges, 50 miles away: reached by widening 50 miles, not 25.
  for (let i = 1; i <= 5; i++) {
    await addPerformer(db, {
      id: `billings-local-${i}`,
      state: "MT",
      city: "Billings",
      travelRadius: "local_only",
      bio: i === 1 ? "Pirate songs and sea shanties." : "Balloon animals and face painting.",
      categories: ["Fantasy"],
      createdAt: new Date(Date.UTC(2025, 0, i)),
    });
  }
  // Never close enough: 25 miles past a 25-mile range is 125 miles of 156; 150 of 237.
  await addPerformer(db, { id: "butte-short", state: "MT", city: "Butte", travelRadius: "short_distance", bio: "Pirate puppet show.", categories: ["Fantasy"] });
  await addPerformer(db, { id: "missoula-medium", state: "MT", city: "Missoula", travelRadius: "medium_distance", bio: "Pirate storyteller.", categories: ["Fantasy"] });
  // Six more in Billings, who reach its ZIP code 59101 on their own.
  for (let i = 1; i <= 6; i++) {
    await addPerformer(db, { id: `billings-downtown-${i}`, state: "MT", city: "Billings", travelRadius: "local_only", bio: "Magic shows downtown.", categories: ["Fantasy"] });
  }
});

afterAll(async () => {
  await database?.close();
});

describe(`a place few performers travel to (${engine})`, () => {
  it("widens by the first step that finds enough and says by how much", async () => {
    const outcome = await search("59001");
    expect(outcome.zip).toEqual({ code: "59001", city: "Absarokee", state: "MT" });
    // Only Bozeman reaches it; 25 more miles find nobody (Billings needs 40 more), 50 find the
    // eleven in Billings, which is enough, so 100 (Butte, Missoula are past it anyway) is not tried.
    expect(outcome.widened).toEqual({ miles: 50, within: 1, added: 11 });
    expect(outcome.total).toBe(12);
    expect(wideningMessage(searchedPlaceName(outcome.zip, outcome.place)!, outcome.widened!)).toBe(
      "Only 1 performer travels to 59001 (Absarokee, MT). We widened the search by 50 miles to show 11 more.",
    );
    expect(ids(outcome)).not.toContain("butte-short");
    expect(ids(outcome)).not.toContain("missoula-medium");
  });

  it("lists those who travel there first, then the added ones nearest first, each with its distance", async () => {
    const outcome = await search("59001");
    expect(ids(outcome)[0]).toBe("bozeman-long");
    for (const hit of outcome.hits) expect(hit.distanceMiles).not.toBeNull();
    expect(Math.round(outcome.hits[0].distanceMiles!)).toBe(77);
    const added = outcome.hits.slice(1).map((h) => h.distanceMiles!);
    expect(added).toEqual([...added].sort((a, b) => a - b));
    for (const miles of added) expect(Math.round(miles)).toBe(50);
  });

  it("keeps the words: a widened search still needs every word to match", async () => {
    const outcome = await search("pirate 59001");
    // Bozeman's pirate travels there; Billings' one pirate is 50 miles out; 100 more miles add
    // nobody (Butte's and Missoula's pirates are farther), so the smallest step that found him stands.
    expect(outcome.widened).toEqual({ miles: 50, within: 1, added: 1 });
    expect(ids(outcome)).toEqual(["bozeman-long", "billings-local-1"]);
    expect(wideningMessage("59001 (Absarokee, MT)", outcome.widened!)).toBe(
      "Only 1 performer travels to 59001 (Absarokee, MT). We widened the search by 50 miles to show 1 more.",
    );
  });

  it("widens a named city like its ZIP code, and says when nobody travels there", async () => {
    const outcome = await search("balloon absarokee mt");
    expect(outcome.place).toEqual({ kind: "city", city: "Absarokee", state: "MT" });
    expect(outcome.closest).toBe(false);
    expect(outcome.widened).toEqual({ miles: 50, within: 0, added: 4 });
    expect(ids(outcome).sort()).toEqual(["billings-local-2", "billings-local-3", "billings-local-4", "billings-local-5"]);
    expect(wideningMessage(searchedPlaceName(outcome.zip, outcome.place)!, outcome.widened!)).toBe(
      "No performers travel to Absarokee, MT yet. We widened the search by 50 miles and found 4 performers.",
    );
  });

  it("does not widen when enough performers travel there", async () => {
    const outcome = await search("59101");
    expect(outcome.total).toBeGreaterThanOrEqual(FEW_PERFORMERS);
    expect(outcome.widened).toBeNull();
    expect(ids(outcome)).not.toContain("butte-short");
  });

  it("does not widen a search without a place", async () => {
    const outcome = await search("pirate");
    expect(outcome.widened).toBeNull();
    expect(outcome.total).toBe(4);
  });
});
