import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_SIZE } from "~/lib/constants";
import { browseHref, categoryHref, type DirectoryFilters } from "~/lib/directory-params";
import { NO_REFINEMENTS, type ListingRefinements } from "~/lib/listing-refinements";
import { loader as browseLoader } from "~/routes/browse";
import { loader as categoryLoader } from "~/routes/category";
import {
  countPublicProfilesByCity,
  countPublicProfilesByState,
  getFeaturedProfiles,
  listPublicProfiles,
  MAX_LISTING_COUNT,
} from "~/server/directory/directory.server";
import { narrowProfiles } from "~/server/db/narrow-profiles.server";
import { profiles } from "~/server/db/schema";
import { refinementConditions, refinementOrder } from "~/server/directory/listing-conditions.server";
import { rowsOf } from "~/server/search/rows.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// The listing refinements (budget, audience, solo or group, sort) on browse and category pages, and
// the shared SQL conditions search and the city pages use too.

let database: TestDatabase;

type Fixture = ProfileFixture & { audience: "kids" | "all" | "adults" | null };

const START = Date.UTC(2025, 2, 1);
// North Dakota: no other test file lists performers there.
const FIXTURES: Fixture[] = [
  { id: "lr-kids-solo", displayName: "Prairie Pixie", audience: "kids", priceMin: 90, categories: ["Fantasy", "Kids' Parties Only"] },
  { id: "lr-all-group", displayName: "Badlands Brigade", audience: "all", priceMin: 250, categories: ["Hero", "Group/Crew Performer"], flags: { groupPerformer: true } },
  { id: "lr-unknown-noprice", displayName: "Red River Ranger", audience: null, priceMin: null, categories: ["Hero"] },
  { id: "lr-adults-solo", displayName: "Midnight Marauder", audience: "adults", priceMin: 120, categories: ["Villain", "18+ Events Only"] },
  { id: "lr-kids-group", displayName: "Little Legends Troupe", audience: "kids", priceMin: 60, categories: ["Fantasy"], flags: { groupPerformer: true } },
  { id: "lr-all-solo-150", displayName: "Dakota Dragon Rider", audience: "all", priceMin: 150, categories: ["Fantasy"] },
].map((f, i) => ({ state: "ND", city: i % 2 ? "Bismarck" : "Fargo", images: 0, createdAt: new Date(START + i * 60_000), ...f }) as Fixture);

const IDS = FIXTURES.map((f) => f.id);

beforeAll(async () => {
  database = await createTestDatabase();
  for (const fixture of FIXTURES) {
    await insertProfile(database.db, fixture);
    // profile_search follows by trigger (migration 0017).
    await database.db.update(profiles).set({ audience: fixture.audience }).where(eq(profiles.id, fixture.id));
  }
});

afterAll(async () => {
  await database?.close();
});

const refine = (partial: Partial<ListingRefinements>): ListingRefinements => ({ ...NO_REFINEMENTS, ...partial });

/** The budget and the price order read the narrow copy's all-in columns (migration 0032), which the profiles table lacks. */
const narrowOnly = (refinements: ListingRefinements) => refinements.budget !== null || refinements.sort === "price";

/** The fixture ids a refinement admits, in its sort's order, read from profiles (where it applies) and from the narrow copy. */
async function admitted(refinements: ListingRefinements): Promise<{ wide: string[] | null; narrow: string[] }> {
  const where = and(inArray(profiles.id, IDS), ...refinementConditions(refinements)) as SQL;
  const order = sql.join(refinementOrder(refinements.sort), sql`, `);
  const read = async (from: SQL) =>
    rowsOf<{ id: string }>(await database.db.execute(sql`select ${profiles.id} as id from ${from} where ${where} order by ${order}`)).map((r) => r.id);
  return { wide: narrowOnly(refinements) ? null : await read(sql`${profiles}`), narrow: await read(narrowProfiles) };
}

async function expectAdmitted(refinements: Partial<ListingRefinements>, expected: string[]) {
  const { wide, narrow } = await admitted(refine(refinements));
  if (wide) expect(wide).toEqual(expected);
  expect(narrow).toEqual(expected);
}

const NEWEST = [...IDS].reverse();

