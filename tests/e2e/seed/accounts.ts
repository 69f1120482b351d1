import { hashPassword } from "better-auth/crypto";
import { account, contactMessages, profileCategories, profileImages, profiles, user, userRoles } from "~/server/db/schema";
import type { E2ESeedContext } from "./index";

// Accounts for the dashboard journeys. Fixed ids and real password hashes, so tests sign in through
// the form like anyone else. The listed profile sits in a state no other fixture uses (North Dakota)
// and has no search text, so it does not change what the directory tests see.

export const ACCOUNTS_PASSWORD = "accounts-pass-123";

export const ACCOUNTS = {
  /** Complete, paid and listed, with a photo and two inquiries: the "all done" dashboard. */
  complete: { id: "e2e-accounts-complete", email: "accounts-complete@example.com" },
  /** Inquiries to read, mark and delete. */
  inbox: { id: "e2e-accounts-inbox", email: "accounts-inbox@example.com" },
  /** The same inbox for the journeys' retries, whatever the first attempts read or deleted. */
  inboxRetry: { id: "e2e-accounts-inbox-retry", email: "accounts-inbox-retry@example.com" },
  /** Has the admin role. */
  admin: { id: "e2e-accounts-admin", email: "accounts-admin@example.com" },
} as const;

export const COMPLETE_LISTING = {
  displayName: "Prairie Spark",
  bio: "Prairie Spark is a high-energy heroine for birthday parties, school assemblies and library story hours: games, a short show and plenty of photos.",
  state: "ND",
  city: "Fargo",
};

export const SEEDED_INQUIRIES = {
  unread: {
    id: "3f1c1d1e-0000-4000-8000-000000000001",
    senderName: "Morgan Organizer",
    senderEmail: "morgan.organizer@example.com",
    phoneNumber: "(701) 555-0142",
    message: "Hi! We're planning a library reading day on a Saturday morning.\nCould you visit for two hours?",
  },
  forDelete: {
    id: "3f1c1d1e-0000-4000-8000-000000000002",
    senderName: "Dana Deletable",
    senderEmail: "dana.deletable@example.com",
    phoneNumber: "701-555-0199",
    message: "Please ignore, sent twice by mistake.",
  },
  /** Deleted behind the page's back, to see a failed "Mark as Read". */
  vanishing: {
    id: "3f1c1d1e-0000-4000-8000-000000000003",
    senderName: "Gary Gone",
    senderEmail: "gary.gone@example.com",
    phoneNumber: "701-555-0123",
    message: "Is the 4th of July available?",
  },
} as const;

/** The retries' copies of SEEDED_INQUIRIES, in ACCOUNTS.inboxRetry. */
export const RETRY_INQUIRIES = {
  unread: { ...SEEDED_INQUIRIES.unread, id: "3f1c1d1e-0000-4000-8000-000000000011" },
  forDelete: { ...SEEDED_INQUIRIES.forDelete, id: "3f1c1d1e-0000-4000-8000-000000000012" },
  vanishing: { ...SEEDED_INQUIRIES.vanishing, id: "3f1c1d1e-0000-4000-8000-000000000013" },
} as const;

/** The inbox a dashboard journey's attempt works in: a retry (CI retries once) gets its own. */
export function inboxFor(retry: number) {
  return retry === 0
    ? { account: ACCOUNTS.inbox, inquiries: SEEDED_INQUIRIES }
    : { account: ACCOUNTS.inboxRetry, inquiries: RETRY_INQUIRIES };
}

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedAccounts({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email } of Object.values(ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
  }
  await db.insert(userRoles).values({ userId: ACCOUNTS.admin.id, role: "admin" });

  const complete = ACCOUNTS.complete.id;
  await db.insert(profiles).values({
    id: complete,
    ...COMPLETE_LISTING,
    priceMin: 100,
    priceMax: 150,
    contactEmail: "bookings@prairiespark.example.com",
    paymentStatus: "paid",
    paymentExpiry: nextYear(),
    // Kept Local only on purpose: nothing left on the checklist.
    travelRadiusChosenAt: new Date(),
  });
  await db.insert(profileCategories).values({ profileId: complete, category: "Hero" });
  await db.insert(profileImages).values({
    profileId: complete,
    imageUrl: "/images/placeholder-performer.webp",
    storageKey: `${complete}/seed.webp`,
    position: 0,
  });
  await db.insert(contactMessages).values([
    {
      profileId: complete,
      senderName: "Riley Parent",
      senderEmail: "riley@example.com",
      phoneNumber: "701-555-0100",
      city: "Fargo",
      state: "ND",
      zip: "58102",
      message: "Birthday party for twins turning 7.",
      eventType: ["Birthday Party"],
      eventDate: "2031-05-02",
      isRead: true,
    },
    {
      profileId: complete,
      senderName: "Sky School",
      senderEmail: "office@skyschool.example.com",
      phoneNumber: "701-555-0101",
      city: "Fargo",
      state: "ND",
      zip: "58103",
      message: "Assembly visit?",
      eventType: ["School Event"],
    },
  ]);

  for (const { account: { id: inbox }, inquiries } of [inboxFor(0), inboxFor(1)]) {
    await db.insert(profiles).values({ id: inbox, displayName: "Inbox Ivy" });
    await db.insert(contactMessages).values([
      {
        ...inquiries.unread,
        profileId: inbox,
        city: "Bismarck",
        state: "ND",
        zip: "58501",
        eventType: ["School Event", "Meet and Greet"],
        eventDate: "2031-09-20",
        createdAt: new Date("2030-03-02T15:00:00Z"),
      },
      {
        ...inquiries.forDelete,
        profileId: inbox,
        city: "Minot",
        state: "ND",
        zip: "58701",
        eventType: ["Private Booking"],
        createdAt: new Date("2030-03-01T15:00:00Z"),
      },
      {
        ...inquiries.vanishing,
        profileId: inbox,
        city: "Fargo",
        state: "ND",
        zip: "58102",
        eventType: [],
        createdAt: new Date("2030-02-28T15:00:00Z"),
      },
    ]);
  }
}
