import { sql } from "drizzle-orm";
import type { UnmetSearchRowView, UnmetSearchPeriod } from "~/lib/admin-view";
import type { Executor } from "../db/client.server";
import { utcDay } from "../insights/stats.server";
import { rowsOf } from "../search/rows.server";
import { likePattern, pageBounds, type PageRequest, type Paged } from "./paging.server";

// The admin's "What visitors searched for and did not find": the searches that found nobody over
// the last 30 (or 7) days, summed per words and place, most visitors first, so the team knows where
// families are waiting and whom to recruit. Each visitor counted once a day per search.

export const UNMET_PERIOD_DAYS: Record<UnmetSearchPeriod, number> = { all: 30, week: 7 };

export async function listUnmetSearches(
  db: Executor,
  options: PageRequest & { period?: UnmetSearchPeriod; now?: Date } = {},
): Promise<Paged<UnmetSearchRowView>> {
  const { page, pageSize, offset } = pageBounds(options);
  const days = UNMET_PERIOD_DAYS[options.period ?? "all"];
  const now = options.now ?? new Date();
  const from = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const pattern = likePattern(options.search);
  const matching = pattern ? sql`and (words ilike ${pattern} or place ilike ${pattern})` : sql``;
  const result = await db.execute(sql`
    select words, place, sum(visitors)::int as visitors, count(*)::int as days, max(day)::text as last_day,
           count(*) over ()::int as total
    from unmet_searches
    where day >= ${from}::date ${matching}
    group by words, place
    order by sum(visitors) desc, max(day) desc, place, words
    limit ${pageSize} offset ${offset}
  `);
  const rows = rowsOf<{ words: string; place: string; visitors: number; days: number; last_day: string; total: number }>(result);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    // Past the last page the window function has no row to ride on: count on its own.
    const counted = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from (select 1 from unmet_searches where day >= ${from}::date ${matching} group by words, place) as g`),
    );
    total = counted[0]?.n ?? 0;
  }
  return {
    rows: rows.map((r) => ({ words: r.words, place: r.place, visitors: Number(r.visitors), days: Number(r.days), lastDay: r.last_day })),
    page,
    pageSize,
    total: Number(total),
  };
}

/** Different unmet searches over the last 30 days, for the section's tab. */
export async function countUnmetSearches(db: Executor, now: Date = new Date()): Promise<number> {
  const from = utcDay(new Date(now.getTime() - 29 * 86_400_000));
  const counted = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (select 1 from unmet_searches where day >= ${from}::date group by words, place) as g`),
  );
  return Number(counted[0]?.n ?? 0);
}
