import { hashPassword } from "better-auth/crypto";
import { formatDay, formatShortDay } from "~/lib/calendar";
import { account, contactMessages, reviewRequests, reviews } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import { hashConfirmToken } from "~/server/alerts/tokens.server";
import { refreshReviewFigures } from "~/server/reviews/figures.server";
import { insertProfile, type ProfileFixture } from "./directory";
import type { E2ESeedContext } from "./index";

// Verified reviews (tests/e2e/reviews.spec.ts): three listed performers in Utah, which no other
// fixture uses, under Custom Characters (a category no journey lists). One whose party a parent is
// asked about (a link per attempt: an answered link cannot be answered again), one with eleven
// published reviews (two pages) and a reply, one with disputed reviews for the admin (one per attempt).

const DAY = 24 * 60 * 60_000;
/** Six weeks ago: past, and too long ago for the running server's job to ask about anyone else's. */
const PARTY_DAY = new Date(Date.now() - 45 * DAY).toISOString().slice(0, 10);

function performer(id: string, displayName: string, city: string): ProfileFixture & { displayName: string } {
  return { id, displayName, state: "UT", city, categories: ["Custom Characters"], priceMin: 120, priceMax: 180, images: 1, createdAt: new Date("2021-04-01T12:00:00Z") };
}

/** A token as the job makes them (43 base64url characters); only its hash is stored. */
function token(name: string): string {
  return name.padEnd(43, "x");
}

export const REVIEWS = {
  asked: performer("e2e-reviews-asked", "Salt Lake Sparkle Squad", "Salt Lake City"),
  reviewed: performer("e2e-reviews-shown", "Moab Mystery Mage", "Moab"),
  disputed: performer("e2e-reviews-disputed", "Ogden Giggle Giant", "Ogden"),
  /** Performers who sign in: an inquiry asked about and a review waiting for their reply (one per attempt). */
  performers: [
    { ...performer("e2e-reviews-performer", "Provo Puzzle Pirate", "Provo"), email: "puzzle.pirate@reviews.example.com" },
    { ...performer("e2e-reviews-performer-retry", "Logan Lantern Lass", "Logan"), email: "lantern.lass@reviews.example.com" },
  ],
  /** The inquiry the performer is asked "Did this one book?" on (one per attempt). */
  askedInquiryIds: ["5b3c0d1e-0000-4000-8000-00000000b001", "5b3c0d1e-0000-4000-8000-00000000b002"],
  waitingReview: "Our pirate treasure hunt was a hit, every child found a coin and a riddle.",
  /** The parent's link, one per attempt. */
  tokens: [token("e2eReviewParentLinkFirst"), token("e2eReviewParentLinkRetry")],
  partyDay: PARTY_DAY,
  /** "Sat, Oct 17, 2026", as the answer page asks. */
  partyDayLong: formatDay(PARTY_DAY),
  /** "Oct 17, 2026", as the verified line says. */
  partyDayShort: formatShortDay(PARTY_DAY),
  newestReview: "Newest review: the Mage made our backyard feel like a wizard school. Visit https://example.com/party for photos!",
  reply: "Thank you! Your kids were the best apprentices a mage could ask for.",
  disputedBodies: ["The giant never came to our party and we waited for hours.", "The giant was late and left early, not what we paid for."],
} as const;

async function inquiryFor(db: E2ESeedContext["db"], profileId: string, senderName: string, senderEmail: string, eventDate: string) {
  const [row] = await db
    .insert(contactMessages)
    .values({
      profileId,
      senderName,
      senderEmail,
      phoneNumber: "(801) 555-0150",
      city: "Provo",
      state: "UT",
      zip: "84601",
      message: "Could you come to our party?",
      eventType: ["Birthday Party"],
      eventDate,
      createdAt: new Date(Date.parse(eventDate) - 20 * DAY),
    })
    .returning({ id: contactMessages.id });
  return row.id;
}

