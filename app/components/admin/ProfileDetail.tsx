import { formatDate } from "~/components/dashboard/format";
import { adminHref, type AdminLocation, type ProfileDetailView } from "~/lib/admin-view";
import { formatLocation } from "~/lib/format";
import { AdminActionForm } from "./AdminActionForm";
import { LabelledProfileBadges } from "./ProfileBadges";
import { BackToList, RowLink } from "./RecordLinks";
import { DetailList, type DetailItem } from "./DetailList";
import { TrademarkBadge } from "./TrademarkBadge";
import { UnconfirmedBadge } from "./UnconfirmedBadge";

/**
 * One profile as the admin sees it, with its actions: on a phone the list's rows carry none, so this
 * is where Deactivate (asks for the reason the performer is emailed), Activate and Delete are.
 */
export function ProfileDetail({ location, profile }: { location: AdminLocation; profile: ProfileDetailView }) {
  const here = adminHref(location);
  const name = profile.displayName ?? "Unnamed profile";
  const items: DetailItem[] = [
    { label: "Account email", value: profile.accountEmail ? { text: profile.accountEmail, href: `mailto:${profile.accountEmail}` } : null },
    { label: "Contact email", value: profile.contactEmail ? { text: profile.contactEmail, href: `mailto:${profile.contactEmail}` } : null },
    { label: "Location", value: formatLocation(profile.city, profile.state) || null },
    { label: "Categories", value: profile.categories.length ? profile.categories.join(", ") : null },
    { label: "Created", value: formatDate(profile.createdAt) },
  ];
  return (
    <article aria-labelledby="profile-heading" className="space-y-6">
      <BackToList to={adminHref(location, { view: null })} />
      <div className="flex items-start gap-3">
        {profile.firstImageUrl ? (
          <img src={profile.firstImageUrl} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-md object-cover" />
        ) : null}
        <div className="min-w-0 space-y-2">
          <h3 id="profile-heading" className="break-words text-xl font-bold text-slate-900">
            {name}
          </h3>
          <div className="flex flex-wrap items-start gap-x-4 gap-y-2 text-sm">
            <LabelledProfileBadges profile={profile} />
            {profile.accountUnconfirmed ? <UnconfirmedBadge /> : null}
            <TrademarkBadge names={profile.trademarks} />
          </div>
        </div>
      </div>
      {profile.pausedReason ? (
        <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          Deactivated{profile.pausedAt ? ` on ${formatDate(profile.pausedAt)}` : ""} because: {profile.pausedReason}
        </p>
      ) : null}
      <DetailList items={items} />
      <div className="flex flex-wrap gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <AdminActionForm
          action={here}
          intent="set-active"
          id={profile.id}
          fields={{ active: profile.isActive ? "false" : "true" }}
          label={profile.isActive ? "Deactivate" : "Activate"}
          record={name}
          variant={profile.isActive ? "secondary" : "primary"}
        />
        <RowLink to={`/profile/${profile.id}`} srLabel={`public profile ${name}`}>
          View
        </RowLink>
        <RowLink to={`/dashboard/edit-profile/${profile.id}`} srLabel={`profile ${name}`}>
          Edit
        </RowLink>
      </div>
      <AdminActionForm action={here} intent="delete-profile" id={profile.id} label="Delete profile" record={name} variant="danger" />
    </article>
  );
}
