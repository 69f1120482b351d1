// Wire shapes of the Stripe objects the sandbox serves: the fields the app and the SDK read, named
// and nested as in API version 2026-10-28 (period on the subscription item, invoice -> parent).

export interface Price {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  unit_amount: number;
  product: string;
  type: "recurring";
  recurring: { interval: "year" | "month"; interval_count: number };
  nickname: string | null;
  livemode: false;
}

export interface Customer {
  id: string;
  object: "customer";
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  mode: "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  metadata: Record<string, string>;
  subscription: string | null;
  invoice: string | null;
  currency: string;
  amount_total: number;
  custom_text: { submit: { message: string } | null };
  livemode: false;
}

export interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  price: Price;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
  subscription: string;
  created: number;
  metadata: Record<string, string>;
}

export type SubscriptionStatus =
  | "incomplete"
  | "incomplete_expired"
  | "trialing"
  | "active"
  | "past_due"
  | "canceled"
  | "unpaid"
  | "paused";

export interface Subscription {
  id: string;
  object: "subscription";
  customer: string;
  status: SubscriptionStatus;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  latest_invoice: string | null;
  metadata: Record<string, string>;
  items: { object: "list"; data: SubscriptionItem[]; has_more: false; url: string };
  collection_method: "charge_automatically";
  currency: string;
  livemode: false;
}

export interface Invoice {
  id: string;
  object: "invoice";
  customer: string;
  status: "open" | "paid";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  billing_reason: "subscription_create" | "subscription_cycle";
  parent: {
    type: "subscription_details";
    subscription_details: { subscription: string; metadata: Record<string, string> };
    quote_details: null;
  };
  period_start: number;
  period_end: number;
  attempt_count: number;
  created: number;
  status_transitions: { paid_at: number | null };
  livemode: false;
}

export interface PortalSession {
  id: string;
  object: "billing_portal.session";
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  configuration: string;
  flow: {
    type: "subscription_cancel";
    subscription_cancel: { subscription: string };
    after_completion: { type: "redirect"; redirect: { return_url: string } | null };
  } | null;
  livemode: false;
}

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  type: string;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
}

export type StripeObject = Customer | CheckoutSession | Subscription | Invoice | PortalSession | Price;
