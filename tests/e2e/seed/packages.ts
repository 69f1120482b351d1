import { hashPassword } from "better-auth/crypto";
import { account } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import { insertProfile } from "./directory";
import type { E2ESeedContext } from "./index";

// Listed performers in Orlando with no packages yet (issue 26): the journey adds one in the editor
// and finds it on the profile and on a card of a search near 32801. A name no other fixture uses,
// so the search finds only them; one account for the first attempt and one for the retry.

export const PACKAGES_ACCOUNTS = {
  first: { id: "e2e-packages-first", email: "packages-first@example.com", displayName: "Quillfeather Fairy" },
  retry: { id: "e2e-packages-retry", email: "packages-retry@example.com", displayName: "Quillfeather Pixie" },
} as const;

export async function seedPackages({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email, displayName } of Object.values(PACKAGES_ACCOUNTS)) {
    await insertProfile(db, { id, email, displayName, state: "FL", city: "Orlando", categories: ["Fantasy"], audience: "kids", priceMin: 120, priceMax: 200 });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
  }
}
