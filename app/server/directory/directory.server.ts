import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { DisplayImage, GalleryImage, ProfileCardData, ProfileDetailData } from "~/lib/profile-view";
import { cardPackageLine } from "~/lib/package-view";
import { isQuickToReply, replyLine } from "~/lib/reply-figures";
import { isAudience, type Audience } from "~/lib/audience";
import { pickFlags } from "~/lib/profile-schema";
import { CATEGORIES, FEATURED_PROFILES, PAGE_SIZE } from "~/lib/constants";
import { NO_REFINEMENTS, type ListingRefinements } from "~/lib/listing-refinements";
import { stateName } from "~/lib/us-states";
import { socialLinks } from "~/lib/social";
import type { Executor } from "../db/client.server";
import { narrowProfiles } from "../db/narrow-profiles.server";
import { profileCategories, profileImages, profiles, type ImageVariant } from "../db/schema";
import { cheapestPackagesOf, offerRuleColumns, readOffer, travelFeeOf } from "../profiles/packages.server";
import { rowsOf } from "../search/rows.server";
import { categoryCondition, refinementConditions, refinementKey, refinementOrder } from "./listing-conditions.server";
import { isPaidListing, isPubliclyVisible, publicProfileCondition, todayIso } from "./visibility.server";
import { averageRating, ratingLine } from "~/lib/review-view";
import { cardTrustMark } from "./trust-mark.server";
import { readTrustBadges } from "../trust/badges.server";
import { availabilityTiers, cardAvailability, hiddenBookedText, hiddenCondition, HIDDEN_COUNTED, partyDateOf, type PartyDate } from "./party-date.server";

// Public reads of the directory. Every query that feeds a visitor's page goes through
// publicProfileCondition(); none of them selects contact_email, so it cannot leak into a page.

export interface ListingFilters {
  state: string | null;
  city: string | null;
  /** A profile matches when it has ANY of these. */
  categories: readonly string[];
  /** Budget, audience, solo or group and sort; without them adults-only acts are left out, newest first. */
  refinements?: ListingRefinements;
}

/**
 * A listing is counted only this far ("1,000+"), as search counts its matches: each filter set has
 * its own first visitor, whose count is taken afresh, and a count stopped at the 1,001st match
 * costs a page's worth of reading, not the whole set's (all 90,000 of /categories/Hero at 1,000,000
 * profiles: 630 ms). Nobody pages through a thousand performers.
 */
export const MAX_LISTING_COUNT = 1000;

export interface ListingPage {
  profiles: ProfileCardData[];
  total: number;
  /** More than `total` match: the count stopped at MAX_LISTING_COUNT. */
  totalAtLeast: boolean;
  /** The page actually shown: a page past the end shows the last one. */
  page: number;
  pageCount: number;
  pageSize: number;
  /** With a party date whose booked performers are left out: "3 booked on Dec 12 are hidden"; otherwise null. */
  hiddenBooked?: string | null;
}

const cardColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  city: profiles.city,
  state: profiles.state,
  priceMin: profiles.priceMin,
  priceMax: profiles.priceMax,
  characters: profiles.characters,
  // Published reviews and their stars (migration 0037), kept on the row: a card reads, never counts.
  reviewCount: profiles.reviewCount,
  ratingTotal: profiles.ratingTotal,
  inquiryReadHours: profiles.inquiryReadHours,
  replyHours: profiles.replyHours,
  replyRate: profiles.replyRate,
  audience: profiles.audience,
  travelFeeKind: profiles.travelFeeKind,
  travelFeeFreeMiles: profiles.travelFeeFreeMiles,
  travelFeeCentsPerMile: profiles.travelFeeCentsPerMile,
  travelFeeFlat: profiles.travelFeeFlat,
  // The reviewed documents' dates (migration 0040): the card's mark while they hold.
  checkedUntil: profiles.checkedUntil,
  insuredUntil: profiles.insuredUntil,
};

type CardRow = { [K in keyof typeof cardColumns]: (typeof cardColumns)[K]["_"]["data"] | null };

