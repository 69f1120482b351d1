import type { ReactNode } from "react";
import { Link } from "react-router";

/** A row's link action (View, Edit), sized like the row's buttons, naming its record for screen readers. */
export function RowLink({ to, children, srLabel }: { to: string; children: ReactNode; srLabel: string }) {
  return (
    <Link to={to} className="inline-flex items-center rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:underline">
      {children}
      <span className="sr-only"> {srLabel}</span>
    </Link>
  );
}

/** From a record's detail view back to the list, at the same page and filter. */
export function BackToList({ to }: { to: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
      <span aria-hidden="true">&larr;</span> Back to List
    </Link>
  );
}
