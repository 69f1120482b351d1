import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { billingNotices, freeListingGrants, stripeSubscriptions } from "~/server/db/schema";
import pino from "pino";
import { loadConfig } from "~/server/platform/config.server";
import { expireListings, listingLifecycleJobs, sendBillingReminders } from "~/server/jobs/listing-lifecycle.server";
import { openBillingPortal } from "~/server/payments/checkout.server";
import { claimFreeListingGrants, grantFreeListing, revokeFreeListingGrant } from "~/server/payments/grants.server";
import { todayIso } from "~/server/directory/visibility.server";
import { addMonths } from "~/server/payments/grants.server";
import {
  createProfile,
  createUser,
  DAY_MS,
  ENGINE,
  isListedInState,
  listing,
  mailTo,
  periodEnd,
  PUBLIC_URL,
  subscribeAndPay,
  usePaymentsHarness,
} from "./payments-fixtures";

const harness = usePaymentsHarness();

async function paidUser(state = "TX") {
  const account = await createUser(harness);
  await createProfile(harness, account.id, state);
  const paid = await subscribeAndPay(harness, account.id);
  return { ...account, subscription: paid.subscription };
}

const subjects = async (email: string) => (await mailTo(harness, email)).map((m) => m.subject);

describe(`renewal, failed payment, cancellation (${ENGINE})`, () => {
  it("moves the expiry a year on when the subscription renews", async () => {
    const { id, email, subscription } = await paidUser();
    const firstEnd = periodEnd(subscription);
    const renewed = await harness.sandbox.advance(subscription.id, "renew");
    const secondEnd = periodEnd(renewed.subscription);
    expect(secondEnd.getUTCFullYear()).toBe(firstEnd.getUTCFullYear() + 1);
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(secondEnd) });
    // Renewals send no second receipt.
    expect(await subjects(email)).toHaveLength(1);
  });

  it("emails a failed payment and keeps the listing until the paid time ends, then back on payment", async () => {
    const { id, email, subscription } = await paidUser();
    const paidUntil = periodEnd(subscription);
    const failed = await harness.sandbox.advance(subscription.id, "fail_payment");
    expect(failed.subscription.status).toBe("past_due");

    // Still paid through the year that was paid for, not the new unpaid one.
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(paidUntil) });
    const mail = await mailTo(harness, email);
    expect(mail.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Receipt/),
      "Payment failed for your CostumeCast listing",
    ]);
    expect(mail[1].text).toContain(`${PUBLIC_URL}/dashboard/subscription?billing=manage`);
    expect(mail[1].text).toContain("stays live until");

    // Stripe's next attempt fails too (a new event, same period): no second notice.
    const retry = await harness.sandbox.advance(subscription.id, "retry_fails");
    expect(retry.events).toHaveLength(1);
    expect(await subjects(email)).toHaveLength(2);

    // Listed until the paid time ends; the hourly job takes it out the day after.
    const dayAfter = new Date(paidUntil.getTime() + DAY_MS);
    expect(await isListedInState(harness, id, "TX", todayIso(paidUntil))).toBe(true);
    expect(await expireListings(harness.context, new Date(paidUntil.getTime() - DAY_MS))).toMatchObject({ expired: 0 });
    expect(await expireListings(harness.context, dayAfter)).toMatchObject({ expired: 1 });
    expect(await listing(harness, id)).toEqual({ paymentStatus: "expired", paymentExpiry: todayIso(paidUntil) });
    expect(await isListedInState(harness, id, "TX", todayIso(dayAfter))).toBe(false);

    // The card works on a retry: listed again, through the new period.
    const recovered = await harness.sandbox.advance(subscription.id, "pay");
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(periodEnd(recovered.subscription)) });
  });

  it("cancels at period end in the portal, stays listed until then, and the expiry job ends it after", async () => {
    const { id, email, subscription } = await paidUser("CA");
    const end = periodEnd(subscription);
    const { url } = await openBillingPortal(harness.context, { userId: id });
    const page = await (await fetch(url)).text();
    expect(page).toContain(`Renews on`);
    const action = page.match(/<form method="post" action="([^"]+\/cancel)">/)![1];
    const answer = await fetch(new URL(action, url), {
      method: "POST",
      body: new URLSearchParams({ subscription: subscription.id }),
      redirect: "manual",
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${PUBLIC_URL}/dashboard/subscription`);

    const [row] = await harness.database.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subscription.id));
    expect(row.cancelAtPeriodEnd).toBe(true);
    expect(row.currentPeriodEnd).toEqual(end);
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(end) });
    expect(await isListedInState(harness, id, "CA")).toBe(true);
    const portalAgain = await (await fetch(url)).text();
    expect(portalAgain).toContain("Cancels on");

    // Nothing to remind about: it will not renew.
    expect(await sendBillingReminders(harness.context, new Date(end.getTime() - 10 * DAY_MS))).toEqual({ renewal: 0, freeListing: 0 });

    // The period ends; Stripe ends the subscription.
    await harness.sandbox.advance(subscription.id, "renew");
    expect((await harness.database.db.select().from(stripeSubscriptions))[0].status).toBe("canceled");
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(end) });

    const after = new Date(end.getTime() + DAY_MS);
    const [one, two] = await Promise.all([expireListings(harness.context, after), expireListings(harness.context, after)]);
    expect(one.expired + two.expired).toBe(1);
    expect(await listing(harness, id)).toEqual({ paymentStatus: "expired", paymentExpiry: todayIso(end) });
    expect(await isListedInState(harness, id, "CA", todayIso(after))).toBe(false);
    expect(await expireListings(harness.context, after)).toMatchObject({ expired: 0 });
    const mail = await mailTo(harness, email);
    expect(mail.map((m) => m.subject)).toEqual([expect.stringMatching(/^Receipt/), "Your CostumeCast listing has expired"]);
    expect(mail[1].text).toContain(`${PUBLIC_URL}/dashboard/subscription`);
  });

  it("asks Stripe before expiring a subscriber whose renewal webhook never arrived", async () => {
    const { id, subscription } = await paidUser();
    harness.sandbox.holdWebhooks();
    const renewed = await harness.sandbox.advance(subscription.id, "renew");
    const after = new Date(periodEnd(subscription).getTime() + DAY_MS);
    const result = await expireListings(harness.context, after);
    expect(result).toMatchObject({ expired: 0, resynced: 1 });
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(periodEnd(renewed.subscription)) });
    await harness.sandbox.releaseWebhooks();
  });
});

describe(`renewal reminders (${ENGINE})`, () => {
  it("sends one reminder per period 30 days ahead, even with two runs at once, and nothing outside the window", async () => {
    const { id, email, subscription } = await paidUser();
    const end = periodEnd(subscription);
    const at = (daysBefore: number) => new Date(end.getTime() - daysBefore * DAY_MS);

    expect(await sendBillingReminders(harness.context, at(31))).toEqual({ renewal: 0, freeListing: 0 });
    const runs = await Promise.all([
      sendBillingReminders(harness.context, at(29)),
      sendBillingReminders(harness.context, at(29)),
      sendBillingReminders(harness.context, at(29)),
    ]);
    expect(runs.reduce((sum, r) => sum + r.renewal, 0)).toBe(1);
    expect(await sendBillingReminders(harness.context, at(5))).toEqual({ renewal: 0, freeListing: 0 });
    expect(await sendBillingReminders(harness.context, new Date(end.getTime() + DAY_MS))).toEqual({ renewal: 0, freeListing: 0 });

    const reminders = (await mailTo(harness, email)).filter((m) => m.subject.includes("renews on"));
    expect(reminders).toHaveLength(1);
    const date = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(end);
    expect(reminders[0].subject).toBe(`Your CostumeCast membership renews on ${date} for $29`);
    expect(reminders[0].text).toContain("$29");
    expect(reminders[0].text).toContain(date);
    expect(reminders[0].text).toContain(`${PUBLIC_URL}/dashboard/subscription?billing=cancel`);
    expect(reminders[0].html).toContain("Cancel your subscription");

    // Next period, next reminder.
    const renewed = await harness.sandbox.advance(subscription.id, "renew");
    const nextEnd = periodEnd(renewed.subscription);
    expect(await sendBillingReminders(harness.context, new Date(nextEnd.getTime() - 20 * DAY_MS))).toMatchObject({ renewal: 1 });
    const notices = await harness.database.db.select().from(billingNotices).where(eq(billingNotices.userId, id));
    expect(notices.filter((n) => n.kind === "renewal_reminder").map((n) => n.periodKey).sort()).toEqual(
      [`${subscription.id}:${todayIso(end)}`, `${subscription.id}:${todayIso(nextEnd)}`].sort(),
    );
  });

  it("sends no reminder for a subscription that failed to renew or has ended", async () => {
    const { subscription } = await paidUser();
    await harness.sandbox.advance(subscription.id, "fail_payment");
    const end = periodEnd(harness.sandbox.subscriptions().find((s) => s.id === subscription.id)!);
    expect(await sendBillingReminders(harness.context, new Date(end.getTime() - 10 * DAY_MS))).toEqual({ renewal: 0, freeListing: 0 });
  });
});

describe(`free listings (${ENGINE})`, () => {
  it("lists a granted performer until the grant ends, whichever of grant and payment ends later", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id, "NY", "New York");
    const today = todayIso();
    const { listing: change } = await grantFreeListing(harness.database.db, harness.context, { userId: account.id, startsOn: today });
    const grantEnd = change!.after.paymentExpiry!;
    expect(change!.after.paymentStatus).toBe("paid");
    expect(grantEnd.slice(4)).toBe(today.slice(4));
    expect(await isListedInState(harness, account.id, "NY")).toBe(true);

    // A subscription bought during the free year ends later: it wins.
    const paid = await subscribeAndPay(harness, account.id);
    expect((await listing(harness, account.id))?.paymentExpiry).toBe(todayIso(periodEnd(paid.subscription)));
  });

  it("waits for an account with the granted email, then lists it", async () => {
    const grant = await grantFreeListing(harness.database.db, harness.context, { email: "Late.Joiner@Example.com" });
    expect(grant.userId).toBeNull();
    const account = await createUser(harness, "late.joiner@example.com");
    await createProfile(harness, account.id);
    expect(await claimFreeListingGrants(harness.database.db, harness.context, { userId: account.id })).toEqual([account.id]);
    // The year starts as the listing goes live, on the day it is claimed.
    expect(await listing(harness, account.id)).toEqual({ paymentStatus: "paid", paymentExpiry: addMonths(todayIso(), 12) });
    const [row] = await harness.database.db.select().from(freeListingGrants).where(eq(freeListingGrants.id, grant.grantId));
    expect(row.userId).toBe(account.id);
  });

  it("claims waiting grants in the hourly job too, and drops a revoked grant", async () => {
    const grant = await grantFreeListing(harness.database.db, harness.context, { email: "hourly@example.com" });
    const account = await createUser(harness, "hourly@example.com");
    await createProfile(harness, account.id);
    expect(await expireListings(harness.context)).toMatchObject({ granted: 1 });
    expect((await listing(harness, account.id))?.paymentStatus).toBe("paid");
    const change = await revokeFreeListingGrant(harness.database.db, harness.context, grant.grantId);
    expect(change?.after).toEqual({ paymentStatus: "pending", paymentExpiry: null });
  });

  it("tells a free listing when its year ends, once, and not when a subscription takes over", async () => {
    const account = await createUser(harness);
    const other = await createUser(harness);
    const today = todayIso();
    const { listing: change } = await grantFreeListing(harness.database.db, harness.context, { userId: account.id, startsOn: today });
    await grantFreeListing(harness.database.db, harness.context, { userId: other.id, startsOn: today });
    await createProfile(harness, other.id, "WA", "Seattle");
    await subscribeAndPay(harness, other.id);
    const end = new Date(`${change!.after.paymentExpiry}T12:00:00Z`);

    expect(await sendBillingReminders(harness.context, new Date(end.getTime() - 40 * DAY_MS))).toMatchObject({ freeListing: 0 });
    const runs = await Promise.all([
      sendBillingReminders(harness.context, new Date(end.getTime() - 25 * DAY_MS)),
      sendBillingReminders(harness.context, new Date(end.getTime() - 25 * DAY_MS)),
    ]);
    expect(runs[0].freeListing + runs[1].freeListing).toBe(1);
    expect(await sendBillingReminders(harness.context, new Date(end.getTime() - 2 * DAY_MS))).toMatchObject({ freeListing: 0 });
    const mail = (await mailTo(harness, account.email)).filter((m) => m.subject.startsWith("Your free"));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Your free year ends on");
    expect(mail[0].text).toContain(`${PUBLIC_URL}/dashboard/subscription`);
    expect((await mailTo(harness, other.email)).filter((m) => m.subject.startsWith("Your free"))).toEqual([]);
  });

  it("ends a free year like a paid one: the reminder with the subscribe link, then out of the directory after its last day", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id, "OR", "Portland");
    const { listing: change } = await grantFreeListing(harness.database.db, harness.context, { userId: account.id, startsOn: todayIso() });
    const lastDay = change!.after.paymentExpiry!;
    const end = new Date(`${lastDay}T12:00:00Z`);

    expect(await sendBillingReminders(harness.context, new Date(end.getTime() - 30 * DAY_MS))).toMatchObject({ freeListing: 1 });
    const [reminder] = (await mailTo(harness, account.email)).filter((m) => m.subject.startsWith("Your free"));
    expect(reminder.text).toContain("Your free year ends on");
    expect(reminder.text).toContain(`${PUBLIC_URL}/dashboard/subscription`);

    // Still listed on its last day; the next day's expiry pass takes it out and says so.
    expect(await expireListings(harness.context, end)).toMatchObject({ expired: 0 });
    expect(await isListedInState(harness, account.id, "OR", lastDay)).toBe(true);
    const dayAfter = new Date(end.getTime() + DAY_MS);
    expect(await expireListings(harness.context, dayAfter)).toMatchObject({ expired: 1 });
    expect(await listing(harness, account.id)).toEqual({ paymentStatus: "expired", paymentExpiry: lastDay });
    expect(await isListedInState(harness, account.id, "OR", todayIso(dayAfter))).toBe(false);
    expect((await subjects(account.email)).slice(1)).toEqual(["Your CostumeCast listing has expired"]);
  });
});

describe(`lifecycle jobs in the scheduler (${ENGINE})`, () => {
  it("runs the expiry pass and the reminders hourly", async () => {
    const { id, subscription } = await paidUser();
    const jobs = listingLifecycleJobs({
      db: harness.database.db,
      config: loadConfig({ NODE_ENV: "test", PUBLIC_URL, PAYMENTS: "demo" }),
      logger: pino({ level: "silent" }),
      stripe: harness.context.stripe,
    });
    expect(jobs.map((job) => [job.name, job.intervalMs])).toEqual([
      ["listing-expiry", 60 * 60_000],
      ["billing-reminders", 60 * 60_000],
    ]);
    for (const job of jobs) await job.run(new AbortController().signal);
    expect(await listing(harness, id)).toEqual({ paymentStatus: "paid", paymentExpiry: todayIso(periodEnd(subscription)) });
  });
});
