import { isbot } from "isbot";
import type { Auth } from "../auth/auth.server";
import { isProfileId } from "../inquiries/inquiries.server";
import type { InsightsCounter } from "./counter.server";

// POST /insights/count: what the browser reports once a public page has shown a profile (a view)
// or a list of result cards (appearances). Pages are cached, by this process and by a CDN, so the
// count cannot happen in their loaders. The answer is always an empty 204: a caller learns nothing
// from it, whether or not its report counted.

/** A page of results shows at most this many cards; a longer list is not one a page sent. */
export const MAX_APPEARANCES = 48;
/** A report is a few hundred bytes at most; anything larger is not ours. */
const MAX_BODY_CHARS = 4_096;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export type CountReport = { kind: "view"; profileId: string } | { kind: "appearances"; profileIds: string[] };

/** The report in a body, or null for anything that is not exactly one of the two shapes. */
export function parseCountReport(body: string): CountReport | null {
  if (body.length > MAX_BODY_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { view, appearances } = value as { view?: unknown; appearances?: unknown };
  if (view !== undefined && appearances === undefined) return isProfileId(view) ? { kind: "view", profileId: view } : null;
  if (appearances !== undefined && view === undefined) {
    if (!Array.isArray(appearances) || appearances.length === 0 || appearances.length > MAX_APPEARANCES) return null;
    return appearances.every(isProfileId) ? { kind: "appearances", profileIds: appearances } : null;
  }
  return null;
}

export interface CountContext {
  auth: Auth;
  insights: InsightsCounter;
}

/** The signed-in visitor's id, read only when a session cookie came with the report (most do not). */
async function signedInId(ctx: CountContext, request: Request): Promise<string | null> {
  if (!SESSION_COOKIE.test(request.headers.get("Cookie") ?? "")) return null;
  try {
    const session = await ctx.auth.api.getSession({ headers: request.headers });
    return session?.user.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Counts a report unless it comes from a crawler, is past the visitor's reports for the hour, or is
 * the performer looking at their own profile (a profile's id is its owner's user id). `clientKey` is
 * the visitor's address, used only for that hourly limit and to count a visitor once per profile per
 * day (as keyed hashes, see counter.server.ts).
 */
export async function handleCountReport(ctx: CountContext, request: Request, clientKey: string, now = new Date()): Promise<Response> {
  const done = new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  const userAgent = request.headers.get("User-Agent");
  if (!userAgent || isbot(userAgent)) return done;
  const report = parseCountReport(await request.text());
  if (!report) return done;
  // Past the visitor's reports for the hour the report is dropped, before the session is read.
  if (!ctx.insights.admitReport(clientKey, now)) return done;
  const viewer = await signedInId(ctx, request);
  if (report.kind === "view") {
    if (report.profileId !== viewer) ctx.insights.countView(report.profileId, clientKey, now);
  } else {
    ctx.insights.countAppearances(
      report.profileIds.filter((id) => id !== viewer),
      clientKey,
      now,
    );
  }
  return done;
}
