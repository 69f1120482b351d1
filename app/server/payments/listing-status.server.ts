import { eq } from "drizzle-orm";
import { PLANS, type PaymentStatus } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import {
  type BILLING_NOTICE_KINDS,
  billingNotices,
  freeListingGrants,
  profiles,
  stripeCustomers,
  stripeSubscriptions,
  user,
} from "../db/schema";
import { enqueueEmail } from "../mail/outbox.server";
import { listingExpiredEmail, paymentFailedEmail, subscriptionReceiptEmail } from "../mail/payment-templates.server";
import { canGoLive, todayIso } from "../directory/visibility.server";
import { startWaitingFreeYears } from "./free-year-clock.server";
import { billingLinks, type ListingContext } from "./context.server";

// THE rule for a listing's payment fields. profiles.payment_status and payment_expiry are written
// here and nowhere else; the visibility rule is their only reader.

export interface SubscriptionFacts {
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  endedAt: Date | null;
  latestInvoiceStatus: string | null;
}

export interface GrantFacts {
  /** Both null while the free year waits for the listing to go live (free-year-clock.server.ts). */
  startsOn: string | null;
  endsOn: string | null;
  revokedAt: Date | null;
}

export interface ListingState {
  paymentStatus: PaymentStatus;
  /** Last day listed (UTC date, inclusive); null when nothing was ever paid or granted. */
  paymentExpiry: string | null;
}

/** Statuses in which Stripe still bills the subscription: subscribing again would double-charge. */
const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due", "unpaid", "paused"] as const;

export function isLiveSubscription(status: string): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** Whether the subscription's current period has been paid for. */
function currentPeriodPaid(sub: Pick<SubscriptionFacts, "status" | "latestInvoiceStatus">): boolean {
  if (sub.latestInvoiceStatus !== null) return sub.latestInvoiceStatus === "paid";
  return sub.status === "active" || sub.status === "trialing";
}

/**
 * The moment a subscription's paid time ends, or null when it was never paid. A failed renewal has
 * already moved the period on, unpaid: the paid time then ends where the current period starts.
 */
export function paidThrough(sub: SubscriptionFacts): Date | null {
  if (sub.status === "incomplete" || sub.status === "incomplete_expired") return null;
  let end = currentPeriodPaid(sub) ? sub.currentPeriodEnd : sub.currentPeriodStart;
  // Ended early (cancelled at once rather than at period end): access stops when it ended.
  if (sub.endedAt && sub.endedAt < end) end = sub.endedAt;
  return end;
}

/**
 * THE function deriving a listing's payment fields: paid through the later of the subscriptions'
 * paid time and any free grant that has started; `expired` once that day has passed; `pending`
 * when there was never any.
 */
export function deriveListing(
  subscriptions: readonly SubscriptionFacts[],
  grants: readonly GrantFacts[],
  today: string = todayIso(),
): ListingState {
  const lastDays: string[] = [];
  for (const sub of subscriptions) {
    const end = paidThrough(sub);
    if (end) lastDays.push(todayIso(end));
  }
  for (const grant of grants) {
    if (grant.revokedAt === null && grant.startsOn !== null && grant.endsOn !== null && grant.startsOn <= today) {
      lastDays.push(grant.endsOn);
    }
  }
  if (lastDays.length === 0) return { paymentStatus: "pending", paymentExpiry: null };
  const expiry = lastDays.reduce((latest, day) => (day > latest ? day : latest));
  return { paymentStatus: expiry >= today ? "paid" : "expired", paymentExpiry: expiry };
}

/** A free year that is on today: not revoked, begun and not over. */
function isRunningGrant(grant: GrantFacts, today: string): boolean {
  return grant.revokedAt === null && grant.startsOn !== null && grant.endsOn !== null && grant.startsOn <= today && grant.endsOn >= today;
}

/** Records that a notice went out; false when it already had, so the caller sends nothing. */
export async function claimNotice(
  tx: Executor,
  kind: (typeof BILLING_NOTICE_KINDS)[number],
  userId: string,
  periodKey: string,
): Promise<boolean> {
  const rows = await tx
    .insert(billingNotices)
    .values({ kind, userId, periodKey })
    .onConflictDoNothing()
    .returning({ kind: billingNotices.kind });
  return rows.length > 0;
}

export interface ListingChange {
  userId: string;
  before: ListingState | null;
  after: ListingState;
  changed: boolean;
}

async function loadSubscriptionFacts(tx: Executor, userId: string) {
  return tx
    .select({
      id: stripeSubscriptions.id,
      status: stripeSubscriptions.status,
      currentPeriodStart: stripeSubscriptions.currentPeriodStart,
      currentPeriodEnd: stripeSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: stripeSubscriptions.cancelAtPeriodEnd,
      endedAt: stripeSubscriptions.endedAt,
      latestInvoiceStatus: stripeSubscriptions.latestInvoiceStatus,
      createdAt: stripeSubscriptions.createdAt,
    })
    .from(stripeSubscriptions)
    .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, stripeSubscriptions.customerId))
    .where(eq(stripeCustomers.userId, userId));
}

