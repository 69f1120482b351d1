import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as confirmRoute from "~/routes/confirm-email";
import * as dashboardRoute from "~/routes/dashboard";
import * as signinRoute from "~/routes/signin";
import * as signupRoute from "~/routes/signup";
import * as subscriptionRoute from "~/routes/dashboard.subscription";
import { EMAIL_CONFIRMED, EMAIL_CONFIRMED_SIGN_IN } from "~/lib/email-confirmation";
import { UNCONFIRMED_CHECKOUT_MESSAGE } from "~/server/payments/context.server";
import { approveFreeListingRequest, listFreeListingRequests } from "~/server/admin/free-listing-requests.server";
import { listProfiles } from "~/server/admin/profiles.server";
import { resendConfirmationMail } from "~/server/auth/email-confirmation.server";
import {
  emailOutbox,
  freeListingGrants,
  freeListingRequests,
  profileImages,
  profiles,
  stripeCustomers,
  user,
  userRoles,
} from "~/server/db/schema";
import type { DashboardSummary } from "~/server/dashboard/dashboard.server";
import { readFlash } from "~/server/http/flash.server";
import { expireListings } from "~/server/jobs/listing-lifecycle.server";
import { removeUnconfirmedAccounts } from "~/server/jobs/unconfirmed-accounts.server";
import { startCheckout } from "~/server/payments/checkout.server";
import type { AppServices } from "~/server/platform/services.server";
import type { SubscriptionPageData } from "~/server/dashboard/subscription.server";
import { startStripeSandbox, type StripeSandbox } from "../../scripts/stripe-sandbox/server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import {
  call,
  cookieFrom,
  createAccount,
  getRequest,
  postRequest,
  PUBLIC_URL,
  sessionCookie,
  testServices,
  type Answer,
} from "./accounts-fixtures";
import { createRequest } from "./admin-fixtures";
import { confirmationLinkFor } from "./confirmation-fixtures";

// Finding 3 of the security review: nobody proved they owned an address, so a squatter who signed up
// with a pending applicant's address received her free year. Now sign-up mails a confirmation link;
// until it is followed the account can sign in and build its profile, but checkout refuses it, free
// years wait, and after a week it is removed so the address's owner can sign up.

const SECRET_KEY = "sk_test_email_confirmation";
const WEBHOOK_SECRET = "whsec_email_confirmation";
const PRICE_ID = "price_email_confirmation_yearly";
const BIO = "Professional superhero performer for birthday parties, school events and conventions across Texas. ".repeat(2);
const ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

let database: TestDatabase;
let sandbox: StripeSandbox;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = await startStripeSandbox({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: null,
    prices: [{ id: PRICE_ID, unitAmount: 2900, nickname: "Yearly Membership" }],
  });
  services = await testServices(database, {
    PAYMENTS: "stripe",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_ID: PRICE_ID,
    STRIPE_API_URL: sandbox.url,
  });
});
afterAll(async () => {
  await sandbox?.stop();
  await database?.close();
});

async function flashOf(answer: Answer) {
  const { flash } = await readFlash(services, getRequest("/", cookieFrom(answer.headers)));
  return flash;
}

async function mailsTo(address: string) {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(asc(emailOutbox.createdAt));
}

async function accountOf(email: string) {
  const [row] = await database.db.select().from(user).where(eq(user.email, email));
  return row;
}

async function signUp(email: string) {
  return call(signupRoute.action, postRequest("/signup", { email, password: "secret-123", confirmPassword: "secret-123" }), services);
}

/** Opens the mailed link as a browser would: the confirm page's loader, with whatever cookie the browser has. */
async function followLink(link: string, cookie?: string) {
  const url = new URL(link);
  return call(confirmRoute.loader, getRequest(`${url.pathname}${url.search}`, cookie), services);
}

