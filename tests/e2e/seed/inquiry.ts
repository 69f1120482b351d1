import { eq } from "drizzle-orm";
import { profiles } from "~/server/db/schema";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// The inquiry confirmation's journey (tests/e2e/inquiry.spec.ts): a performer whose reading time is
// known, and a neighbour sharing a category to offer as similar. Idaho is used by no other seeder,
// so the neighbour is the nearest similar performer.

export const INQUIRY = {
  fairy: {
    id: "inq-id-boise-fairy",
    displayName: "Boise Birthday Fairy",
    state: "ID",
    city: "Boise",
    categories: ["Fantasy", "Kids' Parties Only"],
    priceMin: 100,
    priceMax: 150,
    images: 1,
    contactEmail: "boise-fairy-bookings@example.com",
  },
  knight: {
    id: "inq-id-meridian-knight",
    displayName: "Meridian Moon Knight",
    state: "ID",
    city: "Meridian",
    categories: ["Fantasy"],
    priceMin: 90,
    priceMax: 120,
    images: 1,
  },
} satisfies Record<string, ProfileFixture>;

/** What the fairy's profile says about reading inquiries (profiles.inquiry_read_hours). */
export const FAIRY_READ_HOURS = 5;

export async function seedInquiry({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of Object.values(INQUIRY) as ProfileFixture[]) await insertProfile(db, fixture, mediaDir);
  await db.update(profiles).set({ inquiryReadHours: FAIRY_READ_HOURS }).where(eq(profiles.id, INQUIRY.fairy.id));
}
