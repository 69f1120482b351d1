import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Executor } from "../db/client.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { SUBSCRIPTION_STATUSES, stripeCustomers, stripeSubscriptions } from "../db/schema";
import type { ListingContext, PaymentsContext } from "./context.server";
import { isLiveSubscription, refreshListing, type ListingChange, type ListingState } from "./listing-status.server";
import { stripeId, type StripePayments } from "./stripe.server";

// Stripe is the truth: webhooks only say "something changed for this customer", and the state is
// read back from the API. Events can then arrive in any order, twice, or late, and still converge.

type SubscriptionRow = typeof stripeSubscriptions.$inferInsert;
type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

function isKnownStatus(status: string): status is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

const fromUnix = (seconds: number) => new Date(seconds * 1000);
const fromUnixOrNull = (seconds: number | null | undefined) => (seconds == null ? null : fromUnix(seconds));

/** A Stripe subscription as a row. The period comes from the item: current API versions keep it there. */
export function subscriptionRow(sub: Stripe.Subscription): SubscriptionRow {
  const item = sub.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${sub.id} has no items`);
  // An unknown status means Stripe changed under the pinned version: fail loudly (the webhook answers
  // 500 and Stripe retries) rather than guess what it means for the listing.
  if (!isKnownStatus(sub.status)) throw new Error(`Stripe subscription ${sub.id} has unknown status "${sub.status}"`);
  const invoice = sub.latest_invoice;
  return {
    id: sub.id,
    customerId: stripeId(sub.customer)!,
    status: sub.status,
    priceId: item.price?.id ?? null,
    currentPeriodStart: fromUnix(item.current_period_start),
    currentPeriodEnd: fromUnix(item.current_period_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    canceledAt: fromUnixOrNull(sub.canceled_at),
    endedAt: fromUnixOrNull(sub.ended_at),
    latestInvoiceId: stripeId(invoice),
    latestInvoiceStatus: invoice && typeof invoice === "object" ? (invoice.status ?? null) : null,
  };
}

async function storeSubscription(tx: Executor, row: SubscriptionRow): Promise<void> {
  const { id: _id, ...changes } = row;
  await tx.insert(stripeSubscriptions).values(row).onConflictDoUpdate({ target: stripeSubscriptions.id, set: changes });
}

/**
 * Locks a customer's binding row and returns its user, or null when the customer is not one of ours.
 * Every read-from-Stripe-then-store runs under this lock, so a slower, older read can never be
 * committed over a newer one.
 */
async function lockCustomer(tx: Executor, where: { customerId: string } | { userId: string }) {
  const [row] = await tx
    .select({ userId: stripeCustomers.userId, customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where("customerId" in where ? eq(stripeCustomers.customerId, where.customerId) : eq(stripeCustomers.userId, where.userId))
    .for("update");
  return row ?? null;
}

/**
 * Reads every subscription of the customer from Stripe (one API call) and stores them; call it with
 * the customer locked (lockCustomer). `include` names a subscription that must be fresh even if the
 * list did not return it (an invoice's own).
 */
export async function pullSubscriptions(
  tx: Executor,
  stripe: StripePayments,
  customerId: string,
  include: string | null = null,
): Promise<SubscriptionRow[]> {
  const list = await stripe.client.subscriptions.list({
    customer: customerId,
    status: "all",
    limit: 100,
    expand: ["data.latest_invoice"],
  });
  const rows = list.data.map(subscriptionRow);
  if (include && !rows.some((row) => row.id === include)) {
    const extra = subscriptionRow(await stripe.client.subscriptions.retrieve(include, { expand: ["latest_invoice"] }));
    if (extra.customerId === customerId) rows.push(extra);
  }
  for (const row of rows) await storeSubscription(tx, row);
  // A live subscription means any checkout session handed out earlier is spent.
  if (rows.some((row) => isLiveSubscription(row.status))) {
    await tx
      .update(stripeCustomers)
      .set({ openCheckoutSessionId: null, openCheckoutUrl: null, openCheckoutExpiresAt: null })
      .where(eq(stripeCustomers.customerId, customerId));
  }
  return rows;
}

/**
 * Re-reads a customer's subscriptions and recomputes the listing, in the caller's transaction.
 * Null when the customer is not bound to a user of this app.
 */
export async function syncCustomerInTransaction(
  tx: Executor,
  stripe: StripePayments,
  context: ListingContext,
  customerId: string,
  options: { include?: string | null; now?: Date } = {},
): Promise<ListingChange | null> {
  const binding = await lockCustomer(tx, { customerId });
  if (!binding) return null;
  await pullSubscriptions(tx, stripe, customerId, options.include ?? null);
  return refreshListing(tx, binding.userId, context, options.now);
}

/**
 * Brings one user's listing up to date with Stripe, e.g. when the browser comes back from checkout
 * before the webhook. Without a Stripe customer (or without Stripe) only the grants are considered.
 */
export async function syncUserSubscription(
  context: PaymentsContext,
  userId: string,
  now: Date = new Date(),
): Promise<ListingState> {
  return context.db.transaction(async (tx) => {
    const binding = await lockCustomer(tx, { userId });
    if (binding && context.stripe) await pullSubscriptions(tx, context.stripe, binding.customerId);
    return (await refreshListing(tx, userId, context, now)).after;
  });
}

/** How often the return from checkout may ask Stripe, per account. */
export const CHECKOUT_SYNC_WINDOW_MS = 60_000;

/**
 * The dashboard's read of Stripe when the browser comes back from checkout (`?checkout=success`),
 * at most once a minute per account: that address can be reloaded or scripted at will, and each
 * sync is a Stripe API call. The counter lives in the database, so it holds across processes.
 * A skipped sync changes nothing: the page shows the stored status, which the webhook keeps right.
 * True when Stripe was asked (whether or not that succeeded).
 */
export async function syncAfterCheckout(context: PaymentsContext, userId: string, now: Date = new Date()): Promise<boolean> {
  const allowance = await hitRateLimit(context.db, { key: `checkout-sync:${userId}`, limit: 1, windowMs: CHECKOUT_SYNC_WINDOW_MS }, now);
  if (!allowance.allowed) return false;
  await syncUserSubscription(context, userId, now);
  return true;
}
