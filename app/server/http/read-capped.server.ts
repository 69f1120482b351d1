import {
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartRequest,
} from "@remix-run/multipart-parser";
import { FORM_BODY_LIMIT_BYTES } from "./body-limit.server";

/** What a post that readCappedPost finds "unreadable" is told, on every route that uses it. */
export const UNREADABLE_POST = "We could not read what was sent. Please try again.";

/** Room for a multipart body's text fields and part headers beside its files. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * A request's body as text, read no further than `limit` bytes: null once it passes the limit (the
 * rest is not read), "" without a body. For the routes exempt from the app-wide body limit (uploads)
 * whose plain-form posts must still be capped.
 */
export async function readCapped(request: Request, limit: number): Promise<string | null> {
  const body = request.body;
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export type CappedPost =
  | { ok: true; form: FormData; files: Buffer[] }
  /**
   * too-big: a file or the multipart body past its cap; too-many: more files (or parts) than
   * allowed; unreadable: a plain form past its cap, or a body that is not a form.
   */
  | { ok: false; problem: "too-big" | "too-many" | "unreadable"; status: 400 | 413 };

export interface CappedPostLimits {
  /** The one field whose files are kept; files under other names are read within the caps and dropped. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Text fields allowed beside the files. */
  maxTextParts: number;
}

/**
 * A post to a route exempt from the app-wide body limit, capped here: a plain form at
 * FORM_BODY_LIMIT_BYTES, a multipart one streamed with every file cut off past its cap and the
 * whole body past the files' caps and a 64 KB envelope, refused by its declared length first.
 */
export async function readCappedPost(request: Request, limits: CappedPostLimits): Promise<CappedPost> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    const text = await readCapped(request, FORM_BODY_LIMIT_BYTES);
    if (text === null) return { ok: false, problem: "unreadable", status: 413 };
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
    return { ok: true, form, files: [] };
  }
  const maxBodyBytes = limits.maxFiles * limits.maxFileBytes + ENVELOPE_BYTES;
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBodyBytes) return { ok: false, problem: "too-big", status: 413 };
  const form = new FormData();
  const files: Buffer[] = [];
  try {
    const parts = parseMultipartRequest(request, {
      maxFileSize: limits.maxFileBytes,
      maxTotalSize: maxBodyBytes,
      maxParts: limits.maxFiles + limits.maxTextParts,
    });
    for await (const part of parts) {
      if (part.isFile) {
        // A file input left empty still sends a nameless, empty part.
        if (part.name !== limits.fileField || (!part.filename && part.size === 0)) continue;
        if (files.length >= limits.maxFiles) return { ok: false, problem: "too-many", status: 413 };
        files.push(Buffer.from(part.bytes));
      } else if (part.name) {
        form.append(part.name, part.text);
      }
    }
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) return { ok: false, problem: "too-big", status: 413 };
    if (error instanceof MaxPartsExceededError) return { ok: false, problem: "too-many", status: 413 };
    if (error instanceof MultipartParseError) return { ok: false, problem: "unreadable", status: 400 };
    throw error;
  }
  return { ok: true, form, files };
}