/**
 * Recomputes one user's listing from the stored subscriptions and grants, inside the caller's
 * transaction, and queues the lifecycle emails the new state calls for (each at most once). Locks
 * the profile row, so two callers cannot both see the old state and both send the same email.
 */
export async function refreshListing(
  tx: Executor,
  userId: string,
  context: ListingContext,
  now: Date = new Date(),
): Promise<ListingChange> {
  const today = todayIso(now);
  const [profile] = await tx
    .select({
      paymentStatus: profiles.paymentStatus,
      paymentExpiry: profiles.paymentExpiry,
      isActive: profiles.isActive,
      displayName: profiles.displayName,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  // Go-live: a free year waiting for this listing starts today if the listing can now be public.
  if (profile && canGoLive(profile)) await startWaitingFreeYears(tx, userId, today);
  const subscriptions = await loadSubscriptionFacts(tx, userId);
  const grants = await tx
    .select({ startsOn: freeListingGrants.startsOn, endsOn: freeListingGrants.endsOn, revokedAt: freeListingGrants.revokedAt })
    .from(freeListingGrants)
    .where(eq(freeListingGrants.userId, userId));
  const after = deriveListing(subscriptions, grants, today);
  const before: ListingState | null = profile
    ? { paymentStatus: profile.paymentStatus as PaymentStatus, paymentExpiry: profile.paymentExpiry }
    : null;
  // Without a row, only something still running opens one (a performer who pays before writing a
  // profile): a profile an admin deleted stays deleted when its subscription's cancellation, or
  // any later event, arrives with paid time left on it.
  const opens = before !== null || subscriptions.some((sub) => isLiveSubscription(sub.status)) || grants.some((g) => isRunningGrant(g, today));
  if (!opens) return { userId, before, after, changed: false };
  const changed = before
    ? before.paymentStatus !== after.paymentStatus || before.paymentExpiry !== after.paymentExpiry
    : after.paymentStatus !== "pending";

  if (changed) {
    // Paying before writing a profile is allowed: the row then exists with only its payment fields,
    // and the editor fills in the rest without touching them.
    await tx
      .insert(profiles)
      .values({ id: userId, ...after })
      .onConflictDoUpdate({ target: profiles.id, set: after });
  }

  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (account) await queueLifecycleEmails(tx, { userId, email: account.email, before, after, subscriptions, context, now });
  return { userId, before, after, changed };
}

async function queueLifecycleEmails(
  tx: Executor,
  args: {
    userId: string;
    email: string;
    before: ListingState | null;
    after: ListingState;
    subscriptions: Awaited<ReturnType<typeof loadSubscriptionFacts>>;
    context: ListingContext;
    now: Date;
  },
): Promise<void> {
  const { userId, email, before, after, context, now } = args;
  const { siteName, publicUrl } = context.config;
  const links = billingLinks(publicUrl);
  const amountUsd = PLANS.YEARLY_MEMBERSHIP.priceUsd;

  for (const sub of args.subscriptions) {
    const paid = currentPeriodPaid(sub);
    // Keyed by subscription, not period: the receipt with the renewal terms follows the first payment only.
    if (paid && (sub.status === "active" || sub.status === "trialing") && (await claimNotice(tx, "receipt", userId, sub.id))) {
      await enqueueEmail(
        tx,
        subscriptionReceiptEmail({
          siteName,
          to: email,
          amountUsd,
          paidOn: now,
          periodEnd: sub.currentPeriodEnd,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          manageUrl: links.manage,
          cancelUrl: links.cancel,
          termsUrl: links.terms,
        }),
      );
    }
    // One notice per unpaid period, however many retries Stripe makes within it.
    if (
      !paid &&
      (sub.status === "past_due" || sub.status === "unpaid") &&
      (await claimNotice(tx, "payment_failed", userId, `${sub.id}:${sub.currentPeriodStart.toISOString()}`))
    ) {
      await enqueueEmail(
        tx,
        paymentFailedEmail({ siteName, to: email, amountUsd, listedUntil: after.paymentExpiry, manageUrl: links.manage }),
      );
    }
  }

  if (
    before?.paymentStatus === "paid" &&
    after.paymentStatus === "expired" &&
    after.paymentExpiry !== null &&
    (await claimNotice(tx, "listing_expired", userId, after.paymentExpiry))
  ) {
    await enqueueEmail(
      tx,
      listingExpiredEmail({ siteName, to: email, expiredOn: after.paymentExpiry, subscribeUrl: links.subscription }),
    );
  }
}
