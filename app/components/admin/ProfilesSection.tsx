import { cx } from "~/components/ui/cx";
import { adminHref, type AdminLocation, type PageInfo, type ProfileRowView } from "~/lib/admin-view";
import { adultsCategoryFirst } from "~/lib/audience-view";
import { formatLocation, moreLabel, visibleCategories } from "~/lib/format";
import { AdminActionForm } from "./AdminActionForm";
import { ActiveBadge, LabelledProfileBadges, PaymentBadge } from "./ProfileBadges";
import { TrademarkBadge } from "./TrademarkBadge";
import { UnconfirmedBadge } from "./UnconfirmedBadge";
import { RecordNameLink, RowLink } from "./RecordLinks";
import { SectionTable, td, th } from "./SectionTable";

export function ProfilesTable({ location, rows, info }: { location: AdminLocation; rows: ProfileRowView[]; info: PageInfo }) {
  const here = adminHref(location);
  return (
    <SectionTable
      location={location}
      info={info}
      noun="profiles"
      empty="No profiles yet. Performers' profiles appear here as soon as they save one."
      caption="Performer profiles, newest first"
      head={
        <tr>
          <th scope="col" className={th}>Name</th>
          <th scope="col" className={cx(th, "hidden md:table-cell")}>Location</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Status</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Payment</th>
          <th scope="col" className={cx(th, "hidden lg:table-cell")}>Categories</th>
          <th scope="col" className={cx(th, "hidden sm:table-cell")}>Actions</th>
        </tr>
      }
    >
      {rows.map((row) => {
        const name = row.displayName ?? "Unnamed profile";
        const who = `profile ${name}`;
        // An adults-only act's 18+ category is never the one folded away.
        const shown = visibleCategories(adultsCategoryFirst(row.categories));
        const email = row.contactEmail ?? row.accountEmail;
        return (
          <tr key={row.id} data-testid="profile-row">
            <td className={cx(td, "min-w-[11rem] max-w-[18rem]")}>
              <div className="flex items-start gap-3">
                {row.firstImageUrl ? (
                  <img src={row.firstImageUrl} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 shrink-0 rounded-md object-cover" />
                ) : (
                  <span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-md bg-slate-200" />
                )}
                <span className="min-w-0 break-words">
                  <RecordNameLink to={adminHref(location, { view: row.id })} className={cx("font-semibold", row.displayName ? "text-slate-900" : "italic text-slate-700")}>
                    {name}
                  </RecordNameLink>
                  {email ? <span className="block break-all text-slate-700">{email}</span> : null}
                  {row.accountUnconfirmed ? <UnconfirmedBadge /> : null}
                  <TrademarkBadge names={row.trademarks} />
                  <span className="block text-slate-700 md:hidden">{formatLocation(row.city, row.state) || "No location yet"}</span>
                  {/* The columns' headings are hidden on a phone: each badge says what it is. */}
                  <span className="mt-1 flex flex-wrap items-start gap-x-4 gap-y-2 sm:hidden">
                    <LabelledProfileBadges profile={row} />
                  </span>
                </span>
              </div>
            </td>
            <td className={cx(td, "hidden text-slate-800 md:table-cell")}>{formatLocation(row.city, row.state) || "Not set"}</td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <ActiveBadge isActive={row.isActive} />
            </td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <PaymentBadge row={row} />
            </td>
            <td className={cx(td, "hidden max-w-[13rem] text-slate-800 lg:table-cell")}>
              {shown.shown.length ? shown.shown.join(", ") : "None"}
              {shown.hidden > 0 ? ` ${moreLabel(shown.hidden)}` : ""}
            </td>
            <td className={cx(td, "hidden sm:table-cell")}>
              <div className="flex flex-wrap gap-2 xl:flex-nowrap">
                <RowLink to={`/profile/${row.id}`} srLabel={`public ${who}`}>
                  View
                </RowLink>
                <AdminActionForm
                  action={here}
                  intent="set-active"
                  id={row.id}
                  fields={{ active: row.isActive ? "false" : "true" }}
                  label={row.isActive ? "Deactivate" : "Activate"}
                  srLabel={who}
                  record={name}
                />
                <RowLink to={`/dashboard/edit-profile/${row.id}`} srLabel={who}>
                  Edit
                </RowLink>
                <AdminActionForm action={here} intent="delete-profile" id={row.id} label="Delete" srLabel={who} record={name} variant="ghost" />
              </div>
            </td>
          </tr>
        );
      })}
    </SectionTable>
  );
}
