import { asc, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { safeRedirectPath, signInNotice } from "~/lib/auth-schemas";
import * as confirmRoute from "~/routes/confirm-email";
import * as forgotRoute from "~/routes/forgot-password";
import * as resetRoute from "~/routes/reset-password";
import * as signinRoute from "~/routes/signin";
import * as signoutRoute from "~/routes/signout";
import * as signupRoute from "~/routes/signup";
import { grantAdmin } from "~/server/auth/accounts.server";
import { getSessionUser } from "~/server/auth/auth.server";
import { emailOutbox, freeListingGrants, profiles, rateLimitHits, session, user, verification } from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { addMonths, grantFreeListing, startFreeYearsGoneLive } from "~/server/payments/grants.server";
import { todayIso } from "~/server/directory/visibility.server";
import {
  call,
  cookieFrom,
  createAccount,
  getRequest,
  postRequest,
  PUBLIC_URL,
  sessionCookie,
  testServices,
  useTestServices,
  type Answer,
} from "./accounts-fixtures";
import { confirmationLinkFor } from "./confirmation-fixtures";

const harness = useTestServices();

async function flashOf(answer: Answer) {
  const cookie = cookieFrom(answer.headers);
  const { flash } = await readFlash(harness.services, getRequest("/", cookie));
  return flash;
}

async function mailTo(address: string) {
  return harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.createdAt));
}

async function signInWith(email: string, password: string, redirectTo = "") {
  return call(signinRoute.action, postRequest("/signin", { email, password, redirectTo }), harness.services);
}

