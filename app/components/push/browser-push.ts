import { PUSH_WORKER_SCOPE, PUSH_WORKER_URL } from "~/lib/push-alerts";

// The browser's side of lead alerts: whether it can show them, its subscription for this site, and
// turning it on or off. Only /dashboard/alerts loads this.

export type PushSupport = "unsupported" | "denied" | "available";

export function pushSupport(): PushSupport {
  if (typeof window === "undefined" || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    return "unsupported";
  }
  return Notification.permission === "denied" ? "denied" : "available";
}

/** This browser's subscription for the site, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(PUSH_WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The key as the Push API takes it. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64Url.length / 4) * 4, "=");
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** A registration whose worker is active: the Push API refuses to subscribe before that. */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: PUSH_WORKER_SCOPE });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  if (worker) {
    await new Promise<void>((resolve) => {
      const settle = () => {
        if (worker.state === "activated" || worker.state === "redundant") resolve();
      };
      worker.addEventListener("statechange", settle);
      settle();
    });
  }
  return registration;
}

export class PermissionRefused extends Error {
  constructor(readonly permission: NotificationPermission) {
    super(`notifications ${permission}`);
  }
}

/** Asks for permission and subscribes; the subscription's address and keys, to post to the server. */
export async function subscribeThisBrowser(publicKey: string): Promise<{ endpoint: string; p256dh: string; auth: string }> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") throw new PermissionRefused(permission);
  const registration = await activeRegistration();
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  let subscription: PushSubscription;
  try {
    subscription = await registration.pushManager.subscribe(options);
  } catch (error) {
    // A subscription made for another key (the site's keys changed): replaced by one for this key.
    const old = await registration.pushManager.getSubscription();
    if (!old) throw error;
    await old.unsubscribe();
    subscription = await registration.pushManager.subscribe(options);
  }
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" };
}

/** Withdraws this browser's subscription; its address (for the server to forget), or null when there was none. */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
