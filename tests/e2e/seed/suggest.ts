import { eq } from "drizzle-orm";
import { profiles } from "~/server/db/schema";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// A web-slinging hero for the suggestions journey (type "spid", pick "Spider-Man", see who plays
// one), in a state no other fixture uses so the directory's pages stay as their journeys expect.

export const SUGGEST = {
  webSlinger: {
    id: "sugg-nm-web-slinger",
    displayName: "Mesa Wall-Crawler",
    state: "NM",
    city: "Albuquerque",
    categories: ["Hero", "Comic Book Character"],
    bio: "A web-slinging hero who swings into birthday parties across New Mexico with games and photo moments.",
    images: 0,
    contactEmail: "wall-crawler@example.com",
  },
} satisfies Record<string, ProfileFixture>;

export async function seedSuggest({ db, mediaDir }: E2ESeedContext) {
  const fixture = SUGGEST.webSlinger;
  await insertProfile(db, fixture, mediaDir);
  await db.update(profiles).set({ characters: ["Web-Slinging Hero"] }).where(eq(profiles.id, fixture.id));
  await refreshSearchDocument(db, fixture.id);
}
