import { and, asc, count, eq, gt, sql } from "drizzle-orm";
import { IMAGE_MESSAGES, MAX_IMAGES_PER_PROFILE } from "~/lib/images";
import type { Executor } from "../db/client.server";
import { profileImages, profiles, type ImageVariant } from "../db/schema";
import type { Storage } from "../storage/storage.server";
import { processImage } from "./process.server";
import { cancelStoredFileDeletions, queueStoredFileDeletions, sweepStoredFileDeletions } from "../profiles/stored-file-deletions.server";
import { planRenditions, writeRenditions } from "./store.server";

export interface ProfileImage {
  id: string;
  imageUrl: string;
  position: number;
  width: number;
  height: number;
  variants: ImageVariant[];
  blurDataUrl: string | null;
}

/** The profile already holds the maximum number of images. */
export class ImageLimitError extends Error {
  constructor() {
    super(IMAGE_MESSAGES.limit);
    this.name = "ImageLimitError";
  }
}

/** A reorder that does not name exactly the owner's images. */
export class InvalidImageOrderError extends Error {
  constructor() {
    super(IMAGE_MESSAGES.reorderFailed);
    this.name = "InvalidImageOrderError";
  }
}

const columns = {
  id: profileImages.id,
  imageUrl: profileImages.imageUrl,
  position: profileImages.position,
  width: profileImages.width,
  height: profileImages.height,
  variants: profileImages.variants,
  blurDataUrl: profileImages.blurDataUrl,
};

/** The owner's images, main image first. */
export async function listProfileImages(db: Executor, profileId: string): Promise<ProfileImage[]> {
  return db
    .select(columns)
    .from(profileImages)
    .where(eq(profileImages.profileId, profileId))
    .orderBy(asc(profileImages.position), asc(profileImages.createdAt));
}

async function countImages(db: Executor, profileId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profileImages).where(eq(profileImages.profileId, profileId));
  return row?.n ?? 0;
}

/**
 * Serialises every change to one profile's images behind the profile row's lock, creating a
 * bare profile on the first upload (a performer may add photos before filling in the form).
 */
async function lockProfile(tx: Executor, profileId: string, create: boolean): Promise<boolean> {
  if (create) await tx.insert(profiles).values({ id: profileId }).onConflictDoNothing();
  const rows = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).for("update");
  return rows.length > 0;
}

/**
 * How long an upload's files may exist before its row commits. Writing four renditions takes seconds;
 * past this, the files of an upload whose process died are orphans and the storage sweep removes them.
 */
export const UPLOAD_GRACE_MS = 60 * 60_000;

/** The upload of each profile this process is working on now; the next one waits for it. */
const uploadTurns = new Map<string, Promise<unknown>>();

/**
 * Runs one profile's uploads in this process one after another, so each counts the images the
 * previous one stored before it decodes anything: parallel uploads past the fourth image are
 * refused unread instead of all decoding first. Other processes are bounded by the same count and
 * by the account's upload limit; the locked count at the insert stays the rule.
 */
async function inUploadTurn<T>(profileId: string, upload: () => Promise<T>): Promise<T> {
  const previous = uploadTurns.get(profileId) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(upload);
  const settled = mine.catch(() => undefined);
  uploadTurns.set(profileId, settled);
  try {
    return await mine;
  } finally {
    // The last in line leaves no entry behind.
    if (uploadTurns.get(profileId) === settled) uploadTurns.delete(profileId);
  }
}

/**
 * Processes and stores an upload, then records it as the profile's last image.
 * The slow work (decode, resize, storage) runs before the transaction so the row lock is held
 * only for the count and insert. The files' keys are queued for removal before they are written and
 * taken off the queue by the commit, so a failed write, a lost race at the limit or a process killed
 * half-way leaves no file behind for good (see stored-file-deletions.server.ts).
 */
export async function addProfileImage(db: Executor, storage: Storage, profileId: string, input: Buffer): Promise<ProfileImage> {
  return inUploadTurn(profileId, () => storeProfileImage(db, storage, profileId, input));
}

