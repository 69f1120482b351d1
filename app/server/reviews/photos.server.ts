import { IMAGE_TOO_BIG_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/images";
import { MAX_REVIEW_PHOTOS, REVIEW_PHOTO_FIELD, TOO_MANY_PHOTOS, type ReviewPhotoView } from "~/lib/review-view";
import type { Executor } from "../db/client.server";
import type { ReviewPhoto } from "../db/schema";
import { processImage } from "../images/process.server";
import { planRenditions, writeRenditions } from "../images/store.server";
import { UPLOAD_GRACE_MS } from "../images/profile-images.server";
import { queueStoredFileDeletions, sweepStoredFileDeletions } from "../profiles/stored-file-deletions.server";
import type { Storage } from "../storage/storage.server";
import { readCappedPost, UNREADABLE_POST } from "../http/read-capped.server";

// A review's photos: up to three, through the profile images' pipeline (type sniffed, decoded in
// the process's few decode slots, metadata stripped, re-encoded as WebP renditions, 5 MB each). The
// answer page reads its own body (it is exempt from the 64 KB form limit, like the image upload):
// streamed, each file cut off past 5 MB, and only after the link was found open. The files' keys are
// queued for deletion before they are written and taken off the queue by the answer's commit, so a
// refused or failed answer leaves nothing for good (the storage sweep removes them).


/** A review's stored photos as the pages show them: the largest rendition, with its size. */
export function photoViews(photos: readonly ReviewPhoto[] | null): ReviewPhotoView[] {
  return (photos ?? []).flatMap((photo) => {
    const largest = [...photo.variants].sort((a, b) => b.width - a.width)[0];
    return largest ? [{ src: largest.url, width: photo.width || largest.width, height: photo.height || largest.height }] : [];
  });
}

export type ReviewPost = { ok: true; form: FormData; photos: Buffer[] } | { ok: false; field: "photos" | "form"; message: string; status: number };

/** The answer page's post: its fields, and the photos' bytes when it was sent with files. */
export async function readReviewPost(request: Request): Promise<ReviewPost> {
  const post = await readCappedPost(request, { fileField: REVIEW_PHOTO_FIELD, maxFiles: MAX_REVIEW_PHOTOS, maxFileBytes: MAX_IMAGE_BYTES, maxTextParts: 8 });
  if (post.ok) return { ok: true, form: post.form, photos: post.files };
  if (post.problem === "too-big") return { ok: false, field: "photos", message: IMAGE_TOO_BIG_MESSAGE, status: post.status };
  if (post.problem === "too-many") return { ok: false, field: "photos", message: TOO_MANY_PHOTOS, status: post.status };
  return { ok: false, field: "form", message: UNREADABLE_POST, status: post.status };
}

export interface StoredPhotos {
  photos: ReviewPhoto[];
  /** Every rendition's key, queued for deletion until the answer's commit takes them off. */
  keys: string[];
}

/**
 * Processes and stores the photos under the review's own prefix; a photo that is not an image
 * throws ImageRejectedError (its message is for the field) after removing what was written.
 */
export async function storeReviewPhotos(db: Executor, storage: Storage, requestId: string, files: readonly Buffer[]): Promise<StoredPhotos> {
  const photos: ReviewPhoto[] = [];
  const keys: string[] = [];
  try {
    for (const file of files) {
      const processed = await processImage(file);
      const planned = planRenditions(storage, `reviews/${requestId}`, processed);
      const plannedKeys = planned.variants.map((v) => v.key);
      await queueStoredFileDeletions(db, plannedKeys, new Date(Date.now() + UPLOAD_GRACE_MS));
      keys.push(...plannedKeys);
      await writeRenditions(storage, planned, processed);
      photos.push({ width: planned.width, height: planned.height, variants: planned.variants });
    }
  } catch (error) {
    await sweepStoredFileDeletions(db, storage, { keys }).catch(() => undefined);
    throw error;
  }
  return { photos, keys };
}

/** After a refused or failed answer: the photos' files go now (or by the sweep). */
export async function discardReviewPhotos(db: Executor, storage: Storage, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await sweepStoredFileDeletions(db, storage, { keys }).catch(() => undefined);
}
