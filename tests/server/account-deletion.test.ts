import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteAccount, type AccountDeletionContext } from "~/server/profiles/account-deletion.server";
import { handleAdminAction } from "~/server/admin/dashboard.server";
import {
  adminAuditLog,
  contactMessages,
  emailOutbox,
  freeListingGrants,
  freeListingRequests,
  profileCategories,
  profileImages,
  profiles,
  session,
  storageDeletions,
  stripeCustomers,
  stripeSubscriptions,
  user,
  userRoles,
  verification,
} from "~/server/db/schema";
import { getPublicProfile } from "~/server/directory/directory.server";
import { expireListings } from "~/server/jobs/listing-lifecycle.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { grantFreeListing } from "~/server/payments/grants.server";
import { createLocalStorage } from "~/server/storage/local.server";
import type { Storage } from "~/server/storage/storage.server";
import { sweepStoredFileDeletions } from "~/server/profiles/stored-file-deletions.server";
import { parentInquiry } from "./accounts-fixtures";
import { ENGINE, createProfile, createUser, listing, mailTo, subscribeAndPay, usePaymentsHarness } from "./payments-fixtures";

// Deleting an account, from the dashboard and from /admin: one transaction for the rows, the
// subscription cancelled in the Stripe-shaped sandbox over HTTP, the files removed after the commit
// (or queued for the sweep when storage fails), and the confirmation mail in the outbox.

const harness = usePaymentsHarness();
let mediaDir: string;
let storage: Storage;

beforeAll(() => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-deletion-"));
  storage = createLocalStorage(mediaDir);
});
afterAll(() => {
  if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
});

function context(overrides: Partial<AccountDeletionContext> = {}): AccountDeletionContext {
  return {
    db: harness.database.db,
    storage,
    stripe: harness.context.stripe,
    config: { ...harness.context.config, contactEmails: { support: "support@costumecast.test" } },
    logger: harness.context.logger,
    ...overrides,
  };
}

/** A paid, listed performer with two images on disk, a category, an inquiry, a session, a reset link, an application and a reminder waiting. */
async function paidPerformerWithEverything() {
  const db = harness.database.db;
  const account = await createUser(harness);
  await createProfile(harness, account.id);
  await db.update(profiles).set({ contactEmail: `contact-${account.id.slice(0, 6)}@example.com` }).where(eq(profiles.id, account.id));
  const { subscription } = await subscribeAndPay(harness, account.id);
  const keys = [`${account.id}/abc123-640.webp`, `${account.id}/abc123-1280.webp`];
  for (const key of keys) await storage.put(key, Buffer.from("webp bytes"), "image/webp");
  await db.insert(profileImages).values({
    profileId: account.id,
    imageUrl: storage.publicUrl(keys[1]),
    storageKey: `${account.id}/abc123`,
    position: 0,
    variants: keys.map((key, i) => ({ key, url: storage.publicUrl(key), width: 640 * (i + 1), height: 640 * (i + 1) })),
  });
  await db.insert(profileCategories).values({ profileId: account.id, category: "Hero" });
  await db.insert(contactMessages).values(parentInquiry(account.id));
  await db.insert(session).values({
    id: `s-${account.id}`,
    token: `t-${account.id}`,
    userId: account.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db.insert(verification).values({
    id: `v-${account.id}`,
    identifier: `reset-password:${account.id}`,
    value: account.id,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(freeListingRequests).values({
    fullName: "Casey Comet",
    email: account.email.toUpperCase(),
    city: "Austin",
    state: "TX",
    experience: "1-3",
    paidEvents: "yes",
    bio: "Heroes at birthday parties.",
    travel: "yes",
  });
  await db.insert(emailOutbox).values({ toAddress: account.email, subject: "Your renewal is coming up", textBody: "Soon." });
  return { account, subscription, keys };
}

async function rowsFor(userId: string) {
  const db = harness.database.db;
  const n = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0].n);
  return {
    user: await n(db.select({ n: count() }).from(user).where(eq(user.id, userId))),
    profile: await n(db.select({ n: count() }).from(profiles).where(eq(profiles.id, userId))),
    categories: await n(db.select({ n: count() }).from(profileCategories).where(eq(profileCategories.profileId, userId))),
    images: await n(db.select({ n: count() }).from(profileImages).where(eq(profileImages.profileId, userId))),
    inquiries: await n(db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.profileId, userId))),
    sessions: await n(db.select({ n: count() }).from(session).where(eq(session.userId, userId))),
    resetLinks: await n(db.select({ n: count() }).from(verification).where(eq(verification.value, userId))),
    stripeCustomer: await n(db.select({ n: count() }).from(stripeCustomers).where(eq(stripeCustomers.userId, userId))),
  };
}

