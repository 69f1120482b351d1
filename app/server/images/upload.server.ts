import {
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import {
  IMAGE_MESSAGES,
  IMAGE_NO_FILE_MESSAGE,
  IMAGE_TOO_BIG_MESSAGE,
  IMAGE_UPLOAD_FIELD,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_PROFILE,
} from "~/lib/images";
import type { Executor } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import { hitRateLimit, waitInWords, type RateLimitRule } from "../platform/rate-limit.server";
import type { Storage } from "../storage/storage.server";
import { ImageRejectedError } from "./process.server";
import { addProfileImage, ImageLimitError } from "./profile-images.server";

// Room for the boundaries, part headers and a few small fields around the files.
const ENVELOPE_BYTES = 64 * 1024;
const MAX_BODY_BYTES = MAX_IMAGES_PER_PROFILE * MAX_IMAGE_BYTES + ENVELOPE_BYTES;

/**
 * Images one account may send in an hour, counted per file whether or not it is kept. Four images
 * and a few changes of mind fit many times over; a script sending large photos all day does not
 * (each costs a decode, see decode-slots.server.ts).
 */
export const UPLOADS_PER_HOUR = 30;

export function uploadRateRule(profileId: string): RateLimitRule {
  return { key: `image-upload:user:${profileId}`, limit: UPLOADS_PER_HOUR, windowMs: 60 * 60_000 };
}

/**
 * Why the file was refused and how long to wait. The page shows it under the file's name, below the
 * spec's "Failed to upload images"; a plain form post gets it as the flash.
 */
export function uploadLimitMessage(retryAfterSeconds: number): string {
  return `Too many images uploaded in the last hour. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}

class UploadRateLimitedError extends Error {
  constructor(retryAfterSeconds: number) {
    super(uploadLimitMessage(retryAfterSeconds));
    this.name = "UploadRateLimitedError";
  }
}

export interface UploadOutcome {
  uploaded: number;
  /** Set when something was refused; files before it in the same request were kept. */
  error: string | null;
  /** HTTP status for the refusal. */
  status: number;
  /** The client sent more than we will read: close the connection rather than drain it. */
  cutOff: boolean;
}

/**
 * Reads and drops what is left of a refused body whose declared length is within the limit (a photo
 * a little over 5 MB), so the answer goes out after the browser has finished sending. Closing the
 * connection on unread bytes resets it, and the browser may then report a network error instead
 * of the message. A body without a declared length, or past the limit, is not read: the
 * connection is closed on it (true: the rest was read).
 */
async function readRestWithinLimit(request: Request, declared: number): Promise<boolean> {
  const body = request.body;
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES || !body || body.locked) return false;
  try {
    const reader = body.getReader();
    while (!(await reader.read()).done) {
      // dropped
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a multipart upload as a stream and adds each image as soon as its part is complete.
 * No file is held past 5 MB: the parser throws the moment a part grows beyond that, so an
 * oversized or endless body costs at most one file's worth of memory.
 */
export async function receiveImageUploads(
  deps: { db: Executor; storage: Storage; logger?: Logger },
  profileId: string,
  request: Request,
): Promise<UploadOutcome> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) {
    return { uploaded: 0, error: IMAGE_TOO_BIG_MESSAGE, status: 413, cutOff: true };
  }

  let uploaded = 0;
  let sawFile = false;
  try {
    for await (const part of parseMultipartRequest(request, {
      maxFileSize: MAX_IMAGE_BYTES,
      maxTotalSize: MAX_BODY_BYTES,
      maxParts: MAX_IMAGES_PER_PROFILE + 4,
    })) {
      if (part.name !== IMAGE_UPLOAD_FIELD || !part.isFile) continue;
      // A file input left empty still sends a nameless, empty part.
      if (!part.filename && part.size === 0) continue;
      sawFile = true;
      // Counted before anything else is done with the file, so even a refused one costs the sender.
      const allowance = await hitRateLimit(deps.db, uploadRateRule(profileId));
      if (!allowance.allowed) throw new UploadRateLimitedError(allowance.retryAfterSeconds);
      await addProfileImage(deps.db, deps.storage, profileId, Buffer.from(part.bytes));
      uploaded += 1;
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      return { uploaded, error: IMAGE_TOO_BIG_MESSAGE, status: 413, cutOff: !(await readRestWithinLimit(request, declared)) };
    }
    if (error instanceof MaxPartsExceededError) {
      return { uploaded, error: IMAGE_MESSAGES.limit, status: 413, cutOff: !(await readRestWithinLimit(request, declared)) };
    }
    if (error instanceof UploadRateLimitedError) {
      return { uploaded, error: error.message, status: 429, cutOff: !(await readRestWithinLimit(request, declared)) };
    }
    if (error instanceof ImageLimitError) return { uploaded, error: error.message, status: 409, cutOff: false };
    if (error instanceof ImageRejectedError) return { uploaded, error: error.message, status: 422, cutOff: false };
    if (error instanceof MultipartParseError) {
      return { uploaded, error: IMAGE_MESSAGES.uploadFailed, status: 400, cutOff: !(await readRestWithinLimit(request, declared)) };
    }
    deps.logger?.error({ err: error, profileId }, "image upload failed");
    return { uploaded, error: IMAGE_MESSAGES.uploadFailed, status: 500, cutOff: false };
  }
  if (!sawFile) return { uploaded: 0, error: IMAGE_NO_FILE_MESSAGE, status: 400, cutOff: false };
  return { uploaded, error: null, status: 200, cutOff: false };
}
