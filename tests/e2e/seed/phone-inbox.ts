import { hashPassword } from "better-auth/crypto";
import { account, contactMessages, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// A paid performer's inbox as a phone shows it: several inquiries with long names, long messages
// (one long unbroken word too) and the optional event details. Paid but switched off, so the
// profile never shows in the directory's results. Reading one stamps it, so a retry gets its own.

const LONG_NAME = "Maximiliana Bartholomew-Featherstonehaugh Wolfeschlegelsteinhausen";

/** Four more long names, oldest last: the list runs well past one phone screen. */
export const SCHOOL_SENDERS = [
  "Alexandria Constantinople Vanderbilt-Montgomery",
  "Bartholomew Maximilian Fitzgerald-Worthington",
  "Cornelius Archibald Pemberton-Huxley",
  "Evangeline Seraphina Delacroix-Wainwright",
] as const;

export const PHONE_INBOX = [0, 1].map((retry) => {
  const suffix = retry === 0 ? "" : "-retry";
  const n = retry === 0 ? "1" : "2";
  return {
    account: { id: `e2e-phone-inbox${suffix}`, email: `phone-inbox${suffix}@example.com` },
    /** Every detail filled in, a phone number to call and text. */
    detailed: {
      id: `4a1c1d1e-0000-4000-8000-00000000${n}001`,
      senderName: LONG_NAME,
      senderEmail: "maximiliana.featherstonehaugh@example.com",
      phoneNumber: "(701) 555-0177",
      eventType: ["Birthday Party"],
      eventDate: "2031-06-14",
      eventStartTime: "14:30",
      eventLengthMinutes: 90,
      childrenCount: 12,
      childAge: 6,
    },
    /** No phone number: only the email reply is offered. */
    emailOnly: {
      id: `4a1c1d1e-0000-4000-8000-00000000${n}002`,
      senderName: "Quinn NoPhone",
      senderEmail: "quinn.nophone@example.com",
      phoneNumber: "",
      eventType: [] as string[],
      eventDate: null,
    },
  };
});

export function phoneInboxFor(retry: number) {
  return PHONE_INBOX[retry === 0 ? 0 : 1];
}

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedPhoneInbox({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const inbox of PHONE_INBOX) {
    const { id, email } = inbox.account;
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({
      id,
      displayName: "Phone Inbox Pixie",
      bio: "Phone Inbox Pixie visits birthday parties and school fairs with songs, bubbles, face paint and a short interactive story for the little ones.",
      state: "ND",
      city: "Fargo",
      contactEmail: email,
      isActive: false,
      paymentStatus: "paid",
      paymentExpiry: nextYear(),
    });
    const place = { profileId: id, city: "Grand Forks", state: "ND", zip: "58201" };
    await db.insert(contactMessages).values([
      {
        ...place,
        ...inbox.detailed,
        message:
          "Hello! We are planning a garden birthday party for our daughter who loves fairies and princesses, with a bouncy castle, a picnic and a treasure hunt afterwards.\nCould you bring bubbles?",
        createdAt: new Date("2030-04-05T15:00:00Z"),
      },
      {
        ...place,
        ...inbox.emailOnly,
        message: "Please see https://example.com/a-very-long-link-to-our-party-plans-with-no-spaces-at-all-anywhere-in-it for details.",
        createdAt: new Date("2030-04-04T15:00:00Z"),
      },
      ...SCHOOL_SENDERS.map((senderName, index) => ({
        ...place,
        senderName,
        senderEmail: `school-sender-${index + 1}@example.com`,
        phoneNumber: "701-555-0150",
        message: `Our school fair needs a character for the whole afternoon, with photos for about two hundred families and a short show on the main stage (request ${index + 1}).`,
        eventType: ["School Event", "Meet and Greet", "Convention Appearance"],
        eventDate: "2031-09-20",
        createdAt: new Date(Date.UTC(2030, 3, 2 - index, 15)),
      })),
    ]);
  }
}
