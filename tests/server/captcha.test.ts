import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as captchaLoader } from "~/routes/captcha";
import { loadConfig } from "~/server/platform/config.server";
import { CAPTCHA_TTL_MS, checkCaptcha, consumeCaptcha, issueCaptcha, readCaptcha } from "~/server/inquiries/captcha.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

const SECRET = "captcha-test-secret-captcha-test-secret";

describe("captcha tokens", () => {
  it("asks for the sum of two digits from 1 to 9", () => {
    for (let i = 0; i < 200; i++) {
      const { a, b } = issueCaptcha(SECRET);
      expect(a).toBeGreaterThanOrEqual(1);
      expect(a).toBeLessThanOrEqual(9);
      expect(b).toBeGreaterThanOrEqual(1);
      expect(b).toBeLessThanOrEqual(9);
    }
  });

  it("accepts the right sum and refuses a wrong one", () => {
    const c = issueCaptcha(SECRET);
    expect(checkCaptcha(SECRET, c.token, c.a + c.b)).toBe("ok");
    expect(checkCaptcha(SECRET, c.token, c.a + c.b + 1)).toBe("wrong");
  });

  it("refuses an expired question", () => {
    const issued = Date.now();
    const c = issueCaptcha(SECRET, issued);
    expect(checkCaptcha(SECRET, c.token, c.a + c.b, issued + CAPTCHA_TTL_MS - 1)).toBe("ok");
    expect(checkCaptcha(SECRET, c.token, c.a + c.b, issued + CAPTCHA_TTL_MS + 1)).toBe("expired");
  });

  it("refuses a token signed with another secret or changed in transit", () => {
    const c = issueCaptcha(SECRET);
    expect(checkCaptcha("another-secret-another-secret-another", c.token, c.a + c.b)).toBe("invalid");
    const [body, signature] = c.token.split(".");
    const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as { a: number; b: number };
    // Change the question without re-signing it (always to a different first digit).
    const a = (payload.a % 9) + 1;
    const tampered = Buffer.from(JSON.stringify({ ...payload, a })).toString("base64url");
    expect(checkCaptcha(SECRET, `${tampered}.${signature}`, a + payload.b)).toBe("invalid");
    expect(checkCaptcha(SECRET, "garbage", 2)).toBe("invalid");
    expect(readCaptcha(SECRET, `${c.token}.extra`)).toBeNull();
  });

  it("gives a different token every time, even for the same question", () => {
    const tokens = new Set(Array.from({ length: 50 }, () => issueCaptcha(SECRET).token));
    expect(tokens.size).toBe(50);
  });
});

describe(`spending a token (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it("can be spent once only", async () => {
    const c = issueCaptcha(SECRET);
    const expires = new Date(Date.now() + CAPTCHA_TTL_MS);
    expect(await consumeCaptcha(database.db, c.token, expires)).toBe(true);
    expect(await consumeCaptcha(database.db, c.token, expires)).toBe(false);
    expect(await consumeCaptcha(database.db, issueCaptcha(SECRET).token, expires)).toBe(true);
  });

  it("is not spent when the transaction that spent it rolls back", async () => {
    const c = issueCaptcha(SECRET);
    const expires = new Date(Date.now() + CAPTCHA_TTL_MS);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await consumeCaptcha(tx, c.token, expires)).toBe(true);
        throw new Error("the insert failed");
      }),
    ).rejects.toThrow("the insert failed");
    expect(await consumeCaptcha(database.db, c.token, expires)).toBe(true);
  });
});

describe("the /captcha resource the inquiry form fetches", () => {
  const config = loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: SECRET, JOBS: "off" });
  const get = () =>
    captchaLoader({ request: new Request("http://localhost/captcha"), params: {}, context: { config } } as never) as Response;

  it("answers a fresh, valid question that no cache may keep", async () => {
    const response = get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as { a: number; b: number; token: string };
    expect(checkCaptcha(config.authSecret, body.token, body.a + body.b)).toBe("ok");
    const again = (await get().json()) as { token: string };
    expect(again.token).not.toBe(body.token);
  });
});
