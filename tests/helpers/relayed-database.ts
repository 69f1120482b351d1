import { createScratchDatabase } from "../../scripts/lib/bench";
import { startPgRelay, type PgRelay } from "./pg-relay";

// A scratch PostgreSQL database that the server under test reaches through a relay the test can cut
// and restore (pg-relay.ts), for the database-outage tests of the PostgreSQL run.

export interface RelayedDatabase {
  /** The database's address through the relay, for the server's DATABASE_URL. */
  url: string;
  relay: PgRelay;
  /** Closes the relay and drops the database. */
  close(): Promise<void>;
}

/** A new, empty database on the server of `adminUrl`, named `${prefix}_<pid>_<time>`, behind a relay of its own. */
export async function createRelayedDatabase(adminUrl: string, prefix: string): Promise<RelayedDatabase> {
  const scratch = await createScratchDatabase(adminUrl, `${prefix}_${process.pid}_${Date.now()}`);
  let relay: PgRelay;
  try {
    relay = await startPgRelay(new URL(adminUrl));
  } catch (error) {
    await scratch.drop();
    throw error;
  }
  const url = new URL(scratch.url);
  url.host = `127.0.0.1:${relay.port}`;
  return {
    url: url.toString(),
    relay,
    async close() {
      await relay.close();
      await scratch.drop();
    },
  };
}
