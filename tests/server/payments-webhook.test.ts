import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, stripeEvents, stripeSubscriptions } from "~/server/db/schema";
import { handleStripeWebhook } from "~/server/payments/webhook.server";
import { todayIso } from "~/server/directory/visibility.server";
import {
  createProfile,
  createUser,
  ENGINE,
  listing,
  mailTo,
  periodEnd,
  signedDelivery,
  subscribeAndPay,
  payWithWebhooksHeld,
  eventPayload,
  usePaymentsHarness,
} from "./payments-fixtures";

const harness = usePaymentsHarness();

async function recordedEvents() {
  return harness.database.db.select().from(stripeEvents);
}

/** A paid subscription whose events were all applied; returns the last delivered event's record. */
async function paidUser() {
  const account = await createUser(harness);
  await createProfile(harness, account.id);
  const paid = await subscribeAndPay(harness, account.id);
  return { ...account, ...paid };
}

describe(`Stripe webhook signature (${ENGINE})`, () => {
  it("applies a validly signed event", async () => {
    const { subscription } = await paidUser();
    const event = harness.sandbox.events().find((e) => e.event.type === "customer.subscription.created")!;
    await harness.database.db.delete(stripeEvents);
    const { body, header } = signedDelivery(JSON.parse(event.payload) as Record<string, unknown>);
    const result = await handleStripeWebhook(body, header, harness.context);
    expect(result).toEqual({ status: 200, body: { received: true } });
    expect((await recordedEvents()).map((e) => e.id)).toEqual([event.event.id]);
    expect(subscription.status).toBe("active");
  });

  it("answers 400 and changes nothing for a missing, tampered, wrongly keyed or stale signature", async () => {
    const { account, events } = await payWithWebhooksHeld(harness);
    const event = eventPayload(harness, events[0]);
    const good = signedDelivery(event);

    const missing = await handleStripeWebhook(good.body, undefined, harness.context);
    expect(missing).toEqual({ status: 400, body: { error: "Missing Stripe-Signature header" } });

    const tamperedBody = Buffer.from(good.body.toString("utf8").replace('"active"', '"canceled"'));
    expect(tamperedBody.equals(good.body)).toBe(false);
    expect((await handleStripeWebhook(tamperedBody, good.header, harness.context)).status).toBe(400);

    const otherSecret = signedDelivery(event, { secret: "whsec_someone_else" });
    expect((await handleStripeWebhook(otherSecret.body, otherSecret.header, harness.context)).status).toBe(400);

    const stale = signedDelivery(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(await handleStripeWebhook(stale.body, stale.header, harness.context)).toEqual({
      status: 400,
      body: { error: "Invalid signature" },
    });

    expect(await handleStripeWebhook(good.body, "t=1,v1=deadbeef", harness.context)).toMatchObject({ status: 400 });

    expect(await recordedEvents()).toEqual([]);
    expect(await harness.database.db.select().from(stripeSubscriptions)).toEqual([]);
    expect(await listing(harness, account.id)).toEqual({ paymentStatus: "pending", paymentExpiry: null });
    expect(await mailTo(harness, account.email)).toEqual([]);
    await harness.sandbox.releaseWebhooks();
  });
});

describe(`Stripe webhook events (${ENGINE})`, () => {
  it("applies the same event twice as one change and one email", async () => {
    const { account, events, subscription } = await payWithWebhooksHeld(harness);
    const completed = events[events.length - 1];
    await harness.sandbox.releaseWebhooks([completed]);
    // Only the first delivery of checkout.session.completed changed anything; the rest found it done.
    const before = await listing(harness, account.id);
    expect(before).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(periodEnd(subscription)) });
    const mailBefore = await mailTo(harness, account.email);
    expect(mailBefore).toHaveLength(1);

    const again = await harness.sandbox.redeliver(completed);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.response!)).toEqual({ received: true, duplicate: true });
    const [created, createdAgain] = await harness.sandbox.deliver([events[0], events[0]]);
    expect([created.status, createdAgain.status]).toEqual([200, 200]);

    expect(await listing(harness, account.id)).toEqual(before);
    expect(await mailTo(harness, account.email)).toHaveLength(1);
    const ids = (await recordedEvents()).map((e) => e.id).sort();
    expect(ids).toEqual([...events].sort());
  });

  it("handles two simultaneous deliveries of one event as one", async () => {
    const { account, events } = await payWithWebhooksHeld(harness);
    const delivery = signedDelivery(eventPayload(harness, events[0]));
    const results = await Promise.all([
      handleStripeWebhook(delivery.body, delivery.header, harness.context),
      handleStripeWebhook(delivery.body, delivery.header, harness.context),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.filter((r) => "duplicate" in r.body)).toHaveLength(1);
    expect(await mailTo(harness, account.email)).toHaveLength(1);
    expect(await recordedEvents()).toHaveLength(1);
    await harness.sandbox.releaseWebhooks();
  });

  it("converges when customer.subscription.updated arrives before checkout.session.completed", async () => {
    const { account, ...paid } = await payWithWebhooksHeld(harness);
    // A portal cancel right after paying: its `updated` overtakes everything from the purchase.
    harness.sandbox.holdWebhooks();
    const cancel = await harness.sandbox.cancelAtPeriodEnd(paid.subscription.id);
    const completed = paid.events[paid.events.length - 1];
    const deliveries = await harness.sandbox.releaseWebhooks([cancel.events[0], completed, ...paid.events.slice(0, -1)]);
    expect(deliveries.map((d) => d.status)).toEqual(deliveries.map(() => 200));

    const [row] = await harness.database.db.select().from(stripeSubscriptions);
    expect(row).toMatchObject({ id: paid.subscription.id, status: "active", cancelAtPeriodEnd: true });
    expect(await listing(harness, account.id)).toEqual({
      paymentStatus: "paid",
      paymentExpiry: todayIso(periodEnd(paid.subscription)),
    });
    // One receipt, whatever the order.
    expect((await mailTo(harness, account.email)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Receipt: your CostumeCast listing is active until/),
    ]);
  });

  it("converges when customer.subscription.deleted arrives before customer.subscription.updated", async () => {
    const { id, subscription } = await paidUser();
    harness.sandbox.holdWebhooks();
    const cancel = await harness.sandbox.cancelAtPeriodEnd(subscription.id);
    const ended = await harness.sandbox.advance(subscription.id, "end");
    await harness.sandbox.releaseWebhooks([...ended.events, ...cancel.events]);
    const [row] = await harness.database.db
      .select()
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.id, subscription.id));
    // The late `updated` (cancel_at_period_end, still active in its payload) did not bring it back.
    expect(row.status).toBe("canceled");
    expect(row.endedAt).toEqual(periodEnd(subscription));
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(periodEnd(subscription)) });
  });

  it("answers 500 and records nothing when Stripe cannot be read, then applies the retry", async () => {
    const { account, events } = await payWithWebhooksHeld(harness);
    harness.sandbox.setOutage(true);
    const failed = await harness.sandbox.releaseWebhooks();
    const types = events.map((id) => harness.sandbox.events().find((e) => e.event.id === id)!.event.type);
    // Every event that needs Stripe's state failed; only the one the app does not handle went through.
    expect(failed.map((d, i) => [types[i], d.status])).toEqual([
      ["customer.subscription.created", 500],
      ["invoice.paid", 500],
      ["invoice.payment_succeeded", 200],
      ["checkout.session.completed", 500],
    ]);
    expect((await recordedEvents()).map((e) => e.type)).toEqual(["invoice.payment_succeeded"]);
    expect(await harness.database.db.select().from(stripeSubscriptions)).toEqual([]);
    expect(await listing(harness, account.id)).toEqual({ paymentStatus: "pending", paymentExpiry: null });
    expect(await harness.database.db.select().from(emailOutbox)).toEqual([]);

    // Stripe retries; the outage is over.
    harness.sandbox.setOutage(false);
    const retried = await harness.sandbox.deliver(events);
    expect(retried.map((d) => d.status)).toEqual(events.map(() => 200));
    expect(await recordedEvents()).toHaveLength(events.length);
    expect((await listing(harness, account.id))?.paymentStatus).toBe("paid");
    expect(await mailTo(harness, account.email)).toHaveLength(1);
  });

  it("records and ignores events it does not handle, and events about customers that are not ours", async () => {
    const { sandbox } = harness;
    const paid = await paidUser();
    const ignoredType = sandbox.events().find((e) => e.event.type === "invoice.payment_succeeded")!;
    expect(ignoredType.deliveries[0].status).toBe(200);
    expect(JSON.parse(ignoredType.deliveries[0].response!)).toEqual({ received: true, ignored: "not handled" });

    const foreign = signedDelivery({
      id: "evt_foreign_customer",
      object: "event",
      type: "customer.subscription.updated",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      data: { object: { ...paid.subscription, id: "sub_foreign", customer: "cus_not_ours" } },
    });
    expect(await handleStripeWebhook(foreign.body, foreign.header, harness.context)).toEqual({
      status: 200,
      body: { received: true, ignored: "unknown customer" },
    });
  });

  it("answers 503 without payments configured", async () => {
    const { body, header } = signedDelivery({ id: "evt_x", object: "event", type: "invoice.paid", data: { object: {} } });
    expect((await handleStripeWebhook(body, header, { ...harness.context, stripe: null })).status).toBe(503);
  });
});
