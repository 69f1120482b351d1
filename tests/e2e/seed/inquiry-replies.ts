import { hashPassword } from "better-auth/crypto";
import { account, contactMessages, profileCategories, profilePackages, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Replies from the dashboard (tests/e2e/inquiry-replies.spec.ts): a performer with two packages and
// two inquiries with a date, one to answer with a saved reply and one to decline. Switched off, so
// the profile never shows in the directory's results. Each retry has its own copy: replying and
// declining change the inquiries for good.

/** November 14 of the coming year: always ahead, and within the two years a calendar may be marked. */
export const REPLIES_DAY = `${new Date().getUTCFullYear() + 1}-11-14`;

export const INQUIRY_REPLIES = [0, 1].map((retry) => {
  const suffix = retry === 0 ? "" : "-retry";
  const n = retry === 0 ? "1" : "2";
  return {
    account: { id: `e2e-replies${suffix}`, email: `replies${suffix}@example.com` },
    toAnswer: {
      id: `5b2c3d4e-0000-4000-8000-00000000${n}001`,
      senderName: "Dana Replyton-Featherstonehaugh",
      senderEmail: `dana.replyton${suffix}@example.org`,
    },
    toDecline: {
      id: `5b2c3d4e-0000-4000-8000-00000000${n}002`,
      senderName: "Morgan Busyday",
      senderEmail: `morgan.busyday${suffix}@example.org`,
    },
  };
});

export function repliesFor(retry: number) {
  return INQUIRY_REPLIES[retry === 0 ? 0 : 1];
}

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedInquiryReplies({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const fixture of INQUIRY_REPLIES) {
    const { id, email } = fixture.account;
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({
      id,
      displayName: "Reply Ready Rangers",
      bio: "Reply Ready Rangers bring a cheerful costumed crew to birthday parties with games, songs and photos for every child.",
      state: "SD",
      city: "Sioux Falls",
      contactEmail: email,
      isActive: false,
      paymentStatus: "paid",
      paymentExpiry: nextYear(),
    });
    await db.insert(profileCategories).values({ profileId: id, category: "Historical/Fantasy Crossover" });
    await db.insert(profilePackages).values([
      { profileId: id, position: 0, name: "Party visit", minutes: 45, price: 150 },
      { profileId: id, position: 1, name: "Grand show", minutes: 90, price: 275 },
    ]);
    const place = { profileId: id, city: "Sioux Falls", state: "SD", zip: "57104", phoneNumber: "(605) 555-0120", eventType: ["Birthday Party"], eventDate: REPLIES_DAY };
    await db.insert(contactMessages).values([
      { ...place, ...fixture.toAnswer, message: "Hello! Could the Rangers come to our son's 7th birthday in the park?", createdAt: new Date(Date.now() - 3 * 3_600_000) },
      { ...place, ...fixture.toDecline, message: "Are you free for a school fair that afternoon?", createdAt: new Date(Date.now() - 2 * 3_600_000) },
    ]);
  }
}
