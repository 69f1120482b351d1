// A production build of the site, filled with demo data and running, for the scripts that measure
// pages in a real browser (`npm run audit`, `npm run measure:js`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import { openDatabase } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import { createLocalStorage } from "~/server/storage/local.server";
import { todayIso } from "~/server/visibility.server";
import { startAppServer, type RunningServer } from "../../tests/helpers/app-server";
import { seedDemo } from "../demo-data/seed";

export interface MeasuredSite {
  url: string;
  buildDir: string;
  /** A public profile in California, for the profile page. */
  profileId: string;
  stop(): Promise<void>;
}

/** Seeds demo performers into a new data folder; returns the first public profile in CA. */
async function seed(dataDir: string, performers: number): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    const storage = createLocalStorage(path.join(dataDir, "media"));
    await seedDemo(database.db, storage, { performers, log: (m) => console.log(`  ${m}`) });
    const [row] = await database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.isActive, true),
          eq(profiles.paymentStatus, "paid"),
          isNotNull(profiles.displayName),
          gte(profiles.paymentExpiry, todayIso()),
          eq(profiles.state, "CA"),
        ),
      )
      .orderBy(asc(profiles.createdAt))
      .limit(1);
    if (!row) throw new Error("The demo data has no public profile in CA");
    return row.id;
  } finally {
    await database.close();
  }
}

/** Builds afresh (a stale build would measure pages that no longer exist), seeds, starts the server. */
export async function startMeasuredSite(options: { buildDir: string; performers: number }): Promise<MeasuredSite> {
  const buildDir = path.resolve(options.buildDir);
  console.log(`Building into ${buildDir}...`);
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-measure-"));
  let server: RunningServer | null = null;
  try {
    console.log(`Seeding ${options.performers} demo performers...`);
    const profileId = await seed(dataDir, options.performers);
    server = await startAppServer(
      {
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: "measure-secret-measure-secret-measure-0000",
        PAYMENTS: "demo",
        JOBS: "off",
        LOG_LEVEL: "warn",
      },
      { timeoutMs: 120_000 },
    );
    const running = server;
    return {
      url: running.url,
      buildDir,
      profileId,
      async stop() {
        await running.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export function chromiumPath(): string {
  const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: set CHROMIUM_PATH`);
  return chromePath;
}
