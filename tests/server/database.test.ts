import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { acquireDataDirLock, DataDirLockedError } from "~/server/db/pglite-lock.server";
import { contactMessages, profileCategories, profiles, user } from "~/server/db/schema";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function makeUser(id: string) {
  await database.db.insert(user).values({ id, name: id, email: `${id}@example.com` });
}

describe(`schema constraints (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("has pg_trgm available for typo-tolerant search", async () => {
    const result = await database.db.execute(sql`select similarity('orlando', 'orlndo') as s`);
    const rows = (result as unknown as { rows: { s: number }[] }).rows;
    expect(Number(rows[0].s)).toBeGreaterThan(0.3);
  });

  it("gives a new profile the spec's defaults", async () => {
    await makeUser("u-defaults");
    const [row] = await database.db.insert(profiles).values({ id: "u-defaults" }).returning();
    expect(row.paymentStatus).toBe("pending");
    expect(row.travelRadius).toBe("local_only");
    expect(row.bringOwnCostume).toBe(true);
    expect(row.performOutdoors).toBe(true);
    expect(row.requireDeposit).toBe(false);
  });

  it("rejects unknown categories, travel ranges, payment statuses and negative prices", async () => {
    await makeUser("u-checks");
    await database.db.insert(profiles).values({ id: "u-checks" });
    await expect(database.db.insert(profileCategories).values({ profileId: "u-checks", category: "Pirate" })).rejects.toThrow();
    await expect(database.db.update(profiles).set({ travelRadius: "moon" }).where(eq(profiles.id, "u-checks"))).rejects.toThrow();
    await expect(database.db.update(profiles).set({ paymentStatus: "free" }).where(eq(profiles.id, "u-checks"))).rejects.toThrow();
    await expect(database.db.update(profiles).set({ priceMin: -1 }).where(eq(profiles.id, "u-checks"))).rejects.toThrow();
    await database.db.insert(profileCategories).values({ profileId: "u-checks", category: "Anime/Manga" });
  });

  it("deletes a profile's rows with the user", async () => {
    await makeUser("u-cascade");
    await database.db.insert(profiles).values({ id: "u-cascade" });
    await database.db.insert(profileCategories).values({ profileId: "u-cascade", category: "Hero" });
    await database.db.insert(contactMessages).values({
      profileId: "u-cascade",
      senderName: "A",
      senderEmail: "a@example.com",
      phoneNumber: "555",
      city: "X",
      state: "FL",
      zip: "32801",
      message: "Hi",
    });
    await database.db.delete(user).where(eq(user.id, "u-cascade"));
    expect(await database.db.select().from(profiles).where(eq(profiles.id, "u-cascade"))).toHaveLength(0);
    expect(await database.db.select().from(profileCategories).where(eq(profileCategories.profileId, "u-cascade"))).toHaveLength(0);
    expect(await database.db.select().from(contactMessages).where(eq(contactMessages.profileId, "u-cascade"))).toHaveLength(0);
  });
});

describe("embedded database lock", () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-lock-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it("refuses a second opener of the same folder with a message naming PostgreSQL", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(/DATABASE_URL/);
    } finally {
      lock.release();
    }
    acquireDataDirLock(dir).release();
  });

  it("takes over a lock whose process is gone", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", ""]);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on("exit", resolve));
    fs.writeFileSync(path.join(dir, "db.lock"), String(deadPid));
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("opens, migrates and reopens a PGlite data folder, releasing the lock on close", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(user).values({ id: "persist", name: "p", email: "p@example.com" });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    expect(await second.db.select().from(user).where(eq(user.id, "persist"))).toHaveLength(1);
    await second.close();
  });
});
