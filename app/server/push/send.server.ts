import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import webpush from "web-push";
import { isAllowedAddress } from "../calendar-import/safe-fetch.server";
import type { PushPayload } from "../db/schema";
import type { PushUrgency } from "./alerts.server";
import { usableEndpoint } from "./subscriptions.server";
import type { VapidKeys } from "./vapid.server";

// One push to one device. web-push does the protocol's work (the payload encrypted for the device's
// keys, RFC 8291 aes128gcm; the VAPID JWT signed for the push service's origin, RFC 8292); the post
// itself is ours, because the address was written by a signed-in user: it goes only to a public
// address, checked inside the socket's lookup as the calendar import checks its feeds, with a
// short timeout and no redirects followed.

export const PUSH_TIMEOUT_MS = 10_000;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  payload: PushPayload;
  topic: string | null;
  urgency: PushUrgency;
  ttlSeconds: number;
}

/**
 * What became of a push: taken by the push service; the device is gone (404 or 410: the
 * subscription expired or was withdrawn, so it is deleted); refused for good (any other 4xx but
 * 429, such as a key the service does not accept); or worth another try later (429, 5xx, network).
 */
export type PushOutcome =
  | { kind: "sent"; status: number }
  | { kind: "gone"; status: number }
  | { kind: "refused"; status: number; error: string }
  | { kind: "retry"; status: number | null; retryAfterMs: number | null; error: string };

export interface SendOptions {
  allowLoopback?: boolean;
  timeoutMs?: number;
}

class PrivateAddressError extends Error {
  constructor() {
    super("the push address resolves to a private network");
    this.name = "PrivateAddressError";
  }
}

function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every((entry) => isAllowedAddress(entry.address, allowLoopback))) {
        return callback(new PrivateAddressError() as NodeJS.ErrnoException, "", 4);
      }
      const chosen = options.family ? (list.find((entry) => entry.family === options.family) ?? list[0]) : list[0];
      if (options.all) {
        (callback as unknown as (err: null, addresses: dns.LookupAddress[]) => void)(null, [chosen]);
      } else {
        callback(null, chosen.address, chosen.family);
      }
    });
  };
}

function retryAfterMs(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : null;
}

function outcomeOf(status: number, headers: http.IncomingHttpHeaders, body: string): PushOutcome {
  if (status >= 200 && status < 300) return { kind: "sent", status };
  if (status === 404 || status === 410) return { kind: "gone", status };
  const error = `push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ""}`;
  if (status === 429 || status >= 500) return { kind: "retry", status, retryAfterMs: retryAfterMs(headers["retry-after"]), error };
  return { kind: "refused", status, error };
}

/** Encrypts, signs and posts one alert to one device. Never throws for what the network or the service did. */
export async function sendPush(target: PushTarget, message: PushMessage, vapid: VapidKeys, options: SendOptions = {}): Promise<PushOutcome> {
  const allowLoopback = options.allowLoopback ?? false;
  const url = usableEndpoint(target.endpoint, allowLoopback);
  if (!url) return { kind: "refused", status: 0, error: "the push address is not one the server may post to" };
  const details = webpush.generateRequestDetails(
    { endpoint: url.toString(), keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message.payload),
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: message.ttlSeconds,
      urgency: message.urgency,
      ...(message.topic ? { topic: message.topic } : {}),
      contentEncoding: "aes128gcm",
    },
  );
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (ipaddr.isValid(host) && !isAllowedAddress(host, allowLoopback)) {
    return { kind: "refused", status: 0, error: "the push address is on a private network" };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  return new Promise<PushOutcome>((resolve) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers,
        lookup: checkedLookup(allowLoopback),
        timeout: options.timeoutMs ?? PUSH_TIMEOUT_MS,
        agent: false,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          // A push service answers in a few words; nothing more is worth keeping.
          if (body.length < 1000) body += chunk;
        });
        response.on("end", () => resolve(outcomeOf(response.statusCode ?? 0, response.headers, body)));
        response.on("error", (error) => resolve({ kind: "retry", status: null, retryAfterMs: null, error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error("the push service did not answer in time")));
    request.on("error", (error) => {
      if (error instanceof PrivateAddressError) resolve({ kind: "refused", status: 0, error: error.message });
      else resolve({ kind: "retry", status: null, retryAfterMs: null, error: error.message });
    });
    if (details.body) request.write(details.body);
    request.end();
  });
}
