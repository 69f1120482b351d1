import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { ACCOUNT_PAGES, etagMatches, PERSONAL_COOKIE } from "./cache-headers.server";

// A short-lived copy of the public pages in each process, as a CDN would keep them: an anonymous GET
// whose answer says any cache may keep it (`public` with `s-maxage` or `max-age`) is rendered once
// and served from memory for at most PAGE_CACHE_SECONDS. Visitors asking for the same page at once
// wait for one render instead of each starting their own. Nothing personal is ever stored: a
// request with a session or flash cookie, an account page, an answer that sets a cookie or is not
// a 200 all pass by. A write made through this process that may change a public page empties it
// before its answer leaves (the action calls the load context's `pagesChanged`; a signed Stripe event
// does the same in app.server.ts), so a performer or admin never sees their own change missing; a
// refused post (another site's, too large, invalid, signed out) leaves it be, so posting cannot keep
// it cold. A change made through another process, or by a job, shows within PAGE_CACHE_SECONDS.
//
// The inline scripts of a cached HTML page carry the nonce of the response that rendered it; each
// visitor gets the page with their own response's nonce put in its place, so the policy still
// allows only the scripts of the response it came with.

/** Marks an answer served from the cache ("hit"), so a benchmark can count them apart from rendered ones; a rendered answer has none. */
export const PAGE_CACHE_HEADER = "X-Page-Cache";

/** One page larger than this is not kept (the biggest directory page is a few hundred KB). */
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
const MAX_TOTAL_BYTES = 64 * 1024 * 1024;
const MAX_UNCACHEABLE_KEYS = 10_000;

export interface CachedPage {
  headers: [string, string][];
  body: Buffer;
  /** The nonce the HTML was rendered with, to be swapped for each response's own; null for data. */
  nonce: string | null;
  etag: string | null;
  expiresAt: number;
}

export type PageCacheResult = "hit" | "miss" | "bypass";

export interface PageCache {
  readonly enabled: boolean;
  /** The request's key when it may be answered from the cache, else null. */
  keyOf(req: ExpressRequest): string | null;
  get(key: string, now?: number): CachedPage | null;
  /** A render of this key already under way, which a concurrent request may wait for. */
  pending(key: string): Promise<CachedPage | null> | null;
  /**
   * Claims the render of `key` (null when another request has it); `done` stores its page, or with
   * null notes the key as not keepable for a while, so its requests render side by side instead of
   * queueing behind each other.
   */
  begin(key: string): { done(page: CachedPage | null): void } | null;
  /** True while `key` is noted as not keepable. */
  isUncacheable(key: string, now?: number): boolean;
  /** The page to keep for a rendered response, reading its body; null when it may not be kept. */
  capture(response: Response, nonce: string, now?: number): Promise<{ page: CachedPage | null; body: Buffer | null }>;
  clear(): void;
  readonly size: number;
}

/** Seconds a shared cache may keep the response, from its Cache-Control; 0 when it may not. */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl) return 0;
  const directives = cacheControl.toLowerCase().split(",").map((part) => part.trim());
  if (!directives.includes("public") || directives.some((d) => d === "private" || d === "no-store" || d === "no-cache")) return 0;
  const read = (name: string) => {
    const found = directives.find((d) => d.startsWith(`${name}=`));
    return found ? Number(found.slice(name.length + 1)) : undefined;
  };
  const seconds = read("s-maxage") ?? read("max-age") ?? 0;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

export function createPageCache(maxSeconds: number): PageCache {
  const entries = new Map<string, CachedPage>();
  const renders = new Map<string, Promise<CachedPage | null>>();
  /** Keys whose last answer could not be kept, until when. */
  const uncacheable = new Map<string, number>();
  let totalBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };

  return {
    enabled: maxSeconds > 0,
    keyOf(req) {
      if (maxSeconds <= 0 || req.method !== "GET") return null;
      if (req.headers.authorization || PERSONAL_COOKIE.test(req.headers.cookie ?? "")) return null;
      if (ACCOUNT_PAGES.test(req.path)) return null;
      return req.originalUrl;
    },
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAt <= now) {
        remove(key);
        return null;
      }
      // Most recently used last, so eviction takes the least recently used first.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    pending(key) {
      return renders.get(key) ?? null;
    },
    begin(key) {
      if (renders.has(key)) return null;
      let settle: (page: CachedPage | null) => void = () => undefined;
      renders.set(key, new Promise((resolve) => (settle = resolve)));
      return {
        done(page) {
          renders.delete(key);
          if (!page) {
            // Bounded: a crawler walking many unkeepable addresses forgets the oldest first.
            if (uncacheable.size >= MAX_UNCACHEABLE_KEYS) uncacheable.delete(uncacheable.keys().next().value!);
            uncacheable.set(key, Date.now() + maxSeconds * 1000);
          }
          settle(page);
          if (!page) return;
          remove(key);
          entries.set(key, page);
          totalBytes += page.body.length;
          for (const oldest of entries.keys()) {
            if (totalBytes <= MAX_TOTAL_BYTES) break;
            remove(oldest);
          }
        },
      };
    },
    async capture(response, nonce, now = Date.now()) {
      const seconds = Math.min(maxSeconds, sharedMaxAge(response.headers.get("Cache-Control")));
      if (response.status !== 200 || seconds <= 0 || response.headers.has("Set-Cookie") || !response.body) {
        return { page: null, body: null };
      }
      const body = Buffer.from(await response.arrayBuffer());
      if (body.length > MAX_ENTRY_BYTES) return { page: null, body };
      const html = (response.headers.get("Content-Type") ?? "").startsWith("text/html");
      const page: CachedPage = {
        headers: [...response.headers],
        body,
        nonce: html && nonce && body.includes(nonce) ? nonce : null,
        etag: response.headers.get("ETag"),
        expiresAt: now + seconds * 1000,
      };
      return { page, body };
    },
    isUncacheable(key, now = Date.now()) {
      const until = uncacheable.get(key);
      if (until === undefined) return false;
      if (until > now) return true;
      uncacheable.delete(key);
      return false;
    },
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    get size() {
      return entries.size;
    },
  };
}

/** Answers from a kept page: a 304 when the visitor holds it already, else the page with this response's nonce. */
export function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, nonce: string): void {
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  if (page.etag && etagMatches(req.headers["if-none-match"], page.etag)) {
    res.status(304);
    for (const [name, value] of page.headers) {
      if (/^(?:cache-control|etag|vary)$/i.test(name)) res.setHeader(name, value);
    }
    res.end();
    return;
  }
  res.status(200);
  for (const [name, value] of page.headers) res.append(name, value);
  const body = page.nonce && nonce ? Buffer.from(page.body.toString("utf8").replaceAll(page.nonce, nonce)) : page.body;
  res.end(body);
}
