import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_UPLOAD_FIELD } from "~/lib/images";
import { openDatabase, type Database } from "~/server/db/client.server";
import { profileImages, storageDeletions } from "~/server/db/schema";
import { UPLOAD_GRACE_MS } from "~/server/images/profile-images.server";
import { createLocalStorage } from "~/server/storage/local.server";
import { sweepStoredFileDeletions } from "~/server/profiles/stored-file-deletions.server";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { ensureBuild } from "../helpers/build";
import { clonePostgresDatabase, postgresUrl, type ClonedDatabase } from "../helpers/db";

// The production server killed with SIGKILL while it handles uploads, at moments spread over an
// upload's whole course (reading the body, resizing, writing the files, recording the row). After
// every kill: no image row whose files are missing, and every file on disk is either an image's or
// queued for the storage sweep, which removes the orphans once their grace period is over.
//
// PostgreSQL only (vitest.config.ts leaves it out of the PGlite run): an embedded database killed
// mid-write is not what production runs on.

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const PUBLIC_URL = "http://costumecast.test";
const PASSWORD = "upload-kill-password-7";
/**
 * When each kill comes: milliseconds after the upload is sent (reading the body, resizing), or as
 * soon as that many of its files are on disk (writing, just before the row is recorded).
 */
const KILL_POINTS: (number | { files: number })[] = [150, { files: 1 }, { files: 2 }, { files: 3 }, { files: 3 }];

describe.runIf(postgresUrl())("SIGKILL during uploads (PostgreSQL)", { timeout: 240_000 }, () => {
  let clone: ClonedDatabase | undefined;
  let database: Database;
  let dataDir: string;
  let server: RunningServer | null = null;
  let env: Record<string, string>;
  let photo: Buffer;

  beforeAll(async () => {
    ensureBuild(BUILD_DIR);
    clone = await clonePostgresDatabase("cc_kill");
    database = await openDatabase({ databaseUrl: clone.url, poolMax: 2, migrate: false });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-kill-"));
    env = {
      NODE_ENV: "production",
      BUILD_DIR,
      BETTER_AUTH_SECRET: "upload-kill-test-secret-0123456789abcdef",
      PAYMENTS: "demo",
      PUBLIC_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: clone.url,
      // The sweep is run by the test, at a moment of its choosing.
      JOBS: "off",
      LOG_LEVEL: "warn",
    };
    // A large photo, so resizing takes long enough for kills to land inside it.
    const width = 2400;
    const height = 1600;
    const pixels = Buffer.alloc(width * height * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = ((i * 2654435761) >>> 26) + (i % 3) * 60;
    photo = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 }).toBuffer();
  }, 300_000);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await database?.close();
    await clone?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(): Promise<RunningServer> {
    server = await startAppServer(env, { timeoutMs: 100_000 });
    return server;
  }

  function upload(target: RunningServer, cookie: string): Promise<Response> {
    const form = new FormData();
    form.append(IMAGE_UPLOAD_FIELD, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "costume.jpg");
    return fetch(`${target.url}/dashboard/manage-images/upload`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: PUBLIC_URL, Accept: "application/json" },
      body: form,
    });
  }

  /**
   * Every file under the media folder, as the storage key it belongs to: a temporary file left by a
   * write cut short (`{key}.{pid}.{random}.tmp`) counts as its key's.
   */
  function storedKeys(): Set<string> {
    const media = path.join(dataDir, "media");
    const keys = new Set<string>();
    if (!fs.existsSync(media)) return keys;
    for (const owner of fs.readdirSync(media)) {
      for (const file of fs.readdirSync(path.join(media, owner))) keys.add(`${owner}/${file.replace(/\.\d+\.[0-9a-f]+\.tmp$/, "")}`);
    }
    return keys;
  }

  /** Four images at most per profile: the images kept so far go, rows and files, before the next upload. */
  async function clearKeptImages() {
    const rows = await database.db.delete(profileImages).returning({ variants: profileImages.variants });
    for (const row of rows) {
      for (const variant of row.variants) fs.rmSync(path.join(dataDir, "media", variant.key), { force: true });
    }
  }

  it("leaves no image without its files, and no file the sweep would not remove", async () => {
    let running = await start();
    const auth = (endpoint: string, body: object) =>
      fetch(`${running.url}/api/auth${endpoint}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: PUBLIC_URL },
        body: JSON.stringify(body),
      });
    const email = "killed-uploads@example.com";
    expect((await auth("/sign-up/email", { email, password: PASSWORD, name: "" })).status).toBe(200);
    const signIn = await auth("/sign-in/email", { email, password: PASSWORD });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    let completed = 0;
    for (const killAt of KILL_POINTS) {
      await clearKeptImages();
      const before = storedKeys().size;
      const answer = upload(running, cookie).then(
        (response) => response.status,
        () => null,
      );
      if (typeof killAt === "number") {
        await new Promise((resolve) => setTimeout(resolve, killAt));
      } else {
        // Watch the media folder and kill the moment the upload's files start to appear.
        const deadline = Date.now() + 30_000;
        while (storedKeys().size < before + killAt.files && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      }
      await running.stop("SIGKILL");
      if ((await answer) === 200) completed++;
      running = await start();
    }
    const rows = await database.db.select({ variants: profileImages.variants }).from(profileImages);
    const queued = new Set((await database.db.select({ key: storageDeletions.key }).from(storageDeletions)).map((r) => r.key));
    const onDisk = storedKeys();
    const kept = new Set(rows.flatMap((row) => row.variants.map((variant) => variant.key)));
    // No image row without all its files.
    for (const key of kept) expect(onDisk.has(key), `missing file ${key}`).toBe(true);
    // Every other file is queued for removal.
    const orphans = [...onDisk].filter((key) => !kept.has(key));
    for (const key of orphans) expect(queued.has(key), `file ${key} is neither kept nor queued`).toBe(true);
    // The kills did land between writing the files and recording them.
    expect(orphans.length).toBeGreaterThan(0);

    // The storage sweep (the job's function) removes the orphans once their grace period is over,
    // and never a kept image's file.
    const storage = createLocalStorage(path.join(dataDir, "media"));
    await sweepStoredFileDeletions(database.db, storage, { now: new Date(Date.now() + UPLOAD_GRACE_MS + 60_000) });
    expect([...storedKeys()].sort()).toEqual([...kept].sort());
    // Temporary files of cut-short writes went with their keys.
    const media = path.join(dataDir, "media");
    const files = fs.readdirSync(media).flatMap((owner) => fs.readdirSync(path.join(media, owner)));
    expect(files.filter((name) => name.endsWith(".tmp"))).toEqual([]);

    // The server that came back after the last kill takes uploads as before.
    expect((await upload(running, cookie)).status).toBe(200);
    // Printed for the record: how the kills fell.
    console.log(
      `upload-kill: ${KILL_POINTS.length} kills, ${completed} answered before the kill, ${rows.length} rows kept, ${orphans.length} orphan files swept`,
    );
  });
});
