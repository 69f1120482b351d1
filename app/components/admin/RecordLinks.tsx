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

/**
 * A row's name as the link to its detail view. On a phone the rows carry no buttons (a scroll must
 * not become a tap on Delete): this link is the row's one target, and the actions are in the detail.
 */
export function RecordNameLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <Link to={to} className={`block py-1 hover:underline ${className ?? ""}`}>
      {children}
    </Link>
  );
}
