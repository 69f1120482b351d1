import { Link } from "react-router";
import { formatDate } from "~/components/dashboard/format";
import { Alert } from "~/components/ui/Alert";
import { Badge } from "~/components/ui/Badge";
import { Card } from "~/components/ui/Card";
import { PLANS } from "~/lib/constants";
import type { ListingStatusView } from "~/lib/subscription";
import { BillingForm } from "./BillingForm";
import { BillingError } from "./PlanOffer";
import { PlanFeatures } from "./PlanFeatures";

const PLAN = PLANS.YEARLY_MEMBERSHIP;

/** The page for a paid (or granted) listing: what is active, until when, and what happens next. */
export function ActiveSubscription({
  listing,
  profileId,
  error,
}: {
  listing: ListingStatusView;
  profileId: string;
  error: string | null;
}) {
  const { subscription } = listing;
  return (
    <Card as="section" className="mx-auto w-full max-w-2xl space-y-6 border-green-200">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="active-heading" className="text-2xl font-bold text-slate-900">
            Active Subscription
          </h2>
          <p className="mt-1 text-slate-700">{listing.freeListing ? "Free listing (open beta)" : PLAN.name}</p>
        </div>
        <p className="text-3xl font-extrabold text-slate-900">
          ${PLAN.priceUsd}
          <span className="text-base font-medium text-slate-700"> per year</span>
        </p>
      </div>

      <dl className="grid gap-4 rounded-lg bg-slate-50 p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-medium text-slate-700">Active until</dt>
          <dd className="mt-1 font-semibold text-slate-900" data-testid="active-until">
            {formatDate(listing.paymentExpiry)}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-slate-700">Renewal</dt>
          <dd className="mt-1 text-slate-900" data-testid="renewal">
            {subscription?.renewsOn ? (
              <>
                Renews automatically on <strong>{formatDate(subscription.renewsOn)}</strong>
              </>
            ) : subscription?.cancelsOn ? (
              <>
                <Badge tone="warning">Cancelled</Badge> Your subscription cancels on{" "}
                <strong>{formatDate(subscription.cancelsOn)}</strong> and will not renew.
              </>
            ) : subscription?.paymentFailed ? (
              "On hold: the last renewal payment failed."
            ) : (
              "Does not renew"
            )}
          </dd>
        </div>
      </dl>

      {listing.listed ? (
        <Alert tone="success" title="Your listing is active and visible to clients.">
          Clients can find you in the directory and contact you through{" "}
          <Link to={`/profile/${profileId}`} className="font-semibold underline underline-offset-2 hover:no-underline">
            your public profile
          </Link>
          .
        </Alert>
      ) : (
        <Alert tone="warning" title="Your listing is paid but not visible yet.">
          It appears in the directory once your profile has a display name and the listing is switched on.{" "}
          <Link to="/dashboard" className="font-semibold underline underline-offset-2 hover:no-underline">
            See what&apos;s missing on your dashboard
          </Link>
          .
        </Alert>
      )}

      {subscription?.paymentFailed ? (
        <Alert tone="error" title="Your last payment failed">
          Update your card under Manage billing. Your listing stays active until {formatDate(listing.paymentExpiry)}.
        </Alert>
      ) : null}

      <div>
        <h3 className="mb-3 font-semibold text-slate-900">Your membership includes</h3>
        <PlanFeatures />
      </div>

      <BillingError message={error} />
      {subscription ? (
        <div className="space-y-2">
          <BillingForm intent="manage" label="Manage billing" variant="secondary" className="sm:max-w-xs" />
          <p className="text-sm text-slate-700">Update your card, download invoices or cancel (your listing stays active until the end of the paid period).</p>
        </div>
      ) : (
        <div className="space-y-2">
          <p className="text-slate-800">
            Your free listing does not renew. Subscribe for ${PLAN.priceUsd} per year to keep your listing after{" "}
            {formatDate(listing.paymentExpiry)}.
          </p>
          <BillingForm intent="subscribe" label="Subscribe Now" className="sm:max-w-xs" />
        </div>
      )}
    </Card>
  );
}
