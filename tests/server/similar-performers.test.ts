import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as profileLoader } from "~/routes/profile";
import { createAuth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/platform/config.server";
import { profiles } from "~/server/db/schema";
import { getPublicProfile } from "~/server/directory/directory.server";
import { similarPerformers } from "~/server/directory/similar-performers.server";
import { priceLine, readsWithinLabel } from "~/lib/profile-view";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;
let mediaDir: string;
const config = loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: "similar-test-secret-similar-test-secret-xx", JOBS: "off" });

const start = Date.UTC(2025, 0, 1);
const day = 86_400_000;

// A Denver performer and others around the country, some sharing a category, some not, some hidden.
const fixtures: (ProfileFixture & { at: number })[] = [
  { id: "sim-origin", displayName: "Denver Dynamo", state: "CO", city: "Denver", categories: ["Hero", "Fantasy"], at: 0 },
  { id: "sim-boulder-old", displayName: "Boulder Bolt", state: "CO", city: "Boulder", categories: ["Hero"], at: 1 },
  { id: "sim-boulder-new", displayName: "Boulder Bard", state: "CO", city: "Boulder", categories: ["Fantasy", "Mascot Style"], at: 5 },
  { id: "sim-springs", displayName: "Springs Sentinel", state: "CO", city: "Colorado Springs", categories: ["Hero"], at: 2 },
  { id: "sim-la", displayName: "Hollywood Hero", state: "CA", city: "Los Angeles", categories: ["Hero"], at: 3 },
  { id: "sim-miami", displayName: "Miami Marvel", state: "FL", city: "Miami", categories: ["Fantasy"], at: 4 },
  { id: "sim-nowhere", displayName: "Nomad Knight", state: "CO", city: "Denver", categories: ["Hero"], at: 6 },
  { id: "sim-other-category", displayName: "Denver Mascot", state: "CO", city: "Denver", categories: ["Mascot Style"], at: 7 },
  { id: "sim-unpaid", displayName: "Unpaid Hero", state: "CO", city: "Denver", categories: ["Hero"], paymentStatus: "pending", at: 8 },
  { id: "sim-inactive", displayName: "Inactive Hero", state: "CO", city: "Denver", categories: ["Hero"], isActive: false, at: 9 },
  { id: "sim-lapsed", displayName: "Lapsed Hero", state: "CO", city: "Boulder", categories: ["Hero"], paymentExpiry: "2001-01-01", at: 10 },
];

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-similar-"));
  for (const { at, ...fixture } of fixtures) {
    await insertProfile(database.db, { ...fixture, images: fixture.id === "sim-boulder-new" ? 1 : 0, createdAt: new Date(start + at * day) }, mediaDir);
  }
  // A performer whose city has no coordinates still shares the category; they come after the rest.
  await database.db.update(profiles).set({ latitude: null, longitude: null }).where(eq(profiles.id, "sim-nowhere"));
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

async function origin() {
  const profile = await getPublicProfile(database.db, "sim-origin");
  if (!profile) throw new Error("origin profile missing");
  return profile;
}

