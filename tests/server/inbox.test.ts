import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboardRoute from "~/routes/dashboard";
import { getDashboardSummary, keepTravelRange } from "~/server/dashboard/dashboard.server";
import { contactMessages, profileCategories, profileImages, profiles } from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { deleteInquiry, getInquiry, INBOX_PAGE_SIZE, listInquiries, markInquiryRead } from "~/server/inquiries/inbox.server";
import type { AppServices } from "~/server/platform/services.server";
import { messagePreview } from "~/lib/inbox-view";
import { childAgeLabel, eventLengthLabel, startTimeLabel } from "~/lib/inquiry-fields";
import { todayIso } from "~/server/directory/visibility.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, cookieFrom, createAccount, getRequest, postRequest, sessionCookie, testServices } from "./accounts-fixtures";

let database: TestDatabase;
let services: AppServices;
let alice: string;
let bob: string;
let aliceCookie: string;
let bobCookie: string;

const BIO = "I bring a friendly caped hero to birthday parties and school events, with games, photos and a short show for the kids.";

async function addInquiry(profileId: string, overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      profileId,
      senderName: "Pat Parent",
      senderEmail: "pat@example.com",
      phoneNumber: "(407) 555-0134",
      city: "Orlando",
      state: "FL",
      zip: "32801",
      message: "Could you come to my son's 6th birthday?\nAbout 15 kids.",
      eventType: ["Birthday Party"],
      eventDate: "2031-06-14",
      ...overrides,
    })
    .returning();
  return row;
}

async function inquiryRow(id: string) {
  const [row] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, id));
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  alice = await createAccount(services, "alice@example.com");
  bob = await createAccount(services, "bob@example.com");
  await database.db.insert(profiles).values([{ id: alice }, { id: bob }]);
  aliceCookie = await sessionCookie(services, "alice@example.com");
  bobCookie = await sessionCookie(services, "bob@example.com");
});
afterAll(async () => {
  await database?.close();
});

