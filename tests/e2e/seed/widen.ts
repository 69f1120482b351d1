import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// A ZIP code few performers travel to: around Grand Island, NE (ZIP 68801) one rope-trick performer
// works locally and two more work only around Kearney, 41 miles away, so a search there widens by
// 50 miles (25 would not reach them). "Tumbleweed" is in no other fixture's text.

export const WIDEN = {
  grandIsland: {
    id: "widen-ne-grand-island",
    displayName: "Grand Island Lasso Lou",
    state: "NE",
    city: "Grand Island",
    categories: ["Kids' Parties Only"],
    bio: "Tumbleweed rope tricks and cowpoke games for birthday parties around Grand Island.",
    images: 0,
    contactEmail: "lasso-lou@example.com",
    travelRadius: "local_only",
  },
  kearneyFirst: {
    id: "widen-ne-kearney-1",
    displayName: "Platte River Rodeo Clown",
    state: "NE",
    city: "Kearney",
    categories: ["Kids' Parties Only"],
    bio: "Tumbleweed races, a rodeo barrel and balloon horses for young cowhands in Kearney.",
    images: 0,
    contactEmail: "rodeo-clown@example.com",
    travelRadius: "local_only",
  },
  kearneySecond: {
    id: "widen-ne-kearney-2",
    displayName: "Sandhills Sheriff Sam",
    state: "NE",
    city: "Kearney",
    categories: ["Kids' Parties Only"],
    bio: "A friendly sheriff with tumbleweed tales and a junior deputy badge for every guest.",
    images: 0,
    contactEmail: "sheriff-sam@example.com",
    travelRadius: "local_only",
  },
} satisfies Record<string, ProfileFixture>;

export async function seedWiden({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(WIDEN)) await insertProfile(db, fixture, mediaDir);
}
