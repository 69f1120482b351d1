import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { postgresUrl } from "./db";

// A migration's test gives it rows as they stood before it: a database of its own migrated up to the
// migration before (the same files, the journal cut there), seeded by plain SQL, then migrated the
// rest of the way, exactly as a deployment would be. PGlite, or a scratch PostgreSQL database when
// TEST_DATABASE_URL is set.

export type Run = (statement: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface MigratedDatabase {
  run: Run;
  close(): Promise<void>;
}

const FULL = path.resolve(import.meta.dirname, "../../drizzle");

/** The migrations folder as it stood at `lastTag` (say "0016_email_confirmation"). */
function folderUpTo(lastTag: string): string {
  const partial = fs.mkdtempSync(path.join(os.tmpdir(), "cc-migrations-"));
  fs.cpSync(FULL, partial, { recursive: true });
  const journalFile = path.join(partial, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag} in the journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return partial;
}

/** A database migrated up to `lastTag`, then `seed`, then the remaining migrations. */
export async function migratedAfter(lastTag: string, seed: (run: Run) => Promise<void>): Promise<MigratedDatabase> {
  const partial = folderUpTo(lastTag);
  const removeFolder = () => fs.rmSync(partial, { recursive: true, force: true });
  const url = postgresUrl();
  if (!url) {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const close = async () => {
      await client.close();
      removeFolder();
    };
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: partial });
      const run: Run = async (statement, params = []) => (await client.query<Record<string, unknown>>(statement, params)).rows;
      await seed(run);
      await migratePglite(drizzlePglite(client), { migrationsFolder: FULL });
      return { run, close };
    } catch (error) {
      await close();
      throw error;
    }
  }
  const name = `cc_migration_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  const close = async () => {
    await client.end();
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
    removeFolder();
  };
  try {
    await migratePg(drizzlePg(client), { migrationsFolder: partial });
    const run: Run = async (statement, params = []) => (await client.query(statement, params)).rows as Record<string, unknown>[];
    await seed(run);
    await migratePg(drizzlePg(client), { migrationsFolder: FULL });
    return { run, close };
  } catch (error) {
    await close();
    throw error;
  }
}
