import { markDays } from "~/server/calendar/calendar.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// The party date where a parent asks (tests/e2e/party-date-inquiry.spec.ts): three listed performers
// in Nebraska, which no other fixture uses, in a category no journey lists (Video Game Character
// must stay empty: a phone journey shows its example profiles), listed long ago (so
// the home page's newest are not theirs). One marked December 12 of the coming year booked, one
// keeps a calendar with that day open, one shares no calendar.

/** December 12 of the coming year: always ahead, and within the two years a party date may be. */
export const PARTY_DAY = `${new Date().getUTCFullYear() + 1}-12-12`;
const NEXT_DAY = `${new Date().getUTCFullYear() + 1}-12-13`;

function performer(id: string, displayName: string, city: string): ProfileFixture & { displayName: string; contactEmail: string } {
  return {
    id,
    displayName,
    state: "NE",
    city,
    categories: ["Custom Characters"],
    priceMin: 110,
    priceMax: 160,
    images: 1,
    contactEmail: `bookings-${id}@party-date.example.com`,
    createdAt: new Date("2021-03-01T12:00:00Z"),
  };
}

export const PARTY_DATE = {
  booked: performer("e2e-party-date-booked", "Omaha Jolly Squad", "Omaha"),
  free: performer("e2e-party-date-free", "Lincoln Level-Up Crew", "Lincoln"),
  quiet: performer("e2e-party-date-quiet", "Kearney Quest Knight", "Kearney"),
} as const;

export async function seedPartyDateInquiry({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(PARTY_DATE)) await insertProfile(db, fixture, mediaDir);
  await markDays(db, PARTY_DATE.booked.id, { from: PARTY_DAY, to: PARTY_DAY, mark: "booked" });
  // A calendar kept up to date, with the day after booked: free on the party day.
  await markDays(db, PARTY_DATE.free.id, { from: NEXT_DAY, to: NEXT_DAY, mark: "booked" });
}
