import { eq } from "drizzle-orm";
import { profiles } from "~/server/db/schema";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// The profile page's journey (tests/e2e/profile-page.spec.ts): a performer in Portland, Oregon with
// every fact parents weigh first, and neighbours that share a category at known distances. Oregon
// is used by no other seeder, so these are the nearest similar performers.

export const PROFILE_PAGE = {
  star: {
    id: "pp-or-portland-star",
    displayName: "Rose City Rocket",
    state: "OR",
    city: "Portland",
    categories: ["Hero", "Fantasy"],
    priceMin: 120,
    priceMax: 180,
    images: 3,
    travelRadius: "short_distance",
    social: { instagram: "@rosecityrocket" },
    createdAt: new Date(Date.UTC(2025, 2, 1)),
  },
  // Nearest first: Beaverton (about 8 miles), Salem (about 45), Eugene (about 105).
  beaverton: { id: "pp-or-beaverton", displayName: "Beaverton Blaze", state: "OR", city: "Beaverton", categories: ["Hero"], priceMin: 90, priceMax: 140, images: 1, createdAt: new Date(Date.UTC(2025, 2, 2)) },
  salem: { id: "pp-or-salem", displayName: "Salem Starlight", state: "OR", city: "Salem", categories: ["Fantasy", "Cosplay", "Anime/Manga", "Sci-Fi"], images: 1, createdAt: new Date(Date.UTC(2025, 2, 3)) },
  eugene: { id: "pp-or-eugene", displayName: "Eugene Enchanter", state: "OR", city: "Eugene", categories: ["Hero"], images: 0, createdAt: new Date(Date.UTC(2025, 2, 4)) },
  // Near, but sharing no category, or not listed: never similar.
  otherCategory: {
    id: "pp-or-mascot",
    displayName: "Professor Bartholomew Fizzlewick, the Magnificent Mechanical Marvel of the Pacific Northwest",
    state: "OR",
    city: "Portland",
    categories: ["Mascot Style"],
    images: 1,
  },
  unpaid: { id: "pp-or-unpaid", displayName: "Unlisted Umbra", state: "OR", city: "Portland", categories: ["Hero"], paymentStatus: "pending", images: 1 },
} satisfies Record<string, ProfileFixture>;

export async function seedProfilePage({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(PROFILE_PAGE) as ProfileFixture[]) await insertProfile(db, fixture, mediaDir);
  await db
    .update(profiles)
    .set({ familyFriendlyOnly: true, backgroundCheck: true, availableForTravel: false, adultThemesOk: false, inquiryReadHours: 3, characters: ["Rocket Ranger", "Star Knight"] })
    .where(eq(profiles.id, PROFILE_PAGE.star.id));
}
