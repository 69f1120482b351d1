import { grantAdmin } from "~/server/auth/accounts.server";
import { openOperatorDatabase, runOperatorCommand } from "./lib/operator-database";

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

  const database = await openOperatorDatabase();
  if (!database) return 1;
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

runOperatorCommand(main);
