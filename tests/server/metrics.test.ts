import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { emailOutbox } from "~/server/db/schema";
import { createApp, type AppBuild } from "~/server/http/app.server";
import { startScheduler } from "~/server/jobs/scheduler.server";
import { routePattern } from "~/server/platform/metrics.server";
import { createServices, type AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { signedDelivery, WEBHOOK_SECRET } from "./payments-fixtures";

// /metrics through the real createApp: off without METRICS_TOKEN, behind the bearer token with it,
// and each family the operator relies on (requests, outbox, jobs, webhooks) present after the event it counts.

const TOKEN = "metrics-token-for-tests-0123456789";

// Nothing here reaches React Router: its build is never asked for.
const NO_BUILD: AppBuild = {
  mode: "development",
  middleware: (_req, _res, next) => next(),
  build: () => Promise.reject(new Error("no build")),
};

let database: TestDatabase;
let dataDir: string;
const servers: Server[] = [];

async function start(env: Record<string, string>): Promise<{ services: AppServices; url: string }> {
  const services = await createServices(loadConfig({ DATA_DIR: dataDir, ...env }), pino({ level: "silent" }), {
    ...database,
    close: async () => undefined,
  });
  const server = createApp(services, { build: NO_BUILD }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(server);
  return { services, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function scrape(url: string, token: string | null = TOKEN): Promise<Response> {
  return fetch(`${url}/metrics`, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
}

/** The value of the sample whose name and labels are exactly these, or undefined when absent. */
function sample(exposition: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of exposition.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-metrics-"));
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("METRICS_TOKEN", () => {
  it("is optional and, when set, must be long enough to guess at", () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe("/metrics", () => {
  it("answers 404 while METRICS_TOKEN is unset, even to a bearer token", async () => {
    const { url } = await start({});
    expect((await scrape(url, null)).status).toBe(404);
    expect((await scrape(url)).status).toBe(404);
  });

  it("answers 401 without the token or with a wrong one", async () => {
    const { url } = await start({ METRICS_TOKEN: TOKEN });
    const missing = await scrape(url, null);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await scrape(url, `${TOKEN}x`)).status).toBe(401);
    expect((await scrape(url, "wrong")).status).toBe(401);
    const basic = await fetch(`${url}/metrics`, { headers: { Authorization: `Basic ${TOKEN}` } });
    expect(basic.status).toBe(401);
  });

  it("gives request durations by route pattern, outbox depth, job runs and webhook results", async () => {
    const { url, services } = await start({
      METRICS_TOKEN: TOKEN,
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: "sk_test_metrics",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_ID: "price_metrics",
    });

    // A request to a live route, and one whose raw address must not become a label of its own.
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    await fetch(`${url}/media/user-${randomUUID()}/missing.webp`);

    await database.db.delete(emailOutbox);
    const mail = { toAddress: "someone@example.com", subject: "Hello", textBody: "Hi" };
    await database.db.insert(emailOutbox).values([
      // Queued 40 minutes ago and still waiting: mail is not going out (SMTP down?).
      { ...mail, status: "pending", createdAt: new Date(Date.now() - 40 * 60_000) },
      { ...mail, status: "pending" },
      { ...mail, status: "pending" },
      { ...mail, status: "failed" },
      { ...mail, status: "sent" },
    ]);

    // One job that succeeds and one that throws, each run once by the real scheduler; stop() waits
    // for a run still under way, so both are counted once both have started.
    let started = 0;
    let bothStarted: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      bothStarted = resolve;
    });
    const begin = () => {
      started += 1;
      if (started === 2) bothStarted();
    };
    const scheduler = startScheduler(
      [
        { name: "metrics-ok", intervalMs: 3_600_000, run: async () => begin() },
        {
          name: "metrics-broken",
          intervalMs: 3_600_000,
          run: async () => {
            begin();
            throw new Error("broken on purpose");
          },
        },
      ],
      services.logger,
      services.metrics,
    );
    await running;
    await scheduler.stop();

    const event = { id: `evt_${randomUUID()}`, object: "event", type: "customer.created", data: { object: {} } };
    const good = signedDelivery(event);
    const deliver = (body: Buffer, signature: string) =>
      fetch(`${url}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: new Uint8Array(body),
      });
    expect((await deliver(good.body, good.header)).status).toBe(200);
    expect((await deliver(good.body, good.header)).status).toBe(200);
    const forged = signedDelivery(event, { secret: "whsec_not_ours" });
    expect((await deliver(forged.body, forged.header)).status).toBe(400);

    const response = await scrape(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();

    const requests = { method: "GET", route: "/livez", status_class: "2xx" };
    expect(sample(text, "costumecast_http_request_duration_seconds_count", requests)).toBe(1);
    expect(sample(text, "costumecast_http_request_duration_seconds_bucket", { ...requests, le: "+Inf" })).toBe(1);
    expect(sample(text, "costumecast_http_request_duration_seconds_count", { method: "GET", route: "/media/*", status_class: "4xx" })).toBe(1);
    expect(text).not.toContain("missing.webp");

    expect(sample(text, "costumecast_outbox_emails", { status: "pending" })).toBe(3);
    expect(sample(text, "costumecast_outbox_emails", { status: "failed" })).toBe(1);
    expect(sample(text, "costumecast_outbox_emails", { status: "sending" })).toBe(0);
    const oldest = sample(text, "costumecast_outbox_oldest_pending_seconds", {});
    expect(oldest).toBeGreaterThanOrEqual(40 * 60);
    expect(oldest).toBeLessThan(45 * 60);

    expect(sample(text, "costumecast_job_runs_total", { job: "metrics-ok" })).toBe(1);
    expect(sample(text, "costumecast_job_failures_total", { job: "metrics-ok" })).toBeUndefined();
    expect(sample(text, "costumecast_job_runs_total", { job: "metrics-broken" })).toBe(1);
    expect(sample(text, "costumecast_job_failures_total", { job: "metrics-broken" })).toBe(1);

    expect(sample(text, "costumecast_stripe_webhook_events_total", { result: "ignored" })).toBe(1);
    expect(sample(text, "costumecast_stripe_webhook_events_total", { result: "duplicate" })).toBe(1);
    expect(sample(text, "costumecast_stripe_webhook_events_total", { result: "invalid" })).toBe(1);

    // The process figures the load checks watch come along.
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("counts each app apart: a second app's registry starts empty", async () => {
    const { url } = await start({ METRICS_TOKEN: TOKEN });
    const text = await (await scrape(url)).text();
    expect(sample(text, "costumecast_job_runs_total", { job: "metrics-ok" })).toBeUndefined();
    expect(sample(text, "costumecast_stripe_webhook_events_total", { result: "ignored" })).toBeUndefined();
  });
});

describe("routePattern", () => {
  it("keeps the label set to the app's routes", () => {
    expect(routePattern("/profile/abc-123")).toBe("/profile/:id");
    expect(routePattern("/profile/abc-123.data")).toBe("/profile/:id");
    expect(routePattern("/browse/TX?page=2")).toBe("/browse/:stateAbbr");
    expect(routePattern("/categories/pirates/")).toBe("/categories/:categoryName");
    expect(routePattern("/dashboard/edit-profile/u1")).toBe("/dashboard/edit-profile/:id");
    expect(routePattern("/search?q=elsa")).toBe("/search");
    expect(routePattern("/_root.data")).toBe("/");
    expect(routePattern("/assets/entry-abc.js")).toBe("/assets/*");
    expect(routePattern("/api/auth/get-session")).toBe("/api/auth/*");
    expect(routePattern("/wp-admin/setup.php")).toBe("*");
  });
});
