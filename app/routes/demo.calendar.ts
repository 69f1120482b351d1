import type { Route } from "./+types/demo.calendar";
import { demoFeed } from "~/server/calendar-import/demo-feed.server";
import { localDayOf } from "~/server/calendar-import/ical-days.server";

// /demo/calendar/<profile id>.ics: the demo's stand-in for a performer's Google calendar, which
// the demo's own calendar-import job reads over loopback. Outside demo mode it does not exist.

const FILE = /^([A-Za-z0-9_-]{1,64})\.ics$/;

export function loader({ params, context }: Route.LoaderArgs) {
  const match = FILE.exec(params.file ?? "");
  if (!context.config.demoMode || !match?.[1]) {
    return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(demoFeed(match[1], localDayOf(Date.now(), "America/New_York")), {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
