import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as resetRoute from "~/routes/reset-password";
import * as forgotRoute from "~/routes/forgot-password";
import * as signinRoute from "~/routes/signin";
import * as signupRoute from "~/routes/signup";
import { emailOutbox, rateLimitHits, verification } from "~/server/db/schema";
import { readFlash } from "~/server/flash.server";
import { createApp, type AppBuild } from "~/server/http/app.server";
import type { AppServices } from "~/server/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, cookieFrom, createAccount, getRequest, postRequest, PUBLIC_URL, testServices } from "./accounts-fixtures";

// What an attacker tried against the accounts (issue 13's outside pass), through the real sign-in,
// sign-up and reset pages and the real better-auth handler inside the app server.ts runs
// (createApp), set to trust one proxy hop, so each test client names its address in
// X-Forwarded-For the way a load balancer would.

let database: TestDatabase;
let services: AppServices;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database, { TRUST_PROXY: "1" });
  // Nothing here reaches React Router: its build is never asked for.
  const noBuild: AppBuild = { mode: "development", middleware: (_req, _res, next) => next(), build: () => Promise.reject(new Error("no build")) };
  server = createApp(services, { build: noBuild }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
});

/** A request to better-auth's own endpoint from the client at `address`. */
function api(path: string, address: string, body?: Record<string, unknown>): Promise<Response> {
  const headers: Record<string, string> = { Origin: PUBLIC_URL, "X-Forwarded-For": address };
  if (body) headers["Content-Type"] = "application/json";
  return fetch(`${baseUrl}/api/auth${path}`, {
    method: body ? "POST" : "GET",
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
}

const from = (address: string) => ({ ...services, clientIp: address });

async function signInPage(address: string, email: string, password: string) {
  return call(signinRoute.action, postRequest("/signin", { email, password }), from(address));
}

async function signUpPage(address: string, email: string, password = "secret1") {
  return call(signupRoute.action, postRequest("/signup", { email, password, confirmPassword: password }), from(address));
}

async function mailsTo(address: string, subject: string) {
  return database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), like(emailOutbox.subject, `%${subject}%`)));
}

