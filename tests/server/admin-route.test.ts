import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MESSAGE_DELETE_CONFIRM,
  MESSAGE_DELETED,
  MESSAGE_MARKED_READ,
  PROFILE_ACTIVATED,
  PROFILE_DEACTIVATED,
  PROFILE_DELETE_CONFIRM,
  PROFILE_DELETED,
  REQUEST_ALREADY_REVIEWED,
  REQUEST_APPROVED,
  REQUEST_DELETE_FAILED,
  REQUEST_DELETED,
  REQUEST_REJECTED,
} from "~/lib/admin-messages";
import type { AdminDashboardView } from "~/lib/admin-view";
import * as adminRoute from "~/routes/admin";
import * as profileRoute from "~/routes/profile";
import { grantAdmin } from "~/server/auth/accounts.server";
import {
  adminAuditLog,
  contactMessages,
  emailOutbox,
  freeListingGrants,
  freeListingRequests,
  profileImages,
  profiles,
} from "~/server/db/schema";
import { readFlash } from "~/server/http/flash.server";
import { FRESH_CACHE_CONTROL } from "~/server/http/cache-headers.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, getRequest, postRequest, sessionCookie, testServices, type Answer } from "./accounts-fixtures";
import { createRequest } from "./admin-fixtures";

// /admin through its route module, as React Router calls it: who gets in, what each button does,
// where the admin lands afterwards, and what the page says about it.

let database: TestDatabase;
let services: AppServices;
let adminCookie: string;
let adminId: string;
let performerCookie: string;
let performerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  adminId = await createAccount(services, "admin@example.com");
  await grantAdmin(database.db, "admin@example.com");
  adminCookie = await sessionCookie(services, "admin@example.com");
  performerId = await createAccount(services, "performer@example.com");
  performerCookie = await sessionCookie(services, "performer@example.com");
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(adminAuditLog);
  await database.db.delete(freeListingGrants);
  await database.db.delete(freeListingRequests);
  await database.db.delete(contactMessages);
  await database.db.delete(profiles);
  await database.db.delete(emailOutbox);
});

const FUTURE = "2099-12-31";

async function load(path: string, cookie = adminCookie) {
  return call(adminRoute.loader, getRequest(path, cookie), services);
}

function viewOf(answer: Answer): AdminDashboardView & { viewMissing: boolean } {
  expect(answer.status).toBe(200);
  return answer.data as AdminDashboardView & { viewMissing: boolean };
}

async function post(path: string, fields: Record<string, string>, cookie = adminCookie) {
  return call(adminRoute.action, postRequest(path, fields, cookie), services);
}

