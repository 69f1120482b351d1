import { ResendConfirmation } from "~/components/account/ResendConfirmation";
import { formatDate } from "~/components/dashboard/format";
import { FreeYearStatusCard } from "~/components/free-listing/FreeYearStatus";
import { Alert } from "~/components/ui/Alert";
import { Card } from "~/components/ui/Card";
import { PLANS } from "~/lib/constants";
import type { FreeYearOffer as Offer } from "~/lib/free-listing-one-tap";
import type { FreeListingActionResult } from "~/lib/free-listing-schema";
import { RENEWAL_NOTE } from "~/lib/subscription";
import { BillingForm } from "./BillingForm";
import { FreeYearOffer } from "./FreeYearOffer";
import { PlanFeatures } from "./PlanFeatures";

const PLAN = PLANS.YEARLY_MEMBERSHIP;

/** The inline red box: why checkout (or the billing portal) could not start. */
export function BillingError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Alert tone="error">{message}</Alert>;
}

/** In place of Subscribe Now until the address is confirmed (checkout refuses it as well). */
function ConfirmFirst() {
  return (
    <div className="space-y-3" data-testid="confirm-before-subscribing">
      <Alert tone="info" title="Confirm your email to subscribe">
        Open the link we emailed you when you signed up. Once your address is confirmed, Subscribe Now appears here.
      </Alert>
      <ResendConfirmation returnTo="/dashboard/subscription" className="flex justify-center" />
    </div>
  );
}

/** The Yearly Membership card with Subscribe Now. */
function PlanCard({ error, emailConfirmed }: { error: string | null; emailConfirmed: boolean }) {
  return (
    <Card as="section" className="mx-auto w-full max-w-md space-y-5 border-brand-200 ring-1 ring-brand-100">
      <div className="text-center">
        <h2 id="plan-heading" className="text-xl font-bold text-slate-900">
          {PLAN.name}
        </h2>
        <p className="mt-2 text-4xl font-extrabold text-slate-900">
          ${PLAN.priceUsd}
          <span className="text-base font-medium text-slate-700"> per year</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">Billed annually</p>
      </div>
      <PlanFeatures labelledBy="plan-heading" />
      <BillingError message={error} />
      {emailConfirmed ? <BillingForm intent="subscribe" label="Subscribe Now" /> : <ConfirmFirst />}
      <p className="text-center text-sm text-slate-700">{RENEWAL_NOTE}</p>
      <p className="flex items-center justify-center gap-1.5 text-center text-xs text-slate-700">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="currentColor">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V8H5a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm2.5 7V5.5a2.5 2.5 0 0 0-5 0V8h5Z"
            clipRule="evenodd"
          />
        </svg>
        Secure payment by card through Stripe. We never see or store your card details.
      </p>
    </Card>
  );
}

/**
 * The open beta's free year, before the price: the performer's application status when they have
 * one, else the one-tap application while places are left (nothing once they are all taken).
 */
function FreeYear({ freeYear, refusal }: { freeYear: Offer | null; refusal: Extract<FreeListingActionResult, { ok: false }> | null }) {
  if (!freeYear) return null;
  if (freeYear.status) return <FreeYearStatusCard status={freeYear.status} />;
  if (freeYear.apply) return <FreeYearOffer offer={{ ...freeYear, apply: freeYear.apply }} refusal={refusal} />;
  return null;
}

/** The page for a performer who is not listed: the spec's marketing page, the free year first. */
export function PlanOffer({
  error,
  freeYear,
  applyRefusal = null,
  expiredOn,
  emailConfirmed = true,
}: {
  error: string | null;
  freeYear: Offer | null;
  /** The one-tap application's refusal, from the page's action. */
  applyRefusal?: Extract<FreeListingActionResult, { ok: false }> | null;
  expiredOn: string | null;
  emailConfirmed?: boolean;
}) {
  return (
    <div className="space-y-8">
      <div className="text-center">
        <h2 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Get Discovered by Clients</h2>
        <p className="mx-auto mt-3 max-w-2xl text-slate-700">
          List your costume and cosplay performances in the directory so event organisers and families near you can find and
          contact you directly.
        </p>
      </div>
      {expiredOn ? (
        <Alert tone="warning" title="Your listing has expired">
          It was active until {formatDate(expiredOn)}. Subscribe again to return to the directory.
        </Alert>
      ) : null}
      <FreeYear freeYear={freeYear} refusal={applyRefusal} />
      <PlanCard error={error} emailConfirmed={emailConfirmed} />
    </div>
  );
}
