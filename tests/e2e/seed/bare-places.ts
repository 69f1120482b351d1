import { eq } from "drizzle-orm";
import { profiles } from "~/server/db/schema";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// Town names on their own (tests/e2e/search-places.spec.ts): a hero in Fort Worth whose 100-mile
// range reaches Stephenville, TX (about 65 miles), where nobody is based; and a clown in
// Springfield, IL, the Springfield the search shows while it asks which one was meant.

export const BARE_PLACES = {
  crossTimbersHero: {
    id: "bare-place-fort-worth-hero",
    displayName: "Cross Timbers Caped Crusader",
    state: "TX",
    city: "Fort Worth",
    categories: ["Hero"],
    bio: "A caped crusader who brings a training course and photo sessions to birthday parties across North Texas.",
    images: 0,
    contactEmail: "cross-timbers@example.com",
    travelRadius: "long_distance",
    characters: ["Friendly Robot", "Masked Night Hero"],
  },
  capitolClown: {
    id: "bare-place-springfield-clown",
    displayName: "Capitol City Clown Crew",
    state: "IL",
    city: "Springfield",
    categories: ["Kids' Parties Only"],
    bio: "Balloon animals, juggling and giggles for birthday parties in central Illinois.",
    images: 0,
    contactEmail: "capitol-clown@example.com",
    travelRadius: "short_distance",
    characters: ["Clown"],
  },
} satisfies Record<string, ProfileFixture & { characters: string[] }>;

export async function seedBarePlaces({ db, mediaDir }: E2ESeedContext) {
  for (const { characters, ...fixture } of Object.values(BARE_PLACES)) {
    await insertProfile(db, fixture, mediaDir);
    await db.update(profiles).set({ characters }).where(eq(profiles.id, fixture.id));
    await refreshSearchDocument(db, fixture.id);
  }
}
