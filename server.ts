import cluster, { type Worker } from "node:cluster";
import path from "node:path";
import fs from "node:fs";
import type { Server } from "node:http";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig, type AppConfig } from "./app/server/platform/config.server";
import { acquireDataDirLock, DataDirLockedError } from "./app/server/db/pglite-lock.server";
import type { AppBuild } from "./app/server/http/app.server";
import type { Scheduler } from "./app/server/jobs/scheduler.server";
import type { Logger } from "./app/server/platform/logger.server";
import type { AppServices } from "./app/server/platform/services.server";

// The production entry point: reads the configuration, builds the services, serves the app
// (app/server/http/app.server.ts), runs the jobs, and shuts down gracefully on SIGTERM/SIGINT.

const DEV = process.argv.includes("--dev");
const SHUTDOWN_TIMEOUT_MS = 4500;
/** A client has this long to send its request line and headers (slow-header attacks hold a socket otherwise). */
const HEADERS_TIMEOUT_MS = 15_000;
/**
 * And this long for the whole request. Form bodies are small; the largest legitimate one is four
 * 5 MB images, about 90 s on a 2 Mbit/s uplink.
 */
const REQUEST_TIMEOUT_MS = 120_000;

async function main() {
  const config = checkedConfig();
  if (config.workers > 1 && cluster.isPrimary && !DEV) {
    await runPrimary(config);
    return;
  }
  // A worker of the primary below: the primary sums every worker's figures for a scrape.
  const clusterMetrics = cluster.isWorker && config.metricsToken ? await import("./app/server/platform/metrics-cluster.server") : null;
  clusterMetrics?.reportToPrimary();
  // Loaded only once the configuration is known to be good, so a mistake is reported in a moment.
  const [{ createApp }, { appJobs }, { startScheduler }, { createLogger }, { createServices }] = await Promise.all([
    import("./app/server/http/app.server"),
    import("./app/server/jobs/index.server"),
    import("./app/server/jobs/scheduler.server"),
    import("./app/server/platform/logger.server"),
    import("./app/server/platform/services.server"),
  ]);
  // Workers share the primary's output: each line says which process wrote it.
  const logger = cluster.isWorker ? createLogger(config.logLevel).child({ pid: process.pid }) : createLogger(config.logLevel);
  const services = await createServices(config, logger).catch(startupFailure);
  if (clusterMetrics) services.metrics = clusterMetrics.clusterWideMetrics(services.metrics);

  let shuttingDown = false;
  const app = createApp(services, { build: await loadBuild(), isShuttingDown: () => shuttingDown });
  const scheduler = config.jobsEnabled ? startScheduler(appJobs(services), logger, services.metrics) : null;

  const server: Server = app.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.port;
    logger.info({ port, database: services.database.driver, storage: config.storage.driver }, "listening");
    if (process.send) process.send({ type: "listening", port });
    warmTileCounts(services, logger);
  });
  server.keepAliveTimeout = 5000;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  warnAboutProxies(config, logger);

  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    void shutDown(signal, { server, scheduler, services, logger });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/**
 * The home and categories pages show every tile's nationwide count, eight searches that a million
 * profiles make slow for the first visitor of a process (the counts are then kept and recounted in
 * the background). Taken once at start, not waited for: a failure only leaves that to the first page.
 */
function warmTileCounts(services: AppServices, logger: Logger) {
  const started = Date.now();
  void import("./app/server/directory/parent-tiles.server")
    .then(({ parentTileCounts }) => parentTileCounts(services.db))
    .then(
      () => logger.info({ ms: Date.now() - started }, "tile counts warmed"),
      (error: unknown) => logger.warn({ err: error }, "tile counts not warmed"),
    );
}

/** A worker that dies this soon after it started is failing at start-up: the next one waits longer. */
const WORKER_HEALTHY_AFTER_MS = 10_000;
const WORKER_RESTART_MAX_DELAY_MS = 30_000;

/**
 * WEB_CONCURRENCY above 1: this process only forks that many servers, which share the port (Node's
 * cluster module hands them connections), restarts any that dies, and on SIGTERM/SIGINT passes the
 * signal on and exits once all have drained. Only the first worker runs the scheduled jobs; they
 * are safe to run in several processes (each instance of a multi-machine deployment runs them),
 * but one set per machine is enough. With METRICS_TOKEN, it also sums the workers' figures for
 * whichever of them answers a scrape of /metrics.
 */
