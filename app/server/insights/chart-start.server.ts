import type { InsightsWeek } from "~/lib/insights-view";

/**
 * The chart's weeks from the listing's first counted day on. Counts are only kept for a listed
 * profile (the counter joins public profiles, inquiries need one), so that day is the first the
 * listing was public and seen; weeks before it would draw as zeros the performer could never have
 * had. The week holding that day is kept and named by it, so the chart and the table begin where
 * the numbers do.
 */
export function fromFirstDay(weeks: readonly InsightsWeek[], firstDay: string | null): InsightsWeek[] {
  if (firstDay === null || weeks.length === 0 || firstDay <= weeks[0].weekStart) return [...weeks];
  let first = 0;
  for (let i = 0; i < weeks.length; i++) if (weeks[i].weekStart <= firstDay) first = i;
  const [opening, ...rest] = weeks.slice(first);
  return [{ ...opening, weekStart: firstDay }, ...rest];
}
