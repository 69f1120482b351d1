import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { profiles, stripeEvents, user } from "~/server/db/schema";
import { createApp, type AppBuild } from "~/server/http/app.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createStripePayments } from "~/server/payments/stripe.server";
import { createServices, type AppServices } from "~/server/platform/services.server";
import { startStripeSandbox, type StripeSandbox } from "../../scripts/stripe-sandbox/server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// The Express app server.ts serves, mounted in the test process (server-process.test.ts runs the real entry point).

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let shuttingDown = false;
let server: Server;
let url: string;

// Nothing here reaches React Router: its build is never asked for.
const NO_BUILD: AppBuild = {
  mode: "development",
  middleware: (_req, _res, next) => next(),
  build: () => Promise.reject(new Error("no build")),
};

async function listen(app: ReturnType<typeof createApp>): Promise<{ server: Server; url: string }> {
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  return { server: listening, url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-http-app-"));
  fs.mkdirSync(path.join(dataDir, "media", "user-1"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "media", "user-1", "photo.webp"), "RIFF....WEBPVP8 image");
  services = await createServices(loadConfig({ DATA_DIR: dataDir }), pino({ level: "silent" }), {
    ...database,
    close: async () => undefined,
  });
  ({ server, url } = await listen(createApp(services, { build: NO_BUILD, isShuttingDown: () => shuttingDown })));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("createApp", () => {
  it("answers /healthz with the database's state and sends the security headers", async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: services.database.driver });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("serves uploaded media from the local storage", async () => {
    const response = await fetch(`${url}/media/user-1/photo.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("RIFF....WEBPVP8 image");
  });

  it("hands /api/auth to better-auth", async () => {
    const response = await fetch(`${url}/api/auth/ok`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("turns /healthz red and closes connections once shutdown has begun", async () => {
    shuttingDown = true;
    try {
      const response = await fetch(`${url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "shutting down" });
      expect(response.headers.get("connection")).toBe("close");
    } finally {
      shuttingDown = false;
    }
  });
});

describe("POST /api/stripe/webhook", () => {
  const SECRET_KEY = "sk_test_http_app";
  const WEBHOOK_SECRET = "whsec_http_app";
  const PRICE_ID = "price_http_app_yearly";
  let sandbox: StripeSandbox;
  let stripeServices: AppServices;
  let stripeServer: Server;
  let stripeUrl: string;

  beforeAll(async () => {
    sandbox = await startStripeSandbox({
      secretKey: SECRET_KEY,
      webhookSecret: WEBHOOK_SECRET,
      prices: [{ id: PRICE_ID, unitAmount: 2900, nickname: "Yearly Membership" }],
    });
    const config = loadConfig({
      DATA_DIR: dataDir,
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: PRICE_ID,
      STRIPE_API_URL: sandbox.url,
    });
    stripeServices = { ...services, config, stripe: createStripePayments(config.payments) };
    ({ server: stripeServer, url: stripeUrl } = await listen(createApp(stripeServices, { build: NO_BUILD })));
    sandbox.setWebhookUrl(`${stripeUrl}/api/stripe/webhook`);
  });

  afterAll(async () => {
    await new Promise((resolve) => stripeServer?.close(resolve));
    await sandbox?.stop();
  });

  /** Posts `payload` as Stripe does: raw JSON, signed header, and from no browser's origin. */
  function deliver(base: string, payload: string, header: string | null) {
    const headers: Record<string, string> = {
      "Content-Type": "application/json; charset=utf-8",
      // What a cross-site browser request would carry: the webhook must not be refused for it.
      Origin: "https://elsewhere.example",
      "Sec-Fetch-Site": "cross-site",
    };
    if (header !== null) headers["Stripe-Signature"] = header;
    return fetch(`${base}/api/stripe/webhook`, { method: "POST", headers, body: payload });
  }

  function signedEvent(id: string) {
    const payload = JSON.stringify({
      id,
      object: "event",
      type: "customer.created",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: "cus_http_app", object: "customer" } },
    });
    return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) };
  }

  async function recorded(id: string): Promise<boolean> {
    const rows = await database.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
    return rows.length === 1;
  }

  it("accepts a genuinely signed event, records it once, and answers a repeat as a duplicate", async () => {
    const { payload, header } = signedEvent("evt_http_app_signed");
    const response = await deliver(stripeUrl, payload, header);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, ignored: "not handled" });
    expect(await recorded("evt_http_app_signed")).toBe(true);

    const again = await deliver(stripeUrl, payload, header);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });

  it("refuses a tampered body or a missing signature with 400 and records nothing", async () => {
    const { payload, header } = signedEvent("evt_http_app_original");
    const tampered = payload.replace("evt_http_app_original", "evt_http_app_tampered");
    const response = await deliver(stripeUrl, tampered, header);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Invalid signature" });

    const unsigned = await deliver(stripeUrl, payload, null);
    expect(unsigned.status).toBe(400);
    expect(await recorded("evt_http_app_tampered")).toBe(false);
    expect(await recorded("evt_http_app_original")).toBe(false);
  });

  it("lists a performer once the sandbox's signed checkout events reach the app", async () => {
    const userId = randomUUID();
    await database.db.insert(user).values({ id: userId, name: "", email: `webhook-${userId.slice(0, 8)}@example.com`, emailVerified: true });
    await database.db.insert(profiles).values({ id: userId, displayName: "Captain Comet", bio: "x".repeat(120), state: "TX", city: "Austin" });
    const start = await startCheckout(stripeServices, { userId, planId: "YEARLY_MEMBERSHIP" });
    if (start.kind !== "checkout") throw new Error(`expected a checkout session, got ${start.kind}`);
    const html = await (await fetch(start.url)).text();
    const action = html.match(/<form method="post" action="([^"]+)">/)?.[1];
    if (!action) throw new Error("the test checkout page has no Pay form");
    await fetch(new URL(action, start.url), { method: "POST", redirect: "manual" });

    const deliveries = sandbox.events().flatMap((record) => record.deliveries.map((delivery) => delivery.status));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((status) => status === 200)).toBe(true);
    const [row] = await database.db.select({ paymentStatus: profiles.paymentStatus }).from(profiles).where(eq(profiles.id, userId));
    expect(row.paymentStatus).toBe("paid");
  });

  it("answers 503 when payments are not configured (PAYMENTS=demo)", async () => {
    const { payload, header } = signedEvent("evt_http_app_demo");
    const response = await deliver(url, payload, header);
    expect(response.status).toBe(503);
    expect(await recorded("evt_http_app_demo")).toBe(false);
  });
});