/** The toast the redirect carries, as the next page would read it. */
async function toastOf(answer: Answer): Promise<string | null> {
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { flash } = await readFlash(services, new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return flash?.message ?? null;
}

async function auditCount(targetId: string) {
  const [row] = await database.db.select({ n: count() }).from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
  return Number(row.n);
}

async function listedProfile(fields: Partial<typeof profiles.$inferInsert> = {}) {
  await database.db
    .insert(profiles)
    .values({
      id: performerId,
      displayName: "Captain Comet",
      bio: "x".repeat(120),
      state: "TX",
      city: "Austin",
      contactEmail: "comet@example.com",
      paymentStatus: "paid",
      paymentExpiry: FUTURE,
      ...fields,
    })
    .onConflictDoNothing();
  return performerId;
}

async function message(fields: Partial<typeof contactMessages.$inferInsert> = {}) {
  const profileId = await listedProfile();
  const [row] = await database.db
    .insert(contactMessages)
    .values({
      profileId,
      senderName: "Pat Parent",
      senderEmail: "pat@example.com",
      phoneNumber: "555-0100",
      city: "Austin",
      state: "TX",
      zip: "73301",
      message: "Can you come to a birthday party?",
      ...fields,
    })
    .returning();
  return row;
}

describe(`/admin route (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("turns away a signed-out visitor (to /signin) and a performer (to /) from every button, changing nothing", async () => {
    const request = await createRequest(database);
    const inquiry = await message();
    const attempts: Record<string, string>[] = [
      { intent: "approve", id: request.id, confirmed: "yes" },
      { intent: "reject", id: request.id, confirmed: "yes", reason: "no photos" },
      { intent: "delete-request", id: request.id, confirmed: "yes" },
      { intent: "mark-read", id: inquiry.id },
      { intent: "delete-message", id: inquiry.id, confirmed: "yes" },
      { intent: "set-active", id: performerId, active: "false", confirmed: "yes", reason: "no photos" },
      { intent: "delete-profile", id: performerId, confirmed: "yes" },
    ];
    for (const fields of attempts) {
      const signedOut = await call(adminRoute.action, postRequest("/admin", fields), services);
      expect(signedOut.location, fields.intent).toMatch(/^\/signin\?/);
      const performer = await post("/admin", fields, performerCookie);
      expect(performer.location, fields.intent).toBe("/");
    }
    const [after] = await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, request.id));
    expect(after.status).toBe("pending");
    const [inquiryAfter] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, inquiry.id));
    expect(inquiryAfter).toMatchObject({ isRead: false, adminReadAt: null });
    const [profileAfter] = await database.db.select().from(profiles).where(eq(profiles.id, performerId));
    expect(profileAfter.isActive).toBe(true);
    expect(await database.db.select().from(adminAuditLog)).toEqual([]);

    expect((await load("/admin?tab=profiles", performerCookie)).location).toBe("/");
    expect((await call(adminRoute.loader, getRequest("/admin?tab=messages"), services)).location).toMatch(/^\/signin\?/);
  });

  it("shows each section paged newest first, with filter, search, counts and the admin's place in every link", async () => {
    for (let i = 0; i < 30; i++) {
      await createRequest(database, {
        fullName: i === 7 ? "Zelda Zapata" : `Applicant ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        status: i % 3 === 0 ? "approved" : "pending",
      });
    }
    const first = viewOf(await load("/admin"));
    expect(first.location).toMatchObject({ tab: "requests", page: 1, status: "all" });
    expect(first.counts.requests).toEqual({ total: 30, pending: 20 });
    expect(first.section.rows).toHaveLength(25);
    expect(first.section.pageInfo).toMatchObject({ page: 1, pageCount: 2, total: 30, from: 1, to: 25 });
    expect(first.section.rows[0]).toMatchObject({ fullName: "Applicant 29" });

    const second = viewOf(await load("/admin?page=2"));
    expect(second.section.rows.map((r) => ("fullName" in r ? r.fullName : ""))).toContain("Applicant 0");

    const pending = viewOf(await load("/admin?status=pending"));
    expect(pending.section.pageInfo.total).toBe(20);
    expect(pending.section.rows.every((r) => "status" in r && r.status === "pending")).toBe(true);

    const search = viewOf(await load("/admin?q=zapata"));
    expect(search.section.rows).toHaveLength(1);

    // Past the last page (rows deleted meanwhile): the last page, keeping the filter.
    const beyond = await load("/admin?status=pending&page=9");
    expect(beyond.location).toBe("/admin?status=pending");

    // Unknown values fall back to the defaults instead of failing.
    const odd = viewOf(await load("/admin?tab=nope&status=weird&page=-3"));
    expect(odd.location).toMatchObject({ tab: "requests", status: "all", page: 1 });
  });

  it("ignores a search or record holding a control character instead of failing (a NUL byte answered 500)", async () => {
    await createRequest(database, { fullName: "Zelda Zapata" });
    for (const tab of ["requests", "messages", "profiles"]) {
      for (const query of [`q=%00`, `q=zap%00ata`, `q=zap%0Aata`, `view=%00`, `q=%7F&view=abc%00`]) {
        const page = viewOf(await load(`/admin?tab=${tab}&${query}`));
        expect(page.location, `${tab} ${query}`).toMatchObject({ tab, q: "", view: null });
        expect(page.location.q).not.toMatch(/\p{Cc}/u);
      }
    }
    expect(viewOf(await load("/admin?q=%00")).section.rows).toHaveLength(1);
  });

  it("approves with a note from the list's place, then refuses a second approval with a clear message", async () => {
    const request = await createRequest(database, { email: "Ada@Example.com" });
    const place = `/admin?status=pending&view=${request.id}`;
    const approved = await post(place, { intent: "approve", id: request.id, confirmed: "yes", notes: "  Welcome aboard!  " });
    expect(approved.status).toBe(302);
    expect(approved.location).toBe(place);
    expect(await toastOf(approved)).toBe(REQUEST_APPROVED);

    const [row] = await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, request.id));
    expect(row).toMatchObject({ status: "approved", reviewedBy: adminId, notes: "Welcome aboard!" });
    expect(row.reviewedAt).toBeInstanceOf(Date);
    const grants = await database.db.select().from(freeListingGrants).where(eq(freeListingGrants.sourceRequestId, request.id));
    expect(grants).toHaveLength(1);
    expect(await auditCount(request.id)).toBe(1);

    const again = await post(place, { intent: "approve", id: request.id, confirmed: "yes" });
    expect(await toastOf(again)).toBe(`${REQUEST_ALREADY_REVIEWED} It was approved.`);
    expect(await database.db.select().from(freeListingGrants)).toHaveLength(1);
    expect(await auditCount(request.id)).toBe(1);

    const detail = viewOf(await load(place));
    expect(detail.section.detail).toMatchObject({ status: "approved", reviewedByEmail: "admin@example.com", notes: "Welcome aboard!" });
    expect(detail.recent[0]).toMatchObject({ summary: "Approved free-listing request", targetLabel: "Ada Applicant", notes: "Welcome aboard!" });
  });

  it("two approvals of one request posted at the same moment give one grant and one audit row", async () => {
    const request = await createRequest(database);
    const answers = await Promise.all([
      post("/admin", { intent: "approve", id: request.id, confirmed: "yes" }),
      post("/admin", { intent: "approve", id: request.id, confirmed: "yes" }),
    ]);
    const toasts = await Promise.all(answers.map(toastOf));
    expect(toasts.sort()).toEqual([REQUEST_APPROVED, `${REQUEST_ALREADY_REVIEWED} It was approved.`].sort());
    expect(await database.db.select().from(freeListingGrants)).toHaveLength(1);
    expect(await auditCount(request.id)).toBe(1);
  });

  it("rejects with a reason and queues the applicant's email; a reason or note over the limit is refused next to the field", async () => {
    const request = await createRequest(database, { email: "reject-me@example.com" });
    const tooLong = await post(`/admin?view=${request.id}`, { intent: "reject", id: request.id, confirmed: "yes", reason: "n".repeat(501) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({
      confirmation: { kind: "reject", id: request.id },
      errors: { reason: "The reason cannot exceed 500 characters" },
      values: { reason: "n".repeat(501) },
    });
    const longNote = await post(`/admin?view=${request.id}`, { intent: "approve", id: request.id, confirmed: "yes", notes: "n".repeat(1001) });
    expect(longNote.status).toBe(400);
    expect(longNote.data).toMatchObject({ confirmation: { kind: "approve" }, errors: { notes: "Notes cannot exceed 1000 characters" } });
    expect((await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, request.id)))[0].status).toBe("pending");

    const rejected = await post(`/admin?view=${request.id}`, { intent: "reject", id: request.id, confirmed: "yes", reason: "the application has no photos." });
    expect(await toastOf(rejected)).toBe(REQUEST_REJECTED);
    const mail = await database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "reject-me@example.com"));
    expect(mail).toHaveLength(1);
    expect(mail[0].textBody).toContain("because the application has no photos; reply to this email");
    expect(await auditCount(request.id)).toBe(1);
  });

  it("asks before deleting when the browser did not, deletes once confirmed, and leaves the detail view", async () => {
    const request = await createRequest(database);
    const unconfirmed = await post(`/admin?view=${request.id}`, { intent: "delete-request", id: request.id });
    expect(unconfirmed.status).toBe(200);
    expect(unconfirmed.data).toMatchObject({ confirmation: { kind: "delete-request", id: request.id } });
    expect(await database.db.select().from(freeListingRequests)).toHaveLength(1);

    const deleted = await post(`/admin?page=1&view=${request.id}`, { intent: "delete-request", id: request.id, confirmed: "yes" });
    expect(deleted.location).toBe("/admin");
    expect(await toastOf(deleted)).toBe(REQUEST_DELETED);
    expect(await database.db.select().from(freeListingRequests)).toHaveLength(0);
    expect(await auditCount(request.id)).toBe(1);

    const gone = await post("/admin", { intent: "delete-request", id: request.id, confirmed: "yes" });
    expect(await toastOf(gone)).toBe(REQUEST_DELETE_FAILED);
    const missing = viewOf(await load(`/admin?view=${request.id}`));
    expect(missing.viewMissing).toBe(true);
  });

  it("messages: shows the detail, marks read and deletes after confirmation, one audit row each", async () => {
    const inquiry = await message({ eventType: ["Birthday Party"], zip: "78701" });
    const place = `/admin?tab=messages&status=unread&view=${inquiry.id}`;
    const detail = viewOf(await load(place));
    expect(detail.counts.messages).toEqual({ total: 1, unread: 1 });
    expect(detail.section.detail).toMatchObject({
      senderName: "Pat Parent",
      phoneNumber: "555-0100",
      zip: "78701",
      eventTypes: ["Birthday Party"],
      profileName: "Captain Comet",
    });

    const read = await post(place, { intent: "mark-read", id: inquiry.id });
    expect(read.location).toBe(place);
    expect(await toastOf(read)).toBe(MESSAGE_MARKED_READ);
    // The admins' read, not the performer's: their inbox still shows it unread.
    expect((await database.db.select().from(contactMessages))[0]).toMatchObject({ isRead: false, adminReadAt: expect.any(Date) });
    expect(viewOf(await load(place)).section.detail).toMatchObject({ isRead: true, performerRead: false });

    const ask = await post(place, { intent: "delete-message", id: inquiry.id });
    expect(ask.data).toMatchObject({ confirmation: { kind: "delete-message" } });
    expect(MESSAGE_DELETE_CONFIRM).toBe("Are you sure you want to delete this message?");
    const deleted = await post(place, { intent: "delete-message", id: inquiry.id, confirmed: "yes" });
    expect(deleted.location).toBe("/admin?tab=messages&status=unread");
    expect(await toastOf(deleted)).toBe(MESSAGE_DELETED);
    expect(await database.db.select().from(contactMessages)).toHaveLength(0);
    expect(await auditCount(inquiry.id)).toBe(2);
  });

  it("profiles: deactivating hides the public profile at once, activating shows it again", async () => {
    const id = await listedProfile();
    const publicPage = () => call(profileRoute.loader, getRequest(`/profile/${id}`), services, { id });
    const before = await publicPage();
    expect(before.status).toBe(200);
    // Browsers revalidate the page every time, so a visitor who had it open gets the takedown too.
    expect(before.headers.get("Cache-Control")).toBe(FRESH_CACHE_CONTROL);

    const place = "/admin?tab=profiles&q=comet";
    const off = await post(place, { intent: "set-active", id, active: "false", confirmed: "yes", reason: "a test" });
    expect(off.location).toBe(place);
    expect(await toastOf(off)).toBe(PROFILE_DEACTIVATED);
    expect((await publicPage()).status).toBe(404);
    // The heading's count is the same whether the Profiles list counted it or the page did.
    for (const path of ["/admin?tab=profiles", "/admin?tab=profiles&q=comet", "/admin"]) {
      expect(viewOf(await load(path)).counts.profiles, path).toEqual({ total: 1, inactive: 1 });
    }

    // A second "Deactivate" (another tab) changes nothing and records nothing.
    await post(place, { intent: "set-active", id, active: "false", confirmed: "yes", reason: "a test" });
    expect(await auditCount(id)).toBe(1);

    const on = await post(place, { intent: "set-active", id, active: "true" });
    expect(await toastOf(on)).toBe(PROFILE_ACTIVATED);
    expect((await publicPage()).status).toBe(200);
    expect(await auditCount(id)).toBe(2);

    const list = viewOf(await load(place));
    expect(list.section.rows).toHaveLength(1);
    expect(list.section.rows[0]).toMatchObject({ displayName: "Captain Comet", isActive: true, paymentTone: "paid" });
  });

  it("profiles: deletes after confirmation, with its images' files", async () => {
    const id = await listedProfile();
    const key = `${id}/photo.webp`;
    await services.storage.put(key, Buffer.from("webp"), "image/webp");
    await database.db.insert(profileImages).values({
      profileId: id,
      imageUrl: `/media/${key}`,
      storageKey: key,
      position: 0,
      variants: [{ key, url: `/media/${key}`, width: 640, height: 640 }],
    });

    const ask = await post("/admin?tab=profiles", { intent: "delete-profile", id });
    expect(ask.data).toMatchObject({ confirmation: { kind: "delete-profile", label: "Captain Comet" } });
    expect(PROFILE_DELETE_CONFIRM).toBe("Are you sure you want to delete this profile? This action cannot be undone.");

    const deleted = await post("/admin?tab=profiles", { intent: "delete-profile", id, confirmed: "yes" });
    expect(await toastOf(deleted)).toBe(PROFILE_DELETED);
    expect(await database.db.select().from(profiles)).toHaveLength(0);
    expect(await services.storage.stream(key)).toBeNull();
    expect(await auditCount(id)).toBe(1);
  });
});