describe("similar performers", () => {
  it("lists listed performers sharing a category, nearest first and newest first among equals", async () => {
    const cards = await similarPerformers(database.db, await origin());
    // Both Boulder performers are equally near; the newer one leads.
    expect(cards.map((c) => c.id)).toEqual(["sim-boulder-new", "sim-boulder-old", "sim-springs", "sim-la"]);
    expect(cards[0].image?.src).toMatch(/sim-boulder-new\/seed-0-640\.webp$/);
  });

  it("reaches across the country and then to performers without coordinates when few are near", async () => {
    const cards = await similarPerformers(database.db, await origin(), 10);
    expect(cards.map((c) => c.id)).toEqual(["sim-boulder-new", "sim-boulder-old", "sim-springs", "sim-la", "sim-miami", "sim-nowhere"]);
  });

  it("excludes the profile itself, other categories and every profile that is not public", async () => {
    const ids = (await similarPerformers(database.db, await origin(), 50)).map((c) => c.id);
    for (const id of ["sim-origin", "sim-other-category", "sim-unpaid", "sim-inactive", "sim-lapsed"]) expect(ids).not.toContain(id);
  });

  it("orders newest first when the profile has no coordinates, and offers none without categories", async () => {
    const profile = await origin();
    const cards = await similarPerformers(database.db, { ...profile, latitude: null, longitude: null }, 3);
    expect(cards.map((c) => c.id)).toEqual(["sim-nowhere", "sim-boulder-new", "sim-miami"]);
    expect(await similarPerformers(database.db, { ...profile, categories: [] })).toEqual([]);
  });

  it("is part of the public profile page's data", async () => {
    const context = { db: database.db, auth: createAuth(database.db, config), config };
    const request = new Request("http://localhost/profile/sim-origin");
    const response = await profileLoader({ request, params: { id: "sim-origin" }, context } as unknown as Parameters<typeof profileLoader>[0]);
    const body = (response as { data: { kind: string; similar?: { id: string }[] } }).data;
    expect(body.kind).toBe("public");
    expect(body.similar?.map((c) => c.id)).toEqual(["sim-boulder-new", "sim-boulder-old", "sim-springs", "sim-la"]);
  });
});

describe("how soon a performer usually reads inquiries", () => {
  it("reaches cards and the profile only once it is known", async () => {
    expect((await similarPerformers(database.db, await origin()))[0].readsWithinHours).toBeNull();
    await database.db.update(profiles).set({ inquiryReadHours: 5 }).where(eq(profiles.id, "sim-boulder-new"));
    await database.db.update(profiles).set({ inquiryReadHours: 2 }).where(eq(profiles.id, "sim-origin"));
    expect((await similarPerformers(database.db, await origin()))[0].readsWithinHours).toBe(5);
    expect((await origin()).readsWithinHours).toBe(2);
  });

  it("is worded in hours, an hour or days, and not at all when unknown", () => {
    expect(readsWithinLabel(null)).toBeNull();
    expect(readsWithinLabel(undefined)).toBeNull();
    expect(readsWithinLabel(0)).toBe("Usually reads inquiries within an hour");
    expect(readsWithinLabel(1)).toBe("Usually reads inquiries within an hour");
    expect(readsWithinLabel(3)).toBe("Usually reads inquiries within 3 hours");
    expect(readsWithinLabel(72)).toBe("Usually reads inquiries within 3 days");
  });
});

describe("the price line every card shows", () => {
  it("states the range, one bound, or Price on request", () => {
    expect(priceLine(100, 150)).toBe("$100 - $150 / hour");
    expect(priceLine(100, null)).toBe("From $100 / hour");
    expect(priceLine(null, 200)).toBe("Up to $200 / hour");
    expect(priceLine(null, null)).toBe("Price on request");
    expect(priceLine(1200, 1200)).toBe("$1,200 / hour");
  });
});

describe("similar performers in the profile's own city", () => {
  it("come first, newest first, whether or not they fill the list", async () => {
    const denver = [
      { id: "sim-denver-old", displayName: "Denver Defender", at: 11 },
      { id: "sim-denver-new", displayName: "Denver Daredevil", at: 12 },
    ];
    for (const { at, ...fixture } of denver) {
      await insertProfile(database.db, { ...fixture, state: "CO", city: "Denver", categories: ["Fantasy"], images: 0, createdAt: new Date(start + at * day) }, mediaDir);
    }
    // Newer still, but not public: never shown.
    await insertProfile(
      database.db,
      { id: "sim-denver-hidden", displayName: "Denver Drifter", state: "CO", city: "Denver", categories: ["Hero"], isActive: false, images: 0, createdAt: new Date(start + 13 * day) },
      mediaDir,
    );
    const ids = async (limit: number) => (await similarPerformers(database.db, await origin(), limit)).map((c) => c.id);
    expect(await ids(1)).toEqual(["sim-denver-new"]);
    expect(await ids(2)).toEqual(["sim-denver-new", "sim-denver-old"]);
    expect(await ids(4)).toEqual(["sim-denver-new", "sim-denver-old", "sim-boulder-new", "sim-boulder-old"]);
  });
});
