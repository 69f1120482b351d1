import { randomBytes } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import {
  TRUST_FILE_FIELD,
  TRUST_FILE_MISSING,
  TRUST_FILE_TOO_BIG,
  TRUST_FILE_TYPE,
  TRUST_IMAGE_UNREADABLE,
  TRUST_MAX_BYTES,
  PERSON_REQUIRED,
  type DocumentFields,
} from "~/lib/trust";
import type { Executor } from "../db/client.server";
import { trustDocuments, trustPeople, type TrustDocumentType } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import { detectImageType } from "../images/process.server";
import { withDecodeSlot } from "../images/decode-slots.server";
import { UPLOAD_GRACE_MS } from "../images/profile-images.server";
import type { Logger } from "../platform/logger.server";
import { hitRateLimit, waitInWords } from "../platform/rate-limit.server";
import { cancelStoredFileDeletions, queueStoredFileDeletions, sweepStoredFileDeletions } from "../profiles/stored-file-deletions.server";
import { PRIVATE_KEY_PREFIX, type Storage } from "../storage/storage.server";
import { readCappedPost, UNREADABLE_POST } from "../http/read-capped.server";

// A performer's trust documents: one file per post (PDF or image, 10 MB), its type decided from its
// first bytes alone. A PDF is stored exactly as sent and never opened here beyond those bytes (no
// renderer, no parser: a hostile PDF meets only the admin's browser viewer, behind nosniff and a
// sandboxing CSP). An image is decoded in the process's decode slots and re-encoded by sharp, which
// writes no metadata, so the phone's location and camera details are gone. Files live under the
// private prefix (never served by /media) and are read back only through openTrustDocument.
// Like the profile images, the key is queued for deletion before the file is written and taken off
// the queue by the row's commit, so a refused or interrupted upload leaves nothing for good.

/** Documents one account may send in a day: a crew's checks and a certificate, and a few retries. */
export const TRUST_UPLOADS_PER_DAY = 20;
const MAX_INPUT_PIXELS = 40_000_000;
/** Wide enough to read a scanned page's small print. */
const IMAGE_MAX_WIDTH = 2400;

export type TrustPost =
  | { ok: true; form: FormData; file: Buffer | null }
  | { ok: false; field: "file" | "form"; message: string; status: number };

/**
 * The trust page's post: a plain form (people), or the upload with its one file. The page's path is
 * exempt from the 64 KB form limit (http/body-limit.server.ts), so every body is capped here: a
 * plain form at that same limit, a multipart one streamed and cut off past 10 MB.
 */
export async function readTrustPost(request: Request): Promise<TrustPost> {
  const post = await readCappedPost(request, { fileField: TRUST_FILE_FIELD, maxFiles: 1, maxFileBytes: TRUST_MAX_BYTES, maxTextParts: 11 });
  if (post.ok) return { ok: true, form: post.form, file: post.files[0] ?? null };
  if (post.problem === "too-big") return { ok: false, field: "file", message: TRUST_FILE_TOO_BIG, status: post.status };
  if (post.problem === "too-many") return { ok: false, field: "file", message: "Please upload one file at a time.", status: post.status };
  return { ok: false, field: "form", message: UNREADABLE_POST, status: post.status };
}

