// What the benchmark scripts share (`npm run bench:directory`, `bench:webhooks`, `bench:admin`): the
// nearest-rank percentile they print and a scratch PostgreSQL database they create and drop.
import pg from "pg";

/** The nearest-rank percentile of ascending `sorted`; NaN when empty. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/** `adminUrl` with its database replaced by `name`. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the admin connection (create and drop database cannot run in a pool's transaction). */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  /** Drops it, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** An empty database `name` on the server of `adminUrl`; one left behind by an interrupted run is dropped first. */
export async function createScratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  // The name goes into SQL as an identifier: allow only what needs no quoting.
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
  await adminStatement(adminUrl, `create database ${name}`);
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: () => adminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** Database `name` as a previous run left it, or an empty one when there is none. */
export async function existingOrScratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  let exists: boolean;
  try {
    exists = (await client.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  } finally {
    await client.end();
  }
  if (!exists) return createScratchDatabase(adminUrl, name);
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: () => adminStatement(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
