import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { adminAuditLog, freeListingRequests, profiles, user, userRoles } from "~/server/db/schema";
import type { ReviewMailContext } from "~/server/admin/free-listing-requests.server";
import type { TestDatabase } from "../helpers/db";

// Shared by the admin server tests: accounts, applications and audit rows.

export const CONTEXT: ReviewMailContext = {
  config: { publicUrl: "https://costumecast.test", siteName: "CostumeCast", contactEmails: { support: "support@costumecast.test" } },
};

/** An account whose owner has confirmed the address (`confirmed: false` for one that has not). */
export async function createAccount(
  database: TestDatabase,
  email = `someone-${randomUUID().slice(0, 8)}@example.com`,
  options: { confirmed?: boolean } = {},
) {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: "", email, emailVerified: options.confirmed !== false });
  return { id, email };
}

export async function createAdmin(database: TestDatabase) {
  const account = await createAccount(database, `admin-${randomUUID().slice(0, 8)}@example.com`);
  await database.db.insert(userRoles).values({ userId: account.id, role: "admin" });
  return account;
}

/** A complete profile (name, place) that is public once paid. */
export async function createProfile(database: TestDatabase, userId: string, fields: Partial<typeof profiles.$inferInsert> = {}) {
  await database.db.insert(profiles).values({
    id: userId,
    displayName: "Captain Comet",
    bio: "x".repeat(120),
    state: "TX",
    city: "Austin",
    ...fields,
  });
}

export async function createRequest(database: TestDatabase, fields: Partial<typeof freeListingRequests.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(freeListingRequests)
    .values({
      fullName: "Ada Applicant",
      email: `applicant-${randomUUID().slice(0, 8)}@example.com`,
      city: "Austin",
      state: "TX",
      experience: "1-3",
      paidEvents: "yes",
      bio: "I have been a superhero at birthday parties for years.",
      travel: "yes",
      ...fields,
    })
    .returning();
  return row;
}

export async function auditRows(database: TestDatabase, targetId: string) {
  return database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId));
}
