import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { UNKNOWN_PROFILE } from "~/lib/admin-messages";
import { deleteMessage, getMessage, listMessages, markMessageRead } from "~/server/admin/messages.server";
import { activateProfile, deactivateProfile, deleteProfile, listProfiles } from "~/server/admin/profiles.server";
import { adminAuditLog, contactMessages, profileCategories, profileImages, profiles, user } from "~/server/db/schema";
import { getPublicProfile } from "~/server/directory/directory.server";
import { createLocalStorage } from "~/server/storage/local.server";
import type { Storage } from "~/server/storage/storage.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { parentInquiry } from "./accounts-fixtures";
import { auditRows, CONTEXT, createAccount, createAdmin, createProfile } from "./admin-fixtures";

let database: TestDatabase;
let mediaDir: string;
let storage: Storage;

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-admin-"));
  storage = createLocalStorage(mediaDir);
});
afterAll(async () => {
  await database?.close();
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(adminAuditLog);
  await database.db.delete(user);
});

const FUTURE = "2099-12-31";

function deletionContext() {
  return { db: database.db, storage, stripe: null, config: { publicUrl: "http://localhost:3000", siteName: "CostumeCast" } };
}

async function paidPerformer(fields: Partial<typeof profiles.$inferInsert> = {}) {
  const account = await createAccount(database);
  await createProfile(database, account.id, { paymentStatus: "paid", paymentExpiry: FUTURE, ...fields });
  return account;
}

async function addMessage(profileId: string, fields: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await database.db.insert(contactMessages).values(parentInquiry(profileId, fields)).returning();
  return row;
}

