import { formatDate, formatShortDate } from "~/components/dashboard/format";
import { Badge } from "~/components/ui/Badge";
import { cx } from "~/components/ui/cx";
import { adminHref, type AdminLocation, type MessageDetailView, type MessageRowView, type PageInfo } from "~/lib/admin-view";
import { telHref } from "~/lib/format";
import { AdminActionForm } from "./AdminActionForm";
import { BackToList, RecordNameLink, RowLink } from "./RecordLinks";
import { DetailList } from "./DetailList";
import { SectionTable, td, th } from "./SectionTable";

function ReadBadge({ isRead }: { isRead: boolean }) {
  return <Badge tone={isRead ? "neutral" : "brand"}>{isRead ? "Read" : "Unread"}</Badge>;
}

export function MessagesTable({ location, rows, info }: { location: AdminLocation; rows: MessageRowView[]; info: PageInfo }) {
  const here = adminHref(location);
  return (
    <SectionTable
      location={location}
      info={info}
      noun="messages"
      empty="No messages yet. Inquiries visitors send from profiles appear here."
      caption="Messages sent to performers, newest first"
      head={
        <tr>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Date</th>
          <th scope="col" className={th}>From</th>
          <th scope="col" className={cx(th, "hidden md:table-cell")}>To Profile</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Status</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Actions</th>
        </tr>
      }
    >
      {rows.map((row) => {
        const who = `message from ${row.senderName}`;
        return (
          <tr key={row.id} className={cx(!row.isRead && "bg-brand-50/60")} data-testid="message-row">
            <td className={cx(td, "hidden whitespace-nowrap text-slate-800 sm:table-cell")}>{formatShortDate(row.createdAt)}</td>
            <td className={cx(td, "max-w-[14rem] break-words")}>
              <RecordNameLink to={adminHref(location, { view: row.id })} className={cx("text-slate-900", !row.isRead && "font-semibold")}>
                {row.senderName}
              </RecordNameLink>
              <span className="block break-all text-slate-700">{row.senderEmail}</span>
              <span className="block text-slate-700 md:hidden">To {row.profileName}</span>
              <span className="mt-1 flex items-center gap-2 sm:hidden">
                <ReadBadge isRead={row.isRead} />
                <span className="text-slate-700">{formatShortDate(row.createdAt)}</span>
              </span>
            </td>
            <td className={cx(td, "hidden text-slate-800 md:table-cell")}>{row.profileName}</td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <ReadBadge isRead={row.isRead} />
            </td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <div className="flex flex-wrap gap-2">
                <RowLink to={adminHref(location, { view: row.id })} srLabel={who}>
                  View
                </RowLink>
                {!row.isRead ? <AdminActionForm action={here} intent="mark-read" id={row.id} label="Mark as Read" srLabel={who} /> : null}
                <AdminActionForm
                  action={here}
                  intent="delete-message"
                  id={row.id}
                  label="Delete"
                  srLabel={who}
                  record={`Message from ${row.senderName} (${row.senderEmail})`}
                  variant="ghost"
                />
              </div>
            </td>
          </tr>
        );
      })}
    </SectionTable>
  );
}

export function MessageDetail({ location, message }: { location: AdminLocation; message: MessageDetailView }) {
  const here = adminHref(location);
  return (
    <article aria-labelledby="message-heading" className="space-y-6">
      <BackToList to={adminHref(location, { view: null })} />
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="message-heading" className="break-words text-xl font-bold text-slate-900">
          Message from {message.senderName}
        </h3>
        <ReadBadge isRead={message.isRead} />
      </div>
      <DetailList
        items={[
          { label: "Received", value: formatDate(message.createdAt) },
          { label: "To Profile", value: message.profileName },
          // The admins' read above is their own; this is whether the performer has seen it.
          { label: "Performer", value: message.performerRead ? "Has opened it" : "Has not opened it yet" },
          { label: "Email", value: { text: message.senderEmail, href: `mailto:${message.senderEmail}` } },
          { label: "Phone", value: { text: message.phoneNumber, href: telHref(message.phoneNumber) } },
          { label: "Location", value: `${message.city}, ${message.state} ${message.zip}` },
          { label: "Event types", value: message.eventTypes.length ? message.eventTypes.join(", ") : null },
          { label: "Event date", value: message.eventDate ? formatDate(message.eventDate) : null },
        ]}
      />
      <div>
        <h4 className="text-sm font-medium text-slate-700">Message</h4>
        <p className="mt-1 whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-900">{message.message}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        {!message.isRead ? <AdminActionForm action={here} intent="mark-read" id={message.id} label="Mark as Read" variant="primary" /> : null}
        <AdminActionForm
          action={here}
          intent="delete-message"
          id={message.id}
          label="Delete message"
          record={`Message from ${message.senderName} (${message.senderEmail})`}
          variant="danger"
        />
      </div>
    </article>
  );
}
