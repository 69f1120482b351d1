import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { profileCategories, profiles } from "../db/schema";
import { availabilityOn } from "../calendar/calendar.server";
import { similarPerformers } from "../directory/similar-performers.server";
import { todayIso } from "../directory/visibility.server";
import { lookupZip } from "../search/zip.server";

// "Sorry, I'm booked that day" suggests up to DECLINE_ALTERNATIVES listed performers sharing one of
// the decliner's categories, nearest to the party's ZIP code first (the decliner's own city when
// the ZIP is unknown), leaving out anyone whose calendar says booked that day. The directory's own
// reads do the work: similarPerformers (growing boxes on the coordinates index) and availabilityOn.

export const DECLINE_ALTERNATIVES = 3;
/** Candidates read before the booked ones are taken out. */
const CANDIDATES = 12;

export interface Alternative {
  id: string;
  name: string;
}

export async function declineAlternatives(
  db: Executor,
  performerId: string,
  inquiry: { zip: string; eventDate: string | null },
  now: Date = new Date(),
): Promise<Alternative[]> {
  const categories = (await db.select({ c: profileCategories.category }).from(profileCategories).where(eq(profileCategories.profileId, performerId))).map(
    (r) => r.c,
  );
  if (categories.length === 0) return [];
  const place = lookupZip(inquiry.zip);
  let latitude = place?.latitude ?? null;
  let longitude = place?.longitude ?? null;
  if (latitude === null || longitude === null) {
    const [own] = await db.select({ lat: profiles.latitude, lon: profiles.longitude }).from(profiles).where(eq(profiles.id, performerId)).limit(1);
    latitude = own?.lat ?? null;
    longitude = own?.lon ?? null;
  }
  const cards = await similarPerformers(db, { id: performerId, categories, latitude, longitude }, CANDIDATES, todayIso(now));
  const free = inquiry.eventDate ? await availabilityOn(db, cards.map((c) => c.id), inquiry.eventDate, now) : null;
  return cards
    .filter((c) => free?.get(c.id) !== "booked")
    .slice(0, DECLINE_ALTERNATIVES)
    .map((c) => ({ id: c.id, name: c.displayName }));
}
