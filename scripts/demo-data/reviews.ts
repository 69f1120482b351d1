import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import zipcodes from "zipcodes";
import type { Executor } from "~/server/db/client.server";
import { contactMessages, profiles, reviewRequests, reviews } from "~/server/db/schema";
import { refreshReviewFigures } from "~/server/reviews/figures.server";
import { FIRST_NAMES, LAST_NAMES } from "./names";

// The demo's past parties (issue 27): many listed performers had parties booked through the site
// weeks or months ago. Each was an inquiry with a date, asked about after the party; both sides said
// it happened, and most parents left stars and a few words, some answered by the performer, all
// published. Reliability and the review figures then come from the same rows the live loop writes.
// The performer login also has a party today, which the site asks about from tomorrow, so the demo
// clock (beside /dev/mailbox) shows the question going out. Every choice follows a hash of
// the performer's id, so one data set always gives the same reviews.

/** A small, stable hash (FNV-1a) of text. */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

const pick = <T>(key: string, list: readonly T[]): T => list[hash(key) % list.length];
const percent = (key: string) => hash(key) % 100;
const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** What parents wrote, in their own voice; `{name}` is the stage name, `{part}` a character they play. */
const REVIEW_TEXTS = [
  "{name} came as {part} and the kids talked about nothing else all week. On time, patient with the little ones and lovely in every photo.",
  "We booked {name} for our daughter's sixth birthday. Arrived early, stayed in character the whole time and made the shy kids feel included.",
  "Great communication before the party and a wonderful visit. {part} was the highlight of the afternoon. Would book again.",
  "Our school fair line went around the gym for photos with {name}. Professional, friendly and easy to work with.",
  "Fantastic costume and a really kind performer. The birthday boy was speechless, in a good way!",
  "{name} handled twenty excited five-year-olds like a pro: games, songs and a photo with everyone. Worth every penny.",
  "Replied quickly, the price was clear from the start, and {part} showed up exactly as promised. Thank you!",
  "Good visit overall. A little late because of traffic, but they let us know and made up the time at the end.",
] as const;

const PERFORMER_REPLIES = [
  "Thank you so much! It was a joy to be part of the day. Happy birthday again to the star of the party!",
  "Thanks for having me. Your guests were wonderful and I hope to see you at the next one.",
  "This made my week. Thank you for the kind words and for such a fun party!",
] as const;

const EVENT_TYPES = ["Birthday Party", "School Event", "Community Event", "Corporate Event"] as const;

const MESSAGE = (name: string, event: string) =>
  `Hi ${name}! We're planning a ${event.toLowerCase()} and would love a visit. About 15 kids, around an hour. Are you free, and what would it cost?`;

/** Stars: mostly fives, some fours, the odd three. */
const ratingFor = (key: string) => {
  const n = percent(`${key}:stars`);
  return n < 72 ? 5 : n < 95 ? 4 : 3;
};

function zipOf(city: string, state: string): string {
  const found = zipcodes.lookupByName(city, state);
  return found[0]?.zip ?? zipcodes.lookupByState(state)[0]?.zip ?? "00000";
}

/** A token nobody holds: the demo's past questions were answered long ago and their links are spent. */
const spentToken = (key: string) => createHash("sha256").update(`demo-spent:${key}`).digest("hex");

export interface DemoReviewSummary {
  /** Inquiries written: the past parties' and the login's party waiting to be asked about. */
  inquiries: number;
  parties: number;
  reviews: number;
}

