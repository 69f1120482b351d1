import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays } from "~/lib/calendar";
import { fillTemplate, SAVED_REPLIES_LIMIT } from "~/lib/saved-replies";
import * as replyRoute from "~/routes/dashboard.inquiry-reply";
import * as parentRoute from "~/routes/replies";
import { markDays } from "~/server/calendar/calendar.server";
import { calendarDays, contactMessages, emailOutbox, inquiryReplies, inquiryReplyLinks, profilePackages, profiles, rateLimitHits } from "~/server/db/schema";
import { todayIso } from "~/server/directory/visibility.server";
import { getInquiry, listInquiries, noteInquiryOpened } from "~/server/inquiries/inbox.server";
import { confirmReplyAddress, hashReplyToken, readReplyLink } from "~/server/inquiries/reply-links.server";
import {
  declineInquiry,
  loadReplyPage,
  markAnsweredElsewhere,
  markInquiryDayBooked,
  REPLY_LIMITS,
  sendReply,
} from "~/server/inquiries/replies.server";
import { addSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from "~/server/inquiries/saved-replies.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import type { CapturedMail } from "../helpers/smtp-sink";
import { startMailDelivery, type MailDelivery } from "../helpers/mail-delivery";
import { call, createAccount, getRequest, postRequest, sessionCookie, testServices } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// Answering an inquiry from the dashboard (issue 27): the statuses, the thread, the mail to an
// address nobody confirmed (fixed words and a link) and after its owner confirmed it (the words
// too), the links' expiry and replay, the limits, saved replies, "I replied", and the decline with
// the performers free that day. Mail goes through the real outbox worker to an SMTP server on loopback.


let database: TestDatabase;
let services: AppServices;
let mail: MailDelivery;

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
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimitHits);
  mail.clear();
});

function delivered(): Promise<CapturedMail[]> {
  return mail.delivered(database.db);
}

