import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import type { Logger } from "../logger.server";
import { publicProfileCondition, todayIso } from "../visibility.server";
import { utcDay } from "./stats.server";

// Profile views and appearances in result lists are counted in this process's memory and written
// to profile_daily_stats in one batched upsert every few seconds: a busy profile page costs a map
// update, not a write per view. A process that crashes loses at most one interval of counts, which
// is fine for figures a performer reads per week.
//
// The same visitor (address) counts once per profile per day for each kind: a reload or going back
// and forth between results does not inflate the numbers. What remembers that is a bounded set of
// salted hashes held only in memory, with a salt made at start-up and never written anywhere, so
// no list of who looked at whom exists, on disk or in the database.

/** A pending batch holds at most this many (profile, day) sums before it is written early. */
const MAX_PENDING = 20_000;
/** Visitor-profile-day keys remembered per process (about 100 bytes each). */
const MAX_SEEN = 100_000;

interface Sums {
  profileId: string;
  day: string;
  views: number;
  appearances: number;
}

export interface InsightsCounter {
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
}

export function createInsightsCounter(db: Executor, options: CounterOptions): InsightsCounter {
  let pending = new Map<string, Sums>();
  const seen = new Map<string, true>();
  const salt = randomBytes(16);
  let flushing: Promise<void> | null = null;
  let stopped = false;

  /** True the first time this visitor is seen for this key today; remembers it, forgetting the oldest. */
  const firstTime = (kind: string, profileId: string, clientKey: string, day: string): boolean => {
    const key = createHash("sha256").update(salt).update(`${kind}\0${profileId}\0${clientKey}\0${day}`).digest("base64url").slice(0, 22);
    if (seen.has(key)) return false;
    seen.set(key, true);
    // A Map iterates in insertion order, so the first key is the oldest.
    if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value as string);
    return true;
  };

  const add = (profileId: string, day: string, views: number, appearances: number) => {
    const key = `${day}|${profileId}`;
    const sums = pending.get(key);
    if (sums) {
      sums.views += views;
      sums.appearances += appearances;
    } else {
      pending.set(key, { profileId, day, views, appearances });
    }
    if (pending.size >= MAX_PENDING) void flush();
  };

  // Array literals as single parameters keep the statement one size whatever the batch; the ids
  // were checked by isProfileId (letters, digits, "_" and "-"), so quoting them is enough.
  const write = async (batch: Sums[]) => {
    // One statement for the whole batch. Joining profiles keeps only ids of profiles that are public
    // now: an id that does not exist (or a listing that was just taken down) is dropped instead of
    // failing the batch on the foreign key.
    await db.execute(sql`
      insert into profile_daily_stats (profile_id, day, views, appearances)
      select batch.profile_id, batch.day, batch.views, batch.appearances
      from unnest(
        ${`{${batch.map((s) => `"${s.profileId}"`).join(",")}}`}::text[],
        ${`{${batch.map((s) => s.day).join(",")}}`}::date[],
        ${`{${batch.map((s) => s.views).join(",")}}`}::int[],
        ${`{${batch.map((s) => s.appearances).join(",")}}`}::int[]
      ) as batch(profile_id, day, views, appearances)
      join profiles on profiles.id = batch.profile_id and ${publicProfileCondition(todayIso())}
      on conflict (profile_id, day) do update set
        views = profile_daily_stats.views + excluded.views,
        appearances = profile_daily_stats.appearances + excluded.appearances
    `);
  };

  const flush = (): Promise<void> => {
    if (flushing) return flushing.then(() => (pending.size > 0 ? flush() : undefined));
    if (pending.size === 0) return Promise.resolve();
    const batch = [...pending.values()];
    pending = new Map();
    flushing = write(batch)
      .catch((error: unknown) => {
        // Put the counts back for the next attempt (the database may be restarting), unless that
        // would grow the batch past its bound; then they are lost, and the log says how many.
        if (pending.size + batch.length <= MAX_PENDING && !stopped) {
          for (const s of batch) add(s.profileId, s.day, s.views, s.appearances);
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
    countView(profileId, clientKey, now = new Date()) {
      if (stopped) return;
      const day = utcDay(now);
      if (firstTime("v", profileId, clientKey, day)) add(profileId, day, 1, 0);
    },
    countAppearances(profileIds, clientKey, now = new Date()) {
      if (stopped) return;
      const day = utcDay(now);
      for (const profileId of new Set(profileIds)) {
        if (firstTime("a", profileId, clientKey, day)) add(profileId, day, 0, 1);
      }
    },
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
      stopped = true;
    },
  };
}