/** The file's type from its first bytes: a PDF's "%PDF-" signature or an image's; null otherwise. */
export function detectDocumentType(head: Buffer): "pdf" | "jpeg" | "png" | "webp" | null {
  if (head.length >= 5 && head.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  return detectImageType(head.subarray(0, 16));
}

class DocumentRejectedError extends Error {}

/** The bytes to keep and their type: a PDF as sent, an image decoded and re-encoded without metadata. */
async function prepareFile(file: Buffer): Promise<{ bytes: Buffer; contentType: TrustDocumentType; extension: string }> {
  const type = detectDocumentType(file);
  if (!type) throw new DocumentRejectedError(TRUST_FILE_TYPE);
  if (type === "pdf") return { bytes: file, contentType: "application/pdf", extension: "pdf" };
  const bytes = await withDecodeSlot(async () => {
    try {
      const metadata = await sharp(file, { limitInputPixels: false }).metadata();
      if (!metadata.width || !metadata.height || metadata.width * metadata.height > MAX_INPUT_PIXELS || metadata.format !== type) {
        throw new DocumentRejectedError(TRUST_IMAGE_UNREADABLE);
      }
      return await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated", pages: 1 })
        .autoOrient()
        .resize({ width: IMAGE_MAX_WIDTH, withoutEnlargement: true })
        .toColourspace("srgb")
        .webp({ quality: 85 })
        .toBuffer();
    } catch (error) {
      if (error instanceof DocumentRejectedError) throw error;
      throw new DocumentRejectedError(TRUST_IMAGE_UNREADABLE);
    }
  });
  return { bytes, contentType: "image/webp", extension: "webp" };
}

export type UploadResult = { ok: true; id: string } | { ok: false; field: "file" | "personId" | "form"; message: string; status: number };

export interface TrustDeps {
  db: Executor;
  storage: Storage;
  logger?: Logger;
}

/** Stores one document for review: the fields already parsed, the file checked here. */
export async function uploadTrustDocument(deps: TrustDeps, profileId: string, fields: DocumentFields, file: Buffer | null, now: Date = new Date()): Promise<UploadResult> {
  if (!file || file.length === 0) return { ok: false, field: "file", message: TRUST_FILE_MISSING, status: 400 };
  if (file.length > TRUST_MAX_BYTES) return { ok: false, field: "file", message: TRUST_FILE_TOO_BIG, status: 413 };
  if (fields.kind === "background_check" && !(fields.personId && isUuid(fields.personId))) {
    return { ok: false, field: "personId", message: PERSON_REQUIRED, status: 400 };
  }
  // Counted before the file is decoded, so even a refused one costs the sender.
  const allowance = await hitRateLimit(deps.db, { key: `trust-upload:user:${profileId}`, limit: TRUST_UPLOADS_PER_DAY, windowMs: 24 * 60 * 60_000 }, now);
  if (!allowance.allowed) {
    return { ok: false, field: "file", message: `Too many documents uploaded today. Please try again in ${waitInWords(allowance.retryAfterSeconds)}.`, status: 429 };
  }
  let prepared: Awaited<ReturnType<typeof prepareFile>>;
  try {
    prepared = await prepareFile(file);
  } catch (error) {
    if (error instanceof DocumentRejectedError) return { ok: false, field: "file", message: error.message, status: 422 };
    throw error;
  }
  const key = `${PRIVATE_KEY_PREFIX}trust/${profileId}/${randomBytes(16).toString("hex")}.${prepared.extension}`;
  await queueStoredFileDeletions(deps.db, [key], new Date(now.getTime() + UPLOAD_GRACE_MS));
  try {
    await deps.storage.put(key, prepared.bytes, prepared.contentType, { private: true });
    const id = await deps.db.transaction(async (tx): Promise<string | null> => {
      let personName: string | null = null;
      if (fields.kind === "background_check") {
        const [person] = await tx
          .select({ fullName: trustPeople.fullName })
          .from(trustPeople)
          .where(and(eq(trustPeople.id, fields.personId!), eq(trustPeople.profileId, profileId)))
          .for("update");
        if (!person) return null;
        personName = person.fullName;
      }
      const [row] = await tx
        .insert(trustDocuments)
        .values({
          profileId,
          personId: fields.kind === "background_check" ? fields.personId : null,
          personName,
          kind: fields.kind,
          provider: fields.provider,
          issuedOn: fields.issuedOn,
          expiresOn: fields.expiresOn,
          liabilityLimitDollars: fields.limitDollars,
          storageKey: key,
          contentType: prepared.contentType,
          byteSize: prepared.bytes.length,
          uploadedAt: now,
        })
        .returning({ id: trustDocuments.id });
      await cancelStoredFileDeletions(tx, [key]);
      return row!.id;
    });
    if (!id) {
      await sweepStoredFileDeletions(deps.db, deps.storage, { keys: [key] }).catch(() => undefined);
      return { ok: false, field: "personId", message: PERSON_REQUIRED, status: 400 };
    }
    return { ok: true, id };
  } catch (error) {
    await sweepStoredFileDeletions(deps.db, deps.storage, { keys: [key] }).catch(() => undefined);
    throw error;
  }
}

export interface OwnDocument {
  id: string;
  kind: "background_check" | "insurance";
  status: "pending" | "approved" | "rejected";
  personName: string | null;
  provider: string;
  issuedOn: string | null;
  expiresOn: string | null;
  limitDollars: number | null;
  validUntil: string | null;
  reason: string | null;
  uploadedAt: string;
  hasFile: boolean;
}

/** The performer's own documents, newest first. */
export async function ownDocuments(db: Executor, profileId: string): Promise<OwnDocument[]> {
  const rows = await db
    .select()
    .from(trustDocuments)
    .where(eq(trustDocuments.profileId, profileId))
    .orderBy(desc(trustDocuments.uploadedAt), asc(trustDocuments.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    personName: r.personName,
    provider: r.provider,
    issuedOn: r.issuedOn,
    expiresOn: r.expiresOn,
    limitDollars: r.liabilityLimitDollars,
    validUntil: r.validUntil,
    reason: r.reason,
    uploadedAt: r.uploadedAt.toISOString(),
    hasFile: r.storageKey !== null,
  }));
}
