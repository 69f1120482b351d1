import type { ReactNode } from "react";
import { Pagination } from "~/components/directory/Pagination";
import { adminHref, type AdminLocation, type PageInfo } from "~/lib/admin-view";

/** "Showing 26–50 of 1,234", or what an empty result means. */
function Summary({ info, filtered, noun }: { info: PageInfo; filtered: boolean; noun: string }) {
  if (info.total === 0) return null;
  return (
    <p className="text-sm text-slate-700" aria-live="polite">
      Showing {info.from.toLocaleString("en-US")}–{info.to.toLocaleString("en-US")} of {info.total.toLocaleString("en-US")}{" "}
      {filtered ? `matching ${noun}` : noun}
    </p>
  );
}

/**
 * A section's table with its summary, empty state and pages. On a phone the table scrolls sideways
 * inside its own box, never the page; the less important columns are hidden there by the sections.
 */
export function SectionTable({
  location,
  info,
  noun,
  empty,
  caption,
  head,
  children,
}: {
  location: AdminLocation;
  info: PageInfo;
  noun: string;
  empty: string;
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  const filtered = location.status !== "all" || location.q !== "";
  if (info.total === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
        {filtered ? `No ${noun} match this filter. Try another status or search.` : empty}
      </p>
    );
  }
  return (
    <div className="space-y-3">
      <Summary info={info} filtered={filtered} noun={noun} />
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">{head}</thead>
          <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
        </table>
      </div>
      <Pagination page={info.page} pageCount={info.pageCount} hrefFor={(page) => adminHref(location, { page, view: null })} />
    </div>
  );
}

export const th = "px-3 py-3 font-semibold sm:px-4";
export const td = "px-3 py-3 align-top sm:px-4";
