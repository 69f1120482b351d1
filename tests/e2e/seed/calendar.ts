import { hashPassword } from "better-auth/crypto";
import { account, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Performers who keep a calendar (issue 26): profiles in California (the calendar's day is the
// state's), never listed, so nothing they mark reaches what other journeys see. Each journey has an
// account for its first attempt and one for its retry, both starting with an empty calendar.

export const CALENDAR_ACCOUNTS = {
  marks: { id: "e2e-calendar-marks", email: "calendar-marks@example.com" },
  marksRetry: { id: "e2e-calendar-marks-retry", email: "calendar-marks-retry@example.com" },
  noscript: { id: "e2e-calendar-noscript", email: "calendar-noscript@example.com" },
  noscriptRetry: { id: "e2e-calendar-noscript-retry", email: "calendar-noscript-retry@example.com" },
} as const;

export async function seedCalendar({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email } of Object.values(CALENDAR_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({ id, displayName: "Jolly Squad", state: "CA", city: "Los Angeles", contactEmail: email });
  }
}