describe(`admin profiles (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("deactivating hides the profile publicly at once, activating shows it; one audit row each", async () => {
    const admin = await createAdmin(database);
    const performer = await paidPerformer();
    expect(await getPublicProfile(database.db, performer.id)).not.toBeNull();

    const off = { adminId: admin.id, profileId: performer.id, reason: "the photos are blurry" };
    expect(await deactivateProfile(database.db, CONTEXT, off)).toEqual({ kind: "deactivated", auditId: expect.any(String) });
    expect(await getPublicProfile(database.db, performer.id)).toBeNull();
    // Asking again changes nothing and records nothing.
    expect(await deactivateProfile(database.db, CONTEXT, off)).toEqual({ kind: "unchanged" });
    expect(await activateProfile(database.db, { adminId: admin.id, profileId: performer.id })).toEqual({ kind: "activated" });
    expect(await activateProfile(database.db, { adminId: admin.id, profileId: performer.id })).toEqual({ kind: "unchanged" });
    expect(await getPublicProfile(database.db, performer.id)).not.toBeNull();

    const audit = await auditRows(database, performer.id);
    expect(audit.map((r) => r.action).sort()).toEqual(["profile.activate", "profile.deactivate"]);
    expect(await deactivateProfile(database.db, CONTEXT, { ...off, profileId: "nobody" })).toEqual({ kind: "not-found" });
    expect(await activateProfile(database.db, { adminId: admin.id, profileId: "nobody" })).toEqual({ kind: "not-found" });
  });

  it("delete removes the profile, its categories, inquiries and image files; the audit row survives", async () => {
    const admin = await createAdmin(database);
    const performer = await paidPerformer();
    const keys = [`${performer.id}/a1b2c3-400.webp`, `${performer.id}/a1b2c3-800.webp`];
    for (const key of keys) await storage.put(key, Buffer.from("image bytes"), "image/webp");
    await database.db.insert(profileImages).values({
      profileId: performer.id,
      imageUrl: storage.publicUrl(keys[1]),
      storageKey: `${performer.id}/a1b2c3`,
      position: 0,
      variants: keys.map((key, i) => ({ width: 400 * (i + 1), height: 400 * (i + 1), key, url: storage.publicUrl(key) })),
    });
    await database.db.insert(profileCategories).values({ profileId: performer.id, category: "Hero" });
    await addMessage(performer.id);
    for (const key of keys) expect(await storage.stream(key)).not.toBeNull();

    expect(await deleteProfile(deletionContext(), { adminId: admin.id, profileId: performer.id })).toEqual({
      kind: "deleted",
      imagesRemoved: 2,
    });
    for (const key of keys) expect(await storage.stream(key)).toBeNull();
    const left = async (table: typeof profileCategories | typeof contactMessages | typeof profileImages) => {
      const [row] = await database.db.select({ n: count() }).from(table).where(eq(table.profileId, performer.id));
      return Number(row.n);
    };
    expect(await left(profileCategories)).toBe(0);
    expect(await left(contactMessages)).toBe(0);
    expect(await left(profileImages)).toBe(0);
    expect(await database.db.select().from(profiles).where(eq(profiles.id, performer.id))).toHaveLength(0);
    // The account stays (the spec's admin deletes the profile); the audit row outlives the profile.
    expect(await database.db.select().from(user).where(eq(user.id, performer.id))).toHaveLength(1);
    const audit = await auditRows(database, performer.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "profile.delete", adminId: admin.id, targetType: "profile" });
    expect(await deleteProfile(deletionContext(), { adminId: admin.id, profileId: performer.id })).toEqual({ kind: "not-found" });
  });

  it("lists newest first with payment status, first image, categories, filters, search and counts", async () => {
    const base = Date.parse("2026-01-01T00:00:00Z");
    const paid = await paidPerformer({ displayName: "Paid Pirate", createdAt: new Date(base) });
    const expired = await paidPerformer({ displayName: "Old Ogre", paymentStatus: "expired", paymentExpiry: "2025-01-01", createdAt: new Date(base + 1000) });
    const pending = await paidPerformer({
      displayName: "New Ninja",
      paymentStatus: "pending",
      paymentExpiry: null,
      isActive: false,
      contactEmail: "ninja@bookings.example",
      createdAt: new Date(base + 2000),
    });
    await database.db.insert(profileCategories).values([
      { profileId: paid.id, category: "Villain" },
      { profileId: paid.id, category: "Hero" },
    ]);
    await database.db.insert(profileImages).values({ profileId: paid.id, imageUrl: "/media/x.webp", storageKey: "x", position: 0 });

    const list = await listProfiles(database.db, { today: "2026-06-01" });
    expect(list.rows.map((r) => r.id)).toEqual([pending.id, expired.id, paid.id]);
    expect(list.counts).toEqual({ all: 3, active: 2, inactive: 1, paid: 1, expired: 1, unpaid: 1 });
    const paidRow = list.rows[2];
    expect(paidRow).toMatchObject({ paymentTone: "paid", paymentExpiry: FUTURE, firstImageUrl: "/media/x.webp", categories: ["Hero", "Villain"] });
    expect(list.rows[1].paymentTone).toBe("expired");
    expect(list.rows[0]).toMatchObject({ paymentTone: "other", categories: [], firstImageUrl: null, isActive: false });

    expect((await listProfiles(database.db, { status: "inactive" })).rows.map((r) => r.id)).toEqual([pending.id]);
    expect((await listProfiles(database.db, { search: "ogre" })).rows.map((r) => r.id)).toEqual([expired.id]);
    expect((await listProfiles(database.db, { search: "ninja@bookings" })).rows.map((r) => r.id)).toEqual([pending.id]);
    expect((await listProfiles(database.db, { search: paid.email })).rows.map((r) => r.id)).toEqual([paid.id]);
    const paged = await listProfiles(database.db, { pageSize: 2, page: 2 });
    expect(paged.rows.map((r) => r.id)).toEqual([paid.id]);
    expect(paged.total).toBe(3);
  });
});

describe(`admin messages (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists newest first with read status, filter, search and counts, and shows the detail", async () => {
    const performer = await paidPerformer({ displayName: "Marvelous Mel" });
    const base = Date.parse("2026-02-01T00:00:00Z");
    const older = await addMessage(performer.id, { createdAt: new Date(base), adminReadAt: new Date(base + 5000) });
    // The performer has read this one; no admin has.
    const newer = await addMessage(performer.id, {
      senderName: "Sam Sender",
      senderEmail: "sam@example.com",
      createdAt: new Date(base + 1000),
      isRead: true,
    });

    const list = await listMessages(database.db);
    expect(list.rows.map((r) => r.id)).toEqual([newer.id, older.id]);
    // Read and unread are the admins' own.
    expect(list.counts).toEqual({ all: 2, read: 1, unread: 1 });
    expect(list.rows[0]).toMatchObject({ profileName: "Marvelous Mel", isRead: false, senderEmail: "sam@example.com" });
    expect((await listMessages(database.db, { status: "unread" })).rows.map((r) => r.id)).toEqual([newer.id]);
    expect((await listMessages(database.db, { search: "PAULA" })).rows.map((r) => r.id)).toEqual([older.id]);

    await database.db.update(profiles).set({ displayName: null }).where(eq(profiles.id, performer.id));
    const detail = await getMessage(database.db, newer.id);
    expect(detail).toMatchObject({
      isRead: false,
      performerRead: true,
      profileName: UNKNOWN_PROFILE,
      phoneNumber: "512-555-0100",
      zip: "78701",
      eventType: ["Birthday Party"],
      message: "Can you come to a birthday party?",
    });
    expect(await getMessage(database.db, "not-a-uuid")).toBeNull();
  });

  it("marks read and deletes, one audit row each, kept after the delete", async () => {
    const admin = await createAdmin(database);
    const performer = await paidPerformer();
    const message = await addMessage(performer.id);

    expect(await markMessageRead(database.db, { adminId: admin.id, messageId: message.id })).toEqual({ kind: "marked-read" });
    // Read for the admins; still unread for the performer, whose inbox an admin's triage must not clear.
    expect(await getMessage(database.db, message.id)).toMatchObject({ isRead: true, performerRead: false });
    const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(stored.isRead).toBe(false);
    expect(stored.adminReadAt).not.toBeNull();
    expect(await markMessageRead(database.db, { adminId: admin.id, messageId: message.id })).toEqual({ kind: "already-read" });
    expect(await deleteMessage(database.db, { adminId: admin.id, messageId: message.id })).toEqual({ kind: "deleted" });
    expect(await getMessage(database.db, message.id)).toBeNull();
    expect(await deleteMessage(database.db, { adminId: admin.id, messageId: message.id })).toEqual({ kind: "not-found" });
    expect(await markMessageRead(database.db, { adminId: admin.id, messageId: message.id })).toEqual({ kind: "not-found" });

    const audit = await auditRows(database, message.id);
    expect(audit.map((r) => r.action).sort()).toEqual(["message.delete", "message.read"]);
    expect(audit.every((r) => r.targetType === "contact_message" && r.adminId === admin.id)).toBe(true);
  });
});
