import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "~/server/platform/config.server";
import { DataDirLockedError } from "~/server/db/pglite-lock.server";
import { openDatabase } from "~/server/db/client.server";
import { createStorage } from "~/server/storage/index.server";
import { DEFAULT_PERFORMERS, DEMO_ADMIN, DEMO_PERFORMER } from "./demo-data/generate";
import { DatabaseNotEmptyError, seedDemo } from "./demo-data/seed";
import { parseOrExit } from "./lib/command-line";

// `npm run seed:demo [-- --force] [-- --performers 300] [-- --seed 2025]`: fills the database named by
// DATABASE_URL (or the embedded one in DATA_DIR) and the configured storage with the demo data set.

const USAGE = `Usage: npm run seed:demo -- [--force] [--performers N] [--seed N]
  --force         seed even if the database already has accounts (replaces the demo's own accounts)
  --performers N  how many performers to create (default ${DEFAULT_PERFORMERS})
  --seed N        random seed; the same seed gives the same data (default 2025)`;

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive whole number\n\n${USAGE}`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const args = parseOrExit(
    () =>
      parseArgs({
        options: {
          force: { type: "boolean", default: false },
          performers: { type: "string" },
          seed: { type: "string" },
          help: { type: "boolean", short: "h", default: false },
        },
      }).values,
    USAGE,
  );

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 4 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  try {
    const storage = await createStorage(config.storage);
    const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `the embedded database in ${config.dataDir}`;
    console.log(`Seeding demo data into ${where}...`);
    const summary = await seedDemo(database.db, storage, {
      force: args.force,
      performers: positiveInt(args.performers, "performers"),
      seed: positiveInt(args.seed, "seed"),
      log: (message) => console.log(`  ${message}`),
    });
    const { listed, pending, expired, deactivated } = summary.byStatus;
    console.log(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.performers} performers ` +
        `(${listed} listed, ${pending} unpaid, ${expired} expired, ${deactivated} deactivated), ` +
        `${summary.images} images, ${summary.inquiries} inquiries, ${summary.pastParties} past parties with ${summary.reviews} reviews, ` +
        `${summary.freeListingRequests} free-listing requests.`,
    );
    console.log(`Admin login:     ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`Performer login: ${DEMO_PERFORMER.email} / ${DEMO_PERFORMER.password}`);
  } catch (error) {
    if (error instanceof DatabaseNotEmptyError) {
      console.error(error.message);
      process.exitCode = 1;
      return;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
