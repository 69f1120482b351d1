// The production site the HTTP benchmarks (`npm run bench:load`, `bench:recovery`) aim at: a
// production build, a scratch PostgreSQL database with the demo data set `npm run demo` shows, and
// server.ts running on it as a child process. Also the memory of a running server, read from /proc.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import { loadConfig } from "~/server/platform/config.server";
import { openDatabase } from "~/server/db/client.server";
import { profileCategories, profiles } from "~/server/db/schema";
import { createLocalStorage } from "~/server/storage/local.server";
import { todayIso } from "~/server/directory/visibility.server";
import { startAppServer, type RunningServer } from "../../tests/helpers/app-server";
import { ensureBuild } from "../../tests/helpers/build";
import { seedDemo } from "../demo-data/seed";
import { createScratchDatabase, type ScratchDatabase } from "./bench";

export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** Where the benchmarks build when BUILD_DIR is not given: a folder of their own (build-* is gitignored). */
const DEFAULT_BUILD_DIR = "build-bench";

/** What the seeded directory holds, for building realistic addresses. */
export interface SeededDirectory {
  /** Public profiles (id, state, city), oldest first. */
  profiles: { id: string; state: string; city: string }[];
  /** Categories that have at least one public profile. */
  categories: string[];
}

/**
 * The production build to serve: BUILD_DIR as it is (built only when missing), or by default a fresh
 * build in `build-bench`, so the benchmark never measures pages older than the sources.
 */
export function prepareBuild(): string {
  const given = process.env.BUILD_DIR;
  const buildDir = path.resolve(given ?? DEFAULT_BUILD_DIR);
  if (!given) fs.rmSync(buildDir, { recursive: true, force: true });
  const started = Date.now();
  console.log(`Build: ${path.relative(process.cwd(), buildDir) || buildDir}${given ? " (BUILD_DIR)" : " (fresh)"}...`);
  ensureBuild(buildDir);
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) throw new Error(`the build in ${buildDir} failed`);
  console.log(`  ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return buildDir;
}

/** The public profiles and their categories, read straight from the database. */
async function readDirectory(databaseUrl: string): Promise<SeededDirectory> {
  const database = await openDatabase({ databaseUrl, poolMax: 2, migrate: false });
  try {
    const visible = and(
      eq(profiles.isActive, true),
      eq(profiles.paymentStatus, "paid"),
      isNotNull(profiles.displayName),
      gte(profiles.paymentExpiry, todayIso()),
    );
    const rows = await database.db
      .select({ id: profiles.id, state: profiles.state, city: profiles.city })
      .from(profiles)
      .where(visible)
      .orderBy(asc(profiles.createdAt));
    const categories = await database.db
      .selectDistinct({ category: profileCategories.category })
      .from(profileCategories)
      .innerJoin(profiles, eq(profiles.id, profileCategories.profileId))
      .where(visible);
    return {
      profiles: rows.filter((r): r is { id: string; state: string; city: string } => r.state !== null && r.city !== null),
      categories: categories.map((c) => c.category),
    };
  } finally {
    await database.close();
  }
}

export interface SeededDatabase {
  scratch: ScratchDatabase;
  /** DATA_DIR for the server: the demo's pictures are in its `media` folder. */
  dataDir: string;
  directory: SeededDirectory;
  /** Drops the database (unless BENCH_KEEP is set) and removes the data folder. */
  dispose(): Promise<void>;
}

/** A scratch database `name` filled with the demo data set (the one `npm run demo` seeds), pictures in a temporary folder. */
export async function seedScratchDatabase(name: string): Promise<SeededDatabase> {
  const scratch = await createScratchDatabase(ADMIN_URL, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-bench-site-"));
  const dispose = async () => {
    if (process.env.BENCH_KEEP) console.log(`BENCH_KEEP: database ${name} left in place`);
    else await scratch.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const started = Date.now();
    console.log(`Seeding the demo data into the scratch database ${name}...`);
    const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 4 });
    try {
      await seedDemo(database.db, createLocalStorage(path.join(dataDir, "media")), { log: (m) => console.log(`  ${m}`) });
    } finally {
      await database.close();
    }
    const directory = await readDirectory(scratch.url);
    if (directory.profiles.length === 0) throw new Error("the demo data has no public profile");
    console.log(
      `  ${directory.profiles.length} public profiles in ${new Set(directory.profiles.map((p) => p.state)).size} states, ` +
        `${directory.categories.length} categories; ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return { scratch, dataDir, directory, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/**
 * Seconds the server keeps a public page for anonymous visitors, as it reads PAGE_CACHE_SECONDS
 * `value` (its own default when unset); a value it would refuse throws its message.
 */
export function pageCacheSeconds(value: string | undefined): number {
  return loadConfig({ PAGE_CACHE_SECONDS: value }).pageCacheSeconds;
}

/** The page cache a run used, for its printed report. */
export function describePageCache(seconds: number): string {
  return seconds > 0 ? `on (PAGE_CACHE_SECONDS=${seconds}: a public page is rendered once and kept ${seconds} s)` : "off (PAGE_CACHE_SECONDS=0: every page rendered)";
}

/**
 * server.ts in production mode on `databaseUrl`. Whatever else this script's environment holds
 * (WEB_CONCURRENCY, DATABASE_POOL_MAX, ...) reaches the server too; the settings below win.
 */
export function startBenchServer(options: { buildDir: string; databaseUrl: string; dataDir: string; pageCacheSeconds: number }): Promise<RunningServer> {
  return startAppServer(
    {
      NODE_ENV: "production",
      BUILD_DIR: options.buildDir,
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: options.dataDir,
      STORAGE_DRIVER: "local",
      BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET ?? "bench-load-secret-bench-load-secret-0000",
      PAYMENTS: "demo",
      JOBS: "on",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Each inquiry comes "through a proxy" with its own X-Forwarded-For, as distinct visitors do.
      TRUST_PROXY: "1",
      PAGE_CACHE_SECONDS: String(options.pageCacheSeconds),
    },
    { timeoutMs: 120_000 },
  );
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    try {
      const listed = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (listed) found.push(...listed.split(/\s+/).map(Number));
    } catch {
      // the thread ended meanwhile
    }
  }
  return found;
}

function rssKiB(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Resident memory of `pid` and every process under it (a cluster's workers count too; so does the
 * esbuild helper tsx starts, about 13 MiB), in MiB, and of `pid` alone; null when the process is gone.
 */
export function processTreeRssMiB(pid: number): { mib: number; ownMiB: number; processes: number } | null {
  const own = rssKiB(pid);
  if (own === null) return null;
  let total = own;
  let processes = 1;
  const queue = childrenOf(pid);
  while (queue.length > 0) {
    const next = queue.shift()!;
    const rss = rssKiB(next);
    if (rss === null) continue;
    total += rss;
    processes++;
    queue.push(...childrenOf(next));
  }
  return { mib: total / 1024, ownMiB: own / 1024, processes };
}
