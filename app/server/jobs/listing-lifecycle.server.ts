import { and, eq, gt, lt, sql } from "drizzle-orm";
import { PLANS } from "~/lib/constants";
import type { AppConfig } from "../platform/config.server";
import type { Db } from "../db/client.server";
import { freeListingGrants, profiles, stripeCustomers, stripeEvents, stripeSubscriptions, user } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import { enqueueEmail } from "../mail/outbox.server";
import { freeListingEndingEmail, renewalReminderEmail } from "../mail/payment-templates.server";
import { yearNumbers } from "../insights/stats.server";
import { billingLinks, type PaymentsContext } from "../payments/context.server";
import { claimFreeListingGrants, startFreeYearsGoneLive } from "../payments/grants.server";
import { claimNotice, refreshListing } from "../payments/listing-status.server";
import { createStripePayments, type StripePayments } from "../payments/stripe.server";
import { syncUserSubscription } from "../payments/sync.server";
import { todayIso } from "../directory/visibility.server";
import type { Job } from "./scheduler.server";
import { DAY_MS, HOUR_MS } from "./durations.server";

// The listing lifecycle's background work: listings whose paid time ended leave the directory, and
// performers hear about renewals and ending free years in time. Every step is safe to run in
// several processes at once: rows are claimed with SKIP LOCKED, emails with a unique notice key.

const REMINDER_DAYS_BEFORE = 30;
const EXPIRY_BATCH = 50;
/** Stripe retries a delivery for three days; an event id older than this cannot come back. */
const EVENT_RETENTION_DAYS = 90;

export interface ExpiryResult {
  /** Listings that went from paid to expired in this run (each with its notice queued). */
  expired: number;
  /** Subscribers re-read from Stripe before expiring, in case a renewal's webhook was missed. */
  resynced: number;
  /** Listings recomputed because a free grant was claimed or has started. */
  granted: number;
}

/** The hourly expiry pass. `now` is injectable so tests can stand after a period end. */
export async function expireListings(context: PaymentsContext, now: Date = new Date()): Promise<ExpiryResult> {
  const { db } = context;
  const today = todayIso(now);
  const result: ExpiryResult = { expired: 0, resynced: 0, granted: 0 };

  result.granted += (await claimFreeListingGrants(db, context, { now })).length;
  result.granted += (await startFreeYearsGoneLive(db, context, now)).length;

  // A subscription we still believe renews has a listing about to expire: its renewal webhook may
  // have been lost. Ask Stripe before taking a paying performer out of the directory.
  if (context.stripe) {
    const renewing = await db
      .selectDistinct({ userId: profiles.id })
      .from(profiles)
      .innerJoin(stripeCustomers, eq(stripeCustomers.userId, profiles.id))
      .innerJoin(stripeSubscriptions, eq(stripeSubscriptions.customerId, stripeCustomers.customerId))
      .where(
        and(
          eq(profiles.paymentStatus, "paid"),
          lt(profiles.paymentExpiry, today),
          sql`${stripeSubscriptions.status} in ('active', 'trialing') and not ${stripeSubscriptions.cancelAtPeriodEnd}`,
        ),
      )
      .limit(100);
    for (const { userId } of renewing) {
      try {
        await syncUserSubscription(context, userId, now);
        result.resynced++;
      } catch (error) {
        context.logger?.warn({ err: error, userId }, "could not re-read a subscription before expiry; expiring on stored state");
      }
    }
  }

  // Claimed rows are skipped by a second process; each listing is recomputed under its lock by the
  // one rule, which also queues the expiry notice exactly when paid turns into expired.
  let after = "";
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.paymentStatus, "paid"), lt(profiles.paymentExpiry, today), gt(profiles.id, after)))
        .orderBy(profiles.id)
        .limit(EXPIRY_BATCH)
        .for("update", { skipLocked: true });
      for (const row of rows) {
        const change = await refreshListing(tx, row.id, context, now);
        if (change.changed && change.after.paymentStatus === "expired") result.expired++;
      }
      return rows;
    });
    if (batch.length < EXPIRY_BATCH) break;
    after = batch[batch.length - 1].id;
  }

  // Grants whose first day has come (or that the listing does not reflect yet).
  const started = await db
    .selectDistinct({ userId: freeListingGrants.userId })
    .from(freeListingGrants)
    .leftJoin(profiles, eq(profiles.id, freeListingGrants.userId))
    .where(
      sql`${freeListingGrants.userId} is not null and ${freeListingGrants.revokedAt} is null
        and ${freeListingGrants.startsOn} <= ${today} and ${freeListingGrants.endsOn} >= ${today}
        and (${profiles.id} is null or ${profiles.paymentStatus} <> 'paid' or ${profiles.paymentExpiry} is null
             or ${profiles.paymentExpiry} < ${freeListingGrants.endsOn})`,
    )
    .limit(500);
  for (const { userId } of started) {
    if (!userId) continue;
    await db.transaction((tx) => refreshListing(tx, userId, context, now));
    result.granted++;
  }

  await db.delete(stripeEvents).where(lt(stripeEvents.receivedAt, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS)));
  return result;
}

export interface ReminderResult {
  renewal: number;
  freeListing: number;
}

/**
 * Renewal reminders 30 days before each renewal (never for a subscription set to cancel), and
 * "your free year ends" notes. Each goes at most once per period, however many runs overlap.
 */
