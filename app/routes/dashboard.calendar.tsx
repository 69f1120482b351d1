import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import dayPickerStyles from "react-day-picker/style.css?url";
import type { Route } from "./+types/dashboard.calendar";
import calendarStyles from "~/components/calendar/calendar.css?url";
import { CalendarImportCard } from "~/components/calendar-import/CalendarImportCard";
import { CopyAddress } from "~/components/calendar/CopyAddress";
import { MonthCalendar } from "~/components/calendar/MonthCalendar";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { Choice, Fieldset, TextField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import {
  addMonths,
  formatMonth,
  formatRange,
  SHOWN_DAY_LABELS,
  weeklyRuleText,
  WEEKDAYS,
  type CalendarPageView,
} from "~/lib/calendar";
import { CALENDAR_INTENTS, CALENDAR_TEXTS, markDaysSchema, weeklyRuleSchema, type MarkAction } from "~/lib/calendar-schema";
import { parseForm, type FieldErrors } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireUser } from "~/server/auth/auth.server";
import { loadCalendarPage, markDays, performerClock, renewFeedToken, setWeeklyRule } from "~/server/calendar/calendar.server";
import { readCalendarImport } from "~/server/calendar-import/imports.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";

// /dashboard/calendar: the performer marks days booked or away (one day or a range), clears them,
// sets a weekly rule ("never on Sundays") and finds their own iCal feed. Every change is a plain form
// post, so the page works without JavaScript; with it, picking days in the month fills the form.
// The rules (the performer's own today, ranges, the weekly rule) live in app/server/calendar/.

export function links() {
  return [
    { rel: "stylesheet", href: dayPickerStyles },
    { rel: "stylesheet", href: calendarStyles },
  ];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const [calendar, calendarImport] = await Promise.all([
    loadCalendarPage(context.db, user.id, { month: url.searchParams.get("month"), publicUrl: context.config.publicUrl }),
    readCalendarImport(context.db, user.id),
  ]);
  return data({ email: user.email, calendar, calendarImport }, { headers: privateHeaders() });
}

type MarkValues = { from: string; to: string; mark: string };

interface ActionAnswer {
  form: "mark" | "weekly" | "feed";
  errors: FieldErrors;
  values: MarkValues | null;
  message: string | null;
}

function calendarHref(month: string | null) {
  return month ? `/dashboard/calendar?month=${month}` : "/dashboard/calendar";
}

const DONE: Record<MarkAction, string> = { booked: "Marked booked", away: "Marked away", clear: "Cleared" };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const month = new URL(request.url).searchParams.get("month");
  const answer = (status: number, body: ActionAnswer) => data(body, { status, headers: privateHeaders() });

  if (intent === CALENDAR_INTENTS.weekly) {
    const form = parseForm(weeklyRuleSchema, formData);
    if (!form.ok) return answer(400, { form: "weekly", errors: form.errors, values: null, message: null });
    const result = await setWeeklyRule(context.db, user.id, form.data.off);
    if (result.status !== "ok") return answer(404, { form: "weekly", errors: {}, values: null, message: CALENDAR_TEXTS.noProfile });
    const rule = weeklyRuleText(form.data.off);
    return redirectWithFlash(context, request, calendarHref(month), {
      type: "success",
      message: rule ? `Weekly rule saved: ${rule}` : "Weekly rule removed",
    });
  }

  if (intent === CALENDAR_INTENTS.newFeed) {
    if (!(await renewFeedToken(context.db, user.id))) {
      return answer(404, { form: "feed", errors: {}, values: null, message: CALENDAR_TEXTS.noProfile });
    }
    return redirectWithFlash(context, request, `${calendarHref(month)}#feed`, {
      type: "success",
      message: "Your calendar has a new address. The old one no longer works.",
    });
  }

  const clock = await performerClock(context.db, user.id);
  if (!clock) return answer(404, { form: "mark", errors: {}, values: null, message: CALENDAR_TEXTS.noProfile });
  const form = parseForm(markDaysSchema(clock.today), formData);
  if (!form.ok) return answer(400, { form: "mark", errors: form.errors, values: form.values, message: null });
  const result = await markDays(context.db, user.id, form.data);
  if (result.status === "no-profile") return answer(404, { form: "mark", errors: {}, values: form.values, message: CALENDAR_TEXTS.noProfile });
  if (result.status === "invalid") return answer(400, { form: "mark", errors: result.errors, values: form.values, message: null });
  const { from, to, mark } = form.data;
  return redirectWithFlash(context, request, calendarHref(from.slice(0, 7)), {
    type: "success",
    message: `${DONE[mark]}: ${formatRange(from, to)}`,
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Calendar",
    description: `Mark the days you are booked or away on ${site.siteName}.`,
    path: "/dashboard/calendar",
    noindex: true,
  });
}

const KIND_CHOICES: { value: MarkAction; label: string }[] = [
  { value: "booked", label: "Booked" },
  { value: "away", label: "Away" },
  { value: "clear", label: "Clear (open again)" },
];

