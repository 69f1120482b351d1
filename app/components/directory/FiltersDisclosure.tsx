import { useEffect, useState, type ReactNode } from "react";
import { cx } from "~/components/ui/cx";
import { TAP_TARGET } from "./tap-target";

// The fold around the filters, shared by the listing pages' form (FiltersForm) and search's: its own
// module so that search does not download the listing form with it.

/** The width from which the filters sit open beside (or above) the results instead of folded away. */
const WIDE_QUERY = "(min-width: 1024px)";

/**
 * The filters folded behind one "Filters (N)" control on phones, so the results come first, and open
 * on wide screens. A native disclosure, so it opens and the form inside submits without JavaScript.
 * Before hydration a wide screen shows the content anyway (where the browser can style it), so the
 * sidebar does not appear folded for a moment.
 */
export function FiltersDisclosure({ count, children, className }: { count: number; children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    if (window.matchMedia(WIDE_QUERY).matches) setOpen(true);
  }, []);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-ready={ready || undefined}
      className={cx("group lg:[&:not([data-ready])::details-content]:[content-visibility:visible]", className)}
    >
      <summary
        className={cx(
          TAP_TARGET,
          "flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-900 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 lg:border-transparent lg:bg-transparent lg:px-1 lg:shadow-none lg:hover:bg-transparent [&::-webkit-details-marker]:hidden",
        )}
      >
        <span>{count > 0 ? `Filters (${count})` : "Filters"}</span>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </summary>
      <div className="mt-3 lg:mt-1">{children}</div>
    </details>
  );
}

/** Folds the disclosure away after filters are applied on a phone, so the new results are what shows. */
export function closeFiltersOnPhones(form: HTMLFormElement) {
  const details = form.closest("details") ?? form.querySelector("details");
  if (details && !window.matchMedia(WIDE_QUERY).matches) details.open = false;
}