export async function seedReviews({ db, mediaDir }: E2ESeedContext) {
  for (const fixture of [REVIEWS.asked, REVIEWS.reviewed, REVIEWS.disputed]) await insertProfile(db, fixture, mediaDir);
  const now = Date.now();

  // Asked yesterday; the performer already said it booked, so the review goes up at once.
  for (const [i, link] of REVIEWS.tokens.entries()) {
    const parent = { parentName: `Riley Parent${i}`, parentEmail: `riley${i}@reviews.example.com`, partyOn: REVIEWS.partyDay };
    const inquiryId = await inquiryFor(db, REVIEWS.asked.id, parent.parentName, parent.parentEmail, REVIEWS.partyDay);
    await db.insert(reviewRequests).values({
      ...parent,
      inquiryId,
      profileId: REVIEWS.asked.id,
      tokenHash: hashConfirmToken(link),
      askedAt: new Date(now - DAY),
      expiresAt: new Date(now + 29 * DAY),
      performerAnswer: "booked",
      performerAnsweredAt: new Date(now - DAY),
    });
  }

  // Eleven published reviews, a second apart, the newest with the performer's reply.
  for (let i = 0; i < 11; i++) {
    const newest = i === 10;
    const parent = { parentName: `Jordan Family${i}`, parentEmail: `jordan${i}@reviews.example.com`, partyOn: REVIEWS.partyDay };
    const inquiryId = await inquiryFor(db, REVIEWS.reviewed.id, parent.parentName, parent.parentEmail, REVIEWS.partyDay);
    const [request] = await db
      .insert(reviewRequests)
      .values({
        ...parent,
        inquiryId,
        profileId: REVIEWS.reviewed.id,
        tokenHash: hashConfirmToken(token(`e2eReviewShown${i}`)),
        askedAt: new Date(now - 20 * DAY),
        expiresAt: new Date(now + 10 * DAY),
        parentAnswer: "booked",
        answeredAt: new Date(now - 19 * DAY),
        performerAnswer: "booked",
      })
      .returning({ id: reviewRequests.id });
    await db.insert(reviews).values({
      requestId: request.id,
      profileId: REVIEWS.reviewed.id,
      authorName: `Jordan F${i}.`,
      partyOn: REVIEWS.partyDay,
      askedOn: REVIEWS.partyDay,
      rating: newest ? 5 : 4,
      body: newest ? REVIEWS.newestReview : `Review ${i}: a fun hour of magic tricks and riddles for the whole class.`,
      status: "published",
      publishAfter: new Date(now - 19 * DAY),
      publishedAt: new Date(now - 19 * DAY + i * 1000),
      reply: newest ? REVIEWS.reply : null,
      repliedAt: newest ? new Date(now - 18 * DAY) : null,
    });
  }
  await refreshReviewFigures(db, REVIEWS.reviewed.id);

  // Performers who sign in: a question on an inquiry, and a parent's review waiting its 7 days.
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const [i, fixture] of REVIEWS.performers.entries()) {
    await insertProfile(db, fixture, mediaDir);
    await db.insert(account).values({ id: `${fixture.id}-credential`, accountId: fixture.id, providerId: "credential", userId: fixture.id, password });
    const asked = { parentName: `Morgan Asked${i}`, parentEmail: `morgan${i}@reviews.example.com`, partyOn: REVIEWS.partyDay };
    const [inquiry] = await db
      .insert(contactMessages)
      .values({
        id: REVIEWS.askedInquiryIds[i],
        profileId: fixture.id,
        senderName: asked.parentName,
        senderEmail: asked.parentEmail,
        phoneNumber: "(801) 555-0151",
        city: "Provo",
        state: "UT",
        zip: "84601",
        message: "Could you come to our treasure hunt party?",
        eventType: ["Birthday Party"],
        eventDate: REVIEWS.partyDay,
        createdAt: new Date(now - 60 * DAY),
      })
      .returning({ id: contactMessages.id });
    await db.insert(reviewRequests).values({
      ...asked,
      inquiryId: inquiry.id,
      profileId: fixture.id,
      tokenHash: hashConfirmToken(token(`e2eReviewPerformerAsked${i}`)),
      askedAt: new Date(now - DAY),
      expiresAt: new Date(now + 29 * DAY),
    });
    const reviewer = { parentName: `Taylor Reviewer${i}`, parentEmail: `taylor${i}@reviews.example.com`, partyOn: REVIEWS.partyDay };
    const reviewerInquiry = await inquiryFor(db, fixture.id, reviewer.parentName, reviewer.parentEmail, REVIEWS.partyDay);
    const [request] = await db
      .insert(reviewRequests)
      .values({
        ...reviewer,
        inquiryId: reviewerInquiry,
        profileId: fixture.id,
        tokenHash: hashConfirmToken(token(`e2eReviewPerformerWaiting${i}`)),
        askedAt: new Date(now - 2 * DAY),
        expiresAt: new Date(now + 28 * DAY),
        parentAnswer: "booked",
        answeredAt: new Date(now - DAY),
        performerAnswer: "not_booked",
      })
      .returning({ id: reviewRequests.id });
    await db.insert(reviews).values({
      requestId: request.id,
      profileId: fixture.id,
      authorName: `Taylor R${i}.`,
      partyOn: REVIEWS.partyDay,
      askedOn: REVIEWS.partyDay,
      rating: 5,
      body: REVIEWS.waitingReview,
      status: "pending",
      publishAfter: new Date(now + 6 * DAY),
    });
  }

  for (const [i, body] of REVIEWS.disputedBodies.entries()) {
    const parent = { parentName: `Casey Disputed${i}`, parentEmail: `casey${i}@reviews.example.com`, partyOn: REVIEWS.partyDay };
    const inquiryId = await inquiryFor(db, REVIEWS.disputed.id, parent.parentName, parent.parentEmail, REVIEWS.partyDay);
    const [request] = await db
      .insert(reviewRequests)
      .values({
        ...parent,
        inquiryId,
        profileId: REVIEWS.disputed.id,
        tokenHash: hashConfirmToken(token(`e2eReviewDisputed${i}`)),
        askedAt: new Date(now - 5 * DAY),
        expiresAt: new Date(now + 25 * DAY),
        parentAnswer: "booked",
        answeredAt: new Date(now - 4 * DAY),
      })
      .returning({ id: reviewRequests.id });
    await db.insert(reviews).values({
      requestId: request.id,
      profileId: REVIEWS.disputed.id,
      authorName: `Casey D${i}.`,
      partyOn: REVIEWS.partyDay,
      askedOn: REVIEWS.partyDay,
      rating: 1,
      body,
      status: "disputed",
      publishAfter: new Date(now + 3 * DAY),
      disputeReason: "We never had a booking with this family.",
      disputedAt: new Date(now - 3 * DAY),
    });
  }
}
