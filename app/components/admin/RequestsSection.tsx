import { formatShortDate } from "~/components/dashboard/format";
import { Badge } from "~/components/ui/Badge";
import { cx } from "~/components/ui/cx";
import { adminHref, type AdminLocation, type PageInfo, type RequestRowView } from "~/lib/admin-view";
import { AdminActionForm } from "./AdminActionForm";
import { UnconfirmedBadge } from "./UnconfirmedBadge";
import { RecordNameLink, RowLink } from "./RecordLinks";
import { SectionTable, td, th } from "./SectionTable";

export function RequestStatusBadge({ status }: { status: string }) {
  const tone = status === "approved" ? "success" : status === "rejected" ? "danger" : "warning";
  return <Badge tone={tone}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

export function RequestsTable({ location, rows, info }: { location: AdminLocation; rows: RequestRowView[]; info: PageInfo }) {
  const here = adminHref(location);
  return (
    <SectionTable
      location={location}
      info={info}
      noun="requests"
      empty="No free-listing requests yet. Applications sent from the free listing page appear here."
      caption="Free listing requests, newest first"
      head={
        <tr>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Date</th>
          <th scope="col" className={th}>Name</th>
          <th scope="col" className={cx(th, "hidden md:table-cell")}>Location</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Status</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Actions</th>
        </tr>
      }
    >
      {rows.map((row) => {
        const pending = row.status === "pending";
        const who = `request from ${row.fullName}`;
        const record = `Request from ${row.fullName} (${row.email})`;
        return (
          <tr key={row.id} className={cx(pending && "bg-yellow-50")} data-testid="request-row">
            <td className={cx(td, "hidden whitespace-nowrap text-slate-800 sm:table-cell")}>{formatShortDate(row.createdAt)}</td>
            <td className={cx(td, "max-w-[14rem] break-words")}>
              <RecordNameLink to={adminHref(location, { view: row.id })} className={cx("text-slate-900", pending && "font-semibold")}>
                {row.fullName}
              </RecordNameLink>
              <span className="block break-all text-slate-700">{row.email}</span>
              {row.account === "unconfirmed" ? <UnconfirmedBadge /> : null}
              <span className="mt-1 flex items-center gap-2 sm:hidden">
                <RequestStatusBadge status={row.status} />
                <span className="text-slate-700">{formatShortDate(row.createdAt)}</span>
              </span>
            </td>
            <td className={cx(td, "hidden text-slate-800 md:table-cell")}>
              {row.city}, {row.state}
            </td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <RequestStatusBadge status={row.status} />
            </td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <div className="flex flex-wrap gap-2">
                <RowLink to={adminHref(location, { view: row.id })} srLabel={who}>
                  View
                </RowLink>
                {pending ? (
                  <>
                    <AdminActionForm action={here} intent="approve" id={row.id} label="Approve" srLabel={who} record={record} variant="primary" />
                    <AdminActionForm action={here} intent="reject" id={row.id} label="Reject" srLabel={who} record={record} />
                  </>
                ) : null}
                <AdminActionForm action={here} intent="delete-request" id={row.id} label="Delete" srLabel={who} record={record} variant="ghost" />
              </div>
            </td>
          </tr>
        );
      })}
    </SectionTable>
  );
}
