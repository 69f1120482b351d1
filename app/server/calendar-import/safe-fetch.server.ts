import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import type { CalendarFetchFailure } from "~/lib/calendar-import";

// Reads a calendar address a performer pasted. The address is anyone's choice, so the server must
// never become a way into the networks it can reach: only http and https, only public addresses,
// and the connection goes to the very address that was checked (the check happens inside the
// socket's own lookup), so a name that answers a public address to the check and a private one
// to the connection (DNS rebinding) gets nowhere. Each redirect is checked the same way. What is
// read is bounded: 1 MB, 10 seconds for the whole exchange, redirects included.

export const MAX_CALENDAR_BYTES = 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_REDIRECTS = 3;

export interface SafeFetchOptions {
  /**
   * Lets 127.0.0.1 and ::1 through (nothing else private). Only tests and the demo, which serve a
   * feed from this machine, pass it, in code: no setting a deployment could turn on by mistake.
   */
  allowLoopback?: boolean;
  maxBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export class CalendarFetchError extends Error {
  constructor(
    readonly reason: CalendarFetchFailure,
    readonly status?: number,
  ) {
    super(`calendar fetch refused: ${reason}${status ? ` (${status})` : ""}`);
    this.name = "CalendarFetchError";
  }
}

/** Whether an address may be connected to: public unicast only, loopback only when allowed. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1 to the kernel.
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  const range = parsed.range();
  if (range === "unicast") return true;
  return allowLoopback && range === "loopback";
}

/** Whether a pasted address has a scheme the fetcher reads (webcal is https under Apple's name). */
export function normaliseCalendarUrl(raw: string): URL | null {
  let text = raw.trim();
  if (/^webcals?:\/\//i.test(text)) text = text.replace(/^webcals?:/i, "https:");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  return url;
}

function hostOf(url: URL): string {
  // URL keeps an IPv6 literal in brackets; the socket wants it bare.
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/** A lookup that resolves the name, refuses it unless every address is allowed, and hands the socket the one it checked. */
function checkedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, "", 4);
      const list = addresses as dns.LookupAddress[];
      // One private answer among public ones is still a name pointing inward: refuse the name.
      if (list.length === 0 || !list.every((entry) => isAllowedAddress(entry.address, allowLoopback))) {
        return callback(new CalendarFetchError("private-address") as NodeJS.ErrnoException, "", 4);
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

interface Answer {
  status: number;
  location: string | null;
  body: Buffer | null;
}

function requestOnce(url: URL, options: Required<Pick<SafeFetchOptions, "allowLoopback" | "maxBytes">>, signal: AbortSignal): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const host = hostOf(url);
    // A literal address skips the lookup, so it is checked here.
    if (ipaddr.isValid(host) && !isAllowedAddress(host, options.allowLoopback)) {
      reject(new CalendarFetchError("private-address"));
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      {
        protocol: url.protocol,
        hostname: host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        headers: {
          accept: "text/calendar, text/plain;q=0.5, */*;q=0.1",
          "accept-encoding": "identity",
          "user-agent": "CostumeCast calendar import",
        },
        lookup: checkedLookup(options.allowLoopback),
        signal,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          resolve({ status, location: response.headers.location ?? null, body: null });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new CalendarFetchError("http-status", status));
          return;
        }
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          reject(new CalendarFetchError("too-big"));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > options.maxBytes) {
            // Stop reading at once: a server that lies about its length gets no more of our time.
            response.destroy();
            reject(new CalendarFetchError("too-big"));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function classify(error: unknown, signal: AbortSignal, timedOut: () => boolean): CalendarFetchError {
  if (error instanceof CalendarFetchError) return error;
  if (timedOut()) return new CalendarFetchError("timeout");
  if (signal.aborted) return new CalendarFetchError("unreachable");
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") return new CalendarFetchError("host-not-found");
  return new CalendarFetchError("unreachable");
}

/**
 * The calendar text at `raw`, following at most MAX_REDIRECTS redirects; throws CalendarFetchError
 * with the reason a performer is told.
 */
export async function fetchCalendarText(raw: string, options: SafeFetchOptions = {}): Promise<string> {
  const settings = {
    allowLoopback: options.allowLoopback ?? false,
    maxBytes: options.maxBytes ?? MAX_CALENDAR_BYTES,
  };
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? FETCH_TIMEOUT_MS);
  const stop = () => controller.abort();
  options.signal?.addEventListener("abort", stop, { once: true });
  try {
    let url = normaliseCalendarUrl(raw);
    if (!url) throw new CalendarFetchError("scheme");
    for (let redirects = 0; ; redirects++) {
      let answer: Answer;
      try {
        answer = await requestOnce(url, settings, controller.signal);
      } catch (error) {
        throw classify(error, controller.signal, () => timedOut);
      }
      if (answer.body) return calendarText(answer.body);
      if (!answer.location) throw new CalendarFetchError("http-status", answer.status);
      if (redirects >= MAX_REDIRECTS) throw new CalendarFetchError("too-many-redirects");
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        throw new CalendarFetchError("unreachable");
      }
      const checked = normaliseCalendarUrl(next.toString());
      if (!checked) throw new CalendarFetchError("scheme");
      url = checked;
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }
}

function calendarText(body: Buffer): string {
  const text = body.toString("utf8").replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new CalendarFetchError("not-ical");
  return text;
}
