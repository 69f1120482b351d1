import { useEffect } from "react";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.subscription";
import { notify } from "~/components/layout/notify";
import { ActiveSubscription } from "~/components/subscription/ActiveSubscription";
import { LoadingSubscription, SUBSCRIPTION_PATH } from "~/components/subscription/BillingForm";
import { PlanOffer } from "~/components/subscription/PlanOffer";
import { SubscriptionFaq } from "~/components/subscription/SubscriptionFaq";
import { PageHeader } from "~/components/ui/PageHeader";
import { formInput, parseForm } from "~/lib/form";
import { ONE_TAP_INTENT } from "~/lib/free-listing-one-tap";
import { freeListingSchema, type FreeListingActionResult } from "~/lib/free-listing-schema";
import { pageMeta, siteFrom } from "~/lib/meta";
import {
  CHECKOUT_FAILED_TOAST,
  SUBSCRIPTION_SIGN_IN_NOTICE,
  subscriptionActionSchema,
  type SubscriptionActionResult,
} from "~/lib/subscription";
import { requireUser } from "~/server/auth/auth.server";
import { clientKey } from "~/server/http/client-key.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { applyFromProfile } from "~/server/free-listing/free-listing-one-tap.server";
import { openBillingPortal, startCheckout } from "~/server/payments/checkout.server";
import { PaymentsError } from "~/server/payments/context.server";
import { loadSubscriptionPage } from "~/server/dashboard/subscription.server";

const guard = { message: SUBSCRIPTION_SIGN_IN_NOTICE } as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request, guard);
  // The links in billing emails: a fresh Customer Portal session on each click (sessions expire).
  const billing = new URL(request.url).searchParams.get("billing");
  let billingError: string | null = null;
  if (billing === "manage" || billing === "cancel") {
    try {
      const portal = await openBillingPortal(context, { userId: user.id, flow: billing });
      return redirect(portal.url);
    } catch (error) {
      if (!(error instanceof PaymentsError)) throw error;
      billingError = error.message;
    }
  }
  return { profileId: user.id, billingError, ...(await loadSubscriptionPage(context.db, user)) };
}

/** The one-tap application refused: the answers kept and the messages, for the offer's form. */
interface ApplyRefused {
  intent: typeof ONE_TAP_INTENT;
  refusal: Extract<FreeListingActionResult, { ok: false }>;
}

// Subscribe Now and Manage billing. Neither can change a listing: it follows Stripe (webhook or sync).
// And the free year's one-tap application, whose profile answers the server reads itself.
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request, { ...guard, redirectTo: SUBSCRIPTION_PATH });
  const formData = await request.formData();
  if (formData.get("intent") === ONE_TAP_INTENT) {
    const result = await applyFromProfile(context, user, formInput(freeListingSchema, formData), clientKey(context, request));
    if (result.ok) return redirectWithFlash(context, request, "/dashboard", { type: "success", message: result.message });
    return data<ApplyRefused>({ intent: ONE_TAP_INTENT, refusal: result }, { status: Object.keys(result.errors).length > 0 ? 400 : 200 });
  }
  const form = parseForm(subscriptionActionSchema, formData);
  if (!form.ok) {
    const error = form.errors.plan ?? form.errors.intent ?? Object.values(form.errors)[0];
    return data<SubscriptionActionResult>({ intent: null, error }, { status: 400 });
  }
  const { intent } = form.data;
  try {
    const next =
      form.data.intent === "subscribe"
        ? await startCheckout(context, { userId: user.id, planId: form.data.plan })
        : await openBillingPortal(context, { userId: user.id, flow: "manage" });
    return redirect(next.url);
  } catch (error) {
    if (!(error instanceof PaymentsError)) throw error;
    const status =
      error.code === "invalid_product" ? 400 : error.code === "unconfirmed" ? 403 : error.code === "no_customer" ? 409 : 502;
    return data<SubscriptionActionResult>({ intent, error: error.message }, { status });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Subscription",
    description: "Your Yearly Membership: list your performances in the directory.",
    path: SUBSCRIPTION_PATH,
    noindex: true,
  });
}

export default function Subscription({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { listing, freeYear, billingError, profileId, emailConfirmed } = loaderData;
  const site = siteFrom(matches);
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === SUBSCRIPTION_PATH && !navigation.formData;
  const billing = actionData && "error" in actionData ? actionData : null;
  const applyRefusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const error = billing?.error ?? billingError;

  // With JavaScript the failure is also announced as a toast; the inline box stays either way.
  useEffect(() => {
    if (!billing?.error) return;
    notify("error", billing.intent === "manage" ? billing.error : CHECKOUT_FAILED_TOAST);
  }, [billing]);

  return (
    <div>
      <PageHeader title="Subscription" description="Your listing in the directory and how it is billed." />
      <div className="mx-auto max-w-4xl space-y-10 px-4 py-8 sm:px-6">
        {reloading ? (
          <LoadingSubscription />
        ) : listing.paid ? (
          <ActiveSubscription listing={listing} profileId={profileId} error={error} />
        ) : (
          <PlanOffer
            error={error}
            freeYear={freeYear}
            applyRefusal={applyRefusal}
            expiredOn={listing.paymentExpiry && !listing.paid ? listing.paymentExpiry : null}
            emailConfirmed={emailConfirmed}
          />
        )}
        <SubscriptionFaq siteName={site.siteName} />
        <Link to="/dashboard" className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">&larr;</span> Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
