// What the dashboard's insights section receives: the last weeks' counts and the totals, from
// app/server/insights/dashboard-insights.server.ts.

/** How many weeks the chart and its table cover, the current (partial) week last. */
export const INSIGHTS_WEEKS = 12;

export interface InsightsCounts {
  views: number;
  appearances: number;
  inquiries: number;
}

export interface InsightsWeek extends InsightsCounts {
  /** The week's Monday (UTC), YYYY-MM-DD. */
  weekStart: string;
}

export interface InsightsView {
  /**
   * Up to INSIGHTS_WEEKS weeks, oldest first, weeks without counts included as zeros. A listing
   * younger than that starts at its first counted day: its first week's `weekStart` is that day,
   * not the Monday before it.
   */
  weeks: InsightsWeek[];
  /** Everything counted for the listing so far. */
  totals: InsightsCounts;
  /** The first day anything was counted (YYYY-MM-DD); null before the first count. */
  since: string | null;
}

/**
 * Fewer views than this and the rate says more about chance than about the profile (one inquiry
 * in five views reads "20%"), so it is not shown.
 */
export const MIN_VIEWS_FOR_RATE = 20;

export const RATE_HIDDEN_NOTE = `Shown after ${MIN_VIEWS_FOR_RATE} views`;

/** Inquiries per 100 profile views, to one decimal; null under MIN_VIEWS_FOR_RATE views. */
export function inquiryRatePercent(counts: Pick<InsightsCounts, "views" | "inquiries">): number | null {
  if (counts.views < MIN_VIEWS_FOR_RATE) return null;
  return Math.round((counts.inquiries / counts.views) * 1000) / 10;
}

export function formatRate(rate: number | null): string {
  return rate === null ? "–" : `${rate.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

/** "Mar 3" for a YYYY-MM-DD day, read as UTC so the server and the browser agree. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

/** "March 3, 2026". */
export function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
}

export function hasAnyCounts(view: InsightsView): boolean {
  return view.totals.views + view.totals.appearances + view.totals.inquiries > 0;
}

/**
 * The dashboard's one tip, from the site's own numbers (app/server/insights/inquiry-tip.server.ts):
 * how many times more inquiries listed profiles with four photos and a price got than the rest,
 * or null when the numbers are too few or too close to say so.
 */
export interface InsightsTip {
  ratio: number | null;
  /** What the performer's own profile lacks of the two, so the tip can link to where it is fixed. */
  needsPhotos: boolean;
  needsPrice: boolean;
}

/** "2.3" for a ratio: one decimal, none when whole. */
export function formatRatio(ratio: number): string {
  return ratio.toLocaleString("en-US", { maximumFractionDigits: 1 });
}
