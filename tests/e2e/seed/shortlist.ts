import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import type { TravelRange } from "~/lib/constants";
import type { Executor } from "~/server/db/client.server";
import { account, profiles } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// The shortlist journey's performers: three listed in a state no other fixture uses, with a known
// password so the journey can sign in as each to find "Ask them all" in their inbox, and one that
// is no longer listed. Asking them changes their inboxes, so a retry (CI retries once) works on a
// second set in another quiet state. Their words (lighthouses, quahogs, dunes) are in no other
// fixture or search query, and they are old listings, so the home page's newest are not theirs.

export interface ShortlistPerformerFixture extends ProfileFixture {
  displayName: string;
  email: string;
  contactEmail: string;
  travelRadius: TravelRange;
  familyFriendlyOnly: boolean;
  bringOwnCostume: boolean;
  performOutdoors: boolean;
}

interface ShortlistSet {
  state: string;
  stateName: string;
  /** Where the journey's parent holds the party. */
  event: { city: string; zip: string };
  performers: readonly [ShortlistPerformerFixture, ShortlistPerformerFixture, ShortlistPerformerFixture];
  /** Saved once, now unlisted (the listing lapsed): shown as "No longer listed". */
  lapsed: ProfileFixture & { displayName: string };
}

function performer(
  id: string,
  fields: Omit<ShortlistPerformerFixture, "id" | "email" | "contactEmail" | "images"> & { images?: number },
): ShortlistPerformerFixture {
  return { id, email: `${id}@shortlist.example.com`, contactEmail: `bookings-${id}@shortlist.example.com`, images: 1, ...fields };
}

export const SHORTLIST_SETS: readonly ShortlistSet[] = [
  {
    state: "RI",
    stateName: "Rhode Island",
    event: { city: "Providence", zip: "02903" },
    performers: [
      performer("e2e-shortlist-ri-sparkle", {
        displayName: "Ocean State Sparkle",
        state: "RI",
        city: "Providence",
        categories: ["Fantasy", "Kids' Parties Only"],
        priceMin: 120,
        priceMax: 180,
        bio: "Ocean State Sparkle sings sea shanties and tells lighthouse stories for young guests across Rhode Island.",
        travelRadius: "short_distance",
        familyFriendlyOnly: true,
        bringOwnCostume: true,
        performOutdoors: true,
      }),
      performer("e2e-shortlist-ri-captain", {
        // A long name, to see the comparison hold its shape at 390 px.
        displayName: "Captain Quahog Balloon-Twisting Lighthouse Keeper of Narragansett Bay",
        state: "RI",
        city: "Newport",
        categories: ["Custom Characters", "Mascot Style", "Historical/Fantasy Crossover", "Group/Crew Performer"],
        bio: "A lighthouse keeper who twists balloon quahogs and leads a harbour parade around the guests.",
        travelRadius: "medium_distance",
        familyFriendlyOnly: false,
        bringOwnCostume: true,
        performOutdoors: false,
        images: 0,
      }),
      performer("e2e-shortlist-ri-robot", {
        displayName: "Rhody Robot Ranger",
        state: "RI",
        city: "Warwick",
        categories: ["Sci-Fi"],
        priceMin: 90,
        priceMax: 140,
        bio: "A friendly robot ranger with lighthouse-beam lasers and a dance routine for young guests.",
        travelRadius: "local_only",
        familyFriendlyOnly: true,
        bringOwnCostume: false,
        performOutdoors: true,
      }),
    ],
    lapsed: {
      id: "e2e-shortlist-ri-lapsed",
      displayName: "Block Island Bard",
      state: "RI",
      city: "Providence",
      categories: ["Fantasy"],
      paymentStatus: "expired",
      images: 0,
    },
  },
  {
    state: "DE",
    stateName: "Delaware",
    event: { city: "Wilmington", zip: "19801" },
    performers: [
      performer("e2e-shortlist-de-sparkle", {
        displayName: "First State Sparkle",
        state: "DE",
        city: "Wilmington",
        categories: ["Fantasy", "Kids' Parties Only"],
        priceMin: 120,
        priceMax: 180,
        bio: "First State Sparkle sings dune songs and tells lighthouse stories for young guests across Delaware.",
        travelRadius: "short_distance",
        familyFriendlyOnly: true,
        bringOwnCostume: true,
        performOutdoors: true,
      }),
      performer("e2e-shortlist-de-captain", {
        displayName: "Captain Horseshoe Crab Balloon-Twisting Lighthouse Keeper of Rehoboth Beach",
        state: "DE",
        city: "Dover",
        categories: ["Custom Characters", "Mascot Style", "Historical/Fantasy Crossover", "Group/Crew Performer"],
        bio: "A lighthouse keeper who twists balloon crabs and leads a boardwalk parade around the guests.",
        travelRadius: "medium_distance",
        familyFriendlyOnly: false,
        bringOwnCostume: true,
        performOutdoors: false,
        images: 0,
      }),
      performer("e2e-shortlist-de-robot", {
        displayName: "Blue Hen Robot Ranger",
        state: "DE",
        city: "Newark",
        categories: ["Sci-Fi"],
        priceMin: 90,
        priceMax: 140,
        bio: "A friendly robot ranger with dune-buggy wheels and a dance routine for young guests.",
        travelRadius: "local_only",
        familyFriendlyOnly: true,
        bringOwnCostume: false,
        performOutdoors: true,
      }),
    ],
    lapsed: {
      id: "e2e-shortlist-de-lapsed",
      displayName: "Cape Henlopen Bard",
      state: "DE",
      city: "Wilmington",
      categories: ["Fantasy"],
      paymentStatus: "expired",
      images: 0,
    },
  },
];

/** The set a journey's attempt works in: a retry gets its own untouched performers. */
export function shortlistSetFor(retry: number): ShortlistSet {
  return SHORTLIST_SETS[Math.min(retry, SHORTLIST_SETS.length - 1)];
}

/** Inserts one set's performers (flags and travel range as given) and its lapsed listing. */
export async function insertShortlistSet(db: Executor, set: ShortlistSet, mediaDir?: string, createdAt = new Date(Date.UTC(2024, 0, 1))) {
  for (const fixture of set.performers) {
    await insertProfile(db, { ...fixture, createdAt }, mediaDir);
    await db
      .update(profiles)
      .set({
        travelRadius: fixture.travelRadius,
        familyFriendlyOnly: fixture.familyFriendlyOnly,
        bringOwnCostume: fixture.bringOwnCostume,
        performOutdoors: fixture.performOutdoors,
      })
      .where(eq(profiles.id, fixture.id));
  }
  await insertProfile(db, { ...set.lapsed, createdAt }, mediaDir);
}

export async function seedShortlist({ db, mediaDir }: E2ESeedContext) {
  // The accounts fixtures' password, so signInAs works for them too.
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const set of SHORTLIST_SETS) {
    await insertShortlistSet(db, set, mediaDir);
    for (const fixture of set.performers) {
      await db.insert(account).values({ id: `${fixture.id}-credential`, accountId: fixture.id, providerId: "credential", userId: fixture.id, password });
    }
  }
}
