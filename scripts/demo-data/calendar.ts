import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { addDays, weekdayOf } from "~/lib/calendar";
import { todayInState } from "~/lib/state-time-zones";
import type { Executor } from "~/server/db/client.server";
import { calendarDays, performerCalendars, profiles } from "~/server/db/schema";

// The demo's calendars (issue 26): most listed performers keep one, with booked days in the next 60
// days counted from the day the demo is seeded (in each performer's own zone), so a freshly seeded
// demo is never a calendar of the past. Which days are booked follows a hash of the performer and
// the day's distance from today, so one data set always books the same pattern: weekends fill up
// (a third of Saturdays and Sundays), weekdays rarely do; some performers are away for a few days,
// a few never work Sundays, and a few have not touched their calendar in 45 days (the dashboard
// nudges them, and search will treat theirs as not shared).

const HORIZON_DAYS = 60;

/** A small, stable hash (FNV-1a) of text to 0..99. */
function percent(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % 100;
}

export interface DemoCalendarSummary {
  calendars: number;
  days: number;
}

export async function seedDemoCalendars(tx: Executor, now: Date): Promise<DemoCalendarSummary> {
  const listed = await tx.select({ id: profiles.id, state: profiles.state }).from(profiles).where(eq(profiles.paymentStatus, "paid"));
  const calendars: (typeof performerCalendars.$inferInsert)[] = [];
  const days: (typeof calendarDays.$inferInsert)[] = [];
  for (const { id, state } of listed) {
    // One in six shares no calendar: "Availability not shared".
    if (percent(`${id}:keeps`) < 16) continue;
    const today = todayInState(state, now);
    const stale = percent(`${id}:stale`) < 8;
    const sundaysOff = percent(`${id}:sundays`) < 12;
    calendars.push({
      profileId: id,
      feedToken: randomBytes(24).toString("base64url"),
      weeklyOff: sundaysOff ? 1 : 0,
      weeklySince: sundaysOff ? today : null,
      updatedAt: new Date(now.getTime() - (stale ? 45 : percent(`${id}:updated`) % 12) * 86_400_000),
    });
    const awayFrom = percent(`${id}:away`) < 20 ? 10 + (percent(`${id}:away-start`) % 40) : null;
    for (let offset = 0; offset < HORIZON_DAYS; offset++) {
      const day = addDays(today, offset);
      if (awayFrom !== null && offset >= awayFrom && offset < awayFrom + 3) {
        days.push({ profileId: id, day, kind: "away" });
        continue;
      }
      const weekend = [0, 6].includes(weekdayOf(day));
      if (percent(`${id}:${offset}`) < (weekend ? 35 : 6)) days.push({ profileId: id, day, kind: "booked" });
    }
  }
  for (let i = 0; i < calendars.length; i += 500) await tx.insert(performerCalendars).values(calendars.slice(i, i + 500));
  for (let i = 0; i < days.length; i += 1000) await tx.insert(calendarDays).values(days.slice(i, i + 1000));
  return { calendars: calendars.length, days: days.length };
}
