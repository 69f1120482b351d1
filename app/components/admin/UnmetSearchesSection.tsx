import { Link } from "react-router";
import { formatShortDate } from "~/components/dashboard/format";
import { cx } from "~/components/ui/cx";
import type { AdminLocation, PageInfo, UnmetSearchRowView } from "~/lib/admin-view";
import { SectionTable, td, th } from "./SectionTable";

/** The search again, as a visitor ran it: its words with the place after them. */
function searchHrefOf(row: UnmetSearchRowView): string {
  const q = [row.words, row.place].filter(Boolean).join(" ");
  return `/search?${new URLSearchParams({ q }).toString()}`;
}

/**
 * What visitors searched for and found nobody, most visitors first. On a phone the place and the
 * words share the first column and long words wrap anywhere, so the table fits 390 px without
 * scrolling sideways.
 */
export function UnmetSearchesTable({ location, rows, info }: { location: AdminLocation; rows: UnmetSearchRowView[]; info: PageInfo }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Searches that found no performer, with how many different visitors made them (each counted once a day). Recruit performers where families are
        waiting.
      </p>
      <SectionTable
        location={location}
        info={info}
        noun="searches"
        empty="No unmet searches yet. When a search finds nobody, it appears here."
        caption="Searches that found no performer, most visitors first"
        head={
          <tr>
            <th scope="col" className={th}>
              Searched for
            </th>
            <th scope="col" className={cx(th, "hidden sm:table-cell")}>
              Place
            </th>
            <th scope="col" className={cx(th, "text-right")}>
              Visitors
            </th>
            <th scope="col" className={cx(th, "hidden md:table-cell")}>
              Last searched
            </th>
          </tr>
        }
      >
        {rows.map((row) => (
          <tr key={`${row.place}\u0000${row.words}`} data-testid="unmet-search-row">
            <td className={cx(td, "[overflow-wrap:anywhere]")}>
              <Link to={searchHrefOf(row)} className="font-semibold text-brand-800 underline hover:text-brand-900">
                {row.words || "(any performer)"}
              </Link>
              <span className="block text-slate-700 sm:hidden">{row.place || "No place"}</span>
            </td>
            <td className={cx(td, "hidden text-slate-800 [overflow-wrap:anywhere] sm:table-cell")}>{row.place || "No place"}</td>
            <td className={cx(td, "text-right tabular-nums text-slate-900")}>{row.visitors.toLocaleString("en-US")}</td>
            <td className={cx(td, "hidden whitespace-nowrap text-slate-800 md:table-cell")}>{formatShortDate(row.lastDay)}</td>
          </tr>
        ))}
      </SectionTable>
    </div>
  );
}