describe(`refinement conditions on profiles and profile_search (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("the family default leaves out adults-only acts only, keeping those who have not answered", async () => {
    await expectAdmitted({}, NEWEST.filter((id) => id !== "lr-adults-solo"));
  });

  it("young children admits only acts for kids and families", async () => {
    await expectAdmitted({ audience: "kids" }, ["lr-kids-group", "lr-kids-solo"]);
  });

  it("adult events admits every act", async () => {
    await expectAdmitted({ audience: "adults" }, NEWEST);
  });

  it("a budget keeps performers whose lowest price is within it, and those who show no price", async () => {
    await expectAdmitted({ budget: 100, audience: "adults" }, ["lr-kids-group", "lr-unknown-noprice", "lr-kids-solo"]);
    // The limit itself is within budget.
    await expectAdmitted({ budget: 150, audience: "adults" }, ["lr-all-solo-150", "lr-kids-group", "lr-adults-solo", "lr-unknown-noprice", "lr-kids-solo"]);
  });

  it("solo and group follow the group-performer answer", async () => {
    await expectAdmitted({ size: "group" }, ["lr-kids-group", "lr-all-group"]);
    await expectAdmitted({ size: "solo" }, ["lr-all-solo-150", "lr-unknown-noprice", "lr-kids-solo"]);
  });

  it("refinements combine", async () => {
    await expectAdmitted({ size: "solo", budget: 100, audience: "kids" }, ["lr-kids-solo"]);
  });

  it("lowest price sorts priced acts cheapest first and unpriced ones last", async () => {
    await expectAdmitted({ sort: "price", audience: "adults" }, [
      "lr-kids-group",
      "lr-kids-solo",
      "lr-adults-solo",
      "lr-all-solo-150",
      "lr-all-group",
      "lr-unknown-noprice",
    ]);
  });

  it("newest, best and nearest all order a plain listing newest first", async () => {
    for (const sort of ["newest", "best", "nearest"] as const) await expectAdmitted({ sort, audience: "adults" }, NEWEST);
  });
});

/** The loader's arguments for an address (these pages need only the database). */
function args(url: string, params: Record<string, string>) {
  const request = new Request(`http://localhost${url}`);
  return { request, params, context: { db: database.db }, url: new URL(request.url), pattern: "", unstable_pattern: "" } as never;
}

interface ListingData {
  total: number;
  totalAtLeast: boolean;
  pageCount: number;
  profiles: { id: string }[];
  filters: DirectoryFilters;
}

async function listing(loading: Promise<unknown>): Promise<ListingData> {
  return ((await loading) as { data: ListingData }).data;
}

async function redirectOf(loading: Promise<unknown>): Promise<string | null> {
  try {
    await loading;
  } catch (error) {
    if (error instanceof Response) return error.headers.get("Location");
    throw error;
  }
  throw new Error("expected a redirect");
}

const browse = (query = "") => listing(browseLoader(args(`/browse/ND${query}`, { stateAbbr: "ND" })));
const ADULTS_PAGE = "18+ Events Only";
const adultsPage = (query = "") =>
  listing(categoryLoader(args(`/categories/${encodeURIComponent(ADULTS_PAGE)}${query}`, { categoryName: ADULTS_PAGE })));
const ids = (data: ListingData) => data.profiles.map((p) => p.id);