async function dashboardSummary(cookie: string): Promise<DashboardSummary> {
  const answer = await call(dashboardRoute.loader, getRequest("/dashboard", cookie), services);
  return (answer.data as { summary: DashboardSummary }).summary;
}

async function listingOf(userId: string) {
  const [row] = await database.db
    .select({ paymentStatus: profiles.paymentStatus, paymentExpiry: profiles.paymentExpiry })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

async function makeAdmin(): Promise<string> {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: "", email: `admin-${id.slice(0, 8)}@example.com`, emailVerified: true });
  await database.db.insert(userRoles).values({ userId: id, role: "admin" });
  return id;
}

describe(`sign-up mails a confirmation link (${ENGINE})`, () => {
  it("queues one mail whose link confirms the address, signed in or not, and the dashboard's item goes", async () => {
    const email = "new.performer@example.com";
    const answer = await signUp(email);
    // The spec's flow stays: sign-up success leads to the sign-in page.
    expect(answer.location).toBe("/signin");
    expect((await accountOf(email)).emailVerified).toBe(false);

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Welcome to CostumeCast: please confirm your email");
    const link = await confirmationLinkFor(database.db, email);
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/confirm-email\\?token=`));
    expect(mails[0].htmlBody).toContain("Confirm my email address");

    // Unconfirmed, the account signs in and the dashboard asks for the confirmation first.
    const signIn = await call(signinRoute.action, postRequest("/signin", { email, password: "secret-123", redirectTo: "" }), services);
    expect(signIn.status).toBe(302);
    const cookie = cookieFrom(signIn.headers);
    const before = await dashboardSummary(cookie);
    expect(before.emailConfirmed).toBe(false);
    expect(before.checklist[0]).toMatchObject({ key: "confirmEmail", label: "Confirm your email", done: false });

    const followed = await followLink(link!, cookie);
    expect(followed.status).toBe(302);
    expect(followed.location).toBe("/dashboard");
    expect(await flashOf(followed)).toEqual({ type: "success", message: EMAIL_CONFIRMED });
    expect((await accountOf(email)).emailVerified).toBe(true);
    const after = await dashboardSummary(cookie);
    expect(after.emailConfirmed).toBe(true);
    expect(after.checklist.map((item) => item.key)).not.toContain("confirmEmail");

    // The same link again (a second click) still lands well.
    expect((await followLink(link!, cookie)).location).toBe("/dashboard");
  });

  it("lands a signed-out visitor on sign-in, and says so when a link is broken", async () => {
    const email = "signed.out@example.com";
    await signUp(email);
    const link = (await confirmationLinkFor(database.db, email))!;

    const broken = await followLink(`${link.slice(0, -6)}AAAAAA`);
    expect(broken.status).toBe(400);
    expect(broken.data).toMatchObject({ link: "invalid", email: null, confirmed: false });
    expect((await accountOf(email)).emailVerified).toBe(false);

    const followed = await followLink(link);
    expect(followed.location).toBe("/signin");
    expect(await flashOf(followed)).toEqual({ type: "success", message: EMAIL_CONFIRMED_SIGN_IN });
    expect((await accountOf(email)).emailVerified).toBe(true);
  });

  it("does not offer better-auth's own resend endpoint to anyone who knows an address", async () => {
    const email = "endpoint@example.com";
    await signUp(email);
    const response = await services.auth.handler(
      new Request(`${PUBLIC_URL}/api/auth/send-verification-email`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: PUBLIC_URL },
        body: JSON.stringify({ email }),
      }),
    );
    expect(response.status).toBe(404);
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe(`an unconfirmed account cannot be listed by paying (${ENGINE})`, () => {
  it("is offered no Subscribe Now, and checkout refuses it without touching Stripe until the link is followed", async () => {
    const email = "unpaid.unconfirmed@example.com";
    const id = await createAccount(services, email, "correct-horse", { confirmed: false });
    await database.db.insert(profiles).values({ id, displayName: "Captain Comet", bio: BIO, state: "TX", city: "Austin" });
    const cookie = await sessionCookie(services, email);

    const page = await call(subscriptionRoute.loader, getRequest("/dashboard/subscription", cookie), services);
    expect((page.data as SubscriptionPageData).emailConfirmed).toBe(false);

    // A hand-made post (the page has no button) is refused by the server too.
    const customersBefore = sandbox.customers().length;
    const post = await call(
      subscriptionRoute.action,
      postRequest("/dashboard/subscription", { intent: "subscribe", plan: "YEARLY_MEMBERSHIP" }, cookie),
      services,
    );
    expect(post.status).toBe(403);
    expect(post.data).toEqual({ intent: "subscribe", error: UNCONFIRMED_CHECKOUT_MESSAGE });
    await expect(startCheckout(services, { userId: id, planId: "YEARLY_MEMBERSHIP" })).rejects.toMatchObject({ code: "unconfirmed" });
    expect(sandbox.customers()).toHaveLength(customersBefore);
    expect(await database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, id))).toEqual([]);

    await followLink((await confirmationLinkFor(database.db, email))!, cookie);
    const confirmedPage = await call(subscriptionRoute.loader, getRequest("/dashboard/subscription", cookie), services);
    expect((confirmedPage.data as SubscriptionPageData).emailConfirmed).toBe(true);
    const paid = await call(
      subscriptionRoute.action,
      postRequest("/dashboard/subscription", { intent: "subscribe", plan: "YEARLY_MEMBERSHIP" }, cookie),
      services,
    );
    expect(paid.status).toBe(302);
    expect(paid.location).toMatch(new RegExp(`^${sandbox.url}/checkout/`));
  });
});

describe(`a free year approved for an address an unconfirmed account holds (${ENGINE})`, () => {
  it("waits through the approval and the hourly pass, and attaches when the address's owner confirms", async () => {
    const admin = await makeAdmin();
    const email = "pending.applicant@example.com";
    // Someone signs up with the applicant's address before the admin gets to her application.
    const squatter = await createAccount(services, email, "squatter-pass", { confirmed: false });
    await database.db.insert(profiles).values({ id: squatter, displayName: "Not Her", bio: BIO, state: "TX", city: "Austin" });
    const request = await createRequest(database, { email, fullName: "Penny Applicant" });

    const outcome = await approveFreeListingRequest(database.db, services, { adminId: admin, requestId: request.id });
    expect(outcome).toMatchObject({ kind: "approved", userId: null });
    const [grant] = await database.db.select().from(freeListingGrants).where(eq(freeListingGrants.sourceRequestId, request.id));
    expect(grant).toMatchObject({ userId: null, email });
    expect(await listingOf(squatter)).toEqual({ paymentStatus: "pending", paymentExpiry: null });
    // The applicant is not told to sign in to an account she may not control.
    const approval = (await mailsTo(email)).find((m) => m.subject.includes("approved"))!;
    expect(approval.textBody).toContain("waiting for its address to be confirmed");
    expect(approval.textBody).not.toMatch(/^Sign in at/m);

    // The hourly pass claims waiting grants for every account, but not for this one.
    await expireListings(services);
    expect((await database.db.select().from(freeListingGrants).where(eq(freeListingGrants.id, grant.id)))[0].userId).toBeNull();
    expect((await listingOf(squatter))!.paymentStatus).toBe("pending");

    // Whoever can read the address's mail follows the link: now the year attaches.
    await followLink((await confirmationLinkFor(database.db, email))!);
    const [claimed] = await database.db.select().from(freeListingGrants).where(eq(freeListingGrants.id, grant.id));
    expect(claimed.userId).toBe(squatter);
    expect((await listingOf(squatter))!.paymentStatus).toBe("paid");
  });

  it("waits as well when the unconfirmed account applied while signed in", async () => {
    const admin = await makeAdmin();
    const email = "signed.in.applicant@example.com";
    const account = await createAccount(services, email, "applicant-pass", { confirmed: false });
    const request = await createRequest(database, { email, userId: account });
    const outcome = await approveFreeListingRequest(database.db, services, { adminId: admin, requestId: request.id });
    expect(outcome).toMatchObject({ kind: "approved", userId: null });
    expect(await listingOf(account)).toBeNull();

    await followLink((await confirmationLinkFor(database.db, email))!);
    const [grant] = await database.db.select().from(freeListingGrants).where(eq(freeListingGrants.sourceRequestId, request.id));
    expect(grant.userId).toBe(account);
    // Attached, but the account has no profile yet: the year waits for the listing to go live.
    expect(grant).toMatchObject({ startsOn: null, endsOn: null });
    expect(await listingOf(account)).toBeNull();
  });
});

describe(`the admin lists (${ENGINE})`, () => {
  it("mark profiles and free-listing requests whose account has not confirmed its address", async () => {
    const unconfirmed = await createAccount(services, "marked.unconfirmed@example.com", "marked-pass-1", { confirmed: false });
    const confirmed = await createAccount(services, "marked.confirmed@example.com");
    for (const id of [unconfirmed, confirmed]) {
      await database.db.insert(profiles).values({ id, displayName: `Marked ${id.slice(0, 4)}`, bio: BIO, state: "TX", city: "Austin" });
    }
    await createRequest(database, { email: "Marked.Unconfirmed@Example.com" });
    await createRequest(database, { email: "marked.confirmed@example.com" });
    await createRequest(database, { email: "marked.nobody@example.com" });

    const profilesList = await listProfiles(database.db, { search: "marked." });
    const profileMarks = Object.fromEntries(profilesList.rows.map((row) => [row.id, row.accountUnconfirmed]));
    expect(profileMarks).toEqual({ [unconfirmed]: true, [confirmed]: false });

    const requests = await listFreeListingRequests(database.db, { search: "marked." });
    const requestMarks = Object.fromEntries(requests.rows.map((row) => [row.email.toLowerCase(), row.account]));
    expect(requestMarks).toEqual({
      "marked.unconfirmed@example.com": "unconfirmed",
      "marked.confirmed@example.com": "confirmed",
      "marked.nobody@example.com": "none",
    });
  });
});

describe(`accounts never confirmed are removed after a week (${ENGINE})`, () => {
  it("removes only unconfirmed accounts older than seven days, with their profile, and frees the address", async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
    const stale = await createAccount(services, "stale@example.com", "stale-pass-1", { confirmed: false });
    const fresh = await createAccount(services, "fresh@example.com", "fresh-pass-1", { confirmed: false });
    const confirmedOld = await createAccount(services, "confirmed.old@example.com");
    const adminOld = await createAccount(services, "operator@example.com", "operator-pass", { confirmed: false });
    await database.db.insert(userRoles).values({ userId: adminOld, role: "admin" });
    await database.db.update(user).set({ createdAt: daysAgo(8) }).where(sql`${user.id} in (${stale}, ${confirmedOld}, ${adminOld})`);
    await database.db.update(user).set({ createdAt: daysAgo(6) }).where(eq(user.id, fresh));
    for (const id of [stale, fresh, confirmedOld]) {
      await database.db.insert(profiles).values({ id, displayName: `Profile ${id.slice(0, 4)}`, bio: BIO, state: "TX", city: "Austin" });
    }
    await database.db.insert(profileImages).values({ profileId: stale, imageUrl: "/media/x.webp", storageKey: `${stale}/x.webp`, position: 0 });
    // What belongs to the address, not to the account that took it: the real owner's application.
    const application = await createRequest(database, { email: "stale@example.com" });
    const mailsBefore = (await mailsTo("stale@example.com")).length;

    expect(await removeUnconfirmedAccounts(services, now)).toEqual({ removed: 1 });
    const remaining = await database.db.select({ id: user.id }).from(user).where(sql`${user.id} in (${stale}, ${fresh}, ${confirmedOld}, ${adminOld})`);
    expect(remaining.map((row) => row.id).sort()).toEqual([fresh, confirmedOld, adminOld].sort());
    expect(await database.db.select().from(profiles).where(eq(profiles.id, stale))).toEqual([]);
    expect(await database.db.select().from(profileImages).where(eq(profileImages.profileId, stale))).toEqual([]);
    expect(await database.db.select().from(profiles).where(eq(profiles.id, fresh))).toHaveLength(1);
    expect(await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, application.id))).toHaveLength(1);
    // No "your account was deleted" mail to an address whose owner may never have signed up.
    expect(await mailsTo("stale@example.com")).toHaveLength(mailsBefore);

    // A second pass finds nothing more; the address is free for its owner.
    expect(await removeUnconfirmedAccounts(services, now)).toEqual({ removed: 0 });
    await signUp("stale@example.com");
    const owner = await accountOf("stale@example.com");
    expect(owner.id).not.toBe(stale);
    expect((await mailsTo("stale@example.com")).at(-1)!.subject).toMatch(/^Welcome/);
  });
});

describe(`"Resend email" (${ENGINE})`, () => {
  it("allows one confirmation mail a minute and five a day per account, the sign-up's included", async () => {
    const email = "resender@example.com";
    const id = await createAccount(services, email, "resend-pass-1", { confirmed: false });
    const cookie = await sessionCookie(services, email, "resend-pass-1");

    // Straight after sign-up: the sign-up mail used this minute's one.
    const tooSoon = await call(confirmRoute.action, postRequest("/confirm-email", { redirectTo: "/dashboard" }, cookie), services);
    expect(tooSoon.location).toBe("/dashboard");
    expect(await flashOf(tooSoon)).toEqual({
      type: "error",
      message: "We sent a confirmation email less than a minute ago. Please check your inbox, or try again in a minute.",
    });
    expect(await mailsTo(email)).toHaveLength(1);

    // On another day, minute by minute: five go, the sixth waits for the next day.
    const day = new Date("2031-03-04T10:00:00Z");
    const at = (seconds: number) => new Date(day.getTime() + seconds * 1000);
    const outcomes = [];
    for (const seconds of [0, 10, 61, 122, 183, 244, 305]) outcomes.push((await resendConfirmationMail(services, id, at(seconds))).kind);
    expect(outcomes).toEqual(["sent", "limited", "sent", "sent", "sent", "sent", "limited"]);
    const lastRefusal = await resendConfirmationMail(services, id, at(400));
    expect(lastRefusal).toMatchObject({ kind: "limited" });
    expect(lastRefusal.kind === "limited" && lastRefusal.retryAfterSeconds).toBeGreaterThan(3600);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(6);
    expect(mails.slice(1).every((m) => m.subject === "Confirm your email for CostumeCast")).toBe(true);

    // Each resent link works.
    await followLink((await confirmationLinkFor(database.db, email))!);
    expect((await accountOf(email)).emailVerified).toBe(true);
    const done = await call(confirmRoute.action, postRequest("/confirm-email", { redirectTo: "/dashboard" }, cookie), services);
    expect(await flashOf(done)).toEqual({ type: "info", message: "Your email address is already confirmed." });
  });
});

describe(`migration 0016 (${ENGINE})`, () => {
  it("counts every account made before confirmation links existed as confirmed", async () => {
    const id = randomUUID();
    await database.db.insert(user).values({ id, name: "", email: `before-${id.slice(0, 8)}@example.com` });
    const file = fs.readFileSync(path.resolve(import.meta.dirname, "../../drizzle/0016_email_confirmation.sql"), "utf8");
    const [marking] = file.split("--> statement-breakpoint");
    await database.db.execute(sql.raw(marking));
    const [row] = await database.db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.id, id));
    expect(row.confirmed).toBe(true);
  });
});
