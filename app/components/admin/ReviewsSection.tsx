import { Form, Link } from "react-router";
import { ReviewStars } from "~/components/reviews/ReviewStars";
import { Button } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { formatShortDay } from "~/lib/calendar";
import { NOTE_MAX_LENGTH } from "~/lib/review-schema";
import type { AdminReviewItem } from "~/lib/review-view";

// The admin's Reviews section: what waits for a decision (reviews visitors reported, reviews
// performers disputed, no-show reports), oldest first. Each decision needs a reason, which the mail
// to the performer quotes; the parent is told in fixed words.

const DECISION_HINT: Record<AdminReviewItem["kind"], string> = {
  review: "Approve keeps or puts the review on the profile; Hide takes it off; Remove takes it off for good.",
  no_show: "Approve confirms the no-show (it counts in the performer's reliability); Hide or Remove sets it aside.",
};

function ReviewItemCard({ item, error, reason }: { item: AdminReviewItem; error?: string; reason?: string }) {
  const fieldId = `reason-${item.id}`;
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-slate-900">{item.why}</p>
        <p className="text-sm text-slate-700">{formatShortDay(item.createdAt.slice(0, 10))}</p>
      </div>
      <dl className="grid gap-1 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">Performer</dt>
          <dd className="[overflow-wrap:anywhere]">
            <Link to={`/profile/${item.profileId}`} className="font-semibold text-brand-800 underline">
              {item.performerName}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Parent</dt>
          <dd className="text-slate-900 [overflow-wrap:anywhere]">{item.authorName}</dd>
        </div>
        {item.partyOn ? (
          <div>
            <dt className="font-medium text-slate-700">Party date</dt>
            <dd className="text-slate-900">{formatShortDay(item.partyOn)}</dd>
          </div>
        ) : null}
      </dl>
      {item.rating !== null && item.body !== null ? (
        <blockquote className="space-y-1 border-l-4 border-slate-200 pl-3">
          <ReviewStars rating={item.rating} />
          <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{item.body}</p>
        </blockquote>
      ) : null}
      {item.notes.length > 0 ? (
        <div>
          <p className="text-sm font-medium text-slate-700">{item.kind === "no_show" ? "The parent's note" : item.why === "Reported by visitors" ? "Visitors' reasons" : "The performer's reason"}</p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-900">
            {item.notes.map((note, i) => (
              <li key={i} className="whitespace-pre-line [overflow-wrap:anywhere]">
                {note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form method="post" className="space-y-2">
        <input type="hidden" name="kind" value={item.kind} />
        <input type="hidden" name="id" value={item.id} />
        <TextAreaField
          id={fieldId}
          name="reason"
          label="Reason (emailed to the performer)"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={reason ?? ""}
          error={error}
          hint={DECISION_HINT[item.kind]}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="decision" value="approve" size="sm" className="min-h-11">
            Approve
          </Button>
          <Button type="submit" name="decision" value="hide" variant="secondary" size="sm" className="min-h-11">
            Hide
          </Button>
          <Button type="submit" name="decision" value="remove" variant="danger" size="sm" className="min-h-11">
            Remove
          </Button>
        </div>
      </Form>
    </li>
  );
}

export function ReviewsSection({ items, failed }: { items: AdminReviewItem[]; failed: { id: string; error?: string; reason?: string } | null }) {
  if (items.length === 0) return <p className="text-slate-700">Nothing waiting: no reported or disputed reviews and no no-show reports.</p>;
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <ReviewItemCard
          key={`${item.kind}-${item.id}`}
          item={item}
          error={failed?.id === item.id ? failed.error : undefined}
          reason={failed?.id === item.id ? failed.reason : undefined}
        />
      ))}
    </ul>
  );
}
