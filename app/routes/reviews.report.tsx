import { redirect } from "react-router";
import type { Route } from "./+types/reviews.report";
import { parseForm } from "~/lib/form";
import { reviewReportSchema } from "~/lib/review-schema";
import { clientKey } from "~/server/http/client-key.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { reportReview } from "~/server/reviews/public.server";

// POST /reviews/report: "Report this review" on a profile (a plain form, no JavaScript needed). One
// report per visitor and review, five a day per visitor; the admin's Reviews section lists them.

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(reviewReportSchema, await request.formData());
  if (!form.ok) {
    const message = form.errors.reason ?? "That report could not be read. Please try again.";
    return redirectWithFlash(context, request, "/", { type: "error", message });
  }
  const outcome = await reportReview(context.db, context.config.authSecret, {
    reviewId: form.data.review,
    reason: form.data.reason,
    clientKey: clientKey(context, request),
  });
  if (outcome.kind === "reported" || outcome.kind === "already") {
    return redirectWithFlash(context, request, `/profile/${outcome.profileId}#reviews`, {
      type: "success",
      message: "Thank you. Our team will look at this review.",
    });
  }
  if (outcome.kind === "limited") {
    return redirectWithFlash(context, request, `/profile/${outcome.profileId}#reviews`, {
      type: "error",
      message: "You have sent several reports today. Please try again tomorrow.",
    });
  }
  return redirectWithFlash(context, request, "/", { type: "error", message: "That review is no longer shown." });
}
