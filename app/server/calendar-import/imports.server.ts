import { and, eq, inArray, sql } from "drizzle-orm";
import { fetchFailureText, IMMEDIATE_READS_PER_HOUR, RECENT_READ_MINUTES, type CalendarImportView } from "~/lib/calendar-import";
import { timeZoneForState } from "~/lib/state-time-zones";
import type { Db } from "../db/client.server";
import { calendarImportDays, calendarImports, profiles } from "../db/schema";
import type { Logger } from "../platform/logger.server";
import { takeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";
import { rowsOf } from "../search/rows.server";
import { busyDaysFromIcal, CalendarParseError, localDayOf } from "./ical-days.server";
import { CalendarFetchError, fetchCalendarText, normaliseCalendarUrl } from "./safe-fetch.server";

// A performer's iCal import: the address they pasted, read once on saving and then every hour by
// the calendar-import job. A read is claimed first (next_fetch_at moved an hour on under a row lock
// skipped by other processes), so two processes never read one feed at once; its days are then
// replaced whole in one transaction, and only if the address is still the one that was read. A
// failed read keeps the last good days and records why, in the performer's words.
//
// A read "now" (on saving) makes this server fetch an address the performer chose, so it is limited
// per account (IMMEDIATE_READS_PER_HOUR, counted in rate_limit_hits only for reads that start): a
// script saving address after address cannot turn the server into its fetcher. Past the limit the
// address is still saved and the job reads it when the hour's window ends.

export const REFRESH_INTERVAL_MS = 60 * 60_000;
/** Saving the address read this recently does not read it again: the answer would hardly have changed. */
const RECENT_READ_MS = RECENT_READ_MINUTES * 60_000;
const CLAIM_BATCH = 20;
/** Feeds read at once by one process: each may take 10 s, and most of that is waiting. */
const PARALLEL_READS = 4;

export interface ReadOptions {
  /** Tests and the demo only (see SafeFetchOptions). */
  allowLoopback?: boolean;
  now?: Date;
  logger?: Logger;
  signal?: AbortSignal;
  timeoutMs?: number;
}

interface Claimed {
  profileId: string;
  url: string;
  state: string | null;
}

export async function readCalendarImport(db: Db, profileId: string): Promise<CalendarImportView | null> {
  const [row] = await db
    .select({
      url: calendarImports.url,
      lastFetchedAt: calendarImports.lastFetchedAt,
      lastSuccessAt: calendarImports.lastSuccessAt,
      lastError: calendarImports.lastError,
      busyDays: calendarImports.busyDays,
      state: profiles.state,
    })
    .from(calendarImports)
    .innerJoin(profiles, eq(profiles.id, calendarImports.profileId))
    .where(eq(calendarImports.profileId, profileId));
  if (!row) return null;
  return {
    url: row.url,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
    lastError: row.lastError,
    busyDays: row.busyDays,
    timeZone: timeZoneForState(row.state),
  };
}

export type SaveImportResult = { kind: "saved" } | { kind: "no-profile" } | { kind: "invalid"; message: string };

/**
 * Keeps `raw` as the performer's calendar address (webcal:// becomes https://); a new address is
 * due for a read now, by refreshCalendarImport or else by the job's next tick.
 */
export async function saveCalendarImport(db: Db, profileId: string, raw: string): Promise<SaveImportResult> {
  const url = normaliseCalendarUrl(raw);
  if (!url) return { kind: "invalid", message: "This is not a calendar address: it must start with https://, http:// or webcal://" };
  const [profile] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId));
  if (!profile) return { kind: "no-profile" };
  const address = url.toString();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ url: calendarImports.url })
      .from(calendarImports)
      .where(eq(calendarImports.profileId, profileId))
      .for("update");
    // The same address keeps its schedule: reading it now is refreshCalendarImport's to decide (and limit).
    if (before && before.url === address) return;
    // Another calendar: what the old one said is no longer the performer's.
    await tx.delete(calendarImportDays).where(eq(calendarImportDays.profileId, profileId));
    await tx
      .insert(calendarImports)
      .values({ profileId, url: address })
      .onConflictDoUpdate({
        target: calendarImports.profileId,
        set: {
          url: address,
          createdAt: sql`now()`,
          nextFetchAt: sql`now()`,
          lastFetchedAt: null,
          lastSuccessAt: null,
          lastError: null,
          fetchCount: 0,
          busyDays: 0,
        },
      });
  });
  return { kind: "saved" };
}