function linkTokenIn(mail: CapturedMail): string {
  const match = /\/replies\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reply link in: ${mail.text}`);
  return match[1];
}

async function addInquiry(profileId: string, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      profileId,
      senderName: "Dana Whitfield",
      senderEmail: "dana@example.com",
      phoneNumber: "(407) 555-0134",
      city: "Orlando",
      state: "FL",
      zip: "32801",
      message: "Could you come to my daughter's 6th birthday?",
      eventType: ["Birthday Party"],
      eventDate: "2031-06-14",
      ...overrides,
    })
    .returning();
  return row;
}

async function threadOf(id: string) {
  return database.db.select().from(inquiryReplies).where(eq(inquiryReplies.inquiryId, id));
}

async function inquiryRow(id: string) {
  const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

describe(`replies and statuses (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("goes new, read, replied, declined, and keeps the first answer's time", async () => {
    const performer = await addPerformer(database.db, { displayName: "Jolly Squad" });
    const inquiry = await addInquiry(performer, { senderEmail: "status@example.com" });
    const statusOf = async () => (await listInquiries(database.db, performer)).inquiries.find((i) => i.id === inquiry.id)?.status;
    expect(await statusOf()).toBe("new");
    await noteInquiryOpened(database.db, performer, inquiry.id);
    await database.db.update(contactMessages).set({ isRead: true }).where(eq(contactMessages.id, inquiry.id));
    expect(await statusOf()).toBe("read");

    const first = new Date(Date.now() - 60_000);
    expect(await sendReply(services, performer, inquiry.id, "Hi Dana, I'd love to come!", first)).toEqual({ kind: "sent" });
    expect(await statusOf()).toBe("replied");
    expect((await inquiryRow(inquiry.id)).answeredAt?.toISOString()).toBe(first.toISOString());

    expect((await declineInquiry(services, performer, inquiry.id)).kind).toBe("sent");
    expect(await statusOf()).toBe("declined");
    // A later answer never moves the reply time.
    expect((await inquiryRow(inquiry.id)).answeredAt?.toISOString()).toBe(first.toISOString());
    const detail = await getInquiry(database.db, performer, inquiry.id);
    expect(detail?.thread.map((t) => t.kind)).toEqual(["reply", "decline"]);
    expect(detail?.thread[0].body).toBe("Hi Dana, I'd love to come!");
  });

  it("mails fixed words and a link until the parent confirms the address, then the reply's words", async () => {
    const performer = await addPerformer(database.db, { displayName: "Jolly Squad", contactEmail: "jolly@performers.example.com" });
    const inquiry = await addInquiry(performer, { senderEmail: "parent-one@example.com" });
    await sendReply(services, performer, inquiry.id, "Hi Dana, secret-first-reply: I'm free that day.");
    const [mail] = await delivered();
    expect(mail.to).toEqual(["parent-one@example.com"]);
    expect(mail.replyTo).toBe("jolly@performers.example.com");
    expect(mail.text).toContain("Jolly Squad replied to your inquiry about Sat, Jun 14, 2031");
    expect(mail.text).not.toContain("secret-first-reply");
    expect(mail.html ?? "").not.toContain("secret-first-reply");

    // The link shows the reply on the site, and opening it changes nothing.
    const token = linkTokenIn(mail);
    const view = await readReplyLink(database.db, token);
    expect(view?.entries.map((e) => e.body)).toEqual(["Hi Dana, secret-first-reply: I'm free that day."]);
    expect(view?.canConfirm).toBe(true);
    expect((await inquiryRow(inquiry.id)).parentConfirmedAt).toBeNull();

    // The page's button confirms, once.
    const page = await call(parentRoute.loader, getRequest(`/replies?token=${token}`), services);
    expect(page.status).toBe(200);
    const confirmed = await call(parentRoute.action, postRequest(`/replies?token=${token}`, {}), services);
    expect(confirmed.data).toEqual({ confirmed: true });
    expect((await inquiryRow(inquiry.id)).parentConfirmedAt).not.toBeNull();
    const replayed = await call(parentRoute.action, postRequest(`/replies?token=${token}`, {}), services);
    expect(replayed.status).toBe(400);

    await sendReply(services, performer, inquiry.id, "Second reply: see you at 2 PM!");
    const [second] = await delivered();
    expect(second.text).toContain("Second reply: see you at 2 PM!");
    expect(second.html ?? "").toContain("Second reply: see you at 2 PM!");
  });

  it("never lets a link confirm another address, a made-up token, or an expired one", async () => {
    const performer = await addPerformer(database.db);
    const inquiry = await addInquiry(performer, { senderEmail: "parent-two@example.com" });
    await sendReply(services, performer, inquiry.id, "Hello!");
    const token = linkTokenIn((await delivered())[0]);
    expect(await readReplyLink(database.db, "x".repeat(43))).toBeNull();
    expect(await confirmReplyAddress(database.db, "' or 1=1 --")).toBe(false);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await readReplyLink(database.db, token, later)).toBeNull();
    expect(await confirmReplyAddress(database.db, token, later)).toBe(false);
    expect((await inquiryRow(inquiry.id)).parentConfirmedAt).toBeNull();
    // Only the hash is stored.
    const [link] = await database.db.select().from(inquiryReplyLinks).where(eq(inquiryReplyLinks.inquiryId, inquiry.id));
    expect(link.tokenHash).toBe(hashReplyToken(token));
    expect(JSON.stringify(link)).not.toContain(token);
  });

  it("keeps to the limits, counting only what was sent, and refuses with nothing written", async () => {
    const performer = await addPerformer(database.db);
    const stranger = "victim@example.com";
    const inquiries = await Promise.all([1, 2, 3, 4].map(() => addInquiry(performer, { senderEmail: stranger })));
    for (const inquiry of inquiries.slice(0, REPLY_LIMITS.perUnconfirmedAddress.limit)) {
      expect((await sendReply(services, performer, inquiry.id, "Hello")).kind).toBe("sent");
    }
    const refused = await sendReply(services, performer, inquiries[3].id, "Hello again");
    expect(refused.kind).toBe("limited");
    expect(await threadOf(inquiries[3].id)).toHaveLength(0);
    expect((await inquiryRow(inquiries[3].id)).answer).toBeNull();
    expect(await delivered()).toHaveLength(REPLY_LIMITS.perUnconfirmedAddress.limit);

    // One inquiry's own limit, on a confirmed address (the per-address one does not apply).
    const chatty = await addInquiry(performer, { senderEmail: "chatty@example.com", parentConfirmedAt: new Date() });
    for (let i = 0; i < REPLY_LIMITS.perInquiry.limit; i++) expect((await sendReply(services, performer, chatty.id, `Note ${i}`)).kind).toBe("sent");
    expect((await sendReply(services, performer, chatty.id, "One too many")).kind).toBe("limited");
    expect(await threadOf(chatty.id)).toHaveLength(REPLY_LIMITS.perInquiry.limit);
  });

  it("never answers another performer's inquiry", async () => {
    const alice = await addPerformer(database.db);
    const bob = await addPerformer(database.db);
    const bobs = await addInquiry(bob, { senderEmail: "bobs-parent@example.com" });
    expect((await sendReply(services, alice, bobs.id, "Hi")).kind).toBe("missing");
    expect((await declineInquiry(services, alice, bobs.id)).kind).toBe("missing");
    expect((await markAnsweredElsewhere(database.db, alice, bobs.id)).kind).toBe("missing");
    expect((await markInquiryDayBooked(database.db, alice, bobs.id)).status).toBe("missing");
    expect(await loadReplyPage(database.db, alice, bobs.id, { template: "", packagePosition: "" })).toBeNull();
    expect(await threadOf(bobs.id)).toHaveLength(0);
    expect(await delivered()).toHaveLength(0);
  });

  it('"I replied" marks it replied without mailing anyone', async () => {
    const performer = await addPerformer(database.db);
    const inquiry = await addInquiry(performer, { senderEmail: "called@example.com" });
    expect((await markAnsweredElsewhere(database.db, performer, inquiry.id)).kind).toBe("sent");
    expect((await markAnsweredElsewhere(database.db, performer, inquiry.id)).kind).toBe("already");
    expect((await inquiryRow(inquiry.id)).answer).toBe("replied");
    expect((await inquiryRow(inquiry.id)).isRead).toBe(true);
    expect((await threadOf(inquiry.id)).map((t) => t.kind)).toEqual(["elsewhere"]);
    expect(await delivered()).toHaveLength(0);
    // The parent's page never shows it: it holds nothing they can read.
  });
});

