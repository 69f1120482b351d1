import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Readable } from "node:stream";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import express from "express";
import pino from "pino";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { createStorage, type Storage } from "~/server/storage/index.server";
import { mountMedia } from "~/server/http/media-route.server";
import { InvalidStorageKeyError } from "~/server/storage/storage.server";

const logger = pino({ level: "silent" });
const WEBP = Buffer.from("RIFF\x1a\x00\x00\x00WEBPVP8 fake image bytes", "latin1");

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** A request whose path goes out exactly as written: fetch() would resolve `%2e%2e` before sending. */
function rawGet(port: number, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: rawPath, method: "GET" }, (response) => {
      let body = "";
      response.setEncoding("latin1");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

const TRAVERSAL_KEYS = [
  "../x",
  "a/../../etc/passwd",
  "/etc/passwd",
  "..\\..\\secret.txt",
  "a\\..\\..\\secret.txt",
  "a\0.webp",
  "%2e%2e/secret.txt",
  "",
  "a//b.webp",
  "./a.webp",
];

describe("local storage driver", () => {
  let root: string;
  let storage: Storage;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-storage-"));
    // A file beside the media folder that no request may reach.
    fs.writeFileSync(path.join(root, "secret.txt"), "TOP SECRET");
    storage = await createStorage(loadConfig({ DATA_DIR: root }).storage);
    const app = express();
    mountMedia(app, storage, logger);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("keeps files under DATA_DIR/media and streams them back", async () => {
    expect(storage.driver).toBe("local");
    await storage.put("user-1/photo.webp", WEBP, "image/webp");
    expect(fs.readFileSync(path.join(root, "media", "user-1", "photo.webp"))).toEqual(WEBP);
    const object = await storage.stream("user-1/photo.webp");
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe("image/webp");
    expect(object!.size).toBe(WEBP.length);
    expect(await readAll(object!.body)).toEqual(WEBP);
    expect(storage.publicUrl("user-1/photo.webp")).toBe("/media/user-1/photo.webp");
  });

  it("replaces a file whole and leaves no temporary files behind", async () => {
    await storage.put("user-1/replace.webp", Buffer.from("first"), "image/webp");
    await storage.put("user-1/replace.webp", Buffer.from("second"), "image/webp");
    expect(await readAll((await storage.stream("user-1/replace.webp"))!.body)).toEqual(Buffer.from("second"));
    expect(fs.readdirSync(path.join(root, "media", "user-1")).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("deletes files, and deleting a missing file is not an error", async () => {
    await storage.put("user-2/gone.webp", WEBP, "image/webp");
    await storage.delete("user-2/gone.webp");
    expect(await storage.stream("user-2/gone.webp")).toBeNull();
    await expect(storage.delete("user-2/gone.webp")).resolves.toBeUndefined();
  });

  it("deleting a key also removes the temporary file a write cut short left beside it, and nothing else", async () => {
    const dir = path.join(root, "media", "user-3");
    await storage.put("user-3/kept.webp", WEBP, "image/webp");
    fs.writeFileSync(path.join(dir, "cut.webp.4242.a1b2c3d4e5f6.tmp"), "half a file");
    fs.writeFileSync(path.join(dir, "kept.webp.4242.a1b2c3d4e5f6.tmp"), "half a file");
    await storage.delete("user-3/cut.webp");
    expect(fs.readdirSync(dir).sort()).toEqual(["kept.webp", "kept.webp.4242.a1b2c3d4e5f6.tmp"]);
  });

  it("answers null for a missing file or a folder", async () => {
    expect(await storage.stream("user-9/none.webp")).toBeNull();
    expect(await storage.stream("user-1")).toBeNull();
  });

  it.each(TRAVERSAL_KEYS)("rejects the key %j for every operation", async (key) => {
    await expect(storage.put(key, Buffer.from("evil"), "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.stream(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
    expect(fs.readFileSync(path.join(root, "secret.txt"), "utf8")).toBe("TOP SECRET");
    expect(fs.existsSync("/x")).toBe(false);
  });

  it("serves files at /media with long immutable caching", async () => {
    await storage.put("user-1/served.webp", WEBP, "image/webp");
    const response = await rawGet(port, "/media/user-1/served.webp");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["content-security-policy"]).toContain("sandbox");
    expect(Buffer.from(response.body, "latin1")).toEqual(WEBP);
  });

  it.each([
    "/media/..%2fsecret.txt",
    "/media/%2e%2e/secret.txt",
    "/media/%2e%2e%2fsecret.txt",
    "/media/user-1/%2e%2e/%2e%2e/secret.txt",
    "/media/..%5csecret.txt",
    "/media/%2fetc%2fpasswd",
    "/media/user-1/served.webp%00.txt",
    "/media/user-1",
    "/media/user-1/",
    "/media/",
  ])("answers 404 with no file contents or listing for %s", async (requestPath) => {
    const response = await rawGet(port, requestPath);
    expect(response.status).toBe(404);
    expect(response.body).not.toContain("TOP SECRET");
    expect(response.body).not.toContain("served.webp");
    expect(response.body).not.toContain("photo.webp");
  });
});

describe("S3 storage driver (s3rver on loopback)", () => {
  let dir: string;
  let s3: S3rver;
  let endpoint: string;
  let storage: Storage;
  const bucket = "costumecast-media";

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-s3rver-"));
    s3 = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const admin = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    admin.destroy();
    const config = loadConfig({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PUBLIC_URL: "https://cdn.costumecast.test/images/",
    });
    storage = await createStorage(config.storage);
  });

  afterAll(async () => {
    await s3?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("stores an object with its type and caching, and streams it back", async () => {
    expect(storage.driver).toBe("s3");
    await storage.put("user-1/photo.webp", WEBP, "image/webp");
    const object = await storage.stream("user-1/photo.webp");
    expect(object).not.toBeNull();
    expect(object!.contentType).toBe("image/webp");
    expect(object!.size).toBe(WEBP.length);
    expect(await readAll(object!.body)).toEqual(WEBP);

    // What a browser or CDN fetching the object directly would get.
    const direct = await fetch(`${endpoint}/${bucket}/user-1/photo.webp`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("content-type")).toBe("image/webp");
    expect(direct.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await direct.arrayBuffer())).toEqual(WEBP);
  });

  it("gives the CDN address as the public URL", () => {
    expect(storage.publicUrl("user-1/photo.webp")).toBe("https://cdn.costumecast.test/images/user-1/photo.webp");
  });

  it("uses the bucket's own address when no CDN is configured", async () => {
    const plain = await createStorage(
      loadConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: bucket, S3_ENDPOINT: endpoint }).storage,
    );
    expect(plain.publicUrl("user-1/photo.webp")).toBe(`${endpoint}/${bucket}/user-1/photo.webp`);
  });

  it("deletes objects and answers null for missing ones", async () => {
    await storage.put("user-2/gone.webp", WEBP, "image/webp");
    await storage.delete("user-2/gone.webp");
    expect(await storage.stream("user-2/gone.webp")).toBeNull();
    expect(await storage.stream("user-9/never.webp")).toBeNull();
    await expect(storage.delete("user-2/gone.webp")).resolves.toBeUndefined();
  });

  it.each(TRAVERSAL_KEYS)("rejects the key %j before talking to S3", async (key) => {
    await expect(storage.put(key, Buffer.from("evil"), "image/webp")).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.stream(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    expect(() => storage.publicUrl(key)).toThrow(InvalidStorageKeyError);
  });
});
