import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// For the no-dead-end journey (tests/e2e/no-dead-end.spec.ts): a mermaid whom the "Pirates and
// mermaids" tile finds, and a superhero in Orlando whom a misspelt search near Orlando is offered
// ("Did you mean superhero 32801?"). "Tidepool" and "Kindlespark" are in no other fixture's text.

export const NO_DEAD_END = {
  mermaid: {
    id: "nde-fl-tidepool-mermaid",
    displayName: "Tidepool Mermaid Marina",
    state: "FL",
    city: "Orlando",
    categories: ["Fantasy"],
    bio: "A mermaid tail, tidepool stories and bubble songs for pool parties.",
    images: 0,
    contactEmail: "tidepool-marina@example.com",
    travelRadius: "medium_distance",
  },
  hero: {
    id: "nde-fl-kindlespark-hero",
    displayName: "Kindlespark the Superhero",
    state: "FL",
    city: "Orlando",
    categories: ["Hero"],
    bio: "A superhero who trains young heroes in kindness at birthday parties.",
    images: 0,
    contactEmail: "kindlespark@example.com",
    travelRadius: "medium_distance",
  },
} satisfies Record<string, ProfileFixture>;

export async function seedNoDeadEnd({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(NO_DEAD_END)) await insertProfile(db, fixture, mediaDir);
}
