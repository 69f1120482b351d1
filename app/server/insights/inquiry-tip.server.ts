import { eq, sql } from "drizzle-orm";
import { MAX_IMAGES_PER_PROFILE } from "~/lib/constants";
import type { InsightsTip } from "~/lib/insights-view";
import type { Executor } from "../db/client.server";
import type { Logger } from "../platform/logger.server";
import { profiles } from "../db/schema";
import { rowsOf } from "../search/rows.server";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";

// The dashboard's tip: "Profiles with four photos and a price get N times more inquiries", with N
// from the site's own listings. Said with a number only when the numbers bear it out.

const DAY_MS = 86_400_000;
/** The period compared. */
export const TIP_WINDOW_DAYS = 90;
/** Listed profiles each group needs before its average means anything. */
export const TIP_MIN_PROFILES = 20;
/** Below this the difference is too small to be worth a sentence. */
export const TIP_MIN_RATIO = 1.2;
/** The figure is the same for every performer and moves slowly: computed once an hour per process. */
export const TIP_CACHE_MS = 60 * 60 * 1000;

export interface TipGroup {
  profiles: number;
  inquiries: number;
}

export interface TipFigure {
  /** Listed profiles with four photos and a price (both ends of the range), and the rest. */
  complete: TipGroup;
  rest: TipGroup;
  /** Inquiries per complete profile over inquiries per other profile, one decimal; null when not to be said. */
  ratio: number | null;
}

/**
 * Inquiries per listed profile over the last TIP_WINDOW_DAYS, for profiles listed today with four
 * photos and a price against the rest (the same months for both, so "per month" cancels out).
 * Inquiries are the stored messages (read along their creation index, a few rows per listing,
 * where the daily stats have no index by day): one the performer has since deleted is not counted,
 * alike in both groups. One statement, run in the background at most once an hour per process.
 */
export async function computeTipFigure(db: Executor, now: Date): Promise<TipFigure> {
  const from = new Date(now.getTime() - TIP_WINDOW_DAYS * DAY_MS);
  const result = await db.execute(sql`
    select (${profiles.priceMin} is not null and ${profiles.priceMax} is not null
        and coalesce(photos.n, 0) >= ${MAX_IMAGES_PER_PROFILE}) as complete,
      count(*)::int as profiles, coalesce(sum(asked.n), 0)::int as inquiries
    from ${profiles}
    left join (select i.profile_id, count(*) as n from profile_images i group by i.profile_id) photos
      on photos.profile_id = ${profiles.id}
    left join (
      select m.profile_id, count(*) as n from contact_messages m
      where m.created_at >= ${from.toISOString()} and m.created_at <= ${now.toISOString()}
      group by m.profile_id
    ) asked on asked.profile_id = ${profiles.id}
    where ${publicProfileCondition(todayIso(now))}
    group by 1`);
  const rows = rowsOf<{ complete: boolean; profiles: number; inquiries: number }>(result);
  const group = (complete: boolean): TipGroup => {
    const row = rows.find((r) => r.complete === complete);
    return { profiles: Number(row?.profiles ?? 0), inquiries: Number(row?.inquiries ?? 0) };
  };
  const complete = group(true);
  const rest = group(false);
  return { complete, rest, ratio: tipRatio(complete, rest) };
}

/** The ratio worth saying, or null: too few profiles on either side, no inquiries to compare with, or too close. */
export function tipRatio(complete: TipGroup, rest: TipGroup): number | null {
  if (complete.profiles < TIP_MIN_PROFILES || rest.profiles < TIP_MIN_PROFILES) return null;
  if (rest.inquiries === 0 || complete.inquiries === 0) return null;
  const ratio = complete.inquiries / complete.profiles / (rest.inquiries / rest.profiles);
  if (ratio <= TIP_MIN_RATIO) return null;
  return Math.round(ratio * 10) / 10;
}

interface TipCache {
  figure: TipFigure | null;
  computedAt: number;
  pending: Promise<TipFigure> | null;
}

// Keyed by the database handle, so apps (and test files) with their own database keep their own.
const caches = new WeakMap<object, TipCache>();

function cacheFor(db: Executor): TipCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { figure: null, computedAt: 0, pending: null };
    caches.set(db, cache);
  }
  return cache;
}

/** Computes the figure again, or joins the computation already under way. */
export function refreshTipFigure(db: Executor, now: Date = new Date()): Promise<TipFigure> {
  const cache = cacheFor(db);
  if (cache.pending) return cache.pending;
  const pending = computeTipFigure(db, now)
    .then((figure) => {
      cache.figure = figure;
      cache.computedAt = now.getTime();
      return figure;
    })
    .finally(() => {
      cache.pending = null;
    });
  cache.pending = pending;
  return pending;
}

/**
 * The figure without waiting for the database: the last one computed, refreshed in the background
 * once it is an hour old, or null until the first is ready (the tip then goes without a number).
 * At 100,000 listings the statement reads every listing's photos and 90 days of inquiries, which
 * no dashboard should wait for.
 */
export function currentTipFigure(db: Executor, now: Date, onError: (error: unknown) => void): TipFigure | null {
  const cache = cacheFor(db);
  const age = now.getTime() - cache.computedAt;
  if (cache.figure === null || age >= TIP_CACHE_MS || age < 0) refreshTipFigure(db, now).catch(onError);
  return cache.figure;
}

/** The tip for one performer: the site's figure as it stands and what their own profile lacks of the two. */
export async function loadInsightsTip(db: Executor, logger: Logger, profileId: string, now: Date = new Date()): Promise<InsightsTip> {
  const figure = currentTipFigure(db, now, (error) => logger.error({ err: error }, "computing the insights tip failed"));
  const [own] = await db
    .select({
      priceMin: profiles.priceMin,
      priceMax: profiles.priceMax,
      // Spelled out: in a one-table select drizzle leaves its columns unqualified, and the inner
      // "id" would be the image's own.
      photos: sql<number>`(select count(*) from profile_images i where i.profile_id = profiles.id)`.mapWith(Number),
    })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return {
    ratio: figure?.ratio ?? null,
    needsPhotos: !own || own.photos < MAX_IMAGES_PER_PROFILE,
    needsPrice: !own || own.priceMin === null || own.priceMax === null,
  };
}
