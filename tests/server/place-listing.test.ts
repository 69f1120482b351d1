import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, user } from "~/server/db/schema";
import type { PlaceListingView } from "~/lib/place-listing-view";
import { loader as browseLoader } from "~/routes/browse";
import { loader as categoryLoader } from "~/routes/category";
import { listPlaceProfiles } from "~/server/directory/place-listing.server";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// City pages list whoever can come to the city in the search's distance bands: those whose range
// reaches it (based there first, being nearest), then those nearby whose usual range stops short,
// then those who travel anywhere; a place nobody can reach offers the nearest (search-bands.test.ts
// tests the bands themselves).

let database: TestDatabase;

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const FIXTURES: ProfileFixture[] = [
  { id: "pl-orlando-old", displayName: "Orlando Older Knight", state: "FL", city: "Orlando", categories: ["Hero"] },
  { id: "pl-orlando-new", displayName: "Orlando Newer Mermaid", state: "FL", city: "Orlando", categories: ["Fantasy"] },
  // About 18 miles from Orlando, within a 25-mile range.
  { id: "pl-kissimmee", displayName: "Kissimmee Star Princess", state: "FL", city: "Kissimmee", categories: ["Fantasy"], travelRadius: "short_distance" },
  // About 80 miles away: a 100-mile range reaches Orlando, a 10-mile one does not.
  { id: "pl-tampa-far", displayName: "Tampa Road Tripper", state: "FL", city: "Tampa", categories: ["Hero"], travelRadius: "long_distance" },
  { id: "pl-tampa-local", displayName: "Tampa Homebody", state: "FL", city: "Tampa", categories: ["Hero"], travelRadius: "local_only" },
  // Over 120 miles away with a 50-mile range: reaches nobody in Orlando.
  { id: "pl-jax-crew", displayName: "Jacksonville Costume Crew", state: "FL", city: "Jacksonville", categories: ["Furry"], travelRadius: "medium_distance" },
  { id: "pl-miami-anywhere", displayName: "Miami Goes Anywhere", state: "FL", city: "Miami", categories: ["Hero"], travelRadius: "nationwide" },
  // Not public: never in any group.
  {
    id: "pl-expired-anywhere",
    displayName: "Expired Everywhere",
    state: "FL",
    city: "Orlando",
    categories: ["Hero"],
    travelRadius: "nationwide",
    paymentExpiry: YESTERDAY,
  },
];

beforeAll(async () => {
  database = await createTestDatabase();
  const start = Date.UTC(2025, 0, 1);
  for (const [i, fixture] of FIXTURES.entries()) {
    await insertProfile(database.db, { ...fixture, createdAt: new Date(start + i * 60_000) });
  }
});

afterAll(async () => {
  await database?.close();
});

const context = () => ({ db: database.db });

function args(url: string, params: Record<string, string>) {
  const request = new Request(`http://localhost${url}`);
  return { request, params, context: context(), url: new URL(request.url), pattern: "", unstable_pattern: "" } as never;
}

interface ListingData {
  total: number;
  cities: string[];
  filters: { city: string | null; page: number };
  place: PlaceListingView | null;
}

const dataOf = (result: unknown) => (result as { data: ListingData }).data;
const names = (place: PlaceListingView | null) => place?.hits.map((h) => `${h.group}:${h.profile.displayName}`) ?? [];

