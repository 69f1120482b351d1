import { pipeline } from "node:stream/promises";
import type { Express } from "express";
import type { Logger } from "../platform/logger.server";
import { InvalidStorageKeyError, isPrivateKey, type Storage } from "../storage/storage.server";

/** Serves uploaded files at /media/... when they live on local disk (S3 files are served by S3 or a CDN). */
export function mountMedia(app: Express, storage: Storage, logger: Logger) {
  if (storage.driver !== "local") return;
  app.get("/media/*key", async (req, res) => {
    const parts = (req.params as { key: string[] }).key;
    const key = Array.isArray(parts) ? parts.join("/") : String(parts);
    // Trust documents live under the private prefix and are served only by their own route, which
    // checks who is asking; here they do not exist. Express has already decoded and split the
    // path, so "private%2F..." or "./private/..." arrive as the same key or are refused below.
    if (isPrivateKey(key) || key.split("/").some((part) => part.toLowerCase() === "private")) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const object = await storage.stream(key);
      if (!object) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      // Keys are random and never reused, so the bytes behind one never change.
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      // Uploaded bytes are never a document: even a file that smuggled in markup cannot run script here.
      res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      if (object.contentType) res.setHeader("Content-Type", object.contentType);
      if (object.size !== undefined) res.setHeader("Content-Length", String(object.size));
      await pipeline(object.body, res);
    } catch (error) {
      if (error instanceof InvalidStorageKeyError) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      // A visitor who leaves mid-download is not a server error.
      if ((error as NodeJS.ErrnoException).code === "ERR_STREAM_PREMATURE_CLOSE") return;
      logger.error({ err: error, key }, "media read failed");
      if (!res.headersSent) res.status(500).type("text/plain").send("Error");
      else res.destroy();
    }
  });
}
