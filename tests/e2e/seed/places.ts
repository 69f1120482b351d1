import { eq } from "drizzle-orm";
import { profiles } from "~/server/db/schema";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// A performer based in a town the state data does not list (Kissimmee, about 18 miles from
// Orlando), whose 25-mile range reaches Orlando: for the city pages and "princess orlando".

export const PLACES = {
  kissimmeePrincess: {
    id: "place-fl-kissimmee-princess",
    displayName: "Lakeside Snow Princess",
    state: "FL",
    city: "Kissimmee",
    categories: ["Fantasy", "Kids' Parties Only"],
    bio: "A snow princess who sings, tells stories and crowns every birthday child, at parties around Kissimmee and Orlando.",
    images: 0,
    contactEmail: "snow-princess@example.com",
    travelRadius: "short_distance",
  },
} satisfies Record<string, ProfileFixture>;

export async function seedPlaces({ db, mediaDir }: E2ESeedContext) {
  const fixture = PLACES.kissimmeePrincess;
  await insertProfile(db, fixture, mediaDir);
  await db.update(profiles).set({ characters: ["Snow Princess"] }).where(eq(profiles.id, fixture.id));
  await refreshSearchDocument(db, fixture.id);
}
