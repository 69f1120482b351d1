import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import { authNodeHandler } from "../auth/client-address.server";
import { hasMetricsToken } from "../platform/metrics.server";
import { handleStripeWebhook } from "../payments/webhook.server";
import type { AppServices } from "../platform/services.server";
import { FORM_BODY_LIMIT_BYTES, limitBody } from "./body-limit.server";
import { mountMedia } from "./media-route.server";
import { OUTAGE_RETRY_AFTER_SECONDS } from "./outage.server";
import { createPageCache } from "./page-cache.server";
import { pageHandler } from "./page-handler.server";
import { precompressedAssets } from "./precompressed-assets.server";
import { refuseCrossSite, securityHeaders } from "./security.server";

// The HTTP application, in the order a request meets it: logging, security headers (with the
// page's CSP nonce), compression, /livez, /readyz and /healthz, /metrics (behind METRICS_TOKEN), the cross-site refusal, Stripe's webhook at
// /api/stripe/webhook, the body limit, better-auth at /api/auth, uploaded media at /media, the
// build's static files, and React Router for every other address. server.ts starts it (listening, jobs, shutdown); tests can mount it on their own.

const HEALTH_TIMEOUT_MS = 3000;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
/** Stripe's events are a few kilobytes; this bounds what an unsigned request can make us buffer. */
const WEBHOOK_BODY_LIMIT = "512kb";

/** Where the pages and the browser's files come from. */
export type AppBuild =
  | {
      mode: "production";
      build: ServerBuild;
      /** The build's `client` folder, served as static files (hashed assets cached for a year). */
      clientDir: string;
    }
  | {
      mode: "development";
      /** Re-read on each request, so edits show without a restart. */
      build: () => Promise<ServerBuild>;
      /** Vite's dev-server middleware (modules, hot reload). */
      middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
    };

export interface AppOptions {
  build: AppBuild;
  /** True once shutdown has begun: /healthz answers 503 and each response closes its connection. */
  isShuttingDown?: () => boolean;
}

export function createApp(services: AppServices, { build, isShuttingDown = () => false }: AppOptions): Express {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // Only the configured hops (or addresses) are believed: req.ip is the address the nearest
  // untrusted hop connected from, never an entry the client wrote itself.
  if (config.trustedProxies) {
    app.set("trust proxy", "hops" in config.trustedProxies ? config.trustedProxies.hops : config.trustedProxies.addresses);
  }

  const pageCache = createPageCache(config.pageCacheSeconds);
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // A request that slips in on a kept-alive socket during shutdown is answered, then its socket closed.
    if (isShuttingDown()) res.setHeader("Connection", "close");
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
      services.metrics.observeRequest(req.method, req.originalUrl, res.statusCode, ms / 1000);
    });
    // Whatever reads X-Forwarded-For after this point (better-auth's limiter, the forms' limits)
    // sees one address, the one Express resolved, rather than the chain a client can prepend to.
    const ip = req.ip ?? req.socket.remoteAddress;
    if (ip) req.headers["x-forwarded-for"] = ip;
    else delete req.headers["x-forwarded-for"];
    next();
  });
  app.use(securityHeaders(config, { development: build.mode === "development" }));
  app.use(compression());

  // Alive: the process answers, whatever the database does, so a liveness probe never restarts
  // every instance while PostgreSQL restarts.
  app.get("/livez", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.status(200).json({ status: "ok" });
  });

  // Ready: this instance can serve pages now, database included; a load balancer sends traffic only
  // while it says so. /healthz is the older name monitors already use.
  const readiness: express.RequestHandler = async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (isShuttingDown()) {
      res.status(503).json({ status: "shutting down" });
      return;
    }
    try {
      // A database that hangs instead of refusing must still turn the check red, not stall it.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        services.database.ping(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error("database ping timed out")), HEALTH_TIMEOUT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      res.status(200).json({ status: "ok", database: services.database.driver });
    } catch {
      res.status(503).set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS)).json({ status: "error", database: "unreachable" });
    }
  };
  app.get("/readyz", readiness);
  app.get("/healthz", readiness);

  // Prometheus scrapes here. Off unless METRICS_TOKEN is set (a 404 then, as for any unknown
  // address), and then only with that bearer token: the figures say how busy and how healthy the site is.
  app.get("/metrics", async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const token = config.metricsToken;
    if (!token) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    if (!hasMetricsToken(req.get("authorization"), token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const { contentType, body } = await services.metrics.exposition();
      res.status(200).type(contentType).send(body);
    } catch (error) {
      // Under WEB_CONCURRENCY a worker that cannot report fails the whole scrape: a sum missing one
      // worker would read as counters going backwards.
      logger.warn({ err: error }, "metrics: scrape failed");
      res.status(503).type("text/plain").send("Metrics unavailable");
    }
  });

  app.use(refuseCrossSite(config));

  // Stripe signs the exact bytes it sends: the raw body goes to the handler untouched (no JSON parser
  // runs before it). Stripe's servers are not a browser, so no same-origin check applies; the
  // signature is the check. Without payments configured the handler answers 503.
  app.post("/api/stripe/webhook", express.raw({ type: "application/json", limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const rawBody: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await handleStripeWebhook(rawBody, req.get("stripe-signature"), services);
    services.metrics.webhookEvent(result);
    // A signed event handled may list or unlist a performer; a refused one changed nothing.
    if (result.status < 300) pageCache.clear();
    res.status(result.status).json(result.body);
  });

  // Every other body is bounded before better-auth or any action reads it.
  app.use(limitBody(FORM_BODY_LIMIT_BYTES));

  // better-auth takes the body limitBody read from req.body (or reads the socket when there was none).
  // The caller's address reaches better-auth's hooks (per-address limits) in a header only the server can name.
  app.all("/api/auth/*splat", authNodeHandler(services));

  mountMedia(app, services.storage, logger);

  if (build.mode === "development") {
    app.use(build.middleware);
  } else {
    const assetsDir = path.join(build.clientDir, "assets");
    app.use("/assets", precompressedAssets(assetsDir, ONE_YEAR_SECONDS));
    app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false }));
    // The client folder's other files (the favicon, the images folder) are fixed at build time:
    // only a request whose first segment names one of them reaches the static handler, so a page
    // request costs no file-system look-up (a stat that fails, through the thread pool zlib also uses).
    const publicFiles = express.static(build.clientDir, { maxAge: "1h", index: false });
    const topLevel = new Set(fs.readdirSync(build.clientDir).filter((name) => name !== "assets"));
    app.use((req, res, next) => {
      const first = req.path.split("/", 2)[1] ?? "";
      if (topLevel.has(first)) publicFiles(req, res, next);
      else next();
    });
  }

  app.all("/{*splat}", pageHandler(services, build.build, build.mode, pageCache));

  // What a handler passed on (a page that failed before its first byte, a body that could not be
  // read) goes to the logger. Express's own handler would print the error's text to stderr, where a
  // failed query's parameters (what visitors typed) escape the logger's redaction.
  const answerError: express.ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const stated = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
    const status = typeof stated === "number" && stated >= 400 && stated < 600 ? stated : 500;
    if (status >= 500) logger.error({ err: error, method: req.method, path: req.path }, "request failed");
    if (res.headersSent) {
      // Part of the answer is out: only closing the connection tells the client it is incomplete.
      req.socket.destroy();
      return;
    }
    res.status(status).set("Cache-Control", "no-store").type("text/plain").send(STATUS_CODES[status] ?? "Error");
  };
  app.use(answerError);

  return app;
}
