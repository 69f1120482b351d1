import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "~/routes/dashboard";
import * as previewRoute from "~/routes/dashboard.preview";
import * as subscriptionRoute from "~/routes/dashboard.subscription";
import { profiles, rateLimitHits } from "~/server/db/schema";
import { grantFreeListing } from "~/server/payments/grants.server";
import type { AppServices } from "~/server/platform/services.server";
import type { DashboardSummary } from "~/server/dashboard/dashboard.server";
import type { SubscriptionPageData } from "~/server/dashboard/subscription.server";
import type { ListingStatusView } from "~/lib/subscription";
import { startStripeSandbox, type StripeSandbox } from "../../scripts/stripe-sandbox/server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, getRequest, postRequest, sessionCookie, testServices, type Answer } from "./accounts-fixtures";

// The subscription page's loader and action, and the dashboard and preview reading the same status,
// against the Stripe-shaped server on loopback (webhooks held: the pages sync on their own).

const SECRET_KEY = "sk_test_subscription_page";
const WEBHOOK_SECRET = "whsec_subscription_page";
const PRICE_ID = "price_subscription_page_yearly";
const BIO = "Professional superhero performer for birthday parties, school events and conventions across Texas. ".repeat(2);

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

const PAGE = "/dashboard/subscription";

async function performer(email: string, profile = true) {
  const id = await createAccount(services, email);
  const cookie = await sessionCookie(services, email);
  if (profile) {
    await database.db.insert(profiles).values({ id, displayName: "Captain Comet", bio: BIO, state: "TX", city: "Austin" });
  }
  return { id, cookie };
}

const page = async (cookie: string, query = "") => call(subscriptionRoute.loader, getRequest(`${PAGE}${query}`, cookie), services);
const post = async (fields: Record<string, string>, cookie?: string) =>
  call(subscriptionRoute.action, postRequest(PAGE, fields, cookie), services);
const pageData = (answer: Answer) => answer.data as SubscriptionPageData & { billingError: string | null };

async function storedListing(id: string) {
  const [row] = await database.db
    .select({ paymentStatus: profiles.paymentStatus, paymentExpiry: profiles.paymentExpiry, isActive: profiles.isActive })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row;
}

/** Subscribe Now through the action, then Pay on the test checkout page; webhooks stay held. */
async function subscribeAndPay(cookie: string) {
  const answer = await post({ intent: "subscribe", plan: "YEARLY_MEMBERSHIP" }, cookie);
  expect(answer.status).toBe(302);
  const sessionId = new URL(answer.location!).pathname.split("/").pop()!;
  const { subscription } = await sandbox.pay(sessionId);
  return { subscription, periodEnd: new Date(subscription.items.data[0].current_period_end * 1000).toISOString().slice(0, 10) };
}

