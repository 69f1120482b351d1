import { Link } from "react-router";
import type { CalendarNoticeView } from "~/lib/calendar";

// The dashboard's word on the calendar: when it was last updated, and a nudge when it has not been
// touched for 30 days while parents keep asking (search will soon stop showing the performer as free).
// It links to /dashboard/calendar and imports nothing of the calendar itself, so the dashboard's
// download does not grow by the month view.
export function CalendarCard({ notice }: { notice: CalendarNoticeView }) {
  const updated = notice.lastUpdated ? `Calendar last updated ${notice.lastUpdated}` : "Calendar not shared yet";
  return (
    <section
      aria-labelledby="calendar-heading"
      className={`space-y-2 rounded-xl border p-4 shadow-sm sm:p-6 ${notice.nudge ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-white"}`}
      data-testid="calendar-card"
    >
      <h2 id="calendar-heading" className="text-lg font-bold text-slate-900">
        Calendar
      </h2>
      <p className="text-sm text-slate-800">{updated}</p>
      {notice.nudge ? (
        <p className="text-sm text-slate-900" data-testid="calendar-nudge">
          {notice.recentInquiries === 1 ? "A parent asked" : `${notice.recentInquiries} parents asked`} in the last 30 days, but
          your calendar {notice.lastUpdated ? "has not changed in 30 days" : "is empty"}. Mark your booked days so parents ask
          for days you are free.
        </p>
      ) : (
        <p className="text-sm text-slate-700">Mark the days you are booked or away, so parents ask for days you are free.</p>
      )}
      <Link
        to="/dashboard/calendar"
        className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {notice.nudge ? "Update your calendar" : "Open calendar"}
      </Link>
    </section>
  );
}
