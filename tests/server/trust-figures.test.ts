import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { profiles, trustDocuments, trustPeople, user } from "~/server/db/schema";
import { refreshTrustFigures } from "~/server/trust/figures.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

// The trust figures on the profile row: a group is checked only while every person who may arrive
// has an approved, unexpired background check (then until the earliest of them); insurance is the
// approved certificate valid longest. The database's own checks refuse rows that break the rules.

const TODAY = "2026-11-27";
let database: TestDatabase;
let profileId: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(profiles);
  await database.db.delete(user);
  profileId = await addPerformer(database.db, { displayName: "Star Crew" });
});

async function person(fullName: string): Promise<string> {
  const [row] = await database.db.insert(trustPeople).values({ profileId, fullName }).returning({ id: trustPeople.id });
  return row!.id;
}

async function check(personId: string, fullName: string, status: "pending" | "approved" | "rejected", validUntil: string | null) {
  await database.db.insert(trustDocuments).values({
    profileId,
    personId,
    personName: fullName,
    kind: "background_check",
    status,
    provider: "Sterling",
    issuedOn: "2026-10-01",
    contentType: "application/pdf",
    byteSize: 1000,
    validUntil,
    decidedAt: status === "pending" ? null : new Date(),
    reason: status === "rejected" ? "The name does not match." : null,
  });
}

async function figures() {
  await refreshTrustFigures(database.db, profileId, TODAY);
  const [row] = await database.db
    .select({ checkedUntil: profiles.checkedUntil, insuredUntil: profiles.insuredUntil, limit: profiles.insuredLimitDollars })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  return row!;
}

describe(`trust figures (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("a profile with no people, or a person without an approved check, is not checked", async () => {
    expect((await figures()).checkedUntil).toBeNull();
    const jane = await person("Jane Doe");
    await check(jane, "Jane Doe", "pending", null);
    expect((await figures()).checkedUntil).toBeNull();
    await check(jane, "Jane Doe", "rejected", null);
    expect((await figures()).checkedUntil).toBeNull();
  });

  it("a group is checked only while every person is, until the earliest of their latest checks", async () => {
    const jane = await person("Jane Doe");
    const sam = await person("Sam Roe");
    await check(jane, "Jane Doe", "approved", "2027-08-31");
    await check(jane, "Jane Doe", "approved", "2027-01-15");
    expect((await figures()).checkedUntil).toBeNull();

    await check(sam, "Sam Roe", "approved", "2027-05-01");
    expect((await figures()).checkedUntil).toBe("2027-05-01");

    // Sam's only check has lapsed by then: the group is no longer checked.
    await refreshTrustFigures(database.db, profileId, "2027-05-02");
    const [later] = await database.db.select({ checkedUntil: profiles.checkedUntil }).from(profiles).where(eq(profiles.id, profileId));
    expect(later!.checkedUntil).toBeNull();

    // Removing Sam leaves Jane alone, checked until her longest check; her documents keep her name.
    await database.db.delete(trustPeople).where(eq(trustPeople.id, sam));
    expect((await figures()).checkedUntil).toBe("2027-08-31");
    const kept = await database.db.select({ personName: trustDocuments.personName }).from(trustDocuments).where(eq(trustDocuments.personName, "Sam Roe"));
    expect(kept).toHaveLength(1);
  });

  it("an expired check counts for nothing", async () => {
    const jane = await person("Jane Doe");
    await check(jane, "Jane Doe", "approved", "2026-11-26");
    expect((await figures()).checkedUntil).toBeNull();
  });

  it("insurance comes from the approved, unexpired certificate valid longest", async () => {
    const base = {
      profileId,
      kind: "insurance" as const,
      provider: "Acme Mutual",
      expiresOn: "2027-12-31",
      contentType: "application/pdf" as const,
      byteSize: 2000,
    };
    await database.db.insert(trustDocuments).values([
      { ...base, status: "approved", liabilityLimitDollars: 2_000_000, validUntil: "2026-11-01", decidedAt: new Date() },
      { ...base, status: "approved", liabilityLimitDollars: 1_000_000, validUntil: "2027-06-30", decidedAt: new Date() },
      { ...base, status: "pending", liabilityLimitDollars: 5_000_000 },
    ]);
    expect(await figures()).toEqual({ checkedUntil: null, insuredUntil: "2027-06-30", limit: 1_000_000 });
  });

  it("the database refuses a check without a person's name, insurance without a limit, and a short name", async () => {
    await expect(
      database.db.insert(trustDocuments).values({
        profileId,
        kind: "background_check",
        provider: "Sterling",
        issuedOn: "2026-10-01",
        contentType: "application/pdf",
        byteSize: 10,
      }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(trustDocuments).values({
        profileId,
        kind: "insurance",
        provider: "Acme Mutual",
        expiresOn: "2027-01-01",
        contentType: "application/pdf",
        byteSize: 10,
      }),
    ).rejects.toThrow();
    await expect(database.db.insert(trustPeople).values({ profileId, fullName: "J" })).rejects.toThrow();
  });
});
