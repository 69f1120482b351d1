import { Link } from "react-router";
import { Badge } from "~/components/ui/Badge";
import { cx } from "~/components/ui/cx";
import type { InquiryRow } from "~/lib/inbox-view";
import { STATUS_LABELS, type InquiryStatus } from "~/lib/inquiry-status";
import { formatShortDate } from "./format";

const STATUS_TONES = { new: "brand", read: "neutral", replied: "success", declined: "outline" } as const;

export function StatusBadge({ status }: { status: InquiryStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

function pageHref(page: number) {
  return page <= 1 ? "/dashboard#inquiries" : `/dashboard?page=${page}#inquiries`;
}

/**
 * The detail opens at the top of the inbox, and the hash brings it into view: the browser scrolls
 * to it on a full page load (no script needed), the router's scroll restoration on a client one.
 */
export function inquiryHref(id: string, page: number) {
  return page > 1 ? `/dashboard?page=${page}&inquiry=${id}#inquiry` : `/dashboard?inquiry=${id}#inquiry`;
}

/** "Birthday Party on Jun 14, 2031", in plain words whatever the sender left out. */
function eventSummary(row: InquiryRow): string {
  const types = row.eventTypes.join(", ");
  const date = row.eventDate ? formatShortDate(row.eventDate) : null;
  if (types && date) return `${types} on ${date}`;
  if (types) return `${types}, no date given`;
  if (date) return `Event on ${date}`;
  return "No event type or date given";
}

/**
 * The inbox as a list of cards, one layout for every width: a table of five columns cannot fit a
 * phone, and a card reads well in the dashboard's column on a desktop too. The whole card is the
 * link's target (the name's link stretches over it).
 */
export function InquiryList({ rows, page, pageCount }: { rows: InquiryRow[]; page: number; pageCount: number }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-700">
        No inquiries yet. When someone contacts you from your public profile, their message appears here.
      </p>
    );
  }
  return (
    <div>
      <ul className="space-y-3" aria-label="Inquiries, newest first">
        {rows.map((row) => (
          <li
            key={row.id}
            data-testid="inquiry-row"
            className={cx(
              "relative rounded-lg border p-4 focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-300 hover:bg-brand-50/40",
              row.isRead ? "border-slate-200 bg-white" : "border-brand-200 bg-brand-50/60",
            )}
          >
            <p className="flex min-w-0 items-center gap-2">
              {!row.isRead ? <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-full bg-brand-600" /> : null}
              <Link
                to={inquiryHref(row.id, page)}
                className={cx(
                  "min-w-0 break-words text-base text-slate-900 outline-none after:absolute after:inset-0 after:content-['']",
                  row.isRead ? "font-medium" : "font-bold",
                )}
              >
                <span className="sr-only">View inquiry from </span>
                {row.senderName}
              </Link>
            </p>
            <p className="mt-1 flex items-center justify-between gap-3 text-sm text-slate-700">
              <StatusBadge status={row.status} />
              <span>
                <span className="sr-only">Received </span>
                {formatShortDate(row.createdAt)}
              </span>
            </p>
            <p className="mt-1 break-words text-sm text-slate-800">{eventSummary(row)}</p>
            {row.preview ? <p className="mt-2 truncate text-sm text-slate-700">{row.preview}</p> : null}
          </li>
        ))}
      </ul>
      {pageCount > 1 ? (
        <nav aria-label="Inquiry pages" className="mt-4 flex items-center justify-between text-sm">
          {page > 1 ? (
            <Link to={pageHref(page - 1)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-700">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(page + 1)} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
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
