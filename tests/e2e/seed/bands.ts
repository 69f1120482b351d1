import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// Princesses around Orlando (ZIP 32801) at the three distances of a place search's bands
// (tests/e2e/search-bands.spec.ts): one in Lakeland, 50 miles away, whose 10-mile range stops short
// (nearby); one in Gainesville, 98 miles away with a 25-mile range (nearby, outside a 50-mile
// radius); and one in Denver who travels anywhere (nationwide). "Tiara" is in no other fixture's text.

export const BANDS = {
  lakeland: {
    id: "bands-fl-lakeland",
    displayName: "Lakeland Tiara Princess",
    state: "FL",
    city: "Lakeland",
    categories: ["Fantasy"],
    bio: "A tiara princess with songs and a royal tea party for birthdays around Lakeland.",
    images: 0,
    contactEmail: "tiara-lakeland@example.com",
    travelRadius: "local_only",
    audience: "kids",
  },
  gainesville: {
    id: "bands-fl-gainesville",
    displayName: "Gainesville Glass Tiara",
    state: "FL",
    city: "Gainesville",
    categories: ["Fantasy"],
    bio: "A storybook princess with a glass tiara, for parties in and around Gainesville.",
    images: 0,
    contactEmail: "tiara-gainesville@example.com",
    travelRadius: "short_distance",
    audience: "kids",
  },
  denver: {
    id: "bands-co-denver",
    displayName: "Crown Tour Princess",
    state: "CO",
    city: "Denver",
    categories: ["Fantasy"],
    bio: "A touring princess with a tiara and a travelling throne: any party, any state.",
    images: 0,
    contactEmail: "tiara-tour@example.com",
    travelRadius: "nationwide",
    audience: "kids",
  },
} satisfies Record<string, ProfileFixture>;

export async function seedBands({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(BANDS)) await insertProfile(db, fixture, mediaDir);
}
