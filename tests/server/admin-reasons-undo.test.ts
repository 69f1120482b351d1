import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  PROFILE_ACTIVATED,
  PROFILE_DEACTIVATED,
  PROFILE_DEACTIVATION_UNDONE,
  PROFILE_STATUS_FAILED,
  PROFILE_UNDO_TOO_LATE,
  REQUEST_REJECTED,
} from "~/lib/admin-messages";
import { REASON_REQUIRED } from "~/lib/admin-schema";
import type { ConfirmationAnswer } from "~/lib/admin-view";
import * as adminRoute from "~/routes/admin";
import { grantAdmin } from "~/server/auth/accounts.server";
import { adminAuditLog, emailOutbox, freeListingGrants, freeListingRequests, profiles } from "~/server/db/schema";
import { readFlash, type Flash } from "~/server/http/flash.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, postRequest, sessionCookie, testServices, type Answer } from "./accounts-fixtures";
import { createRequest } from "./admin-fixtures";

// Reject and Deactivate tell the person why (a required reason, mailed with a Reply-To that reaches
// the team), Approve and Deactivate are confirmed first, and a deactivation can be undone by its
// admin for a short while, in which case the performer never hears of it.

let database: TestDatabase;
let services: AppServices;
let adminCookie: string;
let adminId: string;
let otherAdminCookie: string;
let performerCookie: string;
let performerId: string;

const PERFORMER_EMAIL = "performer@example.com";

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database, { SUPPORT_EMAIL: "team@costumecast.test" });
  adminId = await createAccount(services, "admin@example.com");
  await grantAdmin(database.db, "admin@example.com");
  adminCookie = await sessionCookie(services, "admin@example.com");
  await createAccount(services, "second-admin@example.com");
  await grantAdmin(database.db, "second-admin@example.com");
  otherAdminCookie = await sessionCookie(services, "second-admin@example.com");
  performerId = await createAccount(services, PERFORMER_EMAIL);
  performerCookie = await sessionCookie(services, PERFORMER_EMAIL);
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(adminAuditLog);
  await database.db.delete(freeListingGrants);
  await database.db.delete(freeListingRequests);
  await database.db.delete(profiles);
  await database.db.delete(emailOutbox);
  await database.db.insert(profiles).values({
    id: performerId,
    displayName: "Captain Comet",
    bio: "x".repeat(120),
    state: "TX",
    city: "Austin",
    contactEmail: "bookings@comet.example",
    paymentStatus: "paid",
    paymentExpiry: "2099-12-31",
  });
});

const PLACE = "/admin?tab=profiles&view=";
const REASON = "the photos show a trademarked character.";

async function post(path: string, fields: Record<string, string>, cookie = adminCookie) {
  return call(adminRoute.action, postRequest(path, fields, cookie), services);
}

async function flashOf(answer: Answer): Promise<Flash | null> {
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readFlash(services, new Request("http://localhost/", { headers: { Cookie: cookie } }))).flash;
}

async function isActive() {
  const [row] = await database.db.select({ isActive: profiles.isActive }).from(profiles).where(eq(profiles.id, performerId));
  return row.isActive;
}

const audit = () => database.db.select().from(adminAuditLog).orderBy(adminAuditLog.createdAt);
const outbox = () => database.db.select().from(emailOutbox);

function deactivate(reason: string, cookie = adminCookie) {
  return post(`${PLACE}${performerId}`, { intent: "set-active", id: performerId, active: "false", confirmed: "yes", reason }, cookie);
}

/** Deactivates with a reason and gives the undo the toast offers. */
async function deactivated(): Promise<Record<string, string>> {
  const answer = await deactivate(REASON);
  expect(answer.status).toBe(302);
  const flash = await flashOf(answer);
  expect(flash?.action?.fields).toBeDefined();
  return flash!.action!.fields;
}

