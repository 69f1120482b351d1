import { Link } from "react-router";
import type { Route } from "./+types/dashboard.subscription";
import { Alert } from "~/components/ui/Alert";
import { Card } from "~/components/ui/Card";
import { PageHeader } from "~/components/ui/PageHeader";
import { PLANS } from "~/lib/constants";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireUser } from "~/server/auth/auth.server";

// Guarded now; the plan's checkout arrives with the payments issue, which replaces this page.
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(context, request, { message: "Please sign in to continue with your subscription." });
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({ ...site, title: "Subscription", description: "Your listing plan.", path: "/dashboard/subscription", noindex: true });
}

export default function Subscription() {
  const plan = PLANS.YEARLY_MEMBERSHIP;
  return (
    <div>
      <PageHeader title="Subscription" description="Activate your listing to appear in the directory." />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <Card as="section" className="space-y-2">
          <h2 className="text-xl font-bold text-slate-900">{plan.name}</h2>
          <p className="text-3xl font-extrabold text-slate-900">
            ${plan.priceUsd}
            <span className="text-base font-medium text-slate-700">/year</span>
          </p>
          <p className="text-slate-700">Billed annually. Your listing stays live for 12 months.</p>
        </Card>
        <Alert tone="info" title="Checkout isn't available yet">
          Online payment is being set up. Your profile and photos are saved, and you&apos;ll be able to activate your listing
          here soon.
        </Alert>
        <Link to="/dashboard" className="inline-block text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">&larr;</span> Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
