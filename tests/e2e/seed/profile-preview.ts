import { hashPassword } from "better-auth/crypto";
import { createHash } from "node:crypto";
import { account, contactMessages, profileCategories, profilePackages, profiles, reviewRequests, reviews, user } from "~/server/db/schema";
import { refreshReviewFigures } from "~/server/reviews/figures.server";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Two performers whose dashboard preview is compared with their profile page: one listed (its
// public page), one not paid (its owner's view of /profile/{id}). Both fill in every part a profile
// page can show (the travel range, a background check, an answered audience, a reading time, social
// links, packages with a travel fee) under long names, and the listed one has inquiries waiting. New Hampshire, which no other
// fixture uses, so no directory count or similar-performers list sees them. Nothing here is
// changed by the tests, so a retry finds them as seeded.

export const PREVIEW_ACCOUNTS = {
  listed: {
    id: "e2e-preview-listed",
    email: "preview-listed@example.com",
    displayName: "Seraphina Moonbeam-Featherstonehaugh, Mermaid Princess of Lake Winnipesaukee",
  },
  unlisted: {
    id: "e2e-preview-unlisted",
    email: "preview-unlisted@example.com",
    displayName: "Bartholomew Thunderclap-Worthington the Friendly Dragon Tamer",
  },
} as const;

/** The inquiries in the listed performer's inbox: long names, as a phone must wrap them. */
export const PREVIEW_SENDERS = ["Maximiliana Wolfeschlegelsteinhausen-Bergdorff", "Evangeline Seraphina Delacroix-Wainwright"] as const;

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedProfilePreview({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email } of Object.values(PREVIEW_ACCOUNTS)) {
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
  }
  const shared = {
    state: "NH",
    latitude: 43.2081,
    longitude: -71.5376,
    priceMin: 150,
    priceMax: 325,
    travelRadius: "long_distance",
    availableForTravel: true,
    availableVirtual: true,
    bringOwnCostume: true,
    performOutdoors: true,
    backgroundCheck: true,
    audience: "kids",
    inquiryReadHours: 3,
    instagram: "moonbeam.mermaid",
    facebook: "moonbeammermaid",
    tiktok: "moonbeammermaid",
    travelFeeKind: "per_mile",
    travelFeeFreeMiles: 15,
    travelFeeCentsPerMile: 150,
  } as const;
  const { listed, unlisted } = PREVIEW_ACCOUNTS;
  await db.insert(profiles).values([
    {
      ...shared,
      id: listed.id,
      displayName: listed.displayName,
      bio: "A shimmering tail, sea songs and a treasure hunt around the garden: the mermaid princess visits birthday parties and library afternoons with bubbles for everyone.",
      city: "Concord",
      characters: ["Mermaid Princess", "Sea Witch of the Northern Lakes and Frozen Fjords"],
      contactEmail: listed.email,
      isActive: true,
      paymentStatus: "paid",
      paymentExpiry: nextYear(),
    },
    {
      ...shared,
      id: unlisted.id,
      displayName: unlisted.displayName,
      bio: "A gentle green dragon and his tamer bring a puppet show, a dragon egg hunt and photos in armour to birthday parties and school fairs.",
      city: "Manchester",
      characters: ["Friendly Dragon", "Dragon Tamer"],
      contactEmail: unlisted.email,
    },
  ]);
  await db.insert(profileCategories).values([
    { profileId: listed.id, category: "Fantasy" },
    { profileId: listed.id, category: "Kids' Parties Only" },
    { profileId: unlisted.id, category: "Fantasy" },
  ]);
  await db.insert(profilePackages).values(
    [listed.id, unlisted.id].flatMap((profileId) => [
      { profileId, position: 0, name: "Party visit", minutes: 45, included: "Songs, a story and photos with every child", maxChildren: 15, price: 150 },
      { profileId, position: 1, name: "Royal celebration with treasure hunt", minutes: 90, included: "", maxChildren: 30, price: 295 },
    ]),
  );
  await db.insert(contactMessages).values(
    PREVIEW_SENDERS.map((senderName, index) => ({
      profileId: listed.id,
      senderName,
      senderEmail: `preview-sender-${index + 1}@example.com`,
      phoneNumber: "603-555-0140",
      city: "Concord",
      state: "NH",
      zip: "03301",
      message: `Could the mermaid princess come to our garden party for two hours, with songs and bubbles for about fifteen children? (request ${index + 1})`,
      eventType: ["Birthday Party"],
      createdAt: new Date(Date.UTC(2030, 4, 10 - index, 15)),
    })),
  );
  // Three parties both sides confirmed (reliability shows from three) and one published review, so
  // the profile has its reviews' section for the preview to show too. Not tied to inquiries: the
  // inbox above keeps its two.
  const DAY = 86_400_000;
  for (let i = 0; i < 3; i++) {
    const askedAt = new Date(Date.now() - (40 + i) * DAY);
    const [request] = await db
      .insert(reviewRequests)
      .values({
        profileId: listed.id,
        parentEmail: `preview-parent-${i + 1}@example.com`,
        parentName: `Harriet Preview${i + 1}`,
        partyOn: new Date(askedAt.getTime() - DAY).toISOString().slice(0, 10),
        tokenHash: createHash("sha256").update(`preview-review-${i}`).digest("base64url"),
        askedAt,
        expiresAt: new Date(askedAt.getTime() + 30 * DAY),
        parentAnswer: "booked",
        answeredAt: askedAt,
        performerAnswer: "booked",
        performerAnsweredAt: askedAt,
      })
      .returning({ id: reviewRequests.id });
    if (i > 0) continue;
    await db.insert(reviews).values({
      requestId: request.id,
      profileId: listed.id,
      authorName: "Harriet P.",
      partyOn: new Date(askedAt.getTime() - DAY).toISOString().slice(0, 10),
      askedOn: askedAt.toISOString().slice(0, 10),
      rating: 5,
      body: "Bubbles, sea songs and a treasure hunt: the garden party of the summer.",
      status: "published",
      publishAfter: askedAt,
      publishedAt: askedAt,
    });
  }
  await refreshReviewFigures(db, listed.id);
}
