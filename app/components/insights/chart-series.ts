import type { InsightsCounts } from "~/lib/insights-view";

// The insights' small charts, top to bottom: what a performer looks for first (were they seen, were
// they asked) above how often they showed up in results.

export const CHART_SERIES: readonly { key: keyof InsightsCounts; title: string; colour: string; swatch: string }[] = [
  { key: "views", title: "Profile views", colour: "#6d28d9", swatch: "border-brand-700" },
  { key: "inquiries", title: "Inquiries", colour: "#c2410c", swatch: "border-orange-700" },
  { key: "appearances", title: "Appearances in results", colour: "#0f766e", swatch: "border-teal-700" },
];

/** Each small chart's drawing height in px; the last adds 28 for the days under it. */
export const SMALL_CHART_HEIGHT = 96;
/** What the three charts with their titles take, kept free while their code loads (no layout shift). */
export const CHARTS_MIN_HEIGHT = CHART_SERIES.length * (SMALL_CHART_HEIGHT + 20) + 28;
