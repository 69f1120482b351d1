import { hashPassword } from "better-auth/crypto";
import { createAuth } from "~/server/auth/auth.server";
import type { Db } from "~/server/db/client.server";
import { account, contactMessages, profileCategories, profilePackages, profiles, user } from "~/server/db/schema";
import { loadConfig } from "~/server/platform/config.server";

// The run's second server (tests/e2e/global-setup.ts): demo mode, as `npm run demo` runs it, for the
// journeys only demo mode allows: the dev mailbox and its demo clock, the stand-in calendar feed
// read over loopback, push alerts to a push service on loopback. Without SMTP, so every mail waits
// in /dev/mailbox. One server for all of them: each used to start its own, migrating a fresh
// database on a loaded two-core machine (up to two minutes apiece). Seeded before it starts.

export const DEMO_SERVER = {
  secret: "demo-server-secret-demo-server-secret-0123",
  password: "demo-server-password-123",
};

/** dev-mailbox.spec.ts: an account that asked for a password reset, so the mailbox holds a working link. */
export const MAILBOX = { email: "forgetful@example.com", password: "forgot-it-123" };

/** push-alerts.spec.ts: a performer with a long name and no devices yet. */
export const PUSH_PERFORMER = { id: "e2e-push-performer", email: "push-performer@example.com" };

/** calendar-import.spec.ts: one performer per attempt (an import, once saved, stays). */
export const IMPORT_PERFORMERS = [
  { id: "e2e-import-first", email: "import-first@example.com" },
  { id: "e2e-import-retry", email: "import-retry@example.com" },
];

/**
 * reply-review-loop.spec.ts: a listed performer whose two earlier inquiries were answered in 2 and 4
 * hours, so the inquiry the journey sends and answers is the third and the profile shows the reply
 * time. One per attempt: a review is one per inquiry, and a posted one stays.
 */
export const LOOP_PERFORMERS = [0, 1].map((attempt) => ({
  id: `e2e-loop-${attempt}`,
  email: `loop-${attempt}@example.com`,
  displayName: attempt === 0 ? "Loop Lane Party Pals" : "Loop Lane Party Pals Again",
}));

function inAYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

async function addPerformer(db: Db, hash: string, performer: { id: string; email: string }, profile: Partial<typeof profiles.$inferInsert> & { displayName: string; state: string; city: string }) {
  const { id, email } = performer;
  await db.insert(user).values({ id, email, name: "", emailVerified: true });
  await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: hash });
  await db.insert(profiles).values({ id, contactEmail: email, ...profile });
}

export async function seedDemoServer(db: Db, publicUrl: string, dataDir: string): Promise<void> {
  const hash = await hashPassword(DEMO_SERVER.password);

  const auth = createAuth(db, loadConfig({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir, BETTER_AUTH_SECRET: DEMO_SERVER.secret }));
  await auth.api.signUpEmail({ body: { email: MAILBOX.email, password: MAILBOX.password, name: MAILBOX.email } });
  await auth.api.requestPasswordReset({ body: { email: MAILBOX.email } });

  await addPerformer(db, hash, PUSH_PERFORMER, {
    displayName: "The Extraordinarily Magnificent Mermaid Princess Party Company of Orlando",
    state: "FL",
    city: "Orlando",
  });
  for (const performer of IMPORT_PERFORMERS) await addPerformer(db, hash, performer, { displayName: "Sparkle Princess", state: "CA", city: "Los Angeles" });

  const tenDaysAgo = Date.now() - 10 * 86_400_000;
  for (const performer of LOOP_PERFORMERS) {
    await addPerformer(db, hash, performer, {
      displayName: performer.displayName,
      bio: "Two friendly pirates with a treasure hunt, songs and a photo for every child at the party.",
      state: "FL",
      city: "Orlando",
      isActive: true,
      paymentStatus: "paid",
      paymentExpiry: inAYear(),
    });
    await db.insert(profileCategories).values({ profileId: performer.id, category: "Historical/Fantasy Crossover" });
    await db.insert(profilePackages).values({ profileId: performer.id, position: 0, name: "Treasure hunt", minutes: 60, price: 180 });
    const earlier = { profileId: performer.id, city: "Orlando", state: "FL", zip: "32801", phoneNumber: "(407) 555-0150", eventType: ["Birthday Party"], isRead: true, answer: "replied" };
    await db.insert(contactMessages).values([
      { ...earlier, senderName: "Earlier Parent", senderEmail: `earlier-1-${performer.id}@example.org`, message: "Are you free in the spring?", createdAt: new Date(tenDaysAgo), answeredAt: new Date(tenDaysAgo + 2 * 3_600_000) },
      { ...earlier, senderName: "Another Parent", senderEmail: `earlier-2-${performer.id}@example.org`, message: "Could you do a school fair?", createdAt: new Date(tenDaysAgo + 86_400_000), answeredAt: new Date(tenDaysAgo + 86_400_000 + 4 * 3_600_000) },
    ]);
  }
}
