import { useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatDate } from "~/components/dashboard/format";
import { Alert } from "~/components/ui/Alert";
import { Badge } from "~/components/ui/Badge";
import { Button, buttonClass } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import {
  PUSH_ALERTS_PATH,
  REMOVE_DEVICE_INTENT,
  SEND_TEST_INTENT,
  SUBSCRIBE_INTENT,
  UNSUBSCRIBE_INTENT,
  type PushAlertsAnswer,
  type PushAlertsView,
} from "~/lib/push-alerts";
import { currentSubscription, PermissionRefused, pushSupport, subscribeThisBrowser, unsubscribeThisBrowser } from "./browser-push";

// Lead alerts on this device, and the list of every device that has them. What this browser can do
// is known only once the page runs in it: the server's HTML says it is checking, and the list, the
// test and the removal buttons are plain forms meanwhile.

/** What this browser can do about alerts, once looked at. */
type BrowserState = "checking" | "unsupported" | "denied" | "ready" | "working";

const NOT_ALLOWED = "Alerts stay off: notifications were not allowed. You can turn them on again any time.";
const COULD_NOT_TURN_ON = "We could not turn alerts on in this browser. Please try again in a moment.";
const COULD_NOT_TURN_OFF = "We could not turn alerts off in this browser. Please try again in a moment.";

export function PushAlertsCard({ view, error }: { view: PushAlertsView; error: string | null }) {
  const [state, setState] = useState<BrowserState>("checking");
  const [ownEndpoint, setOwnEndpoint] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fetcher = useFetcher<PushAlertsAnswer>();

  useEffect(() => {
    let live = true;
    const support = pushSupport();
    if (support !== "available") {
      setState(support);
      return;
    }
    currentSubscription()
      .then((subscription) => {
        if (!live) return;
        setOwnEndpoint(subscription?.endpoint ?? null);
        setState("ready");
      })
      .catch(() => live && setState("ready"));
    return () => {
      live = false;
    };
  }, []);

  const isOn = ownEndpoint !== null && view.devices.some((device) => device.endpoint === ownEndpoint);
  // The browser's refusal, or the server's answer to what the browser gave.
  const shownProblem = problem ?? fetcher.data?.error ?? null;

  async function turnOn() {
    setProblem(null);
    setState("working");
    try {
      const subscription = await subscribeThisBrowser(view.publicKey);
      setOwnEndpoint(subscription.endpoint);
      await fetcher.submit({ intent: SUBSCRIBE_INTENT, ...subscription }, { method: "post", action: PUSH_ALERTS_PATH });
      setState("ready");
    } catch (failure) {
      if (failure instanceof PermissionRefused) {
        setState(failure.permission === "denied" ? "denied" : "ready");
        setProblem(NOT_ALLOWED);
      } else {
        setState("ready");
        setProblem(COULD_NOT_TURN_ON);
      }
    }
  }

  async function turnOff() {
    setProblem(null);
    setState("working");
    try {
      const endpoint = (await unsubscribeThisBrowser()) ?? ownEndpoint;
      setOwnEndpoint(null);
      if (endpoint) await fetcher.submit({ intent: UNSUBSCRIBE_INTENT, endpoint }, { method: "post", action: PUSH_ALERTS_PATH });
    } catch {
      setProblem(COULD_NOT_TURN_OFF);
    }
    setState("ready");
  }

  return (
    <>
      <Card as="section" className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">This device</h2>
        <p className="text-sm text-slate-700">
          Get a notification such as &ldquo;New inquiry from Dana for Sat Dec 12 in Orlando&rdquo; the moment a parent writes to
          you. If an inquiry is still unread after 4 hours, and again after a day, we remind you here and by email, but never
          between 9 pm and 8 am your time. The emails about new inquiries keep coming either way.
        </p>
        <div aria-live="polite" className="space-y-3" data-testid="push-state">
          {state === "checking" ? <p className="text-sm text-slate-700">Checking whether this browser can show alerts…</p> : null}
          {state === "unsupported" ? (
            <Alert tone="info" title="This browser can't show alerts">
              Try Chrome, Edge or Firefox on an Android phone or on a computer. You will still get an email for every inquiry.
            </Alert>
          ) : null}
          {state === "denied" ? (
            <Alert tone="warning" title="Notifications are blocked for this site">
              To get alerts, allow notifications for this site in your browser&apos;s settings, then come back to this page.
            </Alert>
          ) : null}
          {(state === "ready" || state === "working") && isOn ? (
            <>
              <p className="text-sm font-semibold text-green-800">Alerts are on for this device.</p>
              <Button variant="secondary" className="w-full sm:w-auto" disabled={state === "working"} onClick={turnOff}>
                {state === "working" ? "Turning off…" : "Turn off on this device"}
              </Button>
            </>
          ) : null}
          {(state === "ready" || state === "working") && !isOn ? (
            <Button className="w-full sm:w-auto" disabled={state === "working"} onClick={turnOn}>
              {state === "working" ? "Turning on…" : "Turn on alerts on this device"}
            </Button>
          ) : null}
          {shownProblem ? <Alert tone="error">{shownProblem}</Alert> : null}
        </div>
      </Card>

      <Card as="section" className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">Devices with alerts on</h2>
        {view.devices.length === 0 ? (
          <p className="text-sm text-slate-700">None yet. Turn alerts on above on each phone or computer where you want them.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {view.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="min-w-0 text-sm">
                  <p className="font-medium break-words text-slate-900">
                    {device.label} {device.endpoint === ownEndpoint ? <Badge tone="success">This device</Badge> : null}
                  </p>
                  <p className="text-slate-700">
                    Added {formatDate(device.addedOn)}
                    {device.lastAlertOn ? ` · last alert ${formatDate(device.lastAlertOn)}` : ""}
                  </p>
                </div>
                <Form method="post" action={PUSH_ALERTS_PATH}>
                  <input type="hidden" name="intent" value={REMOVE_DEVICE_INTENT} />
                  <input type="hidden" name="id" value={device.id} />
                  <button type="submit" className={buttonClass("danger", "sm")} aria-label={`Remove ${device.label}, added ${formatDate(device.addedOn)}`}>
                    Remove
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" action={PUSH_ALERTS_PATH} className="space-y-3">
          <input type="hidden" name="intent" value={SEND_TEST_INTENT} />
          <p className="text-sm text-slate-700">Check that alerts reach your devices: we send one to each of them now.</p>
          <button type="submit" className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
            Send me a test
          </button>
          {error ? <Alert tone="error">{error}</Alert> : null}
        </Form>
      </Card>
    </>
  );
}
