import { HOUR_MS } from "../jobs/durations.server";
import type { Job } from "../jobs/scheduler.server";
import type { AppServices } from "../platform/services.server";
import { sendInquiryReminders } from "./reminders.server";
import { vapidKeys } from "./vapid.server";
import { deliverDuePushes, pruneSentPushes } from "./worker.server";

// The lead alerts' jobs: the push outbox read every PUSH_POLL_MS (1 s by default, so an alert
// leaves within seconds of the inquiry's commit whichever process stored it), the reminders every
// five minutes, and the sent alerts' clean-up hourly.

const BATCH_SIZE = 20;
export const REMINDER_INTERVAL_MS = 5 * 60_000;

export function pushJobs(services: AppServices): Job[] {
  const { db, config, logger } = services;
  const vapid = vapidKeys(config);
  if (vapid.source === "data-folder" && config.isProduction) {
    logger.warn(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push alerts are signed with the key pair kept in DATA_DIR; every instance of the site needs the same pair",
    );
  }
  // Loopback push addresses are for the demo's and the tests' own receivers only.
  const allowLoopback = config.demoMode;
  return [
    {
      name: "push-outbox",
      intervalMs: config.push.pollMs,
      async run(signal) {
        for (;;) {
          const result = await deliverDuePushes(db, vapid, { logger, batchSize: BATCH_SIZE, allowLoopback });
          if (result.claimed < BATCH_SIZE || signal.aborted) return;
        }
      },
    },
    {
      name: "inquiry-reminders",
      intervalMs: REMINDER_INTERVAL_MS,
      async run() {
        const result = await sendInquiryReminders({ db, config }, new Date());
        if (result.reminded > 0) logger.info(result, "unread inquiry reminders queued");
      },
    },
    {
      name: "push-outbox-prune",
      intervalMs: HOUR_MS,
      async run() {
        const removed = await pruneSentPushes(db);
        if (removed > 0) logger.info({ removed }, "pruned sent push alerts");
      },
    },
  ];
}
