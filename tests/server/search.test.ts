import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { NO_REFINEMENTS } from "~/lib/listing-refinements";
import { profiles } from "~/server/db/schema";
import { parseQuery, parseSearchInput, type SearchInput } from "~/server/search/query.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { correctWords, editDistance } from "~/server/search/spelling.server";
import { lookupZip } from "~/server/search/zip.server";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

let database: TestDatabase;

function input(q: string, extra: Partial<SearchInput> = {}): SearchInput {
  return { q, state: null, city: null, category: null, page: 1, ...extra };
}

async function names(q: string, extra: Partial<SearchInput> = {}) {
  const outcome = await searchProfiles(database.db, input(q, extra));
  return outcome.hits.map((h) => h.profile.displayName);
}

/**
 * The performers who travel to the place: those whose range reaches it and those who travel
 * anywhere, leaving out the band of those nearby but past their range (search-bands.test.ts).
 */
function travelling(outcome: SearchOutcome) {
  return outcome.hits.filter((h) => h.band !== "nearby");
}

async function travellingNames(q: string, extra: Partial<SearchInput> = {}) {
  return travelling(await searchProfiles(database.db, input(q, extra))).map((h) => h.profile.displayName);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await addPerformer(db, {
    id: "aurora",
    displayName: "Princess Aurora Parties",
    bio: "Fairy-tale princess visits with songs, stories and crowns for every guest.",
    city: "Orlando",
    categories: ["Fantasy", "Kids' Parties Only"],
  });
  await addPerformer(db, {
    id: "knight",
    displayName: "Sir Gallant",
    bio: "A knight who escorts the princess at royal birthday parties.",
    city: "Tampa",
    travelRadius: "long_distance",
    categories: ["Historical/Fantasy Crossover"],
  });
  await addPerformer(db, {
    id: "otaku",
    displayName: "Sakura Cosplay",
    bio: "Convention-ready characters from classic series.",
    city: "Orlando",
    categories: ["Anime/Manga", "Cosplay"],
  });
  await addPerformer(db, {
    id: "jax",
    displayName: "Captain Jax",
    bio: "Caped hero for school assemblies.",
    city: "Jacksonville",
    travelRadius: "long_distance",
    categories: ["Hero"],
  });
  await addPerformer(db, {
    id: "tampa-local",
    displayName: "Bay Area Villain",
    bio: "Menacing but kind villain.",
    city: "Tampa",
    travelRadius: "local_only",
    categories: ["Villain"],
  });
  await addPerformer(db, {
    id: "tampa-medium",
    displayName: "Medium Range Mascot",
    bio: "Big fluffy mascot.",
    city: "Tampa",
    travelRadius: "medium_distance",
    categories: ["Mascot Style"],
  });
  await addPerformer(db, {
    id: "miami",
    displayName: "Nationwide Nova",
    bio: "Space heroine who flies anywhere.",
    city: "Miami",
    travelRadius: "nationwide",
    categories: ["Sci-Fi"],
  });
  await addPerformer(db, {
    id: "la",
    displayName: "Hollywood Hero",
    bio: "Stunt hero from the west coast.",
    state: "CA",
    city: "Los Angeles",
    travelRadius: "nationwide",
    categories: ["Hero", "Anime/Manga"],
  });
  // Hidden profiles: each breaks one part of the visibility rule and mentions everything searched for.
  const hiddenBio = "Princess anime hero villain in Orlando.";
  await addPerformer(db, { id: "inactive", displayName: "Hidden Inactive Princess", bio: hiddenBio, isActive: false, travelRadius: "nationwide", categories: ["Anime/Manga"] });
  await addPerformer(db, { id: "unpaid", displayName: "Hidden Unpaid Princess", bio: hiddenBio, paymentStatus: "pending", travelRadius: "nationwide", categories: ["Anime/Manga"] });
  await addPerformer(db, { id: "expired", displayName: "Hidden Expired Princess", bio: hiddenBio, paymentExpiry: "2020-01-01", travelRadius: "nationwide", categories: ["Anime/Manga"] });
  await addPerformer(db, { id: "nameless", displayName: null, bio: hiddenBio, travelRadius: "nationwide", categories: ["Anime/Manga"] });
});

