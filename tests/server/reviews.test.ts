import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form";
import { REVIEW_TOO_SHORT, RATING_REQUIRED, reviewAnswerSchema } from "~/lib/review-schema";
import { reliabilityLine } from "~/lib/review-view";
import { profileSeo } from "~/lib/structured-data";
import * as reviewRoute from "~/routes/review";
import * as dashboardRoute from "~/routes/dashboard";
import * as dashboardReviewsRoute from "~/routes/dashboard.reviews";
import * as reportRoute from "~/routes/reviews.report";
import { getPublicProfile } from "~/server/directory/directory.server";
import {
  adminAuditLog,
  contactMessages,
  emailOutbox,
  profiles,
  rateLimitHits,
  reviewReports,
  storageDeletions,
  reviewRequests,
  reviews,
  user,
  userRoles,
} from "~/server/db/schema";
import type { AppServices } from "~/server/platform/services.server";
import { answerReviewQuestion, LINK_EXPIRED, LINK_USED, openReviewLink } from "~/server/reviews/answers.server";
import { decideNoShow, decideReview, reviewQueue } from "~/server/reviews/moderation.server";
import { answerBooking, disputeReview, replyToReview } from "~/server/reviews/performer.server";
import { reportReview, REPORTS_PER_VISITOR_PER_DAY, reviewsPage } from "~/server/reviews/public.server";
import { askForReviews, QUESTIONS_PER_ADDRESS_PER_DAY } from "~/server/reviews/questions.server";
import { refreshReviewFigures } from "~/server/reviews/figures.server";
import { publishDueReviews } from "~/server/reviews/review-jobs.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import type { CapturedMail } from "../helpers/smtp-sink";
import { startMailDelivery, type MailDelivery } from "../helpers/mail-delivery";
import { call, createAccount, getRequest, parentInquiry, postRequest, PUBLIC_URL, sessionCookie, testServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// Verified reviews from real inquiries: who is asked and when (the party date, the 30-day fallback,
// once per inquiry, a few a day per address), the signed link (opened, answered once, expired), the
// 7-day dispute window and publishing, no-shows, reliability, reports and the admin's decisions with
// their audit rows and mails. Mail goes through the outbox worker to a real SMTP server on loopback.

const DAY = 24 * 60 * 60_000;
/** The day after a Dec 12 party, mid-afternoon (UTC). */
const NOW = new Date("2026-12-13T15:00:00Z");

let database: TestDatabase;
let services: AppServices & { clientIp?: string };
let mail: MailDelivery;
let performerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  mail = await startMailDelivery();
});
afterAll(async () => {
  await mail?.close();
  await database?.close();
});
beforeEach(async () => {
  const { db } = database;
  await db.delete(adminAuditLog);
  await db.delete(emailOutbox);
  await db.delete(rateLimitHits);
  await db.delete(profiles);
  await db.delete(user);
  mail.clear();
  performerId = await addPerformer(db, { displayName: "Jolly Squad", accountEmail: "jolly@performers.example.com" });
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, performerId));
});

function delivered(): Promise<CapturedMail[]> {
  return mail.delivered(database.db);
}

async function inquiry(fields: Partial<typeof contactMessages.$inferInsert> = {}, profileId = performerId): Promise<string> {
  const [row] = await database.db
    .insert(contactMessages)
    .values(parentInquiry(profileId, { eventDate: "2026-12-12", createdAt: new Date("2026-11-20T10:00:00Z"), ...fields }))
    .returning({ id: contactMessages.id });
  return row.id;
}

function tokenIn(mail: CapturedMail): string {
  const match = /\/review\/([A-Za-z0-9_-]{43})/.exec(mail.text);
  if (!match) throw new Error(`no review link in: ${mail.text}`);
  return match[1];
}

