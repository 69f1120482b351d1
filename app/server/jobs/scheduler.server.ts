import type { Logger } from "../platform/logger.server";
import type { Metrics } from "../platform/metrics.server";

export interface Job {
  name: string;
  intervalMs: number;
  /** Must be idempotent and safe to run in several processes at once; should return soon after `signal` aborts. */
  run(signal: AbortSignal): Promise<void>;
  /** Releases what the job holds open (an SMTP pool), after its last run. */
  close?(): Promise<void> | void;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Runs each job on its interval, never overlapping with itself; stop() waits for running jobs to finish. */
export function startScheduler(jobs: Job[], logger: Logger, metrics?: Pick<Metrics, "jobRun">): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopping.signal.aborted) return;
      busy = true;
      const run = job
        .run(stopping.signal)
        .then(
          () => metrics?.jobRun(job.name, false),
          (error: unknown) => {
            metrics?.jobRun(job.name, true);
            logger.error({ err: error, job: job.name }, "job failed");
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    };
    const timer = setInterval(tick, job.intervalMs);
    timer.unref();
    timers.push(timer);
    setImmediate(tick);
  }
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        stopping.abort();
        for (const timer of timers) clearInterval(timer);
        await Promise.allSettled([...running]);
        await Promise.allSettled(jobs.map(async (job) => job.close?.()));
      })();
      return stopped;
    },
  };
}
