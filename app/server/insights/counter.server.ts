import { createHmac, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";
import { utcDay } from "./stats.server";

// Profile views and appearances in result lists are counted in this process's memory and written
// to profile_daily_stats in one batched upsert every few seconds: a busy profile page costs a map
// update, not a write per view. A process that crashes loses at most one interval of counts, which
// is fine for figures a performer reads per week.
//
// The same visitor (address) counts once per profile per day for each kind: a reload or going back
// and forth between results does not inflate the numbers. The rule is kept by a marker per visitor,
// profile, kind and day: a keyed hash (HMAC) that says nothing without the server's secret, written
// at flush time into rate_limit_hits (`insights-seen:<day>:<hash>`, ON CONFLICT DO NOTHING), whose
// maintenance job drops it once the day is over. Only a marker newly written counts, and only for a
// public profile (the batch is joined to profiles first), so ids made up by the thousand neither
// count nor push a real visitor's marker out: memory alone could be flushed that way. A bounded set
// of the same hashes in memory only spares the database repeats it would refuse anyway.
//
// Each visitor may also send at most REPORTS_PER_HOUR reports an hour to this process (counted in
// memory, so a report still costs no database round trip); the rest are dropped unread.

/** A pending batch holds at most this many markers before it is written early. */
const MAX_PENDING = 20_000;
/** Markers remembered per process (about 100 bytes each): repeats skipped before the database. */
const MAX_SEEN = 100_000;
/** Reports one visitor may send an hour: a busy person browsing sends a few dozen. */
export const REPORTS_PER_HOUR = 300;
const REPORT_WINDOW_MS = 60 * 60_000;
/** Visitors whose reports this window are counted; past it the oldest is forgotten. */
const MAX_REPORTERS = 100_000;
/** rate_limit_hits keys of the once-a-day markers start with this. */
export const SEEN_MARKER_PREFIX = "insights-seen";

type Kind = "v" | "a";

interface Marker {
  /** The rate_limit_hits key: prefix, day and the keyed hash. */
  key: string;
  kind: Kind;
  profileId: string;
  day: string;
}

export interface InsightsCounter {
  /**
   * Whether the visitor `clientKey` may send another report now (counting this one): false past
   * REPORTS_PER_HOUR in the current hour, when the report is to be dropped.
   */
  admitReport(clientKey: string, now?: Date): boolean;
  /** One view of a profile page by the visitor `clientKey` (their address). */
  countView(profileId: string, clientKey: string, now?: Date): void;
  /** The profiles shown to the visitor in one list of results. */
  countAppearances(profileIds: readonly string[], clientKey: string, now?: Date): void;
  /** Writes what was counted so far; resolves once it is stored (or logged as lost). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left: the server's shutdown calls it before closing the database. */
  stop(): Promise<void>;
}

export interface CounterOptions {
  flushMs: number;
  logger: Logger;
  /**
   * The secret the visitor markers are keyed with; every process given the same one counts a
   * visitor once a day between them, across restarts. Without it the key is made at start-up and
   * never stored, so each process (and each start) keeps its own once-a-day rule.
   */
  visitorSecret?: string;
}

export function createInsightsCounter(db: Executor, options: CounterOptions): InsightsCounter {
  let pending = new Map<string, Marker>();
  const seen = new Map<string, true>();
  const key =
    options.visitorSecret === undefined
      ? randomBytes(32)
      : createHmac("sha256", options.visitorSecret).update("costumecast insights visitor markers").digest();
  const reporters = new Map<string, number>();
  let reportWindow = -1;
  let flushing: Promise<void> | null = null;
  let stopped = false;

  const hashOf = (text: string) => createHmac("sha256", key).update(text).digest("base64url").slice(0, 22);

  /** Queues the visitor's marker for this profile, kind and day, unless this process already did today. */
  const note = (kind: Kind, profileId: string, clientKey: string, day: string) => {
    const marker = `${SEEN_MARKER_PREFIX}:${day}:${hashOf(`${kind}\0${profileId}\0${clientKey}\0${day}`)}`;
    if (seen.has(marker)) return;
    seen.set(marker, true);
    // A Map iterates in insertion order, so the first key is the oldest.
    if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value as string);
    add({ key: marker, kind, profileId, day });
  };

  const add = (marker: Marker) => {
    pending.set(marker.key, marker);
    if (pending.size >= MAX_PENDING) void flush();
  };

  // Array literals as single parameters keep the statement one size whatever the batch; the ids
  // were checked by isProfileId (letters, digits, "_" and "-") and the keys are base64url, so
  // quoting them is enough.
  const write = async (batch: Marker[]) => {
    const list = (values: string[]) => `{${values.map((v) => `"${v}"`).join(",")}}`;
    // One statement for the whole batch, so it is stored whole or not at all. Joining profiles keeps
    // only ids of profiles that are public now (a made-up id, or a listing just taken down, writes
    // no marker and no count); of those, only markers not already stored count.
    await db.execute(sql`
      with batch as (
        select * from unnest(
          ${list(batch.map((m) => m.key))}::text[],
          ${list(batch.map((m) => m.profileId))}::text[],
          ${list(batch.map((m) => m.day))}::date[],
          ${list(batch.map((m) => m.kind))}::text[]
        ) as batch(marker, profile_id, day, kind)
      ),
      visible as (
        -- One primary-key lookup per marker (the lateral LIMIT keeps it a nested loop): a plain join
        -- let the planner hash every public profile, 195 ms at 100,000 of them, for every flush.
        select batch.* from batch cross join lateral (
          select 1 from profiles where profiles.id = batch.profile_id and ${publicProfileCondition(todayIso())} limit 1
        ) as listed
      ),
      fresh as (
        insert into rate_limit_hits (key, window_start, count)
        select visible.marker, visible.day::timestamp at time zone 'UTC', 1 from visible
        on conflict (key, window_start) do nothing
        returning key
      )
      insert into profile_daily_stats (profile_id, day, views, appearances)
      select visible.profile_id, visible.day,
             (count(*) filter (where visible.kind = 'v'))::int,
             (count(*) filter (where visible.kind = 'a'))::int
      from visible join fresh on fresh.key = visible.marker
      group by visible.profile_id, visible.day
      on conflict (profile_id, day) do update set
        views = profile_daily_stats.views + excluded.views,
        appearances = profile_daily_stats.appearances + excluded.appearances
    `);
  };

  const flush = (): Promise<void> => {
    // Waits for the write in flight and then again: by then another caller may have started the
    // next write, which this flush must not resolve before (stop() relies on it).
    if (flushing) return flushing.then(() => flush());
    if (pending.size === 0) return Promise.resolve();
    const batch = [...pending.values()];
    pending = new Map();
    flushing = write(batch)
      .catch((error: unknown) => {
        // Put the counts back for the next attempt (the database may be restarting), unless that
        // would grow the batch past its bound; then they are lost, and the log says how many.
        if (pending.size + batch.length <= MAX_PENDING && !stopped) {
          for (const marker of batch) add(marker);
          options.logger.warn({ err: error, rows: batch.length }, "insights: could not write counts; will retry");
        } else {
          options.logger.error({ err: error, rows: batch.length }, "insights: could not write counts; dropped");
        }
      })
      .finally(() => {
        flushing = null;
      });
    return flushing;
  };

  const timer = setInterval(() => void flush(), options.flushMs);
  // The timer alone must not keep a process (a test, a script) alive.
  timer.unref();

  return {
    admitReport(clientKey, now = new Date()) {
      const window = Math.floor(now.getTime() / REPORT_WINDOW_MS);
      if (window !== reportWindow) {
        reporters.clear();
        reportWindow = window;
      }
      const reporter = hashOf(`r\0${clientKey}`);
      const reports = (reporters.get(reporter) ?? 0) + 1;
      // Re-inserted, so the visitor who reported last is forgotten last.
      reporters.delete(reporter);
      reporters.set(reporter, reports);
      if (reporters.size > MAX_REPORTERS) reporters.delete(reporters.keys().next().value as string);
      return reports <= REPORTS_PER_HOUR;
    },
    countView(profileId, clientKey, now = new Date()) {
      if (stopped) return;
      note("v", profileId, clientKey, utcDay(now));
    },
    countAppearances(profileIds, clientKey, now = new Date()) {
      if (stopped) return;
      const day = utcDay(now);
      for (const profileId of new Set(profileIds)) note("a", profileId, clientKey, day);
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
      stopped = true;
    },
  };
}
