import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, asc, eq } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  emailOutbox,
  freeListingGrants,
  profiles,
  stripeEvents,
  user,
} from "~/server/db/schema";
import type { PaymentsContext } from "~/server/payments/context.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createStripePayments } from "~/server/payments/stripe.server";
import { handleStripeWebhook, type WebhookResult } from "~/server/payments/webhook.server";
import { publicProfileCondition, todayIso } from "~/server/directory/visibility.server";
import { startStripeSandbox, type StripeSandbox } from "../../scripts/stripe-sandbox/server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Shared by the payments tests: a fresh database, the Stripe-shaped server on loopback, and a tiny
// HTTP listener standing in for the app's webhook route, so events arrive signed and as raw bytes.

export const SECRET_KEY = "sk_test_payments_suite";
export const WEBHOOK_SECRET = "whsec_payments_suite";
export const PRICE_ID = "price_payments_suite_yearly";
export const PUBLIC_URL = "https://costumecast.test";
export const ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

export interface PaymentsHarness {
  database: TestDatabase;
  sandbox: StripeSandbox;
  context: PaymentsContext;
  /** Every answer the webhook listener gave, in order, with how long handleStripeWebhook took
   *  (signature check to commit) for `npm run bench:webhooks`. */
  webhookAnswers: { type: string; result: WebhookResult; ms: number }[];
  close(): Promise<void>;
}

/**
 * The harness for a test file: started once before its tests, wiped before each one, closed after.
 * The object is filled in when the file's tests start, so use it only inside tests and hooks.
 */
export function usePaymentsHarness(): PaymentsHarness {
  const harness = {} as PaymentsHarness;
  beforeAll(async () => {
    Object.assign(harness, await startPaymentsHarness());
  });
  afterAll(async () => {
    await harness.close?.();
  });
  beforeEach(async () => {
    await resetData(harness);
  });
  return harness;
}

export interface PaymentsHarnessOptions {
  /** A database opened by the caller (the webhook benchmark runs outside vitest, where
   *  createTestDatabase has no template to clone); closed with the harness. */
  database?: TestDatabase;
}

export async function startPaymentsHarness(options: PaymentsHarnessOptions = {}): Promise<PaymentsHarness> {
  const database = options.database ?? (await createTestDatabase());
  const sandbox = await startStripeSandbox({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: [{ id: PRICE_ID, unitAmount: 2900, nickname: "Yearly Membership" }],
  });
  const context: PaymentsContext = {
    db: database.db,
    stripe: createStripePayments({
      driver: "stripe",
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      priceId: PRICE_ID,
      apiUrl: sandbox.url,
    }),
    config: { publicUrl: PUBLIC_URL, siteName: "CostumeCast" },
    logger: pino({ level: "silent" }),
  };
  const webhookAnswers: PaymentsHarness["webhookAnswers"] = [];
  const listener = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const header = req.headers["stripe-signature"];
      const started = performance.now();
      void handleStripeWebhook(raw, typeof header === "string" ? header : undefined, context).then((result) => {
        // Taken before anything else runs, so the figure is the handler's own time.
        const ms = performance.now() - started;
        const type = (JSON.parse(raw.toString("utf8")) as { type: string }).type;
        webhookAnswers.push({ type, result, ms });
        res.writeHead(result.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(result.body));
      });
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  sandbox.setWebhookUrl(`http://127.0.0.1:${(listener.address() as AddressInfo).port}/api/stripe/webhook`);
  return {
    database,
    sandbox,
    context,
    webhookAnswers,
    async close() {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
      await sandbox.stop();
      await database.close();
    },
  };
}

/** Empties what the payment tests write (accounts cascade to everything hanging off them). */
export async function resetData(harness: PaymentsHarness): Promise<void> {
  const { db } = harness.database;
  // Whatever a previous test left queued goes out now, before its accounts disappear.
  await harness.sandbox.releaseWebhooks();
  harness.sandbox.setOutage(false);
  await db.delete(freeListingGrants);
  await db.delete(user);
  await db.delete(emailOutbox);
  await db.delete(stripeEvents);
  harness.webhookAnswers.length = 0;
}

