import { createHash } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import Stripe from "stripe";
import { PLANS } from "~/lib/constants";
import type { Executor } from "../db/client.server";
import { checkoutConsents, stripeCustomers, stripeSubscriptions, user } from "../db/schema";
import {
  billingLinks,
  CHECKOUT_FAILED_MESSAGE,
  INVALID_PRODUCT_MESSAGE,
  PaymentsError,
  TERMS_VERSION,
  UNCONFIRMED_CHECKOUT_MESSAGE,
  type PaymentsContext,
} from "./context.server";
import { isLiveSubscription, refreshListing } from "./listing-status.server";
import type { StripePayments } from "./stripe.server";
import { pullSubscriptions } from "./sync.server";

// Starting a subscription and managing it. Every step that could create something in Stripe runs
// under a row lock, so two tabs (or two app processes) clicking at once create one customer and
// hand out one checkout session.

// A session this close to expiring is not handed out again: the performer needs time to pay.
const SESSION_REUSE_MARGIN_MS = 10 * 60_000;

export type CheckoutStart =
  | { kind: "checkout"; url: string; sessionId: string }
  /** Already subscribed: manage the existing subscription instead of buying a second one. */
  | { kind: "portal"; url: string };

function requireStripe(context: PaymentsContext): StripePayments {
  if (!context.stripe) throw new PaymentsError(CHECKOUT_FAILED_MESSAGE, "not_configured");
  return context.stripe;
}

/** Turns anything thrown on the way into the message the subscription page shows. */
function asPaymentsError(error: unknown, fallback: string): PaymentsError {
  if (error instanceof PaymentsError) return error;
  // Stripe's own message for a request it refused (the spec shows "the server's error text");
  // network trouble and everything else get the generic text.
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.message) {
    return new PaymentsError(error.message, "provider", { cause: error });
  }
  return new PaymentsError(fallback, "provider", { cause: error });
}

/**
 * The user's Stripe customer, created on first use. The user row is locked while it is created and
 * the binding is committed before anything else uses it, so one user never gets two customers.
 */
export async function ensureStripeCustomer(
  context: PaymentsContext,
  userId: string,
): Promise<{ customerId: string; created: boolean }> {
  const stripe = requireStripe(context);
  return context.db.transaction(async (tx) => {
    // NO KEY UPDATE: serialises callers without blocking sign-ins that insert rows pointing at the user.
    const [account] = await tx
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, userId))
      .for("no key update");
    if (!account) throw new PaymentsError(CHECKOUT_FAILED_MESSAGE, "no_customer");
    const [existing] = await tx
      .select({ customerId: stripeCustomers.customerId })
      .from(stripeCustomers)
      .where(eq(stripeCustomers.userId, userId));
    if (existing) return { customerId: existing.customerId, created: false };
    // If this transaction fails after Stripe created the customer, the retry gets the same customer
    // back instead of a second one (Stripe keeps idempotency keys for 24 hours).
    const emailKey = createHash("sha256").update(account.email).digest("hex").slice(0, 16);
    const customer = await stripe.client.customers.create(
      { email: account.email, metadata: { user_id: userId } },
      { idempotencyKey: `costumecast-customer-${userId}-${emailKey}` },
    );
    await tx.insert(stripeCustomers).values({ userId, customerId: customer.id });
    return { customerId: customer.id, created: true };
  });
}

async function recordConsent(
  tx: Executor,
  consent: { userId: string; termsVersion: string; priceId: string; sessionId: string; now: Date },
): Promise<void> {
  await tx.insert(checkoutConsents).values({
    userId: consent.userId,
    termsVersion: consent.termsVersion,
    planId: PLANS.YEARLY_MEMBERSHIP.id,
    priceId: consent.priceId,
    checkoutSessionId: consent.sessionId,
    agreedAt: consent.now,
  });
}

async function portalSession(
  stripe: StripePayments,
  customerId: string,
  returnUrl: string,
  cancelSubscriptionId: string | null = null,
): Promise<string> {
  const session = await stripe.client.billingPortal.sessions.create({
    customer: customerId,
    return_url: returnUrl,
    ...(cancelSubscriptionId
      ? {
          flow_data: {
            type: "subscription_cancel" as const,
            subscription_cancel: { subscription: cancelSubscriptionId },
            after_completion: { type: "redirect" as const, redirect: { return_url: returnUrl } },
          },
        }
      : {}),
  });
  return session.url;
}

export interface StartCheckoutInput {
  userId: string;
  /** The plan key the subscription page posts; only YEARLY_MEMBERSHIP exists. */
  planId: string;
  /** Version of the terms the performer accepted by clicking Subscribe Now. */
  termsVersion?: string;
  now?: Date;
}

/**
 * "Subscribe Now": a Stripe Checkout session for the Yearly Membership, or the billing portal when
 * the user already has a live subscription. Throws PaymentsError with the text to show.
 */
