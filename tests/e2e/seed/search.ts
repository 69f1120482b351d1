import { sql } from "drizzle-orm";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// Performers for the search, inquiry and sitemap journeys, around Orlando, FL, with travel ranges.

export const SEARCH = {
  orlandoAnime: {
    id: "srch-orlando-anime",
    displayName: "Sakura Starlight",
    state: "FL",
    city: "Orlando",
    categories: ["Anime/Manga", "Cosplay"],
    bio: "Sakura Starlight brings magical-girl songs, sparkly transformations and photo moments to parties across Central Florida.",
    priceMin: 120,
    priceMax: 180,
    images: 1,
    contactEmail: "sakura-bookings@example.com",
    travelRadius: "local_only",
  },
  tampaLongRange: {
    id: "srch-tampa-buccaneer",
    displayName: "Bayfront Buccaneer",
    state: "FL",
    city: "Tampa",
    categories: ["Villain", "Fantasy"],
    bio: "A swashbuckling sea captain with sword-fighting lessons and treasure hunts for young crews.",
    images: 0,
    contactEmail: "buccaneer@example.com",
    travelRadius: "long_distance",
  },
  miamiLocal: {
    id: "srch-miami-bolt",
    displayName: "Biscayne Bolt",
    state: "FL",
    city: "Miami",
    categories: ["Hero"],
    bio: "A lightning-fast hero for school assemblies and birthday parties in Miami.",
    images: 0,
    contactEmail: "bolt@example.com",
    travelRadius: "local_only",
  },
} satisfies Record<string, ProfileFixture & { travelRadius: string }>;

export async function seedSearch({ db, mediaDir }: E2ESeedContext) {
  for (const { travelRadius, ...fixture } of Object.values(SEARCH)) {
    await insertProfile(db, fixture, mediaDir);
    await db.execute(sql`update profiles set travel_radius = ${travelRadius} where id = ${fixture.id}`);
  }
  // Same rule as refreshSearchDocument(): a slash separates words ("Anime/Manga" is two words).
  await db.execute(sql`update profiles set search_text = translate(search_text, '/', ' ') where search_text like '%/%'`);
}
