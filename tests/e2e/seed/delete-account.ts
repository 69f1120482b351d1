import { hashPassword } from "better-auth/crypto";
import sharp from "sharp";
import { account, contactMessages, profileCategories, profiles, user } from "~/server/db/schema";
import { addProfileImage } from "~/server/images/profile-images.server";
import { createLocalStorage } from "~/server/storage/local.server";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Performers who delete their accounts: complete profiles with a photo and an inquiry, unpaid until
// the journey pays for one in the Stripe sandbox. They sit in South Dakota, which no other fixture
// uses, and have no search text, so their coming and going changes nothing the other tests see.

export const DELETE_ACCOUNTS = {
  /** Pays, then deletes with JavaScript (dialog) at phone width. */
  paid: { id: "e2e-delete-paid", email: "delete-paid@example.com", displayName: "Badlands Blaze" },
  /** The same journey's retry starts unpaid and undeleted too, whatever the first attempt did. */
  paidRetry: { id: "e2e-delete-paid-retry", email: "delete-paid-retry@example.com", displayName: "Badlands Breeze" },
  /** Deletes with JavaScript off: the typed word is the only confirmation. */
  noscript: { id: "e2e-delete-noscript", email: "delete-noscript@example.com", displayName: "Black Hills Bolt" },
  noscriptRetry: { id: "e2e-delete-noscript-retry", email: "delete-noscript-retry@example.com", displayName: "Black Hills Beacon" },
} as const;

const BIO =
  "A costumed hero for birthday parties, school visits and county fairs across South Dakota, with games, photos and a short show for all ages.";

export async function seedDeleteAccount({ db, mediaDir }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  const storage = createLocalStorage(mediaDir);
  for (const [i, { id, email, displayName }] of Object.values(DELETE_ACCOUNTS).entries()) {
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({ id, displayName, bio: BIO, state: "SD", city: "Sioux Falls", contactEmail: email });
    await db.insert(profileCategories).values({ profileId: id, category: "Hero" });
    const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: i === 0 ? "#b91c1c" : "#1d4ed8" } })
      .jpeg()
      .toBuffer();
    await addProfileImage(db, storage, id, jpeg);
    await db.insert(contactMessages).values({
      profileId: id,
      senderName: "Riley Rancher",
      senderEmail: "riley.rancher@example.com",
      phoneNumber: "605-555-0150",
      city: "Sioux Falls",
      state: "SD",
      zip: "57104",
      message: "Could you come to our county fair in August?",
      eventType: ["Meet and Greet"],
    });
  }
}
