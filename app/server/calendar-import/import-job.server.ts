import type { AppServices } from "../platform/services.server";
import { HOUR_MS } from "../jobs/durations.server";
import type { Job } from "../jobs/scheduler.server";
import { refreshDueCalendarImports } from "./imports.server";

/**
 * Reads the performers' iCal addresses that are due (each an hour after its last read), in any
 * number of processes: a feed is claimed under a skipped row lock before it is read. Ticks every
 * five minutes so a feed is read about an hour after the last, not up to two.
 */
export function calendarImportJob({ db, config, logger }: Pick<AppServices, "db" | "config" | "logger">): Job {
  return {
    name: "calendar-import",
    intervalMs: HOUR_MS / 12,
    async run(signal) {
      // Only the demo reads a feed from this machine (its own /demo/calendar route).
      const result = await refreshDueCalendarImports(db, { allowLoopback: config.demoMode, logger, signal });
      if (result.read + result.failed > 0) logger.info(result, "calendar feeds read");
    },
  };
}
