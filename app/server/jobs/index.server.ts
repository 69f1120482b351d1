import { searchAlertJobs } from "../alerts/alert-job.server";
import { calendarImportJob } from "../calendar-import/import-job.server";
import { pruneOldCalendarDays } from "../calendar/old-days.server";
import { pushJobs } from "../push/push-jobs.server";
import { createMailTransport, deliverDueEmails, type PendingMailLog } from "../mail/worker.server";
import type { AppServices } from "../platform/services.server";
import { listingLifecycleJobs } from "./listing-lifecycle.server";
import { sweepStoredFileDeletions } from "../profiles/stored-file-deletions.server";
import { maintainEmbeddedDatabase, pruneExpiredRows } from "./maintenance.server";
import { statsRollUpJob } from "./stats-roll-up.server";
import { replyStatsJob } from "./reply-stats.server";
import { reviewJobs } from "../reviews/review-jobs.server";
import { trustJobs } from "../trust/trust-jobs.server";
import { unconfirmedAccountsJob } from "./unconfirmed-accounts.server";
import type { Job } from "./scheduler.server";

const BATCH_SIZE = 10;

/** The background jobs every app process runs. */
export function appJobs(services: AppServices): Job[] {
  return [
    outboxJob(services),
    maintenanceJob(services),
    storageSweepJob(services),
    ...listingLifecycleJobs(services),
    unconfirmedAccountsJob(services),
    ...searchAlertJobs(services),
    statsRollUpJob(services),
    calendarImportJob(services),
    replyStatsJob(services),
    ...pushJobs(services),
    ...reviewJobs(services),
    ...trustJobs(services),
    // PostgreSQL vacuums itself; the embedded database needs it done.
    ...(services.database.driver === "pglite" ? [embeddedMaintenanceJob(services)] : []),
  ];
}

/** The embedded database's vacuum and statistics, at start and every six hours (maintainEmbeddedDatabase). */
function embeddedMaintenanceJob({ db, logger }: AppServices): Job {
  return {
    name: "embedded-maintenance",
    intervalMs: 6 * 60 * 60_000,
    async run() {
      const started = performance.now();
      await maintainEmbeddedDatabase(db);
      logger.info({ ms: Math.round(performance.now() - started) }, "embedded database vacuumed and analysed");
    },
  };
}

function outboxJob({ db, config, logger }: AppServices): Job {
  const transport = config.smtpUrl ? createMailTransport(config.smtpUrl) : null;
  const pendingLog: PendingMailLog = { after: null };
  if (!transport) logger.warn("SMTP_URL is not set: email stays in the outbox and is only logged");
  return {
    name: "email-outbox",
    intervalMs: config.mailPollMs,
    async run(signal) {
      // Keep going while whole batches come back, so a backlog drains without waiting a tick per batch.
      for (;;) {
        const result = await deliverDueEmails(db, transport, {
          from: config.mailFrom,
          logger,
          batchSize: BATCH_SIZE,
          signal,
          pendingLog,
        });
        if (!transport || result.claimed < BATCH_SIZE || signal.aborted) return;
      }
    },
    close() {
      transport?.close?.();
    },
  };
}

function maintenanceJob({ db, logger }: AppServices): Job {
  return {
    name: "prune-expired-rows",
    intervalMs: 60 * 60_000,
    async run(signal) {
      const removed = await pruneExpiredRows(db);
      if (removed.consumedTokens + removed.rateLimitHits + removed.sentEmails > 0) {
        logger.info(removed, "pruned expired rows");
      }
      const calendarDays = await pruneOldCalendarDays(db, new Date(), { signal });
      if (calendarDays > 0) logger.info({ calendarDays }, "pruned marked days long past");
    },
  };
}

/**
 * Removes stored files nothing uses any more: those of deleted images and accounts that could not be
 * removed at once, and those of uploads whose process died before recording them.
 */
function storageSweepJob({ db, storage, logger }: AppServices): Job {
  return {
    name: "storage-sweep",
    intervalMs: 5 * 60_000,
    async run() {
      const result = await sweepStoredFileDeletions(db, storage, { logger });
      if (result.removed + result.failed > 0) logger.info(result, "swept queued file deletions");
    },
  };
}
