import { formatShortDay } from "~/lib/calendar";
import { NOTE_MAX_LENGTH, ratingLine, reliabilityLine, type ReviewFigures, type ReviewsPage } from "~/lib/review-view";
import { ReviewStars } from "./ReviewStars";

// A profile's verified reviews, rendered on the server and kept as sent (ProfileBody loads this
// module only on the server: no review code reaches the profile's JavaScript). Ten a page, newest
// first; the page links and the report form are plain HTML, so they work without JavaScript. Review
// text is shown as text: a web address in it is never a link.

const REPORT_FIELD_CLASS =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";

function pageHref(profileId: string, page: number): string {
  return page > 1 ? `/profile/${profileId}?reviews=${page}#reviews` : `/profile/${profileId}#reviews`;
}

export function ProfileReviews({ profileId, name, page, figures }: { profileId: string; name: string; page: ReviewsPage; figures: ReviewFigures }) {
  const rating = ratingLine(figures.count, figures.average);
  const reliability = reliabilityLine(figures.confirmedParties, figures.noShows);
  if (page.total === 0 && !reliability) return null;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="mt-8 scroll-mt-20 space-y-4 lg:mt-10">
      <div className="space-y-1">
        <h2 id="reviews-heading" className="text-xl font-semibold text-slate-900">
          Reviews
        </h2>
        {rating ? <p className="font-medium text-slate-900">{rating}</p> : null}
        {reliability ? <p className="text-sm text-slate-800">{reliability}</p> : null}
      </div>
      {page.reviews.length > 0 ? (
        <ol className="space-y-4" aria-label={`Reviews of ${name}`}>
          {page.reviews.map((review) => (
            <li key={review.id} className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 font-semibold text-slate-900 [overflow-wrap:anywhere]">
                <ReviewStars rating={review.rating} />
                <span>{review.authorName}</span>
              </p>
              <p className="text-sm font-medium text-emerald-800">{review.verified}</p>
              <p className="whitespace-pre-line text-slate-900 [overflow-wrap:anywhere]">{review.body}</p>
              {review.photos.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label="Photos from the party">
                  {review.photos.map((photo, i) => (
                    <li key={photo.src}>
                      <img
                        src={photo.src}
                        width={photo.width}
                        height={photo.height}
                        loading="lazy"
                        alt={`Photo ${i + 1} from ${review.authorName}'s party`}
                        className="h-24 w-24 rounded-md object-cover"
                      />
                    </li>
                  ))}
                </ul>
              ) : null}
              {review.reply ? (
                <div className="rounded-lg bg-slate-50 p-3">
                  <p className="text-sm font-semibold text-slate-900 [overflow-wrap:anywhere]">Reply from {name}</p>
                  <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">{review.reply}</p>
                </div>
              ) : null}
              <p className="text-xs text-slate-600">Posted {formatShortDay(review.publishedOn)}</p>
              <details className="text-sm">
                <summary className="inline-flex min-h-11 cursor-pointer items-center text-slate-700 underline">Report this review</summary>
                <form method="post" action="/reviews/report" className="mt-2 space-y-2">
                  <input type="hidden" name="review" value={review.id} />
                  <label htmlFor={`report-${review.id}`} className="block font-medium text-slate-800">
                    What is wrong with it?
                  </label>
                  <textarea id={`report-${review.id}`} name="reason" rows={2} required maxLength={NOTE_MAX_LENGTH} className={REPORT_FIELD_CLASS} />
                  <button type="submit" className="min-h-11 rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50">
                    Send report
                  </button>
                </form>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
      {page.pageCount > 1 ? (
        <nav aria-label="Review pages" className="flex flex-wrap items-center gap-3 text-sm">
          {page.page > 1 ? (
            <a href={pageHref(profileId, page.page - 1)} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
              Newer reviews
            </a>
          ) : null}
          <span className="text-slate-700">
            Page {page.page} of {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <a href={pageHref(profileId, page.page + 1)} className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline">
              Older reviews
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
