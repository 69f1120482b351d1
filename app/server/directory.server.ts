import { and, count, desc, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { DisplayImage, GalleryImage, ProfileCardData, ProfileDetailData } from "~/lib/profile-view";
import { pickFlags } from "~/lib/profile-schema";
import { CATEGORIES, FEATURED_PROFILES, PAGE_SIZE } from "~/lib/constants";
import { stateName } from "~/lib/us-states";
import { socialLinks } from "~/lib/social";
import type { Executor } from "./db/client.server";
import { profileCategories, profileImages, profiles, type ImageVariant } from "./db/schema";
import { isPaidListing, isPubliclyVisible, publicProfileCondition, todayIso } from "./visibility.server";

// Public reads of the directory. Every query that feeds a visitor's page goes through
// publicProfileCondition(); none of them selects contact_email, so it cannot leak into a page.

export interface ListingFilters {
  state: string | null;
  city: string | null;
  /** A profile matches when it has ANY of these. */
  categories: readonly string[];
}

export interface ListingPage {
  profiles: ProfileCardData[];
  total: number;
  /** The page actually shown: a page past the end shows the last one. */
  page: number;
  pageCount: number;
  pageSize: number;
}

const cardColumns = {
  id: profiles.id,
  displayName: profiles.displayName,
  city: profiles.city,
  state: profiles.state,
  priceMin: profiles.priceMin,
  priceMax: profiles.priceMax,
  characters: profiles.characters,
  inquiryReadHours: profiles.inquiryReadHours,
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

/** Turns one page of profile rows into cards with categories and main image (two more queries). */
async function toCards(db: Executor, rows: CardRow[]): Promise<ProfileCardData[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id as string);
  const categories = await categoriesOf(db, ids);
  const images = await mainImagesOf(db, ids);
  return rows.map((row) => ({
    id: row.id as string,
    displayName: row.displayName ?? "",
    city: row.city,
    state: row.state,
    priceMin: row.priceMin,
    priceMax: row.priceMax,
    categories: categories.get(row.id as string) ?? [],
    characters: row.characters ?? [],
    image: images.get(row.id as string) ?? null,
    readsWithinHours: row.inquiryReadHours,
  }));
}

/** Profiles in ANY of the categories, as SQL (none when the list is empty). */
export function anyCategoryCondition(categories: readonly string[]): SQL[] {
  if (categories.length === 0) return [];
  return [
    exists(
      sql`(select 1 from ${profileCategories} where ${profileCategories.profileId} = ${profiles.id} and ${inArray(profileCategories.category, [...categories])})`,
    ),
  ];
}

function listingCondition(filters: ListingFilters, today: string): SQL {
  const conditions: SQL[] = [publicProfileCondition(today)];
  if (filters.state) conditions.push(eq(profiles.state, filters.state));
  if (filters.state && filters.city) conditions.push(eq(profiles.city, filters.city));
  conditions.push(...anyCategoryCondition(filters.categories));
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

/** One page of public profiles matching the filters, filtered, counted, sorted and paged in SQL. */
export async function listPublicProfiles(
  db: Executor,
  filters: ListingFilters,
  page = 1,
  pageSize = PAGE_SIZE,
  today: string = todayIso(),
): Promise<ListingPage> {
  const where = listingCondition(filters, today);
  const key = JSON.stringify(["list", today, filters.state, filters.city, [...filters.categories].sort()]);
  const countNow = async () => {
    const [row] = await db.select({ total: count() }).from(profiles).where(where);
    return row.total;
  };
  const readPage = (pageNumber: number) =>
    db
      .select(cardColumns)
      .from(profiles)
      .where(where)
      .orderBy(...newestFirst)
      // One row more than a page tells whether anything follows it.
      .limit(pageSize + 1)
      .offset((pageNumber - 1) * pageSize);

  let total = await rememberedCount(db, key, countNow);
  let current = Math.min(Math.max(1, Math.floor(page)), Math.max(1, Math.ceil(total / pageSize)));
  let rows = await readPage(current);
  if (rows.length === 0 && current > 1) {
    // The remembered count was too high (listings went away): count again.
    forgetDirectoryCounts(db);
    total = await rememberedCount(db, key, countNow);
    current = Math.max(1, Math.ceil(total / pageSize));
    rows = await readPage(current);
  }
  const offset = (current - 1) * pageSize;
  // The page itself is always exact; the remembered count is corrected by what it shows.
  total = rows.length > pageSize ? Math.max(total, offset + rows.length) : offset + rows.length;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { profiles: await toCards(db, rows.slice(0, pageSize)), total, page: current, pageCount, pageSize };
}

/** The home page's featured performers: the newest public listings. */
export async function getFeaturedProfiles(
  db: Executor,
  limit = FEATURED_PROFILES,
  today: string = todayIso(),
): Promise<ProfileCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .where(publicProfileCondition(today))
    .orderBy(...newestFirst)
    .limit(limit);
  return toCards(db, rows);
}

/** Number of public profiles per state abbreviation (states with none are absent). */
export async function countPublicProfilesByState(db: Executor, today: string = todayIso()): Promise<Record<string, number>> {
  return rememberedCount(db, JSON.stringify(["states", today]), async () => {
    const rows = await db
      .select({ state: profiles.state, total: count() })
      .from(profiles)
      .where(and(publicProfileCondition(today), sql`${profiles.state} is not null`))
      .groupBy(profiles.state);
    return Object.fromEntries(rows.map((r) => [r.state as string, r.total]));
  });
}

/** Number of public profiles per city of a state (cities with none are absent). */
export async function countPublicProfilesByCity(db: Executor, state: string, today: string = todayIso()): Promise<Record<string, number>> {
  return rememberedCount(db, JSON.stringify(["cities", today, state]), async () => {
    const rows = await db
      .select({ city: profiles.city, total: count() })
      .from(profiles)
      .where(and(publicProfileCondition(today), eq(profiles.state, state), sql`${profiles.city} is not null`))
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
};

type DetailRow = { [K in keyof typeof detailColumns]: (typeof detailColumns)[K]["_"]["data"] | null };

async function toDetail(db: Executor, row: DetailRow): Promise<ProfileDetailData> {
  const id = row.id as string;
  const categories = await categoriesOf(db, [id]);
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
    readsWithinHours: row.inquiryReadHours,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

/** A profile as a visitor may see it, or null when it does not exist or is not public. */
export async function getPublicProfile(db: Executor, id: string, today: string = todayIso()): Promise<ProfileDetailData | null> {
  const [row] = await db
    .select(detailColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), publicProfileCondition(today)))
    .limit(1);
  return row ? toDetail(db, row) : null;
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
  return { profile: await toDetail(db, row), isPublic: isPubliclyVisible(row, today), isPaid, isActive: row.isActive };
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
  return toCards(db, rows);
}
