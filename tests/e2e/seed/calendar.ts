import { hashPassword } from "better-auth/crypto";
import { account, calendarDays, calendarImportDays, calendarImports, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Performers who keep a calendar (issue 26): profiles in California (the calendar's day is the
// state's), never listed, so nothing they mark reaches what other journeys see. Each journey has an
// account for its first attempt and one for its retry, both starting with an empty calendar. One more
// imports an iCal calendar (as if read a minute before the journey): its busy days are December 12 and
// 13 of next year, and it marked December 14 itself; the journey only looks, so it needs no retry account.

export const CALENDAR_ACCOUNTS = {
  marks: { id: "e2e-calendar-marks", email: "calendar-marks@example.com" },
  marksRetry: { id: "e2e-calendar-marks-retry", email: "calendar-marks-retry@example.com" },
  noscript: { id: "e2e-calendar-noscript", email: "calendar-noscript@example.com" },
  noscriptRetry: { id: "e2e-calendar-noscript-retry", email: "calendar-noscript-retry@example.com" },
  imports: { id: "e2e-calendar-imports", email: "calendar-imports@example.com" },
} as const;

const NEXT_YEAR = new Date().getUTCFullYear() + 1;
export const IMPORTED_DAYS = [`${NEXT_YEAR}-12-12`, `${NEXT_YEAR}-12-13`];

export async function seedCalendar({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email } of Object.values(CALENDAR_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({ id, displayName: "Jolly Squad", state: "CA", city: "Los Angeles", contactEmail: email });
  }
  const { id } = CALENDAR_ACCOUNTS.imports;
  const readAt = new Date();
  await db.insert(calendarImports).values({
    profileId: id,
    url: "https://calendar.example.com/jolly-squad.ics",
    lastFetchedAt: readAt,
    lastSuccessAt: readAt,
    busyDays: 2,
    // Never due during the run: the server's import job reads nothing outside this machine.
    nextFetchAt: new Date(readAt.getTime() + 365 * 86_400_000),
  });
  await db.insert(calendarImportDays).values(IMPORTED_DAYS.map((day) => ({ profileId: id, day })));
  await db.insert(calendarDays).values({ profileId: id, day: `${NEXT_YEAR}-12-14`, kind: "booked" });
}