async function storeProfileImage(db: Executor, storage: Storage, profileId: string, input: Buffer): Promise<ProfileImage> {
  // Refused before decoding: within this process the uploads before this one have finished, so
  // this count is exact unless another process is storing one now; the locked count below decides.
  if ((await countImages(db, profileId)) >= MAX_IMAGES_PER_PROFILE) throw new ImageLimitError();

  const processed = await processImage(input);
  const stored = planRenditions(storage, profileId, processed);
  const keys = stored.variants.map((variant) => variant.key);
  await queueStoredFileDeletions(db, keys, new Date(Date.now() + UPLOAD_GRACE_MS));
  try {
    await writeRenditions(storage, stored, processed);
    return await db.transaction(async (tx) => {
      await lockProfile(tx, profileId, true);
      const position = await countImages(tx, profileId);
      if (position >= MAX_IMAGES_PER_PROFILE) throw new ImageLimitError();
      const [row] = await tx
        .insert(profileImages)
        .values({
          profileId,
          imageUrl: stored.imageUrl,
          storageKey: stored.storageKey,
          position,
          width: stored.width,
          height: stored.height,
          variants: stored.variants,
          blurDataUrl: stored.blurDataUrl,
        })
        .returning(columns);
      await cancelStoredFileDeletions(tx, keys);
      return row;
    });
  } catch (error) {
    // Whatever cannot be removed now (storage down too) stays queued for the sweep.
    await sweepStoredFileDeletions(db, storage, { keys }).catch(() => undefined);
    throw error;
  }
}

/**
 * Deletes one of the owner's images and closes the gap it leaves. Returns false when the owner
 * has no such image (someone else's id changes nothing).
 */
export async function deleteProfileImage(db: Executor, storage: Storage, profileId: string, imageId: string): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    if (!(await lockProfile(tx, profileId, false))) return null;
    const [row] = await tx
      .delete(profileImages)
      .where(and(eq(profileImages.id, imageId), eq(profileImages.profileId, profileId)))
      .returning({ position: profileImages.position, variants: profileImages.variants });
    if (!row) return null;
    await tx
      .update(profileImages)
      .set({ position: sql`${profileImages.position} - 1` })
      .where(and(eq(profileImages.profileId, profileId), gt(profileImages.position, row.position)));
    await queueStoredFileDeletions(tx, row.variants.map((variant) => variant.key));
    return row;
  });
  if (!removed) return false;
  // Files go only after the row is gone for good, so a rolled-back delete never shows a broken image;
  // what storage refuses now stays queued for the sweep.
  await sweepStoredFileDeletions(db, storage, { keys: removed.variants.map((variant) => variant.key) }).catch(() => undefined);
  return true;
}

async function writeOrder(tx: Executor, profileId: string, orderedIds: readonly string[]) {
  for (const [position, id] of orderedIds.entries()) {
    await tx
      .update(profileImages)
      .set({ position })
      .where(and(eq(profileImages.id, id), eq(profileImages.profileId, profileId)));
  }
}

async function currentOrder(tx: Executor, profileId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: profileImages.id })
    .from(profileImages)
    .where(eq(profileImages.profileId, profileId))
    .orderBy(asc(profileImages.position), asc(profileImages.createdAt));
  return rows.map((r) => r.id);
}

/** Rewrites every position to its index in `orderedIds`, which must list exactly the owner's images. */
export async function reorderProfileImages(db: Executor, profileId: string, orderedIds: readonly string[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockProfile(tx, profileId, false))) throw new InvalidImageOrderError();
    const existing = await currentOrder(tx, profileId);
    const wanted = new Set(orderedIds);
    const same =
      wanted.size === orderedIds.length &&
      orderedIds.length === existing.length &&
      existing.every((id) => wanted.has(id));
    if (!same) throw new InvalidImageOrderError();
    await writeOrder(tx, profileId, orderedIds);
  });
}

/** Swaps one image with its neighbour (the move up / move down buttons). Returns false for an unknown id. */
export async function moveProfileImage(
  db: Executor,
  profileId: string,
  imageId: string,
  direction: "up" | "down",
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockProfile(tx, profileId, false))) return false;
    const order = await currentOrder(tx, profileId);
    const from = order.indexOf(imageId);
    if (from < 0) return false;
    const to = direction === "up" ? from - 1 : from + 1;
    // Already first or last: nothing to do, and nothing went wrong.
    if (to < 0 || to >= order.length) return true;
    [order[from], order[to]] = [order[to], order[from]];
    await writeOrder(tx, profileId, order);
    return true;
  });
}