afterAll(async () => {
  await database?.close();
});

describe("reading the query", () => {
  it("separates a ZIP code from words and drops stop words", () => {
    expect(parseQuery("princess near 32801")).toEqual({ zip: "32801", words: ["princess", "near"] });
    expect(parseQuery("32801-1234")).toEqual({ zip: "32801", words: [] });
    expect(parseQuery("the Anime/Manga in Orlando")).toEqual({ zip: null, words: ["anime", "manga", "orlando"] });
    expect(parseQuery("123456")).toEqual({ zip: null, words: ["123456"] });
  });

  it("ignores unknown filters in the address", () => {
    const parsed = parseSearchInput(new URL("http://x/search?q=+hero+&state=fl&city=orlando&category=Pirate&page=-3"));
    expect(parsed).toEqual({ q: "hero", state: "FL", city: "Orlando", category: null, page: 1, refinements: NO_REFINEMENTS });
    expect(parseSearchInput(new URL("http://x/search?state=ZZ&city=Orlando")).city).toBeNull();
  });

  it("counts a swap of two letters as one edit", () => {
    expect(editDistance("anmie", "anime")).toBe(1);
    expect(editDistance("orlndo", "orlando")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("knows ZIP codes offline", () => {
    expect(lookupZip("32801")?.city).toBe("Orlando");
    expect(lookupZip("00000")).toBeUndefined();
  });
});

describe(`search (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("shows only the box when nothing is asked", async () => {
    const outcome = await searchProfiles(database.db, input(""));
    expect(outcome.idle).toBe(true);
    expect(outcome.hits).toEqual([]);
  });

  it("finds words in names, bios, cities, states and categories", async () => {
    expect(await names("gallant")).toEqual(["Sir Gallant"]);
    expect(await names("assemblies")).toEqual(["Captain Jax"]);
    // A city's name is a place (search-places.test.ts): those based there first, then who travel there.
    const tampa = await travellingNames("tampa");
    expect(tampa.slice(0, 3).sort()).toEqual(["Bay Area Villain", "Medium Range Mascot", "Sir Gallant"]);
    expect(tampa.slice(3)).toEqual(["Nationwide Nova", "Hollywood Hero"]);
    expect(await names("california")).toEqual(["Hollywood Hero"]);
    expect(await names("mascot style")).toEqual(["Medium Range Mascot"]);
    expect((await names("anime")).sort()).toEqual(["Hollywood Hero", "Sakura Cosplay"]);
    expect((await names("Anime/Manga")).sort()).toEqual(["Hollywood Hero", "Sakura Cosplay"]);
  });

  it("needs every word to match and matches word beginnings", async () => {
    // "orlando" is a place: the anime performer based there, then the one who travels anywhere.
    expect(await names("anime orlando")).toEqual(["Sakura Cosplay", "Hollywood Hero"]);
    expect(await names("convention classic")).toEqual(["Sakura Cosplay"]);
    expect(await names("prince")).toContain("Princess Aurora Parties");
  });

  it("ranks a name match above a mention in a bio", async () => {
    expect(await names("princess")).toEqual(["Princess Aurora Parties", "Sir Gallant"]);
  });

  it("corrects misspelt words to the nearest known term", async () => {
    const anime = await searchProfiles(database.db, input("anmie"));
    expect(anime.correctedQuery).toBe("anime");
    expect(anime.hits.map((h) => h.profile.displayName).sort()).toEqual(["Hollywood Hero", "Sakura Cosplay"]);

    const orlando = await searchProfiles(database.db, input("Orlndo"));
    expect(orlando.correctedQuery).toBe("orlando");
    // The corrected word is a city: searched like its ZIP code, those based there first.
    expect(orlando.place).toEqual({ kind: "city", city: "Orlando", state: "FL" });
    expect(orlando.hits.map((h) => h.profile.displayName).slice(0, 2).sort()).toEqual(["Princess Aurora Parties", "Sakura Cosplay"]);

    expect(await names("princes")).toEqual(["Princess Aurora Parties", "Sir Gallant"]);
  });

  it("leaves known words and words nothing resembles alone", async () => {
    const corrections = await correctWords(database.db, ["orlando", "prin", "zzzzqx", "orlndo"]);
    expect(Object.fromEntries(corrections)).toEqual({ orlndo: "orlando" });
    const outcome = await searchProfiles(database.db, input("zzzzqx"));
    expect(outcome.total).toBe(0);
    expect(outcome.correctedQuery).toBeNull();
  });

  it("finds performers whose travel range reaches a ZIP code, nearest first, with distances", async () => {
    const outcome = await searchProfiles(database.db, input("32801"));
    expect(outcome.zip).toEqual({ code: "32801", city: "Orlando", state: "FL" });
    const found = travelling(outcome).map((h) => [h.profile.displayName, Math.round(h.distanceMiles ?? -1)]);
    // Orlando locals (3 mi), Tampa at long range (78 mi), then the nationwide ones however far.
    const order = found.map(([name]) => name);
    expect(order.slice(0, 2).sort()).toEqual(["Princess Aurora Parties", "Sakura Cosplay"]);
    expect(order.slice(2)).toEqual(["Sir Gallant", "Nationwide Nova", "Hollywood Hero"]);
    const distance = Object.fromEntries(found);
    expect(distance["Princess Aurora Parties"]).toBeLessThanOrEqual(5);
    expect(distance["Sir Gallant"]).toBeGreaterThan(70);
    expect(distance["Sir Gallant"]).toBeLessThan(90);
    expect(distance["Nationwide Nova"]).toBeGreaterThan(180);
    expect(distance["Hollywood Hero"]).toBeGreaterThan(2000);
    // Out of range: Tampa local (10) and medium (50) ranges, Jacksonville at long range (~125 mi).
    expect(found.map(([name]) => name)).not.toContain("Bay Area Villain");
    expect(found.map(([name]) => name)).not.toContain("Medium Range Mascot");
    expect(found.map(([name]) => name)).not.toContain("Captain Jax");
    const distances = travelling(outcome).map((h) => h.distanceMiles ?? Infinity);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // Those three are within 150 miles, so they come between, as nearby, nearest first.
    expect(outcome.hits.map((h) => h.band)).toEqual(["covers", "covers", "covers", "nearby", "nearby", "nearby", "nationwide", "nationwide"]);
    const nearby = outcome.hits.filter((h) => h.band === "nearby");
    expect(nearby.map((h) => h.profile.displayName).slice(2)).toEqual(["Captain Jax"]);
    expect(new Set(nearby.map((h) => h.rangeMiles))).toEqual(new Set([10, 50, 100]));
  });

  it("applies each travel range's reach", async () => {
    // ZIP 33602 is downtown Tampa: everyone in Tampa is within 10 miles of it.
    const tampa = await travellingNames("33602");
    expect(tampa).toEqual(expect.arrayContaining(["Bay Area Villain", "Medium Range Mascot", "Sir Gallant"]));
    // ZIP 34601 (Brooksville) is about 40 miles north of Tampa: medium (50) reaches, local (10) does not.
    const brooksville = await travellingNames("34601");
    expect(brooksville).toContain("Medium Range Mascot");
    expect(brooksville).toContain("Sir Gallant");
    expect(brooksville).not.toContain("Bay Area Villain");
  });

  it("combines a ZIP code with words and filters", async () => {
    // "hero" also matches the start of "heroine", but the nearer performer only says it in a bio:
    // the one with it in the stage name comes first (precision before distance within a band).
    expect(await travellingNames("hero 32801")).toEqual(["Hollywood Hero", "Nationwide Nova"]);
    expect(await travellingNames("stunt 32801")).toEqual(["Hollywood Hero"]);
    expect(await travellingNames("32801", { category: "Anime/Manga" })).toEqual(["Sakura Cosplay", "Hollywood Hero"]);
    expect(await travellingNames("32801", { state: "FL", city: "Tampa" })).toEqual(["Sir Gallant"]);
  });

  it("says when a ZIP code is unknown", async () => {
    const outcome = await searchProfiles(database.db, input("00000"));
    expect(outcome.unknownZip).toBe("00000");
    expect(outcome.hits).toEqual([]);
  });

  it("filters by state, city and category, with or without words", async () => {
    expect(await names("", { state: "CA" })).toEqual(["Hollywood Hero"]);
    // The state and city filters together are a place: who can come there, in bands.
    const orlando = await searchProfiles(database.db, input("", { state: "FL", city: "Orlando" }));
    expect(orlando.place).toEqual({ kind: "city", city: "Orlando", state: "FL" });
    expect(orlando.hits.slice(0, 2).map((h) => h.profile.displayName).sort()).toEqual(["Princess Aurora Parties", "Sakura Cosplay"]);
    expect(orlando.hits.map((h) => h.profile.displayName)).toEqual((await searchProfiles(database.db, input("32801"))).hits.map((h) => h.profile.displayName));
    expect(await names("hero", { category: "Hero", state: "FL" })).toEqual(["Captain Jax"]);
  });

  it("never shows an inactive, unpaid, expired or nameless profile", async () => {
    const seen = new Set<string>();
    for (const q of ["hidden", "princess", "anime", "orlando", "villain", "32801", "anmie", "Orlndo"]) {
      for (const hit of (await searchProfiles(database.db, input(q))).hits) seen.add(hit.profile.id);
    }
    for (const hit of (await searchProfiles(database.db, input("", { state: "FL" }))).hits) seen.add(hit.profile.id);
    for (const id of ["inactive", "unpaid", "expired", "nameless"]) expect(seen.has(id)).toBe(false);
  });

  it("pages through results and clamps a page past the end", async () => {
    // Five travel to 32801 and three more are nearby: eight in bands, paged across them.
    const first = await searchProfiles(database.db, input("32801"), { pageSize: 2 });
    expect(first.total).toBe(8);
    expect(first.pageCount).toBe(4);
    expect(first.hits).toHaveLength(2);
    const last = await searchProfiles(database.db, { ...input("32801"), page: first.pageCount }, { pageSize: 2 });
    expect(last.hits).toHaveLength(first.total % 2 === 0 ? 2 : 1);
    const beyond = await searchProfiles(database.db, { ...input("32801"), page: 9 }, { pageSize: 2 });
    expect(beyond.page).toBe(first.pageCount);
    expect(beyond.hits.map((h) => h.profile.id)).toEqual(last.hits.map((h) => h.profile.id));

    // A ranked word search keeps its order and its total on the clamped page.
    const princess = await searchProfiles(database.db, { ...input("princess"), page: 7 }, { pageSize: 1 });
    expect(princess.page).toBe(2);
    expect(princess.total).toBe(2);
    expect(princess.hits.map((h) => h.profile.displayName)).toEqual(["Sir Gallant"]);
    const nothing = await searchProfiles(database.db, { ...input("zzzzqx"), page: 4 });
    expect(nothing.page).toBe(1);
    expect(nothing.pageCount).toBe(1);
    expect(nothing.hits).toEqual([]);
  });

  it("follows a profile's changes once its search document is refreshed", async () => {
    await database.db.update(profiles).set({ bio: "Now also a pirate captain." }).where(eq(profiles.id, "jax"));
    expect(await names("pirate")).toEqual([]);
    await refreshSearchDocument(database.db, "jax");
    expect(await names("pirate")).toEqual(["Captain Jax"]);
    expect(await names("pirat")).toEqual(["Captain Jax"]);
  });
});
