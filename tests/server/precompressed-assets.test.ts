import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets } from "~/server/http/precompressed-assets.server";

/** The raw bytes and headers as they crossed the wire (fetch would decode them). */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("precompressed assets from a build kept under a dotted folder", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-assets-"));
  // Like .tmp/build in a checkout, or a home folder's ~/.apps/costumecast/build.
  const assetsDir = path.join(root, ".apps", "build", "client", "assets");
  const script = Buffer.from(`export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`);
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    fs.mkdirSync(assetsDir, { recursive: true });
    fs.writeFileSync(path.join(assetsDir, "entry-abc123.js"), script);
    fs.writeFileSync(path.join(assetsDir, "entry-abc123.js.br"), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(assetsDir, "entry-abc123.js.gz"), zlib.gzipSync(script, { level: 9 }));
    const app = express();
    app.use("/assets", precompressedAssets(assetsDir, 3600));
    app.use("/assets", express.static(assetsDir));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("sends the brotli copy written at build time, byte for byte", async () => {
    const res = await rawGet(`${base}/assets/entry-abc123.js`, "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.body.equals(fs.readFileSync(path.join(assetsDir, "entry-abc123.js.br")))).toBe(true);
  });

  it("sends the gzip copy to a client without brotli, and the plain file to one that takes neither", async () => {
    const gz = await rawGet(`${base}/assets/entry-abc123.js`, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(script)).toBe(true);
    const plain = await rawGet(`${base}/assets/entry-abc123.js`, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(script)).toBe(true);
  });
});
