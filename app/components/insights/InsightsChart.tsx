import { useEffect, useId, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import { shortDay, type InsightsCounts, type InsightsWeek } from "~/lib/insights-view";
import { CHART_SERIES, SMALL_CHART_HEIGHT } from "./chart-series";

// Loaded on its own (React.lazy in InsightsSection) so uPlot and its stylesheet are fetched only
// when the section is shown, not with the dashboard's first load.
//
// Small multiples: one small chart per count, each on its own scale from zero, stacked over the
// same weeks. On one shared scale a handful of inquiries lay flat on the floor under the views (and
// the views under the appearances); here each line uses its chart's height, and the titles say
// what each one counts.

function drawChart(
  element: HTMLElement,
  weeks: readonly InsightsWeek[],
  key: keyof InsightsCounts,
  colour: string,
  options: { syncKey: string; showDays: boolean },
): uPlot {
  const labels = weeks.map((week) => shortDay(week.weekStart));
  const label = (i: number | null | undefined) => (i === null || i === undefined || !Number.isInteger(i) ? "" : (labels[i] ?? ""));
  const last = weeks.length - 1;
  return new uPlot(
    {
      width: Math.max(element.clientWidth, 200),
      height: SMALL_CHART_HEIGHT + (options.showDays ? 28 : 0),
      // A young listing's single week still gets room either side of its one point.
      scales: {
        x: { time: false, range: () => (last > 0 ? [0, last] : [-1, 1]) },
        y: { range: (_u, _min, max) => [0, Math.max(4, max)] },
      },
      series: [
        { label: "Week of", value: (_u, v) => label(v) },
        { label: key, stroke: colour, width: 2, points: { size: 6, show: true } },
      ],
      axes: [
        options.showDays
          ? { values: (_u, splits) => splits.map((v) => label(v)), space: 48 }
          : { values: (_u, splits) => splits.map(() => ""), size: 4 },
        { size: 44, space: 24, values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? v.toLocaleString("en-US") : "")) },
      ],
      cursor: { drag: { x: false, y: false }, sync: { key: options.syncKey } },
      legend: { show: false },
    },
    [weeks.map((_, i) => i), weeks.map((week) => week[key])],
    element,
  );
}

export default function InsightsChart({ weeks }: { weeks: readonly InsightsWeek[] }) {
  const holders = useRef<(HTMLDivElement | null)[]>([]);
  const syncKey = useId();
  useEffect(() => {
    const elements = holders.current.filter((element): element is HTMLDivElement => element !== null);
    if (elements.length !== CHART_SERIES.length) return;
    const charts = CHART_SERIES.map((series, i) =>
      drawChart(elements[i], weeks, series.key, series.colour, { syncKey, showDays: i === CHART_SERIES.length - 1 }),
    );
    const resize = new ResizeObserver(() =>
      charts.forEach((chart, i) => chart.setSize({ width: Math.max(elements[i].clientWidth, 200), height: chart.height })),
    );
    elements.forEach((element) => resize.observe(element));
    return () => {
      resize.disconnect();
      charts.forEach((chart) => chart.destroy());
    };
  }, [weeks, syncKey]);
  return (
    <div className="space-y-1">
      {CHART_SERIES.map((series, i) => (
        <div key={series.key} data-series={series.key}>
          <p className="flex items-center gap-1.5 text-xs font-semibold text-slate-800">
            <span className={`inline-block w-5 border-t-2 ${series.swatch}`} />
            {series.title}
          </p>
          <div
            ref={(element) => {
              holders.current[i] = element;
            }}
            className="w-full text-xs text-slate-700"
          />
        </div>
      ))}
    </div>
  );
}