async function fileExists(key: string) {
  const stored = await storage.stream(key);
  stored?.body.destroy();
  return stored !== null;
}

async function waitFor<T>(read: () => T | Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  return read();
}

describe(`account deletion (${ENGINE})`, () => {
  it("deletes the profile, images (rows and files), inquiries, sessions and account, cancels the subscription and queues the mail", async () => {
    const { account, subscription, keys } = await paidPerformerWithEverything();
    expect(await getPublicProfile(harness.database.db, account.id)).not.toBeNull();
    for (const key of keys) expect(await fileExists(key)).toBe(true);

    const outcome = await deleteAccount(context(), { userId: account.id, actor: { kind: "self" } });
    expect(outcome).toEqual({ kind: "deleted", filesQueued: 2, filesRemoved: 2, cancelledSubscriptions: [subscription.id] });

    expect(await getPublicProfile(harness.database.db, account.id)).toBeNull();
    expect(await rowsFor(account.id)).toEqual({
      user: 0,
      profile: 0,
      categories: 0,
      images: 0,
      inquiries: 0,
      sessions: 0,
      resetLinks: 0,
      stripeCustomer: 0,
    });
    expect(await harness.database.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subscription.id))).toEqual([]);
    for (const key of keys) expect(await fileExists(key)).toBe(false);
    expect(await harness.database.db.select().from(storageDeletions)).toEqual([]);
    expect(await harness.database.db.select().from(freeListingRequests)).toEqual([]);

    // Stripe's side: cancelled at once, not at period end.
    const [cancelled] = harness.sandbox.subscriptions().filter((s) => s.id === subscription.id);
    expect(cancelled).toMatchObject({ status: "canceled", cancel_at_period_end: false });
    expect(cancelled.ended_at).not.toBeNull();
    // Its signed customer.subscription.deleted event reaches the webhook and finds no one to update.
    const answers = await waitFor(
      () => harness.webhookAnswers.filter((a) => a.type === "customer.subscription.deleted"),
      (list) => list.length > 0,
    );
    expect(answers[0].result).toEqual({ status: 200, body: { received: true, ignored: "unknown customer" } });

    // The reminder waiting for them is gone; the confirmation is the one mail left for them.
    const mail = await mailTo(harness, account.email);
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe("Your CostumeCast account has been deleted");
    expect(mail[0].text).toContain(`As you asked, your CostumeCast account (${account.email}) has been deleted.`);
    expect(mail[0].text).toContain("Your Yearly Membership subscription has been cancelled, so you will not be charged again.");
    expect(mail[0].text).toContain("support@costumecast.test");

    expect(await deleteAccount(context(), { userId: account.id, actor: { kind: "self" } })).toEqual({ kind: "not-found" });
  });

  it("deletes nothing when Stripe cannot cancel the subscription, and finishes on a retry", async () => {
    const { account, subscription, keys } = await paidPerformerWithEverything();
    harness.sandbox.setOutage(true);
    await expect(deleteAccount(context(), { userId: account.id, actor: { kind: "self" } })).rejects.toThrow();
    harness.sandbox.setOutage(false);

    expect(await rowsFor(account.id)).toEqual({
      user: 1,
      profile: 1,
      categories: 1,
      images: 1,
      inquiries: 1,
      sessions: 1,
      resetLinks: 1,
      stripeCustomer: 1,
    });
    expect(await getPublicProfile(harness.database.db, account.id)).not.toBeNull();
    for (const key of keys) expect(await fileExists(key)).toBe(true);
    expect(harness.sandbox.subscriptions().find((s) => s.id === subscription.id)?.status).toBe("active");
    expect(await mailTo(harness, account.email).then((m) => m.map((x) => x.subject))).not.toContain("Your CostumeCast account has been deleted");

    expect(await deleteAccount(context(), { userId: account.id, actor: { kind: "self" } })).toMatchObject({ kind: "deleted" });
    expect((await rowsFor(account.id)).user).toBe(0);
  });

  it("keeps the files of a deleted account queued when storage fails, and the sweep removes them later", async () => {
    const { account, keys } = await paidPerformerWithEverything();
    const broken: Storage = {
      ...storage,
      async delete() {
        throw new Error("storage is down");
      },
    };
    const outcome = await deleteAccount(context({ storage: broken }), { userId: account.id, actor: { kind: "self" } });
    expect(outcome).toMatchObject({ kind: "deleted", filesQueued: 2, filesRemoved: 0 });
    expect((await rowsFor(account.id)).user).toBe(0);
    for (const key of keys) expect(await fileExists(key)).toBe(true);
    const queued = await harness.database.db.select().from(storageDeletions);
    expect(queued.map((row) => row.key).sort()).toEqual([...keys].sort());
    expect(queued.every((row) => row.attempts === 1 && row.lastError === "storage is down")).toBe(true);

    // Not due yet: the sweep leaves them for their next attempt.
    expect(await sweepStoredFileDeletions(harness.database.db, storage)).toEqual({ removed: 0, failed: 0 });
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    expect(await sweepStoredFileDeletions(harness.database.db, storage, { now: later })).toEqual({ removed: 2, failed: 0 });
    for (const key of keys) expect(await fileExists(key)).toBe(false);
    expect(await harness.database.db.select().from(storageDeletions)).toEqual([]);
  });

  it("an admin's profile deletion runs the same code for the profile: it goes with its images and inquiries, the subscription is cancelled, the account and the audit row stay", async () => {
    const { account, subscription, keys } = await paidPerformerWithEverything();
    const admin = await createUser(harness, "admin-deleter@example.com");
    await harness.database.db.insert(userRoles).values({ userId: admin.id, role: "admin" });

    const answer = await handleAdminAction(
      { ...context(), logger: harness.context.logger! },
      admin.id,
      { intent: "delete-profile", id: account.id, confirmed: "yes" },
    );
    expect(answer).toMatchObject({ kind: "done", flash: { type: "success", message: "Profile deleted successfully" } });

    // The spec's admin deletes the profile; the owner keeps their account and may start again.
    expect(await rowsFor(account.id)).toMatchObject({ user: 1, categories: 0, images: 0, inquiries: 0 });
    // The cancellation's webhook then arrives with paid time left on the subscription: it is
    // recorded, and the deleted profile stays deleted (no bare "Unnamed profile, paid until" row).
    await waitFor(
      () => harness.webhookAnswers.filter((a) => a.type === "customer.subscription.deleted").length,
      (n) => n > 0,
    );
    expect(harness.webhookAnswers.filter((a) => a.type === "customer.subscription.deleted").every((a) => a.result.status === 200)).toBe(true);
    const [stored] = await harness.database.db.select().from(stripeSubscriptions).where(eq(stripeSubscriptions.id, subscription.id));
    expect(stored.status).toBe("canceled");
    expect(await harness.database.db.select().from(profiles).where(eq(profiles.id, account.id))).toEqual([]);
    // Nor does the daily listing job bring it back.
    await expireListings(harness.context);
    expect(await harness.database.db.select().from(profiles).where(eq(profiles.id, account.id))).toEqual([]);
    expect(await getPublicProfile(harness.database.db, account.id)).toBeNull();
    for (const key of keys) expect(await fileExists(key)).toBe(false);
    expect(harness.sandbox.subscriptions().find((s) => s.id === subscription.id)?.status).toBe("canceled");
    const audit = await harness.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, account.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "profile.delete", adminId: admin.id, targetType: "profile" });
    const mail = await mailTo(harness, account.email);
    const notice = mail.filter((m) => m.subject === "Your CostumeCast profile has been removed");
    expect(notice).toHaveLength(1);
    expect(notice[0].text).toContain("Our team has removed your CostumeCast profile from the directory.");
    expect(notice[0].text).toContain("you can still sign in");
    await harness.database.db.delete(adminAuditLog);
  });

  it("an admin's deletion of a free-year holder's profile ends the free year, and the daily job does not list the account again", async () => {
    const account = await createUser(harness, "free-year-deleted@example.com");
    await createProfile(harness, account.id);
    await grantFreeListing(harness.database.db, harness.context, { userId: account.id });
    expect((await listing(harness, account.id))?.paymentStatus).toBe("paid");
    const admin = await createUser(harness, "admin-free-year@example.com");
    await harness.database.db.insert(userRoles).values({ userId: admin.id, role: "admin" });

    const answer = await handleAdminAction({ ...context(), logger: harness.context.logger! }, admin.id, {
      intent: "delete-profile",
      id: account.id,
      confirmed: "yes",
    });
    expect(answer).toMatchObject({ kind: "done" });
    const [grant] = await harness.database.db.select().from(freeListingGrants).where(eq(freeListingGrants.userId, account.id));
    expect(grant.revokedAt).not.toBeNull();
    await expireListings(harness.context);
    expect(await listing(harness, account.id)).toBeNull();
    // The owner may start again: a new payment opens a listing row as for anyone.
    await subscribeAndPay(harness, account.id);
    expect((await listing(harness, account.id))?.paymentStatus).toBe("paid");
    await harness.database.db.delete(adminAuditLog);
  });

  it("expires a checkout the performer opened and did not pay, so it can no longer be paid", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id);
    const start = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    if (start.kind !== "checkout") throw new Error(`expected a checkout session, got ${start.kind}`);
    expect(harness.sandbox.checkoutSession(start.sessionId)?.status).toBe("open");

    expect(await deleteAccount(context(), { userId: account.id, actor: { kind: "self" } })).toMatchObject({
      kind: "deleted",
      cancelledSubscriptions: [],
    });
    expect(harness.sandbox.checkoutSession(start.sessionId)?.status).toBe("expired");
    await expect(harness.sandbox.pay(start.sessionId)).rejects.toThrow(/no longer active/);
    expect(harness.sandbox.subscriptions().filter((s) => s.metadata.user_id === account.id)).toEqual([]);
  });

  it("an account without a profile or a Stripe customer is deleted too, with no Stripe call", async () => {
    const account = await createUser(harness);
    harness.sandbox.resetRequestCounts();
    expect(await deleteAccount(context(), { userId: account.id, actor: { kind: "self" } })).toEqual({
      kind: "deleted",
      filesQueued: 0,
      filesRemoved: 0,
      cancelledSubscriptions: [],
    });
    expect(harness.sandbox.requestCounts().total).toBe(0);
    expect((await rowsFor(account.id)).user).toBe(0);
    const mail = await mailTo(harness, account.email);
    expect(mail.map((m) => m.subject)).toEqual(["Your CostumeCast account has been deleted"]);
    expect(mail[0].text).not.toContain("Yearly Membership");
  });
});