describe("the reply page's route", () => {
  it("refuses an empty reply beside the field with nothing stored, and sends a good one", async () => {
    const id = await createAccount(services, "route-performer@example.com");
    await database.db.insert(profiles).values({ id, displayName: "Route Performer", state: "FL", city: "Orlando" });
    const cookie = await sessionCookie(services, "route-performer@example.com");
    const inquiry = await addInquiry(id, { senderEmail: "route-parent@example.com" });
    const path = `/dashboard/inquiries/${inquiry.id}/reply`;

    const empty = await call(replyRoute.action, postRequest(path, { intent: "send", body: "   " }, cookie), services, { id: inquiry.id });
    expect(empty.status).toBe(400);
    expect((empty.data as { errors: Record<string, string> }).errors.body).toBe("Write your reply before sending it");
    expect(await threadOf(inquiry.id)).toHaveLength(0);

    const sent = await call(replyRoute.action, postRequest(path, { intent: "send", body: "Happy to help!" }, cookie), services, { id: inquiry.id });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(`/dashboard?inquiry=${inquiry.id}#inquiry`);
    expect((await threadOf(inquiry.id)).map((t) => t.body)).toEqual(["Happy to help!"]);

    // Someone else's inquiry id is a 404 page, not a reply.
    const other = await addInquiry(await addPerformer(database.db));
    const foreign = await call(replyRoute.loader, getRequest(`/dashboard/inquiries/${other.id}/reply`, cookie), services, { id: other.id });
    expect(foreign.status).toBe(404);
  });
});

describe("saved replies", () => {
  it("fill in the parent's first name, the date, the package and its price", async () => {
    const performer = await addPerformer(database.db);
    await database.db.insert(profilePackages).values([
      { profileId: performer, position: 0, name: "Party visit", minutes: 45, price: 150 },
      { profileId: performer, position: 1, name: "Grand show", minutes: 90, price: 1250 },
    ]);
    const inquiry = await addInquiry(performer, { senderName: "Dana Whitfield", eventDate: "2031-06-14" });
    const page = await loadReplyPage(database.db, performer, inquiry.id, { template: "starter-free", packagePosition: "1" });
    expect(page?.prefill).toContain("Hi Dana,");
    expect(page?.prefill).toContain("I'm free on Sat, Jun 14, 2031");
    expect(page?.prefill).toContain("My Grand show is $1,250.");
    const first = await loadReplyPage(database.db, performer, inquiry.id, { template: "starter-free", packagePosition: "" });
    expect(first?.prefill).toContain("My Party visit is $150.");
    // Without a date or packages, plain words stand in.
    expect(fillTemplate("{First Name}: {event date}, {package} at {price}", { senderName: "  ", eventDate: null, packageName: null, price: null })).toBe(
      "there: your event date, party visit at my usual rate",
    );
  });

  it("are the owner's to add, edit and delete, up to the limit", async () => {
    const alice = await addPerformer(database.db);
    const bob = await addPerformer(database.db);
    expect(await addSavedReply(database.db, alice, { title: "Thanks", body: "Thank you {first name}!" })).toEqual({ kind: "ok" });
    const [mine] = await listSavedReplies(database.db, alice);
    expect(await updateSavedReply(database.db, bob, mine.id, { title: "Hacked", body: "x" })).toEqual({ kind: "missing" });
    expect(await deleteSavedReply(database.db, bob, mine.id)).toEqual({ kind: "missing" });
    expect(await updateSavedReply(database.db, alice, mine.id, { title: "Thank you", body: "Thanks {first name}!" })).toEqual({ kind: "ok" });
    expect((await listSavedReplies(database.db, alice))[0]).toMatchObject({ title: "Thank you", body: "Thanks {first name}!" });

    const inquiry = await addInquiry(alice, { senderName: "Morgan Lee" });
    expect((await loadReplyPage(database.db, alice, inquiry.id, { template: mine.id, packagePosition: "" }))?.prefill).toBe("Thanks Morgan!");
    // Bob cannot use Alice's saved reply on his inquiry.
    const bobs = await addInquiry(bob);
    expect((await loadReplyPage(database.db, bob, bobs.id, { template: mine.id, packagePosition: "" }))?.prefill).toBe("");

    for (let i = 1; i < SAVED_REPLIES_LIMIT; i++) await addSavedReply(database.db, alice, { title: `Reply ${i}`, body: "Hello" });
    expect(await addSavedReply(database.db, alice, { title: "One more", body: "Hello" })).toEqual({ kind: "full" });
    expect(await listSavedReplies(database.db, alice)).toHaveLength(SAVED_REPLIES_LIMIT);
    expect(await deleteSavedReply(database.db, alice, mine.id)).toEqual({ kind: "ok" });
    expect(await listSavedReplies(database.db, alice)).toHaveLength(SAVED_REPLIES_LIMIT - 1);
  });
});

