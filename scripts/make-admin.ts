import { grantAdmin } from "~/server/auth/accounts.server";
import { ConfigError, loadConfig } from "~/server/config.server";
import { openDatabase } from "~/server/db/client.server";
import { DataDirLockedError } from "~/server/db/pglite-lock.server";

// `npm run make-admin -- someone@example.com`: gives an existing account the admin role, in the
// database named by DATABASE_URL (or the embedded one in DATA_DIR). The account must sign up first.

const USAGE = "Usage: npm run make-admin -- someone@example.com";

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== "--");
  if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
    console.error(USAGE);
    return 2;
  }
  const email = args[0].trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error(`"${email}" is not an email address.\n${USAGE}`);
    return 2;
  }

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }

  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolMax: 1 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    const result = await grantAdmin(database.db, email);
    if (result === "no-account") {
      console.error(`No account uses ${email}. Sign up with that address first, then run this again.`);
      return 1;
    }
    console.log(result === "granted" ? `${email} is now an admin.` : `${email} is already an admin; nothing changed.`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
