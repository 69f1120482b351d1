import type { ReactNode } from "react";
import { formatDate } from "~/components/dashboard/format";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { FREE_LISTING_SPOTS, PLANS } from "~/lib/constants";
import { type ApplicantStanding, FREE_YEAR_STARTS_AT_GO_LIVE, PAID_LISTING_PATH } from "~/lib/free-listing-view";

// What /free-listing shows instead of the form when applying makes no sense: the beta is full, or
// the signed-in performer already applied or already has a free year.

function Notice({ title, children, action }: { title: string; children: ReactNode; action: ReactNode }) {
  return (
    <Card as="section" className="space-y-3">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="space-y-2 text-slate-700">{children}</div>
      <div className="pt-2">{action}</div>
    </Card>
  );
}

export function BetaFullNotice() {
  const plan = PLANS.YEARLY_MEMBERSHIP;
  return (
    <Notice
      title="The free beta listings are all taken"
      action={
        <ButtonLink to={PAID_LISTING_PATH} size="lg">
          See the paid listing
        </ButtonLink>
      }
    >
      <p>
        All {FREE_LISTING_SPOTS} free listings of our open beta have found their performers, so we are no longer taking
        applications. Thank you to everyone who joined so early.
      </p>
      <p>
        You can still be listed with our {plan.name} (${plan.priceUsd} a year): your profile appears in the directory as
        soon as it is complete.
      </p>
    </Notice>
  );
}

/** For a signed-in performer who already applied, or already has a free year. */
export function ApplicantNotice({ standing, justSent = null }: { standing: ApplicantStanding; justSent?: string | null }) {
  if (standing.kind === "granted") {
    return (
      <Notice
        title="You already have a free listing"
        action={
          <ButtonLink to="/dashboard" size="lg">
            Go to your dashboard
          </ButtonLink>
        }
      >
        {standing.endsOn ? (
          <p>
            Your listing is free through <strong>{formatDate(standing.endsOn)}</strong>, so there is nothing more to apply for.
            We'll email you a month before it ends.
          </p>
        ) : (
          <p>
            {FREE_YEAR_STARTS_AT_GO_LIVE}, so none of it is spent while you finish your profile. There is nothing more to apply
            for.
          </p>
        )}
      </Notice>
    );
  }
  return (
    <>
      {justSent ? <Alert tone="success">{justSent}</Alert> : null}
      <Notice
        title="Your application is with us"
        action={
          <ButtonLink to="/dashboard" variant="secondary" size="lg">
            Go to your dashboard
          </ButtonLink>
        }
      >
        <p>
          We received your free-listing application on <strong>{formatDate(standing.appliedAt)}</strong>. Our team reviews
          every application within 1-2 business days and will email you the outcome, so there is no need to apply again.
        </p>
        <p>Meanwhile, finishing your profile means your listing can go live the moment it is approved.</p>
      </Notice>
    </>
  );
}

/** Above the form for a signed-in performer: where the filled-in answers came from. */
export function SignedInNote() {
  return (
    <Alert tone="info" title="We've filled in what we already know">
      Your email, and anything your profile already says, are in the form below. Check them, complete the rest, and your
      application will be linked to your account, so an approval applies to it straight away.
    </Alert>
  );
}
