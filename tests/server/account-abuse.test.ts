import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as resetRoute from "~/routes/reset-password";
import * as forgotRoute from "~/routes/forgot-password";
import * as signupRoute from "~/routes/signup";
import { account, rateLimitHits, session, user, verification } from "~/server/db/schema";
import { call, cookieFrom, createAccount, getRequest, postRequest } from "./accounts-fixtures";
import {
  api as apiOf,
  awayFromWindowEdge,
  from as fromOf,
  mailsTo as mailsToOf,
  MINUTE,
  signInPage as signInPageOf,
  useAuthHttpApp,
} from "./auth-http-fixtures";

// What an attacker tried against the accounts (issue 13's outside pass), through the real sign-in,
// sign-up and reset pages and the real better-auth handler inside the app server.ts runs
// (createApp), set to trust one proxy hop, so each test client names its address in
// X-Forwarded-For the way a load balancer would.

const harness = useAuthHttpApp();

const api = (path: string, address: string, body?: Record<string, unknown>, cookie?: string) => apiOf(harness, path, address, body, cookie);
const from = (address: string) => fromOf(harness, address);
const signInPage = (address: string, email: string, password: string) => signInPageOf(harness, address, email, password);
const mailsTo = (address: string, subject: string) => mailsToOf(harness, address, subject);

async function signUpPage(address: string, email: string, password = "secret1") {
  return call(signupRoute.action, postRequest("/signup", { email, password, confirmPassword: password }), from(address));
}

/** Fast-forwards a counter of the current window to `count` rather than making that many requests. */
async function bumpCounter(key: string, count: number) {
  const bumped = await harness.database.db
    .update(rateLimitHits)
    .set({ count })
    .where(eq(rateLimitHits.key, key))
    .returning({ key: rateLimitHits.key });
  expect(bumped.length).toBeGreaterThan(0);
}

/** The per-minute counters' window ends, as it would a minute later. */
async function aMinuteLater() {
  await harness.database.db.delete(rateLimitHits).where(like(rateLimitHits.key, "%:minute:%"));
}

/** The reset links mailed to `email`, oldest first. */
async function resetLinks(email: string): Promise<URL[]> {
  return (await mailsTo(email, "Reset")).map((mail) => {
    const match = mail.textBody.match(/https?:\/\/\S+reset-password\?\S+/);
    if (!match) throw new Error(`no reset link in:\n${mail.textBody}`);
    return new URL(match[0]);
  });
}

