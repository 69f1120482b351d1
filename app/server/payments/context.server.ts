import type { AppConfig } from "../platform/config.server";
import type { Db } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import type { StripePayments } from "./stripe.server";

/** What recomputing a listing needs besides the transaction: where links in its emails point. */
export interface ListingContext {
  config: Pick<AppConfig, "publicUrl" | "siteName">;
  logger?: Logger;
}

/**
 * What the payment functions need. Shaped so the app's services object can be passed as it is once
 * it carries `stripe` (null when payments are not configured).
 */
export interface PaymentsContext extends ListingContext {
  db: Db;
  stripe: StripePayments | null;
}

// Texts from the spec's error catalogue, shown to the performer word for word (the subscription
// page's form checks the plan with the same text).
export { CHECKOUT_FAILED_MESSAGE, INVALID_PRODUCT_MESSAGE } from "~/lib/subscription";

/**
 * Version of the terms a performer accepts by starting checkout, stored with each consent. It is the
 * date the terms page says they were last updated (LEGAL_LAST_UPDATED); change both together.
 */
export const TERMS_VERSION = "2025-05-16";

export type PaymentsErrorCode = "invalid_product" | "not_configured" | "no_customer" | "provider" | "unconfirmed";

/** Why checkout refuses an account whose address is not confirmed yet. */
export const UNCONFIRMED_CHECKOUT_MESSAGE =
  "Please confirm your email address before subscribing: follow the link we emailed you, or send a new one from your dashboard.";

/** A failure the subscription page shows in its inline error box; `message` is safe to show. */
export class PaymentsError extends Error {
  constructor(
    message: string,
    readonly code: PaymentsErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "PaymentsError";
  }
}

/**
 * Links used in billing emails and Stripe redirects. Emails link to the app, not to a portal session:
 * portal sessions expire within minutes, so the subscription page opens a fresh one on each click.
 */
export function billingLinks(publicUrl: string) {
  const subscription = `${publicUrl}/dashboard/subscription`;
  return {
    subscription,
    /** Opens the Stripe Customer Portal (card, invoices, cancel). */
    manage: `${subscription}?billing=manage`,
    /** Opens the portal straight on its cancellation step. */
    cancel: `${subscription}?billing=cancel`,
    checkoutSuccess: `${publicUrl}/dashboard?checkout=success`,
    checkoutCanceled: `${publicUrl}/dashboard?checkout=canceled`,
    terms: `${publicUrl}/terms`,
  };
}