function MarkForm({ calendar, answer, from, to, setFrom, setTo }: {
  calendar: CalendarPageView;
  answer: ActionAnswer | undefined;
  from: string;
  to: string;
  setFrom(value: string): void;
  setTo(value: string): void;
}) {
  const navigation = useNavigation();
  const mine = answer?.form === "mark" ? answer : undefined;
  const { errors, onSubmit, clearChanged } = useFieldErrors(mine?.errors, markDaysSchema(calendar.today));
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === CALENDAR_INTENTS.mark;
  const mark = mine?.values?.mark || "booked";
  return (
    <Form method="post" action={calendarHref(calendar.month)} noValidate onSubmit={onSubmit} onChange={clearChanged} className="space-y-4" aria-labelledby="mark-heading">
      <input type="hidden" name="intent" value={CALENDAR_INTENTS.mark} />
      <h2 id="mark-heading" className="text-lg font-bold text-slate-900">
        Mark days
      </h2>
      <p className="text-sm text-slate-700">Pick a day in the month above (tap a second day for a range), or type the dates.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="calendar-from"
          name="from"
          type="date"
          label="First day"
          min={calendar.today}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          error={errors.from}
          required
        />
        <TextField
          id="calendar-to"
          name="to"
          type="date"
          label="Last day"
          hint="Leave empty for a single day."
          min={from || calendar.today}
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={errors.to}
        />
      </div>
      <Fieldset legend="Mark these days as" error={errors.mark} id="calendar-mark">
        <div className="flex flex-wrap gap-x-6">
          {KIND_CHOICES.map((choice) => (
            <Choice key={choice.value} type="radio" name="mark" value={choice.value} label={choice.label} defaultChecked={choice.value === mark} />
          ))}
        </div>
      </Fieldset>
      {mine?.message ? <Alert tone="error">{mine.message}</Alert> : null}
      <Button type="submit" disabled={busy} className="min-h-11 w-full sm:w-auto">
        {busy ? "Saving..." : "Save days"}
      </Button>
    </Form>
  );
}

