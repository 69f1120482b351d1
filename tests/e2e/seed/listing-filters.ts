import { eq } from "drizzle-orm";
import { profiles } from "~/server/db/schema";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// West Virginia performers for the listing filters' journeys (tests/e2e/listing-filters.spec.ts):
// no other feature seeds West Virginia, so /browse/WV holds exactly these. Their prices, sizes and
// audiences differ so each refinement leaves out someone.

type FilterFixture = ProfileFixture & { audience: "kids" | "all" | "adults" | null };

const START = Date.UTC(2025, 4, 1);

export const LISTING_FILTERS = {
  soloCheap: {
    id: "filters-wv-solo-cheap",
    displayName: "Mountaineer Magic Maddie",
    state: "WV",
    city: "Charleston",
    categories: ["Fantasy"],
    priceMin: 90,
    priceMax: 140,
    audience: "kids",
  },
  groupCheap: {
    id: "filters-wv-group-cheap",
    displayName: "Coal Country Capes Crew",
    state: "WV",
    city: "Huntington",
    categories: ["Hero", "Group/Crew Performer"],
    priceMin: 80,
    priceMax: 300,
    flags: { groupPerformer: true },
    audience: "all",
  },
  soloPricey: {
    id: "filters-wv-solo-pricey",
    displayName: "Blue Ridge Royal Knight",
    state: "WV",
    city: "Morgantown",
    categories: ["Hero", "Historical/Fantasy Crossover"],
    priceMin: 250,
    priceMax: 400,
    audience: "all",
  },
  soloNoPrice: {
    id: "filters-wv-solo-noprice",
    displayName: "Kanawha Comet",
    state: "WV",
    city: "Charleston",
    categories: ["Hero"],
    audience: null,
  },
  adultsOnly: {
    id: "filters-wv-adults",
    displayName: "Velvet Midnight Vamp",
    state: "WV",
    city: "Wheeling",
    categories: ["Villain"],
    priceMin: 95,
    priceMax: 150,
    audience: "adults",
  },
} satisfies Record<string, FilterFixture>;

export async function seedListingFilters({ db, mediaDir }: E2ESeedContext) {
  for (const [i, fixture] of (Object.values(LISTING_FILTERS) as FilterFixture[]).entries()) {
    await insertProfile(db, { ...fixture, images: 1, createdAt: new Date(START + i * 60_000) }, mediaDir);
    await db.update(profiles).set({ audience: fixture.audience }).where(eq(profiles.id, fixture.id));
  }
}
