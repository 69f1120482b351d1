import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { wordsAndPlaceOf } from "../alerts/alert-search.server";
import { clientKey } from "../http/client-key.server";
import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import { utcDay } from "../insights/stats.server";
import type { Logger } from "../platform/logger.server";
import { rowsOf } from "../search/rows.server";
import type { SearchOutcome } from "../search/search.server";

// Searches that found nobody, for the admin's "What visitors searched for and did not find". A
// search counts once per visitor (client key) per day, so a script reloading a page, or one
// address sending a thousand, moves a term by one: the rule is kept by a marker per visitor, search
// and day in rate_limit_hits (a keyed hash, never the address, like the insights' markers; dropped
// by the maintenance job once the day is over). A visitor also adds at most SEARCHES_PER_VISITOR
// different searches a day, so one key cannot fill the report with junk. One statement per
// zero-result search, sent after the page's own queries and not waited for.

/** Different unmet searches one visitor may add in a day. */
export const SEARCHES_PER_VISITOR = 20;
export const UNMET_MARKER_PREFIX = "unmet-seen";
const QUOTA_PREFIX = "unmet-quota";

export interface UnmetSearch {
  /** Normalised words (see searchWords), "" for a place alone. */
  words: string;
  /** "Orlando, FL", "Florida", or "" for no place. */
  place: string;
}

/** The unmet search a result page stands for, or null when it found someone (or nothing was asked). */
export function unmetSearchOf(outcome: Pick<SearchOutcome, "input" | "idle" | "total" | "zip" | "place" | "unknownZip">): UnmetSearch | null {
  if (outcome.idle || outcome.total > 0 || outcome.unknownZip) return null;
  const { words, place } = wordsAndPlaceOf(outcome);
  if (!words && !place) return null;
  return { words, place: place ?? "" };
}

export interface UnmetContext {
  db: Executor;
  config: Pick<AppConfig, "authSecret">;
  logger?: Logger;
}

const markerKeys = new WeakMap<object, Buffer>();

/** The markers' key, derived from the server's secret so every process agrees across restarts. */
function markerKey(config: UnmetContext["config"]): Buffer {
  let key = markerKeys.get(config);
  if (!key) {
    key = createHmac("sha256", config.authSecret).update("costumecast unmet-search markers").digest();
    markerKeys.set(config, key);
  }
  return key;
}

/** Counts the visitor's unmet search for today, unless they already did (or used up their day); true when counted. */
export async function recordUnmetSearch(ctx: UnmetContext, search: UnmetSearch, visitor: string, now: Date = new Date()): Promise<boolean> {
  const day = utcDay(now);
  const hash = (text: string) => createHmac("sha256", markerKey(ctx.config)).update(text).digest("base64url").slice(0, 22);
  const marker = `${UNMET_MARKER_PREFIX}:${day}:${hash(`${search.words}\0${search.place}\0${visitor}\0${day}`)}`;
  const quota = `${QUOTA_PREFIX}:${day}:${hash(`${visitor}\0${day}`)}`;
  const dayStart = `${day}T00:00:00Z`;
  // The marker first: a repeat stops there. A new one then takes a unit of the visitor's day, and
  // only a unit taken adds the visitor to the search's count.
  const result = await ctx.db.execute(sql`
    with seen as (
      insert into rate_limit_hits (key, window_start, count) values (${marker}, ${dayStart}::timestamptz, 1)
      on conflict (key, window_start) do nothing
      returning 1
    ),
    quota as (
      insert into rate_limit_hits (key, window_start, count)
      select ${quota}, ${dayStart}::timestamptz, 1 from seen
      on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
        where rate_limit_hits.count < ${SEARCHES_PER_VISITOR}
      returning 1
    )
    insert into unmet_searches (day, words, place, visitors)
    select ${day}::date, ${search.words}, ${search.place}, 1 from quota
    on conflict (day, words, place) do update set visitors = unmet_searches.visitors + 1
    returning visitors
  `);
  return rowsOf(result).length === 1;
}

type NoteContext = UnmetContext & { clientIp?: string; config: UnmetContext["config"] & Pick<AppConfig, "trustProxy" | "ipv6ClientPrefix"> };

/**
 * For /search's loader: records the page's search when it found nobody, without holding the page
 * up (the write runs after the answer; a failure is only logged).
 */
export function noteUnmetSearch(context: NoteContext, request: Request, outcome: Parameters<typeof unmetSearchOf>[0]): void {
  const search = unmetSearchOf(outcome);
  if (!search) return;
  recordUnmetSearch(context, search, clientKey(context, request)).catch((error: unknown) => {
    context.logger?.warn({ err: error }, "unmet search not recorded");
  });
}
