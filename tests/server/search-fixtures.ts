import { randomUUID } from "node:crypto";
import type { Executor } from "~/server/db/client.server";
import { profileCategories, profiles, user } from "~/server/db/schema";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { findCity } from "~/lib/us-states";
import type { Category, TravelRange } from "~/lib/constants";

// Performers for the search, inquiry and sitemap tests, saved the way the profile editor saves them
// (city coordinates copied from the reference data, search document refreshed).

export interface PerformerSpec {
  id?: string;
  displayName?: string | null;
  bio?: string;
  characters?: string[];
  state?: string;
  city?: string;
  categories?: Category[];
  travelRadius?: TravelRange;
  isActive?: boolean;
  paymentStatus?: "paid" | "pending" | "expired";
  paymentExpiry?: string | null;
  contactEmail?: string | null;
  accountEmail?: string;
  createdAt?: Date;
}

export const FAR_FUTURE = "2999-12-31";

export async function addPerformer(db: Executor, spec: PerformerSpec = {}): Promise<string> {
  const id = spec.id ?? `p-${randomUUID()}`;
  const state = spec.state ?? "FL";
  const city = spec.city ?? "Orlando";
  const place = findCity(state, city);
  await db.insert(user).values({ id, name: id, email: spec.accountEmail ?? `${id}@accounts.example.com` });
  await db.insert(profiles).values({
    id,
    displayName: spec.displayName === undefined ? `Performer ${id.slice(0, 8)}` : spec.displayName,
    bio: spec.bio ?? "Friendly costumed performer for parties and events.",
    characters: spec.characters ?? [],
    state,
    city,
    latitude: place?.lat ?? null,
    longitude: place?.lon ?? null,
    travelRadius: spec.travelRadius ?? "local_only",
    isActive: spec.isActive ?? true,
    paymentStatus: spec.paymentStatus ?? "paid",
    paymentExpiry: spec.paymentExpiry === undefined ? FAR_FUTURE : spec.paymentExpiry,
    contactEmail: spec.contactEmail === undefined ? `${id}@contact.example.com` : spec.contactEmail,
    ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
  });
  const categories = spec.categories ?? ["Hero"];
  if (categories.length > 0) {
    await db.insert(profileCategories).values(categories.map((category) => ({ profileId: id, category })));
  }
  await refreshSearchDocument(db, id);
  return id;
}
