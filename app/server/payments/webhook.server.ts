import type Stripe from "stripe";
import { stripeEvents } from "../db/schema";
import type { PaymentsContext } from "./context.server";
import { stripeId } from "./stripe.server";
import { syncCustomerInTransaction } from "./sync.server";

// POST /api/stripe/webhook. Mount with a raw body parser (express.raw({ type: "application/json" }))
// ahead of any JSON parser: the signature covers the exact bytes Stripe sent. Events to enable on the
// endpoint: checkout.session.completed, customer.subscription.created, .updated, .deleted,
// invoice.paid, invoice.payment_failed. Any other event is recorded and answered 200.

/** How old a signature may be: Stripe's default, which also bounds how long a captured request can be replayed. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

type WebhookBody =
  | { received: true; duplicate?: true; ignored?: string }
  | { error: string };

export interface WebhookResult {
  status: 200 | 400 | 500 | 503;
  body: WebhookBody;
}

/** Which customer an event is about, and the subscription that must be fresh; null when it is not ours to handle. */
function eventSubject(event: Stripe.Event): { customerId: string; subscriptionId: string | null } | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const customerId = stripeId(session.customer);
      if (session.mode !== "subscription" || !customerId) return null;
      return { customerId, subscriptionId: stripeId(session.subscription) };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return { customerId: stripeId(subscription.customer)!, subscriptionId: subscription.id };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      // Current API versions name the invoice's subscription here, not in `invoice.subscription`.
      const subscriptionId = stripeId(invoice.parent?.subscription_details?.subscription);
      const customerId = stripeId(invoice.customer);
      if (!subscriptionId || !customerId) return null;
      return { customerId, subscriptionId };
    }
    default:
      return null;
  }
}

/**
 * Verifies and applies one webhook delivery. Answers 200 only once the change is committed (or the
 * event was already applied, or is none of ours); 400 when the signature is missing, wrong or stale;
 * 500 when anything failed, with nothing recorded, so Stripe delivers it again.
 */
export async function handleStripeWebhook(
  rawBody: Buffer,
  signatureHeader: string | null | undefined,
  context: PaymentsContext,
): Promise<WebhookResult> {
  const stripe = context.stripe;
  if (!stripe) return { status: 503, body: { error: "Payments are not configured" } };
  if (!signatureHeader) return { status: 400, body: { error: "Missing Stripe-Signature header" } };

  let event: Stripe.Event;
  try {
    event = stripe.client.webhooks.constructEvent(rawBody, signatureHeader, stripe.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    context.logger?.warn({ err: error }, "stripe webhook refused: bad signature");
    return { status: 400, body: { error: "Invalid signature" } };
  }

  const started = performance.now();
  try {
    const outcome = await context.db.transaction(async (tx) => {
      // Recorded in the transaction that applies it: a failure rolls the record back with the change.
      // A concurrent delivery of the same id waits here for the first, then finds it recorded.
      const recorded = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      if (recorded.length === 0) return { duplicate: true as const };
      const subject = eventSubject(event);
      if (!subject) return { ignored: "not handled" };
      const change = await syncCustomerInTransaction(tx, stripe, context, subject.customerId, {
        include: subject.subscriptionId,
      });
      if (!change) return { ignored: "unknown customer" };
      return { change };
    });
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if ("duplicate" in outcome) {
      context.logger?.info({ eventId: event.id, type: event.type, ms }, "stripe webhook: already applied");
      return { status: 200, body: { received: true, duplicate: true } };
    }
    if ("ignored" in outcome) {
      context.logger?.info({ eventId: event.id, type: event.type, ms, reason: outcome.ignored }, "stripe webhook: ignored");
      return { status: 200, body: { received: true, ignored: outcome.ignored } };
    }
    context.logger?.info(
      { eventId: event.id, type: event.type, ms, userId: outcome.change.userId, listing: outcome.change.after },
      "stripe webhook applied",
    );
    return { status: 200, body: { received: true } };
  } catch (error) {
    context.logger?.error({ err: error, eventId: event.id, type: event.type }, "stripe webhook failed; Stripe will retry");
    return { status: 500, body: { error: "Webhook handling failed" } };
  }
}
