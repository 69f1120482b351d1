import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, IMAGE_TOO_BIG_MESSAGE, IMAGE_TYPE_MESSAGE } from "~/lib/images";
import { profileImages, profiles, user } from "~/server/db/schema";
import {
  detectImageType,
  ImageRejectedError,
  processImage,
  TOO_MANY_PIXELS_MESSAGE,
  UNREADABLE_IMAGE_MESSAGE,
} from "~/server/images/process.server";
import {
  addProfileImage,
  deleteProfileImage,
  ImageLimitError,
  InvalidImageOrderError,
  listProfileImages,
  moveProfileImage,
  reorderProfileImages,
  type ProfileImage,
} from "~/server/images/profile-images.server";
import { receiveImageUploads } from "~/server/images/upload.server";
import { createLocalStorage } from "~/server/storage/local.server";
import type { Storage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;
let mediaDir: string;
let storage: Storage;
let photo: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-images-"));
  storage = createLocalStorage(mediaDir);
  photo = await noiseJpeg(900, 600);
});
afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

let userCounter = 0;
async function makeUser(): Promise<string> {
  const id = `imguser${process.pid}x${++userCounter}`;
  await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

function noiseJpeg(width: number, height: number, quality = 85): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
}

/** Every file the storage holds for a profile. */
function filesOf(profileId: string): string[] {
  const dir = path.join(mediaDir, profileId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

async function rowsOf(profileId: string) {
  return database.db
    .select({ id: profileImages.id, position: profileImages.position })
    .from(profileImages)
    .where(eq(profileImages.profileId, profileId))
    .orderBy(asc(profileImages.position));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

function multipartRequest(body: BodyInit, boundary: string, headers: Record<string, string> = {}): Request {
  return new Request("http://localhost/dashboard/manage-images/upload", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...headers },
    body,
    duplex: "half",
  } as RequestInit);
}

describe(`image checks (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("decides the type from the bytes, not the name", async () => {
    expect(detectImageType(photo)).toBe("jpeg");
    expect(detectImageType(await sharp(photo).png().toBuffer())).toBe("png");
    expect(detectImageType(await sharp(photo).webp().toBuffer())).toBe("webp");
    expect(detectImageType(Buffer.from("GIF89a......"))).toBeNull();
  });

  it("refuses a text file renamed to .jpg and stores nothing", async () => {
    const owner = await makeUser();
    const text = Buffer.from("name,city\nAda,Orlando\n".repeat(50));
    const error = await rejection(addProfileImage(database.db, storage, owner, text));
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error.message).toBe(IMAGE_TYPE_MESSAGE);
    expect(await rowsOf(owner)).toEqual([]);
    expect(filesOf(owner)).toEqual([]);
  });

  it("refuses a truncated JPEG", async () => {
    const truncated = photo.subarray(0, Math.floor(photo.length * 0.6));
    const error = await rejection(processImage(truncated));
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error.message).toBe(UNREADABLE_IMAGE_MESSAGE);
  });

  it("refuses a pixel bomb before decoding it", async () => {
    // A tiny PNG whose header claims 20000 x 20000 pixels (400 MP, 1.2 GB once decoded).
    const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } }).png().toBuffer());
    png.writeUInt32BE(20000, 16);
    png.writeUInt32BE(20000, 20);
    png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
    expect(png.length).toBeLessThan(1024);
    const error = await rejection(processImage(png));
    expect(error).toBeInstanceOf(ImageRejectedError);
    expect(error.message).toBe(TOO_MANY_PIXELS_MESSAGE);
  });

  it("cuts a 6 MB upload off at 5 MB without reading the rest of the body", async () => {
    const owner = await makeUser();
    const boundary = "----ccboundary6mb";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const total = 6 * 1024 * 1024;
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0xab);
    // A body that would go on for 6 MB; the endpoint must stop asking for more well before that.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, multipartRequest(body, boundary));
    expect(outcome).toMatchObject({ uploaded: 0, error: IMAGE_TOO_BIG_MESSAGE, status: 413, cutOff: true });
    expect(sent).toBeLessThan(total);
    expect(sent).toBeGreaterThanOrEqual(5 * 1024 * 1024);
    expect(await rowsOf(owner)).toEqual([]);
  });

  it("reads the rest of a 6 MB upload that declared its length, so the refusal reaches the browser", async () => {
    const owner = await makeUser();
    const boundary = "----ccboundarydeclared";
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const fileBytes = 6 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0xab);
    let sent = 0;
    let finished = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= fileBytes) {
          controller.enqueue(tail);
          controller.close();
          finished = true;
          return;
        }
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const declared = String(head.length + fileBytes + tail.length);
    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, multipartRequest(body, boundary, { "content-length": declared }));
    // Refused as before, but the connection can stay open: nothing is left unread on it.
    expect(outcome).toMatchObject({ uploaded: 0, error: IMAGE_TOO_BIG_MESSAGE, status: 413, cutOff: false });
    expect(finished).toBe(true);
    expect(await rowsOf(owner)).toEqual([]);
  });

  it("refuses a body that declares more than four files' worth up front", async () => {
    const owner = await makeUser();
    const request = multipartRequest("x", "b", { "content-length": String(30 * 1024 * 1024) });
    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, request);
    expect(outcome).toMatchObject({ uploaded: 0, error: IMAGE_TOO_BIG_MESSAGE, status: 413 });
  });

  it("accepts a normal multipart upload and creates the performer's profile row on first upload", async () => {
    const owner = await makeUser();
    const form = new FormData();
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "me.jpg");
    const request = new Request("http://localhost/dashboard/manage-images/upload", { method: "POST", body: form });
    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, request);
    expect(outcome).toMatchObject({ uploaded: 1, error: null, status: 200 });
    const [profile] = await database.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, owner));
    expect(profile?.id).toBe(owner);
    const images = await listProfileImages(database.db, owner);
    expect(images).toHaveLength(1);
    expect(images[0].position).toBe(0);
    expect(images[0].blurDataUrl).toMatch(/^data:image\/webp;base64,/);
    // Renditions never wider than the original, largest first in the URL.
    expect(images[0].variants.map((v) => v.width)).toEqual([320, 640, 900]);
    expect(images[0].imageUrl).toBe(images[0].variants[2].url);
    expect(images[0].variants.every((v) => v.key.startsWith(`${owner}/`) && v.key.endsWith(".webp"))).toBe(true);
  });
});

describe("metadata", () => {
  it("strips EXIF (GPS included) and turns a sideways photo upright", async () => {
    const owner = await makeUser();
    // 600 x 400 stored pixels, EXIF orientation 6 (rotate 90° clockwise to view), with a GPS position.
    const sideways = await sharp(await noiseJpeg(600, 400))
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: "PhoneCo", Model: "Snapper 9" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "28/1 32/1 18/1", GPSLongitudeRef: "W", GPSLongitude: "81/1 22/1 45/1" },
      })
      .jpeg()
      .toBuffer();
    const before = await sharp(sideways).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(Buffer.from("PhoneCo"))).toBe(true);

    const image = await addProfileImage(database.db, storage, owner, sideways);
    expect(image.width).toBe(400);
    expect(image.height).toBe(600);
    expect(image.variants.length).toBeGreaterThan(0);
    for (const variant of image.variants) {
      const bytes = fs.readFileSync(path.join(mediaDir, variant.key));
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
      const after = await sharp(bytes).metadata();
      expect(after.format).toBe("webp");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      // Upright: portrait now, as the camera meant it.
      expect(after.height).toBeGreaterThan(after.width);
      expect({ width: after.width, height: after.height }).toEqual({ width: variant.width, height: variant.height });
    }
  });
});

describe(`the 4-image limit and ordering (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("holds under six concurrent uploads: exactly four rows at positions 0..3, losers' files removed", async () => {
    const owner = await makeUser();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => addProfileImage(database.db, storage, owner, photo)),
    );
    const fulfilled = results.filter((r) => r.status === "fulfilled");
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(fulfilled).toHaveLength(4);
    expect(rejected).toHaveLength(2);
    for (const r of rejected) {
      expect(r.reason).toBeInstanceOf(ImageLimitError);
      expect((r.reason as Error).message).toBe(IMAGE_MESSAGES.limit);
    }
    const rows = await rowsOf(owner);
    expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    // Three renditions each for the four kept images, nothing left behind by the two refused.
    expect(filesOf(owner)).toHaveLength(12);

    const fifth = await rejection(addProfileImage(database.db, storage, owner, photo));
    expect(fifth).toBeInstanceOf(ImageLimitError);
  });

  it("delete closes the gap, removes the files, and refuses another performer's image", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const added: ProfileImage[] = [];
    for (let i = 0; i < 3; i++) added.push(await addProfileImage(database.db, storage, owner, photo));
    await addProfileImage(database.db, storage, stranger, photo);

    // A stranger naming the owner's image changes nothing.
    expect(await deleteProfileImage(database.db, storage, stranger, added[0].id)).toBe(false);
    expect(await moveProfileImage(database.db, stranger, added[0].id, "down")).toBe(false);
    expect((await rowsOf(owner)).map((r) => r.id)).toEqual(added.map((a) => a.id));
    expect(filesOf(owner)).toHaveLength(9);

    expect(await deleteProfileImage(database.db, storage, owner, added[1].id)).toBe(true);
    const rows = await rowsOf(owner);
    expect(rows).toEqual([
      { id: added[0].id, position: 0 },
      { id: added[2].id, position: 1 },
    ]);
    expect(filesOf(owner)).toHaveLength(6);
    expect(filesOf(owner).some((f) => added[1].variants.some((v) => v.key.endsWith(f)))).toBe(false);
    // The stranger's own image is untouched.
    expect(await rowsOf(stranger)).toHaveLength(1);
  });

  it("reorder rewrites every position and accepts only exactly the owner's images", async () => {
    const owner = await makeUser();
    const stranger = await makeUser();
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) mine.push((await addProfileImage(database.db, storage, owner, photo)).id);
    const theirs = (await addProfileImage(database.db, storage, stranger, photo)).id;
    const [a, b, c] = mine;

    await reorderProfileImages(database.db, owner, [c, a, b]);
    expect(await rowsOf(owner)).toEqual([
      { id: c, position: 0 },
      { id: a, position: 1 },
      { id: b, position: 2 },
    ]);

    for (const bad of [[c, a, theirs], [c, a], [c, a, b, theirs], [c, c, a]]) {
      const error = await rejection(reorderProfileImages(database.db, owner, bad));
      expect(error).toBeInstanceOf(InvalidImageOrderError);
    }
    expect((await rowsOf(owner)).map((r) => r.id)).toEqual([c, a, b]);
    expect(await rowsOf(stranger)).toEqual([{ id: theirs, position: 0 }]);

    expect(await moveProfileImage(database.db, owner, b, "up")).toBe(true);
    expect((await rowsOf(owner)).map((r) => r.id)).toEqual([c, b, a]);
    expect(await moveProfileImage(database.db, owner, c, "up")).toBe(true);
    expect((await rowsOf(owner)).map((r) => r.id)).toEqual([c, b, a]);
  });
});
