// A database that cannot be reached is an outage, not a bug in a page: the visitor gets a short
// 503 page with Retry-After (a CDN may serve its stale copy instead, and nobody is paged for a 500).

/** Seconds a client (or CDN) should wait before asking again. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** Socket-level failures: nothing listens, the host is gone, the link broke. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * PostgreSQL's own codes for "not now": class 08 (connection exception), the server shutting down
 * or starting up (57P01-57P03), and too many connections (53300).
 */
const SQLSTATE = /^(?:08\d{3}|57P0[1-3]|53300)$/;

/** What node-postgres and PGlite say when the connection, the pool or the database is gone. */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Cannot use a pool after calling end on the pool/,
  /^Client has encountered a connection error and is not queryable/,
  /^PGlite is closed/,
];

/**
 * True when the error (or one it wraps: Drizzle's DrizzleQueryError keeps the driver's error as
 * its cause, a failed dual-stack connect is an AggregateError) says the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATE.test(code))) return true;
  if (LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}

/**
 * The page's heading: the spec's words for a list of performers that could not be read (the
 * listing pages' 'Failed to load profiles', the home page's featured list's 'Failed to fetch
 * profiles'), else a general one.
 */
export function outageHeading(pathname: string): string {
  const page = pathname.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  if (page === "/" || page === "/_root") return "Failed to fetch profiles";
  if (/^\/(?:browse|categories|search)(?:\/|$)/.test(page)) return "Failed to load profiles";
  return "We'll be right back";
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/'/g, "&#39;");

function outagePage(heading: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Briefly unavailable</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${escapeHtml(heading)}</h1>
<p>The site is briefly unavailable. Please try again in a minute.</p>
</body>
</html>
`;
}

/** The 503 answer for a page during an outage (plain HTML, no scripts, nothing that needs the database). */
export function outageResponse(pathname: string): Response {
  return new Response(outagePage(outageHeading(pathname)), {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Retry-After": String(OUTAGE_RETRY_AFTER_SECONDS),
      "Cache-Control": "no-store",
    },
  });
}
