import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// California performers for the phone-first browsing journeys (tests/e2e/phone-browsing.spec.ts):
// no other feature seeds California, so /browse/CA holds exactly these. One name is as long as a
// real stage name gets, to see that a card keeps its shape on a 390 px screen.

export const PHONE_BROWSING = {
  longNameHero: {
    id: "phone-ca-long-hero",
    displayName: "Captain Sunset Boulevard and the Amazing Pacific Coast Adventure Squad",
    state: "CA",
    city: "Sacramento",
    categories: ["Hero", "Comic Book Character", "Kids' Parties Only"],
    bio: "A caped captain who leads games, a training course and photos for young heroes at birthday parties around Sacramento.",
    images: 1,
    priceMin: 120,
    priceMax: 200,
    contactEmail: "sunset-captain@example.com",
  },
  mascot: {
    id: "phone-ca-mascot",
    displayName: "Golden Bear Buddy",
    state: "CA",
    city: "Sacramento",
    categories: ["Mascot Style", "Kids' Parties Only"],
    bio: "A big friendly bear mascot who dances, hugs and poses for photos at school fairs and birthday parties around Sacramento.",
    images: 1,
    contactEmail: "golden-bear@example.com",
  },
  villain: {
    id: "phone-ca-villain",
    displayName: "Redwood Shadow Queen",
    state: "CA",
    city: "Fresno",
    categories: ["Villain", "Fantasy"],
    bio: "A theatrical shadow queen whose storytelling show turns into a treasure hunt, for parties and conventions around Fresno.",
    images: 0,
    contactEmail: "shadow-queen@example.com",
  },
} satisfies Record<string, ProfileFixture>;

export async function seedPhoneBrowsing({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(PHONE_BROWSING)) {
    await insertProfile(db, fixture, mediaDir);
    await refreshSearchDocument(db, fixture.id);
  }
}
