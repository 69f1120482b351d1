import type { AppConfig } from "./config.server";
import { createAuth, type Auth } from "../auth/auth.server";
import { openDatabase, type Database, type Db } from "../db/client.server";
import { createInsightsCounter, type InsightsCounter } from "../insights/counter.server";
import type { Logger } from "./logger.server";
import { createMetrics, type Metrics } from "./metrics.server";
import { createStripePayments, type StripePayments } from "../payments/stripe.server";
import { createStorage, type Storage } from "../storage/index.server";

/** Everything a loader or action needs, built once per process and handed to React Router as load context. */
export interface AppServices {
  config: AppConfig;
  database: Database;
  db: Db;
  auth: Auth;
  storage: Storage;
  logger: Logger;
  /** The Stripe account; null when payments are not configured (PAYMENTS=demo). Makes services a PaymentsContext. */
  stripe: StripePayments | null;
  /** This instance's Prometheus counters and gauges (its own registry, so several apps in one process count apart). */
  metrics: Metrics;
  /** Profile views and appearances counted in memory, written in batches (the server's shutdown flushes them). */
  insights: InsightsCounter;
}

/** No page, job or webhook waits on one database answer longer than this. */
const QUERY_TIMEOUT_MS = 15_000;

export async function createServices(config: AppConfig, logger: Logger, database?: Database): Promise<AppServices> {
  const opened =
    database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolMax: config.databasePoolMax,
      queryTimeoutMs: QUERY_TIMEOUT_MS,
    }));
  try {
    const storage = await createStorage(config.storage);
    const auth = createAuth(opened.db, config, logger);
    return {
      config,
      database: opened,
      db: opened.db,
      auth,
      storage,
      logger,
      stripe: createStripePayments(config.payments),
      metrics: createMetrics(opened.db, logger),
      insights: createInsightsCounter(opened.db, { flushMs: config.insightsFlushMs, logger, visitorSecret: config.authSecret }),
    };
  } catch (error) {
    await opened.close();
    throw error;
  }
}
