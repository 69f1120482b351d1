import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import ipaddr from "ipaddr.js";
import { MAX_PUSH_DEVICES, type PushDeviceView } from "~/lib/push-alerts";
import { isAllowedAddress } from "../calendar-import/safe-fetch.server";
import type { Executor } from "../db/client.server";
import { pushSubscriptions } from "../db/schema";
import { isUuid } from "../db/sql-values.server";

// The devices a performer turned alerts on for. A subscription's endpoint is an address the server
// will later post to, written by whoever is signed in: it must be https on a public host (checked
// here for a literal address, and again for every name when the alert is sent), never the server's
// own network. Loopback passes only with `allowLoopback`, which the tests and demo mode pass in code.

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The endpoint as a URL the sender may post to, or null. */
export function usableEndpoint(raw: string, allowLoopback = false): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password || url.hash) return null;
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  const literal = ipaddr.isValid(host);
  const loopback = host === "localhost" || (literal && ipaddr.parse(host).range() === "loopback");
  if (url.protocol === "http:") return allowLoopback && loopback ? url : null;
  if (url.protocol !== "https:") return null;
  if (loopback) return allowLoopback ? url : null;
  if (literal && !isAllowedAddress(host, allowLoopback)) return null;
  return url;
}

/** The key as stored: URL-safe base64 without padding, or null when it is not `bytes` long. */
function keyOf(value: string, bytes: number, first?: number): string | null {
  const decoded = Buffer.from(value.replace(/=+$/, ""), "base64url");
  if (decoded.length !== bytes || (first !== undefined && decoded[0] !== first)) return null;
  return decoded.toString("base64url");
}

/** "Chrome on Android", from the browser that subscribed, for the list of devices. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /Firefox\/|FxiOS\//.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "A browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone/.test(ua)
      ? "iPhone"
      : /iPad/.test(ua)
        ? "iPad"
        : /Windows/.test(ua)
          ? "Windows"
          : /Mac OS X|Macintosh/.test(ua)
            ? "Mac"
            : /CrOS/.test(ua)
              ? "Chromebook"
              : /Linux/.test(ua)
                ? "Linux"
                : null;
  return system ? `${browser} on ${system}` : browser;
}

export type SaveOutcome = { ok: true; id: string } | { ok: false; reason: "unusable" };

/**
 * Keeps the device for this account. The same endpoint again (the browser renewed its keys, or
 * someone else signed in on the device) replaces the old row, so a device alerts one account. Past
 * MAX_PUSH_DEVICES the oldest devices are dropped in the same transaction.
 */
export async function saveSubscription(
  db: Executor,
  userId: string,
  input: NewSubscription,
  label: string,
  options: { allowLoopback?: boolean } = {},
): Promise<SaveOutcome> {
  const endpoint = usableEndpoint(input.endpoint, options.allowLoopback);
  const p256dh = keyOf(input.p256dh, 65, 0x04);
  const auth = keyOf(input.auth, 16);
  if (!endpoint || !p256dh || !auth) return { ok: false, reason: "unusable" };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint: endpoint.toString(), p256dh, auth, deviceLabel: label.slice(0, 60) })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh, auth, deviceLabel: label.slice(0, 60), createdAt: sql`now()`, lastSentAt: null },
      })
      .returning({ id: pushSubscriptions.id });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_PUSH_DEVICES);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    return { ok: true as const, id: row.id };
  });
}

/** Turns alerts off for one of the account's devices, named by its id or its endpoint; true when one went. */
export async function removeSubscription(db: Executor, userId: string, which: { id: string } | { endpoint: string }): Promise<boolean> {
  if ("id" in which && !isUuid(which.id)) return false;
  const match = "id" in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint);
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), match))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export async function listDevices(db: Executor, userId: string): Promise<PushDeviceView[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    label: row.deviceLabel,
    endpoint: row.endpoint,
    addedOn: row.createdAt.toISOString(),
    lastAlertOn: row.lastSentAt?.toISOString() ?? null,
  }));
}
