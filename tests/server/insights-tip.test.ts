import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inquiryRatePercent, MIN_VIEWS_FOR_RATE } from "~/lib/insights-view";
import { loadDashboard } from "~/server/dashboard/dashboard.server";
import { contactMessages, profileDailyStats, profileImages, profiles, user } from "~/server/db/schema";
import { fromFirstDay } from "~/server/insights/chart-start.server";
import { loadInsights } from "~/server/insights/dashboard-insights.server";
import {
  computeTipFigure,
  currentTipFigure,
  loadInsightsTip,
  refreshTipFigure,
  TIP_CACHE_MS,
  TIP_MIN_PROFILES,
  tipRatio,
} from "~/server/insights/inquiry-tip.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { parentInquiry } from "./accounts-fixtures";

// The insights on a phone (issue 29): the chart from the listing's first day, the rate only past
// 20 views, and the one tip from the site's own listings with its minimum sample.

const ENGINE = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const DAY_MS = 86_400_000;
// Wednesday; its week starts Monday 2026-11-16 and the chart's twelve weeks on 2026-08-31.
const NOW = new Date("2026-11-18T12:00:00Z");

let database: TestDatabase;
let made = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  // The tip is a figure over every listing: each test starts from an empty directory.
  await database.db.delete(user);
});

interface PerformerOptions {
  photos?: number;
  price?: [number | null, number | null];
  listed?: boolean;
  /** Inquiries received this many days before NOW, one per entry. */
  inquiriesDaysAgo?: number[];
}

/** Listed performers with the given photos, price and inquiries, written in a few bulk statements. */
async function performers(count: number, options: PerformerOptions = {}): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `tip-${++made}`);
  if (ids.length === 0) return ids;
  const db = database.db;
  await db.insert(user).values(ids.map((id) => ({ id, name: "", email: `${id}@example.com`, emailVerified: true })));
  const [priceMin, priceMax] = options.price ?? [null, null];
  await db.insert(profiles).values(
    ids.map((id) => ({
      id,
      displayName: `Performer ${id}`,
      isActive: options.listed ?? true,
      paymentStatus: "paid",
      paymentExpiry: "2027-06-01",
      priceMin,
      priceMax,
    })),
  );
  const photos = options.photos ?? 0;
  if (photos > 0) {
    await db.insert(profileImages).values(
      ids.flatMap((id) =>
        Array.from({ length: photos }, (_, position) => ({ profileId: id, imageUrl: `/media/${id}-${position}.webp`, storageKey: `${id}-${position}`, position })),
      ),
    );
  }
  const days = options.inquiriesDaysAgo ?? [];
  if (days.length > 0) {
    await db.insert(contactMessages).values(ids.flatMap((id) => days.map((ago) => parentInquiry(id, { createdAt: new Date(NOW.getTime() - ago * DAY_MS) }))));
  }
  return ids;
}

const COMPLETE: PerformerOptions = { photos: 4, price: [100, 150] };

