import { formatDate } from "~/components/dashboard/format";
import { adminHref, type AdminLocation, type RequestDetailView } from "~/lib/admin-view";
import { telHref } from "~/lib/format";
import { trademarksInProfile } from "~/lib/trademark-names";
import { AdminActionForm } from "./AdminActionForm";
import { BackToList } from "./RecordLinks";
import { DetailList, type DetailItem } from "./DetailList";
import { RequestStatusBadge } from "./RequestsSection";
import { TrademarkBadge } from "./TrademarkBadge";

const EXPERIENCE_LABELS: Record<string, string> = { "0-1": "Less than a year", "1-3": "1 to 3 years", "3+": "More than 3 years" };
const ANSWER_LABELS: Record<string, string> = { yes: "Yes", no: "No", depends: "It depends" };

function link(value: string | null, href: (v: string) => string): DetailItem["value"] {
  return value ? { text: value, href: href(value) } : null;
}

/**
 * A free-listing application in full, with Approve (asks first, optional note) and Reject (asks
 * for the reason the applicant is emailed) while it is pending. On a phone this is where they are.
 */
export function RequestDetail({ location, request }: { location: AdminLocation; request: RequestDetailView }) {
  const here = adminHref(location);
  const pending = request.status === "pending";
  const record = `Request from ${request.fullName} (${request.email})`;
  const items: DetailItem[] = [
    { label: "Received", value: formatDate(request.createdAt) },
    { label: "Email", value: link(request.email, (v) => `mailto:${v}`) },
    { label: "Phone", value: link(request.phone, telHref) },
    { label: "Location", value: `${request.city}, ${request.state}` },
    { label: "Experience", value: EXPERIENCE_LABELS[request.experience] ?? request.experience },
    { label: "Has done paid events", value: ANSWER_LABELS[request.paidEvents] ?? request.paidEvents },
    { label: "Willing to travel", value: ANSWER_LABELS[request.travel] ?? request.travel },
    { label: "Event types", value: request.eventTypes },
    { label: "Characters", value: request.characters },
    { label: "Instagram", value: request.instagram },
    { label: "Facebook", value: request.facebook },
    { label: "YouTube", value: request.youtube },
    { label: "TikTok", value: request.tiktok },
    { label: "Website", value: request.website },
    { label: "Applied while signed in", value: request.fromAccount ? "Yes: an approval lists that account" : "No: the grant waits for an account with this email" },
    {
      label: "Account with this email",
      value:
        request.account === "confirmed"
          ? "Yes, confirmed"
          : request.account === "unconfirmed"
            ? "Yes, but its email is not confirmed: an approval waits until it is (an account never confirmed is removed after a week)"
            : "None yet",
    },
  ];
  const longItems: DetailItem[] = [
    { label: "About", value: request.bio },
    { label: "Why they want to join", value: request.whyJoin },
    { label: "Questions", value: request.questions },
  ];
  return (
    <article aria-labelledby="request-heading" className="space-y-6">
      <BackToList to={adminHref(location, { view: null })} />
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="request-heading" className="break-words text-xl font-bold text-slate-900">
          Request from {request.fullName}
        </h3>
        <RequestStatusBadge status={request.status} />
        {/* An approval copies the characters onto the profile (application-characters.server.ts): seen here first. */}
        <TrademarkBadge names={trademarksInProfile(null, [request.characters ?? ""])} />
      </div>
      <DetailList items={items} />
      <DetailList items={longItems} wide />

      {pending ? (
        <div className="flex flex-wrap gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <AdminActionForm action={here} intent="approve" id={request.id} record={record} label="Approve" variant="primary" />
          <AdminActionForm action={here} intent="reject" id={request.id} record={record} label="Reject" />
        </div>
      ) : (
        <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          <p>
            {request.status === "approved" ? "Approved" : "Rejected"}
            {request.reviewedAt ? ` on ${formatDate(request.reviewedAt)}` : ""}
            {request.reviewedByEmail ? ` by ${request.reviewedByEmail}` : ""}.
          </p>
          {request.notes ? (
            <p className="mt-1 whitespace-pre-wrap break-words">
              {request.status === "rejected" ? "Reason" : "Notes"}: {request.notes}
            </p>
          ) : null}
        </div>
      )}
      <AdminActionForm action={here} intent="delete-request" id={request.id} record={record} label="Delete request" variant="danger" />
    </article>
  );
}