function Upcoming({ calendar }: { calendar: CalendarPageView }) {
  if (calendar.upcoming.length === 0) {
    return <p className="text-sm text-slate-700">No days marked from today on. Parents will see you as free on any day.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200">
      {calendar.upcoming.map((range) => (
        <li key={`${range.from}-${range.kind}`} className="flex flex-wrap items-center justify-between gap-2 py-2">
          <span className="text-sm text-slate-900">
            <strong>{SHOWN_DAY_LABELS[range.kind]}</strong>: {formatRange(range.from, range.to)}
          </span>
          {range.kind === "imported" ? (
            // The next read would bring an imported day back: it changes only in the calendar it came from.
            <span className="text-sm text-slate-700">Change it in that calendar</span>
          ) : (
            <Form method="post" action={calendarHref(calendar.month)}>
              <input type="hidden" name="intent" value={CALENDAR_INTENTS.mark} />
              <input type="hidden" name="from" value={range.from} />
              <input type="hidden" name="to" value={range.to} />
              <input type="hidden" name="mark" value="clear" />
              <Button type="submit" variant="secondary" size="sm" className="min-h-11" aria-label={`Clear ${formatRange(range.from, range.to)}`}>
                Clear
              </Button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}

function WeeklyForm({ calendar, answer }: { calendar: CalendarPageView; answer: ActionAnswer | undefined }) {
  const mine = answer?.form === "weekly" ? answer : undefined;
  const rule = weeklyRuleText(calendar.weeklyOff);
  return (
    <Form method="post" action={calendarHref(calendar.month)} className="space-y-3">
      <input type="hidden" name="intent" value={CALENDAR_INTENTS.weekly} />
      <Fieldset legend="Days of the week you never work" error={mine?.errors.off ?? mine?.message ?? null} id="calendar-weekly">
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-4">
          {WEEKDAYS.map((name, i) => (
            <Choice key={name} name="off" value={String(i)} label={name} defaultChecked={(calendar.weeklyOff & (1 << i)) !== 0} />
          ))}
        </div>
      </Fieldset>
      <p className="text-sm text-slate-700">{rule ? `Now: ${rule}.` : "No weekly rule: every weekday is open unless you mark it."}</p>
      <Button type="submit" variant="secondary" className="min-h-11 w-full sm:w-auto">
        Save weekly rule
      </Button>
    </Form>
  );
}

function Feed({ calendar }: { calendar: CalendarPageView }) {
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        Subscribe to this address in Google Calendar, Apple Calendar or Outlook to see the days you mark here beside your
        other plans. Keep it private: anyone with the address can see your booked days.
      </p>
      <CopyAddress address={calendar.feedUrl} />
      <Form method="post" action={`${calendarHref(calendar.month)}#feed`}>
        <input type="hidden" name="intent" value={CALENDAR_INTENTS.newFeed} />
        <Button type="submit" variant="secondary" className="min-h-11 w-full sm:w-auto">
          Make a new address
        </Button>
        <p className="mt-1 text-sm text-slate-600">The old address stops working at once.</p>
      </Form>
    </div>
  );
}

export default function DashboardCalendar({ loaderData, actionData }: Route.ComponentProps) {
  const { calendar, email, calendarImport } = loaderData;
  const navigate = useNavigate();
  const kept = actionData?.form === "mark" ? actionData.values : null;
  const [from, setFrom] = useState(kept?.from ?? "");
  const [to, setTo] = useState(kept?.to ?? "");
  // A saved change empties the form for the next one (its toast says what was saved).
  const savedAt = calendar?.updatedAt ?? null;
  const firstSaved = useRef(savedAt);
  useEffect(() => {
    if (savedAt === firstSaved.current) return;
    firstSaved.current = savedAt;
    setFrom("");
    setTo("");
  }, [savedAt]);

  if (!calendar) {
    return (
      <div>
        <PageHeader title="Calendar" description={`Signed in as ${email}`} />
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6">
          <Alert tone="info" title="Create your profile first">
            Your calendar counts days in your state&apos;s time zone, so it starts once your profile has a state.
          </Alert>
          <ButtonLink to="/dashboard/edit-profile">Edit Profile</ButtonLink>
        </div>
      </div>
    );
  }

  const previous = addMonths(calendar.month, -1);
  const next = addMonths(calendar.month, 1);
  const importing = calendarImport !== null || calendar.days.some((d) => d.kind === "imported");
  const navClass =
    "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800";

  return (
    <div>
      <PageHeader title="Calendar" description="Mark the days you are booked or away, so parents ask for days you are free." />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
        <p className="text-sm text-slate-700" data-testid="calendar-updated">
          {calendar.lastUpdated ? `Calendar last updated ${calendar.lastUpdated}` : "You have not marked any days yet."} Days follow your
          state&apos;s time zone ({calendar.timeZone.replace(/_/g, " ")}).
        </p>

        <Card as="section" className="space-y-3">
          <h2 className="sr-only">{formatMonth(calendar.month)}</h2>
          <nav aria-label="Months" className="flex items-center justify-between">
            <Link to={calendarHref(previous)} className={navClass} aria-label={`Previous month, ${formatMonth(previous)}`}>
              <span aria-hidden="true">←</span>&nbsp;{formatMonth(previous).split(" ")[0]}
            </Link>
            <Link to={calendarHref(next)} className={navClass} aria-label={`Next month, ${formatMonth(next)}`}>
              {formatMonth(next).split(" ")[0]}&nbsp;<span aria-hidden="true">→</span>
            </Link>
          </nav>
          <div className="flex justify-center">
            <MonthCalendar
              month={calendar.month}
              today={calendar.today}
              days={calendar.days}
              weeklyOff={calendar.weeklyOff}
              from={from}
              to={to}
              onPick={(pickedFrom, pickedTo) => {
                setFrom(pickedFrom);
                setTo(pickedTo);
              }}
              onMonthChange={(month) => navigate(calendarHref(month), { preventScrollReset: true })}
            />
          </div>
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-label="Key">
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-4 w-4 rounded bg-red-700" /> Booked
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-4 w-4 rounded border-2 border-slate-700" /> Away
            </li>
            <li className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block h-4 w-4 rounded border-2 border-dashed border-slate-600" /> Away every week
            </li>
            {importing ? (
              <li className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block h-4 w-4 rounded border-2 border-dotted border-red-900 bg-red-100" />{" "}
                {SHOWN_DAY_LABELS.imported} (booked)
              </li>
            ) : null}
          </ul>
          {importing ? (
            <p className="text-sm text-slate-700" data-testid="imported-days-note">
              Days from your iCal calendar are read from it every hour, so they change only there: free the day in that
              calendar, or <a href="#import" className="font-medium text-brand-700 underline hover:text-brand-800">stop importing</a>.
              Marking one here puts your own mark over it.
            </p>
          ) : null}
        </Card>

        <Card as="section">
          <MarkForm calendar={calendar} answer={actionData} from={from} to={to} setFrom={setFrom} setTo={setTo} />
        </Card>

        <Card as="section" className="space-y-3">
          <h2 className="text-lg font-bold text-slate-900">Your marked days</h2>
          <Upcoming calendar={calendar} />
        </Card>

        <Card as="section" className="space-y-3">
          <h2 className="text-lg font-bold text-slate-900">Weekly rule</h2>
          <WeeklyForm calendar={calendar} answer={actionData} />
        </Card>

        <Card as="section" className="space-y-3">
          <h2 id="import" className="scroll-mt-36 text-lg font-bold text-slate-900">
            Import a calendar
          </h2>
          <CalendarImportCard view={calendarImport} />
        </Card>

        <Card as="section" className="space-y-3">
          <h2 id="feed" className="scroll-mt-36 text-lg font-bold text-slate-900">
            Your calendar feed
          </h2>
          <Feed calendar={calendar} />
        </Card>
      </div>
    </div>
  );
}