describe(`city pages (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists those whose range reaches the city nearest first (based there first), then those nearby, then nationwide ones", async () => {
    const page = dataOf(await browseLoader(args("/browse/FL?city=Orlando", { stateAbbr: "FL" })));
    expect(names(page.place)).toEqual([
      "covers:Orlando Newer Mermaid",
      "covers:Orlando Older Knight",
      "covers:Kissimmee Star Princess",
      "covers:Tampa Road Tripper",
      // Tampa's 10-mile range and Jacksonville's 50-mile one stop short, but both are within 150 miles.
      "nearby:Tampa Homebody",
      "nearby:Jacksonville Costume Crew",
      "nationwide:Miami Goes Anywhere",
    ]);
    expect(page.place?.counts).toEqual({ covers: 4, nearby: 2, nationwide: 1, nearest: 0 });
    expect(page.total).toBe(7);
    const miles = Object.fromEntries(page.place!.hits.map((h) => [h.profile.displayName, h.distanceMiles]));
    expect(miles["Orlando Older Knight"]).toBeLessThan(1);
    expect(miles["Kissimmee Star Princess"]).toBeGreaterThan(10);
    expect(miles["Kissimmee Star Princess"]).toBeLessThan(25);
    expect(miles["Tampa Road Tripper"]).toBeGreaterThan(60);
    expect(miles["Tampa Road Tripper"]).toBeLessThan(100);
    expect(miles["Miami Goes Anywhere"]).toBeGreaterThan(150);
    // The page's headings, notes and nearby distance lines come written with the data.
    expect(page.place?.text.covers).toEqual({
      heading: "Travel to Orlando",
      note: "4 performers whose travel range reaches Orlando, nearest first.",
      count: "4",
    });
    expect(page.place?.text.nearby?.heading).toBe("Nearby, may charge travel");
    expect(page.place?.text.nearest).toBeUndefined();
    const homebody = page.place!.hits.find((h) => h.profile.displayName === "Tampa Homebody")!;
    expect(homebody.distanceText).toMatch(/^About \d+ mi from Orlando · usually travels up to 10 mi$/);
    expect(page.place!.hits.find((h) => h.profile.displayName === "Tampa Road Tripper")!.distanceText).toMatch(/^\d+ miles? away$/);
  });

  it("draws a page for any city of the state, not only the larger ones, and offers it in the city filter", async () => {
    expect(findGazetteerCity("FL", "Kissimmee")?.major).toBe(false);
    const kissimmee = dataOf(await browseLoader(args("/browse/FL?city=Kissimmee", { stateAbbr: "FL" })));
    expect(kissimmee.filters.city).toBe("Kissimmee");
    expect(names(kissimmee.place)).toEqual([
      "covers:Kissimmee Star Princess",
      // Tampa's 100-mile range reaches Kissimmee (about 70 miles); Orlando is about 18 miles away,
      // beyond both Orlando performers' 10-mile range, so they are nearby, newest first at one distance.
      "covers:Tampa Road Tripper",
      "nearby:Orlando Newer Mermaid",
      "nearby:Orlando Older Knight",
      "nearby:Tampa Homebody",
      "nearby:Jacksonville Costume Crew",
      "nationwide:Miami Goes Anywhere",
    ]);
    const state = dataOf(await browseLoader(args("/browse/FL", { stateAbbr: "FL" })));
    expect(state.cities).toContain("Kissimmee");
    expect(state.cities).toContain("Miami");
    expect(state.place).toBeNull();
  });

  it("keeps the category filter in every group", async () => {
    const heroes = dataOf(await categoryLoader(args("/categories/Hero?state=FL&city=Orlando", { categoryName: "Hero" })));
    expect(names(heroes.place)).toEqual(["covers:Orlando Older Knight", "covers:Tampa Road Tripper", "nearby:Tampa Homebody", "nationwide:Miami Goes Anywhere"]);
  });

  it("offers the nearest performers, with their distance, when nobody can come to the place", async () => {
    // Jacksonville is about 330 miles from Miami: past its range and past nearby.
    const furries = dataOf(await categoryLoader(args("/categories/Furry?state=FL&city=Miami", { categoryName: "Furry" })));
    expect(furries.place?.counts).toEqual({ covers: 0, nearby: 0, nationwide: 0, nearest: 1 });
    expect(names(furries.place)).toEqual(["nearest:Jacksonville Costume Crew"]);
    expect(furries.place?.hits[0].distanceMiles).toBeGreaterThan(300);
  });

  it("shows a state where nobody is based those who travel there", async () => {
    const georgia = dataOf(await browseLoader(args("/browse/GA", { stateAbbr: "GA" })));
    expect(georgia.place?.placeName).toBe("Georgia");
    expect(names(georgia.place)).toEqual(["nationwide:Miami Goes Anywhere"]);
  });

  it("pages through the groups in one order, and shows the last page for a page past the end", async () => {
    const orlando = findGazetteerCity("FL", "Orlando")!;
    const query = { latitude: orlando.latitude, longitude: orlando.longitude, based: { state: "FL", city: "Orlando" }, categories: [], pageSize: 2 };
    const pages = await Promise.all([1, 2, 3].map((page) => listPlaceProfiles(database.db, { ...query, page })));
    expect(pages.map((p) => p.hits.map((h) => h.profile.id))).toEqual([
      ["pl-orlando-new", "pl-orlando-old"],
      ["pl-kissimmee", "pl-tampa-far"],
      ["pl-tampa-local", "pl-jax-crew"],
    ]);
    expect(pages[0].pageCount).toBe(4);
    const past = await listPlaceProfiles(database.db, { ...query, page: 40 });
    expect(past.page).toBe(4);
    expect(past.hits.map((h) => h.profile.id)).toEqual(["pl-miami-anywhere"]);
  });

  it("shows a performer who joins at once, in the page and its counts", async () => {
    const before = dataOf(await browseLoader(args("/browse/FL?city=Orlando", { stateAbbr: "FL" })));
    expect(before.place?.counts.covers).toBe(4);
    await insertProfile(database.db, { id: "pl-orlando-newest", displayName: "Orlando Newest Pirate", state: "FL", city: "Orlando", categories: ["Hero"], createdAt: new Date() });
    try {
      const after = dataOf(await browseLoader(args("/browse/FL?city=Orlando", { stateAbbr: "FL" })));
      expect(names(after.place).slice(0, 3)).toEqual(["covers:Orlando Newest Pirate", "covers:Orlando Newer Mermaid", "covers:Orlando Older Knight"]);
      expect(after.place?.counts).toEqual({ covers: 5, nearby: 2, nationwide: 1, nearest: 0 });
      expect(after.total).toBe(8);
    } finally {
      await database.db.delete(user).where(eq(user.id, "pl-orlando-newest"));
    }
  });

  it("finds performers across a corner of the one-degree squares the coordinates index is read by", async () => {
    // Four performers a mile or less from a point just inside the corner of four squares (west of
    // Greenwich, where a square's number comes from rounding down, not toward zero).
    const corner = { latitude: 34.004, longitude: -118.004 };
    const around = [
      { id: "pl-corner-ne", latitude: 34.006, longitude: -117.996 },
      { id: "pl-corner-nw", latitude: 34.006, longitude: -118.006 },
      { id: "pl-corner-se", latitude: 33.996, longitude: -117.996 },
      { id: "pl-corner-sw", latitude: 33.996, longitude: -118.006 },
    ];
    for (const [i, at] of around.entries()) {
      await insertProfile(database.db, { id: at.id, displayName: `Corner Clown ${i}`, state: "CA", city: "Los Angeles", categories: ["Custom Characters"] });
      await database.db.update(profiles).set({ latitude: at.latitude, longitude: at.longitude }).where(eq(profiles.id, at.id));
    }
    try {
      const listing = await listPlaceProfiles(database.db, { ...corner, based: null, categories: ["Custom Characters"], page: 1 });
      expect(listing.hits.map((h) => [h.group, h.profile.id]).sort()).toEqual(around.map((at) => ["covers", at.id]).sort());
      expect(listing.hits.every((h) => h.distanceMiles !== null && h.distanceMiles < 1)).toBe(true);
      // At the point itself: the performers sharing a city's coordinates are read first.
      const atPoint = await listPlaceProfiles(database.db, { latitude: 34.006, longitude: -117.996, based: null, categories: ["Custom Characters"], page: 1 });
      expect(atPoint.hits[0]).toMatchObject({ group: "covers", distanceMiles: 0, profile: { id: "pl-corner-ne" } });
    } finally {
      for (const at of around) await database.db.delete(user).where(eq(user.id, at.id));
    }
  });
});