describe(`owner-scoped inbox (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists only the owner's inquiries, newest first, with the unread count", async () => {
    const older = await addInquiry(alice, { senderName: "Older", createdAt: new Date("2030-01-01T10:00:00Z") });
    const newer = await addInquiry(alice, { senderName: "Newer", createdAt: new Date("2030-02-01T10:00:00Z"), isRead: true });
    await addInquiry(bob, { senderName: "For Bob" });
    const page = await listInquiries(database.db, alice);
    expect(page.inquiries.map((i) => i.id)).toEqual([newer.id, older.id]);
    expect(page.total).toBe(2);
    expect(page.unread).toBe(1);
    expect(page.inquiries[0]).toMatchObject({
      senderName: "Newer",
      eventTypes: ["Birthday Party"],
      eventDate: "2031-06-14",
      isRead: true,
      // The first line only: enough to tell inquiries apart in the list.
      preview: "Could you come to my son's 6th birthday?",
    });
    // The list never carries contact details; those appear only in the detail view.
    expect(Object.keys(page.inquiries[0])).not.toContain("senderEmail");
  });

  it("pages in SQL", async () => {
    const { id: carol } = { id: await createAccount(services, "carol@example.com") };
    await database.db.insert(profiles).values({ id: carol });
    for (let i = 0; i < INBOX_PAGE_SIZE + 3; i++) {
      await addInquiry(carol, { senderName: `Sender ${i}`, createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)) });
    }
    const first = await listInquiries(database.db, carol, 1);
    const second = await listInquiries(database.db, carol, 2);
    expect(first.inquiries).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    expect(second.inquiries.map((i) => i.senderName)).toEqual(["Sender 2", "Sender 1", "Sender 0"]);
    expect((await listInquiries(database.db, carol, 99)).page).toBe(2);
  });

  it("never reads, marks or deletes another performer's inquiry", async () => {
    const bobs = await addInquiry(bob, { senderName: "Private to Bob" });
    expect(await getInquiry(database.db, alice, bobs.id)).toBeNull();
    expect(await markInquiryRead(database.db, alice, bobs.id)).toBe(false);
    expect(await deleteInquiry(database.db, alice, bobs.id)).toBe(false);
    expect(await inquiryRow(bobs.id)).toMatchObject({ isRead: false, senderName: "Private to Bob" });
    for (const bogus of ["not-a-uuid", "' or '1'='1", ""]) {
      expect(await getInquiry(database.db, alice, bogus)).toBeNull();
      expect(await markInquiryRead(database.db, alice, bogus)).toBe(false);
    }
  });
});

describe("dashboard inquiry actions", () => {
  it("opens the owner's inquiry in full, but answers 404 for someone else's id", async () => {
    const mine = await addInquiry(alice, { senderName: "Detail Dana", senderEmail: "dana@example.com" });
    const theirs = await addInquiry(bob, { senderName: "Secret Sam", senderEmail: "sam@example.com" });

    const own = await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${mine.id}`, aliceCookie), services);
    expect(own.status).toBe(200);
    expect((own.data as { selected: { senderEmail: string; message: string } }).selected).toMatchObject({
      senderEmail: "dana@example.com",
      message: "Could you come to my son's 6th birthday?\nAbout 15 kids.",
    });

    const other = await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${theirs.id}`, aliceCookie), services);
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.data)).not.toContain("sam@example.com");
  });

  it("refuses to mark another performer's inquiry as read (404, nothing changed)", async () => {
    const theirs = await addInquiry(bob);
    const answer = await call(
      dashboardRoute.action,
      postRequest("/dashboard", { intent: "mark-read", id: theirs.id }, aliceCookie),
      services,
    );
    expect(answer.status).toBe(404);
    expect(answer.data).toMatchObject({ message: "Failed to mark as read" });
    expect((await inquiryRow(theirs.id)).isRead).toBe(false);
  });

  it("refuses to delete another performer's inquiry, even confirmed (404, nothing changed)", async () => {
    const theirs = await addInquiry(bob);
    const answer = await call(
      dashboardRoute.action,
      postRequest("/dashboard", { intent: "delete", id: theirs.id, confirmed: "yes" }, aliceCookie),
      services,
    );
    expect(answer.status).toBe(404);
    expect(answer.data).toMatchObject({ message: "Failed to delete inquiry" });
    expect(await inquiryRow(theirs.id)).toBeDefined();
  });

  it("marks the owner's inquiry as read with the spec's toast", async () => {
    const mine = await addInquiry(bob);
    const answer = await call(
      dashboardRoute.action,
      postRequest(`/dashboard?inquiry=${mine.id}`, { intent: "mark-read", id: mine.id }, bobCookie),
      services,
    );
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/dashboard?inquiry=${mine.id}#inquiry`);
    const { flash } = await readFlash(services, getRequest("/", cookieFrom(answer.headers)));
    expect(flash).toEqual({ type: "success", message: "Marked as read" });
    expect((await inquiryRow(mine.id)).isRead).toBe(true);
  });

  it("asks before deleting, then deletes the owner's inquiry", async () => {
    const mine = await addInquiry(bob);
    const ask = await call(dashboardRoute.action, postRequest("/dashboard", { intent: "delete", id: mine.id }, bobCookie), services);
    expect(ask.status).toBe(200);
    expect(ask.data).toMatchObject({ confirmId: mine.id });
    expect(await inquiryRow(mine.id)).toBeDefined();

    const done = await call(
      dashboardRoute.action,
      postRequest(`/dashboard?page=1&inquiry=${mine.id}`, { intent: "delete", id: mine.id, confirmed: "yes" }, bobCookie),
      services,
    );
    expect(done.status).toBe(302);
    expect(done.location).toBe("/dashboard#inquiries");
    const { flash } = await readFlash(services, getRequest("/", cookieFrom(done.headers)));
    expect(flash).toEqual({ type: "success", message: "Inquiry deleted successfully" });
    expect(await inquiryRow(mine.id)).toBeUndefined();
  });

  it("rejects a malformed submission", async () => {
    const answer = await call(dashboardRoute.action, postRequest("/dashboard", { intent: "drop-table", id: "x" }, bobCookie), services);
    expect(answer.status).toBe(400);
  });
});

