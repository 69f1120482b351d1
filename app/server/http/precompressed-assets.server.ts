import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

interface Variants {
  br: boolean;
  gzip: boolean;
  type: string;
}

/** The encodings a client accepts, honouring q=0 ("not this one"). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return accepted;
}

/**
 * Serves the build's hashed assets from the .br and .gz copies written at build time
 * (vite.plugins.ts), so a browser gets the strongest compression without the server compressing
 * anything per request. The folder is read once at start-up: a request is matched against that
 * list by exact name, never turned into a path, so nothing outside it can be reached. Anything
 * not listed (or a client that accepts neither encoding) falls through to the plain static files.
 */
export function precompressedAssets(dir: string, maxAgeSeconds: number): RequestHandler {
  const variants = new Map<string, Variants>();
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  const present = new Set(names);
  for (const name of names) {
    const type = CONTENT_TYPES[path.extname(name)];
    if (!type) continue;
    const br = present.has(`${name}.br`);
    const gzip = present.has(`${name}.gz`);
    if (br || gzip) variants.set(`/${name}`, { br, gzip, type });
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const found = variants.get(req.path);
    if (!found) return next();
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = found.br && accepted.has("br") ? "br" : found.gzip && accepted.has("gzip") ? "gzip" : null;
    if (!encoding) return next();
    res.setHeader("Content-Type", found.type);
    res.setHeader("Content-Encoding", encoding);
    // Relative to `root`, so the dot-file rule looks only at the asset's own name: a build kept
    // under a dotted folder (.tmp/build, ~/.apps/...) was refused with a 403 here and fell through
    // to the plain file compressed per request (16 KB more per page, measured by measure:js).
    res.sendFile(
      `${req.path.slice(1)}.${encoding === "br" ? "br" : "gz"}`,
      { root: dir, maxAge: maxAgeSeconds * 1000, immutable: true, dotfiles: "deny" },
      (error) => {
        if (error && !res.headersSent) {
          res.removeHeader("Content-Encoding");
          next();
        }
      },
    );
  };
}
