import { z } from "zod";

// Lead alerts on a performer's phone or computer (issue 27): the page's form schema, what its
// loader hands the page, and the sentences both sides say. The server (app/server/push/) stores
// the devices and sends the alerts; the page (app/components/push/) asks the browser for them.

export const PUSH_ALERTS_PATH = "/dashboard/alerts";
/** The service worker's address and the part of the site it serves: the dashboard only. */
export const PUSH_WORKER_URL = "/push-sw.js";
export const PUSH_WORKER_SCOPE = "/dashboard/";

export const SUBSCRIBE_INTENT = "subscribe";
export const UNSUBSCRIBE_INTENT = "unsubscribe";
export const REMOVE_DEVICE_INTENT = "remove";
export const SEND_TEST_INTENT = "test";

/** Devices one account keeps alerts on; a new one past this replaces the oldest. */
export const MAX_PUSH_DEVICES = 10;
/** Tests one account may send an hour ("Send me a test"), each counted only once it was queued. */
export const PUSH_TESTS_PER_HOUR = 5;

export const PUSH_SUBSCRIPTION_UNUSABLE =
  "This browser gave us an alert address we cannot use. Please try again, or use another browser.";
export const PUSH_DEVICE_NOT_FOUND = "That device was not found. It may have been removed already.";
export const PUSH_NO_DEVICES = "Turn on alerts on this phone or computer first, then send yourself a test.";
export const PUSH_TURNED_ON = "Alerts are on for this device.";
export const PUSH_TURNED_OFF = "Alerts are off for this device.";
export const PUSH_DEVICE_REMOVED = "That device will not get alerts any more.";

export function pushTestSentText(devices: number): string {
  return devices === 1
    ? "A test alert is on its way to your device. It usually arrives within a few seconds."
    : `A test alert is on its way to your ${devices} devices. It usually arrives within a few seconds.`;
}

/** A key as browsers give it (URL-safe base64, padding optional). */
const base64Url = (max: number) =>
  z
    .string()
    .trim()
    .min(1, PUSH_SUBSCRIPTION_UNUSABLE)
    .max(max, PUSH_SUBSCRIPTION_UNUSABLE)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_SUBSCRIPTION_UNUSABLE);

export const pushAlertsSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(SUBSCRIBE_INTENT),
    endpoint: z.string().trim().min(1, PUSH_SUBSCRIPTION_UNUSABLE).max(1000, PUSH_SUBSCRIPTION_UNUSABLE),
    p256dh: base64Url(100),
    auth: base64Url(40),
  }),
  z.object({ intent: z.literal(UNSUBSCRIBE_INTENT), endpoint: z.string().trim().min(1).max(1000) }),
  z.object({ intent: z.literal(REMOVE_DEVICE_INTENT), id: z.string().trim().min(1).max(64) }),
  z.object({ intent: z.literal(SEND_TEST_INTENT) }),
]);

export interface PushDeviceView {
  id: string;
  /** "Chrome on Android". */
  label: string;
  /** The push service's address for the device: the page compares it with this browser's own. */
  endpoint: string;
  addedOn: string;
  lastAlertOn: string | null;
}

export interface PushAlertsView {
  /** The VAPID public key the browser subscribes with (URL-safe base64). */
  publicKey: string;
  devices: PushDeviceView[];
}

/** What the action answers when it does not redirect. */
export interface PushAlertsAnswer {
  error?: string;
}
