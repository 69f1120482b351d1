import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { account, freeListingRequests, profiles } from "~/server/db/schema";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { ACCOUNTS_PASSWORD } from "./accounts";
import { insertProfile } from "./directory";
import type { E2ESeedContext } from "./index";

// Trademark care (tests/e2e/trademark.spec.ts): a listed performer in Hawaii, which no other fixture
// uses, who signs in and edits their characters (one account per attempt, so a retry starts
// from the same profile), and one whose characters name a trademark, and an application naming
// some, for the admin's flags. Under Custom Characters, a category no journey lists.

export const TRADEMARK = {
  performers: [
    { id: "e2e-trademark-editor", email: "ice.editor@trademark.example.com", displayName: "Waikiki Sparkle" },
    { id: "e2e-trademark-editor-retry", email: "ice.editor.retry@trademark.example.com", displayName: "Diamond Head Glimmer" },
  ],
  flagged: { id: "e2e-trademark-flagged", displayName: "Honolulu Party Heroes", characters: ["Spider-Man", "Pirate Captain"] },
  /** A free-listing application whose characters an approval would copy onto the profile. */
  request: { id: "7a1c0d1e-0000-4000-8000-00000000a028", fullName: "Kai Trademark", characters: "Batman, a snow queen and Pikachu" },
} as const;

export async function seedTrademark({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  const common = { state: "HI", city: "Honolulu", audience: "all" as const, categories: ["Custom Characters" as const], priceMin: 120, priceMax: 180, createdAt: new Date("2021-05-01T12:00:00Z") };
  for (const performer of TRADEMARK.performers) {
    await insertProfile(db, { ...common, ...performer });
    await db.insert(account).values({ id: `${performer.id}-credential`, accountId: performer.id, providerId: "credential", userId: performer.id, password });
  }
  const { flagged } = TRADEMARK;
  // Not listed, as an admin would leave it until the name is changed: the directory's own journeys
  // expect no card to show a trademarked name (search-suggest.spec.ts), and the admin's list shows
  // every profile.
  await insertProfile(db, { ...common, id: flagged.id, displayName: flagged.displayName, isActive: false });
  // As the editor would have saved them: the search document holds the characters too.
  await db.update(profiles).set({ characters: [...flagged.characters] }).where(eq(profiles.id, flagged.id));
  await refreshSearchDocument(db, flagged.id);
  const { request } = TRADEMARK;
  await db.insert(freeListingRequests).values({
    ...request,
    email: "kai.trademark@example.com",
    city: "Hilo",
    state: "HI",
    experience: "1-3",
    paidEvents: "yes",
    bio: "I perform at birthday parties and festivals on the Big Island and would love to join the directory.",
    travel: "yes",
    createdAt: new Date("2021-05-01T12:00:00Z"),
  });
}
