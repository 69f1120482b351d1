import fs from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { createPglite, openDatabase, type Database } from "~/server/db/client.server";

export interface TestDatabase extends Database {
  /** Which engine this run uses, for test names and the rare engine-specific assertion. */
  engine: "pglite" | "postgres";
}

/**
 * A freshly migrated, empty database of its own: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set (a new database cloned from the run's migrated template).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (postgresUrl() && inject("pgTemplate")) {
    const clone = await clonePostgresDatabase("cc_test");
    const database = await openDatabase({ databaseUrl: clone.url, poolMax: 5, migrate: false });
    return {
      ...database,
      engine: "postgres",
      async close() {
        await database.close();
        await clone.drop();
      },
    };
  }
  const snapshot = fs.readFileSync(inject("pgliteSnapshot"));
  const client = await createPglite({ loadDataDir: new Blob([snapshot]) });
  const database = await openDatabase({ pglite: client, migrate: false });
  return { ...database, engine: "pglite" };
}

/** The database URL of the run's PostgreSQL server, when the suite runs against one. */
export function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * Defines tests that never touch the run's database (a server on an embedded PGlite of its own, or
 * no database) in the PGlite run only, which is what `npm test` runs. CI runs the suite on PGlite and
 * on PostgreSQL side by side, where such tests would check the same thing twice (in the PostgreSQL
 * run they took 100 s of 760 s). Files that hold nothing else are left out of that run whole, in
 * vitest.config.ts.
 */
export function onceAcrossEngines(define: () => void): void {
  if (!postgresUrl()) define();
}

export interface ClonedDatabase {
  /** Its connection URL, for this process or a server process under test. */
  url: string;
  /** Drops it, closing whatever connections are left. */
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database of its own, `${prefix}_<pid>_<time>_<n>`, cloned from the run's migrated
 * template (PostgreSQL run only), for tests that hand the URL to another process.
 */
export async function clonePostgresDatabase(prefix: string): Promise<ClonedDatabase> {
  const url = postgresUrl();
  const template = inject("pgTemplate");
  if (!url || !template) throw new Error("the PostgreSQL run has no migrated template database");
  const name = `${prefix}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name} template ${template}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return { url: dbUrl.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
