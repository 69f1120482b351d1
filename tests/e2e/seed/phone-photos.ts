import { hashPassword } from "better-auth/crypto";
import { account, user } from "~/server/db/schema";
import { IMAGES_PASSWORD } from "./images";
import type { E2ESeedContext } from "./index";

// Accounts with no images for the photo journeys that add some: more files than free places, and
// a large phone photo. Each journey's retry starts from no images in an account of its own.

export const PHOTO_ACCOUNTS = {
  overflow: { id: "e2e-photos-overflow", email: "photos-overflow@example.com" },
  overflowRetry: { id: "e2e-photos-overflow-retry", email: "photos-overflow-retry@example.com" },
  large: { id: "e2e-photos-large", email: "photos-large@example.com" },
  largeRetry: { id: "e2e-photos-large-retry", email: "photos-large-retry@example.com" },
} as const;

export async function seedPhonePhotos({ db }: E2ESeedContext) {
  const password = await hashPassword(IMAGES_PASSWORD);
  for (const { id, email } of Object.values(PHOTO_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: email, emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
  }
}