describe(`the chart starts at the listing's first day (${ENGINE})`, () => {
  it("drops the weeks before the first counted day and names the first week by that day", async () => {
    const [id] = await performers(1);
    await database.db.insert(profileDailyStats).values([
      { profileId: id, day: "2026-10-21", views: 2, appearances: 30, inquiries: 0 },
      { profileId: id, day: "2026-10-25", views: 1, appearances: 10, inquiries: 1 },
      { profileId: id, day: "2026-11-17", views: 4, appearances: 20, inquiries: 0 },
    ]);
    const insights = await loadInsights(database.db, id, NOW);
    expect(insights.since).toBe("2026-10-21");
    expect(insights.weeks.map((w) => w.weekStart)).toEqual(["2026-10-21", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"]);
    expect(insights.weeks[0]).toEqual({ weekStart: "2026-10-21", views: 3, appearances: 40, inquiries: 1 });
    expect(insights.weeks[4]).toEqual({ weekStart: "2026-11-16", views: 4, appearances: 20, inquiries: 0 });
  });

  it("keeps all twelve weeks for a listing older than the chart, and a listing's first week alone", async () => {
    const [old, young] = await performers(2);
    await database.db.insert(profileDailyStats).values([
      { profileId: old, day: "2026-06-01", views: 1, appearances: 1, inquiries: 0 },
      { profileId: young, day: "2026-11-16", views: 1, appearances: 5, inquiries: 0 },
    ]);
    const older = await loadInsights(database.db, old, NOW);
    expect(older.weeks).toHaveLength(12);
    expect(older.weeks[0].weekStart).toBe("2026-08-31");
    const newest = await loadInsights(database.db, young, NOW);
    expect(newest.weeks).toEqual([{ weekStart: "2026-11-16", views: 1, appearances: 5, inquiries: 0 }]);
  });

  it("leaves the weeks alone without a first day, or when it falls on the first week's Monday", () => {
    const weeks = ["2026-11-02", "2026-11-09"].map((weekStart) => ({ weekStart, views: 0, appearances: 0, inquiries: 0 }));
    expect(fromFirstDay(weeks, null)).toEqual(weeks);
    expect(fromFirstDay(weeks, "2026-11-02")).toEqual(weeks);
    expect(fromFirstDay(weeks, "2026-11-09").map((w) => w.weekStart)).toEqual(["2026-11-09"]);
  });
});

describe(`the views-to-inquiry rate (${ENGINE})`, () => {
  it("is hidden under 20 views and shown from 20", () => {
    expect(MIN_VIEWS_FOR_RATE).toBe(20);
    expect(inquiryRatePercent({ views: 0, inquiries: 0 })).toBeNull();
    expect(inquiryRatePercent({ views: 19, inquiries: 3 })).toBeNull();
    expect(inquiryRatePercent({ views: 20, inquiries: 3 })).toBe(15);
    expect(inquiryRatePercent({ views: 300, inquiries: 1 })).toBe(0.3);
  });
});

describe(`the tip from the site's own listings (${ENGINE})`, () => {
  it("compares inquiries per listed profile, four photos and a price against the rest, over the last 90 days", async () => {
    await performers(20, { ...COMPLETE, inquiriesDaysAgo: [1, 30, 89] });
    await performers(10, { photos: 4, inquiriesDaysAgo: [2] });
    await performers(10, { price: [100, 150], photos: 3, inquiriesDaysAgo: [2] });
    // Neither counted: an inquiry from before the 90 days, a listing no longer public.
    await performers(5, { photos: 1, inquiriesDaysAgo: [91] });
    await performers(5, { ...COMPLETE, listed: false, inquiriesDaysAgo: [1, 1, 1] });
    // Only one end of the range is no price on the card, so not complete.
    await performers(5, { photos: 4, price: [100, null] });

    const figure = await computeTipFigure(database.db, NOW);
    expect(figure.complete).toEqual({ profiles: 20, inquiries: 60 });
    expect(figure.rest).toEqual({ profiles: 30, inquiries: 20 });
    // 3 per complete profile against 2/3 per other: 4.5 times.
    expect(figure.ratio).toBe(4.5);
  });

  it("says no number under 20 profiles on either side, without inquiries to compare, or at a ratio of 1.2 or less", async () => {
    expect(TIP_MIN_PROFILES).toBe(20);
    expect(tipRatio({ profiles: 19, inquiries: 100 }, { profiles: 100, inquiries: 10 })).toBeNull();
    expect(tipRatio({ profiles: 100, inquiries: 100 }, { profiles: 19, inquiries: 1 })).toBeNull();
    expect(tipRatio({ profiles: 20, inquiries: 10 }, { profiles: 20, inquiries: 0 })).toBeNull();
    expect(tipRatio({ profiles: 20, inquiries: 0 }, { profiles: 20, inquiries: 10 })).toBeNull();
    expect(tipRatio({ profiles: 20, inquiries: 12 }, { profiles: 20, inquiries: 10 })).toBeNull();
    expect(tipRatio({ profiles: 20, inquiries: 13 }, { profiles: 20, inquiries: 10 })).toBe(1.3);
    expect(tipRatio({ profiles: 20, inquiries: 20 }, { profiles: 40, inquiries: 10 })).toBe(4);

    // The same limit on stored rows: 19 complete listings, however asked, give no number.
    await performers(19, { ...COMPLETE, inquiriesDaysAgo: [1, 2, 3] });
    await performers(25, { inquiriesDaysAgo: [1] });
    const figure = await computeTipFigure(database.db, NOW);
    expect(figure.complete).toEqual({ profiles: 19, inquiries: 57 });
    expect(figure.ratio).toBeNull();
  });

  it("is computed in the background, kept for the hour, then served while it is computed again", async () => {
    await performers(20, { ...COMPLETE, inquiriesDaysAgo: [1, 2] });
    await performers(20, { inquiriesDaysAgo: [1] });
    const failures: unknown[] = [];
    const noteFailure = (error: unknown) => failures.push(error);
    // Nothing computed yet: no figure (the tip goes without a number), and the computation starts.
    expect(currentTipFigure(database.db, NOW, noteFailure)).toBeNull();
    const first = await refreshTipFigure(database.db, NOW);
    expect(first.ratio).toBe(2);
    expect(currentTipFigure(database.db, NOW, noteFailure)).toBe(first);

    // Twenty more complete listings nobody asked yet halve the complete side's average...
    await performers(20, COMPLETE);
    // ...but within the hour the figure is the one computed,
    expect(currentTipFigure(database.db, new Date(NOW.getTime() + TIP_CACHE_MS - 1_000), noteFailure)).toBe(first);
    // and after it, still that one while the new one is computed, then the new one.
    const hourLater = new Date(NOW.getTime() + TIP_CACHE_MS);
    expect(currentTipFigure(database.db, hourLater, noteFailure)).toBe(first);
    const later = await refreshTipFigure(database.db, hourLater);
    expect(later.complete).toEqual({ profiles: 40, inquiries: 40 });
    expect(later.ratio).toBeNull();
    expect(currentTipFigure(database.db, hourLater, noteFailure)).toBe(later);
    expect(failures).toEqual([]);
  });

  it("tells each performer which of the two their own profile lacks, and reaches the dashboard", async () => {
    const [complete] = await performers(1, COMPLETE);
    const [noPrice] = await performers(1, { photos: 4, price: [null, 200] });
    const [bare] = await performers(1);
    const logger = pino({ level: "silent" });
    expect(await loadInsightsTip(database.db, logger, complete)).toEqual({ ratio: null, needsPhotos: false, needsPrice: false });
    expect(await loadInsightsTip(database.db, logger, noPrice)).toEqual({ ratio: null, needsPhotos: false, needsPrice: true });
    expect(await loadInsightsTip(database.db, logger, bare)).toEqual({ ratio: null, needsPhotos: true, needsPrice: true });

    const dashboard = await loadDashboard(database.db, logger, bare, { page: 1, inquiryId: null });
    expect(dashboard.summary.insightsTip).toMatchObject({ needsPhotos: true, needsPrice: true });
    // The hour-old figure was being computed again meanwhile: done before the database closes.
    await refreshTipFigure(database.db);
  });
});
