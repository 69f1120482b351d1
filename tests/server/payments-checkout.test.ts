import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutConsents, stripeCustomers } from "~/server/db/schema";
import {
  CHECKOUT_FAILED_MESSAGE,
  INVALID_PRODUCT_MESSAGE,
  PaymentsError,
  TERMS_VERSION,
} from "~/server/payments/context.server";
import { openBillingPortal, startCheckout } from "~/server/payments/checkout.server";
import { syncUserSubscription } from "~/server/payments/sync.server";
import { todayIso } from "~/server/directory/visibility.server";
import {
  createProfile,
  createUser,
  ENGINE,
  isListedInState,
  listing,
  mailTo,
  periodEnd,
  PUBLIC_URL,
  subscribeAndPay,
  payWithWebhooksHeld,
  usePaymentsHarness,
} from "./payments-fixtures";

const harness = usePaymentsHarness();

async function customersOf(userId: string) {
  return harness.database.db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
}

describe(`checkout (${ENGINE})`, () => {
  it("refuses any plan but YEARLY_MEMBERSHIP with the spec's message, before touching Stripe", async () => {
    const account = await createUser(harness);
    harness.sandbox.resetRequestCounts();
    const attempt = startCheckout(harness.context, { userId: account.id, planId: "LIFETIME" });
    await expect(attempt).rejects.toBeInstanceOf(PaymentsError);
    await expect(attempt).rejects.toThrow(INVALID_PRODUCT_MESSAGE);
    expect(harness.sandbox.requestCounts().total).toBe(0);
    expect(await customersOf(account.id)).toEqual([]);
  });

  it("creates the Stripe customer once, stores it, and reuses it", async () => {
    const account = await createUser(harness);
    const first = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    expect(first.kind).toBe("checkout");
    const [binding] = await customersOf(account.id);
    expect(binding.customerId).toMatch(/^cus_/);
    const stripeCustomer = harness.sandbox.customers().find((c) => c.id === binding.customerId)!;
    expect(stripeCustomer).toMatchObject({ email: account.email, metadata: { user_id: account.id } });

    // The session is the one Stripe would show: subscription mode, our price, our user, our URLs.
    const session = harness.sandbox.checkoutSession(first.kind === "checkout" ? first.sessionId : "")!;
    expect(session).toMatchObject({
      mode: "subscription",
      customer: binding.customerId,
      client_reference_id: account.id,
      success_url: `${PUBLIC_URL}/dashboard?checkout=success`,
      cancel_url: `${PUBLIC_URL}/dashboard?checkout=canceled`,
    });
    expect(session.custom_text.submit?.message).toMatch(/renewing automatically every year until you cancel/);

    const customersBefore = harness.sandbox.customers().length;
    const second = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    expect(harness.sandbox.customers().length).toBe(customersBefore);
    expect(await customersOf(account.id)).toHaveLength(1);
    // Still open: the second click gets the same session, which can be paid only once.
    expect(second).toEqual(first);
  });

  it("creates one customer and one session when two tabs click Subscribe Now at once", async () => {
    const account = await createUser(harness);
    const customersBefore = harness.sandbox.customers().length;
    const results = await Promise.all(
      Array.from({ length: 3 }, () => startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" })),
    );
    expect(harness.sandbox.customers().length).toBe(customersBefore + 1);
    expect(new Set(results.map((r) => r.url)).size).toBe(1);
    expect(await customersOf(account.id)).toHaveLength(1);
  });

  it("records what the performer agreed to", async () => {
    const account = await createUser(harness);
    const start = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    const consents = await harness.database.db.select().from(checkoutConsents).where(eq(checkoutConsents.userId, account.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      termsVersion: TERMS_VERSION,
      planId: "YEARLY_MEMBERSHIP",
      checkoutSessionId: start.kind === "checkout" ? start.sessionId : null,
    });
    expect(consents[0].agreedAt).toBeInstanceOf(Date);
  });

  it("makes the profile paid until the period end once Pay is pressed on the test checkout page", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id, "TX", "Austin");
    expect(await isListedInState(harness, account.id, "TX")).toBe(false);

    harness.sandbox.resetRequestCounts();
    const paid = await subscribeAndPay(harness, account.id);
    expect(paid.html).toContain("TEST MODE");
    expect(paid.html).toMatch(/<button type="submit" class="primary">Pay \$29\.00/);
    expect(paid.html).toContain(`href="${PUBLIC_URL}/dashboard?checkout=canceled"`);
    expect(paid.status).toBe(303);
    expect(paid.redirect).toBe(`${PUBLIC_URL}/dashboard?checkout=success`);

    const expiry = todayIso(periodEnd(paid.subscription));
    expect(await listing(harness, account.id)).toEqual({ paymentStatus: "paid", paymentExpiry: expiry });
    expect(await isListedInState(harness, account.id, "TX")).toBe(true);
    expect(await isListedInState(harness, account.id, "CA")).toBe(false);
    // A year from today.
    expect(Number(expiry.slice(0, 4))).toBe(new Date().getUTCFullYear() + 1);

    const mail = await mailTo(harness, account.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toMatch(/^Receipt: your CostumeCast listing is active until /);
    expect(mail[0].text).toContain("$29");
    expect(mail[0].text).toMatch(/renews automatically every year/);
    expect(mail[0].text).toContain(`${PUBLIC_URL}/dashboard/subscription?billing=cancel`);

    // The number reported in the issue: API calls for one checkout, from click to listed.
    const counts = harness.sandbox.requestCounts();
    expect(counts.byEndpoint).toEqual({
      "POST /v1/customers": 1,
      "POST /v1/checkout/sessions": 1,
      // One re-read per handled event: subscription.created, invoice.paid, checkout.session.completed.
      "GET /v1/subscriptions": 3,
    });
    expect(counts.total).toBe(5);
  });

  it("sends a performer who is already subscribed to the billing portal instead of a second checkout", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id);
    const paid = await subscribeAndPay(harness, account.id);
    const sessionsBefore = harness.sandbox.events().filter((e) => e.event.type === "checkout.session.completed").length;
    const again = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    expect(again.kind).toBe("portal");
    expect(again.url).toMatch(new RegExp(`^${harness.sandbox.url}/portal/bps_`));
    const portal = await (await fetch(again.url)).text();
    expect(portal).toContain("Cancel subscription");
    expect(portal).toContain(`href="${PUBLIC_URL}/dashboard/subscription"`);
    expect(harness.sandbox.subscriptions().filter((s) => s.customer === paid.subscription.customer)).toHaveLength(1);
    expect(harness.sandbox.events().filter((e) => e.event.type === "checkout.session.completed").length).toBe(sessionsBefore);
  });

  it("goes to the portal when a tab that paid has not been confirmed by webhook yet", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id);
    harness.sandbox.holdWebhooks();
    const first = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    if (first.kind !== "checkout") throw new Error("expected checkout");
    await harness.sandbox.pay(first.sessionId);
    // No webhook yet; the other tab clicks Subscribe Now again.
    const second = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    expect(second.kind).toBe("portal");
    expect((await listing(harness, account.id))?.paymentStatus).toBe("paid");
    await harness.sandbox.releaseWebhooks();
    expect(await mailTo(harness, account.email)).toHaveLength(1);
  });

  it("starts a new session when the stored one has expired", async () => {
    const account = await createUser(harness);
    const first = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    if (first.kind !== "checkout") throw new Error("expected checkout");
    await harness.sandbox.expireCheckoutSession(first.sessionId);
    const second = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    expect(second.kind).toBe("checkout");
    expect(second.url).not.toBe(first.url);
  });

  it("shows the provider's message, or the catalogue's, when Stripe refuses or is down", async () => {
    const account = await createUser(harness);
    const wrongPrice = { ...harness.context, stripe: { ...harness.context.stripe!, priceId: "price_missing" } };
    await expect(startCheckout(wrongPrice, { userId: account.id, planId: "YEARLY_MEMBERSHIP" })).rejects.toThrow(
      "No such price: 'price_missing'",
    );
    harness.sandbox.setOutage(true);
    const other = await createUser(harness);
    await expect(startCheckout(harness.context, { userId: other.id, planId: "YEARLY_MEMBERSHIP" })).rejects.toThrow(
      CHECKOUT_FAILED_MESSAGE,
    );
    // Nothing half-made: no customer binding without its Stripe customer.
    expect(await customersOf(other.id)).toEqual([]);
    harness.sandbox.setOutage(false);
    await expect(
      startCheckout({ ...harness.context, stripe: null }, { userId: other.id, planId: "YEARLY_MEMBERSHIP" }),
    ).rejects.toThrow(CHECKOUT_FAILED_MESSAGE);
  });

  it("brings the listing up to date on return from checkout, before the webhook arrives", async () => {
    const { account, subscription } = await payWithWebhooksHeld(harness);
    expect((await listing(harness, account.id))?.paymentStatus).toBe("pending");
    const state = await syncUserSubscription(harness.context, account.id);
    expect(state).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(periodEnd(subscription)) });
    await harness.sandbox.releaseWebhooks();
    expect(await listing(harness, account.id)).toEqual(state);
    expect(await mailTo(harness, account.email)).toHaveLength(1);
  });

  it("opens the portal on its cancel step for the one-click cancel link", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id);
    const { subscription } = await subscribeAndPay(harness, account.id);
    const { url } = await openBillingPortal(harness.context, { userId: account.id, flow: "cancel" });
    const page = await (await fetch(url)).text();
    expect(page).toContain("<h1>Cancel your subscription</h1>");
    expect(page).toContain(subscription.id);
    const stranger = await createUser(harness);
    await expect(openBillingPortal(harness.context, { userId: stranger.id })).rejects.toBeInstanceOf(PaymentsError);
  });
});