describe(`account abuse (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("refuses one address trying many accounts at /api/auth/sign-in/email", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const answer = await api("/sign-in/email", "203.0.113.10", { email: `target${i}@example.com`, password: "guess-123" });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // Another client is not held back by that one.
    expect((await api("/sign-in/email", "198.51.100.10", { email: "target0@example.com", password: "guess-123" })).status).toBe(401);
  });

  it("counts failed sign-ins at /api/auth and on the sign-in page against the same per-address limit", async () => {
    await createAccount(services, "shared-limit@example.com", "right-password");
    const attacker = "203.0.113.20";
    expect((await api("/sign-in/email", attacker, { email: "nobody-1@example.com", password: "x-wrong-1" })).status).toBe(401);
    // Fast-forward this address to its 50th failure rather than hashing 49 more passwords.
    const bumped = await database.db
      .update(rateLimitHits)
      .set({ count: 50 })
      .where(eq(rateLimitHits.key, `signin-fail:ip:${attacker}`))
      .returning({ key: rateLimitHits.key });
    expect(bumped).toHaveLength(1);

    const page = await signInPage(attacker, "shared-limit@example.com", "right-password");
    expect(page.status).toBe(429);
    expect((page.data as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
    const viaApi = await api("/sign-in/email", attacker, { email: "shared-limit@example.com", password: "right-password" });
    expect(viaApi.status).toBe(429);
    expect(viaApi.headers.get("Set-Cookie") ?? "").not.toContain("session_token");
    expect((await signInPage("198.51.100.20", "shared-limit@example.com", "right-password")).status).toBe(302);
  });

  it("a visitor's failures do not lock the owner out from elsewhere", async () => {
    await createAccount(services, "victim@example.com", "owners-password");
    const attacker = "203.0.113.30";
    for (let i = 0; i < 10; i++) {
      expect((await signInPage(attacker, "victim@example.com", `guess-${i}`)).status).toBe(400);
    }
    // The guesser is stopped, even with the right password...
    expect((await signInPage(attacker, "victim@example.com", "owners-password")).status).toBe(429);
    expect((await api("/sign-in/email", attacker, { email: "victim@example.com", password: "owners-password" })).status).toBe(429);
    // ...while the owner, at home, signs in as usual, on the page and through the API.
    const owner = await signInPage("198.51.100.30", "victim@example.com", "owners-password");
    expect(owner.status).toBe(302);
    expect(owner.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
    expect((await api("/sign-in/email", "198.51.100.31", { email: "victim@example.com", password: "owners-password" })).status).toBe(200);
  });

  it("sends a registered address at most three 'already have an account' mails an hour", async () => {
    await createAccount(services, "mailbombed@example.com");
    for (let i = 0; i < 27; i++) {
      // A different address each time: the cap is per recipient, not only per sender.
      const answer = await signUpPage(`192.0.2.${i + 1}`, "mailbombed@example.com", `another-${i}`);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/signin");
    }
    expect(await mailsTo("mailbombed@example.com", "You already have a CostumeCast account")).toHaveLength(3);
  });

  it("limits sign-ups per address, on the page and at /api/auth together", async () => {
    const address = "203.0.113.40";
    for (let i = 0; i < 10; i++) {
      expect((await signUpPage(address, `page-${i}@example.com`)).status).toBe(302);
    }
    for (let i = 0; i < 10; i++) {
      expect((await api("/sign-up/email", address, { email: `api-${i}@example.com`, password: "secret1", name: "" })).status).toBe(200);
    }
    const refused = await signUpPage(address, "one-too-many@example.com");
    expect(refused.status).toBe(429);
    expect((refused.data as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(await mailsTo("one-too-many@example.com", "Welcome")).toHaveLength(0);
    expect((await api("/sign-up/email", address, { email: "api-more@example.com", password: "secret1", name: "" })).status).toBe(429);
    expect((await signUpPage("198.51.100.40", "someone-else@example.com")).status).toBe(302);
  });

  it("counts reset-link requests at /api/auth and on the page against the same per-address limit", async () => {
    const address = "203.0.113.45";
    expect((await api("/request-password-reset", address, { email: "nobody-reset@example.com" })).status).toBe(200);
    for (let i = 0; i < 19; i++) {
      const answer = await call(forgotRoute.action, postRequest("/forgot-password", { email: `nobody-${i}@example.com` }), from(address));
      expect(answer.status).toBe(200);
    }
    const refused = await call(forgotRoute.action, postRequest("/forgot-password", { email: "one-more@example.com" }), from(address));
    expect(refused.status).toBe(429);
    expect((refused.data as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
    const elsewhere = await call(forgotRoute.action, postRequest("/forgot-password", { email: "one-more@example.com" }), from("198.51.100.45"));
    expect(elsewhere.status).toBe(200);
  });

  it("gives each client its own share of better-auth's limiter", async () => {
    const busy = "203.0.113.50";
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) statuses.push((await api("/get-session", busy)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await api("/get-session", "198.51.100.50")).status).toBe(200);
  });

  it("ends every other reset link of the account once the password is reset", async () => {
    const email = "two-links@example.com";
    await createAccount(services, email, "old-password");
    for (let i = 0; i < 2; i++) await call(forgotRoute.action, postRequest("/forgot-password", { email }), services);
    const links = (await mailsTo(email, "Reset")).map((mail) => {
      const match = mail.textBody.match(/https?:\/\/\S+reset-password\?\S+/);
      if (!match) throw new Error(`no reset link in:\n${mail.textBody}`);
      return new URL(match[0]);
    });
    expect(links).toHaveLength(2);
    const [first, second] = links;
    const token = second.searchParams.get("token")!;
    const done = await call(
      resetRoute.action,
      postRequest(`${second.pathname}${second.search}`, { token, password: "new-password", confirmPassword: "new-password" }),
      services,
    );
    expect(done.location).toBe("/signin");

    const stale = await call(resetRoute.loader, getRequest(`${first.pathname}${first.search}`), services);
    expect(stale.location).toBe("/signin");
    const { flash } = await readFlash(services, getRequest("/", cookieFrom(stale.headers)));
    expect(flash).toEqual({ type: "error", message: "Invalid or expired recovery link" });
    const staleToken = first.searchParams.get("token")!;
    const misuse = await call(
      resetRoute.action,
      postRequest(`${first.pathname}${first.search}`, { token: staleToken, password: "attacker-pw", confirmPassword: "attacker-pw" }),
      services,
    );
    expect(misuse.location).toBe("/signin");
    expect(await database.db.select().from(verification).where(like(verification.identifier, "reset-password:%"))).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ identifier: `reset-password:${staleToken}` })]),
    );
    expect((await signInPage("198.51.100.60", email, "new-password")).status).toBe(302);
    expect((await signInPage("198.51.100.60", email, "attacker-pw")).status).toBe(400);
  });
});
