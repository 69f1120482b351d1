import { hashPassword } from "better-auth/crypto";
import { account, profileCategories, profiles, user, userRoles } from "~/server/db/schema";
import type { E2ESeedContext } from "./index";

// Accounts for the profile editor and preview journeys. Fixed ids, so a test can open
// /dashboard/edit-profile/{id}; real password hashes, so signing in works like for anyone else.

export const EDITOR_PASSWORD = "editor-pass-123";

export const EDITOR_ACCOUNTS = {
  /** No profile row yet, for the journey without JavaScript. */
  noscript: { id: "e2e-editor-noscript", email: "editor-noscript@example.com" },
  /** The same journey's retry starts with no profile too, whatever the first attempt saved. */
  noscriptRetry: { id: "e2e-editor-noscript-retry", email: "editor-noscript-retry@example.com" },
  /** Has a name only: the preview shows placeholders and lists what is missing. */
  unfinished: { id: "e2e-editor-unfinished", email: "editor-unfinished@example.com" },
  /** A complete profile, for the "Edit Profile" heading and an admin's edit. */
  complete: { id: "e2e-editor-complete", email: "editor-complete@example.com" },
  /** Tries to open the complete profile's edit page. */
  intruder: { id: "e2e-editor-intruder", email: "editor-intruder@example.com" },
  admin: { id: "e2e-editor-admin", email: "editor-admin@example.com" },
} as const;

export const COMPLETE_PROFILE = {
  displayName: "Starlight Sentinel",
  bio: "Starlight Sentinel brings a shining superhero adventure to birthday parties, school assemblies and comic conventions across Colorado.",
  state: "CO",
  city: "Denver",
};

export async function seedEditor({ db }: E2ESeedContext) {
  const password = await hashPassword(EDITOR_PASSWORD);
  for (const { id, email } of Object.values(EDITOR_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: email, emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
  }
  await db.insert(userRoles).values({ userId: EDITOR_ACCOUNTS.admin.id, role: "admin" });

  await db.insert(profiles).values({ id: EDITOR_ACCOUNTS.unfinished.id, displayName: "Half Done Hero" });

  const complete = EDITOR_ACCOUNTS.complete.id;
  await db.insert(profiles).values({
    id: complete,
    ...COMPLETE_PROFILE,
    latitude: 39.7392,
    longitude: -104.9903,
    priceMin: 100,
    priceMax: 150,
    instagram: "starlight.sentinel",
    contactEmail: EDITOR_ACCOUNTS.complete.email,
    audience: "all",
    familyFriendlyOnly: true,
  });
  await db.insert(profileCategories).values([
    { profileId: complete, category: "Hero" },
    { profileId: complete, category: "Sci-Fi" },
  ]);
}