/** Asks at NOW and returns the link's token from the one mail to `to`. */
async function askedToken(to = "paula@example.com", now = NOW): Promise<string> {
  await askForReviews(services, now);
  const mail = (await delivered()).find((m) => m.to.includes(to));
  if (!mail) throw new Error(`no question mailed to ${to}`);
  return tokenIn(mail);
}

const FIVE_STARS = { answer: "booked" as const, rating: "5", body: "Wonderful party, the kids loved every minute of it!" };

async function requestRow() {
  const [row] = await database.db.select().from(reviewRequests);
  return row;
}

async function figures() {
  const [row] = await database.db
    .select({ count: profiles.reviewCount, total: profiles.ratingTotal, parties: profiles.confirmedParties, noShows: profiles.confirmedNoShows })
    .from(profiles)
    .where(eq(profiles.id, performerId));
  return row;
}

async function makeAdmin(): Promise<string> {
  const id = `admin-${Math.random().toString(36).slice(2, 10)}`;
  await database.db.insert(user).values({ id, name: "", email: `${id}@example.com`, emailVerified: true });
  await database.db.insert(userRoles).values({ userId: id, role: "admin" });
  return id;
}

describe("asking the parent after the party", () => {
  it("mails once, the day after the party date, in fixed words with a link and nothing the parent typed", async () => {
    await inquiry({ message: "SECRET-WORDS of the parent" });
    // The party day itself: too early.
    expect((await askForReviews(services, new Date("2026-12-12T23:00:00Z"))).asked).toBe(0);
    expect((await askForReviews(services, NOW)).asked).toBe(1);
    const [mail] = await delivered();
    expect(mail.to).toEqual(["paula@example.com"]);
    expect(mail.subject).toBe("Did Jolly Squad perform at your event?");
    expect(mail.text).toContain(`${PUBLIC_URL}/review/`);
    expect(mail.text).not.toContain("SECRET-WORDS");
    expect(mail.text).not.toContain("Paula");
    // Once per inquiry: later runs ask nobody again.
    expect((await askForReviews(services, new Date(NOW.getTime() + DAY))).asked).toBe(0);
    expect(await delivered()).toHaveLength(0);
    const rows = await database.db.select().from(reviewRequests);
    expect(rows).toHaveLength(1);
    expect(rows[0].expiresAt.getTime()).toBe(NOW.getTime() + 30 * DAY);
  });

  it("asks about an undated inquiry 30 days after it was sent, not before", async () => {
    const sent = new Date("2026-11-01T12:00:00Z");
    await inquiry({ eventDate: null, createdAt: sent });
    expect((await askForReviews(services, new Date(sent.getTime() + 29 * DAY))).asked).toBe(0);
    expect((await askForReviews(services, new Date(sent.getTime() + 30 * DAY + 60_000))).asked).toBe(1);
  });

  it("never asks about parties long past (the first run does not mail the site's history) or still to come", async () => {
    await inquiry({ eventDate: "2026-10-01" });
    await inquiry({ eventDate: "2026-12-20" });
    await inquiry({ eventDate: null, createdAt: new Date("2026-08-01T00:00:00Z") });
    expect((await askForReviews(services, NOW)).asked).toBe(0);
  });

  it("sends one address at most three questions a day, whoever typed it; the rest wait for the next day", async () => {
    for (let i = 0; i < QUESTIONS_PER_ADDRESS_PER_DAY + 2; i++) await inquiry();
    const first = await askForReviews(services, NOW);
    expect(first.asked).toBe(QUESTIONS_PER_ADDRESS_PER_DAY);
    expect(first.waiting).toBe(2);
    expect((await askForReviews(services, new Date(NOW.getTime() + DAY))).asked).toBe(2);
  });
});

