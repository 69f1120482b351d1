import { data, Link } from "react-router";
import type { Route } from "./+types/admin.reviews";
import { ReviewsSection } from "~/components/admin/ReviewsSection";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { reviewDecisionSchema } from "~/lib/review-schema";
import { requireAdmin } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { decideNoShow, decideReview, reviewQueue } from "~/server/reviews/moderation.server";

// /admin/reviews: the admin dashboard's Reviews section (reported reviews, disputes, no-show
// reports). The role is checked on every request; each decision is one transaction with its audit
// row and mails (app/server/reviews/moderation.server.ts).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  return data({ items: await reviewQueue(context.db) }, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = parseForm(reviewDecisionSchema, await request.formData());
  if (!form.ok) {
    return data({ id: form.values.id, error: form.errors.reason ?? "That decision could not be read. Please try again.", reason: form.values.reason }, { status: 400, headers: privateHeaders() });
  }
  const { kind, id, decision, reason } = form.data;
  const outcome = kind === "review" ? await decideReview(context, admin.id, id, decision, reason) : await decideNoShow(context, admin.id, id, decision, reason);
  if (outcome.ok) context.pagesChanged?.();
  return redirectWithFlash(context, request, "/admin/reviews", { type: outcome.ok ? "success" : "error", message: outcome.message });
}

export function headers() {
  return privateHeaders();
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ ...siteFrom(matches), title: "Reviews - Admin Dashboard", description: "Site administration.", path: "/admin/reviews", noindex: true });
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="Admin Dashboard" description="Reported reviews, disputed reviews and no-show reports." />
      <div className="mx-auto max-w-4xl space-y-5 px-4 py-8 sm:px-6">
        <p>
          <Link to="/admin" className="font-semibold text-brand-800 underline">
            All admin sections
          </Link>
        </p>
        <h2 className="text-2xl font-bold text-slate-900">
          Reviews <span className="text-base font-medium text-slate-700">({loaderData.items.length} waiting)</span>
        </h2>
        <ReviewsSection items={loaderData.items} failed={actionData ?? null} />
      </div>
    </div>
  );
}
