import { createHash, timingSafeEqual } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../db/client.server";
import { emailOutbox } from "../db/schema";
import type { Logger } from "./logger.server";
import type { PageCacheResult } from "../http/page-cache.server";
import { decodeStats } from "../images/decode-slots.server";
import type { WebhookResult } from "../payments/webhook.server";

// What an operator's Prometheus scrapes at /metrics. Each app instance owns its registry (never
// prom-client's global one), so two apps in one process, as tests build them, count apart. Under
// WEB_CONCURRENCY a scrape sums every worker's registry (metrics-cluster.server.ts): each metric
// whose figure is the same from every process says how to combine it (`aggregator`), the rest add up.

/** What became of one Stripe webhook delivery; a fixed set, so the label stays small. */
export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "invalid" | "failed" | "not_configured";

export interface Metrics {
  /** One answered HTTP request; `path` is the raw path, reduced here to its route pattern. */
  observeRequest(method: string, path: string, status: number, seconds: number): void;
  /** One finished run of a scheduled job. */
  jobRun(job: string, failed: boolean): void;
  webhookEvent(result: WebhookResult): void;
  /** One page request the page cache saw: served from it, rendered and kept, or rendered and not keepable. */
  pageCache(result: PageCacheResult): void;
  /** The text exposition, outbox depth read from the database at this moment. */
  exposition(): Promise<{ contentType: string; body: string }>;
  /** This process's own figures, which a cluster's primary collects from each worker. */
  readonly registry: Registry;
}

// Seconds. Pages render in tens of milliseconds; the tail up to the 120 s request timeout still lands in a bucket.
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Outbox states an operator watches: waiting, being sent now, and given up on. `sent` grows forever and is left out. */
const OUTBOX_STATES = ["pending", "sending", "failed"] as const;

// Route patterns mirror app/routes.ts plus what Express answers itself. A path that matches none is
// the not-found page (or a build file) and is counted as "*": a label per raw URL would let any
// visitor grow the series without bound.
const STATIC_ROUTES = new Set([
  "/",
  "/browse",
  "/categories",
  "/search",
  "/search/suggest",
  "/places/cities",
  "/shortlist",
  "/insights/count",
  "/captcha",
  "/signup",
  "/signin",
  "/signout",
  "/forgot-password",
  "/reset-password",
  "/dashboard",
  "/dashboard/edit-profile",
  "/dashboard/manage-images",
  "/dashboard/manage-images/upload",
  "/dashboard/subscription",
  "/dashboard/preview",
  "/dashboard/delete-account",
  "/admin",
  "/safety-first",
  "/about",
  "/guidelines",
  "/faq",
  "/terms",
  "/privacy",
  "/contact",
  "/free-listing",
  "/sitemap.xml",
  "/robots.txt",
  "/dev/mailbox",
  "/livez",
  "/readyz",
  "/healthz",
  "/metrics",
  "/api/stripe/webhook",
]);
const PARAM_ROUTES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/browse\/[^/]+$/, "/browse/:stateAbbr"],
  [/^\/categories\/[^/]+$/, "/categories/:categoryName"],
  [/^\/profile\/[^/]+$/, "/profile/:id"],
  [/^\/dashboard\/edit-profile\/[^/]+$/, "/dashboard/edit-profile/:id"],
];
const PREFIX_ROUTES = ["/assets/", "/media/", "/api/auth/"];

/** The route pattern a request path belongs to, e.g. /profile/abc -> /profile/:id. */
export function routePattern(rawPath: string): string {
  let path = rawPath.split("?")[0];
  // React Router's data requests (/profile/abc.data, /_root.data) belong to the page they load for.
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  if (STATIC_ROUTES.has(path)) return path;
  for (const [pattern, name] of PARAM_ROUTES) if (pattern.test(path)) return name;
  for (const prefix of PREFIX_ROUTES) if (path.startsWith(prefix)) return `${prefix}*`;
  return "*";
}

