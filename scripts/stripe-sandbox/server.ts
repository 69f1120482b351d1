import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { STRIPE_API_VERSION } from "~/server/payments/stripe.server";
import { field, listField, objectField, parseStripeForm, stringRecord, type FormObject } from "./form";
import type {
  CheckoutSession,
  Customer,
  Invoice,
  PortalSession,
  Price,
  StripeEvent,
  StripeObject,
  Subscription,
  SubscriptionStatus,
} from "./objects";
import { checkoutPage, indexPage, notFoundPage, portalPage } from "./pages";

// A Stripe-shaped server on loopback: the part of Stripe's v1 API the app calls, a test checkout
// page and a test billing portal, and events signed exactly as Stripe signs them, so tests and the
// demo run the app's real Stripe code path with no network. Test-only controls move a
// subscription's clock and redeliver or reorder events.

export const SANDBOX_DEFAULTS = {
  port: 12111,
  secretKey: "sk_test_costumecast_sandbox",
  webhookSecret: "whsec_costumecast_sandbox",
  priceId: "price_costumecast_yearly",
  webhookUrl: "http://localhost:3000/api/stripe/webhook",
} as const;

export interface StripeSandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** When set, API calls must carry it as their bearer key, like Stripe. */
  secretKey?: string;
  /** The app's STRIPE_WEBHOOK_SECRET: events are signed with it. */
  webhookSecret: string;
  /** Where events are POSTed; null keeps them until a URL is set or they are delivered by hand. */
  webhookUrl?: string | null;
  /** Prices it knows; default one: the $29 yearly membership under SANDBOX_DEFAULTS.priceId. */
  prices?: { id: string; unitAmount: number; currency?: string; interval?: "year" | "month"; nickname?: string }[];
  siteName?: string;
  log?: (line: string) => void;
}

export interface Delivery {
  at: number;
  status: number | null;
  error?: string;
  response?: string;
}

export interface EventRecord {
  event: StripeEvent;
  /** The exact bytes sent (and re-sent on redelivery). */
  payload: string;
  deliveries: Delivery[];
}

/** renew: the period ends and the card pays (or, when set to cancel, the subscription ends).
 *  fail_payment: the period ends and the renewal payment fails. retry_fails: Stripe's next attempt
 *  fails too. pay: a failed payment succeeds on retry. end: the subscription ends without renewing. */
export type AdvanceAction = "renew" | "fail_payment" | "retry_fails" | "pay" | "end";

