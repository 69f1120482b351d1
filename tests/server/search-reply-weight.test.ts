import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "~/server/db/schema";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import { parseSearchInput } from "~/server/search/query.server";
import { searchProfiles } from "~/server/search/search.server";
import { insertProfile, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Best match weighs reply figures lightly (issue 27): a quick responder moves one place ahead of an
// about-as-good match, never past a better kind of match, a nearer band or another page.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const start = Date.parse("2026-01-01T00:00:00Z");

// Newest first is the order among equals, so each quick responder is the older of a pair.
const FIXTURES: (ProfileFixture & { characters: string[]; quick?: boolean })[] = [
  { id: "slow-pirate", displayName: "Harbor Crew", characters: ["Pirate Captain"], bio: "Sea shanties.", state: "FL", city: "Orlando", categories: ["Fantasy"], travelRadius: "short_distance" },
  { id: "quick-pirate", displayName: "Deck Hands", characters: ["Pirate Captain"], bio: "Treasure hunts.", state: "FL", city: "Orlando", categories: ["Fantasy"], travelRadius: "short_distance", quick: true },
  // Only the bio names the word: a weaker kind of match, which a quick reply does not lift.
  { id: "quick-bio", displayName: "Storybook Friends", characters: ["Fairy Godmother"], bio: "A pirate story at the end.", state: "FL", city: "Orlando", categories: ["Fantasy"], travelRadius: "short_distance", quick: true },
];

const search = (address: string) => searchProfiles(database.db, parseSearchInput(new URL(`http://x/search?${address}`)));
const order = async (address: string) => (await search(address)).hits.map((h) => h.profile.id);

beforeAll(async () => {
  database = await createTestDatabase();
  // Inserted oldest first, in reverse of the list, so the list is newest first.
  for (const [i, fixture] of [...FIXTURES].reverse().entries()) {
    const { characters, quick, ...profile } = fixture;
    await insertProfile(database.db, { ...profile, createdAt: new Date(start + i * 60_000) });
    // Quick: a median first answer of 2 hours, 100% answered; the other answers in 30 hours, 60%.
    const figures = quick ? { replyHours: 2, replyRate: 100 } : { replyHours: 30, replyRate: 60 };
    await database.db.update(profiles).set({ ...figures, characters }).where(eq(profiles.id, fixture.id));
    await refreshSearchDocument(database.db, fixture.id);
  }
});

afterAll(async () => {
  await database?.close();
});

describe(`best match and reply figures (${engine})`, () => {
  it("puts the quick responder ahead of an equally good match, and the bio-only match stays last", async () => {
    expect(await order("q=pirate+32801")).toEqual(["quick-pirate", "slow-pirate", "quick-bio"]);
    expect(await order("q=pirate")).toEqual(["quick-pirate", "slow-pirate", "quick-bio"]);
  });

  it("leaves the newest-first sort as it is", async () => {
    expect(await order("q=pirate+32801&sort=newest")).toEqual(["slow-pirate", "quick-pirate", "quick-bio"]);
  });

  it("shows the badge on the card it moved", async () => {
    const hits = (await search("q=pirate+32801")).hits;
    expect(hits.map((h) => h.profile.quickToReply)).toEqual([true, false, true]);
  });
});
