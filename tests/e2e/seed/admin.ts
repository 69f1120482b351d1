import { hashPassword } from "better-auth/crypto";
import { account, contactMessages, freeListingRequests, profileCategories, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Records the admin journeys act on, in Maine (a state no other fixture uses) and under names no
// other test searches for, so deactivating or deleting them changes nothing another test sees.

export const ADMIN_FIXTURES = {
  /** Listed and paid: the admin deactivates it and a visitor is told it is not found. */
  listed: { id: "e2e-admin-listed", email: "harbor.hawk@example.com", displayName: "Harbor Hawk", city: "Portland" },
  /** Unpaid and never finished: the admin deletes it. */
  doomed: { id: "e2e-admin-doomed", email: "dormant.dana@example.com", displayName: "Dormant Dana" },
  /** A message to the listed profile, which the admin reads and deletes. */
  message: {
    id: "4a2b0c1d-0000-4000-8000-00000000a001",
    senderName: "Rowan Readwell",
    senderEmail: "rowan.readwell@example.com",
    phoneNumber: "(207) 555-0147",
    message: "Could Harbor Hawk visit our library's summer reading kickoff?\nAbout 40 kids, one hour.",
  },
  /** Applications reviewed without JavaScript. */
  nojsRequest: { fullName: "Noel Nojsworth", email: "noel.nojsworth@example.com" },
  /** Listed and paid: the admin deactivates it on a phone with a reason, then undoes it. */
  paused: { id: "e2e-admin-paused", email: "tidal.tess@example.com", displayName: "Tidal Tess", city: "Bath" },
  /** Listed and paid: deactivated from the desktop list, the Undo left to lapse, then activated. */
  lapsed: { id: "e2e-admin-lapsed", email: "coral.cody@example.com", displayName: "Coral Cody", city: "Rockland" },
  /** An application the admin rejects on a phone with a reason. */
  rejected: { fullName: "Rhea Rejectwell", email: "rhea.rejectwell@example.com" },
} as const;

/**
 * The same journeys' retries (CI retries once) act on records of their own, under other names, since
 * a first attempt may have deactivated, deleted or reviewed its records before it failed.
 */
export const ADMIN_RETRY_FIXTURES = {
  listed: { ...ADMIN_FIXTURES.listed, id: "e2e-admin-listed-retry", email: "harbor.heron@example.com", displayName: "Harbor Heron" },
  doomed: { id: "e2e-admin-doomed-retry", email: "dormant.dora@example.com", displayName: "Dormant Dora" },
  message: {
    ...ADMIN_FIXTURES.message,
    id: "4a2b0c1d-0000-4000-8000-00000000a002",
    senderName: "Robin Readwell",
    senderEmail: "robin.readwell@example.com",
  },
  nojsRequest: { fullName: "Noelle Nojsworth", email: "noelle.nojsworth@example.com" },
  paused: { id: "e2e-admin-paused-retry", email: "tidal.theo@example.com", displayName: "Tidal Theo", city: "Bath" },
  lapsed: { id: "e2e-admin-lapsed-retry", email: "coral.cora@example.com", displayName: "Coral Cora", city: "Rockland" },
  rejected: { fullName: "Rhett Rejectwell", email: "rhett.rejectwell@example.com" },
} as const;

/** The records a journey's attempt acts on. */
export function adminFixturesFor(retry: number) {
  return retry === 0 ? ADMIN_FIXTURES : ADMIN_RETRY_FIXTURES;
}

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedAdmin({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { listed, doomed, message, nojsRequest, paused, lapsed, rejected } of [ADMIN_FIXTURES, ADMIN_RETRY_FIXTURES]) {
    for (const { id, email } of [listed, doomed, paused, lapsed]) {
      await db.insert(user).values({ id, email, name: "", emailVerified: true });
      await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    }
    await db.insert(profiles).values({
      id: listed.id,
      displayName: listed.displayName,
      bio: `${listed.displayName} is a seaside superhero who visits libraries and summer camps with a short show about lighthouses and bravery.`,
      state: "ME",
      city: listed.city,
      contactEmail: listed.email,
      paymentStatus: "paid",
      paymentExpiry: nextYear(),
    });
    await db.insert(profileCategories).values({ profileId: listed.id, category: "Hero" });
    for (const performer of [paused, lapsed]) {
      await db.insert(profiles).values({
        id: performer.id,
        displayName: performer.displayName,
        bio: `${performer.displayName} is a mermaid who sings sea shanties at pool parties and aquarium days along the Maine coast.`,
        state: "ME",
        city: performer.city,
        contactEmail: performer.email,
        paymentStatus: "paid",
        paymentExpiry: nextYear(),
      });
    }
    await db.insert(profiles).values({ id: doomed.id, displayName: doomed.displayName, state: "ME", city: "Bangor", contactEmail: doomed.email });
    await db.insert(contactMessages).values({
      ...message,
      profileId: listed.id,
      city: "Portland",
      state: "ME",
      zip: "04101",
      eventType: ["School Event", "Meet and Greet"],
    });
    await db.insert(freeListingRequests).values({
      ...nojsRequest,
      city: "Augusta",
      state: "ME",
      experience: "1-3",
      paidEvents: "yes",
      bio: "Pirate captain for harbor festivals and library story hours.",
      travel: "depends",
    });
    await db.insert(freeListingRequests).values({
      ...rejected,
      city: "Lewiston",
      state: "ME",
      experience: "0-1",
      paidEvents: "no",
      bio: "Balloon-twisting clown for church picnics and block parties.",
      travel: "no",
    });
  }
}