export interface StripeSandbox {
  /** Base address, e.g. http://127.0.0.1:40123; the app's STRIPE_API_URL. */
  url: string;
  port: number;
  stop(): Promise<void>;
  setWebhookUrl(url: string | null): void;
  /** API requests received, by "METHOD /v1/path" (ids replaced by :id). */
  requestCounts(): { total: number; byEndpoint: Record<string, number> };
  resetRequestCounts(): void;
  events(): EventRecord[];
  subscriptions(): Subscription[];
  customers(): Customer[];
  checkoutSession(id: string): CheckoutSession | undefined;
  /** What the test checkout page's Pay button does, without the redirect. */
  pay(sessionId: string): Promise<{ subscription: Subscription; events: string[] }>;
  /** What the test portal's Cancel subscription button does. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<{ events: string[] }>;
  advance(subscriptionId: string, action: AdvanceAction): Promise<{ subscription: Subscription; events: string[] }>;
  expireCheckoutSession(sessionId: string): Promise<void>;
  /** Queue events instead of delivering them, until release(). */
  holdWebhooks(): void;
  /** Deliver queued events, those named in `order` first and in that order, then the rest; stop holding. */
  releaseWebhooks(order?: string[]): Promise<Delivery[]>;
  redeliver(eventId: string): Promise<Delivery>;
  /** Deliver (again) these events, in this order. */
  deliver(eventIds: string[]): Promise<Delivery[]>;
  /** While on, every API request fails with a 500 api_error (and tells the SDK not to retry). */
  setOutage(on: boolean): void;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("hex")}`;
}

/** Same day and time, one calendar year (or month) later, in UTC. */
function addInterval(seconds: number, interval: "year" | "month"): number {
  const d = new Date(seconds * 1000);
  const next = Date.UTC(
    d.getUTCFullYear() + (interval === "year" ? 1 : 0),
    d.getUTCMonth() + (interval === "month" ? 1 : 0),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  return Math.floor(next / 1000);
}

function clone<T>(value: T): T {
  return structuredClone(value);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const siteName = options.siteName ?? "CostumeCast";
  const log = options.log ?? (() => undefined);
  let webhookUrl = options.webhookUrl ?? null;
  let outage = false;
  let holding = false;
  const held: string[] = [];

  const prices = new Map<string, Price>();
  for (const p of options.prices ?? [{ id: SANDBOX_DEFAULTS.priceId, unitAmount: 2900, nickname: "Yearly Membership" }]) {
    prices.set(p.id, {
      id: p.id,
      object: "price",
      active: true,
      currency: p.currency ?? "usd",
      unit_amount: p.unitAmount,
      product: "prod_costumecast_listing",
      type: "recurring",
      recurring: { interval: p.interval ?? "year", interval_count: 1 },
      nickname: p.nickname ?? null,
      livemode: false,
    });
  }
  const customers = new Map<string, Customer>();
  const sessions = new Map<string, CheckoutSession>();
  // Checkout parameters that are not part of the session object but shape what paying creates.
  const sessionPrice = new Map<string, string>();
  const sessionSubscriptionMetadata = new Map<string, Record<string, string>>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const portals = new Map<string, PortalSession>();
  const eventLog: EventRecord[] = [];
  const eventsById = new Map<string, EventRecord>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const counts = new Map<string, number>();

  let baseUrl = "";

  // ------------------------------------------------------------ events and delivery

  function emit(type: string, object: StripeObject, previous?: Record<string, unknown>): string {
    const event: StripeEvent = {
      id: newId("evt"),
      object: "event",
      api_version: STRIPE_API_VERSION,
      created: nowSeconds(),
      type,
      data: previous ? { object: clone(object), previous_attributes: previous } : { object: clone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const record: EventRecord = { event, payload: JSON.stringify(event, null, 2), deliveries: [] };
    eventLog.push(record);
    eventsById.set(event.id, record);
    held.push(event.id);
    return event.id;
  }

  async function send(record: EventRecord): Promise<Delivery> {
    const delivery: Delivery = { at: Date.now(), status: null };
    if (!webhookUrl) {
      delivery.error = "no webhook URL configured";
      record.deliveries.push(delivery);
      return delivery;
    }
    // Signed at send time, as Stripe does: a redelivery carries a fresh timestamp.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: record.payload, secret: options.webhookSecret });
    try {
      const response = await fetch(webhookUrl, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": signature,
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: record.payload,
        signal: AbortSignal.timeout(30_000),
      });
      delivery.status = response.status;
      delivery.response = (await response.text()).slice(0, 500);
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    record.deliveries.push(delivery);
    log(`webhook ${record.event.type} ${record.event.id} -> ${delivery.status ?? delivery.error}`);
    return delivery;
  }

  /** Delivers what is queued, in order, unless webhooks are held. */
  async function deliverCaused(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const at = held.indexOf(id);
      if (at < 0) continue;
      held.splice(at, 1);
      await send(eventsById.get(id)!);
    }
  }

  async function flush(): Promise<void> {
    if (holding) return;
    while (held.length > 0) {
      const id = held.shift()!;
      await send(eventsById.get(id)!);
    }
  }

  // ------------------------------------------------------------ state changes

  function expandable(id: string): StripeObject | undefined {
    return customers.get(id) ?? subscriptions.get(id) ?? invoices.get(id) ?? sessions.get(id) ?? portals.get(id) ?? prices.get(id);
  }

  function requireSubscription(id: string): Subscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new ApiError(404, "invalid_request_error", `No such subscription: '${id}'`, "resource_missing", "id");
    return sub;
  }

  function createInvoice(sub: Subscription, reason: Invoice["billing_reason"], paid: boolean): Invoice {
    const item = sub.items.data[0];
    const amount = item.price.unit_amount * item.quantity;
    const now = nowSeconds();
    const invoice: Invoice = {
      id: newId("in"),
      object: "invoice",
      customer: sub.customer,
      status: paid ? "paid" : "open",
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      currency: item.price.currency,
      billing_reason: reason,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
        quote_details: null,
      },
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      attempt_count: 1,
      created: now,
      status_transitions: { paid_at: paid ? now : null },
      livemode: false,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  function paySession(sessionId: string): { subscription: Subscription; events: string[] } {
    const session = sessions.get(sessionId);
    if (!session) throw new ApiError(404, "invalid_request_error", `No such checkout.session: '${sessionId}'`, "resource_missing", "id");
    if (session.status === "complete" && session.subscription) {
      return { subscription: subscriptions.get(session.subscription)!, events: [] };
    }
    if (session.status !== "open") throw new ApiError(400, "invalid_request_error", "This Checkout Session is no longer active.");
    const price = prices.get(sessionPrice.get(session.id)!)!;
    let customerId = session.customer;
    if (!customerId) {
      const customer: Customer = {
        id: newId("cus"),
        object: "customer",
        email: session.customer_email,
        name: null,
        metadata: {},
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      customerId = customer.id;
      session.customer = customerId;
    }
    const now = nowSeconds();
    const subId = newId("sub");
    const sub: Subscription = {
      id: subId,
      object: "subscription",
      customer: customerId,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: now,
      start_date: now,
      latest_invoice: null,
      metadata: { ...(sessionSubscriptionMetadata.get(session.id) ?? {}) },
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            price: clone(price),
            quantity: 1,
            current_period_start: now,
            current_period_end: addInterval(now, price.recurring.interval),
            subscription: subId,
            created: now,
            metadata: {},
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
      },
      collection_method: "charge_automatically",
      currency: price.currency,
      livemode: false,
    };
    subscriptions.set(sub.id, sub);
    const invoice = createInvoice(sub, "subscription_create", true);
    session.status = "complete";
    session.payment_status = "paid";
    session.subscription = sub.id;
    session.invoice = invoice.id;
    session.url = null;
    // Stripe sends these in no guaranteed order; this is a common one.
    const events = [
      emit("customer.subscription.created", sub),
      emit("invoice.paid", invoice),
      emit("invoice.payment_succeeded", invoice),
      emit("checkout.session.completed", session),
    ];
    return { subscription: sub, events };
  }

  function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): string[] {
    const sub = requireSubscription(subscriptionId);
    if (sub.status === "canceled" || sub.cancel_at_period_end === cancel) return [];
    const previous = { cancel_at_period_end: sub.cancel_at_period_end, cancel_at: sub.cancel_at, canceled_at: sub.canceled_at };
    sub.cancel_at_period_end = cancel;
    sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
    sub.canceled_at = cancel ? nowSeconds() : null;
    return [emit("customer.subscription.updated", sub, previous)];
  }

  function endSubscription(sub: Subscription): string[] {
    const item = sub.items.data[0];
    const unpaid = sub.status === "past_due" || sub.status === "unpaid";
    sub.status = "canceled";
    // Unpaid: Stripe gives up after its last retry, now. Otherwise it ran to the end of its period.
    sub.ended_at = unpaid ? nowSeconds() : item.current_period_end;
    sub.canceled_at = sub.canceled_at ?? nowSeconds();
    return [emit("customer.subscription.deleted", sub)];
  }

  function advance(subscriptionId: string, action: AdvanceAction): { subscription: Subscription; events: string[] } {
    const sub = requireSubscription(subscriptionId);
    const item = sub.items.data[0];
    const live: SubscriptionStatus[] = ["active", "trialing", "past_due", "unpaid"];
    if (!live.includes(sub.status)) throw new ApiError(400, "invalid_request_error", `Subscription ${sub.id} is ${sub.status}`);
    const previous = {
      status: sub.status,
      latest_invoice: sub.latest_invoice,
      items: clone(sub.items),
    };
    const newPeriod = () => {
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(item.current_period_start, item.price.recurring.interval);
    };
    switch (action) {
      case "renew": {
        if (sub.cancel_at_period_end) return { subscription: sub, events: endSubscription(sub) };
        newPeriod();
        sub.status = "active";
        const invoice = createInvoice(sub, "subscription_cycle", true);
        const events = [
          emit("invoice.paid", invoice),
          emit("invoice.payment_succeeded", invoice),
          emit("customer.subscription.updated", sub, previous),
        ];
        return { subscription: sub, events };
      }
      case "fail_payment": {
        if (sub.cancel_at_period_end) return { subscription: sub, events: endSubscription(sub) };
        newPeriod();
        sub.status = "past_due";
        const invoice = createInvoice(sub, "subscription_cycle", false);
        const events = [emit("invoice.payment_failed", invoice), emit("customer.subscription.updated", sub, previous)];
        return { subscription: sub, events };
      }
      case "retry_fails": {
        const invoice = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
        if (!invoice || invoice.status === "paid") throw new ApiError(400, "invalid_request_error", "Nothing to retry");
        invoice.attempt_count += 1;
        return { subscription: sub, events: [emit("invoice.payment_failed", invoice)] };
      }
      case "pay": {
        const invoice = sub.latest_invoice ? invoices.get(sub.latest_invoice) : undefined;
        if (!invoice || invoice.status === "paid") throw new ApiError(400, "invalid_request_error", "Nothing to pay");
        invoice.status = "paid";
        invoice.amount_paid = invoice.amount_due;
        invoice.amount_remaining = 0;
        invoice.attempt_count += 1;
        invoice.status_transitions.paid_at = nowSeconds();
        sub.status = "active";
        const events = [
          emit("invoice.paid", invoice),
          emit("invoice.payment_succeeded", invoice),
          emit("customer.subscription.updated", sub, { status: previous.status }),
        ];
        return { subscription: sub, events };
      }
      case "end":
        return { subscription: sub, events: endSubscription(sub) };
      default:
        throw new ApiError(400, "invalid_request_error", `Unknown action: ${String(action)}`);
    }
  }

  // ------------------------------------------------------------ API

  function expand(value: unknown, paths: string[]): unknown {
    if (paths.length === 0) return value;
    const copy = clone(value) as Record<string, unknown>;
    for (const path of paths) expandPath(copy, path.split("."));
    return copy;
  }

  function expandPath(target: Record<string, unknown>, segments: string[]): void {
    const [head, ...rest] = segments;
    const value = target[head];
    if (head === "data" && Array.isArray(value)) {
      for (const entry of value as Record<string, unknown>[]) if (rest.length) expandPath(entry, rest);
      return;
    }
    if (rest.length === 0) {
      if (typeof value === "string") {
        const found = expandable(value);
        if (found) target[head] = clone(found);
      }
      return;
    }
    if (value && typeof value === "object") expandPath(value as Record<string, unknown>, rest);
  }

  function expansions(form: FormObject): string[] {
    return listField(form, "expand").filter((v): v is string => typeof v === "string");
  }

  function endpointName(method: string, path: string): string {
    return `${method} ${path.replace(/\/(cus|sub|cs_test|in|bps|evt|price|si)_[A-Za-z0-9]+/g, "/:id")}`;
  }

  function listOf<T>(data: T[], url: string) {
    return { object: "list", data, has_more: false, url };
  }

  function api(method: string, path: string, form: FormObject): { status: number; body: unknown } {
    let match: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers") {
      const customer: Customer = {
        id: newId("cus"),
        object: "customer",
        email: field(form, "email"),
        name: field(form, "name"),
        metadata: stringRecord(objectField(form, "metadata")),
        created: nowSeconds(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      const customer = customers.get(match[1]);
      if (!customer) throw new ApiError(404, "invalid_request_error", `No such customer: '${match[1]}'`, "resource_missing", "id");
      return { status: 200, body: expand(customer, expansions(form)) };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (field(form, "mode") !== "subscription") {
        throw new ApiError(400, "invalid_request_error", "This test server only supports mode=subscription.", "parameter_invalid_string", "mode");
      }
      const successUrl = field(form, "success_url");
      if (!successUrl) throw new ApiError(400, "invalid_request_error", "Missing required param: success_url.", "parameter_missing", "success_url");
      const lineItems = listField(form, "line_items");
      const first = lineItems[0];
      const priceId = first && typeof first === "object" && !Array.isArray(first) ? field(first, "price") : null;
      if (!priceId) throw new ApiError(400, "invalid_request_error", "Missing required param: line_items.", "parameter_missing", "line_items");
      const price = prices.get(priceId);
      if (!price) {
        throw new ApiError(400, "invalid_request_error", `No such price: '${priceId}'`, "resource_missing", "line_items[0][price]");
      }
      const customerId = field(form, "customer");
      if (customerId && !customers.has(customerId)) {
        throw new ApiError(400, "invalid_request_error", `No such customer: '${customerId}'`, "resource_missing", "customer");
      }
      const created = nowSeconds();
      const id = newId("cs_test");
      const submit = objectField(objectField(form, "custom_text") ?? {}, "submit");
      const session: CheckoutSession = {
        id,
        object: "checkout.session",
        mode: "subscription",
        status: "open",
        payment_status: "unpaid",
        customer: customerId,
        customer_email: customerId ? customers.get(customerId)!.email : field(form, "customer_email"),
        client_reference_id: field(form, "client_reference_id"),
        success_url: successUrl.replace("{CHECKOUT_SESSION_ID}", id),
        cancel_url: field(form, "cancel_url"),
        url: `${baseUrl}/checkout/${id}`,
        created,
        expires_at: created + 24 * 60 * 60,
        metadata: stringRecord(objectField(form, "metadata")),
        subscription: null,
        invoice: null,
        currency: price.currency,
        amount_total: price.unit_amount,
        custom_text: { submit: submit && field(submit, "message") ? { message: field(submit, "message")! } : null },
        livemode: false,
      };
      sessions.set(id, session);
      sessionPrice.set(id, price.id);
      sessionSubscriptionMetadata.set(id, stringRecord(objectField(objectField(form, "subscription_data") ?? {}, "metadata")));
      return { status: 200, body: session };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = sessions.get(match[1]);
      if (!session) throw new ApiError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, "resource_missing", "id");
      return { status: 200, body: expand(session, expansions(form)) };
    }
    if (method === "POST" && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
      const session = sessions.get(match[1]);
      if (!session) throw new ApiError(404, "invalid_request_error", `No such checkout.session: '${match[1]}'`, "resource_missing", "id");
      if (session.status !== "open") {
        throw new ApiError(400, "invalid_request_error", `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      }
      session.status = "expired";
      session.url = null;
      emit("checkout.session.expired", session);
      return { status: 200, body: session };
    }
    if (method === "GET" && path === "/v1/subscriptions") {
      const customer = field(form, "customer");
      const status = field(form, "status");
      const limit = Math.min(100, Math.max(1, Number(field(form, "limit") ?? 10)));
      const data = [...subscriptions.values()]
        .filter((s) => !customer || s.customer === customer)
        .filter((s) => {
          if (status === "all") return true;
          if (status === "ended") return s.status === "canceled" || s.status === "incomplete_expired";
          if (status) return s.status === status;
          return s.status !== "canceled" && s.status !== "incomplete_expired";
        })
        .sort((a, b) => b.created - a.created)
        .slice(0, limit);
      return { status: 200, body: expand(listOf(data, "/v1/subscriptions"), expansions(form)) };
    }
    if (method === "GET" && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      return { status: 200, body: expand(requireSubscription(match[1]), expansions(form)) };
    }
    if (method === "DELETE" && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      // Cancels at once, as Stripe does: no refund, no final invoice, the period is not run out.
      const sub = requireSubscription(match[1]);
      if (sub.status === "canceled" || sub.status === "incomplete_expired") {
        throw new ApiError(400, "invalid_request_error", "A canceled subscription can only update its cancellation_details and metadata.");
      }
      sub.status = "canceled";
      sub.canceled_at = nowSeconds();
      sub.ended_at = sub.canceled_at;
      sub.cancel_at = null;
      sub.cancel_at_period_end = false;
      emit("customer.subscription.deleted", sub);
      return { status: 200, body: expand(sub, expansions(form)) };
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const customerId = field(form, "customer");
      if (!customerId) throw new ApiError(400, "invalid_request_error", "Missing required param: customer.", "parameter_missing", "customer");
      if (!customers.has(customerId)) {
        throw new ApiError(400, "invalid_request_error", `No such customer: '${customerId}'`, "resource_missing", "customer");
      }
      const flowData = objectField(form, "flow_data");
      let flow: PortalSession["flow"] = null;
      if (flowData) {
        if (field(flowData, "type") !== "subscription_cancel") {
          throw new ApiError(400, "invalid_request_error", "This test server only supports flow_data[type]=subscription_cancel.", undefined, "flow_data[type]");
        }
        const subscriptionId = field(objectField(flowData, "subscription_cancel") ?? {}, "subscription");
        if (!subscriptionId) {
          throw new ApiError(400, "invalid_request_error", "Missing required param: flow_data[subscription_cancel][subscription].", "parameter_missing");
        }
        const sub = requireSubscription(subscriptionId);
        if (sub.customer !== customerId) throw new ApiError(400, "invalid_request_error", "The subscription belongs to another customer.");
        const after = objectField(flowData, "after_completion");
        const redirect = after ? objectField(after, "redirect") : null;
        const redirectUrl = redirect ? field(redirect, "return_url") : null;
        flow = {
          type: "subscription_cancel",
          subscription_cancel: { subscription: subscriptionId },
          after_completion: { type: "redirect", redirect: redirectUrl ? { return_url: redirectUrl } : null },
        };
      }
      const id = newId("bps");
      const portal: PortalSession = {
        id,
        object: "billing_portal.session",
        customer: customerId,
        return_url: field(form, "return_url"),
        url: `${baseUrl}/portal/${id}`,
        created: nowSeconds(),
        configuration: "bpc_costumecast_sandbox",
        flow,
        livemode: false,
      };
      portals.set(id, portal);
      return { status: 200, body: portal };
    }
    throw new ApiError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  function authorized(req: http.IncomingMessage): ApiError | null {
    if (!options.secretKey) return null;
    const header = req.headers.authorization ?? "";
    if (!header) {
      return new ApiError(401, "invalid_request_error", "You did not provide an API key. Provide it in the Authorization header (Bearer auth).");
    }
    const key = header.replace(/^Bearer\s+/i, "");
    if (key !== options.secretKey) {
      return new ApiError(401, "invalid_request_error", `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
    }
    return null;
  }

  function errorBody(error: ApiError) {
    return {
      error: {
        type: error.type,
        message: error.message,
        ...(error.code ? { code: error.code, doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, "-")}` } : {}),
        ...(error.param ? { param: error.param } : {}),
      },
    };
  }

  // ------------------------------------------------------------ HTTP

  function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(text),
      "Request-Id": newId("req"),
      "Stripe-Version": STRIPE_API_VERSION,
      ...headers,
    });
    res.end(text);
  }

  function sendHtml(res: http.ServerResponse, status: number, html: string): void {
    res.writeHead(status, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    res.end(html);
  }

  function redirect(res: http.ServerResponse, location: string): void {
    res.writeHead(303, { Location: location });
    res.end();
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    const name = endpointName(method, url.pathname);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const body = await readBody(req);
    if (outage) {
      sendJson(res, 500, errorBody(new ApiError(500, "api_error", "The Stripe-shaped test server is in a simulated outage.")), {
        "Stripe-Should-Retry": "false",
      });
      return;
    }
    const denied = authorized(req);
    if (denied) {
      sendJson(res, denied.status, errorBody(denied));
      return;
    }
    const form = parseStripeForm(method === "GET" || method === "DELETE" ? url.search.slice(1) : body);
    const key = req.headers["idempotency-key"];
    const replayKey = typeof key === "string" && method === "POST" ? `${name} ${key}` : null;
    const replay = replayKey ? idempotent.get(replayKey) : undefined;
    if (replay) {
      sendJson(res, replay.status, replay.body, { "Idempotent-Replayed": "true" });
      return;
    }
    let answer: { status: number; body: unknown };
    const eventsBefore = eventLog.length;
    try {
      answer = api(method, url.pathname, form);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = { status: error.status, body: errorBody(error) };
    }
    if (replayKey) idempotent.set(replayKey, answer);
    sendJson(res, answer.status, answer.body);
    // Events this API call caused (a cancellation) follow its answer, as Stripe's do. Only those:
    // events a test left queued on purpose stay queued whatever API calls come later.
    const caused = eventLog.slice(eventsBefore).map((record) => record.event.id);
    if (!holding && caused.length > 0) {
      deliverCaused(caused).catch((error: unknown) => log(`webhook delivery failed: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  async function handlePages(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    const form = new URLSearchParams(method === "POST" ? await readBody(req) : "");
    let match: RegExpMatchArray | null;

    if ((match = url.pathname.match(/^\/checkout\/([^/]+)(\/pay)?$/))) {
      const session = sessions.get(match[1]);
      if (!session) {
        sendHtml(res, 404, notFoundPage("No such checkout session."));
        return;
      }
      if (session.status === "open" && session.expires_at <= nowSeconds()) session.status = "expired";
      if (method === "POST" && match[2] && session.status !== "expired") {
        paySession(session.id);
        // Delivered before the browser is sent back, so the app usually knows by the time it renders.
        await flush();
        redirect(res, session.success_url);
        return;
      }
      const customer = session.customer ? customers.get(session.customer) : undefined;
      sendHtml(
        res,
        200,
        checkoutPage({
          session,
          price: prices.get(sessionPrice.get(session.id)!)!,
          customerEmail: customer?.email ?? session.customer_email,
          siteName,
        }),
      );
      return;
    }

    if ((match = url.pathname.match(/^\/portal\/([^/]+)(?:\/(cancel|renew))?$/))) {
      const portal = portals.get(match[1]);
      if (!portal) {
        sendHtml(res, 404, notFoundPage("No such billing portal session."));
        return;
      }
      if (method === "POST" && match[2]) {
        const sub = subscriptions.get(form.get("subscription") ?? "");
        if (!sub || sub.customer !== portal.customer) {
          sendHtml(res, 404, notFoundPage("No such subscription."));
          return;
        }
        setCancelAtPeriodEnd(sub.id, match[2] === "cancel");
        await flush();
        redirect(res, portal.flow?.after_completion.redirect?.return_url ?? portal.return_url ?? `/portal/${portal.id}`);
        return;
      }
      const subs = [...subscriptions.values()].filter((s) => s.customer === portal.customer).sort((a, b) => b.created - a.created);
      const invs = [...invoices.values()].filter((i) => i.customer === portal.customer).sort((a, b) => b.created - a.created);
      const email = customers.get(portal.customer)?.email ?? null;
      sendHtml(res, 200, portalPage({ portal, subscriptions: subs, invoices: invs, customerEmail: email, siteName }));
      return;
    }

    if (url.pathname === "/") {
      sendHtml(res, 200, indexPage({ apiUrl: baseUrl, siteName }));
      return;
    }
    sendHtml(res, 404, notFoundPage(`Nothing at ${url.pathname}.`));
  }

  async function handleControls(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? "GET";
    const text = await readBody(req);
    let input: Record<string, unknown> = {};
    if (text) {
      try {
        input = JSON.parse(text) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { error: { message: "Body must be JSON" } });
      }
    }
    const path = url.pathname.replace(/^\/_sandbox/, "");
    let match: RegExpMatchArray | null;
    try {
      if (method === "GET" && path === "/state") {
        return sendJson(res, 200, {
          customers: [...customers.values()],
          subscriptions: [...subscriptions.values()],
          checkoutSessions: [...sessions.values()],
          invoices: [...invoices.values()],
          events: eventLog.map((r) => ({ id: r.event.id, type: r.event.type, deliveries: r.deliveries })),
          holding,
          webhookUrl,
        });
      }
      if (method === "GET" && path === "/requests") return sendJson(res, 200, sandbox.requestCounts());
      if (method === "POST" && path === "/requests/reset") {
        sandbox.resetRequestCounts();
        return sendJson(res, 200, { ok: true });
      }
      if (method === "POST" && (match = path.match(/^\/subscriptions\/([^/]+)\/advance$/))) {
        const action = String(input.action ?? "") as AdvanceAction;
        return sendJson(res, 200, await sandbox.advance(match[1], action));
      }
      if (method === "POST" && (match = path.match(/^\/checkout\/([^/]+)\/pay$/))) return sendJson(res, 200, await sandbox.pay(match[1]));
      if (method === "POST" && (match = path.match(/^\/checkout\/([^/]+)\/expire$/))) {
        await sandbox.expireCheckoutSession(match[1]);
        return sendJson(res, 200, { ok: true });
      }
      if (method === "POST" && (match = path.match(/^\/events\/([^/]+)\/redeliver$/))) return sendJson(res, 200, await sandbox.redeliver(match[1]));
      if (method === "POST" && path === "/events/deliver") {
        const ids = Array.isArray(input.events) ? input.events.map(String) : [];
        return sendJson(res, 200, await sandbox.deliver(ids));
      }
      if (method === "POST" && path === "/webhooks/hold") {
        sandbox.holdWebhooks();
        return sendJson(res, 200, { holding: true });
      }
      if (method === "POST" && path === "/webhooks/release") {
        const order = Array.isArray(input.order) ? input.order.map(String) : [];
        return sendJson(res, 200, await sandbox.releaseWebhooks(order));
      }
      if (method === "POST" && path === "/webhook-url") {
        sandbox.setWebhookUrl(typeof input.url === "string" ? input.url : null);
        return sendJson(res, 200, { webhookUrl });
      }
      if (method === "POST" && path === "/outage") {
        sandbox.setOutage(input.on === true);
        return sendJson(res, 200, { outage });
      }
      return sendJson(res, 404, { error: { message: `No sandbox control ${method} ${url.pathname}` } });
    } catch (error) {
      if (error instanceof ApiError) return sendJson(res, error.status, errorBody(error));
      throw error;
    }
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox.invalid");
    const handled = url.pathname.startsWith("/v1/")
      ? handleApi(req, res, url)
      : url.pathname.startsWith("/_sandbox/")
        ? handleControls(req, res, url)
        : handlePages(req, res, url);
    handled.catch((error: unknown) => {
      log(`sandbox error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) sendJson(res, 500, errorBody(new ApiError(500, "api_error", "Internal error in the test server")));
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" ? options.host : "127.0.0.1";
  baseUrl = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;

  const sandbox: StripeSandbox = {
    url: baseUrl,
    port: address.port,
    stop() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    requestCounts() {
      const byEndpoint = Object.fromEntries([...counts.entries()].sort());
      return { total: [...counts.values()].reduce((a, b) => a + b, 0), byEndpoint };
    },
    resetRequestCounts() {
      counts.clear();
    },
    // Copies: a test holding an object keeps what it saw, not what a later action made of it.
    events: () => eventLog.map(clone),
    subscriptions: () => [...subscriptions.values()].map(clone),
    customers: () => [...customers.values()].map(clone),
    checkoutSession: (id) => {
      const session = sessions.get(id);
      return session && clone(session);
    },
    async pay(sessionId) {
      const result = paySession(sessionId);
      await flush();
      return { subscription: clone(result.subscription), events: result.events };
    },
    async cancelAtPeriodEnd(subscriptionId) {
      const events = setCancelAtPeriodEnd(subscriptionId, true);
      await flush();
      return { events };
    },
    async advance(subscriptionId, action) {
      const result = advance(subscriptionId, action);
      await flush();
      return { subscription: clone(result.subscription), events: result.events };
    },
    async expireCheckoutSession(sessionId) {
      const session = sessions.get(sessionId);
      if (session && session.status === "open") {
        session.status = "expired";
        session.url = null;
        emit("checkout.session.expired", session);
        await flush();
      }
    },
    holdWebhooks() {
      holding = true;
    },
    async releaseWebhooks(order = []) {
      holding = false;
      const queue = [...order.filter((id) => held.includes(id)), ...held.filter((id) => !order.includes(id))];
      held.length = 0;
      const results: Delivery[] = [];
      for (const id of queue) results.push(await send(eventsById.get(id)!));
      return results;
    },
    async redeliver(eventId) {
      const record = eventsById.get(eventId);
      if (!record) throw new ApiError(404, "invalid_request_error", `No such event: '${eventId}'`, "resource_missing", "id");
      return send(record);
    },
    async deliver(eventIds) {
      const results: Delivery[] = [];
      for (const id of eventIds) results.push(await sandbox.redeliver(id));
      return results;
    },
    setOutage(on) {
      outage = on;
    },
  };
  return sandbox;
}