describe(`sign up (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("rejects bad input with the spec's messages and creates nothing", async () => {
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ email: "", password: "", confirmPassword: "" }, { email: "Email is required", confirmPassword: "Please confirm your password" }],
      [{ email: "not-an-email", password: "abc", confirmPassword: "abc" }, { email: "Invalid email address", password: "Password must be at least 6 characters" }],
      [{ email: "ok@example.com", password: "abcdef", confirmPassword: "abcdeg" }, { confirmPassword: "Passwords do not match" }],
    ];
    for (const [fields, expected] of cases) {
      const answer = await call(signupRoute.action, postRequest("/signup", fields), harness.services);
      expect(answer.status).toBe(400);
      expect((answer.data as { errors: Record<string, string> }).errors).toMatchObject(expected);
    }
    expect(await harness.database.db.select().from(user).where(eq(user.email, "ok@example.com"))).toHaveLength(0);
  });

  it("creates the account, queues a welcome email and sends the visitor to sign in", async () => {
    const answer = await call(
      signupRoute.action,
      postRequest("/signup", { email: "New.Performer@Example.com", password: "secret1", confirmPassword: "secret1" }),
      harness.services,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signin");
    expect(await flashOf(answer)).toEqual({ type: "success", message: "Account created successfully! Please sign in." });
    // Signing up does not sign in (autoSignIn is off): no session cookie.
    expect(answer.headers.get("Set-Cookie")).not.toContain("session_token");
    const [created] = await harness.database.db.select().from(user).where(eq(user.email, "new.performer@example.com"));
    expect(created).toBeDefined();
    const mails = await mailTo("new.performer@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/Welcome/);
    expect(mails[0].textBody).toContain(`${PUBLIC_URL}/dashboard`);
  });

  it("hands the new address to the sign-in form once, in a signed cookie rather than the address", async () => {
    const answer = await call(
      signupRoute.action,
      postRequest("/signup", { email: "handover@example.com", password: "secret1", confirmPassword: "secret1" }),
      harness.services,
    );
    expect(answer.location).toBe("/signin");
    const carried = answer.headers.getSetCookie().find((c) => c.startsWith("cc_new_account="));
    expect(carried).toMatch(/HttpOnly/i);
    expect(carried).toMatch(/Max-Age=600/);

    const signIn = await call(signinRoute.loader, getRequest("/signin", cookieFrom(answer.headers)), harness.services);
    expect((signIn.data as { email: unknown }).email).toBe("handover@example.com");
    // Read once: the same answer clears it.
    expect(signIn.headers.getSetCookie().some((c) => c.startsWith("cc_new_account=;") && /Max-Age=0/.test(c))).toBe(true);

    // A cookie the server did not sign fills in nothing.
    const forged = await call(signinRoute.loader, getRequest("/signin", "cc_new_account=%22someone%40example.com%22"), harness.services);
    expect((forged.data as { email: unknown }).email).toBeNull();
  });

  it("applies a free listing granted to the address before the account existed once the address is confirmed", async () => {
    const { grantId, userId: waitingFor } = await grantFreeListing(harness.database.db, harness.services, { email: "Granted.Early@Example.com" });
    expect(waitingFor).toBeNull();

    const answer = await call(
      signupRoute.action,
      postRequest("/signup", { email: "granted.early@example.com", password: "secret1", confirmPassword: "secret1" }),
      harness.services,
    );
    expect(answer.status).toBe(302);
    const [created] = await harness.database.db.select({ id: user.id }).from(user).where(eq(user.email, "granted.early@example.com"));
    // Signing up proves nothing about the address: the grant waits for its confirmation link.
    let [grant] = await harness.database.db.select().from(freeListingGrants).where(eq(freeListingGrants.id, grantId));
    expect(grant.userId).toBeNull();
    const link = new URL((await confirmationLinkFor(harness.database.db, "granted.early@example.com"))!);
    expect((await call(confirmRoute.loader, getRequest(`${link.pathname}${link.search}`), harness.services)).status).toBe(302);
    [grant] = await harness.database.db.select().from(freeListingGrants).where(eq(freeListingGrants.id, grantId));
    expect(grant.userId).toBe(created.id);
    // No profile yet, so nothing can go live: the year waits, whole, for the listing.
    expect(grant).toMatchObject({ startsOn: null, endsOn: null });
    const listingNow = async () =>
      (
        await harness.database.db
          .select({ paymentStatus: profiles.paymentStatus, paymentExpiry: profiles.paymentExpiry })
          .from(profiles)
          .where(eq(profiles.id, created.id))
      )[0];
    expect(await listingNow()).toBeUndefined();
    await harness.database.db.insert(profiles).values({ id: created.id, displayName: "Early Bird", bio: "x".repeat(120), state: "TX", city: "Austin" });
    // (The hourly job's pass; the profile editor's save does the same at once.)
    await startFreeYearsGoneLive(harness.database.db, harness.services);
    const today = todayIso();
    expect(await listingNow()).toEqual({ paymentStatus: "paid", paymentExpiry: addMonths(today, 12) });
  });

  it("leaves a grant for another address waiting", async () => {
    const { grantId } = await grantFreeListing(harness.database.db, harness.services, { email: "someone.else@example.com" });
    await call(
      signupRoute.action,
      postRequest("/signup", { email: "not.granted@example.com", password: "secret1", confirmPassword: "secret1" }),
      harness.services,
    );
    const [grant] = await harness.database.db.select().from(freeListingGrants).where(eq(freeListingGrants.id, grantId));
    expect(grant.userId).toBeNull();
    const [created] = await harness.database.db.select({ id: user.id }).from(user).where(eq(user.email, "not.granted@example.com"));
    expect(await harness.database.db.select().from(profiles).where(eq(profiles.id, created.id))).toHaveLength(0);
  });

  it("keeps the guard's destination through sign-up", async () => {
    const answer = await call(
      signupRoute.action,
      postRequest("/signup", {
        email: "carried@example.com",
        password: "secret1",
        confirmPassword: "secret1",
        redirectTo: "/dashboard/subscription",
      }),
      harness.services,
    );
    expect(answer.location).toBe("/signin?redirectTo=%2Fdashboard%2Fsubscription");
  });

  it("answers a registered address exactly like a new one, and tells the owner by email", async () => {
    await createAccount(harness.services, "taken@example.com", "original-password");
    const answer = await call(
      signupRoute.action,
      postRequest("/signup", { email: "taken@example.com", password: "another1", confirmPassword: "another1" }),
      harness.services,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signin");
    expect(await flashOf(answer)).toEqual({ type: "success", message: "Account created successfully! Please sign in." });
    expect(await harness.database.db.select().from(user).where(eq(user.email, "taken@example.com"))).toHaveLength(1);
    const mails = await mailTo("taken@example.com");
    expect(mails.map((m) => m.subject)).toEqual(["Welcome to CostumeCast: please confirm your email", "You already have a CostumeCast account"]);
    expect(mails[1].textBody).toContain(`${PUBLIC_URL}/forgot-password`);
    // The original password still works; the attempt changed nothing.
    expect((await signInWith("taken@example.com", "original-password")).status).toBe(302);
    expect((await signInWith("taken@example.com", "another1")).status).toBe(400);
  });
});

describe("sign in", () => {
  beforeAll(async () => {
    await createAccount(harness.services, "signin@example.com", "right-password");
  });

  it("validates with the spec's messages", async () => {
    const answer = await signInWith("", "");
    expect(answer.status).toBe(400);
    expect((answer.data as { errors: Record<string, string> }).errors).toEqual({
      email: "Email is required",
      password: "Password is required",
    });
  });

  it("refuses a wrong password without setting a session", async () => {
    const answer = await signInWith("signin@example.com", "wrong-password");
    expect(answer.status).toBe(400);
    expect((answer.data as { message: string }).message).toBe("Failed to sign in. Please check your credentials.");
    expect(answer.headers.get("Set-Cookie") ?? "").not.toContain("session_token");
  });

  it("signs in, sets an HttpOnly SameSite=Lax session cookie and goes to the carried destination", async () => {
    const answer = await signInWith("signin@example.com", "right-password", "/dashboard/subscription");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/dashboard/subscription");
    const sessionHeader = answer.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(sessionHeader).toBeDefined();
    expect(sessionHeader).toMatch(/HttpOnly/i);
    expect(sessionHeader).toMatch(/SameSite=Lax/i);
    expect(sessionHeader).not.toMatch(/Secure/i);
    expect(await flashOf(answer)).toEqual({ type: "success", message: "Signed in successfully!" });
    const current = await getSessionUser(harness.services, getRequest("/", cookieFrom(answer.headers)));
    expect(current?.email).toBe("signin@example.com");
  });

  it.each(["//evil.example/phish", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "/signin"])(
    "never redirects off-site or back to the auth pages (%s)",
    async (target) => {
      const answer = await signInWith("signin@example.com", "right-password", target);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe("/dashboard");
    },
  );

  it("marks the session cookie Secure when the site is served over HTTPS", async () => {
    const secure = await testServices(harness.database, { PUBLIC_URL: "https://costumecast.example" });
    const answer = await call(
      signinRoute.action,
      new Request("https://costumecast.example/signin", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "signin@example.com", password: "right-password" }),
      }),
      secure,
    );
    const sessionHeader = answer.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(sessionHeader).toMatch(/; Secure/i);
    expect(sessionHeader).toMatch(/HttpOnly/i);
  });

  it("shows only known guard notices and sends a signed-in visitor on", async () => {
    const known = await call(
      signinRoute.loader,
      getRequest("/signin?redirectTo=%2Fdashboard%2Fsubscription&message=Please+sign+in+to+continue+with+your+subscription."),
      harness.services,
    );
    expect(known.data).toEqual({
      redirectTo: "/dashboard/subscription",
      asked: true,
      notice: "Please sign in to continue with your subscription.",
      email: null,
    });
    const forged = await call(signinRoute.loader, getRequest("/signin?message=Call+555-0100+to+verify+your+account"), harness.services);
    expect((forged.data as { notice: unknown }).notice).toBeNull();

    const cookie = await sessionCookie(harness.services, "signin@example.com", "right-password");
    const already = await call(signinRoute.loader, getRequest("/signin?redirectTo=%2Fsafety-first", cookie), harness.services);
    expect(already.location).toBe("/safety-first");
  });

  it("lands an admin with nowhere asked to go on /admin, and honours a page that asked", async () => {
    await createAccount(harness.services, "landing-admin@example.com", "right-password");
    await grantAdmin(harness.database.db, "landing-admin@example.com");
    await createAccount(harness.services, "landing-performer@example.com", "right-password");
    expect((await signInWith("landing-admin@example.com", "right-password")).location).toBe("/admin");
    expect((await signInWith("landing-admin@example.com", "right-password", "/dashboard")).location).toBe("/dashboard");
    expect((await signInWith("landing-performer@example.com", "right-password")).location).toBe("/dashboard");
    // The page sends no destination unless one was asked for.
    const plain = await call(signinRoute.loader, getRequest("/signin"), harness.services);
    expect(plain.data).toMatchObject({ redirectTo: "/dashboard", asked: false });
  });

  it("holds back whoever failed repeatedly on an account, even with the right password", async () => {
    await createAccount(harness.services, "guessed@example.com", "the-real-one");
    for (let i = 0; i < 10; i++) {
      expect((await signInWith("guessed@example.com", `guess-${i}`)).status).toBe(400);
    }
    const blocked = await signInWith("guessed@example.com", "the-real-one");
    expect(blocked.status).toBe(429);
    // The spec's "Failed to sign in", with the server's reason under it.
    expect(blocked.data).toMatchObject({ title: "Failed to sign in", message: "Too many attempts. Please wait a few minutes and try again." });
    expect(blocked.headers.get("Set-Cookie") ?? "").not.toContain("session_token");
    // better-auth's own endpoint shares the same count (per account and caller; these callers name no
    // address, so they are one): no way around it.
    const viaApi = await harness.services.auth.handler(
      new Request(`${PUBLIC_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: PUBLIC_URL },
        body: JSON.stringify({ email: "guessed@example.com", password: "the-real-one" }),
      }),
    );
    expect(viaApi.status).toBe(429);
    expect(viaApi.headers.get("Set-Cookie") ?? "").not.toContain("session_token");
    // Other accounts are unaffected.
    expect((await signInWith("signin@example.com", "right-password")).status).toBe(302);
  });

  it("limits failed sign-ins per client address across accounts", async () => {
    const attacker = { ...harness.services, clientIp: "203.0.113.77" };
    const first = await call(signinRoute.action, postRequest("/signin", { email: "nobody@example.com", password: "x" }), attacker);
    expect(first.status).toBe(400);
    // Fast-forward to the 50th failure from this address rather than hashing 49 more passwords.
    const bumped = await harness.database.db
      .update(rateLimitHits)
      .set({ count: 50 })
      .where(eq(rateLimitHits.key, "signin-fail:ip:203.0.113.77"))
      .returning({ key: rateLimitHits.key });
    expect(bumped).toHaveLength(1);
    const blocked = await call(
      signinRoute.action,
      postRequest("/signin", { email: "signin@example.com", password: "right-password" }),
      attacker,
    );
    expect(blocked.status).toBe(429);
    const elsewhere = await call(
      signinRoute.action,
      postRequest("/signin", { email: "signin@example.com", password: "right-password" }),
      { ...harness.services, clientIp: "198.51.100.5" },
    );
    expect(elsewhere.status).toBe(302);
  });
});

