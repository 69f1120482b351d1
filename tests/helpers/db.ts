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
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("pgTemplate");
  if (url && template) {
    const name = `cc_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolMax: 5, migrate: false });
    return {
      ...database,
      engine: "postgres",
      async close() {
        await database.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
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
