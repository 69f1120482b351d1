import { requeueFailedEmails } from "~/server/mail/outbox.server";
import { openOperatorDatabase, runOperatorCommand } from "./lib/operator-database";

// `npm run mail:retry-failed`: puts every email that failed for good (a bounce, or three days of
// SMTP refusing it) back in the outbox, due now, once the cause is fixed. Works on the database
// named by DATABASE_URL (or the embedded one in DATA_DIR, with the server stopped).

async function main(): Promise<number> {
  const database = await openOperatorDatabase();
  if (!database) return 1;
  try {
    const count = await requeueFailedEmails(database.db);
    console.log(
      count === 0
        ? "No failed emails; nothing changed."
        : `${count} failed email${count === 1 ? "" : "s"} queued again; the running server's outbox job sends them.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runOperatorCommand(main);