const categoryOrder = new Map<string, number>(CATEGORIES.map((c, i) => [c, i]));
const byCategoryOrder = (a: string, b: string) => (categoryOrder.get(a) ?? 99) - (categoryOrder.get(b) ?? 99);

interface ImageRow {
  id: string;
  profileId: string;
  imageUrl: string;
  width: number;
  height: number;
  variants: ImageVariant[];
  blurDataUrl: string | null;
}

const imageColumns = {
  id: profileImages.id,
  profileId: profileImages.profileId,
  imageUrl: profileImages.imageUrl,
  width: profileImages.width,
  height: profileImages.height,
  variants: profileImages.variants,
  blurDataUrl: profileImages.blurDataUrl,
};

function toDisplayImage(row: ImageRow): DisplayImage {
  const variants = [...(row.variants ?? [])]
    .filter((v) => v && typeof v.url === "string" && v.width > 0 && v.height > 0)
    .sort((a, b) => a.width - b.width)
    .map((v) => ({ url: v.url, width: v.width, height: v.height }));
  const largest = variants[variants.length - 1];
  return {
    src: row.imageUrl,
    width: row.width || largest?.width || 0,
    height: row.height || largest?.height || 0,
    variants,
    blurDataUrl: row.blurDataUrl,
  };
}

async function categoriesOf(db: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ profileId: profileCategories.profileId, category: profileCategories.category })
    .from(profileCategories)
    .where(inArray(profileCategories.profileId, ids));
  const map = new Map<string, string[]>();
  for (const row of rows) map.set(row.profileId, [...(map.get(row.profileId) ?? []), row.category]);
  for (const list of map.values()) list.sort(byCategoryOrder);
  return map;
}

/** Each profile's first image (lowest position). */
async function mainImagesOf(db: Executor, ids: string[]): Promise<Map<string, DisplayImage>> {
  const rows = await db
    .selectDistinctOn([profileImages.profileId], imageColumns)
    .from(profileImages)
    .where(inArray(profileImages.profileId, ids))
    .orderBy(profileImages.profileId, profileImages.position);
  return new Map(rows.map((row) => [row.profileId, toDisplayImage(row)]));
}

/** The stored answer, read defensively (the column's CHECK allows only these or null). */
function audienceOf(value: string | null): Audience | null {
  return isAudience(value) ? value : null;
}

/** The reply figures as the server words them (the pages' code carries no wording or arithmetic for them). */
function replyFacts(row: Pick<CardRow, "replyHours" | "replyRate">): { replyLine: string | null; quickToReply: boolean } {
  return { replyLine: replyLine(row.replyHours, row.replyRate), quickToReply: isQuickToReply(row.replyHours, row.replyRate) };
}

/** Turns one page of profile rows into cards with categories and main image (two more queries); `today` judges the documents' marks. */
async function toCards(db: Executor, rows: CardRow[], today: string): Promise<ProfileCardData[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id as string);
  // Three independent reads: on the pool they run side by side, each on its own connection, so a
  // page waits for the slowest rather than for all three one after another.
  const [categories, images, packages] = await Promise.all([categoriesOf(db, ids), mainImagesOf(db, ids), cheapestPackagesOf(db, ids)]);
  return rows.map((row) => {
    const cheapest = packages.get(row.id as string);
    return {
      id: row.id as string,
      displayName: row.displayName ?? "",
      city: row.city,
      state: row.state,
      priceMin: row.priceMin,
      priceMax: row.priceMax,
      categories: categories.get(row.id as string) ?? [],
      characters: row.characters ?? [],
      audience: audienceOf(row.audience),
      image: images.get(row.id as string) ?? null,
      readsWithinHours: row.inquiryReadHours,
      ...replyFacts(row),
      // The travel rule goes with the cheapest package, for the all-in price a place search words.
      cheapestPackage: cheapest ? { ...cheapest, travelFee: travelFeeOf(row) } : null,
      packageLine: cheapest ? cardPackageLine(cheapest) : null,
      ratingLine: ratingLine(row.reviewCount, averageRating(row.reviewCount ?? 0, row.ratingTotal ?? 0)),
      trustMark: cardTrustMark(row.checkedUntil, row.insuredUntil, today),
    };
  });
}

