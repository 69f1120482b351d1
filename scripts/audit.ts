// `npm run audit`: Lighthouse (mobile emulation, its default) against the home page, /browse/CA and a
// profile of a production build filled with the demo data set, printing the four category scores.
// Chromium comes from CHROME_PATH (default /usr/bin/chromium); the build from BUILD_DIR (default
// `build`, built first when missing). Scores from a busy 2-core machine understate Performance.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import { and, asc, eq, gte, isNotNull } from "drizzle-orm";
import lighthouse from "lighthouse";
import { openDatabase } from "../app/server/db/client.server";
import { profiles } from "../app/server/db/schema";
import { createLocalStorage } from "../app/server/storage/local.server";
import { todayIso } from "../app/server/visibility.server";
import { startAppServer, type RunningServer } from "../tests/helpers/app-server";
import { seedDemo } from "./demo-data/seed";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const PERFORMERS = Number(process.env.AUDIT_PERFORMERS ?? 120);

async function seed(dataDir: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    const storage = createLocalStorage(path.join(dataDir, "media"));
    await seedDemo(database.db, storage, { performers: PERFORMERS, log: (m) => console.log(`  ${m}`) });
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

async function main() {
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  // Always build: auditing a stale build measures pages that no longer exist.
  console.log(`Building into ${buildDir}...`);
  const built = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: { ...process.env, BUILD_DIR: buildDir } });
  if (built.status !== 0) throw new Error("build failed");
  const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
  if (!fs.existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: set CHROME_PATH`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-audit-"));
  let server: RunningServer | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const rows: { page: string; scores: Record<string, number | null> }[] = [];
  try {
    console.log(`Seeding ${PERFORMERS} demo performers...`);
    const profileId = await seed(dataDir);
    server = await startAppServer(
      {
        NODE_ENV: "production",
        BUILD_DIR: buildDir,
        DATA_DIR: dataDir,
        BETTER_AUTH_SECRET: "audit-secret-audit-secret-audit-secret-0000",
        PAYMENTS: "demo",
        JOBS: "off",
        LOG_LEVEL: "warn",
      },
      { timeoutMs: 120_000 },
    );
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
    for (const page of ["/", "/browse/CA", `/profile/${profileId}`]) {
      console.log(`Auditing ${page}...`);
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const scores: Record<string, number | null> = {};
      for (const category of CATEGORIES) {
        const score = result.lhr.categories[category]?.score;
        scores[category] = typeof score === "number" ? Math.round(score * 100) : null;
      }
      rows.push({ page: page.startsWith("/profile/") ? "/profile/{id}" : page, scores });
      // Name what cost points, so a lower score says where to look.
      for (const category of CATEGORIES) {
        for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && typeof audit?.score === "number" && audit.score < 1) {
            console.log(`  ${category}: ${audit.title} (${Math.round(audit.score * 100)})`);
          }
        }
      }
      if (result.lhr.runtimeError) console.log(`  runtime error: ${result.lhr.runtimeError.message}`);
    }
  } finally {
    await chrome?.kill();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("\nLighthouse scores (mobile):");
  console.log("| page | Performance | Accessibility | Best Practices | SEO |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(`| ${row.page} | ${CATEGORIES.map((c) => row.scores[c] ?? "n/a").join(" | ")} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
