import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as editProfileRoute from "~/routes/dashboard.edit-profile";
import * as freeListingRoute from "~/routes/free-listing";
import * as profileRoute from "~/routes/profile";
import * as resetPasswordRoute from "~/routes/reset-password";
import * as signinRoute from "~/routes/signin";
import { grantAdmin } from "~/server/auth/accounts.server";
import { issueCaptcha } from "~/server/inquiries/captcha.server";
import { contactMessages, user } from "~/server/db/schema";
import { createLogger } from "~/server/platform/logger.server";
import { call, createAccount, getRequest, postRequest, PUBLIC_URL, sessionCookie, useTestServices } from "./accounts-fixtures";

// A NUL byte or a line break where the form or the address has no place for one (issue 13's
// outside pass): refused with a field message or a 404 before it reaches PostgreSQL, and whatever
// does fail in SQL is logged without the values the visitor typed.

const harness = useTestServices();

const NUL = "\u0000";
const BIO = "I perform as a friendly space ranger at birthday parties, school fairs and conventions across the state.";

function inquiryFields(overrides: Record<string, string> = {}): Record<string, string> {
  const captcha = issueCaptcha(harness.services.config.authSecret);
  return {
    name: "Pat Visitor",
    email: "pat@example.com",
    phone: "555-0100",
    city: "Austin",
    state: "TX",
    zip: "73301",
    message: "Hello! Are you free on the 12th?",
    captchaAnswer: String(captcha.a + captcha.b),
    captchaToken: captcha.token,
    ...overrides,
  };
}

function freeListingFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    fullName: "Sam Performer",
    email: "sam@example.com",
    city: "Austin",
    state: "TX",
    experience: "1-3",
    paidEvents: "yes",
    bio: BIO,
    travel: "yes",
    ...overrides,
  };
}

