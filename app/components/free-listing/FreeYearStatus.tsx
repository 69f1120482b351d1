import { Link } from "react-router";
import { formatDate } from "~/components/dashboard/format";
import { CONFIRM_EMAIL_LABEL } from "~/lib/email-confirmation";
import { FREE_YEAR_STARTS_AT_GO_LIVE, UNDER_REVIEW, type FreeYearStatus, type GoLiveStep } from "~/lib/free-listing-view";

// The performer's free-listing application, in plain words, on the dashboard and the subscription
// page: under review, approved (and whether the year has started), or not approved with the reason.

const STEP_TEXT: Record<GoLiveStep, { text: string; to: string; link: string }> = {
  "confirm-email": { text: "Confirm your email address.", to: "/dashboard", link: CONFIRM_EMAIL_LABEL },
  "display-name": { text: "Give your profile a display name (with your bio, city and categories).", to: "/dashboard/edit-profile", link: "Edit profile" },
  "switched-off": { text: "Your listing is switched off by our team; reply to our email to ask why.", to: "/contact", link: "Contact us" },
};

const tones = {
  pending: "border-blue-200 bg-blue-50",
  approved: "border-green-200 bg-green-50",
  rejected: "border-slate-300 bg-slate-50",
} as const;

function Headline({ status }: { status: FreeYearStatus }) {
  switch (status.kind) {
    case "pending":
      return <>{UNDER_REVIEW}</>;
    case "approved":
      return status.endsOn ? (
        <>
          Approved: your listing is free until {formatDate(status.endsOn)}
        </>
      ) : (
        <>Approved: {FREE_YEAR_STARTS_AT_GO_LIVE.charAt(0).toLowerCase() + FREE_YEAR_STARTS_AT_GO_LIVE.slice(1)}</>
      );
    case "rejected":
      return <>Not approved</>;
  }
}

/** The application's status card. `headingLevel` fits the page it sits on. */
export function FreeYearStatusCard({ status, headingLevel = 2 }: { status: FreeYearStatus; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section aria-labelledby="free-year-status-heading" data-testid="free-year-status" className={`rounded-xl border p-5 sm:p-6 ${tones[status.kind]}`}>
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-700">Your free listing application</p>
      <Heading id="free-year-status-heading" className="mt-1 text-lg font-bold text-slate-900">
        <Headline status={status} />
      </Heading>
      <div className="mt-2 space-y-2 text-slate-800">
        {status.kind === "pending" ? (
          <>
            <p>
              We received it on {formatDate(status.appliedAt)} and will email you the decision. There is no need to apply again or to
              subscribe meanwhile.
            </p>
            <p>If it is approved, your free year starts when your listing goes live, so finish your profile without hurry.</p>
          </>
        ) : null}
        {status.kind === "approved" && status.endsOn === null ? (
          <>
            <p>None of the year is spent until clients can see your listing. What is left to do:</p>
            {status.waitingFor.length > 0 ? (
              <ul className="list-disc space-y-1 pl-5">
                {status.waitingFor.map((step) => (
                  <li key={step}>
                    {STEP_TEXT[step].text}{" "}
                    <Link to={STEP_TEXT[step].to} className="font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
                      {STEP_TEXT[step].link}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p>Nothing: your listing goes live within the hour.</p>
            )}
          </>
        ) : null}
        {status.kind === "approved" && status.endsOn !== null ? (
          <p>Your free listing does not renew; we&apos;ll email you a month before it ends.</p>
        ) : null}
        {status.kind === "rejected" ? (
          <>
            {status.reason ? (
              <p>
                We could not approve your free listing{status.reviewedAt ? ` on ${formatDate(status.reviewedAt)}` : ""}. Our reason:{" "}
                <span className="whitespace-pre-line">{status.reason}</span>
              </p>
            ) : (
              <p>We could not approve your free listing this time.</p>
            )}
            <p>You can still list your act with the Yearly Membership, or reply to our email to ask us to look again.</p>
          </>
        ) : null}
      </div>
    </section>
  );
}