/** An account whose owner has confirmed the address (`confirmed: false` for one that has not). */
export async function createUser(
  harness: PaymentsHarness,
  email = `performer-${randomUUID().slice(0, 8)}@example.com`,
  options: { confirmed?: boolean } = {},
) {
  const id = randomUUID();
  await harness.database.db.insert(user).values({ id, name: "", email, emailVerified: options.confirmed !== false });
  return { id, email };
}

/** A complete profile (name, place) so that paying is all it needs to be public. */
export async function createProfile(harness: PaymentsHarness, userId: string, state = "TX", city = "Austin") {
  const fields = { displayName: "Captain Comet", bio: "x".repeat(120), state, city };
  await harness.database.db
    .insert(profiles)
    .values({ id: userId, ...fields })
    .onConflictDoUpdate({ target: profiles.id, set: fields });
}

export async function listing(harness: PaymentsHarness, userId: string) {
  const [row] = await harness.database.db
    .select({ paymentStatus: profiles.paymentStatus, paymentExpiry: profiles.paymentExpiry })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? null;
}

/** Whether the directory's visibility rule shows the profile in its state's listing on `day`. */
export async function isListedInState(harness: PaymentsHarness, userId: string, state: string, day = todayIso()) {
  const rows = await harness.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(publicProfileCondition(day), eq(profiles.state, state), eq(profiles.id, userId)));
  return rows.length === 1;
}

export async function mailTo(harness: PaymentsHarness, to: string) {
  return harness.database.db
    .select({ subject: emailOutbox.subject, text: emailOutbox.textBody, html: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(asc(emailOutbox.createdAt));
}

/** Subscribe Now, then the test checkout page's Pay button, as a browser would (form post, redirect). */
export async function subscribeAndPay(harness: PaymentsHarness, userId: string) {
  const start = await startCheckout(harness.context, { userId, planId: "YEARLY_MEMBERSHIP" });
  if (start.kind !== "checkout") throw new Error(`expected a checkout session, got ${start.kind}`);
  const page = await fetch(start.url);
  const html = await page.text();
  const action = html.match(/<form method="post" action="([^"]+)">/)?.[1];
  if (!action) throw new Error("the test checkout page has no Pay form");
  const paid = await fetch(new URL(action, start.url), { method: "POST", redirect: "manual" });
  const session = harness.sandbox.checkoutSession(start.sessionId)!;
  const subscription = harness.sandbox.subscriptions().find((s) => s.id === session.subscription)!;
  return { start, html, redirect: paid.headers.get("location"), status: paid.status, subscription };
}

/**
 * A new performer with a profile who pays, while the sandbox holds every webhook back: the test
 * decides when (and in what order) the purchase's events reach the app.
 */
export async function payWithWebhooksHeld(harness: PaymentsHarness) {
  const account = await createUser(harness);
  await createProfile(harness, account.id);
  harness.sandbox.holdWebhooks();
  const start = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
  if (start.kind !== "checkout") throw new Error(`expected a checkout session, got ${start.kind}`);
  return { account, ...(await harness.sandbox.pay(start.sessionId)) };
}

/** The JSON payload of an event the sandbox sent (or holds). */
export function eventPayload(harness: PaymentsHarness, eventId: string): Record<string, unknown> {
  const record = harness.sandbox.events().find((e) => e.event.id === eventId);
  if (!record) throw new Error(`the sandbox has no event ${eventId}`);
  return JSON.parse(record.payload) as Record<string, unknown>;
}

export function periodEnd(subscription: { items: { data: { current_period_end: number }[] } }): Date {
  return new Date(subscription.items.data[0].current_period_end * 1000);
}

/** A signed delivery of `event` as Stripe would make it, straight to the handler. */
export function signedDelivery(event: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp,
  });
  return { body: Buffer.from(payload), header };
}

export const DAY_MS = 24 * 60 * 60_000;
