import { NavLink, useLocation } from "react-router";
import { cx } from "~/components/ui/cx";
import { useShortlist } from "~/lib/shortlist";
import { HeartIcon } from "./HeartIcon";

/**
 * The header's way to the shortlist, with how many are saved. The count is only known in the
 * browser, so the server's markup (and hydration) shows none and it appears right after. A page
 * whose address has a party date (a dated search, its cards' profiles) passes it on, so the list
 * opens saying who is free that day; /shortlist checks it.
 */
export function ShortlistLink({ className }: { className?: string }) {
  const count = useShortlist().length;
  // Passed on as it is: every page's code pays for this line (useSearchParams would add 0.3 KB of
  // the router's code to every page), and /shortlist reads the date forgivingly.
  const date = new URLSearchParams(useLocation().search).get("date");
  return (
    <NavLink
      to={date ? `/shortlist?date=${encodeURIComponent(date)}` : "/shortlist"}
      aria-label={count > 0 ? `Shortlist, ${count} saved` : "Shortlist"}
      className={({ isActive }) =>
        cx(
          "relative inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 text-sm font-medium",
          isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700",
          className,
        )
      }
    >
      <HeartIcon filled={count > 0} className={count > 0 ? "text-rose-600" : undefined} />
      <span className="hidden sm:inline">Shortlist</span>
      {count > 0 ? (
        <span
          aria-hidden="true"
          className="absolute right-0 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-xs font-bold text-white sm:static"
        >
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
