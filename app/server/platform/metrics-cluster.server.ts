import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, type PrometheusContentType } from "prom-client";
import type { Logger } from "./logger.server";
import type { Metrics } from "./metrics.server";

// With WEB_CONCURRENCY above 1 each worker counts only what it served, and a scrape of /metrics
// lands on one of them. So a worker answering a scrape asks the primary process, which asks every
// worker for its registry (prom-client's AggregatorRegistry, over the cluster's IPC channel) and
// hands back one exposition: counters and histograms summed, each gauge by its own `aggregator`
// (metrics.server.ts). HTTP, the token check and the port stay the workers'; the primary never
// serves a request. A single process (no cluster) never loads this module.

const REQUEST = "costumecast:metrics-request";
const ANSWER = "costumecast:metrics-answer";
/** prom-client gives up on a silent worker after 5 s; past this the primary itself is taken for gone. */
const PRIMARY_TIMEOUT_MS = 8000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}

type MetricsAnswer = { type: typeof ANSWER; id: number } & ({ body: string } | { error: string });

function isRequest(message: unknown): message is MetricsRequest {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === REQUEST;
}

function isAnswer(message: unknown): message is MetricsAnswer {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === ANSWER;
}

/** The primary's side: answers each worker's request with every worker's figures, aggregated. */
export function aggregateWorkerMetrics(logger: Logger): void {
  const aggregator = new AggregatorRegistry<PrometheusContentType>();
  const reply = (worker: Worker, answer: MetricsAnswer) => {
    // The asking worker may have died meanwhile; its scrape is lost with it.
    if (worker.isConnected()) worker.send(answer);
  };
  cluster.on("message", (worker, message: unknown) => {
    if (!isRequest(message)) return;
    aggregator.clusterMetrics().then(
      (body) => reply(worker, { type: ANSWER, id: message.id, body }),
      (error: unknown) => {
        logger.warn({ err: error }, "metrics: a server process did not report its figures");
        reply(worker, { type: ANSWER, id: message.id, error: error instanceof Error ? error.message : "no answer" });
      },
    );
  });
}

/**
 * A worker's first step: answer the primary's collection at once, with nothing counted yet, so a
 * scrape while this worker starts does not wait out prom-client's timeout for it.
 */
export function reportToPrimary(): void {
  // Constructing one is what makes prom-client listen for the primary's requests in a worker.
  new AggregatorRegistry<PrometheusContentType>();
  AggregatorRegistry.setRegistries([]);
}

/**
 * The worker's metrics once its app exists: its registry is what it reports to the primary, and
 * its exposition is the whole cluster's, asked of the primary.
 */
export function clusterWideMetrics(metrics: Metrics): Metrics {
  AggregatorRegistry.setRegistries(metrics.registry);
  let lastId = 0;
  const waiting = new Map<number, { resolve: (body: string) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }>();
  process.on("message", (message: unknown) => {
    if (!isAnswer(message)) return;
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    clearTimeout(pending.timer);
    if ("body" in message) pending.resolve(message.body);
    else pending.reject(new Error(`metrics: ${message.error}`));
  });
  const askPrimary = () =>
    new Promise<string>((resolve, reject) => {
      const id = ++lastId;
      const fail = (error: Error) => {
        if (!waiting.delete(id)) return;
        clearTimeout(timer);
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error("metrics: the primary process did not answer")), PRIMARY_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, { resolve, reject, timer });
      if (!process.send) return fail(new Error("metrics: no primary process to ask"));
      process.send({ type: REQUEST, id } satisfies MetricsRequest, undefined, undefined, (error: Error | null) => {
        if (error) fail(error);
      });
    });
  return {
    ...metrics,
    async exposition() {
      return { contentType: metrics.registry.contentType, body: await askPrimary() };
    },
  };
}
