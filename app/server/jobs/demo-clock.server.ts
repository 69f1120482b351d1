import type { ClockDays } from "~/lib/demo-clock";
import { sendInquiryReminders } from "../push/reminders.server";
import { runReviewJobs } from "../reviews/review-jobs.server";
import { runTrustJobs } from "../trust/trust-jobs.server";
import type { AppServices } from "../platform/services.server";
import { expireListings, sendBillingReminders } from "./listing-lifecycle.server";
import { runReplyStats } from "./reply-stats.server";

// The demo's clock (demo mode only, beside /dev/mailbox): the loops that only show themselves after
// days (an unread inquiry's reminders, the parent's "did they perform?" question and the review
// published 7 days later, renewal reminders, expiries) are run once as if `days` had passed, the
// way a payment provider's test clock moves a subscription forward. Nothing is stored about the
// jump: each job decides from its own rows and the later `now`, exactly as its scheduled run would,
// and whatever it queues (mail, push alerts) goes out through the usual outboxes.

export interface ClockStep {
  job: string;
  /** What the run did, in words for the demo's visitor. */
  outcome: string;
}

export interface ClockRun {
  days: ClockDays;
  /** The moment the jobs were run at (ISO). */
  at: string;
  steps: ClockStep[];
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Runs the time-driven jobs as of `days` after `from`, in the order a real stretch of days would meet them. */
export async function runJobsAsIf(services: AppServices, days: ClockDays, from: Date = new Date()): Promise<ClockRun> {
  const now = new Date(from.getTime() + days * 86_400_000);
  const { db, config, logger } = services;
  const steps: ClockStep[] = [];

  const reminders = await sendInquiryReminders({ db, config }, now);
  steps.push({ job: "Unread-inquiry reminders", outcome: `${plural(reminders.reminded, "reminder", "reminders")} queued` });

  const reviews = await runReviewJobs({ db, config, logger }, now);
  steps.push({
    job: "Review questions",
    outcome: `${plural(reviews.asked, "parent", "parents")} asked about their party, ${plural(reviews.published, "review", "reviews")} published`,
  });

  const trust = await runTrustJobs(services, now);
  steps.push({
    job: "Trust documents",
    outcome: `${plural(trust.reminded, "expiry reminder", "expiry reminders")} queued, ${plural(trust.filesDeleted, "decided document's file", "decided documents' files")} deleted`,
  });

  await runReplyStats(db, now);
  steps.push({ job: "Reply figures", outcome: "recomputed for every performer" });

  const billing = await sendBillingReminders(services, now);
  steps.push({ job: "Renewal reminders", outcome: `${plural(billing.renewal + billing.freeListing, "reminder", "reminders")} queued` });

  const expiry = await expireListings(services, now);
  steps.push({ job: "Listing expiries", outcome: `${plural(expiry.expired, "listing", "listings")} expired` });

  logger.info({ days, at: now.toISOString(), steps }, "demo clock: scheduled jobs run ahead");
  return { days, at: now.toISOString(), steps };
}
