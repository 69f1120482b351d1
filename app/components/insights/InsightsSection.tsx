import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/useHydrated";
import {
  formatRate,
  hasAnyCounts,
  inquiryRatePercent,
  INSIGHTS_WEEKS,
  longDay,
  shortDay,
  type InsightsView,
} from "~/lib/insights-view";

// The performer's numbers on the dashboard: totals since counting began, then the last weeks as a
// chart with the same figures as a table behind it (the chart is a picture of the table, so screen
// readers get the table).

const InsightsChart = lazy(() => import("./InsightsChart"));

const CHART_HEIGHT_CLASS = "min-h-[240px]";

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint ? <dd className="text-xs text-slate-700">{hint}</dd> : null}
    </div>
  );
}

const number = (n: number) => n.toLocaleString("en-US");

function WeeksTable({ insights }: { insights: InsightsView }) {
  return (
    // Focusable, so a keyboard can scroll it on a screen too narrow for all five columns.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Insights by week">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Profile views, appearances in results and inquiries per week, last {INSIGHTS_WEEKS} weeks</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-700">
            <th scope="col" className="py-2 pr-2 font-semibold">
              Week of
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold">
              Views
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold">
              Appearances
            </th>
            <th scope="col" className="px-1.5 py-2 text-right font-semibold">
              Inquiries
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              Rate
            </th>
          </tr>
        </thead>
        <tbody>
          {[...insights.weeks].reverse().map((week) => (
            <tr key={week.weekStart} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="whitespace-nowrap py-2 pr-2 font-normal text-slate-800">
                {shortDay(week.weekStart)}
              </th>
              <td className="px-1.5 py-2 text-right tabular-nums">{number(week.views)}</td>
              <td className="px-1.5 py-2 text-right tabular-nums">{number(week.appearances)}</td>
              <td className="px-1.5 py-2 text-right tabular-nums">{number(week.inquiries)}</td>
              <td className="py-2 pl-2 text-right tabular-nums">{formatRate(inquiryRatePercent(week))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Legend() {
  const items = [
    { label: "Profile views (left scale)", className: "border-brand-700" },
    { label: "Appearances in results (right scale)", className: "border-dashed border-teal-700" },
    { label: "Inquiries (left scale)", className: "border-orange-700" },
  ];
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span className={`inline-block w-5 border-t-2 ${item.className}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

export function InsightsSection({ insights }: { insights: InsightsView | null | undefined }) {
  const hydrated = useHydrated();
  if (!insights) return null;
  const { totals } = insights;
  return (
    <section
      aria-labelledby="insights-heading"
      data-testid="insights"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="insights-heading" className="text-lg font-bold text-slate-900">
          Insights
        </h2>
        {insights.since ? <p className="text-sm text-slate-700">Since {longDay(insights.since)}</p> : null}
      </div>
      {!hasAnyCounts(insights) ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          No numbers yet. Once your listing is live, the times families see your profile in search and browse results, open
          it and send you an inquiry are counted here, week by week.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Profile views" value={number(totals.views)} />
            <Stat label="Appearances in results" value={number(totals.appearances)} />
            <Stat label="Inquiries" value={number(totals.inquiries)} />
            <Stat label="Views to inquiry" value={formatRate(inquiryRatePercent(totals))} hint="inquiries per 100 views" />
          </dl>
          <div>
            <h3 className="text-base font-semibold text-slate-900">Last {INSIGHTS_WEEKS} weeks</h3>
            <div className="mt-2 space-y-2">
              <Legend />
              {/* A picture of the table below: hidden from screen readers, who get the table. */}
              <div aria-hidden="true" className={CHART_HEIGHT_CLASS}>
                {hydrated ? (
                  <Suspense fallback={null}>
                    <InsightsChart weeks={insights.weeks} />
                  </Suspense>
                ) : null}
              </div>
            </div>
            <details className="mt-2">
              <summary className="flex min-h-11 cursor-pointer items-center text-sm font-semibold text-brand-800">Show as a table</summary>
              <WeeksTable insights={insights} />
            </details>
          </div>
          <p className="text-xs text-slate-700">
            Visits by search engines&apos; robots and your own visits are not counted; a visitor counts once a day.
          </p>
        </>
      )}
    </section>
  );
}