function listingCondition(filters: ListingFilters, today: string): SQL {
  const conditions: SQL[] = [publicProfileCondition(today)];
  if (filters.state) conditions.push(eq(profiles.state, filters.state));
  if (filters.state && filters.city) conditions.push(eq(profiles.city, filters.city));
  // The listing reads the narrow copy, whose rows carry their categories: tested on the row rather
  // than looked up in profile_categories (a first visitor of Hero by lowest price at 1,000,000
  // profiles: 49 ms with a look-up per row for the category and the 18+ test, 20 ms on the row).
  conditions.push(...categoryCondition(filters.categories, "copy"));
  conditions.push(...refinementConditions(filters.refinements ?? NO_REFINEMENTS, "copy", null, today));
  return and(...conditions) as SQL;
}

// Counting a large result (the whole directory, a popular category) reads every matching row,
// which no index avoids. Counts are therefore remembered briefly per database and filter set; the
// rows themselves are always read live, so a card never shows for a profile that stopped being
// public. A count may lag by up to COUNT_TTL_MS, no longer than a CDN keeps the page anyway.
const COUNT_TTL_MS = 30_000;
const COUNT_CACHE_LIMIT = 1000;
const countCaches = new WeakMap<object, Map<string, { value: unknown; expires: number }>>();

/** Stores a count (or counts) taken now under `key`, for COUNT_TTL_MS. */
export function rememberCount(db: Executor, key: string, value: unknown): void {
  let cache = countCaches.get(db);
  if (!cache) countCaches.set(db, (cache = new Map()));
  if (cache.size >= COUNT_CACHE_LIMIT) cache.clear();
  cache.set(key, { value, expires: Date.now() + COUNT_TTL_MS });
}

/** What is remembered under `key`, if it has not expired. */
export function recalledCount<T>(db: Executor, key: string): T | undefined {
  const hit = countCaches.get(db)?.get(key);
  return hit && hit.expires > Date.now() ? (hit.value as T) : undefined;
}

/** A count remembered under `key`, or `compute()` taken now and remembered (the place pages use it too). */
export async function rememberedCount<T>(db: Executor, key: string, compute: () => Promise<T>): Promise<T> {
  const recalled = recalledCount<T>(db, key);
  if (recalled !== undefined) return recalled;
  const value = await compute();
  rememberCount(db, key, value);
  return value;
}

// Newest listings first; the id breaks ties so paging is stable when rows share a timestamp.
const newestFirst = [desc(profiles.createdAt), desc(profiles.id)];

