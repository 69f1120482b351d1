import { Link } from "react-router";
import { Badge } from "~/components/ui/Badge";
import { cx } from "~/components/ui/cx";
import { formatShortDate } from "./format";
import type { InquiryRow } from "~/lib/inbox-view";

export function ReadBadge({ isRead }: { isRead: boolean }) {
  return <Badge tone={isRead ? "neutral" : "brand"}>{isRead ? "Read" : "Unread"}</Badge>;
}

function pageHref(page: number) {
  return page <= 1 ? "/dashboard#inquiries" : `/dashboard?page=${page}#inquiries`;
}

export function InquiryTable({ rows, page, pageCount }: { rows: InquiryRow[]; page: number; pageCount: number }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
        No inquiries yet. When someone contacts you from your public profile, their message appears here.
      </p>
    );
  }
  const detailHref = (id: string) => (page > 1 ? `/dashboard?page=${page}&inquiry=${id}` : `/dashboard?inquiry=${id}`);
  return (
    <div>
      <div className="overflow-x-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Date</th>
              <th scope="col" className="px-4 py-3 font-semibold">From</th>
              <th scope="col" className="px-4 py-3 font-semibold">Event types</th>
              <th scope="col" className="px-4 py-3 font-semibold">Event date</th>
              <th scope="col" className="px-4 py-3 font-semibold">Status</th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((row) => (
              <tr key={row.id} className={cx(!row.isRead && "bg-brand-50/60 font-semibold")} data-testid="inquiry-row">
                <td className="whitespace-nowrap px-4 py-3 text-slate-800">{formatShortDate(row.createdAt)}</td>
                <td className="px-4 py-3 text-slate-900">{row.senderName}</td>
                <td className="px-4 py-3 text-slate-800">{row.eventTypes.length ? row.eventTypes.join(", ") : "Not specified"}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-800">{row.eventDate ? formatShortDate(row.eventDate) : "Not given"}</td>
                <td className="px-4 py-3">
                  <ReadBadge isRead={row.isRead} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Link to={detailHref(row.id)} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                    View<span className="sr-only"> inquiry from {row.senderName}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 ? (
        <nav aria-label="Inquiry pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="font-semibold text-brand-700 hover:underline">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className="font-semibold text-brand-700 hover:underline">
              Older
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
