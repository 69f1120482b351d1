import { count, eq } from "drizzle-orm";
import { REQUEST_ADDRESS_HAS_FREE_LISTING } from "~/lib/admin-messages";
import { describe, expect, it } from "vitest";
import { APPLICATION_SENT, type FreeListingActionResult } from "~/lib/free-listing-schema";
import {
  ALREADY_APPLIED_MESSAGE,
  ALREADY_GRANTED_MESSAGE,
  BETA_FULL_MESSAGE,
  EMAIL_ALREADY_APPLIED,
  EMAIL_ALREADY_GRANTED,
  type FreeListingPageData,
} from "~/lib/free-listing-view";
import * as freeListingRoute from "~/routes/free-listing";
import * as homeRoute from "~/routes/home";
import { handleAdminAction } from "~/server/admin/dashboard.server";
import { approveFreeListingRequest, freeListingGrantsIssued } from "~/server/admin/free-listing-requests.server";
import {
  adminAuditLog,
  emailOutbox,
  freeListingGrants,
  freeListingProgram,
  freeListingRequests,
  profiles,
  rateLimitHits,
  user,
  userRoles,
} from "~/server/db/schema";
import { FRESH_CACHE_CONTROL } from "~/server/http/cache-headers.server";
import { grantFreeListing } from "~/server/payments/grants.server";
import { publicProfileCondition } from "~/server/directory/visibility.server";
import { call, createAccount, getRequest, postRequest, sessionCookie, useFreeListingServices } from "./accounts-fixtures";
import { createRequest } from "./admin-fixtures";

// The free-listing program as a signed-in performer and a visitor meet it, through the real route
// loaders and action: the form filled in from the account, the application tied to it, the spots
// left read from the program's counter, and no applications once it is full.

const harness = useFreeListingServices("203.0.113.77");

const BIO = "Storybook knight and dragon tamer for birthday parties, libraries and school fairs all over Vermont.";

/** The rest of an application a performer types in (what the profile cannot fill in). */
const ANSWERS = { experience: "1-3", paidEvents: "yes", travel: "depends" };


let accounts = 0;

/** A signed-in performer with a profile that has a place, two handles and a bio (no TikTok). */
async function performer() {
  const email = `Knight.${++accounts}@Example.com`;
  const id = await createAccount(harness.services, email);
  await harness.database.db.insert(profiles).values({
    id,
    displayName: "Sir Reginald",
    bio: BIO,
    state: "VT",
    city: "Burlington",
    instagram: "@sir.reginald",
    facebook: "sirreginaldshows",
  });
  return { id, email: email.toLowerCase(), cookie: await sessionCookie(harness.services, email) };
}

async function admin() {
  const id = await createAccount(harness.services, `admin.${++accounts}@example.com`);
  await harness.database.db.insert(userRoles).values({ userId: id, role: "admin" });
  return id;
}

async function page(cookie?: string) {
  const answer = await call(freeListingRoute.loader, getRequest("/free-listing", cookie), harness.services);
  return { answer, data: answer.data as FreeListingPageData };
}

async function apply(fields: Record<string, string>, cookie?: string) {
  const answer = await call(freeListingRoute.action, postRequest("/free-listing", fields, cookie), harness.services);
  return answer.data as FreeListingActionResult;
}

async function setGrantsIssued(n: number) {
  await harness.database.db
    .insert(freeListingProgram)
    .values({ id: 1, grantsIssued: n })
    .onConflictDoUpdate({ target: freeListingProgram.id, set: { grantsIssued: n } });
}

const tableCount = async (table: typeof freeListingGrants | typeof adminAuditLog | typeof emailOutbox) =>
  Number((await harness.database.db.select({ n: count() }).from(table))[0].n);

const requestCount = async () => Number((await harness.database.db.select({ n: count() }).from(freeListingRequests))[0].n);