export async function seedDemoReviews(tx: Executor, now: Date, loginId: string): Promise<DemoReviewSummary> {
  const listed = await tx
    .select({ id: profiles.id, displayName: profiles.displayName, city: profiles.city, state: profiles.state, characters: profiles.characters })
    .from(profiles)
    .where(and(eq(profiles.paymentStatus, "paid"), eq(profiles.isActive, true)));
  const summary: DemoReviewSummary = { inquiries: 0, parties: 0, reviews: 0 };
  const touched: string[] = [];

  for (const performer of listed) {
    const isLogin = performer.id === loginId;
    // About two in five listed performers have a history; the login always does.
    if (!isLogin && percent(`${performer.id}:history`) >= 40) continue;
    if (!performer.displayName || !performer.city || !performer.state) continue;
    const count = isLogin ? 6 : 2 + (hash(`${performer.id}:parties`) % 7);
    const zip = zipOf(performer.city, performer.state);
    for (let n = 0; n < count; n++) {
      const key = `${performer.id}:party:${n}`;
      const first = pick(`${key}:first`, FIRST_NAMES);
      const last = pick(`${key}:last`, LAST_NAMES);
      // Parties from a week to ten months ago, each asked about the day after, answered within days.
      const partyOn = new Date(now.getTime() - (7 + (hash(`${key}:ago`) % 300)) * DAY_MS);
      const sent = new Date(partyOn.getTime() - (14 + (hash(`${key}:ahead`) % 40)) * DAY_MS);
      const event = pick(`${key}:event`, EVENT_TYPES);
      const [inquiry] = await tx
        .insert(contactMessages)
        .values({
          profileId: performer.id,
          senderName: `${first} ${last}`,
          senderEmail: `${first.toLowerCase()}.${last.toLowerCase()}.${n}@example.org`,
          phoneNumber: `(555) 010-${String(hash(key) % 10_000).padStart(4, "0")}`,
          city: performer.city,
          state: performer.state,
          zip,
          message: MESSAGE(performer.displayName, event),
          eventType: [event],
          eventDate: isoDay(partyOn),
          isRead: true,
          firstReadAt: new Date(sent.getTime() + (1 + (hash(`${key}:read`) % 20)) * 3_600_000),
          createdAt: sent,
        })
        .returning({ id: contactMessages.id });
      const askedAt = new Date(partyOn.getTime() + DAY_MS);
      const answeredAt = new Date(askedAt.getTime() + (hash(`${key}:answered`) % 4) * DAY_MS + 3_600_000);
      const [request] = await tx
        .insert(reviewRequests)
        .values({
          inquiryId: inquiry.id,
          profileId: performer.id,
          parentEmail: `${first.toLowerCase()}.${last.toLowerCase()}.${n}@example.org`,
          parentName: `${first} ${last}`,
          partyOn: isoDay(partyOn),
          tokenHash: spentToken(key),
          askedAt,
          expiresAt: new Date(askedAt.getTime() + 30 * DAY_MS),
          linkOpenedAt: answeredAt,
          parentAnswer: "booked",
          answeredAt,
          performerAnswer: "booked",
          performerAnsweredAt: new Date(askedAt.getTime() + 5 * 3_600_000),
        })
        .returning({ id: reviewRequests.id });
      summary.parties += 1;
      summary.inquiries += 1;
      // Four in five parents also wrote a few words.
      if (percent(`${key}:wrote`) >= 80) continue;
      const part = performer.characters?.length ? pick(`${key}:part`, performer.characters) : "the character";
      const body = pick(`${key}:text`, REVIEW_TEXTS).replaceAll("{name}", performer.displayName).replaceAll("{part}", part);
      const replied = percent(`${key}:reply`) < 40;
      await tx.insert(reviews).values({
        requestId: request.id,
        profileId: performer.id,
        authorName: `${first} ${last.charAt(0)}.`,
        partyOn: isoDay(partyOn),
        askedOn: isoDay(askedAt),
        rating: ratingFor(key),
        body,
        status: "published",
        publishAfter: answeredAt,
        publishedAt: answeredAt,
        reply: replied ? pick(`${key}:reply-text`, PERFORMER_REPLIES) : null,
        repliedAt: replied ? new Date(answeredAt.getTime() + DAY_MS) : null,
        createdAt: answeredAt,
      });
      summary.reviews += 1;
    }
    touched.push(performer.id);
  }

  // The login's party today: the parent is asked the day after, so the reviews job leaves it alone
  // now and the demo clock's "1 day" sends the question. (A party already past was asked about by
  // the job's own first run when the demo started, leaving the clock nothing to show.)
  const login = listed.find((p) => p.id === loginId);
  if (login?.city && login.state && login.displayName) {
    const partyOn = now;
    await tx.insert(contactMessages).values({
      profileId: login.id,
      senderName: "Maya Thompson",
      senderEmail: "maya.thompson@example.org",
      phoneNumber: "(555) 010-2468",
      city: login.city,
      state: login.state,
      zip: zipOf(login.city, login.state),
      message: MESSAGE(login.displayName, "Birthday Party"),
      eventType: ["Birthday Party"],
      eventDate: isoDay(partyOn),
      isRead: true,
      firstReadAt: new Date(partyOn.getTime() - 20 * DAY_MS),
      createdAt: new Date(partyOn.getTime() - 21 * DAY_MS),
    });
    summary.inquiries += 1;
  }

  for (const id of touched) await refreshReviewFigures(tx, id);
  return summary;
}
