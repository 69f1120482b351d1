import { and, inArray, isNull, lt, sql } from "drizzle-orm";
import { searchAlertMatches, searchAlerts, unmetSearches } from "../db/schema";
import { DAY_MS, HOUR_MS } from "../jobs/durations.server";
import type { Job } from "../jobs/scheduler.server";
import { alertMatchEmail } from "../mail/alert-templates.server";
import { enqueueEmail } from "../mail/outbox.server";
import { takeRateLimit } from "../platform/rate-limit.server";
import { rowsOf } from "../search/rows.server";
import { alertSearchParams, describeAlert, runAlertSearch, type AlertMatch } from "./alert-search.server";
import type { AlertContext } from "./context.server";
import { unsubscribeToken } from "./tokens.server";

// The search alerts' jobs. Every few minutes the confirmed alerts not looked at for a while are
// claimed (FOR UPDATE SKIP LOCKED, so processes share the work and never check one alert twice at
// once), their search is run again, and each performer it lists who is not yet in the alert's
// search_alert_matches gets one mail, queued in the transaction that records them: never the same
// performer twice for one alert, whatever the timing. An alert whose search suddenly lists many
// mails at most MATCH_MAILS_PER_DAY a day; the others wait (unrecorded) for the next days.
// Hourly, alerts whose confirmation link expired unused are removed, with the unmet searches'
// days past what the admin report reads.

/** How long a checked alert rests before it is checked again. */
export const ALERT_RECHECK_MS = 10 * 60_000;
const CLAIM_BATCH = 20;
export const MATCH_MAILS_PER_DAY = 10;
/** Unmet searches are reported over 30 days; a little more is kept, then dropped. */
const UNMET_KEEP_DAYS = 45;

export interface AlertCheckResult {
  checked: number;
  mailed: number;
}

interface ClaimedAlert {
  id: string;
  email: string;
  query: string;
  state: string | null;
  city: string | null;
  placeLabel: string | null;
}

async function claimDue(ctx: AlertContext, now: Date, recheckMs: number): Promise<ClaimedAlert[]> {
  const dueBefore = new Date(now.getTime() - recheckMs);
  const result = await ctx.db.execute(sql`
    update search_alerts set checked_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from search_alerts
      where confirmed_at is not null and (checked_at is null or checked_at <= ${dueBefore.toISOString()}::timestamptz)
      order by checked_at asc nulls first
      limit ${CLAIM_BATCH}
      for update skip locked
    )
    returning id, email, query, state, city, place_label
  `);
  const rows = rowsOf<{ id: string; email: string; query: string; state: string | null; city: string | null; place_label: string | null }>(result);
  return rows.map((r) => ({ id: r.id, email: r.email, query: r.query, state: r.state, city: r.city, placeLabel: r.place_label }));
}

/** Records and mails the alert's new matches, best first; how many were mailed. */
async function mailNewMatches(ctx: AlertContext, alert: ClaimedAlert, matches: AlertMatch[], now: Date): Promise<number> {
  if (matches.length === 0) return 0;
  const { publicUrl, siteName, authSecret } = ctx.config;
  return ctx.db.transaction(async (tx) => {
    // Unsubscribed since it was claimed: nothing more for it. The lock keeps a concurrent
    // unsubscribe from deleting it under this transaction.
    const [live] = await tx.select({ id: searchAlerts.id }).from(searchAlerts).where(sql`${searchAlerts.id} = ${alert.id} and confirmed_at is not null`).for("update");
    if (!live) return 0;
    const known = await tx
      .select({ profileId: searchAlertMatches.profileId })
      .from(searchAlertMatches)
      .where(and(sql`${searchAlertMatches.alertId} = ${alert.id}`, inArray(searchAlertMatches.profileId, matches.map((m) => m.id))));
    const seen = new Set(known.map((k) => k.profileId));
    const search = describeAlert(alert);
    const searchUrl = `${publicUrl}/search?${alertSearchParams(alert).toString()}`;
    const unsubscribeUrl = `${publicUrl}/alerts/unsubscribe?token=${unsubscribeToken(authSecret, alert.id)}`;
    let mailed = 0;
    for (const match of matches) {
      if (seen.has(match.id)) continue;
      const allowance = await takeRateLimit(tx, { key: `alert-matches:${alert.id}`, limit: MATCH_MAILS_PER_DAY, windowMs: DAY_MS }, 1, now);
      if (!allowance.allowed) break;
      const stored = await tx.insert(searchAlertMatches).values({ alertId: alert.id, profileId: match.id, createdAt: now }).onConflictDoNothing().returning();
      if (stored.length === 0) continue;
      await enqueueEmail(
        tx,
        alertMatchEmail({
          siteName,
          to: alert.email,
          search,
          performerName: match.displayName,
          performerPlace: match.city && match.state ? `${match.city}, ${match.state}` : (match.state ?? null),
          profileUrl: `${publicUrl}/profile/${match.id}`,
          searchUrl,
          unsubscribeUrl,
        }),
      );
      mailed++;
    }
    return mailed;
  });
}

/** Checks every confirmed alert that is due, claiming a batch at a time until none is left. */
export async function checkSearchAlerts(
  ctx: AlertContext,
  options: { now?: Date; signal?: AbortSignal; recheckMs?: number; today?: string } = {},
): Promise<AlertCheckResult> {
  const now = options.now ?? new Date();
  const result: AlertCheckResult = { checked: 0, mailed: 0 };
  for (;;) {
    if (options.signal?.aborted) return result;
    const batch = await claimDue(ctx, now, options.recheckMs ?? ALERT_RECHECK_MS);
    for (const alert of batch) {
      try {
        const found = await runAlertSearch(ctx.db, alert, options.today);
        result.mailed += await mailNewMatches(ctx, alert, found.matches, now);
      } catch (error) {
        // One alert's failure (a query timeout) must not stop the others; it is tried again next time.
        ctx.logger?.error({ err: error, alertId: alert.id }, "search alert check failed");
      }
      result.checked++;
    }
    if (batch.length < CLAIM_BATCH) return result;
  }
}

export interface AlertCleanupResult {
  unconfirmed: number;
  unmetDays: number;
}

/** Removes alerts whose confirmation link expired unused, and unmet-search days no report reads any more. */
export async function removeExpiredAlerts(ctx: Pick<AlertContext, "db">, now: Date = new Date()): Promise<AlertCleanupResult> {
  const gone = await ctx.db
    .delete(searchAlerts)
    .where(and(isNull(searchAlerts.confirmedAt), lt(searchAlerts.confirmExpiresAt, now)))
    .returning({ id: searchAlerts.id });
  const oldest = new Date(now.getTime() - UNMET_KEEP_DAYS * DAY_MS).toISOString().slice(0, 10);
  const days = await ctx.db.delete(unmetSearches).where(lt(unmetSearches.day, oldest)).returning({ day: unmetSearches.day });
  return { unconfirmed: gone.length, unmetDays: days.length };
}

export function searchAlertJobs(ctx: AlertContext): Job[] {
  return [
    {
      name: "search-alerts",
      intervalMs: 5 * 60_000,
      async run(signal) {
        const result = await checkSearchAlerts(ctx, { signal });
        if (result.mailed > 0) ctx.logger?.info(result, "search alerts mailed new performers");
      },
    },
    {
      name: "search-alerts-cleanup",
      intervalMs: HOUR_MS,
      async run() {
        const result = await removeExpiredAlerts(ctx);
        if (result.unconfirmed + result.unmetDays > 0) ctx.logger?.info(result, "removed unconfirmed search alerts and old unmet searches");
      },
    },
  ];
}
