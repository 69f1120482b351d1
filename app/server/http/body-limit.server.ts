import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response } from "express";

// Request bodies are small everywhere but the image upload: a page or account form is a few
// kilobytes of text. Before this limit, eight anonymous 60 MB inquiry posts took the server from
// 0.6 to 3 GB of memory. A body is refused with 413 by its Content-Length before anything reads
// it, or, when it has none (chunked), as soon as the bytes read pass the limit; no route or
// better-auth handler ever sees more.

/**
 * 64 KB: the largest form (the profile editor: a 2,000-character bio, name, city, characters) is
 * well under 16 KB even when every character is percent-encoded emoji; JSON to /api/auth is smaller.
 */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Paths that read their own bodies under their own limits: the image upload (several images,
 * streamed to disk with per-file and total caps and friendly messages) and Stripe's webhook (a raw
 * body bounded by express.raw, its signature computed over the exact bytes).
 */
const OWN_LIMIT_PATHS = new Set([
  "/dashboard/manage-images/upload",
  "/api/stripe/webhook",
  // The trust documents' page (one 10 MB file; readTrustPost caps every body it reads, after the session check).
  "/dashboard/trust",
  "/dashboard/trust.data",
]);
/** The same, by prefix: a parent's review with up to three photos (/review/{token}, reviews/photos.server.ts). */
const OWN_LIMIT_PREFIXES = ["/review/"];

/** The body read by `limitBody`, for the handlers that come after it. */
export function bufferedBody(res: Response): Buffer | undefined {
  return (res.locals as { body?: Buffer }).body;
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  if (length !== undefined) return Number(length) > 0;
  return req.headers["transfer-encoding"] !== undefined;
}

/** Reads at most `limit` bytes; undefined when the body is larger (the rest is left unread). */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanUp = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanUp();
        req.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

function tooLarge(res: Response, limit: number) {
  // The connection closes after the answer, so the unread rest is never received.
  res
    .status(413)
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("text/plain")
    .send(`Request body too large (the limit is ${Math.round(limit / 1024)} KB)`);
}

/**
 * Reads any request body (outside the paths with their own limits) into memory, up to `limit`
 * bytes, or answers 413. What was read is handed on through `res.locals.body`, and for better-auth's
 * handler (which takes an already-read body from `req.body`) as text there too.
 */
export function limitBody(limit: number = FORM_BODY_LIMIT_BYTES): RequestHandler {
  return (req, res, next) => {
    if (OWN_LIMIT_PATHS.has(req.path) || OWN_LIMIT_PREFIXES.some((prefix) => req.path.startsWith(prefix)) || !hasBody(req)) {
      next();
      return;
    }
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) {
      tooLarge(res, limit);
      return;
    }
    readUpTo(req, limit).then(
      (body) => {
        if (!body) {
          tooLarge(res, limit);
          return;
        }
        res.locals.body = body;
        (req as IncomingMessage & { body?: string }).body = body.toString("utf8");
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