describe(`control characters (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("answers /profile/%00 with the not-found page", async () => {
    const answer = await call(profileRoute.loader, getRequest("/profile/%00"), harness.services, { id: NUL });
    expect(answer.status).toBe(404);
    expect((answer.data as { kind: string }).kind).toBe("not-found");
  });

  it("refuses an inquiry to a profile id with a NUL byte like any missing profile", async () => {
    const answer = await call(profileRoute.action, postRequest("/profile/%00", inquiryFields()), harness.services, { id: NUL });
    expect(answer.data).toMatchObject({ ok: false, message: "This performer is not accepting messages right now." });
  });

  it("refuses a line break in the inquiry's name, and a NUL byte in its message, but keeps the message's line breaks", async () => {
    const forged = await call(
      profileRoute.action,
      postRequest("/profile/someone", inquiryFields({ name: "Pat\r\nPhone: 555-0199 (call this one)" })),
      harness.services,
      { id: "someone" },
    );
    expect((forged.data as { errors: Record<string, string> }).errors).toEqual({ name: "Please keep this on one line" });

    const nul = await call(
      profileRoute.action,
      postRequest("/profile/someone", inquiryFields({ message: `Hello${NUL}` })),
      harness.services,
      { id: "someone" },
    );
    expect((nul.data as { errors: Record<string, string> }).errors).toEqual({ message: "Please remove unsupported characters" });

    const lines = await call(
      profileRoute.action,
      postRequest("/profile/someone", inquiryFields({ message: "Hello!\r\n\r\nTwo lines\tand a tab." })),
      harness.services,
      { id: "someone" },
    );
    expect(lines.data).toMatchObject({ ok: false, errors: {}, message: "This performer is not accepting messages right now." });
    expect(await harness.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it("refuses a NUL byte in the sign-in address with the field's message", async () => {
    const answer = await call(signinRoute.action, postRequest("/signin", { email: `pat${NUL}@example.com`, password: "whatever" }), harness.services);
    expect(answer.status).toBe(400);
    expect((answer.data as { errors: Record<string, string> }).errors).toEqual({ email: "Invalid email address" });
  });

  it.each([
    ["/sign-in/email", { email: `pat${NUL}@example.com`, password: "whatever1" }],
    ["/sign-up/email", { email: "nul-name@example.com", password: "whatever1", name: `Pat${NUL}` }],
    ["/reset-password", { token: `abc${NUL}`, newPassword: "whatever1" }],
  ])("answers a NUL byte posted to /api/auth%s as bad input", async (path, body) => {
    const answer = await harness.services.auth.handler(
      new Request(`${PUBLIC_URL}/api/auth${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: PUBLIC_URL },
        body: JSON.stringify(body),
      }),
    );
    expect(answer.status).toBe(400);
    expect(await harness.database.db.select().from(user).where(eq(user.email, "nul-name@example.com"))).toHaveLength(0);
  });

  it("refuses a NUL byte in a profile save", async () => {
    await createAccount(harness.services, "nul-bio@example.com");
    const cookie = await sessionCookie(harness.services, "nul-bio@example.com");
    const answer = await call(
      editProfileRoute.action,
      postRequest(
        "/dashboard/edit-profile",
        {
          displayName: "Space Ranger",
          contactEmail: "nul-bio@example.com",
          bio: `${BIO}${NUL}`,
          state: "TX",
          city: "Austin",
          travelRadius: "local_only",
          categories: "Hero",
          audience: "all",
        },
        cookie,
      ),
      harness.services,
    );
    expect(answer.status).toBe(400);
    expect((answer.data as { errors: Record<string, string> }).errors).toEqual({ bio: "Please remove unsupported characters" });
  });

  it("answers an admin's editor address for a profile id with a NUL byte as not found, for a look and for a save", async () => {
    await createAccount(harness.services, "nul-admin@example.com");
    await grantAdmin(harness.database.db, "nul-admin@example.com");
    const cookie = await sessionCookie(harness.services, "nul-admin@example.com");
    const look = await call(editProfileRoute.loader, getRequest("/dashboard/edit-profile/%00", cookie), harness.services, { id: NUL });
    expect(look.status).toBe(404);
    const fields = { displayName: "Space Ranger", contactEmail: "x@example.com", bio: BIO, state: "TX", city: "Austin", travelRadius: "local_only", categories: "Hero", audience: "all" };
    const save = await call(editProfileRoute.action, postRequest("/dashboard/edit-profile/%00", fields, cookie), harness.services, { id: NUL });
    expect(save.status).toBe(404);
  });

  it("treats a reset link whose token holds a NUL byte as an invalid link", async () => {
    // The page that says the link no longer works (not a 500 from the database).
    const answer = await call(resetPasswordRoute.loader, getRequest(`/reset-password?type=recovery&token=abc%00def`), harness.services);
    expect(answer.status).toBe(400);
    expect(answer.data).toEqual({ token: null, stale: { message: "Invalid or expired recovery link", email: "" } });
  });

  it("refuses a NUL byte or a line break in the free-listing application", async () => {
    const nul = await call(freeListingRoute.action, postRequest("/free-listing", freeListingFields({ bio: `${BIO}${NUL}` })), harness.services);
    expect(nul.status).toBe(400);
    expect((nul.data as { errors: Record<string, string> }).errors).toEqual({ bio: "Please remove unsupported characters" });
    const forged = await call(
      freeListingRoute.action,
      postRequest("/free-listing", freeListingFields({ fullName: "Sam\nApproved: yes", questions: `Any${NUL}` })),
      harness.services,
    );
    expect((forged.data as { errors: Record<string, string> }).errors).toEqual({
      fullName: "Please keep this on one line",
      questions: "Please remove unsupported characters",
    });
  });

  it("logs a failed query without the values it was given", async () => {
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    const secret = "visitor.secret@example.com";
    let failure: unknown;
    try {
      await harness.database.db.select().from(user).where(eq(user.email, `${secret}${NUL}`));
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    expect(String((failure as Error).message)).toContain(secret);
    logger.error({ err: failure }, "query failed");
    logger.error(failure as Error);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      const entry = JSON.parse(line) as { err: { message: string; stack: string; params?: unknown } };
      expect(entry.err.message).toMatch(/^Failed query: select .* from "user"/);
      expect(entry.err.params).toBe("[redacted]");
      expect(entry.err.stack).toContain("params: [redacted]");
    }
  });
});
