import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { profiles, profileSearch } from "~/server/db/schema";
import type { SearchInput } from "~/server/search/query.server";
import { MAX_COUNTED, searchProfiles } from "~/server/search/search.server";
import { RANKED_WHOLE } from "~/server/search/page.server";
import { forgetDirectoryCounts } from "~/server/directory/directory.server";
import { refreshAllSearchDocuments, refreshSearchDocument } from "~/server/profiles/search-document.server";
import { searchTotalHeading } from "~/lib/search-view";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer, FAR_FUTURE } from "./search-fixtures";

// Words common to more performers than search counts: the page is still the best of all of them
// (those who wrote the visitor's words first), the total says "1,000+", and the narrow table search
// reads (profile_search) follows every change to a profile, whoever makes it.

let database: TestDatabase;
const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const CROWD = MAX_COUNTED + 100;

function input(q: string, page = 1): SearchInput {
  return { q, state: null, city: null, category: null, page };
}

async function search(q: string, page = 1) {
  return searchProfiles(database.db, input(q, page));
}

/** CROWD public performers in Orlando, newest first by number, each with `bio` and `category`. */
async function addCrowd(prefix: string, bio: string, category: string, startMinutes: number, size = CROWD) {
  const db = database.db;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select ${prefix} || i, ${prefix} || i, ${prefix} || i || '@accounts.example.com', true from generate_series(1, ${size}) i`);
  await db.execute(sql`
    insert into profiles (id, display_name, bio, state, city, latitude, longitude, contact_email, is_active,
                          payment_status, payment_expiry, travel_radius, created_at)
    select ${prefix} || i, 'Crowd Performer ' || i, ${bio}, 'FL', 'Orlando', 28.5383, -81.3792,
           ${prefix} || i || '@contact.example.com', true, 'paid', ${FAR_FUTURE}, 'local_only',
           now() - ((${startMinutes}::int + i) || ' minutes')::interval
    from generate_series(1, ${size}) i`);
  await db.execute(sql`insert into profile_categories (profile_id, category) select ${prefix} || i, ${category} from generate_series(1, ${size}) i`);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const longAgo = new Date("2001-01-01T00:00:00Z");
  // Bios that mention the word, newer than everyone below.
  await addCrowd("bio-princess-", "Birthday visits with a princess story and songs.", "Fantasy", 10);
  // Pixies, sprites: found by "fairy" through the dictionary, but never typed as "fairy".
  await addCrowd("pixie-", "A pixie with glitter games for little guests.", "Fantasy", 10);
  // The Hero category, with no hero word of their own.
  await addCrowd("caped-", "Costumed visits for school assemblies.", "Hero", 10);
  await refreshAllSearchDocuments(db);
  // Few but best: the word in their stage name. Created long ago, so only the order by what they
  // wrote, not by age, puts them first.
  for (let i = 1; i <= 30; i++) {
    await addPerformer(db, { id: `named-princess-${i}`, displayName: `Princess Named ${i}`, bio: "Royal tea parties.", categories: ["Fantasy"], createdAt: new Date(longAgo.getTime() + i * 60_000) });
  }
  // The word in the stage name and three times in the bio: still a stage name, no better for the repeats.
  for (let i = 1; i <= 2; i++) {
    await addPerformer(db, { id: `loud-princess-${i}`, displayName: `Princess Loud ${i}`, bio: "Princess parties, princess songs, princess crowns.", categories: ["Fantasy"], createdAt: new Date(longAgo.getTime() - i * 60_000) });
  }
  // The word among their characters only.
  for (let i = 1; i <= 3; i++) {
    await addPerformer(db, { id: `aurora-${i}`, displayName: `Dream Dancer ${i}`, characters: ["Princess Aurora"], bio: "Ballet visits.", categories: ["Fantasy"], createdAt: new Date(longAgo.getTime() + i * 60_000) });
  }
  for (let i = 1; i <= 5; i++) {
    await addPerformer(db, { id: `fairy-${i}`, displayName: `Fairy Godmother ${i}`, bio: "Wishes granted.", categories: ["Fantasy"], createdAt: new Date(longAgo.getTime() + i * 60_000) });
  }
  for (let i = 1; i <= 3; i++) {
    await addPerformer(db, { id: `superhero-${i}`, displayName: `Superhero Spark ${i}`, bio: "Saves the day.", categories: ["Hero"], createdAt: new Date(longAgo.getTime() + i * 60_000) });
  }
  // Found by "superhero" through a description, so before the Hero category's crowd: 30 newer than
  // that crowd, 10 older.
  const now = Date.now();
  for (let i = 1; i <= 30; i++) {
    await addPerformer(db, { id: `crusader-${i}`, displayName: `Crusader ${i}`, bio: "A caped crusader who visits schools.", categories: ["Fantasy"], createdAt: new Date(now - i * 1000) });
  }
  for (let i = 1; i <= 10; i++) {
    await addPerformer(db, { id: `old-crusader-${i}`, displayName: `Old Crusader ${i}`, bio: "A caped crusader who visits schools.", categories: ["Fantasy"], createdAt: new Date(longAgo.getTime() - i * 60_000) });
  }
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe(`a word most performers share (${engine})`, () => {
  it("counts up to the limit and says so", async () => {
    const outcome = await search("princess");
    expect(outcome.total).toBe(MAX_COUNTED);
    expect(outcome.totalAtLeast).toBe(true);
    expect(outcome.pageCount).toBe(Math.ceil(MAX_COUNTED / outcome.pageSize));
    expect(searchTotalHeading(outcome.total, outcome.totalAtLeast)).toBe("1,000+ performers found");
    expect(searchTotalHeading(35, false)).toBe("35 performers found");
  });

  it("counts a word afresh while its matches are few enough to rank in one read", async () => {
    await addCrowd("gondolier-", "Gondola rides and serenades.", "Cosplay", 5000, MAX_COUNTED);
    await refreshAllSearchDocuments(database.db);
    const exact = await search("gondola");
    expect([exact.total, exact.totalAtLeast]).toEqual([MAX_COUNTED, false]);
    // One more: "1,000+" at once, nothing stale from the search before.
    await addPerformer(database.db, { id: "gondolier-extra", displayName: "Gondola Gus", bio: "Gondola rides.", categories: ["Cosplay"] });
    const over = await search("gondola");
    expect([over.total, over.totalAtLeast]).toEqual([MAX_COUNTED, true]);
    expect(over.hits[0].profile.id).toBe("gondolier-extra");
    // Two leave: the next search says so.
    await database.db.update(profiles).set({ isActive: false }).where(sql`${profiles.id} in ('gondolier-1', 'gondolier-2')`);
    const after = await search("gondola");
    expect([after.total, after.totalAtLeast]).toEqual([MAX_COUNTED - 1, false]);
    expect(after.hits.map((hit) => hit.profile.id)).not.toContain("gondolier-1");
  });

  it("remembers for 30 s, like the listing counts, that a word is too common to rank in one read", async () => {
    await addCrowd("lagoon-", "Lagoon tours with a sea serpent.", "Cosplay", 9000, RANKED_WHOLE + 1);
    await refreshAllSearchDocuments(database.db);
    expect((await search("lagoon")).totalAtLeast).toBe(true);
    // All but 999 leave: "1,000+" stands until the remembered answer expires (here: is forgotten).
    await database.db.execute(sql`update profiles set is_active = false where id like 'lagoon-%' and substring(id from 8)::int > 999`);
    expect((await search("lagoon")).totalAtLeast).toBe(true);
    forgetDirectoryCounts(database.db);
    const after = await search("lagoon");
    expect([after.total, after.totalAtLeast]).toEqual([999, false]);
  });

  it("puts the performers who wrote the word where it counts most first, then the newest", async () => {
    const first = await search("princess");
    // Stage names, then characters, then bio mentions; newest first among equals, however often
    // the word is repeated.
    const named = [...Array.from({ length: 30 }, (_, i) => `named-princess-${30 - i}`), "loud-princess-1", "loud-princess-2"];
    expect(first.hits.map((h) => h.profile.id)).toEqual(named.slice(0, 24));
    const second = await search("princess", 2);
    expect(second.hits.map((h) => h.profile.id)).toEqual([
      ...named.slice(24),
      "aurora-3",
      "aurora-2",
      "aurora-1",
      ...Array.from({ length: 13 }, (_, i) => `bio-princess-${i + 1}`),
    ]);
    // Deeper, only bio mentions are left.
    const third = await search("princess", 3);
    expect(third.hits.map((h) => h.profile.id)).toEqual(Array.from({ length: 24 }, (_, i) => `bio-princess-${i + 14}`));
  });

  it("fills the page past the typed word's few matches with the newest of the rest", async () => {
    const outcome = await search("fairy");
    expect(outcome.totalAtLeast).toBe(true);
    expect(outcome.hits.map((h) => h.profile.id)).toEqual([
      ...Array.from({ length: 5 }, (_, i) => `fairy-${5 - i}`),
      ...Array.from({ length: 19 }, (_, i) => `pixie-${i + 1}`),
    ]);
    const deeper = await search("fairy", 3);
    expect(deeper.hits.map((h) => h.profile.id)).toEqual(Array.from({ length: 24 }, (_, i) => `pixie-${i + 44}`));
  });

  it("ranks the word in a stage name first, then the category it means, then a description in a bio", async () => {
    const outcome = await search("superhero");
    expect(outcome.totalAtLeast).toBe(true);
    // The Hero category is what "superhero" means: its crowd, newest first, before any bio that
    // only describes a caped crusader, however new.
    const caped = (from: number, length: number) => Array.from({ length }, (_, i) => `caped-${from + i}`);
    expect(outcome.hits.map((h) => h.profile.id)).toEqual(["superhero-3", "superhero-2", "superhero-1", ...caped(1, 21)]);
    const second = await search("superhero", 2);
    expect(second.hits.map((h) => h.profile.id)).toEqual(caped(22, 24));
  });

  it("shows the last counted page for a page past it", async () => {
    const outcome = await search("princess", 500);
    expect(outcome.page).toBe(outcome.pageCount);
    expect(outcome.hits.length).toBeGreaterThan(0);
  });
});

describe(`the table search reads (${engine})`, () => {
  it("follows every change to a profile, whoever writes it", async () => {
    const id = await addPerformer(database.db, { displayName: "Zanzibar Juggler", bio: "Juggling at fairs.", categories: ["Fantasy"] });
    expect((await search("zanzibar")).hits.map((h) => h.profile.id)).toEqual([id]);

    // Payments and admin write these columns directly, not through the profile editor.
    await database.db.update(profiles).set({ paymentStatus: "expired" }).where(eq(profiles.id, id));
    expect((await search("zanzibar")).total).toBe(0);
    await database.db.update(profiles).set({ paymentStatus: "paid", isActive: false }).where(eq(profiles.id, id));
    expect((await search("zanzibar")).total).toBe(0);
    await database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, id));
    expect((await search("zanzibar")).total).toBe(1);

    await database.db.update(profiles).set({ displayName: "Quixotic Juggler" }).where(eq(profiles.id, id));
    await refreshSearchDocument(database.db, id);
    expect((await search("zanzibar")).total).toBe(0);
    expect((await search("quixotic")).hits.map((h) => h.profile.id)).toEqual([id]);

    await database.db.delete(profiles).where(eq(profiles.id, id));
    expect(await database.db.select().from(profileSearch).where(eq(profileSearch.id, id))).toEqual([]);
  });

  it("follows a profile's categories, whoever writes them", async () => {
    const id = await addPerformer(database.db, { displayName: "Umbrella Unicyclist", bio: "Unicycle shows.", categories: ["Fantasy"] });
    const copied = async () => (await database.db.select({ categories: profileSearch.categories }).from(profileSearch).where(eq(profileSearch.id, id)))[0]?.categories;
    const inCategory = async (category: string) =>
      (await searchProfiles(database.db, { ...input("unicyclist"), category })).hits.map((h) => h.profile.id);
    expect(await copied()).toEqual(["Fantasy"]);
    expect(await inCategory("Hero")).toEqual([]);

    await database.db.execute(sql`insert into profile_categories (profile_id, category) values (${id}, 'Hero'), (${id}, 'Cosplay')`);
    expect(await copied()).toEqual(["Cosplay", "Fantasy", "Hero"]);
    expect(await inCategory("Hero")).toEqual([id]);

    await database.db.execute(sql`update profile_categories set category = 'Mascot Style' where profile_id = ${id} and category = 'Hero'`);
    expect(await copied()).toEqual(["Cosplay", "Fantasy", "Mascot Style"]);
    expect(await inCategory("Hero")).toEqual([]);
    expect(await inCategory("Mascot Style")).toEqual([id]);

    await database.db.execute(sql`delete from profile_categories where profile_id = ${id}`);
    expect(await copied()).toEqual([]);
    expect(await inCategory("Fantasy")).toEqual([]);
  });
});
