import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparablePrice } from "~/lib/all-in-price";
import { NO_REFINEMENTS, type ListingRefinements } from "~/lib/listing-refinements";
import { validateOffer, emptyOfferValues, type OfferFormValues, type OfferInput } from "~/lib/package-schema";
import type { TravelFeeRule } from "~/lib/package-rules";
import { defaultProfileValues, validateProfile, type ProfileInput } from "~/lib/profile-schema";
import { narrowProfiles } from "~/server/db/narrow-profiles.server";
import { profilePackages, profileSearch, profiles, user } from "~/server/db/schema";
import { allInPriceSql } from "~/server/directory/all-in-sql.server";
import { listPublicProfiles } from "~/server/directory/directory.server";
import { listPlaceProfiles } from "~/server/directory/place-listing.server";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { saveProfile } from "~/server/profiles/profile-editor.server";
import { rowsOf } from "~/server/search/rows.server";
import { searchProfiles } from "~/server/search/search.server";
import { distanceSql, type Point } from "~/server/search/zip.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// The budget filter and the "Lowest price" sort read the lowest all-in price (issue 26): the
// cheapest package delivered to the visitor's place, or the hourly minimum without packages, no
// price at all still kept. The SQL (profile_search's columns of migration 0032) is held to
// app/lib/all-in-price.ts's figure. Performers are in Florida around Orlando (ZIP 32801); Tampa is
// about 80 miles from it.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

interface Offer {
  packages: number[];
  rule: TravelFeeRule;
}

type Fixture = ProfileFixture & { offer?: Offer };

const day = (n: number) => new Date(Date.UTC(2025, 4, n));
const perMile = (freeMiles: number, centsPerMile: number): TravelFeeRule => ({ kind: "per_mile", freeMiles, centsPerMile });

const PERFORMERS: (Omit<Fixture, "categories"> & { categories?: string[] })[] = [
  // Within $150 only through a package: the hourly minimum is above it.
  { id: "ai-package-only", displayName: "Package Princess", state: "FL", city: "Orlando", priceMin: 200, offer: { packages: [300, 140], rule: { kind: "none" } } },
  // $120 plus $1 a mile past 20 miles: about $180 delivered to Orlando, $120 in Tampa.
  { id: "ai-tampa-per-mile", displayName: "Tampa Traveller", state: "FL", city: "Tampa", travelRadius: "long_distance", offer: { packages: [120], rule: perMile(20, 100) } },
  // A flat fee applies wherever the party is: $130 + $30 is over $150 even with no place.
  { id: "ai-flat", displayName: "Flat Fee Fairy", state: "FL", city: "Orlando", offer: { packages: [130], rule: { kind: "flat", dollars: 30 } } },
  // No package: the hourly minimum, within the budget and over it.
  { id: "ai-hourly-120", displayName: "Hourly Hero", state: "FL", city: "Orlando", priceMin: 120 },
  { id: "ai-hourly-180", displayName: "Pricey Pirate", state: "FL", city: "Orlando", priceMin: 180 },
  // No price at all: kept (ask them).
  { id: "ai-no-price", displayName: "Ask Me Mermaid", state: "FL", city: "Orlando" },
  // Cheap package, dear travel: per-mile from the first mile.
  { id: "ai-kissimmee-dear", displayName: "Kissimmee Knight", state: "FL", city: "Kissimmee", travelRadius: "medium_distance", offer: { packages: [100, 250], rule: perMile(0, 500) } },
];
const FIXTURES: Fixture[] = PERFORMERS.map((f, i) => ({ categories: ["Fantasy"], createdAt: day(i + 1), ...f }));

/** The offers the figure is checked on: every kind of rule, odd cents, a free radius, the limits. */
const RULES: Offer[] = [
  { packages: [150], rule: { kind: "none" } },
  { packages: [300, 150, 220], rule: perMile(15, 200) },
  { packages: [99], rule: perMile(0, 115) },
  { packages: [80], rule: perMile(0, 149) },
  { packages: [1], rule: perMile(10, 1) },
  { packages: [100_000], rule: perMile(1000, 5000) },
  { packages: [125], rule: perMile(0, 5000) },
  { packages: [150], rule: { kind: "flat", dollars: 35 } },
];

