import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { peekRateLimit, takeRateLimit, takeRateLimits } from "~/server/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Counters that count only what was allowed: a refusal takes nothing, and inside a transaction a
// rollback gives everything back (what the inquiry forms rely on, see inquiry-limits.test.ts).

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const MINUTE = 60_000;

describe(`taking from a rate limit only what fits (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("takes units while they fit and counts nothing for a refusal", async () => {
    const rule = { key: "take:fits", limit: 5, windowMs: 10 * MINUTE };
    const now = new Date("2030-02-01T10:00:00Z");
    expect(await takeRateLimit(database.db, rule, 3, now)).toMatchObject({ allowed: true, count: 3 });
    // Three more would make six: refused, and the count stays at three.
    expect(await takeRateLimit(database.db, rule, 3, now)).toMatchObject({ allowed: false, count: 3, retryAfterSeconds: 600 });
    expect(await takeRateLimit(database.db, rule, 2, now)).toMatchObject({ allowed: true, count: 5 });
    expect(await takeRateLimit(database.db, rule, 1, now)).toMatchObject({ allowed: false, count: 5 });
    // More than the whole limit at once is refused even on an empty counter, and writes nothing.
    const fresh = { ...rule, key: "take:too-big" };
    expect(await takeRateLimit(database.db, fresh, 6, now)).toMatchObject({ allowed: false, count: 0 });
    expect(await peekRateLimit(database.db, fresh, 5, now)).toMatchObject({ allowed: true, count: 0 });
    // The next window starts empty.
    expect(await takeRateLimit(database.db, rule, 5, new Date(now.getTime() + 10 * MINUTE))).toMatchObject({ allowed: true, count: 5 });
  });

  it("peeks without counting", async () => {
    const rule = { key: "take:peek", limit: 2, windowMs: MINUTE };
    const now = new Date("2030-02-01T11:00:00Z");
    for (let i = 0; i < 5; i++) expect(await peekRateLimit(database.db, rule, 2, now)).toMatchObject({ allowed: true, count: 0 });
    await takeRateLimit(database.db, rule, 1, now);
    expect(await peekRateLimit(database.db, rule, 1, now)).toMatchObject({ allowed: true, count: 1 });
    expect(await peekRateLimit(database.db, rule, 2, now)).toMatchObject({ allowed: false, count: 1 });
  });

  it("gives everything back when the transaction it was taken in rolls back", async () => {
    const rule = { key: "take:rollback", limit: 3, windowMs: MINUTE };
    const now = new Date("2030-02-01T12:00:00Z");
    await expect(
      database.db.transaction(async (tx) => {
        expect((await takeRateLimit(tx, rule, 2, now)).allowed).toBe(true);
        throw new Error("the work failed");
      }),
    ).rejects.toThrow("the work failed");
    expect((await peekRateLimit(database.db, rule, 1, now)).count).toBe(0);
  });

  it("takes from several rules all or none, naming the one that refused", async () => {
    const now = new Date("2030-02-01T13:00:00Z");
    const roomy = { key: "take:roomy", limit: 10, windowMs: MINUTE };
    const tight = { key: "take:tight", limit: 1, windowMs: MINUTE };
    expect((await takeRateLimits(database.db, [roomy, tight], 1, now)).allowed).toBe(true);
    const refused = await takeRateLimits(database.db, [roomy, tight], 1, now);
    expect(refused).toMatchObject({ allowed: false, refusedBy: tight });
    // The roomy rule's unit was given back with the refusal.
    expect((await peekRateLimit(database.db, roomy, 1, now)).count).toBe(1);
    // Inside a transaction too (a savepoint), leaving the rest of the transaction as it was.
    await database.db.transaction(async (tx) => {
      await takeRateLimit(tx, { key: "take:other", limit: 5, windowMs: MINUTE }, 1, now);
      expect((await takeRateLimits(tx, [roomy, tight], 1, now)).allowed).toBe(false);
    });
    expect((await peekRateLimit(database.db, roomy, 1, now)).count).toBe(1);
    expect((await peekRateLimit(database.db, { key: "take:other", limit: 5, windowMs: MINUTE }, 1, now)).count).toBe(1);
  });

  it("lets concurrent takes have exactly the limit between them", async () => {
    const rule = { key: "take:concurrent", limit: 5, windowMs: MINUTE };
    const now = new Date("2030-02-01T14:00:00Z");
    const results = await Promise.all(Array.from({ length: 8 }, () => takeRateLimit(database.db, rule, 1, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    expect((await peekRateLimit(database.db, rule, 1, now)).count).toBe(5);
  });
});