describe("the inbox's plain words", () => {
  it("previews the first line with words, cut at a word", () => {
    expect(messagePreview("\n  Hello there!\nSecond line")).toBe("Hello there!");
    const long = `${"word ".repeat(40)}end`;
    const preview = messagePreview(long);
    expect(preview.endsWith("word…")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(121);
    expect(messagePreview("x".repeat(300))).toBe(`${"x".repeat(120)}…`);
  });

  // The inbox and the performer's email say the details with the same words as the form's choices.
  it("says the event details as a parent would", () => {
    expect(startTimeLabel("00:05")).toBe("12:05 AM");
    expect(startTimeLabel("12:00")).toBe("12:00 PM");
    expect(startTimeLabel("14:30")).toBe("2:30 PM");
    expect(eventLengthLabel(60)).toBe("1 hour");
    expect(eventLengthLabel(90)).toBe("1.5 hours");
    expect(eventLengthLabel(240)).toBe("4 hours or more");
    expect(eventLengthLabel(45)).toBe("45 min");
    expect(eventLengthLabel(125)).toBe("2 h 5 min");
    expect(childAgeLabel(0)).toBe("under 1 year old");
    expect(childAgeLabel(1)).toBe("1 year old");
    expect(childAgeLabel(7)).toBe("7 years old");
  });
});

describe("first read of an inquiry", () => {
  it("stamps first_read_at when the owner first opens it, never again, and never for someone else", async () => {
    const mine = await addInquiry(alice, { senderName: "First Read Fran" });
    const theirs = await addInquiry(bob, { senderName: "Not Yours" });
    expect(mine.firstReadAt).toBeNull();
    // The detail carries the optional event details for the page to say in words.
    await database.db
      .update(contactMessages)
      .set({ eventStartTime: "14:30", eventLengthMinutes: 90, childrenCount: 12, childAge: 6 })
      .where(eq(contactMessages.id, mine.id));

    const other = await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${theirs.id}`, aliceCookie), services);
    expect(other.status).toBe(404);
    expect((await inquiryRow(theirs.id)).firstReadAt).toBeNull();

    const opened = await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${mine.id}`, aliceCookie), services);
    expect(opened.status).toBe(200);
    expect((opened.data as { selected: object }).selected).toMatchObject({
      eventStartTime: "14:30",
      eventLengthMinutes: 90,
      childrenCount: 12,
      childAge: 6,
    });
    const first = (await inquiryRow(mine.id)).firstReadAt;
    expect(first).toBeInstanceOf(Date);
    // Opening is reading it, but the spec's Unread -> Read stays the performer's "Mark as Read".
    expect((await inquiryRow(mine.id)).isRead).toBe(false);

    await call(dashboardRoute.loader, getRequest(`/dashboard?inquiry=${mine.id}`, aliceCookie), services);
    await call(dashboardRoute.action, postRequest(`/dashboard?inquiry=${mine.id}`, { intent: "mark-read", id: mine.id }, aliceCookie), services);
    expect((await inquiryRow(mine.id)).firstReadAt).toEqual(first);
  });

  it("stamps it when marked as read straight away, and keeps the performer's read time up to date", async () => {
    const id = await createAccount(services, "reader@example.com");
    await database.db.insert(profiles).values({ id });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const inquiries = [];
    for (const h of [2.5, 4.5, 30]) inquiries.push(await addInquiry(id, { createdAt: hoursAgo(h) }));
    for (const inquiry of inquiries) {
      expect(await markInquiryRead(database.db, id, inquiry.id)).toBe(true);
      expect((await inquiryRow(inquiry.id)).firstReadAt).toBeInstanceOf(Date);
    }
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, id));
    // The median of 2.5, 4.5 and 30 hours (plus the seconds the test took), rounded up.
    expect(profile.inquiryReadHours).toBe(5);
  });
});