async function writeOffer(id: string, offer: Offer) {
  const rule = offer.rule;
  await database.db
    .update(profiles)
    .set({
      travelFeeKind: rule.kind,
      travelFeeFreeMiles: rule.kind === "per_mile" ? rule.freeMiles : null,
      travelFeeCentsPerMile: rule.kind === "per_mile" ? rule.centsPerMile : null,
      travelFeeFlat: rule.kind === "flat" ? rule.dollars : null,
    })
    .where(eq(profiles.id, id));
  if (offer.packages.length === 0) return;
  await database.db
    .insert(profilePackages)
    .values(offer.packages.map((price, position) => ({ profileId: id, position, name: `Visit ${position + 1}`, minutes: 45, price })));
}

const ORLANDO = findGazetteerCity("FL", "Orlando")!;
// The rules' performers are in Burlington, VT, out of the way of the Florida listings.
const BURLINGTON = findGazetteerCity("VT", "Burlington")!;
const EARTH_RADIUS_MILES = 3958.8;
/** A point `miles` due south of Burlington: along a meridian the great-circle distance is the latitude's. */
const southOfBurlington = (miles: number): Point => ({
  latitude: BURLINGTON.latitude - ((miles / EARTH_RADIUS_MILES) * 180) / Math.PI,
  longitude: BURLINGTON.longitude,
});

beforeAll(async () => {
  database = await createTestDatabase();
  for (const fixture of FIXTURES) {
    await insertProfile(database.db, fixture);
    if (fixture.offer) await writeOffer(fixture.id, fixture.offer);
  }
  // The rules, each on a performer in Burlington and on one whose coordinates are unknown (no distance).
  for (const [i, offer] of RULES.entries()) {
    for (const placed of [true, false]) {
      const id = `ai-rule-${i}-${placed ? "placed" : "unplaced"}`;
      await insertProfile(database.db, { id, displayName: `Rule ${i}`, state: "VT", city: "Burlington", categories: ["Hero"], priceMin: 90 });
      if (!placed) await database.db.update(profiles).set({ latitude: null, longitude: null }).where(eq(profiles.id, id));
      await writeOffer(id, offer);
    }
  }
});

afterAll(async () => {
  await database?.close();
});

const refine = (partial: Partial<ListingRefinements>): ListingRefinements => ({ ...NO_REFINEMENTS, ...partial });
const FIXTURE_IDS = new Set(FIXTURES.map((f) => f.id));
const ours = (ids: string[]) => ids.filter((id) => FIXTURE_IDS.has(id));

async function searchIds(q: string, refinements: Partial<ListingRefinements>) {
  const outcome = await searchProfiles(database.db, { q, state: null, city: null, category: null, page: 1, refinements: refine(refinements) });
  return ours(outcome.hits.map((h) => h.profile.id));
}

async function browseIds(refinements: Partial<ListingRefinements>) {
  const page = await listPublicProfiles(database.db, { state: "FL", city: null, categories: [], refinements: refine(refinements) });
  return ours(page.profiles.map((p) => p.id));
}

describe(`the lowest all-in price in SQL (${engine})`, () => {
  it("is all-in-price.ts's figure for every rule at a spread of distances, and with no distance", async () => {
    const offers = new Map(RULES.flatMap((offer, i) => [`ai-rule-${i}-placed`, `ai-rule-${i}-unplaced`].map((id) => [id, offer] as const)));
    // Whole miles, halves either side of a rounding, the free radius's edge, far away.
    const spread = [0, 0.3, 0.5, 1, 1.49, 1.5, 3, 9.5, 10, 10.5, 14.5, 15, 15.49, 15.5, 16, 32, 57.5, 99.99, 450, 999.5, 1000.5, 2500];
    let compared = 0;
    for (const point of [null, ...spread.map(southOfBurlington)]) {
      const rows = rowsOf<{ id: string; miles: number | null; all_in: number | null }>(
        await database.db.execute(sql`
          select ${profiles.id} as id, ${point ? distanceSql(point.latitude, point.longitude) : sql`null::float8`} as miles, ${allInPriceSql(point)} as all_in
          from ${narrowProfiles} where ${profiles.id} like 'ai-rule-%'`),
      );
      expect(rows).toHaveLength(offers.size);
      for (const row of rows) {
        const offer = offers.get(row.id)!;
        const miles = row.miles === null ? null : Number(row.miles);
        const expected = comparablePrice({ packagePrices: offer.packages, travelFee: offer.rule, hourlyMin: 90 }, miles);
        expect({ id: row.id, miles, figure: row.all_in === null ? null : Number(row.all_in) }).toEqual({ id: row.id, miles, figure: expected });
        compared++;
      }
    }
    expect(compared).toBe(offers.size * (spread.length + 1));
    // The spread reaches past the free radius: a per-mile rule did charge somewhere.
    const far = rowsOf<{ all_in: number }>(
      await database.db.execute(sql`select ${allInPriceSql(southOfBurlington(32))} as all_in from ${narrowProfiles} where ${profiles.id} = 'ai-rule-1-placed'`),
    );
    expect(Number(far[0].all_in)).toBe(150 + 34);
  });

  it("falls back to the hourly minimum without packages, and is null with no price", async () => {
    const rows = await database.db
      .select({ id: profileSearch.id, priceFrom: profileSearch.priceFrom })
      .from(profileSearch)
      .where(sql`${profileSearch.id} in ('ai-hourly-120', 'ai-no-price', 'ai-package-only', 'ai-flat')`)
      .orderBy(profileSearch.id);
    expect(rows).toEqual([
      { id: "ai-flat", priceFrom: 160 },
      { id: "ai-hourly-120", priceFrom: 120 },
      { id: "ai-no-price", priceFrom: null },
      { id: "ai-package-only", priceFrom: 140 },
    ]);
  });
});