async function runPrimary(config: AppConfig) {
  const { createLogger } = await import("./app/server/platform/logger.server");
  const logger = createLogger(config.logLevel);
  if (config.metricsToken) (await import("./app/server/platform/metrics-cluster.server")).aggregateWorkerMetrics(logger);
  const slots = new Map<Worker, { slot: number; startedAt: number }>();
  const restartDelay = new Map<number, number>();
  let stopping = false;

  const fork = (slot: number) => {
    const worker = cluster.fork(slot === 0 ? {} : { JOBS: "off" });
    slots.set(worker, { slot, startedAt: Date.now() });
  };
  cluster.on("exit", (worker, code, signal) => {
    const entry = slots.get(worker);
    slots.delete(worker);
    if (stopping) {
      if (slots.size === 0) {
        logger.info("stopped");
        process.exit(0);
      }
      return;
    }
    if (!entry) return;
    const lived = Date.now() - entry.startedAt;
    const delay =
      lived >= WORKER_HEALTHY_AFTER_MS ? 0 : Math.min(WORKER_RESTART_MAX_DELAY_MS, Math.max(1000, (restartDelay.get(entry.slot) ?? 500) * 2));
    restartDelay.set(entry.slot, delay);
    logger.error({ worker: entry.slot, code, signal, restartInMs: delay }, "a server process exited; starting another");
    setTimeout(() => {
      if (!stopping) fork(entry.slot);
    }, delay);
  });
  for (let slot = 0; slot < config.workers; slot++) fork(slot);
  logger.info({ workers: config.workers, port: config.port }, "started server processes");

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // Each worker drains its own requests and jobs (shutDown below); the primary waits for them.
    for (const worker of slots.keys()) worker.process.kill(signal);
    if (slots.size === 0) process.exit(0);
    setTimeout(() => {
      logger.error("server processes took too long to stop; exiting");
      for (const worker of slots.keys()) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 1000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/**
 * Behind a load balancer with no TRUST_PROXY every visitor has the balancer's address and shares one
 * rate limit; the boolean spelling is read as one hop, which may not be what the operator has.
 */
function warnAboutProxies(config: AppConfig, logger: Logger) {
  const proxies = config.trustedProxies;
  if (proxies && "legacyBoolean" in proxies && proxies.legacyBoolean) {
    logger.warn("TRUST_PROXY=true is read as one proxy hop: set TRUST_PROXY to the number of proxies in front of the app (or their addresses)");
  } else if (!proxies && config.isProduction) {
    logger.warn(
      "TRUST_PROXY is not set: client addresses are the connecting socket's. Behind a load balancer or CDN, set TRUST_PROXY to the number of proxy hops, or every visitor shares the proxy's rate limits",
    );
  }
}

/** The configuration, after refusing a second process on the same embedded database (before the rest of the app loads). */
function checkedConfig(): AppConfig {
  try {
    const config = loadConfig(process.env);
    if (!config.databaseUrl) {
      fs.mkdirSync(config.dataDir, { recursive: true });
      acquireDataDirLock(config.dataDir).release();
    }
    return config;
  } catch (error) {
    return startupFailure(error);
  }
}

/** Bad configuration or a data folder in use ends start-up with its one-line message; anything else is rethrown. */
function startupFailure(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

/** The production build (BUILD_DIR, default `build`), or with --dev a Vite dev server's. */
async function loadBuild(): Promise<AppBuild> {
  if (DEV) {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    return {
      mode: "development",
      middleware: devServer.middlewares,
      build: () => devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  }
  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const serverEntry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(serverEntry)) {
    console.error("No production build found: run `npm run build` first.");
    process.exit(1);
  }
  return { mode: "production", build: (await import(serverEntry)) as ServerBuild, clientDir: path.join(buildDir, "client") };
}

/** Stops accepting, lets requests in flight and running jobs finish, closes the database, exits 0. */
async function shutDown(
  signal: string,
  { server, scheduler, services, logger }: { server: Server; scheduler: Scheduler | null; services: AppServices; logger: Logger },
) {
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
  // The last views and appearances counted in memory are written before the database closes.
  await services.insights.stop();
  // PGlite would otherwise keep the process alive (and its lock file held).
  await services.database.close();
  logger.info("stopped");
  process.exit(0);
}

main().catch(async (error: unknown) => {
  // Through the logger, like every other error: a failed query's message carries its parameters.
  try {
    const { createLogger } = await import("./app/server/platform/logger.server");
    createLogger("info").fatal({ err: error }, "start-up failed");
  } catch {
    console.error(error instanceof Error ? error.name : "start-up failed");
  }
  process.exit(1);
});