describe("password reset", () => {
  async function resetMails(address: string) {
    return (await mailTo(address)).filter((m) => m.subject.includes("Reset"));
  }

  function linkIn(text: string): URL {
    const match = text.match(/https?:\/\/\S+reset-password\?\S+/);
    if (!match) throw new Error(`no reset link in:\n${text}`);
    return new URL(match[0]);
  }

  async function requestReset(email: string) {
    return call(forgotRoute.action, postRequest("/forgot-password", { email }), harness.services);
  }

  it("answers the same for known and unknown addresses, and mails only the account", async () => {
    await createAccount(harness.services, "forgetful@example.com", "old-password");
    const known = await requestReset("forgetful@example.com");
    const unknown = await requestReset("stranger@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data).toEqual(unknown.data);
    expect((known.data as { sent: string }).sent).toBe("Password reset link sent to your email!");
    expect(await mailTo("stranger@example.com")).toHaveLength(0);
    const [mail] = await resetMails("forgetful@example.com");
    const link = linkIn(mail.textBody);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(link.searchParams.get("type")).toBe("recovery");
    expect(link.searchParams.get("token")).toMatch(/\S{10,}/);
  });

  it("validates the address", async () => {
    const answer = await requestReset("nope");
    expect(answer.status).toBe(400);
    expect((answer.data as { errors: Record<string, string> }).errors).toEqual({ email: "Invalid email address" });
  });

  it("sends at most three reset mails an hour to one address, without saying so", async () => {
    await createAccount(harness.services, "flooded@example.com");
    for (let i = 0; i < 5; i++) {
      const answer = await requestReset("flooded@example.com");
      expect((answer.data as { sent: string }).sent).toBe("Password reset link sent to your email!");
    }
    expect(await resetMails("flooded@example.com")).toHaveLength(3);
  });

  it("guards the reset page: needs type=recovery and a live token", async () => {
    const noType = await call(resetRoute.loader, getRequest("/reset-password?token=abc"), harness.services);
    expect(noType.location).toBe("/signin");
    // A made-up link gets a page that says so (400) and asks for a new link, with no address to offer.
    const badToken = await call(resetRoute.loader, getRequest("/reset-password?token=made-up&type=recovery"), harness.services);
    expect(badToken.status).toBe(400);
    expect(badToken.data).toEqual({ token: null, stale: { message: "Invalid or expired recovery link", email: "" } });
  });

  it("sets the new password once, ends every session, and refuses the old password", async () => {
    const email = "resetter@example.com";
    const userId = await createAccount(harness.services, email, "old-password");
    const cookieA = await sessionCookie(harness.services, email, "old-password");
    await sessionCookie(harness.services, email, "old-password");
    expect(await harness.database.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(2);

    await requestReset(email);
    const [mail] = await resetMails(email);
    const link = linkIn(mail.textBody);
    const page = await call(resetRoute.loader, getRequest(`${link.pathname}${link.search}`), harness.services);
    const token = (page.data as { token: string }).token;
    expect(token).toBe(link.searchParams.get("token"));

    const mismatch = await call(
      resetRoute.action,
      postRequest(`${link.pathname}${link.search}`, { token, password: "new-password", confirmPassword: "other" }),
      harness.services,
    );
    expect((mismatch.data as { errors: Record<string, string> }).errors).toEqual({ confirmPassword: "Passwords do not match" });

    const done = await call(
      resetRoute.action,
      postRequest(`${link.pathname}${link.search}`, { token, password: "new-password", confirmPassword: "new-password" }),
      harness.services,
    );
    expect(done.location).toBe("/signin");
    expect(await flashOf(done)).toEqual({
      type: "success",
      message: "Password updated successfully! Please sign in with your new password.",
    });
    expect(await harness.database.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
    expect(await getSessionUser(harness.services, getRequest("/", cookieA))).toBeNull();
    expect((await signInWith(email, "old-password")).status).toBe(400);
    expect((await signInWith(email, "new-password")).status).toBe(302);

    // The link works once: afterwards its page says so (the used token is gone, so no address).
    const again = await call(resetRoute.loader, getRequest(`${link.pathname}${link.search}`), harness.services);
    expect(again.status).toBe(400);
    expect(again.data).toEqual({ token: null, stale: { message: "Invalid or expired recovery link", email: "" } });
    const replay = await call(
      resetRoute.action,
      postRequest(`${link.pathname}${link.search}`, { token, password: "third-password", confirmPassword: "third-password" }),
      harness.services,
    );
    expect(replay.location).toBe(`/reset-password?type=recovery&token=${token}`);
    expect((await signInWith(email, "third-password")).status).toBe(400);
  });

  it("refuses a link older than one hour", async () => {
    const email = "slow@example.com";
    await createAccount(harness.services, email, "old-password");
    await requestReset(email);
    const [mail] = await resetMails(email);
    const token = linkIn(mail.textBody).searchParams.get("token")!;
    const [row] = await harness.database.db.select().from(verification).where(like(verification.identifier, `%${token}`));
    // The token was made to last exactly one hour.
    const lifetimeMs = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(Math.abs(lifetimeMs - 3_600_000)).toBeLessThan(60_000);
    await harness.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, row.id));
    // The page says the link has expired and offers a new one to the address it went to.
    const page = await call(resetRoute.loader, getRequest(`/reset-password?token=${token}&type=recovery`), harness.services);
    expect(page.status).toBe(400);
    expect(page.data).toEqual({ token: null, stale: { message: "Invalid or expired recovery link", email } });
    const submit = await call(
      resetRoute.action,
      postRequest("/reset-password?type=recovery", { token, password: "new-password", confirmPassword: "new-password" }),
      harness.services,
    );
    expect(submit.location).toBe(`/reset-password?type=recovery&token=${token}`);
    expect((await signInWith(email, "old-password")).status).toBe(302);
  });
});

describe("sign out", () => {
  it("ends the session and clears the cookie", async () => {
    const userId = await createAccount(harness.services, "leaving@example.com");
    const cookie = await sessionCookie(harness.services, "leaving@example.com");
    const answer = await call(signoutRoute.action, postRequest("/signout", {}, cookie), harness.services);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/");
    expect(answer.headers.getSetCookie().some((c) => c.includes("session_token=;") || /Max-Age=0/i.test(c))).toBe(true);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, userId))).toHaveLength(0);
  });

  it("treats signing out without a session as done, and ignores GET", async () => {
    const answer = await call(signoutRoute.action, postRequest("/signout", {}), harness.services);
    expect(answer.location).toBe("/");
    expect(await flashOf(answer)).toBeNull();
    const viaGet = await call(signoutRoute.loader, getRequest("/signout"), harness.services);
    expect(viaGet.location).toBe("/");
  });
});

describe("safe redirect and notices", () => {
  it("accepts same-site paths only", () => {
    expect(safeRedirectPath("/dashboard/edit-profile?x=1#top")).toBe("/dashboard/edit-profile?x=1#top");
    expect(safeRedirectPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    for (const bad of [null, "", "dashboard", "//evil.example", "/\\evil.example", "https://evil.example", "/\u0000x", "/reset-password?token=x"]) {
      expect(safeRedirectPath(bad)).toBe("/dashboard");
    }
  });

  it("knows the subscription notice", () => {
    expect(signInNotice("Please sign in to continue with your subscription.")).not.toBeNull();
    expect(signInNotice("anything else")).toBeNull();
  });
});
