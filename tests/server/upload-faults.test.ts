import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { eq, like } from "drizzle-orm";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_MESSAGES, IMAGE_UPLOAD_FIELD } from "~/lib/images";
import { loadConfig } from "~/server/platform/config.server";
import type { Executor } from "~/server/db/client.server";
import { profileImages, storageDeletions, user } from "~/server/db/schema";
import { addProfileImage, UPLOAD_GRACE_MS } from "~/server/images/profile-images.server";
import { receiveImageUploads } from "~/server/images/upload.server";
import { createStorage } from "~/server/storage/index.server";
import { createLocalStorage } from "~/server/storage/local.server";
import type { Storage } from "~/server/storage/storage.server";
import { sweepStoredFileDeletions } from "~/server/profiles/stored-file-deletions.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { freePort } from "../helpers/free-port";

// What an upload leaves behind when storage or the process fails half-way: never an image row
// without its files, and no file that stays for good without a row.

const ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

let database: TestDatabase;
let photo: Buffer;
const tempDirs: string[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  database = await createTestDatabase();
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#c026d3" } }).jpeg().toBuffer();
});
afterAll(async () => {
  await database?.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

let performers = 0;
async function makePerformer(): Promise<string> {
  const id = `upfault${process.pid}x${++performers}`;
  await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
  return id;
}

function uploadRequest(file: Buffer): Request {
  const form = new FormData();
  form.append(IMAGE_UPLOAD_FIELD, new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "costume.jpg");
  return new Request("http://localhost/dashboard/manage-images/upload", { method: "POST", body: form });
}

async function imageRows(profileId: string) {
  return database.db.select({ id: profileImages.id }).from(profileImages).where(eq(profileImages.profileId, profileId));
}

async function queuedKeys(profileId: string) {
  const rows = await database.db
    .select({ key: storageDeletions.key, nextAttemptAt: storageDeletions.nextAttemptAt })
    .from(storageDeletions)
    .where(like(storageDeletions.key, `${profileId}/%`));
  return rows.sort((a, b) => a.key.localeCompare(b.key));
}

function filesUnder(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}

/** Local storage whose writes fail for the rendition of the given width (a disk or bucket refusing one file). */
function storageFailingWidth(inner: Storage, width: number): Storage {
  return {
    ...inner,
    driver: inner.driver,
    put: (key, body, type) =>
      key.endsWith(`-${width}.webp`) ? Promise.reject(new Error("storage refused the write")) : inner.put(key, body, type),
    stream: (key) => inner.stream(key),
    delete: (key) => inner.delete(key),
    publicUrl: (key) => inner.publicUrl(key),
  };
}

/**
 * The database as a process sees it when it dies right before recording the image: every call
 * works, except that the transaction never happens (the process is gone before it can commit).
 */
function diesBeforeCommit(db: Executor): Executor {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property === "transaction") return () => new Promise<never>(() => undefined);
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe(`an upload that fails half-way (${ENGINE})`, () => {
  it("removes the renditions already written when one write fails, and records nothing", async () => {
    const owner = await makePerformer();
    const mediaDir = tempDir("cc-upfault-");
    const storage = storageFailingWidth(createLocalStorage(mediaDir), 640);

    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, uploadRequest(photo));
    expect(outcome).toMatchObject({ uploaded: 0, error: IMAGE_MESSAGES.uploadFailed, status: 500 });
    expect(await imageRows(owner)).toEqual([]);
    expect(filesUnder(path.join(mediaDir, owner))).toEqual([]);
    expect(await queuedKeys(owner)).toEqual([]);
  });

  it("leaves the files of a process that died before recording them queued, and the sweep removes them after the grace period", async () => {
    const owner = await makePerformer();
    const mediaDir = tempDir("cc-upfault-");
    const storage = createLocalStorage(mediaDir);

    // The upload never finishes: its process is gone after writing the files.
    void addProfileImage(diesBeforeCommit(database.db), storage, owner, photo);
    // Three renditions written whole: a write is a temporary file renamed into place, and a listing
    // taken mid-write holds the temporary one (the race a loaded machine showed).
    const written = () => filesUnder(path.join(mediaDir, owner)).filter((name) => !name.endsWith(".tmp"));
    await expect.poll(() => written().length === 3 && filesUnder(path.join(mediaDir, owner)).length === 3, { timeout: 10_000 }).toBe(true);
    const queued = await queuedKeys(owner);
    expect(queued.map((row) => row.key.split("/")[1]).sort()).toEqual(filesUnder(path.join(mediaDir, owner)));
    expect(await imageRows(owner)).toEqual([]);

    // Not before the grace period: an upload still going on in another process keeps its files.
    expect(await sweepStoredFileDeletions(database.db, storage)).toEqual({ removed: 0, failed: 0 });
    expect(filesUnder(path.join(mediaDir, owner))).toHaveLength(3);

    const later = new Date(Date.now() + UPLOAD_GRACE_MS + 60_000);
    expect(await sweepStoredFileDeletions(database.db, storage, { now: later })).toEqual({ removed: 3, failed: 0 });
    expect(filesUnder(path.join(mediaDir, owner))).toEqual([]);
    expect(await queuedKeys(owner)).toEqual([]);
  });

  it("takes a kept upload's files off the queue, so the sweep never touches them", async () => {
    const owner = await makePerformer();
    const mediaDir = tempDir("cc-upfault-");
    const storage = createLocalStorage(mediaDir);
    await addProfileImage(database.db, storage, owner, photo);
    expect(await queuedKeys(owner)).toEqual([]);
    const later = new Date(Date.now() + UPLOAD_GRACE_MS + 60_000);
    await sweepStoredFileDeletions(database.db, storage, { now: later });
    expect(filesUnder(path.join(mediaDir, owner))).toHaveLength(3);
    expect(await imageRows(owner)).toHaveLength(1);
  });
});

describe(`an upload while S3 is down (${ENGINE}, s3rver on loopback)`, { timeout: 60_000 }, () => {
  const bucket = "costumecast-faults";
  let s3: S3rver | null = null;
  let s3Dir: string;
  let port: number;
  let storage: Storage;

  async function startS3() {
    s3 = new S3rver({ address: "127.0.0.1", port, silent: true, directory: s3Dir });
    await s3.run();
  }

  beforeAll(async () => {
    s3Dir = tempDir("cc-upfault-s3-");
    port = await freePort();
    await startS3();
    const endpoint = `http://127.0.0.1:${port}`;
    const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
    const admin = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    admin.destroy();
    storage = await createStorage(
      loadConfig({
        STORAGE_DRIVER: "s3",
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: credentials.accessKeyId,
        S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      }).storage,
    );
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("answers 'Failed to upload images', records nothing, and removes whatever was written once S3 is back", async () => {
    const owner = await makePerformer();
    await s3!.close();
    s3 = null;

    const outcome = await receiveImageUploads({ db: database.db, storage }, owner, uploadRequest(photo));
    expect(outcome).toMatchObject({ uploaded: 0, error: IMAGE_MESSAGES.uploadFailed, status: 500 });
    expect(await imageRows(owner)).toEqual([]);
    // Removing could not work either: the upload's keys wait for the sweep, due soon.
    const queued = await queuedKeys(owner);
    expect(queued).toHaveLength(3);
    for (const row of queued) expect(row.nextAttemptAt.getTime()).toBeLessThan(Date.now() + 10 * 60_000);

    await startS3();
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await sweepStoredFileDeletions(database.db, storage, { now: later })).toEqual({ removed: 3, failed: 0 });
    expect(await queuedKeys(owner)).toEqual([]);
    for (const row of queued) expect(await storage.stream(row.key)).toBeNull();

    // And with S3 back, the same upload goes through.
    const retried = await receiveImageUploads({ db: database.db, storage }, owner, uploadRequest(photo));
    expect(retried).toMatchObject({ uploaded: 1, error: null, status: 200 });
    expect(await imageRows(owner)).toHaveLength(1);
  });
});