describe(`the free-listing program (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("fills the form in from a signed-in performer's account and profile, and keeps that page out of shared caches", async () => {
    const me = await performer();
    const { answer, data } = await page(me.cookie);
    expect(answer.headers.get("Cache-Control")).toBe("private, no-store");
    expect(data.applicant?.standing).toBeNull();
    expect(data.applicant?.prefill).toMatchObject({
      fullName: "",
      email: me.email,
      city: "Burlington",
      state: "VT",
      instagram: "@sir.reginald",
      facebook: "sirreginaldshows",
      tiktok: "",
      youtube: "",
      bio: BIO,
      experience: "",
    });
    // The account's name, when it has one, is the applicant's full name; the stage name never is.
    await harness.database.db.update(user).set({ name: "Reginald Oakhart" }).where(eq(user.id, me.id));
    expect((await page(me.cookie)).data.applicant?.prefill.fullName).toBe("Reginald Oakhart");
  });

  it("gives a signed-out visitor the empty form, on a page a shared cache may keep for a minute", async () => {
    const { answer, data } = await page();
    expect(data).toEqual({ spotsRemaining: 150, applicant: null });
    expect(answer.headers.get("Cache-Control")).toBe(FRESH_CACHE_CONTROL);
    expect(answer.headers.get("ETag")).toMatch(/^W\//);
  });

  it("ties a signed-in application to the account, then shows a notice and refuses a second one", async () => {
    const me = await performer();
    const { prefill } = (await page(me.cookie)).data.applicant!;
    const result = await apply({ ...prefill, ...ANSWERS, fullName: "Reginald Oakhart" }, me.cookie);
    expect(result).toMatchObject({ ok: true, message: APPLICATION_SENT });
    const [stored] = await harness.database.db.select().from(freeListingRequests);
    expect(stored).toMatchObject({ userId: me.id, email: me.email, city: "Burlington", status: "pending" });

    expect((await page(me.cookie)).data.applicant?.standing).toMatchObject({ kind: "pending" });
    const again = await apply({ ...prefill, ...ANSWERS, fullName: "Reginald Oakhart" }, me.cookie);
    expect(again).toMatchObject({ ok: false, message: ALREADY_APPLIED_MESSAGE });
    expect(await requestCount()).toBe(1);
  });

  it("stores one application when one account sends two at the same moment", async () => {
    const me = await performer();
    const { prefill } = (await page(me.cookie)).data.applicant!;
    const fields = { ...prefill, ...ANSWERS, fullName: "Reginald Oakhart" };
    const results = await Promise.all([apply(fields, me.cookie), apply(fields, me.cookie)]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)).toMatchObject({ message: ALREADY_APPLIED_MESSAGE });
    expect(await requestCount()).toBe(1);
  });

  it("counts an application sent with the account's email before signing in as that performer's", async () => {
    const me = await performer();
    expect((await apply({ ...ANSWERS, fullName: "Reginald Oakhart", email: me.email.toUpperCase(), city: "Burlington", state: "VT", bio: BIO })).ok).toBe(true);
    expect((await page(me.cookie)).data.applicant?.standing).toMatchObject({ kind: "pending" });
    expect(await apply({ ...ANSWERS, fullName: "R", email: me.email, city: "X", state: "VT", bio: BIO }, me.cookie)).toMatchObject({
      ok: false,
      message: ALREADY_APPLIED_MESSAGE,
    });
  });

  it("lists the account at once when its application is approved, whatever email the form gave", async () => {
    const me = await performer();
    const reviewer = await admin();
    await apply({ ...ANSWERS, fullName: "Reginald Oakhart", email: "bookings@sir-reginald.example.org", city: "Burlington", state: "VT", bio: BIO }, me.cookie);
    const [request] = await harness.database.db.select().from(freeListingRequests);
    expect(request.userId).toBe(me.id);

    const outcome = await approveFreeListingRequest(harness.database.db, harness.services, { adminId: reviewer, requestId: request.id });
    expect(outcome).toMatchObject({ kind: "approved", userId: me.id });
    const listed = await harness.database.db.select({ id: profiles.id }).from(profiles).where(publicProfileCondition());
    expect(listed).toEqual([{ id: me.id }]);

    // With the free year granted, the page says so and the action refuses a new application.
    const { data } = await page(me.cookie);
    expect(data.applicant?.standing).toEqual({ kind: "granted", endsOn: outcome.kind === "approved" ? outcome.endsOn : "" });
    expect(data.spotsRemaining).toBe(149);
    const again = await apply({ ...data.applicant!.prefill, ...ANSWERS, fullName: "Reginald Oakhart" }, me.cookie);
    expect(again).toMatchObject({ ok: false, message: ALREADY_GRANTED_MESSAGE });
    expect(await requestCount()).toBe(1);
  });

  it("treats a grant still waiting for the account's email as the performer's free year", async () => {
    await grantFreeListing(harness.database.db, harness.services, { email: "waiting@example.com" });
    // Until the account confirms the address the grant waits for it; the page reads the grant either way.
    await createAccount(harness.services, "waiting@example.com", undefined, { confirmed: false });
    const cookie = await sessionCookie(harness.services, "waiting@example.com");
    const [grant] = await harness.database.db.select().from(freeListingGrants);
    expect(grant.userId).toBeNull();
    expect((await page(cookie)).data.applicant?.standing).toMatchObject({ kind: "granted", endsOn: grant.endsOn });
  });

  it("shows the spots left from the program's counter on /free-listing and on the home page", async () => {
    const home = async () => (await call(homeRoute.loader, getRequest("/"), harness.services)).data as { freeSpotsLeft: number };
    expect((await page()).data.spotsRemaining).toBe(150);
    expect((await home()).freeSpotsLeft).toBe(150);
    await setGrantsIssued(37);
    expect((await page()).data.spotsRemaining).toBe(113);
    expect((await home()).freeSpotsLeft).toBe(113);
    const homeAnswer = await call(homeRoute.loader, getRequest("/"), harness.services);
    expect(homeAnswer.headers.get("Cache-Control")).toBe(FRESH_CACHE_CONTROL);
    await setGrantsIssued(150);
    expect((await page()).data.spotsRemaining).toBe(0);
    expect((await home()).freeSpotsLeft).toBe(0);
  });

  it("refuses applications once every spot is granted and writes nothing, signed in or not", async () => {
    await setGrantsIssued(150);
    const me = await performer();
    const outboxBefore = Number((await harness.database.db.select({ n: count() }).from(emailOutbox))[0].n);
    const fields = { ...ANSWERS, fullName: "Late Comer", email: "late@example.org", city: "Austin", state: "TX", bio: BIO };
    for (const cookie of [undefined, me.cookie]) {
      const answer = await call(freeListingRoute.action, postRequest("/free-listing", fields, cookie), harness.services);
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ ok: false, errors: {}, message: BETA_FULL_MESSAGE, values: { fullName: "Late Comer" } });
    }
    expect(await requestCount()).toBe(0);
    expect(Number((await harness.database.db.select({ n: count() }).from(emailOutbox))[0].n)).toBe(outboxBefore);
    // (The sign-up's confirmation mail counts against the account's own allowance; nothing else counted.)
    expect((await harness.database.db.select().from(rateLimitHits)).filter((hit) => !hit.key.startsWith("confirm-mail:"))).toEqual([]);
  });

  it("refuses a second signed-out application for an address that has one waiting, next to the email field", async () => {
    const fields = { ...ANSWERS, fullName: "Robin Fairweather", email: "robin@example.org", city: "Austin", state: "TX", bio: BIO };
    expect(await apply(fields)).toMatchObject({ ok: true });
    // The same address, however it is capitalised, from another device: refused where it was typed.
    const answer = await call(freeListingRoute.action, postRequest("/free-listing", { ...fields, email: " Robin@Example.ORG " }), harness.services);
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ ok: false, errors: { email: EMAIL_ALREADY_APPLIED }, values: { fullName: "Robin Fairweather" } });
    expect(await requestCount()).toBe(1);
    // Another address is a new applicant.
    expect(await apply({ ...fields, email: "robin.other@example.org" })).toMatchObject({ ok: true });
    expect(await requestCount()).toBe(2);
  });

  it("stores one application when two signed-out posts for one address arrive at the same moment", async () => {
    const fields = { ...ANSWERS, fullName: "Robin Fairweather", email: "twice@example.org", city: "Austin", state: "TX", bio: BIO };
    const results = await Promise.all([apply(fields), apply({ ...fields, email: "TWICE@example.org" })]);
    expect(results.map((r) => r.ok).sort()).toEqual([false, true]);
    expect(results.find((r) => !r.ok)).toMatchObject({ errors: { email: EMAIL_ALREADY_APPLIED } });
    expect(await requestCount()).toBe(1);
  });

  it("refuses an application for an address that already holds a free year, next to the email field", async () => {
    await grantFreeListing(harness.database.db, harness.services, { email: "listed@example.org" });
    const fields = { ...ANSWERS, fullName: "Listed Already", email: "Listed@example.org", city: "Austin", state: "TX", bio: BIO };
    expect(await apply(fields)).toMatchObject({ ok: false, errors: { email: EMAIL_ALREADY_GRANTED } });
    expect(await requestCount()).toBe(0);
  });

  it("refuses to approve a second application for an address that already holds a free year: nothing written, the admin told", async () => {
    const reviewer = await admin();
    // Two applications for one address (as stored before the form refused the second).
    const first = await createRequest(harness.database, { email: "double@example.org" });
    const second = await createRequest(harness.database, { email: "Double@Example.org" });
    expect(await approveFreeListingRequest(harness.database.db, harness.services, { adminId: reviewer, requestId: first.id })).toMatchObject({ kind: "approved" });
    const before = { grants: await tableCount(freeListingGrants), audit: await tableCount(adminAuditLog), mail: await tableCount(emailOutbox) };

    const result = await handleAdminAction(harness.services, reviewer, { intent: "approve", id: second.id, confirmed: "yes" });
    expect(result).toEqual({ kind: "done", flash: { type: "error", message: REQUEST_ADDRESS_HAS_FREE_LISTING }, removed: false });
    expect(await freeListingGrantsIssued(harness.database.db)).toBe(1);
    expect({ grants: await tableCount(freeListingGrants), audit: await tableCount(adminAuditLog), mail: await tableCount(emailOutbox) }).toEqual(before);
    const [stillPending] = await harness.database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, second.id));
    expect(stillPending).toMatchObject({ status: "pending", reviewedBy: null, reviewedAt: null });
    // It can still be rejected, which is what the admin is left to do.
    expect(
      await handleAdminAction(harness.services, reviewer, { intent: "reject", id: second.id, confirmed: "yes", reason: "you already have a free listing" }),
    ).toMatchObject({ flash: { type: "success" } });
  });

  it("refuses to approve an application whose account already holds a free year, whatever email the form gave", async () => {
    const me = await performer();
    const reviewer = await admin();
    await grantFreeListing(harness.database.db, harness.services, { userId: me.id });
    const request = await createRequest(harness.database, { email: "bookings@elsewhere.example.org", userId: me.id });
    expect(await approveFreeListingRequest(harness.database.db, harness.services, { adminId: reviewer, requestId: request.id })).toMatchObject({
      kind: "already-granted",
    });
    expect(await tableCount(freeListingGrants)).toBe(1);
  });

  it("gives one grant when two admins approve two applications of one address at the same moment", async () => {
    const [a, b] = [await admin(), await admin()];
    const first = await createRequest(harness.database, { email: "race@example.org" });
    const second = await createRequest(harness.database, { email: "RACE@example.org" });
    const outcomes = await Promise.all([
      approveFreeListingRequest(harness.database.db, harness.services, { adminId: a, requestId: first.id }),
      approveFreeListingRequest(harness.database.db, harness.services, { adminId: b, requestId: second.id }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["already-granted", "approved"]);
    expect(await tableCount(freeListingGrants)).toBe(1);
    expect(await freeListingGrantsIssued(harness.database.db)).toBe(1);
    expect(await tableCount(adminAuditLog)).toBe(1);
    const statuses = (await harness.database.db.select({ status: freeListingRequests.status }).from(freeListingRequests)).map((r) => r.status);
    expect(statuses.sort()).toEqual(["approved", "pending"]);
  });

  it("grants exactly the spots left when 20 approvals arrive at the same moment", async () => {
    const reviewer = await admin();
    await setGrantsIssued(140);
    const requests = [];
    for (let i = 0; i < 20; i++) requests.push(await createRequest(harness.database));
    const outcomes = await Promise.all(
      requests.map((request) => approveFreeListingRequest(harness.database.db, harness.services, { adminId: reviewer, requestId: request.id })),
    );
    const kinds = outcomes.map((o) => o.kind);
    expect(kinds.filter((k) => k === "approved")).toHaveLength(10);
    expect(kinds.filter((k) => k === "program-full")).toHaveLength(10);
    expect(await freeListingGrantsIssued(harness.database.db)).toBe(150);
    expect(await tableCount(freeListingGrants)).toBe(10);
    expect(await tableCount(adminAuditLog)).toBe(10);
    expect((await page()).data.spotsRemaining).toBe(0);
  });
});
