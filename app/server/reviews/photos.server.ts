import {
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { IMAGE_TOO_BIG_MESSAGE, MAX_IMAGE_BYTES } from "~/lib/images";
import { MAX_REVIEW_PHOTOS, REVIEW_PHOTO_FIELD, TOO_MANY_PHOTOS, type ReviewPhotoView } from "~/lib/review-view";
import type { Executor } from "../db/client.server";
import type { ReviewPhoto } from "../db/schema";
import { FORM_BODY_LIMIT_BYTES } from "../http/body-limit.server";
import { processImage } from "../images/process.server";
import { planRenditions, writeRenditions } from "../images/store.server";
import { UPLOAD_GRACE_MS } from "../images/profile-images.server";
import { queueStoredFileDeletions, sweepStoredFileDeletions } from "../profiles/stored-file-deletions.server";
import type { Storage } from "../storage/storage.server";
import { readCapped } from "../http/read-capped.server";

// A review's photos: up to three, through the profile images' pipeline (type sniffed, decoded in
// the process's few decode slots, metadata stripped, re-encoded as WebP renditions, 5 MB each). The
// answer page reads its own body (it is exempt from the 64 KB form limit, like the image upload):
// streamed, each file cut off past 5 MB, and only after the link was found open. The files' keys are
// queued for deletion before they are written and taken off the queue by the answer's commit, so a
// refused or failed answer leaves nothing for good (the storage sweep removes them).

const ENVELOPE_BYTES = 64 * 1024;
const MAX_BODY_BYTES = MAX_REVIEW_PHOTOS * MAX_IMAGE_BYTES + ENVELOPE_BYTES;
const UNREADABLE = "We could not read what was sent. Please try again.";

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
  const type = request.headers.get("content-type") ?? "";
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    const text = await readCapped(request, FORM_BODY_LIMIT_BYTES);
    if (text === null) return { ok: false, field: "form", message: UNREADABLE, status: 413 };
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
    return { ok: true, form, photos: [] };
  }
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return { ok: false, field: "photos", message: IMAGE_TOO_BIG_MESSAGE, status: 413 };
  const form = new FormData();
  const photos: Buffer[] = [];
  try {
    for await (const part of parseMultipartRequest(request, { maxFileSize: MAX_IMAGE_BYTES, maxTotalSize: MAX_BODY_BYTES, maxParts: MAX_REVIEW_PHOTOS + 8 })) {
      if (part.isFile) {
        if (part.name !== REVIEW_PHOTO_FIELD || (!part.filename && part.size === 0)) continue;
        if (photos.length >= MAX_REVIEW_PHOTOS) return { ok: false, field: "photos", message: TOO_MANY_PHOTOS, status: 413 };
        photos.push(Buffer.from(part.bytes));
      } else if (part.name) {
        form.append(part.name, part.text);
      }
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { ok: false, field: "photos", message: IMAGE_TOO_BIG_MESSAGE, status: 413 };
    }
    if (error instanceof MaxPartsExceededError) return { ok: false, field: "photos", message: TOO_MANY_PHOTOS, status: 413 };
    if (error instanceof MultipartParseError) return { ok: false, field: "form", message: UNREADABLE, status: 400 };
    throw error;
  }
  return { ok: true, form, photos };
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
