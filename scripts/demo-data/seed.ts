import { hashPassword } from "better-auth/crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { performerPortraitSvg } from "../art/index";
import { createRandom, deriveSeed } from "../art/random";
import { seedDemoCalendars } from "./calendar";
import { seedDemoCalendarFeeds } from "./calendar-feeds";
import { seedDemoPackages } from "./packages";
import { seedDemoReviews, type DemoReviewSummary } from "./reviews";
import { planDemoTrust, removeDemoTrustFiles, seedDemoTrust, storeDemoTrustFiles } from "./trust";
import { type DemoDataSet, DEMO_ADMIN, DEMO_PERFORMER, type DemoOptions, type DemoStatus, generateDemoData } from "./generate";
import { PLANS } from "~/lib/constants";
import type { Db, Executor } from "~/server/db/client.server";
import {
  account,
  contactMessages,
  freeListingGrants,
  freeListingProgram,
  freeListingRequests,
  profileCategories,
  profileImages,
  profiles,
  user,
  userRoles,
} from "~/server/db/schema";
import { processImage, type ProcessedImage } from "~/server/images/process.server";
import { addMonths } from "~/server/payments/grants.server";
import { deleteStoredImage, storeRenditions, type StoredImage } from "~/server/images/store.server";
import { refreshInquiryReadHours } from "~/server/insights/read-speed.server";
import { refreshAllSearchDocuments } from "~/server/profiles/search-document.server";
import type { Storage } from "~/server/storage/storage.server";
import { todayIso } from "~/server/directory/visibility.server";

// Writes the demo data set into a database and its pictures into a storage driver.

export interface SeedOptions extends DemoOptions {
  /** Seed even though the database already has accounts (the demo's own accounts are replaced). */
  force?: boolean;
  log?: (message: string) => void;
}

export interface SeedSummary {
  users: number;
  performers: number;
  images: number;
  inquiries: number;
  /** Past parties asked about after the day (both sides said they happened) and their published reviews (scripts/demo-data/reviews.ts). */
  pastParties: number;
  reviews: number;
  freeListingRequests: number;
  byStatus: Record<DemoStatus, number>;
}

export class DatabaseNotEmptyError extends Error {
  constructor(users: number) {
    super(`The database already has ${users} account(s); refusing to add demo data. Use --force to seed anyway.`);
    this.name = "DatabaseNotEmptyError";
  }
}

const PORTRAIT_PIXELS = 800;
const INSERT_CHUNK = 100;

function chunks<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function accountId(seed: number, index: number): string {
  const random = createRandom(deriveSeed(seed, `account-${index}`));
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from({ length: 32 }, () => alphabet[random.int(0, alphabet.length - 1)]).join("");
}

/** Runs `work` over `items` with at most `limit` in flight: libvips already uses both cores per image. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index], index);
    }
  });
  await Promise.all(runners);
  return results;
}

async function renderPortraits(data: DemoDataSet): Promise<Map<number, ProcessedImage>> {
  const used = [...new Set(data.performers.flatMap((p) => p.images))].sort((a, b) => a - b);
  const processed = await mapLimited(used, 2, async (index) => {
    const spec = data.portraits[index];
    const png = await sharp(Buffer.from(performerPortraitSvg(spec.seed, { costume: spec.costume, size: PORTRAIT_PIXELS })))
      .png({ compressionLevel: 1 })
      .toBuffer();
    return processImage(png);
  });
  return new Map(used.map((index, i) => [index, processed[i]]));
}

async function removeExistingDemoRows(db: Db, storage: Storage, data: DemoDataSet): Promise<void> {
  const emails = [data.admin.email, ...data.performers.map((p) => p.user.email)];
  for (const group of chunks(emails, 500)) {
    const images = await db
      .select({ variants: profileImages.variants })
      .from(profileImages)
      .innerJoin(user, eq(user.id, profileImages.profileId))
      .where(inArray(user.email, group));
    await deleteStoredImage(storage, images.flatMap((image) => image.variants));
    const ids = await db.select({ id: user.id }).from(user).where(inArray(user.email, group));
    await removeDemoTrustFiles(db, storage, ids.map((row) => row.id));
    await db.delete(user).where(inArray(user.email, group));
  }
  const requestEmails = data.freeListingRequests.map((r) => r.email);
  if (requestEmails.length > 0) {
    await db.transaction(async (tx) => {
      // The demo's grants go with its requests, and give their spots back to the program's counter.
      const grants = await tx
        .delete(freeListingGrants)
        .where(inArray(freeListingGrants.email, requestEmails.map((email) => email.toLowerCase())))
        .returning({ id: freeListingGrants.id });
      await countProgramGrants(tx, -grants.length);
      await tx.delete(freeListingRequests).where(inArray(freeListingRequests.email, requestEmails));
    });
  }
}

/** Moves the program's counter (free_listing_program) by `delta` grants, never below zero. */
async function countProgramGrants(tx: Executor, delta: number): Promise<void> {
  if (delta === 0) return;
  await tx
    .insert(freeListingProgram)
    .values({ id: 1, grantsIssued: Math.max(0, delta) })
    .onConflictDoUpdate({
      target: freeListingProgram.id,
      set: { grantsIssued: sql`greatest(0, ${freeListingProgram.grantsIssued} + ${delta})`, updatedAt: new Date() },
    });
}

