import { starsText } from "~/lib/review-view";

/** Stars for the eye, the number in words for screen readers. */
export function ReviewStars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden="true" className="tracking-wide text-amber-700">
        {starsText(rating)}
      </span>
      <span className="sr-only">{`${rating} out of 5 stars`}</span>
    </span>
  );
}
