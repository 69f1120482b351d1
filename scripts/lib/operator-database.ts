import { ConfigError, loadConfig } from "~/server/platform/config.server";
import { openDatabase, type Database } from "~/server/db/client.server";
import { DataDirLockedError } from "~/server/db/pglite-lock.server";

/**
 * The database an operator command works on: DATABASE_URL's, or the embedded one in DATA_DIR.
 * A bad setting or an embedded database held by a running server prints its one-line reason and
 * gives null (the command then exits 1).
 */
export async function openOperatorDatabase(): Promise<Database | null> {
  try {
    const config = loadConfig(process.env);
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return null;
    }
    throw error;
  }
}

/** Runs an operator command's main and exits with its code; an unexpected error prints its message and exits 1. */
export function runOperatorCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