/**
 * Each approved demo request gets what an approval gives it: a free year from the day it was
 * reviewed, waiting for an account with the applicant's email, counted by the program, so the
 * spots left that the site shows are true. (No emails or audit rows: this is history, not news.)
 */
async function grantApprovedRequests(
  tx: Executor,
  approved: readonly { id: string; email: string; reviewedAt: Date | null; reviewedBy: string | null }[],
): Promise<void> {
  if (approved.length === 0) return;
  await tx.insert(freeListingGrants).values(
    approved.map((request) => {
      const startsOn = todayIso(request.reviewedAt ?? new Date());
      return {
        email: request.email.toLowerCase(),
        startsOn,
        endsOn: addMonths(startsOn, PLANS.YEARLY_MEMBERSHIP.months),
        grantedBy: request.reviewedBy,
        sourceRequestId: request.id,
      };
    }),
  );
  await countProgramGrants(tx, approved.length);
}

export async function seedDemo(db: Db, storage: Storage, options: SeedOptions = {}): Promise<SeedSummary> {
  const log = options.log ?? (() => undefined);
  const [{ users: existing }] = await db.select({ users: count() }).from(user);
  if (existing > 0 && !options.force) throw new DatabaseNotEmptyError(existing);

  const data = generateDemoData(options);
  const seed = options.seed ?? 2025;
  if (existing > 0) await removeExistingDemoRows(db, storage, data);

  log(`Drawing and processing ${new Set(data.performers.flatMap((p) => p.images)).size} portraits...`);
  const portraits = await renderPortraits(data);

  log(`Storing ${data.performers.reduce((n, p) => n + p.images.length, 0)} profile images...`);
  const stored: { profileId: string; position: number; image: StoredImage }[] = [];
  await mapLimited(data.performers, 8, async (performer) => {
    for (const [position, index] of performer.images.entries()) {
      // Each profile gets its own copy under its own keys, exactly as an upload would.
      const image = await storeRenditions(storage, performer.profile.id, portraits.get(index)!);
      stored.push({ profileId: performer.profile.id, position, image });
    }
  });

  // Trust documents' files go to storage first, as an upload's do (scripts/demo-data/trust.ts).
  const trustPlan = await planDemoTrust(data.performers, data.admin.id, options.now ?? new Date());
  await storeDemoTrustFiles(storage, trustPlan, options.now ?? new Date());

  // scrypt is deliberately slow: hash each distinct password once and share it.
  const [adminHash, performerHash] = await Promise.all([hashPassword(DEMO_ADMIN.password), hashPassword(DEMO_PERFORMER.password)]);

  log("Writing accounts, profiles, inquiries and applications...");
  let history: DemoReviewSummary = { inquiries: 0, parties: 0, reviews: 0 };
  await db.transaction(async (tx) => {
    const people = [data.admin, ...data.performers.map((p) => p.user)];
    for (const group of chunks(people)) {
      await tx.insert(user).values(
        group.map((u) => ({ id: u.id, name: u.name, email: u.email, emailVerified: true, createdAt: u.createdAt, updatedAt: u.createdAt })),
      );
    }
    for (const group of chunks(people.map((u, i) => ({ u, i })))) {
      await tx.insert(account).values(
        group.map(({ u, i }) => ({
          id: accountId(seed, i),
          accountId: u.id,
          providerId: "credential",
          userId: u.id,
          password: u.id === data.admin.id ? adminHash : performerHash,
          createdAt: u.createdAt,
          updatedAt: u.createdAt,
        })),
      );
    }
    await tx.insert(userRoles).values({ userId: data.admin.id, role: "admin" });
    for (const group of chunks(data.performers)) {
      await tx.insert(profiles).values(
        group.map((p) => ({
          ...p.profile,
          updatedAt: p.profile.createdAt,
          // Those who picked a range beyond the default chose it; the local ones are asked to check theirs.
          travelRadiusChosenAt: p.profile.travelRadius && p.profile.travelRadius !== "local_only" ? p.profile.createdAt : null,
        })),
      );
      await tx.insert(profileCategories).values(group.flatMap((p) => p.categories.map((category) => ({ profileId: p.profile.id, category }))));
    }
    for (const group of chunks(stored)) {
      await tx.insert(profileImages).values(
        group.map(({ profileId, position, image }) => ({
          profileId,
          position,
          imageUrl: image.imageUrl,
          storageKey: image.storageKey,
          width: image.width,
          height: image.height,
          variants: image.variants,
          blurDataUrl: image.blurDataUrl,
        })),
      );
    }
    for (const group of chunks(data.inquiries)) await tx.insert(contactMessages).values(group);
    // Past parties with verified reviews, and the login's party waiting for the demo clock (scripts/demo-data/reviews.ts).
    history = await seedDemoReviews(tx, options.now ?? new Date(), data.performers[0].profile.id);
    await seedInsights(tx);
    const reviewer = data.admin.id;
    const requests = await tx
      .insert(freeListingRequests)
      .values(
        data.freeListingRequests.map(({ reviewed, ...request }) => ({
          ...request,
          reviewedAt: reviewed ? new Date(Math.min(request.createdAt.getTime() + 36 * 60 * 60 * 1000, Date.now())) : null,
          reviewedBy: reviewed ? reviewer : null,
        })),
      )
      .returning({
        id: freeListingRequests.id,
        email: freeListingRequests.email,
        status: freeListingRequests.status,
        reviewedAt: freeListingRequests.reviewedAt,
        reviewedBy: freeListingRequests.reviewedBy,
      });
    await grantApprovedRequests(tx, requests.filter((request) => request.status === "approved"));
    // Booked days in the next 60 days from the day the demo is seeded (scripts/demo-data/calendar.ts).
    await seedDemoCalendars(tx, options.now ?? new Date());
    // A few keep theirs in an iCal feed the demo serves itself (scripts/demo-data/calendar-feeds.ts).
    await seedDemoCalendarFeeds(tx);
    // One to three packages, a travel-fee rule and a deposit for most performers (scripts/demo-data/packages.ts).
    await seedDemoPackages(tx);
    // Reviewed background checks and insurance, one ending soon, a crew half covered, one waiting for the admin.
    await seedDemoTrust(tx, trustPlan, options.now ?? new Date());
    await refreshAllSearchDocuments(tx);
  });

  const byStatus: Record<DemoStatus, number> = { listed: 0, pending: 0, expired: 0, deactivated: 0 };
  for (const performer of data.performers) byStatus[performer.status] += 1;
  return {
    users: data.performers.length + 1,
    performers: data.performers.length,
    images: stored.length,
    inquiries: data.inquiries.length + history.inquiries,
    pastParties: history.parties,
    reviews: history.reviews,
    freeListingRequests: data.freeListingRequests.length,
    byStatus,
  };
}