describe(`the budget filter on the all-in price (${engine})`, () => {
  it("keeps a performer within budget only through a package, and those who show no price", async () => {
    const kept = await browseIds({ budget: 150 });
    expect(kept).toContain("ai-package-only");
    expect(kept).toContain("ai-no-price");
    expect(kept).toContain("ai-hourly-120");
    expect(kept).not.toContain("ai-hourly-180");
    // $130 and a $30 flat fee: over $150 wherever the party is.
    expect(kept).not.toContain("ai-flat");
  });

  it("leaves out a performer whose package plus travel to the place is over the budget, and keeps them without a place or nearer", async () => {
    // Tampa to Orlando: about 80 miles, 60 of them at $1: about $180.
    const orlando = await searchIds("32801", { budget: 150 });
    expect(orlando).toContain("ai-package-only");
    expect(orlando).not.toContain("ai-tampa-per-mile");
    // Kissimmee's $100 visit at $5 a mile from the first: about 18 miles, about $190.
    expect(orlando).not.toContain("ai-kissimmee-dear");
    // Without a place the least it can cost: the package.
    expect(await browseIds({ budget: 150 })).toContain("ai-tampa-per-mile");
    // In Tampa itself travel is free.
    expect(await searchIds("33602", { budget: 150 })).toContain("ai-tampa-per-mile");
    // A bigger budget takes them in at Orlando; the card's figure says why.
    const wider = await searchProfiles(database.db, { q: "32801", state: null, city: null, category: null, page: 1, refinements: refine({ budget: 200 }) });
    const tampa = wider.hits.find((h) => h.profile.id === "ai-tampa-per-mile")!;
    expect(tampa).toBeDefined();
    const figure = comparablePrice({ packagePrices: [120], travelFee: perMile(20, 100), hourlyMin: null }, tampa.distanceMiles);
    expect(figure).toBeGreaterThan(150);
    expect(figure).toBeLessThanOrEqual(200);
  });

  it("applies to a city page's bands too", async () => {
    const page = await listPlaceProfiles(database.db, {
      latitude: ORLANDO.latitude,
      longitude: ORLANDO.longitude,
      based: { state: "FL", city: "Orlando" },
      categories: [],
      refinements: refine({ budget: 150 }),
      page: 1,
    });
    const ids = ours(page.hits.map((h) => h.profile.id));
    expect(ids).toContain("ai-package-only");
    expect(ids).toContain("ai-no-price");
    expect(ids).not.toContain("ai-tampa-per-mile");
    expect(ids).not.toContain("ai-hourly-180");
  });
});

