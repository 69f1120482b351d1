import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { clientKey } from "~/server/http/client-key.server";
import { hitRateLimit, hitRateLimits, waitInWords } from "~/server/platform/rate-limit.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const MINUTE = 60_000;

describe(`fixed-window rate limits (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("allows up to the limit in a window, then refuses until the next window", async () => {
    const rule = { key: "test:window", limit: 3, windowMs: 10 * MINUTE };
    const start = new Date("2030-01-01T10:00:00Z");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(database.db, rule, new Date(start.getTime() + i * 1000)));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3].count).toBe(4);
    // 3 seconds into a 10-minute window: nearly all of it is left to wait.
    expect(results[3].retryAfterSeconds).toBe(597);
    const next = await hitRateLimit(database.db, rule, new Date(start.getTime() + 10 * MINUTE));
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it("keeps separate counters per key", async () => {
    const now = new Date("2030-01-01T11:00:00Z");
    await hitRateLimit(database.db, { key: "test:a", limit: 1, windowMs: MINUTE }, now);
    expect((await hitRateLimit(database.db, { key: "test:a", limit: 1, windowMs: MINUTE }, now)).allowed).toBe(false);
    expect((await hitRateLimit(database.db, { key: "test:b", limit: 1, windowMs: MINUTE }, now)).allowed).toBe(true);
  });

  it("refuses when any of several rules is exceeded, and counts all of them", async () => {
    const now = new Date("2030-01-01T12:00:00Z");
    const tight = { key: "test:tight", limit: 1, windowMs: MINUTE };
    const loose = { key: "test:loose", limit: 100, windowMs: 60 * MINUTE };
    expect((await hitRateLimits(database.db, [tight, loose], now)).allowed).toBe(true);
    const second = await hitRateLimits(database.db, [tight, loose], now);
    expect(second.allowed).toBe(false);
    expect(second.retryAfterSeconds).toBe(60);
    expect((await hitRateLimit(database.db, loose, now)).count).toBe(3);
  });

  it("counts concurrent requests exactly", async () => {
    const rule = { key: "test:concurrent", limit: 5, windowMs: MINUTE };
    const now = new Date("2030-01-01T13:00:00Z");
    const results = await Promise.all(Array.from({ length: 8 }, () => hitRateLimit(database.db, rule, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe("helpers", () => {
  it("says how long to wait in words", () => {
    expect(waitInWords(5)).toBe("a minute");
    expect(waitInWords(60)).toBe("a minute");
    expect(waitInWords(61)).toBe("2 minutes");
    expect(waitInWords(3599)).toBe("an hour");
    expect(waitInWords(3600)).toBe("an hour");
    expect(waitInWords(3 * 3600)).toBe("3 hours");
  });

  it("uses the server's view of the client address, and a forwarded one only behind a trusted proxy", () => {
    const request = new Request("http://x/", { headers: { "X-Forwarded-For": "198.51.100.1, 10.0.0.1" } });
    const direct = loadConfig({ NODE_ENV: "test" });
    const proxied = loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true" });
    expect(clientKey({ config: direct, clientIp: "203.0.113.5" }, request)).toBe("203.0.113.5");
    expect(clientKey({ config: direct }, request)).toBe("unknown");
    expect(clientKey({ config: proxied }, request)).toBe("198.51.100.1");
  });
});
