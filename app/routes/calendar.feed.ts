import type { Route } from "./+types/calendar.feed";
import { readFeed } from "~/server/calendar/calendar.server";

// /calendar/<token>.ics: a performer's own iCalendar feed of the days they marked, for Google, Apple
// or Outlook to subscribe to. The token is the only key (the performer can replace it from
// /dashboard/calendar), so a wrong one is a plain 404 that says nothing about who exists.

const FEED_FILE = /^([A-Za-z0-9_-]{16,64})\.ics$/;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const match = FEED_FILE.exec(params.feed ?? "");
  const feed = match?.[1] ? await readFeed(context.db, match[1], new URL(context.config.publicUrl).host) : null;
  if (feed === null) {
    return new Response("Not found\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
    });
  }
  return new Response(request.method === "HEAD" ? null : feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="calendar.ics"',
      // Personal: no shared cache may keep it, and a new token must stop it at once.
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
    },
  });
}
