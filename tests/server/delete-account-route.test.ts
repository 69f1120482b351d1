import { eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_TEXTS } from "~/lib/account-deletion";
import * as deleteAccountRoute from "~/routes/dashboard.delete-account";
import * as signinRoute from "~/routes/signin";
import { rateLimitHits, session, user } from "~/server/db/schema";
import { call, createAccount, getRequest, postRequest, sessionCookie, useTestServices } from "./accounts-fixtures";
import { awayFromWindowEdge, FIFTEEN_MINUTES } from "./auth-http-fixtures";

// /dashboard/delete-account through its route module: the typed word and the password guard the
// deletion (a wrong password counts as a failed sign-in), the answer signs the browser out and lands
// on the page saying it is done.

const harness = useTestServices();

const PAGE = "/dashboard/delete-account";
const PASSWORD = "correct-horse";

describe("/dashboard/delete-account", () => {
  it("sends a signed-out visitor to sign in, and shows the signed-in performer what will go", async () => {
    const signedOut = await call(deleteAccountRoute.loader, getRequest(PAGE), harness.services);
    expect(signedOut.location).toMatch(/^\/signin\?/);

    await createAccount(harness.services, "leaving@example.com");
    const cookie = await sessionCookie(harness.services, "leaving@example.com");
    const page = await call(deleteAccountRoute.loader, getRequest(PAGE, cookie), harness.services);
    expect(page.data).toEqual({ kind: "confirm", email: "leaving@example.com", renewing: false });
    expect(page.headers.get("Cache-Control")).toContain("no-store");
  });

  it("refuses a wrong or missing word next to the field and deletes nothing", async () => {
    const id = await createAccount(harness.services, "unsure@example.com");
    const cookie = await sessionCookie(harness.services, "unsure@example.com");
    for (const typed of ["", "delet", "yes", "DELETE ME"]) {
      const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: typed, password: PASSWORD }, cookie), harness.services);
      expect(answer.status, typed).toBe(400);
      expect(answer.data).toMatchObject({ errors: { confirmation: ACCOUNT_DELETION_TEXTS.wrongConfirmation }, values: { confirmation: typed } });
      // The password is never sent back to the page.
      expect(JSON.stringify(answer.data)).not.toContain(PASSWORD);
    }
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toHaveLength(1);
  });

  it("asks for the password: a missing or wrong one is refused next to its field and deletes nothing", async () => {
    const id = await createAccount(harness.services, "careful@example.com", PASSWORD);
    const cookie = await sessionCookie(harness.services, "careful@example.com", PASSWORD);
    const missing = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "DELETE" }, cookie), harness.services);
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ errors: { password: ACCOUNT_DELETION_TEXTS.passwordRequired }, values: { confirmation: "DELETE" } });

    const wrong = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "DELETE", password: "not-it" }, cookie), harness.services);
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ errors: { password: "Incorrect password" }, values: { confirmation: "DELETE", password: "" }, failed: null });
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toHaveLength(1);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(1);
  });

  it("counts wrong passwords as failed sign-ins: ten, and neither the form nor sign-in from there takes even the right one", async () => {
    const id = await createAccount(harness.services, "stolen-session@example.com", PASSWORD);
    const cookie = await sessionCookie(harness.services, "stolen-session@example.com", PASSWORD);
    const at = { ...harness.services, clientIp: "203.0.113.150" };
    await awayFromWindowEdge(FIFTEEN_MINUTES, 30_000);
    for (let i = 0; i < 10; i++) {
      const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "DELETE", password: `guess-${i}` }, cookie), at);
      expect(answer.status).toBe(400);
    }
    // A minute later, so what refuses is the failures, not the minute's share of attempts.
    await harness.database.db.delete(rateLimitHits).where(like(rateLimitHits.key, "%:minute:%"));
    const right = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "DELETE", password: PASSWORD }, cookie), at);
    expect(right.status).toBe(429);
    expect(right.data).toMatchObject({ failed: "Too many attempts. Please wait a few minutes and try again." });
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toHaveLength(1);
    const signIn = await call(signinRoute.action, postRequest("/signin", { email: "stolen-session@example.com", password: PASSWORD }), at);
    expect(signIn.status).toBe(429);
    // The owner elsewhere is not held back.
    const home = { ...harness.services, clientIp: "198.51.100.150" };
    expect((await call(signinRoute.action, postRequest("/signin", { email: "stolen-session@example.com", password: PASSWORD }), home)).status).toBe(302);
  }, 120_000);

  it("deletes with DELETE typed (any case, spaces around), signs out and lands on the done page", async () => {
    const id = await createAccount(harness.services, "bye@example.com");
    const cookie = await sessionCookie(harness.services, "bye@example.com");
    const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "  delete ", password: PASSWORD }, cookie), harness.services);
    expect(answer.location).toBe(`${PAGE}?done=1`);
    // The browser is told to drop its session cookie.
    const cleared = answer.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cleared).toMatch(/session_token=;|Max-Age=0/);
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toHaveLength(0);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);

    const done = await call(deleteAccountRoute.loader, getRequest(`${PAGE}?done=1`, cookie), harness.services);
    expect(done.data).toEqual({ kind: "done" });
    // The old cookie no longer signs anyone in.
    const again = await call(deleteAccountRoute.loader, getRequest(PAGE, cookie), harness.services);
    expect(again.location).toMatch(/^\/signin\?/);
  });
});
