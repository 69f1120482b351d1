import { and, eq, inArray } from "drizzle-orm";
import type { Executor } from "~/server/db/client.server";
import { calendarImports, profiles, user } from "~/server/db/schema";
import { DEMO_PERFORMER } from "./generate";

// A few demo performers keep their calendar in an iCal feed (issue 26): the demo serves each one's
// feed itself (/demo/calendar/<id>.ics, app/routes/demo.calendar.ts) and its calendar-import job
// reads it over loopback, which only demo mode allows, a few seconds after the server starts and
// every hour after. The demo's login performer is one of them, so its calendar page shows the import.

const FEED_PERFORMERS = 4;

/** The demo server's own address as the seed knows it (scripts/demo.ts hands it PORT). */
export function demoFeedOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return `http://127.0.0.1:${env.PORT?.trim() || "3000"}`;
}

export async function seedDemoCalendarFeeds(tx: Executor, origin = demoFeedOrigin()): Promise<number> {
  const [login] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .where(eq(user.email, DEMO_PERFORMER.email));
  const others = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.paymentStatus, "paid"), eq(profiles.isActive, true)))
    .orderBy(profiles.id)
    .limit(FEED_PERFORMERS * 5);
  // Every fifth listed performer (in a stable order), so the feeds spread over the data set.
  const chosen = new Set<string>(login ? [login.id] : []);
  for (let i = 0; i < others.length && chosen.size < FEED_PERFORMERS; i += 5) chosen.add(others[i].id);
  if (chosen.size === 0) return 0;
  await tx.delete(calendarImports).where(inArray(calendarImports.profileId, [...chosen]));
  await tx.insert(calendarImports).values([...chosen].map((id) => ({ profileId: id, url: `${origin}/demo/calendar/${id}.ics` })));
  return chosen.size;
}
