import { Form } from "react-router";
import { Button } from "~/components/ui/Button";
import type { PerformerQuestionView } from "~/lib/review-view";

/**
 * "Did this one book?" on an inquiry whose party is past (or 30 days old without a date). Posts to
 * /dashboard/reviews, which comes back to the inquiry (`back`). Once answered, the answer shows.
 */
export function BookingQuestion({ question, back }: { question: PerformerQuestionView; back?: string }) {
  if (question.performerAnswer) {
    return (
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
        {question.performerAnswer === "booked" ? "You said this one booked. Thank you!" : "You said this one did not book."}
      </p>
    );
  }
  return (
    <Form method="post" action="/dashboard/reviews" className="rounded-lg border border-brand-200 bg-brand-50 p-3" aria-labelledby={`booked-${question.requestId}`}>
      <p id={`booked-${question.requestId}`} className="font-semibold text-slate-900">
        Did this one book?
      </p>
      <p className="text-sm text-slate-700">Your answer lets a review from this parent go up at once and counts toward your reliability.</p>
      <input type="hidden" name="id" value={question.requestId} />
      {back ? <input type="hidden" name="back" value={back} /> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="booked" size="sm" className="min-h-11 min-w-20">
          Yes
        </Button>
        <Button type="submit" name="intent" value="not-booked" variant="secondary" size="sm" className="min-h-11 min-w-20">
          No
        </Button>
      </div>
    </Form>
  );
}
