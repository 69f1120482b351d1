import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { ONE_TAP_INTENT, questionsToAsk } from "~/lib/free-listing-one-tap";
import { APPLICATION_SENT, type FreeListingActionResult } from "~/lib/free-listing-schema";
import { BETA_FULL_MESSAGE, type FreeYearStatus } from "~/lib/free-listing-view";
import * as dashboardRoute from "~/routes/dashboard";
import * as editProfileRoute from "~/routes/dashboard.edit-profile";
import * as subscriptionRoute from "~/routes/dashboard.subscription";
import * as freeListingRoute from "~/routes/free-listing";
import { approveFreeListingRequest } from "~/server/admin/free-listing-requests.server";
import {
  emailOutbox,
  freeListingGrants,
  freeListingProgram,
  freeListingRequests,
  profiles,
  user,
  userRoles,
} from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { applicantPrefill, freeYearStatus } from "~/server/free-listing/free-listing-applicant.server";
import { expireListings } from "~/server/jobs/listing-lifecycle.server";
import { addMonths, claimFreeListingGrants } from "~/server/payments/grants.server";
import type { SubscriptionPageData } from "~/server/dashboard/subscription.server";
import { publicProfileCondition, todayIso } from "~/server/directory/visibility.server";
import { postgresUrl } from "../helpers/db";
import { migratedAfter, type Run } from "../helpers/migrated-after";
import { call, cookieFrom, createAccount, getRequest, postRequest, PUBLIC_URL, sessionCookie, useFreeListingServices } from "./accounts-fixtures";
import { createRequest } from "./admin-fixtures";

// The free year before the price (issue 29): the subscription page's one-tap application filled in
// from the profile on the server, the applicant's receipt, the application's status on the dashboard,
// and the free year's clock starting when the listing first goes live rather than at approval.

const harness = useFreeListingServices("198.51.100.29");

const BIO = "Storybook knight and dragon tamer for birthday parties, libraries and school fairs all over Vermont.";
const SUBSCRIPTION = "/dashboard/subscription";
/** An approval long before the listing can go live: its date must not be the year's start. */
const APPROVED_AT = new Date("2026-01-10T15:00:00Z");


let accounts = 0;

interface Performer {
  id: string;
  email: string;
  cookie: string;
}

/** A signed-in performer; with `profile`, a complete one who chose to travel (so it answers travel too). */
async function performer(options: { profile?: boolean; confirmed?: boolean } = {}): Promise<Performer> {
  const email = `knight.${++accounts}@example.com`;
  const id = await createAccount(harness.services, email, undefined, { confirmed: options.confirmed });
  if (options.profile !== false) {
    await harness.database.db.insert(profiles).values({
      id,
      displayName: "Sir Reginald",
      bio: BIO,
      state: "VT",
      city: "Burlington",
      instagram: "@sir.reginald",
      travelRadius: "long_distance",
      characters: ["Dragon tamer", "Storybook knight"],
    });
  }
  return { id, email, cookie: await sessionCookie(harness.services, email) };
}

async function admin(): Promise<string> {
  const id = await createAccount(harness.services, `admin.${++accounts}@example.com`);
  await harness.database.db.insert(userRoles).values({ userId: id, role: "admin" });
  return id;
}

const subscriptionPage = async (cookie: string) =>
  (await call(subscriptionRoute.loader, getRequest(SUBSCRIPTION, cookie), harness.services)).data as SubscriptionPageData;

const applyOneTap = (fields: Record<string, string>, cookie: string) =>
  call(subscriptionRoute.action, postRequest(SUBSCRIPTION, { intent: ONE_TAP_INTENT, ...fields }, cookie), harness.services);

const dashboardStatus = async (cookie: string) =>
  ((await call(dashboardRoute.loader, getRequest("/dashboard", cookie), harness.services)).data as { freeYear: FreeYearStatus | null }).freeYear;

const mailTo = (address: string) => harness.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const RECEIPT_SUBJECT = "We received your CostumeCast free listing application";
const receiptsTo = async (address: string) => (await mailTo(address)).filter((mail) => mail.subject === RECEIPT_SUBJECT);

async function grantOf(userId: string) {
  const [grant] = await harness.database.db.select().from(freeListingGrants).where(eq(freeListingGrants.userId, userId));
  return grant;
}

