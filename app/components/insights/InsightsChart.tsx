import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { shortDay, type InsightsWeek } from "~/lib/insights-view";

// Loaded on its own (React.lazy in InsightsSection) so uPlot and its stylesheet are fetched only
// when the section is shown, not with the dashboard's first load.

const HEIGHT = 240;
const SERIES_COLOURS = { views: "#6d28d9", appearances: "#0f766e", inquiries: "#c2410c" } as const;

export default function InsightsChart({ weeks }: { weeks: readonly InsightsWeek[] }) {
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const labels = weeks.map((week) => shortDay(week.weekStart));
    const data: uPlot.AlignedData = [
      weeks.map((_, i) => i),
      weeks.map((week) => week.views),
      weeks.map((week) => week.appearances),
      weeks.map((week) => week.inquiries),
    ];
    const label = (i: number | null | undefined) => (i === null || i === undefined ? "" : (labels[Math.round(i)] ?? ""));
    const chart = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        // Appearances run to many times the views: they get the right-hand axis so views and
        // inquiries keep a readable scale on the left.
        scales: { x: { time: false }, count: { range: (_u, _min, max) => [0, Math.max(4, max)] }, shown: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
        series: [
          { label: "Week of", value: (_u, v) => label(v) },
          { label: "Profile views", scale: "count", stroke: SERIES_COLOURS.views, width: 2, points: { size: 6 } },
          { label: "Appearances", scale: "shown", stroke: SERIES_COLOURS.appearances, width: 2, dash: [6, 4], points: { size: 6 } },
          { label: "Inquiries", scale: "count", stroke: SERIES_COLOURS.inquiries, width: 2, points: { size: 6 } },
        ],
        axes: [
          { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? label(v) : "")), space: 48 },
          { scale: "count", size: 44 },
          { scale: "shown", side: 1, grid: { show: false }, size: 52 },
        ],
        cursor: { drag: { x: false, y: false } },
        // The section draws its own legend (with the scales named), and the table gives the values.
        legend: { show: false },
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [weeks]);
  return <div ref={holder} className="w-full text-xs text-slate-700" />;
}
