// A production build of the site, filled with demo data and running, for the scripts that measure
// pages in a real browser (`npm run audit`, `npm run measure:js`).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, count, desc, eq, gte, isNotNull } from "drizzle-orm";
import { openDatabase, type Db } from "~/server/db/client.server";
import { profileCategories, profiles } from "~/server/db/schema";
import { zipTable } from "~/server/places/zip-table.server";
import { createLocalStorage } from "~/server/storage/local.server";
import { publicProfileCondition, todayIso } from "~/server/directory/visibility.server";
import { startAppServer, type RunningServer } from "../../tests/helpers/app-server";
import { seedDemo } from "../demo-data/seed";

export interface MeasuredSite {
  url: string;
  buildDir: string;
  /** A public profile in California, for the profile page. */
  profileId: string;
  /** Listing pages that have performers in the demo data, so the audit measures full pages, not empty states. */
  samples: ListingSamples;
  stop(): Promise<void>;
}

export interface ListingSamples {
  /** The CA city with the most public performers, for /browse/CA?city=. */
  city: string;
  /** The category with the most public performers, for /categories/{name}. */
  category: string;
  /** The ZIP code nearest a public performer in that city, for a ZIP search (/search?q={zip}). */
  zip: string;
}

/**
 * Picks the samples from the seeded database rather than hard-coding names, because the demo data
 * set chooses cities and categories itself and may change.
 */
async function listingSamples(db: Db): Promise<ListingSamples> {
  const [cityRow] = await db
    .select({ city: profiles.city, performers: count() })
    .from(profiles)
    .where(and(publicProfileCondition(), eq(profiles.state, "CA"), isNotNull(profiles.city)))
    .groupBy(profiles.city)
    .orderBy(desc(count()), asc(profiles.city))
    .limit(1);
  const [categoryRow] = await db
    .select({ category: profileCategories.category, performers: count() })
    .from(profileCategories)
    .innerJoin(profiles, eq(profiles.id, profileCategories.profileId))
    .where(publicProfileCondition())
    .groupBy(profileCategories.category)
    .orderBy(desc(count()), asc(profileCategories.category))
    .limit(1);
  if (!cityRow?.city || !categoryRow) throw new Error("The demo data has no public performer in a CA city or a category");
  const [place] = await db
    .select({ latitude: profiles.latitude, longitude: profiles.longitude })
    .from(profiles)
    .where(
      and(
        publicProfileCondition(),
        eq(profiles.state, "CA"),
        eq(profiles.city, cityRow.city),
        isNotNull(profiles.latitude),
        isNotNull(profiles.longitude),
      ),
    )
    .limit(1);
  if (place?.latitude == null || place.longitude == null) throw new Error(`No coordinates for a performer in ${cityRow.city}, CA`);
  // The nearest ZIP by plain squared degrees: within one state that picks the performer's own town,
  // which every travel range (local only included) reaches.
  let zip: string | null = null;
  let best = Infinity;
  for (const record of Object.values(zipTable().codes)) {
    if (record.country !== "US" || record.state !== "CA") continue;
    const distance = (record.latitude - place.latitude) ** 2 + (record.longitude - place.longitude) ** 2;
    if (distance < best) {
      best = distance;
      zip = record.zip;
    }
  }
  if (!zip) throw new Error("The ZIP table has no CA code");
  return { city: cityRow.city, category: categoryRow.category, zip };
}

/**
 * Seeds demo performers into a new data folder; returns listing samples and the public profile in CA
 * with the most verified reviews (its page the heaviest a visitor opens: ten reviews, their photos
 * and replies, the reply and trust lines), the oldest of those.
 */
async function seed(dataDir: string, performers: number): Promise<{ profileId: string; samples: ListingSamples }> {
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
      .orderBy(desc(profiles.reviewCount), asc(profiles.createdAt))
      .limit(1);
    if (!row) throw new Error("The demo data has no public profile in CA");
    return { profileId: row.id, samples: await listingSamples(database.db) };
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
    const { profileId, samples } = await seed(dataDir, options.performers);
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
      samples,
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