async function listingOf(id: string) {
  const [row] = await harness.database.db
    .select({ paymentStatus: profiles.paymentStatus, paymentExpiry: profiles.paymentExpiry })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row ?? null;
}

const isPublic = async (id: string) =>
  (await harness.database.db.select({ id: profiles.id }).from(profiles).where(publicProfileCondition())).some((row) => row.id === id);

/** The editor's post for a complete profile, as the browser sends it. */
function editorPost(cookie: string) {
  const body = new URLSearchParams({
    displayName: "Sir Reginald",
    contactEmail: "bookings@example.com",
    bio: BIO,
    state: "VT",
    city: "Burlington",
    travelRadius: "long_distance",
    audience: "kids",
  });
  body.append("categories", "Fantasy");
  return new Request(`${PUBLIC_URL}/dashboard/edit-profile`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL, Cookie: cookie },
    body,
  });
}

describe(`the free year before the price (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("asks only what the profile does not answer, and offers it before the price", async () => {
    const me = await performer();
    const prefill = await applicantPrefill(harness.database.db, me);
    expect(prefill).toMatchObject({
      email: me.email,
      city: "Burlington",
      state: "VT",
      instagram: "@sir.reginald",
      bio: BIO,
      travel: "yes",
      characters: "Dragon tamer, Storybook knight",
    });
    // No name on the account, and nothing in the profile says experience or paid events.
    expect(questionsToAsk(prefill)).toEqual(["fullName", "experience", "paidEvents"]);

    const page = await subscriptionPage(me.cookie);
    expect(page.freeYear).toMatchObject({ spotsLeft: 150, status: null, apply: { asked: ["fullName", "experience", "paidEvents"] } });

    // An account with a name, whose profile chose Local only: the name is answered, travel is "no".
    await harness.database.db.update(user).set({ name: "Reginald Oakhart" }).where(eq(user.id, me.id));
    await harness.database.db.update(profiles).set({ travelRadius: "local_only", travelRadiusChosenAt: new Date() }).where(eq(profiles.id, me.id));
    const named = await applicantPrefill(harness.database.db, me);
    expect(named).toMatchObject({ fullName: "Reginald Oakhart", travel: "no" });
    expect(questionsToAsk(named)).toEqual(["experience", "paidEvents"]);

    // Without a profile everything but the email is asked.
    const bare = await performer({ profile: false });
    expect(questionsToAsk(await applicantPrefill(harness.database.db, bare))).toEqual(["fullName", "city", "state", "experience", "paidEvents", "travel", "bio"]);
  });

  it("sends the profile's answers read on the server, never the ones posted for them", async () => {
    const me = await performer();
    const answer = await applyOneTap(
      {
        fullName: "Reginald Oakhart",
        experience: "3+",
        paidEvents: "yes",
        // Posted for questions the profile answers: ignored.
        email: "someone.else@example.org",
        bio: "Forged bio",
        city: "Nowhere",
        state: "TX",
        whyJoin: "Forged",
      },
      me.cookie,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/dashboard");
    const { flash } = await readFlash(harness.services, getRequest("/", cookieFrom(answer.headers)));
    expect(flash).toEqual({ type: "success", message: APPLICATION_SENT });

    const [stored] = await harness.database.db.select().from(freeListingRequests);
    expect(stored).toMatchObject({
      userId: me.id,
      fullName: "Reginald Oakhart",
      email: me.email,
      city: "Burlington",
      state: "VT",
      bio: BIO,
      travel: "yes",
      experience: "3+",
      paidEvents: "yes",
      instagram: "@sir.reginald",
      characters: "Dragon tamer, Storybook knight",
      whyJoin: null,
      status: "pending",
    });
  });

  it("answers a missing answer next to its question and stores nothing", async () => {
    const me = await performer();
    const answer = await applyOneTap({ fullName: "Reginald Oakhart", experience: "", paidEvents: "maybe" }, me.cookie);
    expect(answer.status).toBe(400);
    const { refusal } = answer.data as { refusal: Extract<FreeListingActionResult, { ok: false }> };
    expect(refusal.errors).toEqual({ experience: "Please select an option", paidEvents: "Please select an option" });
    expect(await harness.database.db.select().from(freeListingRequests)).toEqual([]);
    expect(await receiptsTo(me.email)).toEqual([]);
  });

  it("keeps the program's limits: no one-tap application once the places are gone, nor a second one", async () => {
    const me = await performer();
    await harness.database.db.insert(freeListingProgram).values({ id: 1, grantsIssued: 150 });
    expect((await subscriptionPage(me.cookie)).freeYear).toMatchObject({ spotsLeft: 0, status: null, apply: null });
    const full = await applyOneTap({ fullName: "R O", experience: "1-3", paidEvents: "no" }, me.cookie);
    expect((full.data as { refusal: { message: string } }).refusal.message).toBe(BETA_FULL_MESSAGE);
    expect(await harness.database.db.select().from(freeListingRequests)).toEqual([]);

    await harness.database.db.delete(freeListingProgram);
    expect((await applyOneTap({ fullName: "R O", experience: "1-3", paidEvents: "no" }, me.cookie)).status).toBe(302);
    const again = await applyOneTap({ fullName: "R O", experience: "1-3", paidEvents: "no" }, me.cookie);
    expect(again.status).toBe(200);
    expect((await harness.database.db.select().from(freeListingRequests)).length).toBe(1);
  });

  it("mails the receipt to the signed-in account's confirmed address, saying what happens next", async () => {
    const me = await performer();
    await applyOneTap({ fullName: "Reginald Oakhart", experience: "1-3", paidEvents: "yes" }, me.cookie);
    const receipts = await receiptsTo(me.email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt.textBody).toContain("Hi Reginald Oakhart,");
    expect(receipt.textBody).toContain("answers within 1–2 business days");
    expect(receipt.textBody).toContain(`${PUBLIC_URL}/dashboard`);
    expect(receipt.textBody).toContain("your free year starts when your listing goes live");

    // Signed in with a confirmed account, the form's other address gets nothing: the receipt goes to the account's.
    const other = await performer();
    const fields = { fullName: "Other Knight", email: "bookings@knights.example.org", city: "Burlington", state: "VT", bio: BIO };
    const sent = await call(
      freeListingRoute.action,
      postRequest("/free-listing", { ...fields, experience: "1-3", paidEvents: "yes", travel: "yes" }, other.cookie),
      harness.services,
    );
    expect(sent.data).toMatchObject({ ok: true });
    expect(await mailTo("bookings@knights.example.org")).toEqual([]);
    expect(await receiptsTo(other.email)).toHaveLength(1);
  });

  it("sends no receipt to an address nobody confirmed: an unconfirmed account, or a signed-out form", async () => {
    const unconfirmed = await performer({ confirmed: false });
    await harness.database.db.delete(emailOutbox); // (the sign-up's own confirmation mail)
    expect((await applyOneTap({ fullName: "Una Confirmed", experience: "0-1", paidEvents: "no" }, unconfirmed.cookie)).status).toBe(302);
    expect(await mailTo(unconfirmed.email)).toEqual([]);
    expect(await dashboardStatus(unconfirmed.cookie)).toMatchObject({ kind: "pending" });

    const signedOut = { fullName: "Stranger", email: "stranger@example.org", city: "Austin", state: "TX", bio: BIO, experience: "1-3", paidEvents: "no", travel: "no" };
    expect((await call(freeListingRoute.action, postRequest("/free-listing", signedOut), harness.services)).data).toMatchObject({ ok: true });
    expect(await mailTo("stranger@example.org")).toEqual([]);
    // Only the team's notification went out for these two.
    expect((await harness.database.db.select().from(emailOutbox)).map((mail) => mail.toAddress)).toEqual([harness.services.config.adminEmail, harness.services.config.adminEmail]);
  });

  it("shows the application on the dashboard: under review, approved and waiting, then declined with the reason", async () => {
    const me = await performer({ profile: false });
    expect(await dashboardStatus(me.cookie)).toBeNull();
    await call(
      freeListingRoute.action,
      postRequest("/free-listing", { fullName: "R O", email: me.email, city: "Burlington", state: "VT", bio: BIO, experience: "1-3", paidEvents: "yes", travel: "yes" }, me.cookie),
      harness.services,
    );
    const pending = await dashboardStatus(me.cookie);
    expect(pending).toMatchObject({ kind: "pending" });
    // The subscription page shows the status in place of the offer.
    expect((await subscriptionPage(me.cookie)).freeYear).toMatchObject({ status: { kind: "pending" }, apply: null });

    const [request] = await harness.database.db.select().from(freeListingRequests);
    await approveFreeListingRequest(harness.database.db, harness.services, { adminId: await admin(), requestId: request.id }, APPROVED_AT);
    expect(await dashboardStatus(me.cookie)).toEqual({ kind: "approved", endsOn: null, waitingFor: ["display-name"] });

    // A declined application, with the team's reason (stored as the request's notes).
    const declined = await performer({ profile: false });
    await createRequest(harness.database, { userId: declined.id, email: declined.email, status: "rejected", reviewedAt: APPROVED_AT, notes: "Your photos show a trademarked costume." });
    expect(await dashboardStatus(declined.cookie)).toEqual({
      kind: "rejected",
      reviewedAt: APPROVED_AT.toISOString(),
      reason: "Your photos show a trademarked costume.",
    });
    // A decision on an application for the address of an account nobody confirmed is not that account's to read.
    const squatter = await performer({ profile: false, confirmed: false });
    await createRequest(harness.database, { email: squatter.email, status: "rejected", notes: "Not for you" });
    expect(await freeYearStatus(harness.database.db, squatter.id)).toBeNull();
  });

  it("starts the free year when the listing first goes live, not at approval", async () => {
    const me = await performer({ profile: false });
    const request = await createRequest(harness.database, { userId: me.id, email: me.email });
    const approved = await approveFreeListingRequest(harness.database.db, harness.services, { adminId: await admin(), requestId: request.id }, APPROVED_AT);
    expect(approved).toMatchObject({ kind: "approved", endsOn: null });
    // Not live (no profile): the grant keeps its whole year, the listing is not paid.
    expect(await grantOf(me.id)).toMatchObject({ startsOn: null, endsOn: null });
    expect(await listingOf(me.id)).toBeNull();
    const approval = (await mailTo(me.email)).find((mail) => mail.subject.includes("approved"));
    expect(approval?.textBody).toContain("Your free year starts when your listing goes live");
    // The one-tap page shows the approval's status, not the price first.
    expect((await subscriptionPage(me.cookie)).freeYear?.status).toEqual({ kind: "approved", endsOn: null, waitingFor: ["display-name"] });

    // The profile saved complete is the go-live: the year runs from today.
    const saved = await call(editProfileRoute.action, editorPost(me.cookie), harness.services);
    expect(saved.status).toBe(302);
    const today = todayIso();
    expect(await grantOf(me.id)).toMatchObject({ startsOn: today, endsOn: addMonths(today, 12) });
    expect(await listingOf(me.id)).toEqual({ paymentStatus: "paid", paymentExpiry: addMonths(today, 12) });
    expect(await isPublic(me.id)).toBe(true);
    expect(await dashboardStatus(me.cookie)).toEqual({ kind: "approved", endsOn: addMonths(today, 12), waitingFor: [] });

    // Saving again later moves nothing: only the first go-live starts the clock.
    await call(editProfileRoute.action, editorPost(me.cookie), harness.services);
    expect(await grantOf(me.id)).toMatchObject({ startsOn: today });
  });

  it("waits for the address to be confirmed, and for a listing switched off to be switched on", async () => {
    // Approved for an account nobody has confirmed yet, its profile complete: waits on the address.
    const me = await performer({ confirmed: false });
    const request = await createRequest(harness.database, { userId: me.id, email: me.email });
    await approveFreeListingRequest(harness.database.db, harness.services, { adminId: await admin(), requestId: request.id }, APPROVED_AT);
    expect(await freeYearStatus(harness.database.db, me.id)).toEqual({ kind: "approved", endsOn: null, waitingFor: ["confirm-email"] });
    expect(await isPublic(me.id)).toBe(false);
    await harness.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, me.id));
    const confirmedOn = new Date("2026-03-02T09:00:00Z");
    await claimFreeListingGrants(harness.database.db, harness.services, { userId: me.id, now: confirmedOn });
    expect(await grantOf(me.id)).toMatchObject({ startsOn: "2026-03-02", endsOn: "2027-03-02" });

    // Switched off by the team before it ever went live: the hourly job starts it once it is on again.
    const off = await performer();
    await harness.database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, off.id));
    const offRequest = await createRequest(harness.database, { userId: off.id, email: off.email });
    await approveFreeListingRequest(harness.database.db, harness.services, { adminId: await admin(), requestId: offRequest.id }, APPROVED_AT);
    expect(await freeYearStatus(harness.database.db, off.id)).toEqual({ kind: "approved", endsOn: null, waitingFor: ["switched-off"] });
    const hourLater = new Date("2026-04-20T10:00:00Z");
    await expireListings({ ...harness.services, stripe: null }, hourLater);
    expect(await grantOf(off.id)).toMatchObject({ startsOn: null });
    await harness.database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, off.id));
    await expireListings({ ...harness.services, stripe: null }, hourLater);
    expect(await grantOf(off.id)).toMatchObject({ startsOn: "2026-04-20", endsOn: "2027-04-20" });
    expect(await listingOf(off.id)).toEqual({ paymentStatus: "paid", paymentExpiry: "2027-04-20" });
  });

  it("lists at once, from the approval day, a performer whose listing can already go live", async () => {
    const me = await performer();
    const request = await createRequest(harness.database, { userId: me.id, email: me.email });
    const approved = await approveFreeListingRequest(harness.database.db, harness.services, { adminId: await admin(), requestId: request.id }, APPROVED_AT);
    expect(approved).toMatchObject({ kind: "approved", endsOn: "2027-01-10" });
    expect(await grantOf(me.id)).toMatchObject({ startsOn: "2026-01-10", endsOn: "2027-01-10" });
    const approval = (await mailTo(me.email)).find((mail) => mail.subject.includes("approved"));
    expect(approval?.textBody).toContain("Your listing is free until January 10, 2027.");
  });
});

// Migration 0025 on grants approved before it: a harness.database migrated as far as 0024 (the migrations
// folder with its journal cut there) is given grants as they stood, then migrated the rest of the way.
describe(`migration 0025's grants (${postgresUrl() ? "postgres" : "pglite"})`, () => {
  const onClose: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of onClose) await close();
  });

  /** Grants as they stood at 0024, then migrated the rest of the way. */
  async function grantsMigratedFrom0024(seed: (run: Run) => Promise<void>): Promise<Run> {
    const database = await migratedAfter("0024_admin_reasons_undo", seed);
    onClose.push(() => database.close());
    return database.run;
  }

  it("gives a year that never went live its whole year back, and keeps a live one's dates", { timeout: 120_000 }, async () => {
    const start = todayIso(new Date(Date.now() - 40 * 86_400_000));
    const end = addMonths(start, 12);
    const run = await grantsMigratedFrom0024(async (run) => {
      for (const id of ["live", "unnamed"]) {
        await run(`insert into "user" (id, name, email, email_verified) values ($1, '', $2, true)`, [id, `${id}@example.com`]);
      }
      await run(
        `insert into profiles (id, display_name, state, city, payment_status, payment_expiry) values ('live', 'Live Act', 'TX', 'Austin', 'paid', $1)`,
        [end],
      );
      // Marked paid by its grant, but never public: it has no display name.
      await run(`insert into profiles (id, payment_status, payment_expiry) values ('unnamed', 'paid', $1)`, [end]);
      await run(`insert into free_listing_grants (user_id, starts_on, ends_on) values ('live', $1, $2)`, [start, end]);
      await run(`insert into free_listing_grants (user_id, starts_on, ends_on) values ('unnamed', $1, $2)`, [start, end]);
      // Waiting for an account with the address.
      await run(`insert into free_listing_grants (email, starts_on, ends_on) values ('someday@example.com', $1, $2)`, [start, end]);
      // Over before the release: history, kept.
      await run(`insert into free_listing_grants (email, starts_on, ends_on) values ('long.ago@example.com', '2020-01-01', '2021-01-01')`);
    });
    const grants = await run(
      `select coalesce(user_id, email) as holder, starts_on::text as starts_on, ends_on::text as ends_on from free_listing_grants order by 1`,
    );
    expect(grants).toEqual([
      { holder: "live", starts_on: start, ends_on: end },
      { holder: "long.ago@example.com", starts_on: "2020-01-01", ends_on: "2021-01-01" },
      { holder: "someday@example.com", starts_on: null, ends_on: null },
      { holder: "unnamed", starts_on: null, ends_on: null },
    ]);
    const profileRows = await run(`select id, payment_status, payment_expiry::text as payment_expiry from profiles order by id`);
    expect(profileRows).toEqual([
      { id: "live", payment_status: "paid", payment_expiry: end },
      { id: "unnamed", payment_status: "pending", payment_expiry: null },
    ]);
  });
});
