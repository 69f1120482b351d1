import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { acquireDataDirLock, type DataDirLock } from "./pglite-lock.server";
import { schema } from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything queries can run on: the database handle or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /** Round-trip to the database; throws when it is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

function migrationsFolder(): string {
  const candidates = [path.resolve(process.cwd(), "drizzle"), path.resolve(import.meta.dirname ?? ".", "../../../drizzle")];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, "meta", "_journal.json")));
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(", ")})`);
  return found;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Folder for the embedded database; ignored when databaseUrl is set. */
  dataDir?: string;
  poolMax?: number;
  /** An already-open PGlite instance (tests). */
  pglite?: PGlite;
  migrate?: boolean;
  /**
   * PostgreSQL: a query with no answer after this long fails (the server passes 15 s), as when the
   * link to the database swallows packets instead of refusing them; unset for scripts whose bulk
   * statements may run longer.
   */
  queryTimeoutMs?: number;
}

/** How long a new PostgreSQL connection, or a turn for one when the pool is full, may take. */
const CONNECT_TIMEOUT_MS = 5_000;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const shouldMigrate = options.migrate ?? true;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10, shouldMigrate, options.queryTimeoutMs);
  return openPglite(options, shouldMigrate);
}

async function openPostgres(url: string, max: number, shouldMigrate: boolean, queryTimeoutMs?: number): Promise<Database> {
  // A database that cannot be reached fails a request in seconds, whether it refuses or stays silent
  // (a network partition), so the visitor gets the outage page instead of a request held open.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(queryTimeoutMs ? { query_timeout: queryTimeoutMs } : {}),
  });
  if (shouldMigrate) await migratePostgres(url);
  // A client losing its connection must not crash the process: idle ones report on the pool (which
  // replaces them); a checked-out one (a transaction, a job's query) reports on itself, after its
  // query has already failed and been answered as an error.
  pool.on("error", () => undefined);
  pool.on("connect", (client) => client.on("error", () => undefined));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    async ping() {
      await pool.query("select 1");
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Applies the migrations on a connection of its own, with no query time limit: a migration that
 * rewrites a large table, or another process's migration this one waits for, may take minutes.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  client.on("error", () => undefined);
  await client.connect();
  try {
    // Several app processes may start at once: only one applies migrations.
    await client.query("select pg_advisory_lock(727274)");
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock(727274)");
    }
  } finally {
    await client.end();
  }
}

async function openPglite(options: OpenOptions, shouldMigrate: boolean): Promise<Database> {
  let lock: DataDirLock | undefined;
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error("openDatabase needs databaseUrl or dataDir");
    fs.mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(path.join(options.dataDir, "db"), { extensions: { pg_trgm } });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  if (shouldMigrate) await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: migrationsFolder() });
  let closed = false;
  return {
    db,
    driver: "pglite",
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        await pglite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

export async function createPglite(options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({ extensions: { pg_trgm }, loadDataDir: options.loadDataDir });
}