describe("the parent's link", () => {
  it("opens without an account, records the opening, and answers once: a replay changes nothing", async () => {
    await inquiry();
    const token = await askedToken();
    const view = await openReviewLink(database.db, token, NOW);
    expect(view).toMatchObject({ state: "open", performerName: "Jolly Squad", partyDay: "Sat, Dec 12, 2026" });
    expect((await requestRow()).linkOpenedAt).not.toBeNull();

    const first = await answerReviewQuestion(services, token, FIVE_STARS, NOW);
    expect(first).toMatchObject({ kind: "answered", answer: "booked", published: false });
    const replay = await answerReviewQuestion(services, token, { ...FIVE_STARS, rating: "1" }, NOW);
    expect(replay).toEqual({ kind: "refused", message: LINK_USED, status: 409 });
    const stored = await database.db.select().from(reviews);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ rating: 5, status: "pending", authorName: "Paula P.", partyOn: "2026-12-12" });
    expect(await openReviewLink(database.db, token, NOW)).toMatchObject({ state: "answered", answer: "booked" });
  });

  it("expires after 30 days and refuses an answer then", async () => {
    await inquiry();
    const token = await askedToken();
    const late = new Date(NOW.getTime() + 30 * DAY + 1000);
    expect(await openReviewLink(database.db, token, late)).toMatchObject({ state: "expired" });
    expect(await answerReviewQuestion(services, token, FIVE_STARS, late)).toEqual({ kind: "refused", message: LINK_EXPIRED, status: 410 });
    expect(await database.db.select().from(reviews)).toHaveLength(0);
  });

  it("refuses a made-up or altered token", async () => {
    await inquiry();
    const token = await askedToken();
    const altered = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await openReviewLink(database.db, altered, NOW)).toEqual({ state: "invalid" });
    expect(await openReviewLink(database.db, "nope", NOW)).toEqual({ state: "invalid" });
  });

  it("through the page: a short review or no stars is refused next to the field, with nothing written", async () => {
    await inquiry();
    const token = await askedToken();
    const post = (fields: Record<string, string>) =>
      new Request(`${PUBLIC_URL}/review/${token}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL },
        body: new URLSearchParams(fields),
      });
    const refused = await call(reviewRoute.action, post({ answer: "booked", body: "Too short" }), services, { token });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ kind: "invalid", errors: { rating: RATING_REQUIRED, body: REVIEW_TOO_SHORT } });
    expect(await database.db.select().from(reviews)).toHaveLength(0);
    expect((await requestRow()).parentAnswer).toBeNull();
    const answered = await call(reviewRoute.action, post(FIVE_STARS), services, { token });
    expect(answered.data).toMatchObject({ kind: "answered", answer: "booked" });
  });

  it("takes up to three photos through the image pipeline, metadata stripped; a file that is no image is refused with nothing spent", async () => {
    await inquiry();
    const token = await askedToken();
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 60 } } })
      .withExifMerge({ IFD0: { Make: "PhoneCo", Model: "Snapper 9" } })
      .jpeg()
      .toBuffer();
    const post = (files: { name: string; bytes: Buffer }[]) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(FIVE_STARS)) form.set(k, v);
      for (const file of files) form.append("photos", new Blob([new Uint8Array(file.bytes)], { type: "image/jpeg" }), file.name);
      return new Request(`${PUBLIC_URL}/review/${token}`, { method: "POST", headers: { Origin: PUBLIC_URL }, body: form });
    };
    const refused = await call(reviewRoute.action, post([{ name: "notes.jpg", bytes: Buffer.from("just some text, not a photo") }]), services, { token });
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ kind: "invalid", errors: { photos: expect.any(String) } });
    expect((await requestRow()).parentAnswer).toBeNull();

    const tooMany = await call(reviewRoute.action, post([1, 2, 3, 4].map((n) => ({ name: `p${n}.jpg`, bytes: photo }))), services, { token });
    expect(tooMany.status).toBe(413);
    expect((await requestRow()).parentAnswer).toBeNull();

    const answered = await call(reviewRoute.action, post([{ name: "cake.jpg", bytes: photo }]), services, { token });
    expect(answered.data).toMatchObject({ kind: "answered", answer: "booked" });
    const [review] = await database.db.select().from(reviews);
    expect(review.photos).toHaveLength(1);
    for (const variant of review.photos[0].variants) {
      expect(variant.key.startsWith("reviews/")).toBe(true);
      const stored = await services.storage.stream(variant.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      expect(bytes.includes(Buffer.from("PhoneCo"))).toBe(false);
      expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    }
    // Kept: their files are off the deletion queue.
    const keys = review.photos[0].variants.map((v) => v.key);
    const queued = (await database.db.select().from(storageDeletions)).filter((row) => keys.includes(row.key));
    expect(queued).toHaveLength(0);
  });

  it("counts an emoji as one character, as the database does", () => {
    const parsed = parseForm(reviewAnswerSchema, formOf({ answer: "booked", rating: "4", body: "🎉".repeat(19) }));
    expect(parsed.ok).toBe(false);
  });

  it("'No, we did not book' closes the question with nothing to publish", async () => {
    await inquiry();
    const token = await askedToken();
    expect(await answerReviewQuestion(services, token, { answer: "not_booked" }, NOW)).toMatchObject({ kind: "answered", answer: "not_booked" });
    expect(await database.db.select().from(reviews)).toHaveLength(0);
    expect((await requestRow()).parentAnswer).toBe("not_booked");
  });
});

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

describe("publishing", () => {
  it("publishes at once when the performer already said it booked", async () => {
    await inquiry();
    const token = await askedToken();
    const requestId = (await requestRow()).id;
    expect(await answerBooking(database.db, performerId, requestId, true, NOW)).toMatchObject({ ok: true });
    expect(await answerReviewQuestion(services, token, FIVE_STARS, NOW)).toMatchObject({ published: true });
    expect(await figures()).toEqual({ count: 1, total: 5, parties: 1, noShows: 0 });
    // The performer is told, in fixed words, at their confirmed address.
    const mails = await delivered();
    const toPerformer = mails.find((m) => m.to.includes("jolly@performers.example.com"));
    expect(toPerformer?.text).toContain("It is on your profile now.");
    expect(toPerformer?.text).not.toContain("Wonderful party");
  });

  it("publishes when the performer says yes later, and otherwise after 7 days", async () => {
    await inquiry();
    await inquiry({ senderEmail: "dana@example.com", senderName: "Dana Rivers" });
    const paula = await askedToken("paula@example.com");
    const [dana] = await database.db
      .select({ id: reviewRequests.id })
      .from(reviewRequests)
      .innerJoin(contactMessages, eq(contactMessages.id, reviewRequests.inquiryId))
      .where(eq(contactMessages.senderEmail, "dana@example.com"));
    await answerReviewQuestion(services, paula, FIVE_STARS, NOW);
    expect(await figures()).toMatchObject({ count: 0 });
    // Six days on, nothing yet.
    expect(await publishDueReviews(database.db, new Date(NOW.getTime() + 6 * DAY))).toBe(0);
    expect(await publishDueReviews(database.db, new Date(NOW.getTime() + 7 * DAY))).toBe(1);
    expect(await figures()).toMatchObject({ count: 1, total: 5, parties: 1 });
    // A yes from the performer on a question whose parent has not answered confirms nothing yet.
    await answerBooking(database.db, performerId, dana.id, true, NOW);
    expect(await figures()).toMatchObject({ parties: 1 });
  });

  it("a dispute within the 7 days keeps the review off the profile until the admin decides", async () => {
    await inquiry();
    const token = await askedToken();
    await answerReviewQuestion(services, token, { ...FIVE_STARS, rating: "1", body: "They never came and did not answer the phone." }, NOW);
    const [review] = await database.db.select().from(reviews);
    expect(await disputeReview(database.db, performerId, review.id, "We never agreed on this party.", NOW)).toMatchObject({ ok: true });
    expect(await publishDueReviews(database.db, new Date(NOW.getTime() + 8 * DAY))).toBe(0);
    expect(await figures()).toMatchObject({ count: 0 });
    // Another performer cannot touch it.
    const other = await addPerformer(database.db, { displayName: "Someone Else" });
    expect(await replyToReview(database.db, other, review.id, "Not mine")).toMatchObject({ ok: false, status: 404 });

    const adminId = await makeAdmin();
    mail.clear();
    await delivered();
    const queue = await reviewQueue(database.db);
    expect(queue).toMatchObject([{ kind: "review", id: review.id, why: "Disputed by the performer", notes: ["We never agreed on this party."] }]);
    expect(await decideReview(services, adminId, review.id, "approve", "The parent sent us the booking messages", NOW)).toMatchObject({ ok: true });
    expect(await figures()).toMatchObject({ count: 1, total: 1, parties: 1 });
    const [audit] = await database.db.select().from(adminAuditLog);
    expect(audit).toMatchObject({ adminId, action: "review.approve", targetType: "review", targetId: review.id, notes: "The parent sent us the booking messages" });
    const mails = await delivered();
    expect(mails.find((m) => m.to.includes("jolly@performers.example.com"))?.text).toContain("The parent sent us the booking messages");
    const toParent = mails.find((m) => m.to.includes("paula@example.com"));
    expect(toParent?.text).not.toContain("booking messages");
    // Decided once: a second decision finds nothing waiting.
    expect(await decideReview(services, adminId, review.id, "remove", "again", NOW)).toMatchObject({ ok: true });
    expect(await decideReview(services, adminId, review.id, "remove", "again", NOW)).toMatchObject({ ok: false, status: 409 });
  });

  it("a performer who deletes the inquiry does not take its review with it", async () => {
    const inquiryId = await inquiry();
    const token = await askedToken();
    await answerReviewQuestion(services, token, { ...FIVE_STARS, rating: "2" }, NOW);
    await database.db.delete(contactMessages).where(eq(contactMessages.id, inquiryId));
    expect(await database.db.select().from(reviews)).toHaveLength(1);
    expect(await publishDueReviews(database.db, new Date(NOW.getTime() + 7 * DAY))).toBe(1);
    expect(await figures()).toMatchObject({ count: 1, total: 2 });
    // Nor is the parent asked again.
    expect((await askForReviews(services, new Date(NOW.getTime() + DAY))).asked).toBe(0);
  });

  it("one public reply per review; performers cannot change the review", async () => {
    await inquiry();
    const token = await askedToken();
    await answerReviewQuestion(services, token, FIVE_STARS, NOW);
    const [review] = await database.db.select().from(reviews);
    expect(await replyToReview(database.db, performerId, review.id, "Thank you so much, it was a joy!")).toMatchObject({ ok: true });
    expect(await replyToReview(database.db, performerId, review.id, "Changed my mind")).toMatchObject({ ok: false, status: 409 });
    const [after] = await database.db.select().from(reviews);
    expect(after.reply).toBe("Thank you so much, it was a joy!");
    expect(after.body).toBe(FIVE_STARS.body);
  });
});

describe("no-shows and reliability", () => {
  it("a no-show report counts only once an admin confirms it", async () => {
    await inquiry();
    const token = await askedToken();
    await answerReviewQuestion(services, token, { answer: "no_show", note: "Waited two hours." }, NOW);
    expect(await figures()).toMatchObject({ noShows: 0 });
    const adminId = await makeAdmin();
    const [item] = await reviewQueue(database.db);
    expect(item).toMatchObject({ kind: "no_show", why: "No-show report", notes: ["Waited two hours."] });
    expect(await decideNoShow(services, adminId, item.id, "approve", "The performer told us they forgot")).toMatchObject({ ok: true });
    expect(await figures()).toMatchObject({ noShows: 1 });
    expect(await reviewQueue(database.db)).toHaveLength(0);
    const [audit] = await database.db.select().from(adminAuditLog);
    expect(audit).toMatchObject({ action: "no_show.approve", targetType: "review_request", targetId: item.id });
  });

  it("reliability shows from three confirmations on", () => {
    expect(reliabilityLine(2, 0)).toBeNull();
    expect(reliabilityLine(3, 0)).toBe("Reliability: 3 confirmed parties, 0 no-shows");
    expect(reliabilityLine(42, 1)).toBe("Reliability: 42 confirmed parties, 1 no-show");
  });
});

describe("showing and reporting", () => {
  async function publishedReviews(n: number) {
    for (let i = 0; i < n; i++) {
      await inquiry({ senderEmail: `parent${i}@example.com`, senderName: `Parent${i} Person` });
    }
    await askForReviews(services, NOW);
    const requests = await database.db.select().from(reviewRequests);
    let i = 0;
    for (const request of requests) {
      await answerBooking(database.db, performerId, request.id, true, NOW);
      // Written as the link's answer writes it (the rows keep only the tokens' hashes), each a second apart.
      await database.db.update(reviewRequests).set({ parentAnswer: "booked", answeredAt: NOW }).where(eq(reviewRequests.id, request.id));
      await database.db.insert(reviews).values({
        requestId: request.id,
        profileId: performerId,
        authorName: `Parent${i} P.`,
        partyOn: "2026-12-12",
        askedOn: "2026-12-13",
        rating: 4,
        body: `Review number ${i} of a lovely party with games.`,
        status: "published",
        publishAfter: NOW,
        publishedAt: new Date(NOW.getTime() + i * 1000),
      });
      i++;
    }
    await refreshReviewFigures(database.db, performerId);
  }

  it("ten a page, newest first, with the verified line, and the rating in the profile's structured data", async () => {
    await publishedReviews(12);
    const first = await reviewsPage(database.db, performerId, "CostumeCast", 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 12 });
    expect(first.reviews).toHaveLength(10);
    expect(first.reviews[0].body).toContain("number 11");
    expect(first.reviews[0].verified).toBe("Verified: asked through CostumeCast for a party on Dec 12, 2026");
    const second = await reviewsPage(database.db, performerId, "CostumeCast", 2);
    expect(second.reviews.map((r) => r.body)).toEqual([expect.stringContaining("number 1 "), expect.stringContaining("number 0 ")]);
    const profile = await getPublicProfile(database.db, performerId);
    expect(profile?.reviewFigures).toMatchObject({ count: 12, average: 4 });
    const jsonLd = JSON.stringify(profileSeo(profile!, PUBLIC_URL, true, first.reviews).jsonLd);
    expect(jsonLd).toContain('"@type":"AggregateRating"');
    expect(jsonLd).toContain('"reviewCount":12');
    expect(jsonLd).toContain('"@type":"Review"');
  });

  it("a visitor reports a review once; a script is held to five reports a day", async () => {
    await publishedReviews(REPORTS_PER_VISITOR_PER_DAY + 1);
    const ids = (await database.db.select({ id: reviews.id }).from(reviews)).map((r) => r.id);
    const secret = services.config.authSecret;
    expect(await reportReview(database.db, secret, { reviewId: ids[0], reason: "Rude words", clientKey: "203.0.113.5" })).toMatchObject({ kind: "reported" });
    expect(await reportReview(database.db, secret, { reviewId: ids[0], reason: "Again", clientKey: "203.0.113.5" })).toMatchObject({ kind: "already" });
    for (const id of ids.slice(1, REPORTS_PER_VISITOR_PER_DAY)) {
      expect(await reportReview(database.db, secret, { reviewId: id, reason: "Spam", clientKey: "203.0.113.5" })).toMatchObject({ kind: "reported" });
    }
    expect(await reportReview(database.db, secret, { reviewId: ids[REPORTS_PER_VISITOR_PER_DAY], reason: "Spam", clientKey: "203.0.113.5" })).toMatchObject({ kind: "limited" });
    expect(await database.db.select().from(reviewReports)).toHaveLength(REPORTS_PER_VISITOR_PER_DAY);
    // Stored keyed, never as the address.
    const [report] = await database.db.select().from(reviewReports);
    expect(report.reporterKey).not.toContain("203.0.113.5");

    // The admin hides a reported review: it leaves the profile and the figures.
    const adminId = await makeAdmin();
    const reported = (await reviewQueue(database.db)).find((item) => item.id === ids[0]);
    expect(reported).toMatchObject({ why: "Reported by visitors", notes: ["Rude words"] });
    await decideReview(services, adminId, ids[0], "hide", "Not about the party");
    expect((await reviewsPage(database.db, performerId, "CostumeCast", 1)).reviews.map((r) => r.id)).not.toContain(ids[0]);
    expect(await figures()).toMatchObject({ count: REPORTS_PER_VISITOR_PER_DAY });
  });

  it("the report form posts to /reviews/report and returns to the profile", async () => {
    await publishedReviews(1);
    const [review] = await database.db.select({ id: reviews.id }).from(reviews);
    const request = new Request(`${PUBLIC_URL}/reviews/report`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL },
      body: new URLSearchParams({ review: review.id, reason: "Not a real party" }),
    });
    const answer = await call(reportRoute.action, request, { ...services, clientIp: "198.51.100.7" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/profile/${performerId}#reviews`);
    expect(await database.db.select().from(reviewReports)).toHaveLength(1);
  });
});