describe('"Sorry, I\'m booked that day"', () => {
  it("suggests up to three performers of the same kind free that day, nearest the party first, and offers to mark the day", async () => {
    const day = addDays(todayIso(), 30);
    const furry = { categories: ["Furry" as const], state: "FL" };
    const decliner = await addPerformer(database.db, { ...furry, city: "Orlando", displayName: "Decliner", contactEmail: "decliner@performers.example.com" });
    const bookedNear = await addPerformer(database.db, { ...furry, city: "Orlando", displayName: "Booked Orlando" });
    await markDays(database.db, bookedNear, { from: day, to: day, mark: "booked" });
    await addPerformer(database.db, { categories: ["Villain"], state: "FL", city: "Orlando", displayName: "Other Kind Orlando" });
    await addPerformer(database.db, { ...furry, city: "Orlando", displayName: "Hidden Orlando", isActive: false });
    const tampa = await addPerformer(database.db, { ...furry, city: "Tampa", displayName: "Free Tampa" });
    await markDays(database.db, tampa, { from: addDays(day, 1), to: addDays(day, 1), mark: "booked" });
    await addPerformer(database.db, { ...furry, city: "Jacksonville", displayName: "No Calendar Jacksonville" });
    await addPerformer(database.db, { ...furry, city: "Miami", displayName: "Free Miami" });
    await addPerformer(database.db, { ...furry, city: "Tallahassee", displayName: "Fourth Tallahassee" });

    const inquiry = await addInquiry(decliner, { senderEmail: "declined@example.com", eventDate: day, zip: "32801" });
    expect((await declineInquiry(services, decliner, inquiry.id)).kind).toBe("sent");
    const [entry] = await threadOf(inquiry.id);
    expect(entry.kind).toBe("decline");
    expect(entry.alternatives?.map((a) => a.name)).toEqual(["Free Tampa", "No Calendar Jacksonville", "Free Miami"]);
    expect((await inquiryRow(inquiry.id)).answer).toBe("declined");

    const [mail] = await delivered();
    expect(mail.to).toEqual(["declined@example.com"]);
    expect(mail.replyTo).toBe("decliner@performers.example.com");
    expect(mail.text).toContain("Decliner is sorry to say they are already booked on");
    expect(mail.text).toContain("Free Tampa: http");
    expect(mail.text).not.toContain("Booked Orlando");
    expect(await readReplyLink(database.db, linkTokenIn(mail))).toMatchObject({ entries: [{ kind: "decline" }] });

    // One decline per inquiry.
    expect((await declineInquiry(services, decliner, inquiry.id)).kind).toBe("already");
    expect(await delivered()).toHaveLength(0);

    const page = await loadReplyPage(database.db, decliner, inquiry.id, { template: "", packagePosition: "" });
    expect(page).toMatchObject({ dayAhead: true, dayBooked: false });
    expect(await markInquiryDayBooked(database.db, decliner, inquiry.id)).toEqual({ status: "ok" });
    const [marked] = await database.db
      .select({ n: count() })
      .from(calendarDays)
      .where(and(eq(calendarDays.profileId, decliner), eq(calendarDays.day, day), eq(calendarDays.kind, "booked")));
    expect(marked.n).toBe(1);
    expect((await loadReplyPage(database.db, decliner, inquiry.id, { template: "", packagePosition: "" }))?.dayBooked).toBe(true);
  });
});
