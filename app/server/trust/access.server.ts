import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { recordAudit } from "../admin/audit.server";
import type { Executor } from "../db/client.server";
import { trustDocuments } from "../db/schema";
import { isUuid } from "../db/sql-values.server";
import type { Storage } from "../storage/storage.server";

// Who may read a trust document's file: its owner and admins, nobody else. Everyone else gets the
// same null as a document that never existed, so the route's 404 tells a stranger nothing (not
// even whether the id is real). An admin's opening of another performer's document is audited.

export interface OpenedDocument {
  body: Readable;
  contentType: string;
  size: number | undefined;
  filename: string;
}

export async function openTrustDocument(
  deps: { db: Executor; storage: Storage },
  viewer: { id: string; isAdmin: boolean } | null,
  documentId: string,
): Promise<OpenedDocument | null> {
  if (!viewer || !isUuid(documentId)) return null;
  const [row] = await deps.db
    .select({ profileId: trustDocuments.profileId, storageKey: trustDocuments.storageKey, contentType: trustDocuments.contentType, kind: trustDocuments.kind })
    .from(trustDocuments)
    .where(eq(trustDocuments.id, documentId));
  if (!row || !row.storageKey) return null;
  const isOwner = row.profileId === viewer.id;
  if (!isOwner && !viewer.isAdmin) return null;
  // Recorded before the bytes are fetched, so no admin read goes unlogged.
  if (!isOwner) await recordAudit(deps.db, { adminId: viewer.id, action: "trust_document.open", targetType: "trust_document", targetId: documentId });
  const object = await deps.storage.stream(row.storageKey);
  if (!object) return null;
  const extension = row.contentType === "application/pdf" ? "pdf" : "webp";
  return {
    body: object.body,
    contentType: row.contentType,
    size: object.size,
    filename: `${row.kind === "insurance" ? "insurance" : "background-check"}-${documentId.slice(0, 8)}.${extension}`,
  };
}
