import { createHash, randomBytes } from "node:crypto";
import { data } from "react-router";

// HTTP caching for the public directory pages. An anonymous GET gets a shared-cache policy and a
// weak ETag, so a CDN (and the browser) can keep the page and revalidate it cheaply; anything
// personal (a signed-in visitor, a pending toast, an owner's preview, a form post) is private and
// never stored.

export const PUBLIC_CACHE_CONTROL = "public, max-age=60, s-maxage=300, stale-while-revalidate=600";
/**
 * For anonymous pages that must not lag behind a change for long: the free-listing program's live
 * count (home, /free-listing) and a profile page, which an admin may take down. The browser
 * revalidates every time (a cheap 304 by ETag, a 404 once the profile is gone) and a shared cache
 * keeps the page a minute at most.
 */
export const FRESH_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
const PRIVATE_CACHE_CONTROL = "private, no-store";

// ETags change with each deployment (and process) so a cached page never outlives the scripts it
// references. Processes of one deployment disagree, which costs a 200 instead of a 304, never a stale page.
const BUILD_SALT = process.env.BUILD_ID ?? randomBytes(8).toString("hex");

/** Cookies that make a page personal: the session, and a toast waiting to be shown. */
export const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.session_token|cc_flash)=/;
/** Pages that show an account's own data (email, inquiries, billing): never kept by any cache. */
export const ACCOUNT_PAGES = /^\/(?:dashboard|admin)(?:\/|\.data$|$)/;

/** True when nothing in the request can make the page differ from what any visitor would get. */
function isAnonymousRequest(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  return !PERSONAL_COOKIE.test(request.headers.get("Cookie") ?? "");
}

function etagFor(payload: unknown): string {
  const hash = createHash("sha1").update(BUILD_SALT).update(JSON.stringify(payload) ?? "").digest("base64url");
  return `W/"${hash.slice(0, 27)}"`;
}

/** True when the If-None-Match header names the ETag (or `*`). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === bare;
  });
}

export function privateHeaders(): Headers {
  return new Headers({ "Cache-Control": PRIVATE_CACHE_CONTROL, Vary: "Cookie" });
}

interface CachedOptions {
  status?: number;
  cacheControl?: string;
  /** Forces the private policy (e.g. an owner's preview found by a session lookup). */
  personal?: boolean;
}

/**
 * Loader data with caching headers. An anonymous request whose If-None-Match matches gets a
 * body-less 304. Pass the result through the route's `headers` export (see routeCacheHeaders).
 */
export function cachedData<T>(request: Request, payload: T, options: CachedOptions = {}) {
  const status = options.status ?? 200;
  if (options.personal || status >= 400 || !isAnonymousRequest(request)) {
    return data(payload, { status, headers: privateHeaders() });
  }
  const etag = etagFor(payload);
  const headers = new Headers({
    "Cache-Control": options.cacheControl ?? PUBLIC_CACHE_CONTROL,
    ETag: etag,
    Vary: "Cookie",
  });
  // React Router sends no body for a 304, whatever the payload.
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return data(payload, { status: 304, headers });
  return data(payload, { status, headers });
}

const CACHE_HEADER_NAMES = ["Cache-Control", "ETag", "Vary"] as const;

/**
 * The `headers` export of a directory route: the page's caching headers come from its own loader
 * (or from the error it threw), never from a parent.
 */
export function routeCacheHeaders({
  loaderHeaders,
  errorHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  errorHeaders?: Headers;
  actionHeaders: Headers;
}): Headers {
  const result = new Headers();
  const source = errorHeaders ?? loaderHeaders;
  for (const name of CACHE_HEADER_NAMES) {
    const value = source.get(name);
    if (value) result.set(name, value);
  }
  // A form post's answer is personal even though the loader ran for an anonymous visitor.
  if (actionHeaders.has("Cache-Control") || !result.has("Cache-Control")) {
    result.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    result.delete("ETag");
  }
  return result;
}

/**
 * The loader of a page whose words depend only on the deployment (about, FAQ, terms...): it loads
 * nothing, and exists so an anonymous visitor's copy is shared-cacheable like the directory's pages.
 */
export function staticPageLoader({ request }: { request: Request }) {
  return cachedData(request, { page: new URL(request.url).pathname });
}
