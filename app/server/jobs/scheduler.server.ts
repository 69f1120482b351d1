import type { Logger } from "../logger.server";

export interface Job {
  name: string;
  intervalMs: number;
  /** Must be idempotent and safe to run in several processes at once. */
  run(): Promise<void>;
}

export interface Scheduler {
  stop(): Promise<void>;
}

/** Runs each job on its interval, never overlapping with itself; stop() waits for running jobs to finish. */
export function startScheduler(jobs: Job[], logger: Logger): Scheduler {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      if (busy || stopped) return;
      busy = true;
      const run = job
        .run()
        .catch((error: unknown) => logger.error({ err: error, job: job.name }, "job failed"))
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
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
