import { hashPassword } from "better-auth/crypto";
import { account, profileCategories, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// "Who are your shows for?" (tests/e2e/audience.spec.ts): performers whose profiles predate the
// question, to be asked on the dashboard, and a listed adults-only act whose card must show its
// badge. Kansas is used by no other seeder.

export const AUDIENCE_ACCOUNTS = {
  /** Listed, no answer, and contradicting itself: Kids' Parties Only beside adult-themed events. */
  unanswered: { id: "e2e-audience-unanswered", email: "audience-unanswered@example.com" },
  /** The same for the journey's retry, whatever the first attempt answered. */
  unansweredRetry: { id: "e2e-audience-unanswered-retry", email: "audience-unanswered-retry@example.com" },
} as const;

export function unansweredFor(retry: number) {
  return retry === 0 ? AUDIENCE_ACCOUNTS.unanswered : AUDIENCE_ACCOUNTS.unansweredRetry;
}

/** Four categories, so without the rule the 18+ one would fold into "+N" on a phone's card. */
export const ADULTS_ACT = {
  id: "e2e-audience-adults-act",
  displayName: "Midnight Masquerade",
  state: "KS",
  city: "Wichita",
  categories: ["Villain", "Cosplay", "Fantasy", "18+ Events Only"],
  audience: "adults",
  priceMin: 150,
  priceMax: 250,
  images: 1,
} satisfies ProfileFixture;

export async function seedAudience({ db, mediaDir }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email } of Object.values(AUDIENCE_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({
      id,
      displayName: "Sunflower Sorceress",
      bio: "Sunflower Sorceress brings bubbles, spells and sing-alongs to birthday parties and school fairs all over south-central Kansas.",
      state: "KS",
      city: "Wichita",
      contactEmail: email,
      adultThemesOk: true,
      audience: null,
    });
    await db.insert(profileCategories).values([
      { profileId: id, category: "Fantasy" },
      { profileId: id, category: "Kids' Parties Only" },
    ]);
  }
  await insertProfile(db, ADULTS_ACT, mediaDir);
}