export async function startCheckout(context: PaymentsContext, input: StartCheckoutInput): Promise<CheckoutStart> {
  if (input.planId !== PLANS.YEARLY_MEMBERSHIP.id) throw new PaymentsError(INVALID_PRODUCT_MESSAGE, "invalid_product");
  // Paying lists the account, so it must be the address's owner's: before confirmation nothing is
  // created in Stripe at all (no customer, no session).
  const [account] = await context.db.select({ confirmed: user.emailVerified }).from(user).where(eq(user.id, input.userId));
  if (account && !account.confirmed) throw new PaymentsError(UNCONFIRMED_CHECKOUT_MESSAGE, "unconfirmed");
  const stripe = requireStripe(context);
  const now = input.now ?? new Date();
  const links = billingLinks(context.config.publicUrl);
  const termsVersion = input.termsVersion ?? TERMS_VERSION;
  try {
    const { customerId, created } = await ensureStripeCustomer(context, input.userId);
    return await context.db.transaction(async (tx): Promise<CheckoutStart> => {
      // Whichever session the performer is sent to, what they agreed to is recorded with it.
      const handOut = async (sessionId: string, url: string): Promise<CheckoutStart> => {
        await recordConsent(tx, { userId: input.userId, termsVersion, priceId: stripe.priceId, sessionId, now });
        return { kind: "checkout", url, sessionId };
      };
      const [binding] = await tx
        .select()
        .from(stripeCustomers)
        .where(eq(stripeCustomers.userId, input.userId))
        .for("update");

      // A session handed out earlier (another tab, a double click) and still open is the one to pay.
      if (
        binding.openCheckoutSessionId &&
        binding.openCheckoutExpiresAt &&
        binding.openCheckoutExpiresAt.getTime() > now.getTime() + SESSION_REUSE_MARGIN_MS
      ) {
        const open = await stripe.client.checkout.sessions.retrieve(binding.openCheckoutSessionId);
        if (open.status === "open" && open.url) return handOut(open.id, open.url);
      }

      // A customer made a moment ago has no subscriptions: skip the call.
      if (!created) {
        const subscriptions = await pullSubscriptions(tx, stripe, customerId);
        await refreshListing(tx, input.userId, context, now);
        if (subscriptions.some((sub) => isLiveSubscription(sub.status))) {
          return { kind: "portal", url: await portalSession(stripe, customerId, links.subscription) };
        }
      }

      const session = await stripe.client.checkout.sessions.create({
        mode: "subscription",
        customer: customerId,
        client_reference_id: input.userId,
        line_items: [{ price: stripe.priceId, quantity: 1 }],
        success_url: links.checkoutSuccess,
        cancel_url: links.checkoutCanceled,
        metadata: { user_id: input.userId, plan_id: input.planId, terms_version: termsVersion },
        subscription_data: { metadata: { user_id: input.userId } },
        custom_text: {
          submit: {
            message: `Yearly Membership: $${PLANS.YEARLY_MEMBERSHIP.priceUsd} per year, renewing automatically every year until you cancel. Cancel anytime; the fee is non-refundable and your listing stays active until the end of the year you paid for.`,
          },
        },
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      await tx
        .update(stripeCustomers)
        .set({
          openCheckoutSessionId: session.id,
          openCheckoutUrl: session.url,
          openCheckoutExpiresAt: new Date(session.expires_at * 1000),
        })
        .where(eq(stripeCustomers.userId, input.userId));
      return handOut(session.id, session.url);
    });
  } catch (error) {
    context.logger?.error({ err: error, userId: input.userId }, "checkout could not start");
    throw asPaymentsError(error, CHECKOUT_FAILED_MESSAGE);
  }
}

export interface BillingPortalInput {
  userId: string;
  /** "cancel" opens the portal on its cancellation step (the one-click link in reminder emails). */
  flow?: "manage" | "cancel";
  returnUrl?: string;
}

/** "Manage billing": a Stripe Customer Portal session (cancel at period end, card, invoices). */
export async function openBillingPortal(context: PaymentsContext, input: BillingPortalInput): Promise<{ url: string }> {
  const stripe = requireStripe(context);
  const returnUrl = input.returnUrl ?? billingLinks(context.config.publicUrl).subscription;
  const [binding] = await context.db
    .select({ customerId: stripeCustomers.customerId })
    .from(stripeCustomers)
    .where(eq(stripeCustomers.userId, input.userId));
  if (!binding) throw new PaymentsError("There is no subscription to manage yet.", "no_customer");
  let cancelId: string | null = null;
  if (input.flow === "cancel") {
    const [renewing] = await context.db
      .select({ id: stripeSubscriptions.id })
      .from(stripeSubscriptions)
      .where(
        and(
          eq(stripeSubscriptions.customerId, binding.customerId),
          inArray(stripeSubscriptions.status, ["active", "trialing", "past_due"]),
          eq(stripeSubscriptions.cancelAtPeriodEnd, false),
        ),
      )
      .limit(1);
    // Nothing left to cancel (already set to end): the plain portal shows that.
    cancelId = renewing?.id ?? null;
  }
  try {
    return { url: await portalSession(stripe, binding.customerId, returnUrl, cancelId) };
  } catch (error) {
    context.logger?.error({ err: error, userId: input.userId }, "billing portal could not open");
    throw asPaymentsError(error, "Failed to open billing portal");
  }
}
