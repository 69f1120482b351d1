import { formatShortDate } from "~/components/dashboard/format";
import type { AuditView } from "~/lib/admin-view";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** The audit log's latest rows: who did what to which record, newest first. */
export function RecentActions({ actions }: { actions: AuditView[] }) {
  return (
    <section aria-labelledby="recent-actions-heading" className="mt-12">
      <h2 id="recent-actions-heading" className="text-xl font-bold text-slate-900">
        Recent admin actions
      </h2>
      {actions.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No admin actions yet. Every approval, rejection, change and deletion is recorded here.</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm" data-testid="recent-actions">
          {actions.map((action) => (
            <li key={action.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={action.createdAt} className="shrink-0 whitespace-nowrap text-slate-700 sm:w-44">
                {formatShortDate(action.createdAt)}, {timeFormat.format(new Date(action.createdAt))}
              </time>
              <span className="min-w-0 break-words text-slate-900">
                <span className="font-semibold">{action.summary}</span>{" "}
                {action.targetLabel ?? <span className="italic text-slate-700">(since deleted)</span>}
                {action.notes ? <span className="block text-slate-700">Notes: {action.notes}</span> : null}
                <span className="block text-slate-700">by {action.adminEmail ?? "a former admin"}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