describe("the performer's dashboard", () => {
  it("asks 'Did this one book?' on the inquiry once it was asked about, answers once, and only for the owner", async () => {
    const ownerId = await createAccount(services, "owner@performers.example.com");
    await database.db.insert(profiles).values({ id: ownerId, displayName: "Captain Comet", state: "TX", city: "Austin", paymentStatus: "paid", paymentExpiry: "2999-12-31" });
    const strangerId = await createAccount(services, "stranger@performers.example.com");
    await database.db.insert(profiles).values({ id: strangerId, displayName: "Someone Else", state: "TX", city: "Austin" });
    const cookie = await sessionCookie(services, "owner@performers.example.com");
    const strangerCookie = await sessionCookie(services, "stranger@performers.example.com");
    const inquiryId = await inquiry({}, ownerId);

    // Before the job asked: no question on the inquiry.
    const before = await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${inquiryId}`, cookie), services);
    expect(before.data).toMatchObject({ bookingQuestion: null });
    await askForReviews(services, NOW);
    const asked = await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${inquiryId}`, cookie), services);
    const question = (asked.data as { bookingQuestion: { requestId: string; performerAnswer: null } }).bookingQuestion;
    expect(question).toMatchObject({ performerAnswer: null, senderName: "Paula Parent" });

    // Someone else's post finds nothing and changes nothing.
    const theirs = await call(dashboardReviewsRoute.action, postRequest("/dashboard/reviews", { intent: "booked", id: question.requestId }, strangerCookie), services);
    expect(theirs.status).toBe(302);
    expect((await requestRow()).performerAnswer).toBeNull();

    const answer = await call(
      dashboardReviewsRoute.action,
      postRequest("/dashboard/reviews", { intent: "booked", id: question.requestId, back: inquiryId }, cookie),
      services,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard?inquiry=${inquiryId}#inquiry`);
    expect((await requestRow()).performerAnswer).toBe("booked");
    await call(dashboardReviewsRoute.action, postRequest("/dashboard/reviews", { intent: "not-booked", id: question.requestId }, cookie), services);
    expect((await requestRow()).performerAnswer).toBe("booked");

    // Answered, it leaves the reviews page's list of questions.
    const list = await call(dashboardReviewsRoute.loader, getRequest("/dashboard/reviews", cookie), services);
    expect(list.data).toMatchObject({ questions: [], reviews: [] });
  });
});
