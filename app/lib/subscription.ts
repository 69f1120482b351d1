import { z } from "zod";
import { PLANS, type PaymentStatus, type PlanId } from "./constants";

// The subscription page (/dashboard/subscription): its form, its texts and the listing status every
// performer-facing screen (dashboard, preview, subscription) reads. Texts in quotes in the product
// spec are used word for word.

export const SUBSCRIPTION_SIGN_IN_NOTICE = "Please sign in to continue with your subscription.";
export const INVALID_PRODUCT_MESSAGE = "Invalid product ID";
export const CHECKOUT_FAILED_MESSAGE = "Failed to create checkout session";
/** The toast after Subscribe Now failed (the inline box shows the reason). */
export const CHECKOUT_FAILED_TOAST = "Failed to start checkout process";
export const LOADING_SUBSCRIPTION = "Loading subscription details...";
export const RENEWAL_NOTE = "Subscription renews automatically. Cancel anytime.";

/** The spec's feature list, in its order. */
export const PLAN_FEATURES = [
  "Professional profile listing",
  "Up to 4 images",
  "Bio and services description",
  "Location-based visibility",
  "Category search inclusion",
  "Direct client inquiries",
  "Social media links",
  "Automatic yearly renewal",
] as const;

function isPlanId(value: string): value is PlanId {
  return Object.hasOwn(PLANS, value);
}

/**
 * The two buttons of the page: Subscribe Now (with the plan key) and Manage billing. Nothing posted
 * here can change a listing: the listing follows Stripe, never the form.
 */
export const subscriptionActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("subscribe"),
      plan: z.string().refine(isPlanId, INVALID_PRODUCT_MESSAGE),
    }),
    z.object({ intent: z.literal("manage") }),
  ],
  { error: "Something went wrong. Please try again." },
);

export interface SubscriptionActionResult {
  intent: "subscribe" | "manage" | null;
  /** For the inline red box. */
  error: string;
}

/** A performer's listing as every performer-facing screen shows it, derived from the one stored status. */
export interface ListingStatusView {
  paymentStatus: PaymentStatus;
  /** Last day listed (YYYY-MM-DD), or null when nothing was ever paid or granted. */
  paymentExpiry: string | null;
  /** Paid (or granted) and not past the last day: the account reads Active. */
  paid: boolean;
  /** Visible to the public right now (paid, switched on, named). */
  listed: boolean;
  /** The Stripe subscription that still bills, if any. */
  subscription: {
    /** The next automatic renewal (YYYY-MM-DD); null once cancelled or while a payment is failing. */
    renewsOn: string | null;
    /** Set to end: the last day of the paid period (YYYY-MM-DD). */
    cancelsOn: string | null;
    /** The latest renewal payment failed; the listing stays until its paid time ends. */
    paymentFailed: boolean;
  } | null;
  /** Listed through a free grant with no subscription to renew it. */
  freeListing: boolean;
}
