import path from "node:path";
import fs from "node:fs";
import type { Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { toNodeHandler } from "better-auth/node";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./app/server/config.server";
import { DataDirLockedError } from "./app/server/db/pglite-lock.server";
import { appJobs } from "./app/server/jobs/index.server";
import { startScheduler } from "./app/server/jobs/scheduler.server";
import { createLogger } from "./app/server/logger.server";
import { createServices, type AppServices } from "./app/server/services.server";
import { mountMedia } from "./app/server/storage/media-route.server";

const DEV = process.argv.includes("--dev");
const SHUTDOWN_TIMEOUT_MS = 4500;

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);

  let services: AppServices;
  try {
    services = await createServices(config, logger);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", true);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
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
    try {
      await services.database.ping();
      res.status(200).json({ status: "ok", database: services.database.driver });
    } catch {
      res.status(503).json({ status: "error", database: "unreachable" });
    }
  });

  // better-auth reads the raw body itself: mount it before any body parser.
  app.all("/api/auth/*splat", toNodeHandler(services.auth));

  mountMedia(app, services);

  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (DEV) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(devServer.middlewares);
    build = () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
    const serverEntry = path.join(buildDir, "server", "index.js");
    if (!fs.existsSync(serverEntry)) {
      console.error("No production build found: run `npm run build` first.");
      process.exit(1);
    }
    app.use(
      "/assets",
      express.static(path.join(buildDir, "client", "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
    build = (await import(serverEntry)) as ServerBuild;
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: DEV ? "development" : "production",
      getLoadContext: () => ({ ...services }),
    }),
  );

  const scheduler = config.jobsEnabled ? startScheduler(appJobs(services), logger) : null;

  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: services.database.driver, storage: config.storage.driver }, "listening");
    if (process.send) process.send({ type: "listening", port });
  });
  server.keepAliveTimeout = 5000;

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Stop accepting, let in-flight requests finish, drop idle keep-alive sockets.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    await closed;
    await scheduler?.stop();
    await services.database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