describe(`subscription page (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a signed-out Subscribe Now goes to /signin with the spec's notice and the way back, touching nothing", async () => {
    sandbox.resetRequestCounts();
    const answer = await post({ intent: "subscribe", plan: "YEARLY_MEMBERSHIP" });
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "http://x");
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("redirectTo")).toBe(PAGE);
    expect(location.searchParams.get("message")).toBe("Please sign in to continue with your subscription.");
    expect(sandbox.requestCounts().total).toBe(0);
  });

  it("shows an unpaid performer the plan and the free spots left", async () => {
    const { id, cookie } = await performer("unpaid@example.com");
    const answer = await page(cookie);
    expect(answer.status).toBe(200);
    expect(pageData(answer)).toMatchObject({
      freeSpotsLeft: 150,
      billingError: null,
      listing: { paid: false, listed: false, paymentStatus: "pending", paymentExpiry: null, subscription: null },
    });
    expect((answer.data as { profileId: string }).profileId).toBe(id);
  });

  it("refuses an unknown plan with \"Invalid product ID\" before calling Stripe", async () => {
    const { cookie } = await performer("badplan@example.com");
    sandbox.resetRequestCounts();
    for (const plan of ["LIFETIME", "", "yearly_membership", "__proto__"]) {
      const answer = await post({ intent: "subscribe", plan }, cookie);
      expect(answer.status).toBe(400);
      expect(answer.data).toEqual({ intent: null, error: "Invalid product ID" });
    }
    expect(sandbox.requestCounts().total).toBe(0);
  });

  it("a performer can never mark itself paid by posting to the subscription or dashboard actions", async () => {
    const { id, cookie } = await performer("cheater@example.com");
    const forged = { paymentStatus: "paid", payment_status: "paid", paymentExpiry: "2099-12-31", payment_expiry: "2099-12-31", isActive: "true" };
    const attempts: Record<string, string>[] = [
      forged,
      { ...forged, intent: "activate" },
      { ...forged, intent: "paid" },
      { ...forged, intent: "manage" },
      { ...forged, intent: "subscribe", plan: "YEARLY_MEMBERSHIP" },
    ];
    for (const fields of attempts) {
      await post(fields, cookie);
      await call(dashboardRoute.action, postRequest("/dashboard", fields, cookie), services);
    }
    // Coming back "from checkout" without paying syncs with Stripe, which knows of no payment.
    await call(dashboardRoute.loader, getRequest("/dashboard?checkout=success", cookie), services);
    expect(await storedListing(id)).toMatchObject({ paymentStatus: "pending", paymentExpiry: null });
    expect(pageData(await page(cookie)).listing.paid).toBe(false);
  });

  it("when Stripe fails, the inline box gets the spec's text and the dashboard still renders after checkout", async () => {
    const { cookie } = await performer("outage@example.com");
    sandbox.setOutage(true);
    try {
      const answer = await post({ intent: "subscribe", plan: "YEARLY_MEMBERSHIP" }, cookie);
      expect(answer.status).toBe(502);
      expect(answer.data).toEqual({ intent: "subscribe", error: "Failed to create checkout session" });
      const dashboard = await call(dashboardRoute.loader, getRequest("/dashboard?checkout=success", cookie), services);
      expect(dashboard.status).toBe(200);
      expect((dashboard.data as { summary: DashboardSummary }).summary.status).toBe("unpaid");
    } finally {
      sandbox.setOutage(false);
    }
  });

  it("reloading /dashboard?checkout=success asks Stripe at most once a minute, and the page still shows the stored status", async () => {
    const { id, cookie } = await performer("reloader@example.com");
    const { periodEnd } = await subscribeAndPay(cookie);
    sandbox.resetRequestCounts();
    const firstMinute = Math.floor(Date.now() / 60_000);
    const loads = [];
    for (let i = 0; i < 50; i++) loads.push(await call(dashboardRoute.loader, getRequest("/dashboard?checkout=success", cookie), services));
    // The loads may straddle the turn of a minute; each minute allows one read.
    const minutes = Math.floor(Date.now() / 60_000) - firstMinute + 1;
    expect(sandbox.requestCounts().total).toBeGreaterThanOrEqual(1);
    expect(sandbox.requestCounts().total).toBeLessThanOrEqual(minutes);
    // Every load, synced or not, shows the listing as it is stored: active, checkout notice and all.
    for (const load of loads) {
      expect(load.status).toBe(200);
      expect(load.data).toMatchObject({ checkout: "success", summary: { status: "active", paid: true } });
    }
    expect(await storedListing(id)).toMatchObject({ paymentStatus: "paid", paymentExpiry: periodEnd });
  });

  it("Manage billing without a subscription says so in the inline box", async () => {
    const { cookie } = await performer("nobilling@example.com");
    const answer = await post({ intent: "manage" }, cookie);
    expect(answer.status).toBe(409);
    expect(answer.data).toEqual({ intent: "manage", error: "There is no subscription to manage yet." });
    const viaLink = await page(cookie, "?billing=manage");
    expect(viaLink.status).toBe(200);
    expect(pageData(viaLink).billingError).toBe("There is no subscription to manage yet.");
  });

  it("Subscribe Now, Pay, back on the dashboard: Listing Active everywhere, then cancel shows cancels on", async () => {
    const { id, cookie } = await performer("journey@example.com");
    const { subscription, periodEnd } = await subscribeAndPay(cookie);

    // The webhook is held: the dashboard's return from checkout syncs by itself.
    const dashboard = await call(dashboardRoute.loader, getRequest("/dashboard?checkout=success", cookie), services);
    const summary = (dashboard.data as { summary: DashboardSummary }).summary;
    expect(summary).toMatchObject({ status: "active", paid: true, listed: true });
    expect(summary.listing.subscription).toEqual({ renewsOn: periodEnd, cancelsOn: null, paymentFailed: false });
    expect(await storedListing(id)).toMatchObject({ paymentStatus: "paid", paymentExpiry: periodEnd });

    const paidPage = pageData(await page(cookie));
    expect(paidPage.listing).toMatchObject({ paid: true, listed: true, paymentExpiry: periodEnd, freeListing: false });
    const preview = (await call(previewRoute.loader, getRequest("/dashboard/preview", cookie), services)).data as {
      listing: ListingStatusView;
      missing: string[];
    };
    expect(preview.listing).toEqual(paidPage.listing);

    // Subscribe Now again sends a subscribed performer to the portal, never to a second checkout.
    const again = await post({ intent: "subscribe", plan: "YEARLY_MEMBERSHIP" }, cookie);
    expect(again.location).toMatch(new RegExp(`^${sandbox.url}/portal/`));
    const manage = await post({ intent: "manage" }, cookie);
    expect(manage.status).toBe(302);
    expect(manage.location).toMatch(new RegExp(`^${sandbox.url}/portal/`));
    const cancelLink = await page(cookie, "?billing=cancel");
    expect(cancelLink.location).toMatch(new RegExp(`^${sandbox.url}/portal/`));

    await sandbox.cancelAtPeriodEnd(subscription.id);
    // A minute later (the return from checkout reads Stripe at most once a minute per account).
    await database.db.delete(rateLimitHits).where(eq(rateLimitHits.key, `checkout-sync:${id}`));
    await call(dashboardRoute.loader, getRequest("/dashboard?checkout=success", cookie), services);
    const cancelled = pageData(await page(cookie)).listing;
    expect(cancelled).toMatchObject({ paid: true, listed: true, paymentExpiry: periodEnd });
    expect(cancelled.subscription).toEqual({ renewsOn: null, cancelsOn: periodEnd, paymentFailed: false });
  });

  it("a free grant shows active until its end, with no subscription to manage", async () => {
    const { id, cookie } = await performer("granted@example.com");
    await grantFreeListing(database.db, services, { userId: id, startsOn: "2026-01-01", endsOn: "2099-01-01" });
    const data = pageData(await page(cookie));
    expect(data.listing).toMatchObject({ paid: true, listed: true, paymentExpiry: "2099-01-01", subscription: null, freeListing: true });
  });
});