describe("dashboard status and checklist", () => {
  it("walks through the spec's four states and the account badge", async () => {
    const id = await createAccount(services, "states@example.com");
    const today = todayIso();
    let summary = await getDashboardSummary(database.db, id, today);
    expect(summary).toMatchObject({ hasProfile: false, status: "none", paid: false, listed: false });
    expect(summary.checklist.every((item) => !item.done)).toBe(true);

    await database.db.insert(profiles).values({ id, displayName: "Captain Confetti", state: "FL", city: "Orlando" });
    summary = await getDashboardSummary(database.db, id, today);
    expect(summary.status).toBe("incomplete");

    await database.db.update(profiles).set({ bio: BIO }).where(eq(profiles.id, id));
    summary = await getDashboardSummary(database.db, id, today);
    expect(summary).toMatchObject({ status: "unpaid", paid: false, listed: false });

    await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2099-12-31" }).where(eq(profiles.id, id));
    summary = await getDashboardSummary(database.db, id, today);
    expect(summary).toMatchObject({ status: "active", paid: true, paymentExpiry: "2099-12-31", listed: true });

    // Paid but switched off by an admin: still paid (badge Active), no longer listed publicly.
    await database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, id));
    summary = await getDashboardSummary(database.db, id, today);
    expect(summary).toMatchObject({ status: "active", paid: true, listed: false });

    // A lapsed payment reads as unpaid even before the expiry job relabels it.
    await database.db.update(profiles).set({ isActive: true, paymentExpiry: "2000-01-01" }).where(eq(profiles.id, id));
    summary = await getDashboardSummary(database.db, id, today);
    expect(summary).toMatchObject({ status: "unpaid", paid: false, listed: false });
  });

  it("ticks each checklist item and links it to where it is fixed", async () => {
    const id = await createAccount(services, "checklist@example.com");
    await database.db.insert(profiles).values({ id, displayName: "Robo Rita", bio: "Too short.", state: "TX" });
    let items = (await getDashboardSummary(database.db, id)).checklist;
    const done = () => Object.fromEntries(items.map((i) => [i.key, i.done]));
    expect(done()).toEqual({
      displayName: true,
      bio: false,
      state: true,
      city: false,
      travelRange: false,
      category: false,
      photo: false,
      contactEmail: false,
    });
    expect(items.find((i) => i.key === "photo")!.href).toBe("/dashboard/manage-images");
    expect(items.find((i) => i.key === "travelRange")!.href).toBe("/dashboard/edit-profile#section-travel");
    expect(items.filter((i) => i.key !== "photo" && i.key !== "travelRange").every((i) => i.href === "/dashboard/edit-profile")).toBe(true);

    await database.db
      .update(profiles)
      .set({ bio: BIO, city: "Austin", contactEmail: "rita@example.com" })
      .where(eq(profiles.id, id));
    expect(await keepTravelRange(database.db, id)).toBe(true);
    await database.db.insert(profileCategories).values({ profileId: id, category: "Sci-Fi" });
    await database.db
      .insert(profileImages)
      .values({ profileId: id, imageUrl: "/media/x.webp", storageKey: `${id}/x.webp`, position: 0 });
    items = (await getDashboardSummary(database.db, id)).checklist;
    expect(items.every((i) => i.done)).toBe(true);
  });

  it("shows a matching notice after checkout", async () => {
    const success = await call(dashboardRoute.loader, getRequest("/dashboard?checkout=success", aliceCookie), services);
    expect((success.data as { checkout: string }).checkout).toBe("success");
    const canceled = await call(dashboardRoute.loader, getRequest("/dashboard?checkout=canceled", aliceCookie), services);
    expect((canceled.data as { checkout: string }).checkout).toBe("canceled");
    const junk = await call(dashboardRoute.loader, getRequest("/dashboard?checkout=<script>", aliceCookie), services);
    expect((junk.data as { checkout: unknown }).checkout).toBeNull();
  });
});
