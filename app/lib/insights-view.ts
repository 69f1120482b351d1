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
  /** INSIGHTS_WEEKS weeks, oldest first, weeks without counts included as zeros. */
  weeks: InsightsWeek[];
  /** Everything counted for the listing so far. */
  totals: InsightsCounts;
  /** The first day anything was counted (YYYY-MM-DD); null before the first count. */
  since: string | null;
}

/** Inquiries per 100 profile views, to one decimal; null without views (no rate to speak of). */
export function inquiryRatePercent(counts: Pick<InsightsCounts, "views" | "inquiries">): number | null {
  if (counts.views <= 0) return null;
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
