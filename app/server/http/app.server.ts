import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type Express } from "express";
import type { ServerBuild } from "react-router";
import { handleStripeWebhook } from "../payments/webhook.server";
import type { AppServices } from "../services.server";
import { mountMedia } from "./media-route.server";
import { precompressedAssets } from "./precompressed-assets.server";

// The HTTP application: request logging and security headers, compression, /healthz, Stripe's
// webhook at /api/stripe/webhook, better-auth at /api/auth, uploaded media at /media, the build's static files, and React Router for every
// other address. server.ts starts it (listening, jobs, shutdown); tests can mount it on their own.

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
  if (config.trustProxy) app.set("trust proxy", true);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // A request that slips in on a kept-alive socket during shutdown is answered, then its socket closed.
    if (isShuttingDown()) res.setHeader("Connection", "close");
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, "request");
    });
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
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
      res.status(503).json({ status: "error", database: "unreachable" });
    }
  });

  // Stripe signs the exact bytes it sends: the raw body goes to the handler untouched (no JSON parser
  // runs before it). Stripe's servers are not a browser, so no same-origin check applies; the
  // signature is the check. Without payments configured the handler answers 503.
  app.post("/api/stripe/webhook", express.raw({ type: "application/json", limit: WEBHOOK_BODY_LIMIT }), async (req, res) => {
    const rawBody: Buffer = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await handleStripeWebhook(rawBody, req.get("stripe-signature"), services);
    res.status(result.status).json(result.body);
  });

  // better-auth reads the raw body itself: mount it before any body parser.
  app.all("/api/auth/*splat", toNodeHandler(services.auth));

  mountMedia(app, services.storage, logger);

  if (build.mode === "development") {
    app.use(build.middleware);
  } else {
    const assetsDir = path.join(build.clientDir, "assets");
    app.use("/assets", precompressedAssets(assetsDir, ONE_YEAR_SECONDS));
    app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false }));
    app.use(express.static(build.clientDir, { maxAge: "1h", index: false }));
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: build.build,
      mode: build.mode,
      // The visitor's address (honouring TRUST_PROXY) feeds the per-IP rate limits of the public forms.
      getLoadContext: (req) => ({ ...services, clientIp: req.ip ?? req.socket.remoteAddress ?? undefined }),
    }),
  );

  return app;
}
