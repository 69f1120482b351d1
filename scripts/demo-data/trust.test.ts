import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/db";
import { DEMO_PERFORMER } from "./generate";
import { seedDemo } from "./seed";
import { profiles, trustDocuments, user } from "~/server/db/schema";
import { getPublicProfile } from "~/server/directory/directory.server";
import { createLocalStorage } from "~/server/storage/local.server";
import { detectDocumentType } from "~/server/trust/documents.server";
import { expiringSoon, trustQueue } from "~/server/trust/review.server";
import { remindExpiringDocuments } from "~/server/trust/trust-jobs.server";

// The demo's trust documents (scripts/demo-data/trust.ts): reviewed badges on a few listed
// performers, one ending within 30 days, a crew with two people of different status, and two
// documents waiting in the admin's queue (one the performer login's), with their files stored
// privately where the decision is under 30 days old.

const NOW = new Date("2025-06-01T12:00:00Z");
const TODAY = "2025-06-01";

describe("the demo's trust documents", () => {
  let database: TestDatabase;
  let mediaDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-demo-trust-"));
    await seedDemo(database.db, createLocalStorage(mediaDir), { performers: 24, portraits: 4, now: NOW });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    if (mediaDir) fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it("puts the login's certificate and a crew member's report in the admin's queue, and one review in the ending-soon list", async () => {
    const queue = await trustQueue(database.db);
    expect(queue.total).toBe(2);
    const [login] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, DEMO_PERFORMER.email));
    expect(queue.rows.map((r) => r.kind).sort()).toEqual(["background_check", "insurance"]);
    expect(queue.rows.find((r) => r.kind === "insurance")!.profileId).toBe(login!.id);
    expect(await expiringSoon(database.db, TODAY)).toHaveLength(1);
    // The demo clock's first run reminds that performer, once.
    expect(await remindExpiringDocuments({ db: database.db, config: { publicUrl: "http://localhost:3000", siteName: "CostumeCast" } }, NOW)).toBe(1);
  });

  it("shows reviewed badges on listed performers, and a crew with one covered person is not checked as a whole", async () => {
    const checked = await database.db.select({ id: profiles.id }).from(profiles).where(isNotNull(profiles.checkedUntil));
    expect(checked.length).toBeGreaterThanOrEqual(5);
    const insured = await database.db.select({ id: profiles.id }).from(profiles).where(isNotNull(profiles.insuredUntil));
    expect(insured.length).toBeGreaterThanOrEqual(3);
    const [crew] = await database.db
      .select()
      .from(profiles)
      .innerJoin(trustDocuments, eq(trustDocuments.profileId, profiles.id))
      .where(and(eq(profiles.groupPerformer, true), eq(trustDocuments.kind, "background_check"), eq(trustDocuments.status, "pending")))
      .limit(1);
    const profile = await getPublicProfile(database.db, crew!.profiles.id, TODAY);
    expect(profile!.trust!.people).toHaveLength(2);
    expect(profile!.trust!.people.filter((p) => p.checkedUntil)).toHaveLength(1);
    expect(crew!.profiles.checkedUntil).toBeNull();
  });

  it("stores the files under the private prefix as real PDFs and images, and none once their decision is 30 days old", async () => {
    const storage = createLocalStorage(mediaDir);
    const docs = await database.db.select().from(trustDocuments);
    for (const doc of docs) {
      const oldDecision = doc.decidedAt && NOW.getTime() - doc.decidedAt.getTime() > 30 * 86_400_000;
      if (oldDecision) {
        expect(doc.storageKey).toBeNull();
        continue;
      }
      expect(doc.storageKey).toMatch(/^private\/trust\//);
      const object = await storage.stream(doc.storageKey!);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(Buffer.from(chunk as Buffer));
      const bytes = Buffer.concat(chunks);
      expect(bytes.length).toBe(doc.byteSize);
      expect(detectDocumentType(bytes)).toBe(doc.contentType === "application/pdf" ? "pdf" : "webp");
    }
  });
});
