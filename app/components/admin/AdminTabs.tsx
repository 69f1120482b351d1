import { Link } from "react-router";
import { cx } from "~/components/ui/cx";
import { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminSectionCounts, type AdminTab } from "~/lib/admin-view";

/** What each section's tab counts: the work waiting (pending, unread) or the size of the list. */
export function tabCount(tab: AdminTab, counts: AdminSectionCounts): string {
  if (tab === "requests") return `${counts.requests.pending.toLocaleString("en-US")} pending`;
  if (tab === "messages") return `${counts.messages.unread.toLocaleString("en-US")} unread`;
  if (tab === "searches") return `${counts.searches.total.toLocaleString("en-US")} in 30 days`;
  return `${counts.profiles.total.toLocaleString("en-US")} total`;
}

/** The sections as links (each keeps its own address), the current one marked for screen readers. */
export function AdminTabs({ current, counts }: { current: AdminTab; counts: AdminSectionCounts }) {
  return (
    <nav aria-label="Admin sections" className="border-b border-slate-200">
      <ul className="-mb-px grid grid-cols-2 gap-1 sm:flex">
        {ADMIN_TABS.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab} className="min-w-0 sm:shrink-0">
              <Link
                to={tab === "requests" ? "/admin" : `/admin?tab=${tab}`}
                aria-current={active ? "page" : undefined}
                className={cx(
                  "flex h-full flex-col border-b-2 px-2 py-2 text-sm font-semibold sm:px-4",
                  active ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {ADMIN_TAB_LABELS[tab]}
                <span className="text-xs font-medium text-slate-700">{tabCount(tab, counts)}</span>
              </Link>
            </li>
          );
        })}
        {/* The Reviews section has its own page (/admin/reviews). */}
        <li className="min-w-0 sm:shrink-0">
          <Link
            to="/admin/reviews"
            className="flex h-full flex-col border-b-2 border-transparent px-2 py-2 text-sm font-semibold text-slate-700 hover:border-slate-300 hover:text-slate-900 sm:px-4"
          >
            Reviews
            <span className="text-xs font-medium text-slate-700">Reported, disputed, no-shows</span>
          </Link>
        </li>
        {/* So does the Trust section (/admin/trust): background checks and insurance to review. */}
        <li className="min-w-0 sm:shrink-0">
          <Link
            to="/admin/trust"
            className="flex h-full flex-col border-b-2 border-transparent px-2 py-2 text-sm font-semibold text-slate-700 hover:border-slate-300 hover:text-slate-900 sm:px-4"
          >
            Trust
            <span className="text-xs font-medium text-slate-700">Checks and insurance</span>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
