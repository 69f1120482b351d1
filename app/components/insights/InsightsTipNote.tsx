import { Link } from "react-router";
import { formatRatio, type InsightsTip } from "~/lib/insights-view";

// One tip under the totals. With a number only when the site's own listings bear it out (the server
// decides: enough profiles on both sides, a real difference); otherwise the same advice without one.

const LINK_CLASS = "inline-flex min-h-11 items-center font-semibold text-brand-800 underline hover:no-underline";

export function InsightsTipNote({ tip }: { tip: InsightsTip }) {
  return (
    <aside aria-labelledby="insights-tip-heading" data-testid="insights-tip" className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-slate-800">
      <h3 id="insights-tip-heading" className="font-semibold text-slate-900">
        Tip
      </h3>
      {tip.ratio !== null ? (
        <p className="mt-1">
          Profiles with four photos and a price get {formatRatio(tip.ratio)} times more inquiries.{" "}
          <span className="text-slate-700">(Listed profiles on this site, last 90 days.)</span>
        </p>
      ) : (
        <p className="mt-1">Parents compare performers by their photos and price: four photos and a price give them both.</p>
      )}
      {tip.needsPhotos || tip.needsPrice ? (
        <p className="flex flex-wrap gap-x-4">
          {tip.needsPhotos ? (
            <Link to="/dashboard/manage-images" className={LINK_CLASS}>
              Add photos
            </Link>
          ) : null}
          {tip.needsPrice ? (
            <Link to="/dashboard/edit-profile#section-pricing" className={LINK_CLASS}>
              Set your price
            </Link>
          ) : null}
        </p>
      ) : (
        <p className="mt-1 text-slate-700">Yours has both.</p>
      )}
    </aside>
  );
}