describe(`"Lowest price" orders by the all-in price (${engine})`, () => {
  it("orders a plain listing by the figure without a place, unpriced last", async () => {
    expect(await browseIds({ sort: "price" })).toEqual([
      "ai-kissimmee-dear", // a $100 package (per-mile travel: nothing without a place)
      "ai-hourly-120", // $120 an hour, newer than
      "ai-tampa-per-mile", // a $120 package
      "ai-package-only", // $140, though $200 an hour
      "ai-flat", // $130 + $30
      "ai-hourly-180",
      "ai-no-price",
    ]);
  });

  it("orders a place search by the figure delivered there", async () => {
    const outcome = await searchProfiles(database.db, { q: "32801", state: null, city: null, category: null, page: 1, refinements: refine({ sort: "price" }) });
    const band = outcome.hits.filter((h) => FIXTURE_IDS.has(h.profile.id) && h.band === "covers");
    const figures = band.map((h) => {
      const fixture = FIXTURES.find((f) => f.id === h.profile.id)!;
      return comparablePrice({ packagePrices: fixture.offer?.packages ?? [], travelFee: fixture.offer?.rule ?? { kind: "none" }, hourlyMin: fixture.priceMin ?? null }, h.distanceMiles);
    });
    expect(band).toHaveLength(FIXTURES.length);
    // The one without a price last, the rest cheapest delivered first.
    expect(band.at(-1)!.profile.id).toBe("ai-no-price");
    const priced = figures.slice(0, -1);
    expect(priced).toEqual([...priced].sort((a, b) => (a ?? Infinity) - (b ?? Infinity)));
    // Kissimmee's $100 package is the cheapest without a place, but about $190 delivered to Orlando.
    const ids = band.map((h) => h.profile.id);
    expect(ids.indexOf("ai-kissimmee-dear")).toBeGreaterThan(ids.indexOf("ai-package-only"));
  });
});

describe(`profile_search follows the editor's writes (${engine})`, () => {
  const BIO = "Storybook princess visits for birthday parties: songs, a coronation for the birthday child, games and photos with everyone.";

  function profileInput(priceMin: string): ProfileInput {
    const result = validateProfile({
      ...defaultProfileValues("editor@example.com"),
      displayName: "Edited Elsa",
      bio: BIO,
      state: "FL",
      city: "Orlando",
      categories: ["Fantasy"],
      audience: "kids",
      priceMin,
      priceMax: "300",
    });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  function offerInput(values: Partial<OfferFormValues>): OfferInput {
    const result = validateOffer({ ...emptyOfferValues(), ...values });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.data;
  }

  async function copied(id: string) {
    const [row] = await database.db
      .select({ priceFrom: profileSearch.priceFrom, freeMiles: profileSearch.travelFreeMiles, centsPerMile: profileSearch.travelCentsPerMile })
      .from(profileSearch)
      .where(eq(profileSearch.id, id));
    return row;
  }

  it("a change of packages or of the travel rule updates the copy in the same save", async () => {
    const me = { id: "ai-editor", email: "ai-editor@example.com", isAdmin: false };
    await database.db.insert(user).values({ id: me.id, name: me.id, email: me.email });
    const visit = { package0Name: "Party visit", package0Minutes: "45", package0Price: "150" };

    await saveProfile(database.db, me, undefined, { ...profileInput("200"), offer: offerInput({ ...visit, travelFeeKind: "per_mile", travelFeeFreeMiles: "15", travelFeePerMile: "2" }) });
    expect(await copied(me.id)).toEqual({ priceFrom: 150, freeMiles: 15, centsPerMile: 200 });

    // A cheaper package beside it.
    await saveProfile(database.db, me, undefined, {
      ...profileInput("200"),
      offer: offerInput({ ...visit, package1Name: "Quick hello", package1Minutes: "20", package1Price: "90", travelFeeKind: "per_mile", travelFeeFreeMiles: "15", travelFeePerMile: "2" }),
    });
    expect(await copied(me.id)).toEqual({ priceFrom: 90, freeMiles: 15, centsPerMile: 200 });

    // The travel rule alone: a flat fee.
    await saveProfile(database.db, me, undefined, { ...profileInput("200"), offer: offerInput({ ...visit, travelFeeKind: "flat", travelFeeFlat: "25" }) });
    expect(await copied(me.id)).toEqual({ priceFrom: 175, freeMiles: null, centsPerMile: null });

    // Every package removed: the hourly minimum, whatever the rule says.
    await saveProfile(database.db, me, undefined, { ...profileInput("110"), offer: offerInput({ travelFeeKind: "per_mile", travelFeeFreeMiles: "0", travelFeePerMile: "3" }) });
    expect(await copied(me.id)).toEqual({ priceFrom: 110, freeMiles: null, centsPerMile: null });

    // A save without the Packages section leaves them, and the copy follows the hourly price alone.
    await saveProfile(database.db, me, undefined, profileInput("95"));
    expect(await copied(me.id)).toEqual({ priceFrom: 95, freeMiles: null, centsPerMile: null });
  });
});