describe(`admin reasons, confirmations and undo (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("asks before deactivating, and refuses a deactivation without a reason with the message by the field, changing nothing", async () => {
    const ask = await post(`${PLACE}${performerId}`, { intent: "set-active", id: performerId, active: "false" });
    expect(ask.status).toBe(200);
    expect(ask.data).toMatchObject({ confirmation: { kind: "deactivate", id: performerId, label: "Captain Comet" } });

    for (const reason of ["", "   \n  "]) {
      const refused = await deactivate(reason);
      expect(refused.status).toBe(400);
      const answer = refused.data as ConfirmationAnswer;
      expect(answer.errors.reason).toBe(REASON_REQUIRED);
      expect(answer.confirmation).toMatchObject({ kind: "deactivate", id: performerId });
    }
    const tooLong = await deactivate("r".repeat(501));
    expect(tooLong.status).toBe(400);
    expect((tooLong.data as ConfirmationAnswer).errors.reason).toBe("The reason cannot exceed 500 characters");

    expect(await isActive()).toBe(true);
    expect(await audit()).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it("deactivates with the reason: the performer's mail quotes it with a Reply-To to the team, held past the undo window; the audit row keeps it", async () => {
    const answer = await deactivate(REASON);
    expect(answer.location).toBe(`${PLACE}${performerId}`);
    const flash = await flashOf(answer);
    expect(flash).toMatchObject({ type: "success", message: PROFILE_DEACTIVATED, action: { label: "Undo", seconds: 10 } });
    expect(flash?.action?.fields).toMatchObject({ intent: "undo-deactivate", id: performerId });
    expect(await isActive()).toBe(false);

    const [mail] = await outbox();
    expect(mail).toMatchObject({
      toAddress: PERFORMER_EMAIL,
      replyTo: "team@costumecast.test",
      subject: "Your CostumeCast listing is paused",
      status: "pending",
    });
    expect(mail.textBody).toContain(
      "Your listing is paused because the photos show a trademarked character; reply to this email to ask us to look again.",
    );
    expect(mail.textBody).toMatch(/^Hi Captain Comet,/);
    expect(mail.htmlBody).toContain("reply to this email to ask us to look again");
    // Not due before the undo window (30 s) has passed, by the database's clock.
    const [held] = await database.db
      .select({ held: sql<boolean>`${emailOutbox.nextAttemptAt} > now() + interval '30 seconds'` })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, mail.id));
    expect(held.held).toBe(true);

    const [entry] = await audit();
    expect(entry).toMatchObject({
      adminId,
      action: "profile.deactivate",
      targetId: performerId,
      notes: REASON.trim(),
      emailId: mail.id,
    });
    expect(flash?.action?.fields.token).toBe(entry.id);
  });

  it("the deactivating admin undoes within the window: listed again, no mail, its own audit row; a second undo changes nothing", async () => {
    const undo = await deactivated();
    const undone = await post(`${PLACE}${performerId}`, undo);
    expect((await flashOf(undone))?.message).toBe(PROFILE_DEACTIVATION_UNDONE);
    expect(await isActive()).toBe(true);
    expect(await outbox()).toEqual([]);
    expect((await audit()).map((r) => r.action)).toEqual(["profile.deactivate", "profile.deactivate.undo"]);

    const again = await post(`${PLACE}${performerId}`, undo);
    expect(await flashOf(again)).toMatchObject({ type: "error", message: PROFILE_UNDO_TOO_LATE });
    expect(await isActive()).toBe(true);
    expect(await audit()).toHaveLength(2);
  });

  it("refuses the undo past the window, after the mail went, to another admin and with a forged token; nothing changes", async () => {
    const undo = await deactivated();
    const [entry] = await audit();

    // Another admin holding the token.
    const other = await post(`${PLACE}${performerId}`, undo, otherAdminCookie);
    expect(await flashOf(other)).toMatchObject({ type: "error", message: PROFILE_STATUS_FAILED });
    // A token that names no deactivation.
    const forged = await post(`${PLACE}${performerId}`, { ...undo, token: "00000000-0000-4000-8000-000000000000" });
    expect(await flashOf(forged)).toMatchObject({ type: "error", message: PROFILE_STATUS_FAILED });
    expect(await isActive()).toBe(false);

    // The mail has gone out (the worker took it): the performer knows, so no undo.
    await database.db.update(emailOutbox).set({ status: "sent" }).where(eq(emailOutbox.id, entry.emailId!));
    const afterMail = await post(`${PLACE}${performerId}`, undo);
    expect(await flashOf(afterMail)).toMatchObject({ type: "error", message: PROFILE_UNDO_TOO_LATE });
    expect(await isActive()).toBe(false);
    await database.db.update(emailOutbox).set({ status: "pending" }).where(eq(emailOutbox.id, entry.emailId!));

    // Past the window: the deactivation is 31 seconds old.
    await database.db
      .update(adminAuditLog)
      .set({ createdAt: sql`now() - interval '31 seconds'` })
      .where(eq(adminAuditLog.id, entry.id));
    const late = await post(`${PLACE}${performerId}`, undo);
    expect(await flashOf(late)).toMatchObject({ type: "error", message: PROFILE_UNDO_TOO_LATE });
    expect(await isActive()).toBe(false);
    expect(await outbox()).toHaveLength(1);
    expect((await audit()).map((r) => r.action)).toEqual(["profile.deactivate"]);
  });

  it("activating takes back the held mail; an undo after that changes nothing", async () => {
    const undo = await deactivated();
    const on = await post(`${PLACE}${performerId}`, { intent: "set-active", id: performerId, active: "true" });
    expect((await flashOf(on))?.message).toBe(PROFILE_ACTIVATED);
    expect(await outbox()).toEqual([]);
    const late = await post(`${PLACE}${performerId}`, undo);
    expect(await flashOf(late)).toMatchObject({ type: "error", message: PROFILE_UNDO_TOO_LATE });
    expect((await audit()).map((r) => r.action)).toEqual(["profile.deactivate", "profile.activate"]);
  });

  it("the admin's detail view shows why the profile is paused", async () => {
    await deactivated();
    const answer = await call(adminRoute.loader, new Request(`http://localhost:5173${PLACE}${performerId}`, { headers: { Cookie: adminCookie } }), services);
    const view = answer.data as { section: { detail: { pausedReason: string | null; isActive: boolean } } };
    expect(view.section.detail).toMatchObject({ isActive: false, pausedReason: REASON.trim() });
  });

  it("asks before approving, and a rejection needs a reason, which the applicant's mail gives with a Reply-To to the team", async () => {
    const request = await createRequest(database, { email: "applicant@example.com", fullName: "Ada Applicant" });
    const place = `/admin?view=${request.id}`;
    const ask = await post(place, { intent: "approve", id: request.id });
    expect(ask.data).toMatchObject({ confirmation: { kind: "approve", id: request.id, label: "Request from Ada Applicant (applicant@example.com)" } });
    const askReject = await post(place, { intent: "reject", id: request.id });
    expect(askReject.data).toMatchObject({ confirmation: { kind: "reject", id: request.id } });

    const noReason = await post(place, { intent: "reject", id: request.id, confirmed: "yes", reason: " " });
    expect(noReason.status).toBe(400);
    expect((noReason.data as ConfirmationAnswer).errors.reason).toBe(REASON_REQUIRED);
    const [still] = await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, request.id));
    expect(still).toMatchObject({ status: "pending", reviewedBy: null, notes: null });
    expect(await outbox()).toEqual([]);
    expect(await audit()).toEqual([]);

    const rejected = await post(place, { intent: "reject", id: request.id, confirmed: "yes", reason: "we could not find photos of you in costume" });
    expect((await flashOf(rejected))?.message).toBe(REQUEST_REJECTED);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ toAddress: "applicant@example.com", replyTo: "team@costumecast.test" });
    expect(mail.textBody).toContain(
      "We are not able to approve your application this time because we could not find photos of you in costume; reply to this email to ask us to look again.",
    );
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: "request.reject", adminId, notes: "we could not find photos of you in costume" });
    const [after] = await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, request.id));
    expect(after).toMatchObject({ status: "rejected", notes: "we could not find photos of you in costume" });
  });

  it("a performer or a signed-out visitor can neither deactivate, reject nor undo", async () => {
    const request = await createRequest(database);
    const undo = await deactivated();
    const attempts: Record<string, string>[] = [
      undo,
      { intent: "set-active", id: performerId, active: "true" },
      { intent: "reject", id: request.id, confirmed: "yes", reason: "no" },
      { intent: "approve", id: request.id, confirmed: "yes" },
    ];
    for (const fields of attempts) {
      const signedOut = await call(adminRoute.action, postRequest(PLACE, fields), services);
      expect(signedOut.location, fields.intent).toMatch(/^\/signin\?/);
      const performer = await post(PLACE, fields, performerCookie);
      expect(performer.location, fields.intent).toBe("/");
    }
    expect(await isActive()).toBe(false);
    expect(await outbox()).toHaveLength(1);
    const [req] = await database.db.select().from(freeListingRequests).where(eq(freeListingRequests.id, request.id));
    expect(req.status).toBe("pending");
    expect((await audit()).map((r) => r.action)).toEqual(["profile.deactivate"]);
    // The performer cannot deactivate their own listing through /admin either.
    const self = await post(PLACE, { intent: "set-active", id: performerId, active: "false", confirmed: "yes", reason: "x" }, performerCookie);
    expect(self.location).toBe("/");
    expect(await database.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.adminId, performerId)))).toEqual([]);
  });
});