describe(`browse and category pages with refinements (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("leave adults-only acts out of browse unless adult events are asked for", async () => {
    const plain = await browse();
    expect(ids(plain)).not.toContain("lr-adults-solo");
    expect(plain.total).toBe(5);
    expect(ids(await browse("?audience=adults"))).toContain("lr-adults-solo");
    // Young children: only those who said their shows are for kids and families.
    expect(ids(await browse("?audience=kids")).sort()).toEqual(["lr-kids-group", "lr-kids-solo"]);
    // Every other category page and the home page's featured performers leave them out too.
    const villains = await listing(categoryLoader(args("/categories/Villain?state=ND", { categoryName: "Villain" })));
    expect(ids(villains)).toEqual([]);
    expect((await getFeaturedProfiles(database.db, 100)).map((p) => p.id)).not.toContain("lr-adults-solo");
    // The state and city counts that lead to these pages count what they list.
    expect((await countPublicProfilesByState(database.db)).ND).toBe(5);
    expect(await countPublicProfilesByCity(database.db, "ND")).toEqual({ Fargo: 3, Bismarck: 2 });
  });

  it("the 18+ Events Only page lists adults-only acts by default, and family events there leave them out", async () => {
    const page = await adultsPage("?state=ND");
    expect(ids(page)).toEqual(["lr-adults-solo"]);
    expect(page.filters.refinements.audience).toBe("adults");
    expect(ids(await adultsPage("?state=ND&audience=family"))).toEqual([]);
    expect(categoryHref(ADULTS_PAGE, { state: "ND", refinements: page.filters.refinements })).toBe("/categories/18%2B%20Events%20Only?state=ND");
    expect(categoryHref(ADULTS_PAGE, { refinements: refine({ audience: "family" }) })).toBe("/categories/18%2B%20Events%20Only?audience=family");
  });

  it("narrow by budget and by solo or group, and sort by lowest price or newest", async () => {
    expect(ids(await browse("?budget=100"))).toEqual(["lr-kids-group", "lr-unknown-noprice", "lr-kids-solo"]);
    expect(ids(await browse("?size=group"))).toEqual(["lr-kids-group", "lr-all-group"]);
    expect(ids(await browse("?size=solo&budget=150&sort=price"))).toEqual(["lr-kids-solo", "lr-all-solo-150", "lr-unknown-noprice"]);
    expect(ids(await browse("?sort=newest"))).toEqual(NEWEST.filter((id) => id !== "lr-adults-solo"));
    // Nearest needs a place: without a city it is dropped, as is a distance.
    const nearest = await browse("?sort=nearest&miles=50");
    expect(nearest.filters.refinements).toMatchObject({ sort: "best", miles: null });
    expect(ids(nearest)).toEqual(NEWEST.filter((id) => id !== "lr-adults-solo"));
  });

  it("keep the refinements in the canonical address, its links and its pages", async () => {
    // A plain form's submission: blank choices are the defaults and leave the address.
    expect(await redirectOf(browseLoader(args("/browse?state=ND&city=&budget=&audience=&size=solo&sort=price&miles=", {})))).toBe(
      "/browse/ND?size=solo&sort=price",
    );
    expect(
      await redirectOf(categoryLoader(args("/categories/Fantasy?state=ND&city=&budget=150&audience=kids&size=&sort=", { categoryName: "Fantasy" }))),
    ).toBe("/categories/Fantasy?state=ND&budget=150&audience=kids");
    const refinements = refine({ budget: 200, audience: "adults", size: "group", sort: "newest" });
    expect(browseHref({ state: "ND", city: "Fargo", categories: ["Hero"], refinements, page: 3 })).toBe(
      "/browse/ND?city=Fargo&category=Hero&budget=200&audience=adults&size=group&sort=newest&page=3",
    );
    expect(categoryHref("Hero", { state: "ND", refinements, page: 2 })).toBe("/categories/Hero?state=ND&budget=200&audience=adults&size=group&sort=newest&page=2");
    // What the page hands its links: the refinements read from the address.
    const page = await browse("?budget=200&size=group");
    expect(browseHref(page.filters)).toBe("/browse/ND?budget=200&size=group");
  });
});

/** Adds `n` public solo acts with a price in `state`, by SQL (profile_search follows by trigger). */
async function addMany(state: string, city: string, n: number) {
  await database.db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'lr-many-' || i, 'Many ' || i, 'lr-many-' || i || '@example.com', true from generate_series(1, ${n}) i`);
  await database.db.execute(sql`insert into profiles (id, display_name, contact_email, state, city, price_min, is_active,
      payment_status, payment_expiry, audience, created_at)
    select 'lr-many-' || i, 'Many Act ' || i, 'lr-many-' || i || '@example.com', ${state}, ${city}, 80, true,
      'paid', '2099-12-31', 'kids', now() - (i || ' minutes')::interval from generate_series(1, ${n}) i`);
}

describe(`counting a refined listing (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  beforeAll(async () => {
    await addMany("SD", "Sioux Falls", MAX_LISTING_COUNT + 60);
  });

  it("stops at 1,000 (shown as 1,000+) when refinements narrow it, and pages no further", async () => {
    const refined = await listPublicProfiles(database.db, { state: "SD", city: null, categories: [], refinements: refine({ size: "solo" }) }, 500);
    expect(refined).toMatchObject({ total: MAX_LISTING_COUNT, totalAtLeast: true, pageCount: Math.ceil(MAX_LISTING_COUNT / PAGE_SIZE) });
    // A page past the capped end shows the last page that is offered.
    expect(refined.page).toBe(refined.pageCount);
    expect(refined.profiles).toHaveLength(PAGE_SIZE);
    const budget = await listPublicProfiles(database.db, { state: "SD", city: null, categories: [], refinements: refine({ budget: 100, audience: "kids" }) });
    expect(budget).toMatchObject({ total: MAX_LISTING_COUNT, totalAtLeast: true });
  });

  it("counts a small set exactly, and a plain listing no further than the limit too", async () => {
    const plain = await listPublicProfiles(database.db, { state: "SD", city: null, categories: [] });
    expect(plain).toMatchObject({ total: MAX_LISTING_COUNT, totalAtLeast: true });
    const few = await listPublicProfiles(database.db, { state: "ND", city: null, categories: [], refinements: refine({ size: "group" }) });
    expect(few).toMatchObject({ total: 2, totalAtLeast: false, pageCount: 1 });
    const none = await listPublicProfiles(database.db, { state: "SD", city: null, categories: [], refinements: refine({ size: "group" }) });
    expect(none).toMatchObject({ total: 0, totalAtLeast: false, pageCount: 1 });
  });

  it("hands the browse page the capped count", async () => {
    const page = await listing(browseLoader(args("/browse/SD?budget=100", { stateAbbr: "SD" })));
    expect(page).toMatchObject({ total: MAX_LISTING_COUNT, totalAtLeast: true });
  });
});