/** Forgets the address and the days it gave. */
export async function removeCalendarImport(db: Db, profileId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(calendarImportDays).where(eq(calendarImportDays.profileId, profileId));
    const removed = await tx.delete(calendarImports).where(eq(calendarImports.profileId, profileId)).returning({ id: calendarImports.profileId });
    return removed.length > 0;
  });
}

/** Claims feeds due at `now`, moving them an hour on so no other process reads them. */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const next = new Date(now.getTime() + REFRESH_INTERVAL_MS);
  const due = sql`${calendarImports.nextFetchAt} <= ${now.toISOString()}::timestamptz`;
  const claimed = await db.execute(sql`
    update calendar_imports set next_fetch_at = ${next.toISOString()}::timestamptz,
      last_fetched_at = ${now.toISOString()}::timestamptz, fetch_count = fetch_count + 1
    where profile_id in (
      select profile_id from calendar_imports where ${due}
      order by next_fetch_at limit ${CLAIM_BATCH} for update skip locked
    )
    returning profile_id, url`);
  const rows = rowsOf<{ profile_id: string; url: string }>(claimed);
  if (rows.length === 0) return [];
  const states = await db
    .select({ id: profiles.id, state: profiles.state })
    .from(profiles)
    .where(inArray(profiles.id, rows.map((row) => row.profile_id)));
  const stateOf = new Map(states.map((row) => [row.id, row.state]));
  return rows.map((row) => ({ profileId: row.profile_id, url: row.url, state: stateOf.get(row.profile_id) ?? null }));
}

export type ReadOutcome = { kind: "read"; busyDays: number } | { kind: "failed"; error: string } | { kind: "changed" };

async function readOne(db: Db, feed: Claimed, options: ReadOptions): Promise<ReadOutcome> {
  const now = options.now ?? new Date();
  const timeZone = timeZoneForState(feed.state);
  let days: string[];
  try {
    const text = await fetchCalendarText(feed.url, {
      allowLoopback: options.allowLoopback,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    });
    days = busyDaysFromIcal(text, { timeZone, from: localDayOf(now.getTime(), timeZone) }).days;
  } catch (error) {
    const words =
      error instanceof CalendarFetchError
        ? fetchFailureText(error.reason, error.status)
        : error instanceof CalendarParseError
          ? fetchFailureText("unreadable")
          : null;
    if (words === null) options.logger?.error({ err: error, profileId: feed.profileId }, "reading a calendar feed failed");
    const message = words ?? fetchFailureText("unreadable");
    await db
      .update(calendarImports)
      .set({ lastError: message })
      .where(and(eq(calendarImports.profileId, feed.profileId), eq(calendarImports.url, feed.url)));
    return { kind: "failed", error: message };
  }
  return db.transaction(async (tx) => {
    // The performer may have pasted another address while this one was read: its days are not theirs.
    const [current] = await tx
      .select({ url: calendarImports.url })
      .from(calendarImports)
      .where(eq(calendarImports.profileId, feed.profileId))
      .for("update");
    if (!current || current.url !== feed.url) return { kind: "changed" } as const;
    await tx.delete(calendarImportDays).where(eq(calendarImportDays.profileId, feed.profileId));
    if (days.length > 0) {
      await tx.insert(calendarImportDays).values(days.map((day) => ({ profileId: feed.profileId, day })));
    }
    await tx
      .update(calendarImports)
      .set({ lastSuccessAt: now, lastError: null, busyDays: days.length })
      .where(eq(calendarImports.profileId, feed.profileId));
    return { kind: "read", busyDays: days.length } as const;
  });
}

