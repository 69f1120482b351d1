import { calendarDays, performerCalendars, profilePackages } from "~/server/db/schema";
import type { Executor } from "~/server/db/client.server";
import { insertProfile } from "./directory";
import type { E2ESeedContext } from "./index";

// The party date in search (issue 26): two listed performers in Orlando under a name nobody else
// uses, both keeping a calendar updated at seeding time. One marked December 12 of next year
// booked; the other is free then and has a $150 package. The journey searches for the name with
// that date.

/** December 12 of the year after this one: always ahead, always within the two years a date may reach. */
export function partyDay(now: Date = new Date()): string {
  return `${now.getUTCFullYear() + 1}-12-12`;
}

export const PARTY_DATE_PERFORMERS = {
  booked: { id: "e2e-party-booked", displayName: "Zephyrine Jolly Squad" },
  free: { id: "e2e-party-free", displayName: "Zephyrine Star Fairy" },
} as const;

/** A performer's calendar: last changed `updatedAt`, with these days marked booked. */
export async function giveCalendar(db: Executor, profileId: string, options: { updatedAt: Date; booked?: string[]; weeklyOff?: number; weeklySince?: string }) {
  await db.insert(performerCalendars).values({
    profileId,
    feedToken: `feed-${profileId}`,
    updatedAt: options.updatedAt,
    weeklyOff: options.weeklyOff ?? 0,
    weeklySince: options.weeklySince ?? null,
  });
  const booked = options.booked ?? [];
  if (booked.length) await db.insert(calendarDays).values(booked.map((day) => ({ profileId, day, kind: "booked" })));
}

export async function seedPartyDate({ db }: E2ESeedContext) {
  const { booked, free } = PARTY_DATE_PERFORMERS;
  const base = { state: "FL", city: "Orlando", categories: ["Fantasy"], audience: "kids" as const, priceMin: 120, priceMax: 200 };
  // The booked one is the newer: without the date it would come first.
  await insertProfile(db, { ...base, ...free, createdAt: new Date(Date.UTC(2025, 0, 1)) });
  await insertProfile(db, { ...base, ...booked, createdAt: new Date(Date.UTC(2025, 0, 2)) });
  await db.insert(profilePackages).values({ profileId: free.id, position: 0, name: "Party visit", minutes: 45, price: 150 });
  const now = new Date();
  await giveCalendar(db, free.id, { updatedAt: now });
  await giveCalendar(db, booked.id, { updatedAt: now, booked: [partyDay(now)] });
}
