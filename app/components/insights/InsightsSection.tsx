import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/ui/useHydrated";
import {
  formatRate,
  hasAnyCounts,
  inquiryRatePercent,
  INSIGHTS_WEEKS,
  longDay,
  MIN_VIEWS_FOR_RATE,
  RATE_HIDDEN_NOTE,
  shortDay,
  type InsightsTip,
  type InsightsView,
} from "~/lib/insights-view";
import { CHARTS_MIN_HEIGHT } from "./chart-series";
import { InsightsTipNote } from "./InsightsTipNote";

// The performer's numbers on the dashboard: totals since counting began, then the last weeks as a
// chart with the same figures as a table behind it (the chart is a picture of the table, so screen
// readers get the table).

const InsightsChart = lazy(() => import("./InsightsChart"));

function Stat({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      {value === null ? null : <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>}
      {hint ? <dd className={value === null ? "mt-1 text-sm font-semibold text-slate-800" : "text-xs text-slate-700"}>{hint}</dd> : null}
    </div>
  );
}

/** "Last 12 weeks", or for a younger listing "Your first 3 weeks" (the chart starts at its first day). */
function periodTitle(weekCount: number): string {
  if (weekCount >= INSIGHTS_WEEKS) return `Last ${INSIGHTS_WEEKS} weeks`;
  return weekCount === 1 ? "Your first week" : `Your first ${weekCount} weeks`;
}

const number = (n: number) => n.toLocaleString("en-US");

function WeeksTable({ insights }: { insights: InsightsView }) {
  return (
    // Focusable, so a keyboard can scroll it on a screen too narrow for all five columns.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Insights by week">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Profile views, appearances in results and inquiries per week: {periodTitle(insights.weeks.length)}</caption>
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

export function InsightsSection({ insights, tip }: { insights: InsightsView | null | undefined; tip?: InsightsTip | null }) {
  const hydrated = useHydrated();
  if (!insights) return null;
  const { totals } = insights;
  const rate = inquiryRatePercent(totals);
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
            <Stat
              label="Views to inquiry"
              value={rate === null ? null : formatRate(rate)}
              hint={rate === null ? RATE_HIDDEN_NOTE : "inquiries per 100 views"}
            />
          </dl>
          {tip ? <InsightsTipNote tip={tip} /> : null}
          <div>
            <h3 className="text-base font-semibold text-slate-900">{periodTitle(insights.weeks.length)}</h3>
            <div className="mt-2">
              {/* A picture of the table below: hidden from screen readers, who get the table. */}
              <div aria-hidden="true" style={{ minHeight: CHARTS_MIN_HEIGHT }}>
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
              <p className="mt-2 text-xs text-slate-700">Rate: inquiries per 100 views, for weeks with {MIN_VIEWS_FOR_RATE} views or more.</p>
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
