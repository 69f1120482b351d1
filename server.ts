import path from "node:path";
import fs from "node:fs";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./app/server/config.server";
import { acquireDataDirLock, DataDirLockedError } from "./app/server/db/pglite-lock.server";
import type { AppServices } from "./app/server/services.server";

const DEV = process.argv.includes("--dev");
const SHUTDOWN_TIMEOUT_MS = 4500;
const HEALTH_TIMEOUT_MS = 3000;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
    // A second process on the same embedded database is refused before the rest of the app loads.
    if (!config.databaseUrl) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      acquireDataDirLock(config.dataDir).release();
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Loaded only once the configuration is known to be good, so a mistake is reported in a moment.
  const [
    { createRequestHandler },
    { default: compression },
    { default: express },
    { toNodeHandler },
    { appJobs },
    { startScheduler },
    { createLogger },
    { createServices },
    { mountMedia },
    { precompressedAssets },
  ] = await Promise.all([
    import("@react-router/express"),
    import("compression"),
    import("express"),
    import("better-auth/node"),
    import("./app/server/jobs/index.server"),
    import("./app/server/jobs/scheduler.server"),
    import("./app/server/logger.server"),
    import("./app/server/services.server"),
    import("./app/server/storage/media-route.server"),
    import("./app/server/precompressed-assets.server"),
  ]);
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

  let shuttingDown = false;

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    // A request that slips in on a kept-alive socket during shutdown is answered, then its socket closed.
    if (shuttingDown) res.setHeader("Connection", "close");
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
    if (shuttingDown) {
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
    const assetsDir = path.join(buildDir, "client", "assets");
    app.use("/assets", precompressedAssets(assetsDir, ONE_YEAR_SECONDS));
    app.use("/assets", express.static(assetsDir, { immutable: true, maxAge: ONE_YEAR_SECONDS * 1000, index: false }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
    build = (await import(serverEntry)) as ServerBuild;
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: DEV ? "development" : "production",
      // The visitor's address (honouring TRUST_PROXY) feeds the per-IP rate limits of the public forms.
      getLoadContext: (req) => ({ ...services, clientIp: req.ip ?? req.socket.remoteAddress ?? undefined }),
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

  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      logger.error("shutdown took too long; exiting");
      server.closeAllConnections();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Stop accepting and let in-flight requests finish. Keep-alive sockets become idle only after
    // their last response, so keep dropping idle ones until close() sees none left.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    // Jobs stop at the same time: a mail batch hands back what it has not sent yet.
    await Promise.all([closed, scheduler?.stop()]);
    clearInterval(sweeper);
    // PGlite would otherwise keep the process alive (and its lock file held).
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