export function webhookOutcome({ status, body }: WebhookResult): WebhookOutcome {
  if (status === 503) return "not_configured";
  if (status === 400) return "invalid";
  if (status === 500 || "error" in body) return "failed";
  if (body.duplicate) return "duplicate";
  if (body.ignored) return "ignored";
  return "applied";
}

export function createMetrics(db: Db, logger: Logger): Metrics {
  const registry = new Registry();
  // Process memory, CPU, event-loop lag and GC, on this registry only: the figures the load issue watches.
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "costumecast_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method, route pattern and status class.",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "costumecast_outbox_emails",
    help: "Emails in the outbox by state (pending, sending, failed), read at scrape time.",
    labelNames: ["status"] as const,
    registers: [registry],
    // Every worker reads the same table: one reading, not one per worker.
    aggregator: "max",
    async collect() {
      try {
        const rows = await db
          .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
          .from(emailOutbox)
          .where(inArray(emailOutbox.status, [...OUTBOX_STATES]))
          .groupBy(emailOutbox.status);
        for (const state of OUTBOX_STATES) {
          this.set({ status: state }, Number(rows.find((row) => row.status === state)?.count ?? 0));
        }
      } catch (error) {
        // A scrape during a database outage still returns the rest; stale depth figures would mislead, so none are given.
        this.reset();
        logger.warn({ err: error }, "metrics: outbox depth unavailable");
      }
    },
  });
  new Gauge({
    name: "costumecast_outbox_oldest_pending_seconds",
    help: "Age of the oldest email still waiting to go out (0 when none): grows while SMTP is down, before anything fails.",
    registers: [registry],
    aggregator: "max",
    async collect() {
      try {
        const [row] = await db
          .select({ seconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8` })
          .from(emailOutbox)
          .where(inArray(emailOutbox.status, ["pending", "sending"]));
        this.set(Math.max(0, Number(row?.seconds ?? 0)));
      } catch {
        // Logged once per scrape by the depth gauge above.
        this.reset();
      }
    },
  });
  const jobRuns = new Counter({
    name: "costumecast_job_runs_total",
    help: "Finished runs of each scheduled job.",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: "costumecast_job_failures_total",
    help: "Runs of each scheduled job that threw.",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const webhookEvents = new Counter({
    name: "costumecast_stripe_webhook_events_total",
    help: "Stripe webhook deliveries by result.",
    labelNames: ["result"] as const,
    registers: [registry],
  });

  const pageCacheRequests = new Counter({
    name: "costumecast_page_cache_requests_total",
    help: "Anonymous page requests by what the page cache did: hit, miss (rendered and kept) or bypass (rendered, not keepable).",
    labelNames: ["result"] as const,
    registers: [registry],
  });

  // Image decoding is process-wide (one set of decode slots per process), read at scrape time.
  new Counter({
    name: "costumecast_image_decodes_total",
    help: "Uploaded images decoded since the server started (uploads refused before decoding are not counted).",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(decodeStats().started);
    },
  });
  new Gauge({
    name: "costumecast_image_decodes",
    help: "Image decodes now: running (at most the decode slots per process) and waiting for a slot.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const now = decodeStats();
      this.set({ state: "running" }, now.active);
      this.set({ state: "waiting" }, now.waiting);
    },
  });

  return {
    registry,
    pageCache(result) {
      pageCacheRequests.inc({ result });
    },
    observeRequest(method, path, status, seconds) {
      requestDuration.observe(
        {
          method: METHODS.has(method) ? method : "OTHER",
          route: routePattern(path),
          status_class: `${Math.floor(status / 100)}xx`,
        },
        seconds,
      );
    },
    jobRun(job, failed) {
      jobRuns.inc({ job });
      if (failed) jobFailures.inc({ job });
    },
    webhookEvent(result) {
      webhookEvents.inc({ result: webhookOutcome(result) });
    },
    async exposition() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/**
 * Whether an Authorization header carries the metrics token. Both sides are hashed first so the
 * comparison takes the same time whatever the length or the first differing byte.
 */
export function hasMetricsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match) return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
