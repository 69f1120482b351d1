import { data, Form, Link } from "react-router";
import type { Route } from "./+types/dashboard.reviews";
import { BookingQuestion } from "~/components/reviews/BookingQuestion";
import { ReviewStars } from "~/components/reviews/ReviewStars";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { formatShortDay } from "~/lib/calendar";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { NOTE_MAX_LENGTH, performerReviewSchema, REVIEW_MAX_LENGTH } from "~/lib/review-schema";
import type { PerformerReviewView } from "~/lib/review-view";
import { requireUser } from "~/server/auth/auth.server";
import { isUuid } from "~/server/db/sql-values.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { answerBooking, disputeReview, openQuestions, performerReviews, replyToReview } from "~/server/reviews/performer.server";

// /dashboard/reviews: the performer's side of verified reviews. "Did this one book?" for each party
// asked about, and each review with its state: a dispute while it waits its 7 days, and one public
// reply. Reviews cannot be edited. The question on an inquiry posts here too and goes back there.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const [questions, reviews] = await Promise.all([
    openQuestions(context.db, user.id),
    performerReviews(context.db, user.id, context.config.siteName),
  ]);
  return data({ questions, reviews }, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = parseForm(performerReviewSchema, await request.formData());
  if (!form.ok) {
    return data({ id: form.values.id, intent: form.values.intent, errors: form.errors, values: form.values }, { status: 400, headers: privateHeaders() });
  }
  const { intent, id, text, back } = form.data;
  const outcome =
    intent === "booked" || intent === "not-booked"
      ? await answerBooking(context.db, user.id, id, intent === "booked")
      : intent === "dispute"
        ? await disputeReview(context.db, user.id, id, text ?? "")
        : await replyToReview(context.db, user.id, id, text ?? "");
  // A yes may publish a review at once; a reply shows on the profile.
  if (outcome.ok && intent !== "not-booked" && intent !== "dispute") context.pagesChanged?.();
  const to = back && isUuid(back) ? `/dashboard?inquiry=${back}#inquiry` : "/dashboard/reviews";
  return redirectWithFlash(context, request, to, { type: outcome.ok ? "success" : "error", message: outcome.message });
}

export function headers() {
  return privateHeaders();
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ ...siteFrom(matches), title: "Reviews", description: "Your verified reviews.", path: "/dashboard/reviews", noindex: true });
}

const STATUS_LINE: Record<PerformerReviewView["status"], string> = {
  pending: "Waiting to go on your profile",
  published: "On your profile",
  disputed: "You disputed it: our team will decide",
  hidden: "Hidden by our team",
  removed: "Removed by our team",
};

function ReviewItem({ review, errors, values }: { review: PerformerReviewView; errors: Record<string, string>; values: Record<string, string> | null }) {
  const canReply = review.reply === null && (review.status === "pending" || review.status === "published" || review.status === "disputed");
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
          <ReviewStars rating={review.rating} /> {review.authorName}
        </p>
        <p className="text-sm text-slate-700">
          {STATUS_LINE[review.status]}
          {review.publishOn ? `, on ${formatShortDay(review.publishOn)}` : ""}
        </p>
      </div>
      <p className="text-sm text-slate-700">{review.verified}</p>
      <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{review.body}</p>
      {review.reply ? (
        <div className="rounded-lg bg-slate-50 p-3">
          <p className="text-sm font-semibold text-slate-900">Your reply</p>
          <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">{review.reply}</p>
        </div>
      ) : null}
      {canReply ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="id" value={review.id} />
          <TextAreaField
            id={`reply-${review.id}`}
            name="text"
            label="Your public reply (one per review)"
            rows={3}
            maxLength={REVIEW_MAX_LENGTH}
            defaultValue={values?.intent === "reply" ? (values.text ?? "") : ""}
            error={values?.intent === "reply" ? errors.text : undefined}
            hint="Shown under the review on your profile. It cannot be changed once posted."
          />
          <Button type="submit" name="intent" value="reply" size="sm" className="min-h-11">
            Post reply
          </Button>
        </Form>
      ) : null}
      {review.status === "pending" ? (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-slate-900">This party never happened</summary>
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="id" value={review.id} />
            <TextAreaField
              id={`dispute-${review.id}`}
              name="text"
              label="Why should this review not go up?"
              rows={3}
              maxLength={NOTE_MAX_LENGTH}
              defaultValue={values?.intent === "dispute" ? (values.text ?? "") : ""}
              error={values?.intent === "dispute" ? errors.text : undefined}
              hint="Our team reads this and decides. The review stays off your profile until then."
            />
            <Button type="submit" name="intent" value="dispute" variant="secondary" size="sm" className="min-h-11">
              Dispute this review
            </Button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

export default function DashboardReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { questions, reviews } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <div>
      <PageHeader title="Reviews" description="Parents you heard from through inquiries are asked how their party went." />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
        <p>
          <Link to="/dashboard" className="font-semibold text-brand-800 underline">
            Back to Dashboard
          </Link>
        </p>
        <section aria-labelledby="questions-heading" className="space-y-3">
          <h2 id="questions-heading" className="text-lg font-bold text-slate-900">
            Did these book?
          </h2>
          {questions.length === 0 ? (
            <p className="text-slate-700">Nothing to answer right now. After a party date passes, we ask you here.</p>
          ) : (
            <ul className="space-y-3">
              {questions.map((q) => (
                <li key={q.requestId} className="space-y-2">
                  <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">
                    {q.inquiryId ? (
                      <Link to={`/dashboard?inquiry=${q.inquiryId}#inquiry`} className="font-semibold underline">
                        {q.senderName}
                      </Link>
                    ) : (
                      <span className="font-semibold">{q.senderName}</span>
                    )}
                    {q.partyOn ? `, party on ${formatShortDay(q.partyOn)}` : ""}
                  </p>
                  <BookingQuestion question={q} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="reviews-heading" className="space-y-3">
          <h2 id="reviews-heading" className="text-lg font-bold text-slate-900">
            Your reviews
          </h2>
          {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
          {reviews.length === 0 ? (
            <p className="text-slate-700">No reviews yet. Parents are asked after each party date that came through an inquiry.</p>
          ) : (
            <ul className="space-y-4">
              {reviews.map((review) => (
                <ReviewItem
                  key={review.id}
                  review={review}
                  errors={actionData?.id === review.id ? errors : {}}
                  values={actionData?.id === review.id ? (actionData.values as Record<string, string>) : null}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
