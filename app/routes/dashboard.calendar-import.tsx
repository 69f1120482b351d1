import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard.calendar-import";
import { CalendarImportCard } from "~/components/calendar-import/CalendarImportCard";
import { Alert } from "~/components/ui/Alert";
import { Card } from "~/components/ui/Card";
import { PageHeader } from "~/components/ui/PageHeader";
import {
  busyDaysText,
  calendarImportSchema,
  COULD_NOT_READ,
  READ_RECENTLY_TEXT,
  READS_USED_UP_TEXT,
  SAVE_IMPORT_INTENT,
} from "~/lib/calendar-import";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireUser } from "~/server/auth/auth.server";
import { readCalendarImport, refreshCalendarImport, removeCalendarImport, saveCalendarImport } from "~/server/calendar-import/imports.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";

// /dashboard/calendar-import: where the calendar page's "Import a calendar" form posts. Saving reads
// the feed at once (at most 10 s), so the performer sees what it gave before the hourly job runs,
// unless it was read minutes ago or the account's reads at once for the hour are used up (the job
// reads it then); the page itself is only what a browser without JavaScript shows after a refused
// address.

const BACK = "/dashboard/calendar#import";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return data({ view: await readCalendarImport(context.db, user.id) }, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = parseForm(calendarImportSchema, await request.formData());
  const refuse = (status: number, errors: Record<string, string>, url?: string) =>
    data({ errors, values: url === undefined ? null : { url } }, { status, headers: privateHeaders() });
  if (!form.ok) {
    const typed = "url" in form.values && typeof form.values.url === "string" ? form.values.url : "";
    return refuse(400, form.errors, typed);
  }
  if (form.data.intent !== SAVE_IMPORT_INTENT) {
    await removeCalendarImport(context.db, user.id);
    return redirectWithFlash(context, request, BACK, { type: "success", message: "Calendar import stopped" });
  }
  const saved = await saveCalendarImport(context.db, user.id, form.data.url);
  if (saved.kind === "invalid") return refuse(400, { url: saved.message }, form.data.url);
  if (saved.kind === "no-profile") return refuse(404, { url: "Create your profile first: your days follow your state's time zone." }, form.data.url);
  // Only the demo may read its own feed from this machine.
  const outcome = await refreshCalendarImport(context.db, user.id, { allowLoopback: context.config.demoMode, logger: context.logger });
  if (outcome?.kind === "limited") return redirectWithFlash(context, request, BACK, { type: "info", message: READS_USED_UP_TEXT });
  if (outcome?.kind === "recent") return redirectWithFlash(context, request, BACK, { type: "info", message: READ_RECENTLY_TEXT });
  if (outcome?.kind === "failed") {
    return redirectWithFlash(context, request, BACK, { type: "error", message: `${COULD_NOT_READ} ${outcome.error}` });
  }
  const count = outcome?.kind === "read" ? outcome.busyDays : 0;
  return redirectWithFlash(context, request, BACK, { type: "success", message: `Calendar imported: ${busyDaysText(count)}` });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Import a calendar",
    description: `Import your Google, Apple or Outlook calendar into ${site.siteName}.`,
    path: "/dashboard/calendar-import",
    noindex: true,
  });
}

export default function CalendarImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="Import a calendar" description="Your busy events become booked days." />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <Link to="/dashboard/calendar" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back to Calendar
        </Link>
        {actionData?.errors && Object.keys(actionData.errors).length > 0 ? (
          <Alert tone="error">Please check the address below.</Alert>
        ) : null}
        <Card as="section" className="space-y-3">
          <h2 className="text-lg font-bold text-slate-900">Import a calendar</h2>
          <CalendarImportCard view={loaderData.view} answer={actionData ?? undefined} />
        </Card>
      </div>
    </div>
  );
}
