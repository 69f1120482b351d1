import { data, Link } from "react-router";
import type { Route } from "./+types/dashboard.alerts";
import { PushAlertsCard } from "~/components/push/PushAlertsCard";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import {
  PUSH_ALERTS_PATH,
  PUSH_DEVICE_NOT_FOUND,
  PUSH_DEVICE_REMOVED,
  PUSH_SUBSCRIPTION_UNUSABLE,
  PUSH_TURNED_OFF,
  PUSH_TURNED_ON,
  pushAlertsSchema,
  type PushAlertsAnswer,
} from "~/lib/push-alerts";
import { requireUser } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { sendTestAlert, subscribeDevice } from "~/server/push/page.server";
import { listDevices, removeSubscription } from "~/server/push/subscriptions.server";
import { vapidKeys } from "~/server/push/vapid.server";

// /dashboard/alerts: lead alerts on this phone or computer. The page's script (loaded by this route
// only) asks the browser for a push subscription and posts it here; the list of devices, "Send me
// a test" and "Remove" are plain forms that work without it.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const view = { publicKey: vapidKeys(context.config).publicKey, devices: await listDevices(context.db, user.id) };
  return data({ view }, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = parseForm(pushAlertsSchema, await request.formData());
  const refuse = (status: number, error: string) => data<PushAlertsAnswer>({ error }, { status, headers: privateHeaders() });
  if (!form.ok) return refuse(400, PUSH_SUBSCRIPTION_UNUSABLE);
  const done = (message: string) => redirectWithFlash(context, request, PUSH_ALERTS_PATH, { type: "success", message });
  switch (form.data.intent) {
    case "subscribe": {
      const saved = await subscribeDevice(context, user.id, form.data, request.headers.get("user-agent"));
      return saved.ok ? done(PUSH_TURNED_ON) : refuse(saved.status, saved.error);
    }
    case "unsubscribe":
      await removeSubscription(context.db, user.id, { endpoint: form.data.endpoint });
      return done(PUSH_TURNED_OFF);
    case "remove":
      if (!(await removeSubscription(context.db, user.id, { id: form.data.id }))) return refuse(404, PUSH_DEVICE_NOT_FOUND);
      return done(PUSH_DEVICE_REMOVED);
    case "test": {
      const sent = await sendTestAlert(context, user.id);
      return sent.ok ? done(sent.message) : refuse(sent.status, sent.error);
    }
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Alerts",
    description: `Get an alert on your phone the moment a parent sends you an inquiry on ${site.siteName}.`,
    path: PUSH_ALERTS_PATH,
    noindex: true,
  });
}

export default function PushAlertsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div>
      <PageHeader title="Alerts" description="Know about a new inquiry the moment it arrives." />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
        <PushAlertsCard view={loaderData.view} error={actionData?.error ?? null} />
      </div>
    </div>
  );
}
