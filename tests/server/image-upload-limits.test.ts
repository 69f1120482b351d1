import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq } from "drizzle-orm";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "~/lib/images";
import { profileImages, profiles, user } from "~/server/db/schema";
import { decodeStats, MAX_CONCURRENT_DECODES } from "~/server/images/decode-slots.server";
import { addProfileImage, ImageLimitError } from "~/server/images/profile-images.server";
import { receiveImageUploads, UPLOADS_PER_HOUR } from "~/server/images/upload.server";
import { createMetrics } from "~/server/platform/metrics.server";
import { createLocalStorage } from "~/server/storage/local.server";
import type { Storage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// What parallel and repeated uploads may cost: nothing is decoded for an upload the four-image
// limit refuses, each process decodes at most a couple of images at once, and one account's uploads
// are limited per hour. Decodes are observed the way an operator sees them, on /metrics.

let database: TestDatabase;
let mediaDir: string;
let storage: Storage;
let photo: Buffer;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-upload-limits-"));
  storage = createLocalStorage(mediaDir);
  const pixels = Buffer.alloc(800 * 600 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  photo = await sharp(pixels, { raw: { width: 800, height: 600, channels: 3 } }).jpeg().toBuffer();
});
afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

let users = 0;
/** A performer whose profile already holds `held` images (rows only: the count is what matters). */
async function performerHolding(held: number): Promise<string> {
  const id = `uplimit${process.pid}x${++users}`;
  await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  await database.db.insert(profiles).values({ id });
  for (let position = 0; position < held; position++) {
    await database.db.insert(profileImages).values({ profileId: id, imageUrl: `/media/${id}/${position}.webp`, storageKey: `${id}/${position}.webp`, position });
  }
  return id;
}

async function imagesOf(profileId: string): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(profileImages).where(eq(profileImages.profileId, profileId));
  return row.n;
}

/** costumecast_image_decodes_total as /metrics shows it. */
async function decodesOnMetrics(): Promise<number> {
  const { body } = await createMetrics(database.db, pino({ level: "silent" })).exposition();
  const match = /^costumecast_image_decodes_total (\d+)$/m.exec(body);
  if (!match) throw new Error("costumecast_image_decodes_total is not on /metrics");
  return Number(match[1]);
}

function uploadRequest(): Request {
  const form = new FormData();
  form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "me.jpg");
  return new Request("http://localhost/dashboard/manage-images/upload", { method: "POST", body: form });
}

describe(`image uploads under load (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("with four images held, eight parallel uploads are refused without decoding anything", async () => {
    const owner = await performerHolding(4);
    const before = await decodesOnMetrics();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => addProfileImage(database.db, storage, owner, photo)));
    expect(results.every((r) => r.status === "rejected" && r.reason instanceof ImageLimitError)).toBe(true);
    expect(await decodesOnMetrics()).toBe(before);
    expect(await imagesOf(owner)).toBe(4);
  });

  it("with three images held, eight parallel uploads decode one image: the other seven are refused first", async () => {
    const owner = await performerHolding(3);
    const before = await decodesOnMetrics();
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => addProfileImage(database.db, storage, owner, photo)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(7);
    for (const r of refused) expect((r.reason as Error).message).toBe(IMAGE_MESSAGES.limit);
    expect(await decodesOnMetrics()).toBe(before + 1);
    expect(await imagesOf(owner)).toBe(4);
  });

  it("six performers uploading at once: every image is stored, never more than the cap decoding at a time", async () => {
    const owners = await Promise.all(Array.from({ length: 6 }, () => performerHolding(0)));
    const before = await decodesOnMetrics();
    await Promise.all(owners.map((owner) => addProfileImage(database.db, storage, owner, photo)));
    expect(await decodesOnMetrics()).toBe(before + 6);
    for (const owner of owners) expect(await imagesOf(owner)).toBe(1);
    expect(MAX_CONCURRENT_DECODES).toBe(2);
    expect(decodeStats().peakActive).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
    // Nothing is left holding a slot or waiting for one.
    expect(decodeStats()).toMatchObject({ active: 0, waiting: 0 });
    const { body } = await createMetrics(database.db, pino({ level: "silent" })).exposition();
    expect(body).toMatch(/^costumecast_image_decodes\{state="running"\} 0$/m);
  });

  it(`refuses an account's upload past ${UPLOADS_PER_HOUR} in an hour with the reason and the wait, storing nothing`, async () => {
    // A performer at the four-image limit retrying: each try is refused cheaply, and each counts.
    const owner = await performerHolding(4);
    for (let i = 0; i < UPLOADS_PER_HOUR; i++) {
      const outcome = await receiveImageUploads({ db: database.db, storage }, owner, uploadRequest());
      expect(outcome).toMatchObject({ uploaded: 0, error: IMAGE_MESSAGES.limit, status: 409 });
    }
    // Room again, but the hour's uploads are spent.
    await database.db.delete(profileImages).where(and(eq(profileImages.profileId, owner), eq(profileImages.position, 3)));
    const before = await decodesOnMetrics();
    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, uploadRequest());
    expect(outcome).toMatchObject({ uploaded: 0, status: 429 });
    expect(outcome.error).toMatch(/^Too many images uploaded in the last hour\. Please try again in (a minute|\d+ minutes|an hour)\.$/);
    expect(await decodesOnMetrics()).toBe(before);
    expect(await imagesOf(owner)).toBe(3);

    // Another account is not affected.
    const other = await performerHolding(0);
    expect(await receiveImageUploads({ db: database.db, storage }, other, uploadRequest())).toMatchObject({ uploaded: 1, status: 200 });
  });
});