function immediateReads(profileId: string): RateLimitRule {
  return { key: `calendar-import-now:${profileId}`, limit: IMMEDIATE_READS_PER_HOUR, windowMs: REFRESH_INTERVAL_MS };
}

export type ReadNowOutcome =
  | ReadOutcome
  /** The address was read less than RECENT_READ_MS ago: not read again. */
  | { kind: "recent" }
  /** The account's reads at once are used up: the job reads it by `nextReadAt`. */
  | { kind: "limited"; nextReadAt: Date };

/**
 * Reads one performer's feed now (after saving it), whatever its schedule, unless it was read a few
 * minutes ago or the account has started IMMEDIATE_READS_PER_HOUR reads at once this hour. Null when
 * there is no address to read.
 */
export async function refreshCalendarImport(db: Db, profileId: string, options: ReadOptions = {}): Promise<ReadNowOutcome | null> {
  const now = options.now ?? new Date();
  const decided = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ url: calendarImports.url, lastFetchedAt: calendarImports.lastFetchedAt, state: profiles.state })
      .from(calendarImports)
      .innerJoin(profiles, eq(profiles.id, calendarImports.profileId))
      .where(eq(calendarImports.profileId, profileId))
      .for("update", { of: calendarImports });
    if (!row) return null;
    if (row.lastFetchedAt && now.getTime() - row.lastFetchedAt.getTime() < RECENT_READ_MS) return { kind: "recent" } as const;
    // Taken in the claim's transaction: a unit is spent only on a read that starts.
    const allowance = await takeRateLimit(tx, immediateReads(profileId), 1, now);
    if (!allowance.allowed) {
      const nextReadAt = new Date(now.getTime() + allowance.retryAfterSeconds * 1000);
      const windowEnd = sql`${nextReadAt.toISOString()}::timestamptz`;
      // An address never read waits for the window's end (else every new address saved would be read
      // at the job's next tick); one read before keeps its hourly schedule if that comes sooner.
      const [scheduled] = await tx
        .update(calendarImports)
        .set({
          nextFetchAt: sql`case when ${calendarImports.lastFetchedAt} is null then ${windowEnd} else least(${calendarImports.nextFetchAt}, ${windowEnd}) end`,
        })
        .where(eq(calendarImports.profileId, profileId))
        .returning({ next: calendarImports.nextFetchAt });
      return { kind: "limited", nextReadAt: scheduled?.next ?? nextReadAt } as const;
    }
    // Claimed as the job claims (see claim): the next read is an hour on.
    await tx
      .update(calendarImports)
      .set({ nextFetchAt: new Date(now.getTime() + REFRESH_INTERVAL_MS), lastFetchedAt: now, fetchCount: sql`${calendarImports.fetchCount} + 1` })
      .where(eq(calendarImports.profileId, profileId));
    return { kind: "claimed", feed: { profileId, url: row.url, state: row.state } } as const;
  });
  if (decided === null || decided.kind !== "claimed") return decided;
  return readOne(db, decided.feed, options);
}

export interface RefreshResult {
  read: number;
  failed: number;
}

/** Reads every feed due, a few at a time; one feed's failure is recorded and the rest go on. */
export async function refreshDueCalendarImports(db: Db, options: ReadOptions = {}): Promise<RefreshResult> {
  const result: RefreshResult = { read: 0, failed: 0 };
  for (;;) {
    if (options.signal?.aborted) return result;
    const batch = await claim(db, options.now ?? new Date());
    let index = 0;
    const worker = async () => {
      while (index < batch.length) {
        const feed = batch[index++];
        try {
          const outcome = await readOne(db, feed, options);
          if (outcome.kind === "failed") result.failed++;
          else if (outcome.kind === "read") result.read++;
        } catch (error) {
          // The database failed under this feed; it is due again in an hour like the rest.
          result.failed++;
          options.logger?.error({ err: error, profileId: feed.profileId }, "storing a calendar feed's days failed");
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, batch.length) }, worker));
    if (batch.length < CLAIM_BATCH) return result;
  }
}
