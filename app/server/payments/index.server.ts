// The payments module's public face: routes, server.ts and jobs import from here.
export {
  billingLinks,
  CHECKOUT_FAILED_MESSAGE,
  INVALID_PRODUCT_MESSAGE,
  PaymentsError,
  TERMS_VERSION,
  type ListingContext,
  type PaymentsContext,
  type PaymentsErrorCode,
} from "./context.server";
export {
  ensureStripeCustomer,
  openBillingPortal,
  startCheckout,
  type BillingPortalInput,
  type CheckoutStart,
  type StartCheckoutInput,
} from "./checkout.server";
export { claimFreeListingGrants, grantFreeListing, revokeFreeListingGrant, type GrantInput, type GrantResult } from "./grants.server";
export {
  deriveListing,
  isLiveSubscription,
  paidThrough,
  refreshListing,
  type GrantFacts,
  type ListingChange,
  type ListingState,
  type SubscriptionFacts,
} from "./listing-status.server";
export { createStripeClient, createStripePayments, STRIPE_API_VERSION, type StripePayments } from "./stripe.server";
export { subscriptionRow, syncCustomerInTransaction, syncUserSubscription } from "./sync.server";
export { handleStripeWebhook, HANDLED_EVENT_TYPES, type WebhookResult } from "./webhook.server";