/**
 * What performers' dashboards count, so the demo's insights have weeks to show: views and
 * appearances for each listed profile's days (at most the last 120), varying by profile and day
 * through a hash of both (the same data set always gives the same figures), and the demo's own
 * inquiries counted on the days they arrived. A read inquiry was first opened 1 to 20 hours after it
 * came, which gives the performers with enough reads their "usually reads within" figure.
 */
async function seedInsights(tx: Executor): Promise<void> {
  await tx.execute(sql`
    update contact_messages
    set first_read_at = least(now(), created_at + make_interval(hours => 1 + abs(hashtext(id::text)) % 20))
    where is_read
  `);
  await tx.execute(sql`
    insert into profile_daily_stats (profile_id, day, views, appearances)
    select p.id, d::date, abs(hashtext(p.id || d::date::text)) % 9, abs(hashtext(d::date::text || p.id)) % 45
    from profiles p
    cross join generate_series(greatest(p.created_at, now() - interval '120 days')::date, now()::date, interval '1 day') d
    where p.payment_status = 'paid'
  `);
  await tx.execute(sql`
    insert into profile_daily_stats (profile_id, day, inquiries)
    select profile_id, (created_at at time zone 'UTC')::date, count(*)::int from contact_messages group by 1, 2
    on conflict (profile_id, day) do update set inquiries = excluded.inquiries
  `);
  const readers = await tx
    .selectDistinct({ profileId: contactMessages.profileId })
    .from(contactMessages)
    .where(sql`${contactMessages.firstReadAt} is not null`);
  for (const { profileId } of readers) await refreshInquiryReadHours(tx, profileId);
}
