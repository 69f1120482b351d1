import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import {
  busyDaysText,
  CALENDAR_IMPORT_ACTION,
  calendarImportSchema,
  COULD_NOT_READ,
  readTimeText,
  REMOVE_IMPORT_INTENT,
  SAVE_IMPORT_INTENT,
  type CalendarImportView,
} from "~/lib/calendar-import";
import type { FieldErrors } from "~/lib/form";

// "Import a calendar": the performer pastes the address of a Google, Apple or Outlook calendar,
// and its busy events become booked days (read now, then every hour). The forms post to
// /dashboard/calendar-import, which redirects back with a toast; a refused address comes back
// here beside the field. Without JavaScript the same post shows that route's page instead.

export interface CalendarImportAnswer {
  errors: FieldErrors;
  values: { url?: string } | null;
}

function Status({ view }: { view: CalendarImportView }) {
  if (!view.lastFetchedAt) {
    return <p className="text-sm text-slate-700">Not read yet: we read it within the hour.</p>;
  }
  const read = readTimeText(view.lastFetchedAt, view.timeZone);
  if (view.lastError) {
    return (
      <Alert tone="error" title={`Last read ${read}`}>
        <p>
          {COULD_NOT_READ} {view.lastError}.
        </p>
        {view.lastSuccessAt ? (
          <p className="mt-1">
            We keep the {busyDaysText(view.busyDays).replace(" imported", "")} from {readTimeText(view.lastSuccessAt, view.timeZone)} until it
            answers again.
          </p>
        ) : null}
      </Alert>
    );
  }
  return (
    <p className="text-sm font-medium text-slate-900" data-testid="calendar-import-status">
      Last read {read}: {busyDaysText(view.busyDays)}
    </p>
  );
}

export function CalendarImportCard({ view, answer }: { view: CalendarImportView | null; answer?: CalendarImportAnswer }) {
  const fetcher = useFetcher<CalendarImportAnswer>();
  const served = fetcher.data ?? answer;
  const { errors, onSubmit, clearChanged } = useFieldErrors(served?.errors, calendarImportSchema);
  const busyIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Keep your bookings in Google Calendar, Apple Calendar or Outlook? Paste the calendar&apos;s secret iCal address
        (it ends in .ics) and we read it every hour: its busy events become booked days here. Events shown as free, and
        cancelled ones, are left out.
      </p>
      {view ? (
        <div className="space-y-2 rounded-md border border-slate-200 bg-slate-50 p-3">
          <p className="break-all text-sm text-slate-700">
            <span className="font-medium text-slate-900">Reading:</span> {view.url}
          </p>
          <Status view={view} />
        </div>
      ) : null}
      <fetcher.Form
        method="post"
        action={CALENDAR_IMPORT_ACTION}
        noValidate
        onSubmit={onSubmit}
        onChange={clearChanged}
        className="space-y-3"
      >
        <input type="hidden" name="intent" value={SAVE_IMPORT_INTENT} />
        <TextField
          id="calendar-import-url"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          label={view ? "Calendar address (paste a new one to change it)" : "Calendar address"}
          hint="In Google Calendar: Settings, your calendar, “Secret address in iCal format”. In Apple Calendar: share the calendar publicly. In Outlook: Settings, Shared calendars, Publish a calendar."
          placeholder="https://calendar.google.com/calendar/ical/.../basic.ics"
          defaultValue={served?.values?.url ?? view?.url ?? ""}
          error={errors.url}
          required
        />
        <Button type="submit" disabled={busyIntent === SAVE_IMPORT_INTENT} className="min-h-11 w-full sm:w-auto">
          {busyIntent === SAVE_IMPORT_INTENT ? "Reading the calendar..." : view ? "Save and read now" : "Import calendar"}
        </Button>
      </fetcher.Form>
      {view ? (
        <fetcher.Form method="post" action={CALENDAR_IMPORT_ACTION}>
          <input type="hidden" name="intent" value={REMOVE_IMPORT_INTENT} />
          <Button type="submit" variant="secondary" disabled={busyIntent === REMOVE_IMPORT_INTENT} className="min-h-11 w-full sm:w-auto">
            Stop importing
          </Button>
          <p className="mt-1 text-sm text-slate-600">The days it gave are removed; the days you marked yourself stay.</p>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
