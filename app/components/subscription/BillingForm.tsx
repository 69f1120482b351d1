import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/Button";
import { PLANS } from "~/lib/constants";
import { LOADING_SUBSCRIPTION } from "~/lib/subscription";

export const SUBSCRIPTION_PATH = "/dashboard/subscription";

/** Whether this page's Subscribe Now or Manage billing is on its way to Stripe. */
function useBillingPending(): "subscribe" | "manage" | null {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formAction !== SUBSCRIPTION_PATH) return null;
  const intent = navigation.formData?.get("intent");
  return intent === "subscribe" || intent === "manage" ? intent : null;
}

/** The spec's loading line, announced while anything about the subscription loads. */
export function LoadingSubscription() {
  return (
    <p role="status" className="text-center text-sm font-medium text-slate-700">
      {LOADING_SUBSCRIPTION}
    </p>
  );
}

/**
 * Subscribe Now or Manage billing: a real form posting to the subscription page's action, which
 * redirects to Stripe (Checkout or the Customer Portal). Works without JavaScript.
 */
export function BillingForm({
  intent,
  label,
  variant = "primary",
  className,
}: {
  intent: "subscribe" | "manage";
  label: string;
  variant?: "primary" | "secondary";
  className?: string;
}) {
  const pending = useBillingPending();
  return (
    <Form method="post" action={SUBSCRIPTION_PATH} className={className}>
      <input type="hidden" name="intent" value={intent} />
      {intent === "subscribe" ? <input type="hidden" name="plan" value={PLANS.YEARLY_MEMBERSHIP.id} /> : null}
      <button type="submit" disabled={pending !== null} className={buttonClass(variant, "lg", "w-full")}>
        {label}
      </button>
      {pending === intent ? (
        <div className="mt-2">
          <LoadingSubscription />
        </div>
      ) : null}
    </Form>
  );
}
