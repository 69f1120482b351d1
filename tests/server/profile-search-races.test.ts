import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarImports, performerCalendars, profilePackages, profileSearch } from "~/server/db/schema";
import { insertProfile } from "../e2e/seed/directory";
import { giveCalendar } from "../e2e/seed/party-date";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Two changes of one performer at once (two tabs saving packages; the hourly iCal read while the
// performer marks a day): the copy on profile_search must end up reflecting both, whichever commits
// first (migration 0039). On PostgreSQL the second transaction really waits for the first; the
// embedded database runs them one after the other, where nothing can be lost either.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** A promise and the function that settles it. */
function deferred() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

/**
 * Runs `first` in a transaction that stays open until `second` (in its own) has had time to reach
 * its trigger and wait, then lets both finish.
 */
async function atOnce(first: (tx: TestDatabase["db"]) => Promise<unknown>, second: (tx: TestDatabase["db"]) => Promise<unknown>) {
  const started = deferred();
  const release = deferred();
  const one = database.db.transaction(async (tx) => {
    await first(tx as unknown as TestDatabase["db"]);
    started.settle();
    await release.promise;
  });
  await started.promise;
  const two = database.db.transaction(async (tx) => {
    await second(tx as unknown as TestDatabase["db"]);
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  release.settle();
  await Promise.all([one, two]);
}

const copyOf = async (id: string) => (await database.db.select().from(profileSearch).where(eq(profileSearch.id, id)))[0];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe(`profile_search's copies under concurrent changes (${engine})`, () => {
  it("keeps the cheaper of two packages added at once, whichever commits second", async () => {
    await insertProfile(database.db, { id: "race-packages", displayName: "Package race", state: "NE", city: "Omaha", categories: ["Fantasy"] });
    const add = (position: number, price: number) => (tx: TestDatabase["db"]) =>
      tx.insert(profilePackages).values({ profileId: "race-packages", position, name: `Visit ${position + 1}`, minutes: 45, price });
    // The cheaper package commits first; the dearer one's trigger must not write its own price over it.
    await atOnce(add(0, 120), add(1, 260));
    expect((await copyOf("race-packages")).priceFrom).toBe(120);
  });

  it("keeps the later of a calendar change and an iCal read made at once", async () => {
    const id = "race-calendar";
    await insertProfile(database.db, { id, displayName: "Calendar race", state: "NE", city: "Omaha", categories: ["Fantasy"] });
    const old = new Date(Date.now() - 20 * 86_400_000);
    await giveCalendar(database.db, id, { updatedAt: old });
    const read = new Date(Date.now() - 60_000);
    // The iCal read commits first; the performer's change, waiting behind it, must still see it.
    await atOnce(
      (tx) => tx.insert(calendarImports).values({ profileId: id, url: "https://calendar.example.com/race.ics", lastSuccessAt: read }),
      (tx) => tx.update(performerCalendars).set({ updatedAt: new Date(old.getTime() + 1000) }).where(eq(performerCalendars.profileId, id)),
    );
    const fresh = (await copyOf(id)).calendarFreshUntil;
    expect(fresh?.getTime()).toBe(read.getTime() + 720 * 3_600_000);
  });
});
