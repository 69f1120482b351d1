import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { addMonths } from "~/server/payments/grants.server";
import { deriveListing, paidThrough, type SubscriptionFacts } from "~/server/payments/listing-status.server";
import { subscriptionRow } from "~/server/payments/sync.server";

// The one rule for payment_status / payment_expiry, on its own: no database, no Stripe.

const at = (iso: string) => new Date(`${iso}T15:30:00Z`);

function sub(overrides: Partial<SubscriptionFacts> = {}): SubscriptionFacts {
  return {
    status: "active",
    currentPeriodStart: at("2026-03-10"),
    currentPeriodEnd: at("2027-03-10"),
    endedAt: null,
    latestInvoiceStatus: "paid",
    ...overrides,
  };
}

describe("deriveListing", () => {
  it("is pending when nothing was ever paid or granted", () => {
    expect(deriveListing([], [], "2026-06-01")).toEqual({ paymentStatus: "pending", paymentExpiry: null });
    expect(deriveListing([sub({ status: "incomplete", latestInvoiceStatus: "open" })], [], "2026-06-01")).toEqual({
      paymentStatus: "pending",
      paymentExpiry: null,
    });
    expect(deriveListing([sub({ status: "incomplete_expired" })], [], "2026-06-01").paymentStatus).toBe("pending");
  });

  it("is paid through the period end (the UTC day it falls on), and expired the day after", () => {
    expect(deriveListing([sub()], [], "2026-06-01")).toEqual({ paymentStatus: "paid", paymentExpiry: "2027-03-10" });
    expect(deriveListing([sub()], [], "2027-03-10").paymentStatus).toBe("paid");
    expect(deriveListing([sub()], [], "2027-03-11")).toEqual({ paymentStatus: "expired", paymentExpiry: "2027-03-10" });
  });

  it("keeps a failed renewal listed only through the year that was paid", () => {
    const pastDue = sub({
      status: "past_due",
      currentPeriodStart: at("2027-03-10"),
      currentPeriodEnd: at("2028-03-10"),
      latestInvoiceStatus: "open",
    });
    expect(paidThrough(pastDue)).toEqual(at("2027-03-10"));
    expect(deriveListing([pastDue], [], "2027-03-10")).toEqual({ paymentStatus: "paid", paymentExpiry: "2027-03-10" });
    expect(deriveListing([pastDue], [], "2027-03-12").paymentStatus).toBe("expired");
  });

  it("honours a subscription cancelled at period end to its end, and one ended early to when it ended", () => {
    const atEnd = sub({ status: "canceled", endedAt: at("2027-03-10") });
    expect(deriveListing([atEnd], [], "2026-12-01")).toEqual({ paymentStatus: "paid", paymentExpiry: "2027-03-10" });
    const early = sub({ status: "canceled", endedAt: at("2026-05-02") });
    expect(deriveListing([early], [], "2026-06-01")).toEqual({ paymentStatus: "expired", paymentExpiry: "2026-05-02" });
    const gaveUp = sub({
      status: "canceled",
      currentPeriodStart: at("2027-03-10"),
      currentPeriodEnd: at("2028-03-10"),
      endedAt: at("2027-04-02"),
      latestInvoiceStatus: "uncollectible",
    });
    expect(deriveListing([gaveUp], [], "2027-04-05").paymentExpiry).toBe("2027-03-10");
  });

  it("takes whichever of subscriptions and started, unrevoked grants ends later", () => {
    const grant = { startsOn: "2026-01-01", endsOn: "2027-01-01", revokedAt: null };
    expect(deriveListing([], [grant], "2026-06-01")).toEqual({ paymentStatus: "paid", paymentExpiry: "2027-01-01" });
    expect(deriveListing([sub()], [grant], "2026-06-01").paymentExpiry).toBe("2027-03-10");
    const longGrant = { ...grant, endsOn: "2027-12-31" };
    expect(deriveListing([sub()], [longGrant], "2026-06-01").paymentExpiry).toBe("2027-12-31");
    expect(deriveListing([], [{ ...grant, revokedAt: new Date() }], "2026-06-01").paymentStatus).toBe("pending");
    expect(deriveListing([], [{ ...grant, startsOn: "2026-07-01" }], "2026-06-01").paymentStatus).toBe("pending");
    // An old subscription and a new one: the new one counts.
    const old = sub({ status: "canceled", currentPeriodEnd: at("2025-03-10"), currentPeriodStart: at("2024-03-10"), endedAt: at("2025-03-10") });
    expect(deriveListing([old, sub()], [], "2026-06-01").paymentExpiry).toBe("2027-03-10");
  });
});

describe("reading Stripe's subscription object", () => {
  const stripeSubscription = (overrides: Record<string, unknown> = {}) =>
    ({
      id: "sub_1",
      object: "subscription",
      customer: "cus_1",
      status: "active",
      cancel_at_period_end: true,
      canceled_at: 1_780_000_000,
      ended_at: null,
      latest_invoice: { id: "in_1", object: "invoice", status: "paid" },
      items: {
        object: "list",
        data: [{ id: "si_1", price: { id: "price_1" }, current_period_start: 1_780_000_000, current_period_end: 1_811_536_000 }],
      },
      ...overrides,
    }) as unknown as Stripe.Subscription;

  it("takes the period from the subscription item and the payment state from the latest invoice", () => {
    expect(subscriptionRow(stripeSubscription())).toEqual({
      id: "sub_1",
      customerId: "cus_1",
      status: "active",
      priceId: "price_1",
      currentPeriodStart: new Date(1_780_000_000_000),
      currentPeriodEnd: new Date(1_811_536_000_000),
      cancelAtPeriodEnd: true,
      canceledAt: new Date(1_780_000_000_000),
      endedAt: null,
      latestInvoiceId: "in_1",
      latestInvoiceStatus: "paid",
    });
  });

  it("refuses a status the pinned API version does not have", () => {
    expect(() => subscriptionRow(stripeSubscription({ status: "frozen" }))).toThrow(/unknown status "frozen"/);
  });
});

describe("addMonths", () => {
  it("keeps the day, or the month's last day when it has no such day", () => {
    expect(addMonths("2026-05-16", 12)).toBe("2027-05-16");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-02-29", 12)).toBe("2029-02-28");
  });
});