describe(`account abuse (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("refuses one address trying many accounts at /api/auth/sign-in/email", async () => {
    // The share is per clock minute: fifteen tries that straddle a minute's end would start afresh.
    await awayFromWindowEdge(MINUTE, 15_000);
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
    await createAccount(harness.services, "shared-limit@example.com", "right-password");
    const attacker = "203.0.113.20";
    expect((await api("/sign-in/email", attacker, { email: "nobody-1@example.com", password: "x-wrong-1" })).status).toBe(401);
    // Fast-forward this address to its 50th failure rather than hashing 49 more passwords.
    await bumpCounter(`signin-fail:ip:${attacker}`, 50);

    const page = await signInPage(attacker, "shared-limit@example.com", "right-password");
    expect(page.status).toBe(429);
    expect((page.data as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
    const viaApi = await api("/sign-in/email", attacker, { email: "shared-limit@example.com", password: "right-password" });
    expect(viaApi.status).toBe(429);
    expect(viaApi.headers.get("Set-Cookie") ?? "").not.toContain("session_token");
    expect((await signInPage("198.51.100.20", "shared-limit@example.com", "right-password")).status).toBe(302);
  });

  it("a visitor's failures do not lock the owner out from elsewhere", async () => {
    await createAccount(harness.services, "victim@example.com", "owners-password");
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
    await createAccount(harness.services, "mailbombed@example.com");
    for (let i = 0; i < 27; i++) {
      // A different address each time: the cap is per recipient, not only per sender.
      const answer = await signUpPage(`192.0.2.${i + 1}`, "mailbombed@example.com", `another-${i}`);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/signin");
    }
    expect(await mailsTo("mailbombed@example.com", "You already have a CostumeCast account")).toHaveLength(3);
  });

  it("limits sign-ups per address a minute and an hour, on the page and at /api/auth together", async () => {
    const address = "203.0.113.40";
    await awayFromWindowEdge(MINUTE, 15_000);
    for (let i = 0; i < 10; i++) {
      expect((await signUpPage(address, `page-${i}@example.com`)).status).toBe(302);
    }
    // The page's ten used the minute's share, which /api/auth shares.
    expect((await api("/sign-up/email", address, { email: "api-0@example.com", password: "secret1", name: "" })).status).toBe(429);
    expect(await harness.database.db.select().from(user).where(eq(user.email, "api-0@example.com"))).toHaveLength(0);

    // A minute later the hour's share still counts the ten: ten more, then no more.
    await aMinuteLater();
    await awayFromWindowEdge(MINUTE, 15_000);
    for (let i = 0; i < 10; i++) {
      expect((await api("/sign-up/email", address, { email: `api-${i + 1}@example.com`, password: "secret1", name: "" })).status).toBe(200);
    }
    await aMinuteLater();
    const refused = await signUpPage(address, "one-too-many@example.com");
    expect(refused.status).toBe(429);
    // The spec's "Failed to sign up", with the server's reason under it.
    expect(refused.data).toMatchObject({ title: "Failed to sign up", message: "Too many attempts. Please wait a few minutes and try again." });
    expect(await harness.database.db.select().from(user).where(eq(user.email, "one-too-many@example.com"))).toHaveLength(0);
    expect((await api("/sign-up/email", address, { email: "api-more@example.com", password: "secret1", name: "" })).status).toBe(429);
    expect((await signUpPage("198.51.100.40", "someone-else@example.com")).status).toBe(302);
  }, 120_000);

  it("counts reset-link requests at /api/auth and on the page against the same per-address limits", async () => {
    const address = "203.0.113.45";
    const forgot = (email: string, at = address) => call(forgotRoute.action, postRequest("/forgot-password", { email }), from(at));
    expect((await api("/request-password-reset", address, { email: "nobody-reset@example.com" })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await forgot(`nobody-${i}@example.com`)).status).toBe(200);
    // Five in five minutes, the page's and the API's together.
    const soon = await forgot("one-more@example.com");
    expect(soon.status).toBe(429);
    expect((soon.data as { message: string }).message).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect((await api("/request-password-reset", address, { email: "nobody-reset@example.com" })).status).toBe(429);
    // Twenty in the hour: fast-forward the hour's count rather than waiting out four more windows.
    await harness.database.db.delete(rateLimitHits).where(like(rateLimitHits.key, "reset-request:5min:%"));
    await bumpCounter(`reset-request:ip:${address}`, 20);
    expect((await forgot("one-more@example.com")).status).toBe(429);
    expect((await forgot("one-more@example.com", "198.51.100.45")).status).toBe(200);
  });

  it("gives each client its own share of better-auth's limiter", async () => {
    const busy = "203.0.113.50";
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) statuses.push((await api("/get-session", busy)).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect((await api("/get-session", "198.51.100.50")).status).toBe(200);
  });

  it("a new reset link retires the older ones, and a reset ends them all", async () => {
    const email = "two-links@example.com";
    await createAccount(harness.services, email, "old-password");
    for (let i = 0; i < 2; i++) await call(forgotRoute.action, postRequest("/forgot-password", { email }), harness.services);
    const links = await resetLinks(email);
    expect(links).toHaveLength(2);
    const [first, second] = links;

    // The older mail's link no longer opens the page, nor sets a password.
    const stale = await call(resetRoute.loader, getRequest(`${first.pathname}${first.search}`), harness.services);
    expect(stale.status).toBe(400);
    expect((stale.data as { token: string | null; stale: { message: string } }).token).toBeNull();
    expect((stale.data as { stale: { message: string } }).stale.message).toBe("Invalid or expired recovery link");
    const staleToken = first.searchParams.get("token")!;
    const misuse = await call(
      resetRoute.action,
      postRequest(`${first.pathname}${first.search}`, { token: staleToken, password: "attacker-pw", confirmPassword: "attacker-pw" }),
      harness.services,
    );
    expect(misuse.location).toBe(`/reset-password?type=recovery&token=${staleToken}`);
    expect((await signInPage("198.51.100.60", email, "attacker-pw")).status).toBe(400);

    // The newest one works.
    const token = second.searchParams.get("token")!;
    const fresh = await call(resetRoute.loader, getRequest(`${second.pathname}${second.search}`), harness.services);
    expect((fresh.data as { token: string }).token).toBe(token);
    const done = await call(
      resetRoute.action,
      postRequest(`${second.pathname}${second.search}`, { token, password: "new-password", confirmPassword: "new-password" }),
      harness.services,
    );
    expect(done.location).toBe("/signin");
    const [owner] = await harness.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const left = await harness.database.db
      .select()
      .from(verification)
      .where(and(eq(verification.value, owner.id), like(verification.identifier, "reset-password:%")));
    expect(left).toHaveLength(0);
    expect((await signInPage("198.51.100.60", email, "new-password")).status).toBe(302);
  });

  it("a request nobody is mailed (past the address's three an hour) leaves the mailed link working", async () => {
    const email = "many-requests@example.com";
    await createAccount(harness.services, email, "old-password");
    for (let i = 0; i < 5; i++) await call(forgotRoute.action, postRequest("/forgot-password", { email }), harness.services);
    const links = await resetLinks(email);
    expect(links).toHaveLength(3);
    const last = links[2];
    const page = await call(resetRoute.loader, getRequest(`${last.pathname}${last.search}`), harness.services);
    expect((page.data as { token: string }).token).toBe(last.searchParams.get("token"));
  });

  it("refuses better-auth's endpoints the app never uses: no stored name or picture, no new address, no password oracle", async () => {
    const email = "unused-endpoints@example.com";
    const id = await createAccount(harness.services, email, "the-password");
    const signedIn = await api("/sign-in/email", "198.51.100.90", { email, password: "the-password" });
    expect(signedIn.status).toBe(200);
    const cookie = cookieFrom(signedIn.headers);
    const before = await harness.database.db.select().from(user).where(eq(user.id, id));

    const attempts: [string, Record<string, unknown>][] = [
      ["/update-user", { name: "<img src=x onerror=alert(1)>", image: "https://evil.example/tracker.png" }],
      ["/change-email", { newEmail: "someone-else@example.com" }],
      ["/change-password", { currentPassword: "the-password", newPassword: "changed-by-api" }],
      ["/verify-password", { password: "the-password" }],
      ["/delete-user", { password: "the-password" }],
    ];
    for (const [path, body] of attempts) {
      const answer = await api(path, "198.51.100.90", body, cookie);
      expect(answer.status, path).toBe(404);
    }
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toEqual(before);
    expect(await harness.database.db.select().from(account).where(eq(account.userId, id))).toHaveLength(1);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(1);
    expect((await signInPage("198.51.100.91", email, "the-password")).status).toBe(302);
    expect((await signInPage("198.51.100.91", email, "changed-by-api")).status).toBe(400);
  });
});
