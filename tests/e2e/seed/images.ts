import { hashPassword } from "better-auth/crypto";
import sharp from "sharp";
import { account, user } from "~/server/db/schema";
import { addProfileImage } from "~/server/images/profile-images.server";
import { createLocalStorage } from "~/server/storage/local.server";
import type { E2ESeedContext } from "./index";

// Accounts for the manage-images journeys, with real password hashes so signing in works.

export const IMAGES_PASSWORD = "images-pass-123";

export const IMAGES_ACCOUNTS = {
  /** Starts with no images: uploads, reorders, deletes. */
  uploader: { id: "e2e-images-uploader", email: "images-uploader@example.com" },
  /** The same journey's retry starts from no images too, whatever the first attempt left behind. */
  uploaderRetry: { id: "e2e-images-uploader-retry", email: "images-uploader-retry@example.com" },
  /** Tries files the page refuses; starts with no images. */
  refused: { id: "e2e-images-refused", email: "images-refused@example.com" },
  /** Already holds four images: the drop zone is disabled. */
  full: { id: "e2e-images-full", email: "images-full@example.com" },
  /** Uses the page with JavaScript turned off. */
  noscript: { id: "e2e-images-noscript", email: "images-noscript@example.com" },
  noscriptRetry: { id: "e2e-images-noscript-retry", email: "images-noscript-retry@example.com" },
} as const;

const COLOURS = ["#7c3aed", "#f59e0b", "#0ea5e9", "#16a34a"];

export async function seedImages({ db, mediaDir }: E2ESeedContext) {
  const password = await hashPassword(IMAGES_PASSWORD);
  for (const { id, email } of Object.values(IMAGES_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: email, emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
  }
  const storage = createLocalStorage(mediaDir);
  for (const background of COLOURS) {
    const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background } }).jpeg().toBuffer();
    await addProfileImage(db, storage, IMAGES_ACCOUNTS.full.id, jpeg);
  }
}