export async function sendBillingReminders(context: PaymentsContext, now: Date = new Date()): Promise<ReminderResult> {
  const { db } = context;
  const { siteName, publicUrl } = context.config;
  const links = billingLinks(publicUrl);
  const amountUsd = PLANS.YEARLY_MEMBERSHIP.priceUsd;
  const today = todayIso(now);
  const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE * DAY_MS);
  const result: ReminderResult = { renewal: 0, freeListing: 0 };

  const periodKey = sql<string>`${stripeSubscriptions.id} || ':' || to_char(${stripeSubscriptions.currentPeriodEnd} at time zone 'UTC', 'YYYY-MM-DD')`;
  const renewals = await db
    .select({ subscriptionId: stripeSubscriptions.id, userId: stripeCustomers.userId, periodKey })
    .from(stripeSubscriptions)
    .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, stripeSubscriptions.customerId))
    .where(
      sql`${stripeSubscriptions.status} = 'active' and not ${stripeSubscriptions.cancelAtPeriodEnd}
        and ${stripeSubscriptions.currentPeriodEnd} > ${now.toISOString()} and ${stripeSubscriptions.currentPeriodEnd} <= ${horizon.toISOString()}
        and not exists (select 1 from billing_notices n
          where n.kind = 'renewal_reminder' and n.user_id = ${stripeCustomers.userId} and n.period_key = ${periodKey})`,
    );
  for (const candidate of renewals) {
    const sent = await db.transaction(async (tx) => {
      // Re-checked under the row's lock: a cancel that just landed wins over the reminder.
      const [sub] = await tx
        .select({ currentPeriodEnd: stripeSubscriptions.currentPeriodEnd, email: user.email })
        .from(stripeSubscriptions)
        .innerJoin(stripeCustomers, eq(stripeCustomers.customerId, stripeSubscriptions.customerId))
        .innerJoin(user, eq(user.id, stripeCustomers.userId))
        .where(
          and(
            eq(stripeSubscriptions.id, candidate.subscriptionId),
            eq(stripeSubscriptions.status, "active"),
            eq(stripeSubscriptions.cancelAtPeriodEnd, false),
          ),
        )
        .for("update", { of: stripeSubscriptions });
      if (!sub || sub.currentPeriodEnd <= now || sub.currentPeriodEnd > horizon) return false;
      const key = `${candidate.subscriptionId}:${todayIso(sub.currentPeriodEnd)}`;
      if (!(await claimNotice(tx, "renewal_reminder", candidate.userId, key))) return false;
      await enqueueEmail(
        tx,
        renewalReminderEmail({
          siteName,
          to: sub.email,
          amountUsd,
          renewsOn: sub.currentPeriodEnd,
          cancelUrl: links.cancel,
          manageUrl: links.manage,
          year: await yearNumbers(tx, candidate.userId, now),
        }),
      );
      return true;
    });
    if (sent) result.renewal++;
  }

  const horizonDay = todayIso(horizon);
  const endingGrants = await db
    .select({ grantId: freeListingGrants.id, userId: user.id, email: user.email, endsOn: freeListingGrants.endsOn })
    .from(freeListingGrants)
    .innerJoin(user, eq(user.id, freeListingGrants.userId))
    .where(
      sql`${freeListingGrants.revokedAt} is null and ${freeListingGrants.startsOn} <= ${today}
        and ${freeListingGrants.endsOn} >= ${today} and ${freeListingGrants.endsOn} <= ${horizonDay}
        and not exists (select 1 from billing_notices n
          where n.kind = 'grant_ending' and n.user_id = ${user.id} and n.period_key = ${freeListingGrants.id}::text)
        and not exists (select 1 from profiles p where p.id = ${user.id} and p.payment_expiry > ${freeListingGrants.endsOn})
        and not exists (select 1 from stripe_subscriptions s join stripe_customers c on c.customer_id = s.customer_id
          where c.user_id = ${user.id} and s.status in ('active', 'trialing', 'past_due') and not s.cancel_at_period_end)`,
    );
  for (const grant of endingGrants) {
    if (grant.endsOn === null) continue; // (the query reads only started years)
    const { endsOn } = grant;
    const sent = await db.transaction(async (tx) => {
      if (!(await claimNotice(tx, "grant_ending", grant.userId, grant.grantId))) return false;
      await enqueueEmail(
        tx,
        freeListingEndingEmail({
          siteName,
          to: grant.email,
          endsOn,
          amountUsd,
          subscribeUrl: links.subscription,
          year: await yearNumbers(tx, grant.userId, now),
        }),
      );
      return true;
    });
    if (sent) result.freeListing++;
  }
  return result;
}

export interface LifecycleJobServices {
  db: Db;
  config: AppConfig;
  logger: Logger;
  /** The app's Stripe account when it has one built already; otherwise built from config. */
  stripe?: StripePayments | null;
}

/** The lifecycle jobs for the scheduler: expiry and reminders, hourly. */
export function listingLifecycleJobs(services: LifecycleJobServices): Job[] {
  const context: PaymentsContext = {
    db: services.db,
    config: services.config,
    logger: services.logger,
    stripe: services.stripe === undefined ? createStripePayments(services.config.payments) : services.stripe,
  };
  const { logger } = services;
  return [
    {
      name: "listing-expiry",
      intervalMs: HOUR_MS,
      async run() {
        const result = await expireListings(context);
        if (result.expired + result.resynced + result.granted > 0) logger.info(result, "listing lifecycle: expiry pass");
      },
    },
    {
      name: "billing-reminders",
      intervalMs: HOUR_MS,
      async run() {
        const result = await sendBillingReminders(context);
        if (result.renewal + result.freeListing > 0) logger.info(result, "listing lifecycle: reminders queued");
      },
    },
  ];
}