/** Runs `read` in a transaction whose statements use no parallel workers. */
export async function inOneProcess<T>(db: Executor, read: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true)`);
    return read(tx);
  });
}

/** One page of public profiles matching the filters, filtered, counted, sorted and paged in SQL. */
export async function listPublicProfiles(
  db: Executor,
  filters: ListingFilters,
  page = 1,
  pageSize = PAGE_SIZE,
  today: string = todayIso(),
): Promise<ListingPage> {
  const refinements = filters.refinements ?? NO_REFINEMENTS;
  const where = listingCondition(filters, today);
  const date = partyDateOf(refinements);
  const key = JSON.stringify(["list", today, filters.state, filters.city, [...filters.categories].sort(), refinementKey(refinements)]);
  if (date) return listDatedProfiles(db, where, refinements, date, page, pageSize, today, JSON.stringify([key, date.day, date.showBooked, date.now.toISOString()]));
  const lastPage = (counted: number) => Math.max(1, Math.ceil(Math.min(counted, MAX_LISTING_COUNT) / pageSize));
  const order = sql.join(refinementOrder(refinements.sort), sql`, `);
  // Counted and ordered in the narrow copy (db/narrow-profiles.server.ts), whose listing indexes
  // carry the refinements' columns: a sparse filter set is then sifted in the index, not row by row.
  const countNow = (ex: Executor) => async () => {
    const statement = sql`select count(*)::int as n from (select 1 from ${narrowProfiles} where ${where} limit ${MAX_LISTING_COUNT + 1}) as matches`;
    return Number(rowsOf<{ n: number }>(await ex.execute(statement))[0].n);
  };
  // One row more than a page tells whether anything follows it.
  const readPage = async (ex: Executor, pageNumber: number) =>
    rowsOf<{ id: string }>(
      await ex.execute(
        sql`select ${profiles.id} as id from ${narrowProfiles} where ${where} order by ${order}
            limit ${pageSize + 1} offset ${(pageNumber - 1) * pageSize}`,
      ),
    ).map((row) => row.id);
  // A filter set's first visitor: its first matches in the page's order (as many as are counted,
  // or as reach the page) are read once, and both the count and the page come from them, instead
  // of one pass to count and another to find the page. A sparse set costs one sifting, not two.
  const countAndReadPage = async (ex: Executor, pageNumber: number) => {
    const offset = (pageNumber - 1) * pageSize;
    const rows = rowsOf<{ total: number; id: string | null }>(
      await ex.execute(sql`
        with matches as materialized (
          select ${profiles.id} as id, row_number() over (order by ${order}) as n
          from ${narrowProfiles} where ${where} order by ${order}
          limit ${Math.max(MAX_LISTING_COUNT + 1, offset + pageSize + 1)})
        select counted.total, hit.id
        from (select count(*)::int as total from matches) as counted
        left join lateral (select id, n from matches where n > ${offset} order by n limit ${pageSize + 1}) as hit on true
        order by hit.n`),
    );
    return { counted: Math.min(Number(rows[0].total), MAX_LISTING_COUNT + 1), ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
  };

  const read = async (ex: Executor) => {
    const requested = Math.max(1, Math.floor(page));
    let counted = recalledCount<number>(db, key);
    let shown: number;
    let ids: string[];
    if (counted === undefined) {
      shown = Math.min(requested, lastPage(MAX_LISTING_COUNT + 1));
      ({ counted, ids } = await countAndReadPage(ex, shown));
      rememberCount(db, key, counted);
      if (shown > lastPage(counted)) {
        shown = lastPage(counted);
        ids = await readPage(ex, shown);
      }
      return { counted, shown, ids };
    }
    counted = await rememberedCount(db, key, countNow(ex));
    shown = Math.min(requested, lastPage(counted));
    ids = await readPage(ex, shown);
    if (ids.length === 0 && shown > 1) {
      // The remembered count was too high (listings went away): count again.
      forgetDirectoryCounts(db);
      counted = await rememberedCount(db, key, countNow(ex));
      shown = lastPage(counted);
      ids = await readPage(ex, shown);
    }
    return { counted, shown, ids };
  };
  // A listing's reads stop early (at the 1,001st match, at a page): parallel workers' start-up
  // would be most of their time on a busy server, as for similar performers.
  const found = await inOneProcess(db, read);
  const current = found.shown;
  const rows = found.ids;
  const offset = (current - 1) * pageSize;
  // The page itself is always exact; the remembered count is corrected by what it shows.
  let total = rows.length > pageSize ? Math.max(found.counted, offset + rows.length) : offset + rows.length;
  const totalAtLeast = total > MAX_LISTING_COUNT;
  if (totalAtLeast) total = MAX_LISTING_COUNT;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { profiles: await cardsForIds(db, rows.slice(0, pageSize), today), total, totalAtLeast, page: current, pageCount, pageSize };
}

/** What a dated listing remembers of a filter set and day: each tier's size (to the counting limit) and the hidden count. */
interface DatedCounts {
  sizes: number[];
  hidden: number;
}

/**
 * A listing with a party date: those free that day first, then those whose calendar says nothing,
 * then (when asked for) those booked, each tier in the listing's usual order. A filter set's first
 * visitor reads each tier in that order until its count (to 1,000 across the tiers) and the page
 * are had, so calendars are looked up only for the rows read; the tiers' sizes are then remembered
 * like any listing's count (under `key`, which names the filters, the day and the minute the
 * calendars' freshness is judged at), and later visitors read only their page's rows of each tier.
 */
async function listDatedProfiles(
  db: Executor,
  where: SQL,
  refinements: ListingRefinements,
  date: PartyDate,
  page: number,
  pageSize: number,
  today: string,
  key: string,
): Promise<ListingPage> {
  const order = sql.join(refinementOrder(refinements.sort), sql`, `);
  const tiers = availabilityTiers(date);
  const cap = MAX_LISTING_COUNT + 1;
  type Found = { id: string; kind: (typeof tiers)[number]["kind"] };
  const countTier = async (ex: Executor, condition: SQL, limit: number, skip: number, take: number) => {
    const rows = rowsOf<{ total: number; id: string | null }>(
      await ex.execute(sql`
        with matches as materialized (
          select ${profiles.id} as id, row_number() over (order by ${order}) as n
          from ${narrowProfiles} where ${where} and ${condition} order by ${order}
          limit ${limit})
        select counted.total, hit.id
        from (select count(*)::int as total from matches) as counted
        left join lateral (select id, n from matches where n > ${skip} order by n limit ${take}) as hit on true
        order by hit.n`),
    );
    return { size: Number(rows[0].total), ids: rows.flatMap((row) => (row.id === null ? [] : [row.id])) };
  };
  const readTier = async (ex: Executor, condition: SQL, skip: number, take: number) =>
    rowsOf<{ id: string }>(
      await ex.execute(sql`select ${profiles.id} as id from ${narrowProfiles} where ${where} and ${condition} order by ${order} limit ${take} offset ${skip}`),
    ).map((row) => row.id);
  /** The rows of page `pageNumber`, with each tier's size counted as far as the limit. */
  const countAt = async (ex: Executor, pageNumber: number) => {
    const offset = (pageNumber - 1) * pageSize;
    const ids: Found[] = [];
    const sizes: number[] = [];
    let before = 0;
    for (const tier of tiers) {
      if (before >= cap) break;
      const skip = Math.max(0, offset - before);
      const take = Math.max(0, offset + pageSize - before - skip);
      const found = await countTier(ex, tier.condition, Math.max(cap - before, skip + take), skip, take);
      ids.push(...found.ids.map((id) => ({ id, kind: tier.kind })));
      sizes.push(found.size);
      before += found.size;
    }
    return { sizes, ids };
  };
  /** The rows of page `pageNumber` given the tiers' remembered sizes; null when they no longer hold. */
  const readAt = async (ex: Executor, pageNumber: number, sizes: readonly number[]) => {
    const offset = (pageNumber - 1) * pageSize;
    const ids: Found[] = [];
    let before = 0;
    for (const [i, size] of sizes.entries()) {
      const skip = Math.max(0, offset - before);
      const take = Math.max(0, Math.min(size - skip, offset + pageSize - before - skip));
      if (take > 0) {
        const found = await readTier(ex, tiers[i].condition, skip, take);
        if (found.length < take) return null;
        ids.push(...found.map((id) => ({ id, kind: tiers[i].kind })));
      }
      before += size;
    }
    return ids;
  };
  const hidden = hiddenCondition(date);
  const countHidden = async (ex: Executor) =>
    hidden
      ? Number(
          rowsOf<{ n: number }>(
            await ex.execute(sql`select count(*)::int as n from (select 1 from ${narrowProfiles} where ${where} and ${hidden} limit ${HIDDEN_COUNTED}) as hidden`),
          )[0].n,
        )
      : 0;
  const lastPage = (sizes: readonly number[]) => Math.max(1, Math.ceil(Math.min(total(sizes), MAX_LISTING_COUNT) / pageSize));
  const total = (sizes: readonly number[]) => Math.min(sizes.reduce((a, b) => a + b, 0), cap);
  const found = await inOneProcess(db, async (ex) => {
    const requested = Math.max(1, Math.floor(page));
    const remembered = recalledCount<DatedCounts>(db, key);
    if (remembered && remembered.sizes.length <= tiers.length) {
      const shown = Math.min(requested, lastPage(remembered.sizes));
      const ids = await readAt(ex, shown, remembered.sizes);
      if (ids) return { counts: remembered, shown, ids };
    }
    // The first visitor, or the remembered sizes no longer hold (performers left, days were booked).
    let shown = requested;
    let read = await countAt(ex, shown);
    if (shown > lastPage(read.sizes)) {
      shown = lastPage(read.sizes);
      read = await countAt(ex, shown);
    }
    const counts: DatedCounts = { sizes: read.sizes, hidden: await countHidden(ex) };
    rememberCount(db, key, counts);
    return { counts, shown, ids: read.ids };
  });
  const counted = total(found.counts.sizes);
  const totalAtLeast = counted > MAX_LISTING_COUNT;
  const shownTotal = Math.min(counted, MAX_LISTING_COUNT);
  // Each row's tier is its availability: the cards say it without asking the calendars again.
  const kinds = new Map(found.ids.map((row) => [row.id, row.kind]));
  const cards = (await cardsForIds(db, [...kinds.keys()], today)).map((card) => ({
    ...card,
    availability: cardAvailability(kinds.get(card.id) ?? "unknown", date.day),
  }));
  return {
    profiles: cards,
    total: shownTotal,
    totalAtLeast,
    page: found.shown,
    pageCount: Math.max(1, Math.ceil(shownTotal / pageSize)),
    pageSize,
    hiddenBooked: hiddenBookedText(found.counts.hidden, date.day),
  };
}

/** The home page's featured performers: the newest public listings for family events (adults-only acts left out). */
export async function getFeaturedProfiles(
  db: Executor,
  limit = FEATURED_PROFILES,
  today: string = todayIso(),
): Promise<ProfileCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .where(and(publicProfileCondition(today), ...refinementConditions(NO_REFINEMENTS)))
    .orderBy(...newestFirst)
    .limit(limit);
  return toCards(db, rows, today);
}

/** Number of public profiles per state abbreviation (states with none are absent), as the state's family listing counts them. */
export async function countPublicProfilesByState(db: Executor, today: string = todayIso()): Promise<Record<string, number>> {
  return rememberedCount(db, JSON.stringify(["states", today]), async () => {
    const rows = await db
      .select({ state: profiles.state, total: count() })
      .from(profiles)
      .where(and(publicProfileCondition(today), ...refinementConditions(NO_REFINEMENTS), sql`${profiles.state} is not null`))
      .groupBy(profiles.state);
    return Object.fromEntries(rows.map((r) => [r.state as string, r.total]));
  });
}

/** Number of public profiles per city of a state (cities with none are absent), adults-only acts left out like the listing. */
export async function countPublicProfilesByCity(db: Executor, state: string, today: string = todayIso()): Promise<Record<string, number>> {
  return rememberedCount(db, JSON.stringify(["cities", today, state]), async () => {
    const rows = await db
      .select({ city: profiles.city, total: count() })
      .from(profiles)
      .where(and(publicProfileCondition(today), ...refinementConditions(NO_REFINEMENTS), eq(profiles.state, state), sql`${profiles.city} is not null`))
      .groupBy(profiles.city);
    return Object.fromEntries(rows.map((r) => [r.city as string, r.total]));
  });
}

/** Forgets remembered counts (benchmarks, and after bulk changes such as an import). */
export function forgetDirectoryCounts(db: Executor): void {
  countCaches.delete(db);
}

const detailColumns = {
  ...cardColumns,
  bio: profiles.bio,
  facebook: profiles.facebook,
  instagram: profiles.instagram,
  tiktok: profiles.tiktok,
  twitter: profiles.twitter,
  travelRadius: profiles.travelRadius,
  availableForTravel: profiles.availableForTravel,
  availableVirtual: profiles.availableVirtual,
  requireTravelExpenses: profiles.requireTravelExpenses,
  requireDeposit: profiles.requireDeposit,
  bringOwnCostume: profiles.bringOwnCostume,
  performOutdoors: profiles.performOutdoors,
  requireDressingRoom: profiles.requireDressingRoom,
  familyFriendlyOnly: profiles.familyFriendlyOnly,
  adultThemesOk: profiles.adultThemesOk,
  groupPerformer: profiles.groupPerformer,
  backgroundCheck: profiles.backgroundCheck,
  latitude: profiles.latitude,
  longitude: profiles.longitude,
  ...offerRuleColumns,
  confirmedParties: profiles.confirmedParties,
  confirmedNoShows: profiles.confirmedNoShows,
  // The trust section's insurance line and "Listed since" (migration 0040, trust/badges.server.ts).
  insuredLimitDollars: profiles.insuredLimitDollars,
  createdAt: profiles.createdAt,
};

type DetailRow = { [K in keyof typeof detailColumns]: (typeof detailColumns)[K]["_"]["data"] | null };

async function toDetail(db: Executor, row: DetailRow, today: string): Promise<ProfileDetailData> {
  const id = row.id as string;
  const categories = await categoriesOf(db, [id]);
  const offer = await readOffer(db, id, row);
  const trust = await readTrustBadges(db, id, row, today);
  const imageRows = await db
    .select(imageColumns)
    .from(profileImages)
    .where(eq(profileImages.profileId, id))
    .orderBy(profileImages.position);
  return {
    id,
    displayName: row.displayName,
    bio: row.bio,
    city: row.city,
    state: row.state,
    stateName: row.state ? stateName(row.state) : null,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    categories: categories.get(id) ?? [],
    characters: row.characters ?? [],
    images: imageRows.map((image): GalleryImage => ({ id: image.id, ...toDisplayImage(image) })),
    connect: socialLinks({ facebook: row.facebook, instagram: row.instagram, tiktok: row.tiktok, twitter: row.twitter }),
    travelRadius: row.travelRadius ?? "local_only",
    flags: pickFlags(row),
    audience: audienceOf(row.audience),
    readsWithinHours: row.inquiryReadHours,
    ...replyFacts(row),
    latitude: row.latitude,
    longitude: row.longitude,
    offer,
    reviewFigures: {
      count: row.reviewCount ?? 0,
      average: averageRating(row.reviewCount ?? 0, row.ratingTotal ?? 0),
      confirmedParties: row.confirmedParties ?? 0,
      noShows: row.confirmedNoShows ?? 0,
    },
    trust,
  };
}

/** A profile as a visitor may see it, or null when it does not exist or is not public. */
export async function getPublicProfile(db: Executor, id: string, today: string = todayIso()): Promise<ProfileDetailData | null> {
  const [row] = await db
    .select(detailColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), publicProfileCondition(today)))
    .limit(1);
  return row ? toDetail(db, row, today) : null;
}

export interface ProfilePreview {
  profile: ProfileDetailData;
  /** Whether visitors can see it right now. */
  isPublic: boolean;
  /** Paid and not past its expiry date: when false the preview offers the subscription page. */
  isPaid: boolean;
  /** Switched off by an admin. */
  isActive: boolean;
}

/**
 * Any profile, public or not, for its owner's (or an admin's) preview. The caller must have
 * checked who is asking; this function does not.
 */
export async function getProfilePreview(db: Executor, id: string, today: string = todayIso()): Promise<ProfilePreview | null> {
  const [row] = await db
    .select({
      ...detailColumns,
      isActive: profiles.isActive,
      paymentStatus: profiles.paymentStatus,
      paymentExpiry: profiles.paymentExpiry,
    })
    .from(profiles)
    .where(eq(profiles.id, id))
    .limit(1);
  if (!row) return null;
  const isPaid = isPaidListing(row, today);
  return { profile: await toDetail(db, row, today), isPublic: isPubliclyVisible(row, today), isPaid, isActive: row.isActive };
}

/**
 * Cards for public profiles chosen elsewhere (search ranks ids in its own query), in the order
 * given. Ids that are not public are left out. Added by h4b for /search.
 */
export async function cardsForIds(db: Executor, ids: string[], today: string = todayIso()): Promise<ProfileCardData[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .where(and(inArray(profiles.id, ids), publicProfileCondition(today)));
  const position = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => (position.get(a.id as string) ?? 0) - (position.get(b.id as string) ?? 0));
  return toCards(db, rows, today);
}
