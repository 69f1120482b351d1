import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  approveFreeListingRequest,
  deleteFreeListingRequest,
  freeListingGrantsIssued,
  getFreeListingRequest,
  listFreeListingRequests,
  rejectFreeListingRequest,
} from "~/server/admin/free-listing-requests.server";
import { listRecentAdminActions } from "~/server/admin/audit.server";
import {
  adminAuditLog,
  emailOutbox,
  freeListingGrants,
  freeListingProgram,
  freeListingRequests,
  profiles,
  user,
} from "~/server/db/schema";
import { claimFreeListingGrants } from "~/server/payments/grants.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { auditRows, CONTEXT, createAccount, createAdmin, createProfile, createRequest } from "./admin-fixtures";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  const { db } = database;
  await db.delete(freeListingGrants);
  await db.delete(freeListingRequests);
  await db.delete(adminAuditLog);
  await db.delete(freeListingProgram);
  await db.delete(emailOutbox);
  await db.delete(user);
});

async function grantCount(requestId?: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(freeListingGrants)
    .where(requestId ? eq(freeListingGrants.sourceRequestId, requestId) : undefined);
  return Number(row.n);
}

async function mailTo(to: string) {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
}

describe(`free-listing requests (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("approves a pending request: status, reviewer, notes, a free year, one email, one audit row", async () => {
    const admin = await createAdmin(database);
    const applicant = await createAccount(database);
    await createProfile(database, applicant.id);
    const request = await createRequest(database, { email: applicant.email });
    const now = new Date("2026-03-10T12:00:00Z");

    const outcome = await approveFreeListingRequest(
      database.db,
      CONTEXT,
      { adminId: admin.id, requestId: request.id, notes: "  Welcome!  " },
      now,
    );
    expect(outcome).toMatchObject({ kind: "approved", userId: applicant.id, endsOn: "2027-03-10" });

    const stored = await getFreeListingRequest(database.db, request.id);
    expect(stored).toMatchObject({ status: "approved", reviewedBy: admin.id, notes: "Welcome!" });
    expect(stored?.reviewedAt?.toISOString()).toBe(now.toISOString());
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, applicant.id));
    expect(profile).toMatchObject({ paymentStatus: "paid", paymentExpiry: "2027-03-10" });
    const mail = await mailTo(applicant.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].textBody).toContain("Sign in");
    expect(mail[0].textBody).toContain("Welcome!");
    expect(await freeListingGrantsIssued(database.db)).toBe(1);
    const audit = await auditRows(database, request.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: admin.id, action: "request.approve", targetType: "free_listing_request", notes: "Welcome!" });
  });

  it("approves and rejects only from pending; a second review is refused with no grant, email or audit row", async () => {
    const admin = await createAdmin(database);
    const request = await createRequest(database);
    const first = await rejectFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id, reason: "Photos needed" });
    expect(first).toEqual({ kind: "rejected" });
    const rejected = await getFreeListingRequest(database.db, request.id);
    expect(rejected).toMatchObject({ status: "rejected", reviewedBy: admin.id, notes: "Photos needed" });
    const mail = await mailTo(request.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].textBody).toContain("Photos needed");

    expect(await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id })).toEqual({
      kind: "already-reviewed",
      status: "rejected",
    });
    expect(await rejectFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id, reason: "Again" })).toEqual({
      kind: "already-reviewed",
      status: "rejected",
    });
    expect(await grantCount()).toBe(0);
    expect(await mailTo(request.email)).toHaveLength(1);
    expect(await auditRows(database, request.id)).toHaveLength(1);

    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: missing })).toEqual({ kind: "not-found" });
    expect(await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: "nonsense" })).toEqual({ kind: "not-found" });
  });

  it("two concurrent approvals of one request give one grant", async () => {
    const [adminA, adminB] = [await createAdmin(database), await createAdmin(database)];
    const request = await createRequest(database);
    const outcomes = await Promise.all([
      approveFreeListingRequest(database.db, CONTEXT, { adminId: adminA.id, requestId: request.id }),
      approveFreeListingRequest(database.db, CONTEXT, { adminId: adminB.id, requestId: request.id }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["already-reviewed", "approved"]);
    expect(await grantCount(request.id)).toBe(1);
    expect(await freeListingGrantsIssued(database.db)).toBe(1);
    expect(await mailTo(request.email)).toHaveLength(1);
    expect(await auditRows(database, request.id)).toHaveLength(1);
  });

  it("refuses the 151st grant even when two admins approve at the same moment", async () => {
    const admin = await createAdmin(database);
    await database.db.insert(freeListingProgram).values({ id: 1, grantsIssued: 149 });
    const [a, b] = [await createRequest(database), await createRequest(database)];
    const outcomes = await Promise.all([
      approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: a.id }),
      approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: b.id }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(["approved", "program-full"]);
    expect(await freeListingGrantsIssued(database.db)).toBe(150);
    expect(await grantCount()).toBe(1);
    // The refused one stays pending, with no email and no audit row.
    const refused = outcomes[0].kind === "program-full" ? a : b;
    expect(await getFreeListingRequest(database.db, refused.id)).toMatchObject({ status: "pending", reviewedBy: null });
    expect(await mailTo(refused.email)).toHaveLength(0);
    expect(await auditRows(database, refused.id)).toHaveLength(0);

    // Full is full: one more, alone, is refused too.
    const c = await createRequest(database);
    expect(await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: c.id })).toEqual({ kind: "program-full" });
    expect(await freeListingGrantsIssued(database.db)).toBe(150);
  });

  it("the database itself refuses a counter above 150", async () => {
    await database.db.insert(freeListingProgram).values({ id: 1, grantsIssued: 150 });
    await expect(database.db.update(freeListingProgram).set({ grantsIssued: 151 })).rejects.toThrow();
    await expect(database.db.insert(freeListingProgram).values({ id: 2, grantsIssued: 0 })).rejects.toThrow();
  });

  it("a grant for an email without an account waits and applies at sign-up", async () => {
    const admin = await createAdmin(database);
    const request = await createRequest(database, { email: "Newcomer@Example.com" });
    const outcome = await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id });
    expect(outcome).toMatchObject({ kind: "approved", userId: null });
    const [mail] = await mailTo("Newcomer@Example.com");
    expect(mail.textBody).toContain("Create your account with this email address");

    const newcomer = await createAccount(database, "newcomer@example.com");
    await createProfile(database, newcomer.id);
    expect(await claimFreeListingGrants(database.db, CONTEXT, { userId: newcomer.id })).toEqual([newcomer.id]);
    const [grant] = await database.db.select().from(freeListingGrants).where(eq(freeListingGrants.sourceRequestId, request.id));
    expect(grant.userId).toBe(newcomer.id);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, newcomer.id));
    expect(profile.paymentStatus).toBe("paid");
    expect(profile.paymentExpiry).toBe(grant.endsOn);
  });

  it("deletes a request with one audit row that survives the delete", async () => {
    const admin = await createAdmin(database);
    const request = await createRequest(database);
    await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: request.id });
    expect(await deleteFreeListingRequest(database.db, { adminId: admin.id, requestId: request.id })).toEqual({ kind: "deleted" });
    expect(await getFreeListingRequest(database.db, request.id)).toBeNull();
    expect(await deleteFreeListingRequest(database.db, { adminId: admin.id, requestId: request.id })).toEqual({ kind: "not-found" });
    const audit = await auditRows(database, request.id);
    expect(audit.map((row) => row.action).sort()).toEqual(["request.approve", "request.delete"]);
    // The grant stays; it no longer points at the request.
    expect(await grantCount()).toBe(1);

    // Deleting the admin's account keeps the rows too, without the admin.
    await database.db.delete(user).where(eq(user.id, admin.id));
    const kept = await auditRows(database, request.id);
    expect(kept).toHaveLength(2);
    expect(kept.every((row) => row.adminId === null)).toBe(true);
  });

  it("lists newest first, with a status filter, name or email search and counts", async () => {
    const admin = await createAdmin(database);
    const base = Date.parse("2026-01-01T00:00:00Z");
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createRequest(database, {
          fullName: i === 3 ? "Zelda 100%_Hero" : `Applicant ${i}`,
          email: `list-${i}@example.com`,
          createdAt: new Date(base + i * 60_000),
        }),
      );
    }
    await rejectFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: made[0].id, reason: "no photos yet" });
    await approveFreeListingRequest(database.db, CONTEXT, { adminId: admin.id, requestId: made[1].id });

    const all = await listFreeListingRequests(database.db, { pageSize: 2 });
    expect(all.rows.map((r) => r.email)).toEqual(["list-4@example.com", "list-3@example.com"]);
    expect(all.counts).toEqual({ all: 5, pending: 3, approved: 1, rejected: 1 });
    expect(all.total).toBe(5);
    const second = await listFreeListingRequests(database.db, { pageSize: 2, page: 2 });
    expect(second.rows.map((r) => r.email)).toEqual(["list-2@example.com", "list-1@example.com"]);

    const pending = await listFreeListingRequests(database.db, { status: "pending" });
    expect(pending.rows.map((r) => r.email)).toEqual(["list-4@example.com", "list-3@example.com", "list-2@example.com"]);
    expect(pending.total).toBe(3);

    expect((await listFreeListingRequests(database.db, { search: "zelda" })).rows.map((r) => r.email)).toEqual(["list-3@example.com"]);
    expect((await listFreeListingRequests(database.db, { search: "100%_" })).rows).toHaveLength(1);
    expect((await listFreeListingRequests(database.db, { search: "%" })).rows).toHaveLength(1);
    expect((await listFreeListingRequests(database.db, { search: "LIST-0@" })).rows.map((r) => r.status)).toEqual(["rejected"]);

    const recent = await listRecentAdminActions(database.db);
    expect(recent.map((r) => r.action)).toEqual(["request.approve", "request.reject"]);
    expect(recent[0].adminEmail).toBe(admin.email);
    const [row] = await database.db
      .select({ n: count() })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, admin.id)));
    expect(Number(row.n)).toBe(2);
  });
});
