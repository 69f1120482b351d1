import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARENT_TILES, TILE_COUNT_CAP, TILE_IMAGE_SIZE, TILE_IMAGE_WIDTHS, tileCountText, tileHref, type TileCount, type TilesView } from "~/lib/parent-tiles";
import { loader as tilesLoader } from "~/routes/search.tiles";
import { lookupPhrase } from "~/lib/search-dictionary";
import { forgetDirectoryCounts } from "~/server/directory/directory.server";
import { parentTileCounts, readTilePlace, tileRecountsDone } from "~/server/directory/parent-tiles.server";
import { refreshAllSearchDocuments } from "~/server/profiles/search-document.server";
import { generateDemoData } from "../../scripts/demo-data/generate";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer, FAR_FUTURE } from "./search-fixtures";

// The tiles in parents' words: each is a search the dictionary understands, finds performers in the
// demo data, is counted (nationwide, or near a place) the way the search counts, remembered like
// the listing counts and capped at 1,000.

const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
const byId = (counts: TileCount[]) => new Map(counts.map((c) => [c.id, c]));

describe("the tiles' data", () => {
  it("searches phrases the dictionary knows, one per tile, each with its two pictures at 3:2", async () => {
    expect(PARENT_TILES.map((t) => t.label)).toEqual([
      "Princesses",
      "Superheroes",
      "Mascots",
      "Santa and holidays",
      "Pirates and mermaids",
      "Dinosaurs and animals",
      "Anime and cosplay",
      "Villains",
    ]);
    for (const tile of PARENT_TILES) {
      const match = lookupPhrase(tile.query);
      expect(match?.byName, tile.query).toBe(true);
      for (const width of TILE_IMAGE_WIDTHS) {
        const file = path.resolve(import.meta.dirname, `../../public/images/tiles/${tile.id}-${width}.webp`);
        const meta = await sharp(fs.readFileSync(file)).metadata();
        expect([meta.format, meta.width, meta.height], file).toEqual(["webp", width, (width * TILE_IMAGE_SIZE.height) / TILE_IMAGE_SIZE.width]);
        expect(fs.statSync(file).size, file).toBeLessThan(16 * 1024);
      }
    }
  });

  it("links to the search, near the place when there is one, and says the count in words", () => {
    const princesses = PARENT_TILES[0];
    expect(tileHref(princesses)).toBe("/search?q=princess");
    expect(tileHref(princesses, { zip: "32801", city: "Orlando", state: "FL" })).toBe("/search?q=princess+32801");
    expect(tileHref(PARENT_TILES[3], { city: "Stephenville", state: "TX" })).toBe("/search?q=santa+and+holidays+Stephenville+TX");
    expect(tileHref(princesses, { state: "FL" })).toBe("/search?q=princess+Florida");
    expect(tileCountText({ id: "x", count: 1000, atLeast: true })).toBe("1,000+ performers");
    expect(tileCountText({ id: "x", count: 1, atLeast: false }, "Orlando, FL")).toBe("1 performer near Orlando, FL");
    expect(tileCountText({ id: "x", count: 0, atLeast: false }, "Orlando, FL")).toBe("None near Orlando, FL yet");
    expect(tileCountText({ id: "x", count: 0, atLeast: false })).toBe("No performers yet");
  });

  it("counts near a place only the browser names as the site knows it", () => {
    expect(readTilePlace(new URLSearchParams("zip=32801"))).toEqual({ zip: "32801", city: "Orlando", state: "FL" });
    expect(readTilePlace(new URLSearchParams("zip=00000"))).toBeNull();
    expect(readTilePlace(new URLSearchParams("zip=3280"))).toBeNull();
    expect(readTilePlace(new URLSearchParams("state=tx&city=stephenville"))).toEqual({ city: "Stephenville", state: "TX" });
    expect(readTilePlace(new URLSearchParams("state=TX"))).toEqual({ state: "TX" });
    expect(readTilePlace(new URLSearchParams("state=TX&city=Orlando"))).toBeNull();
    expect(readTilePlace(new URLSearchParams("state=XX"))).toBeNull();
    expect(readTilePlace(new URLSearchParams(""))).toBeNull();
  });
});

describe(`every tile finds performers in the demo data (${engine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The demo's listed performers, as the demo seeds them but without their pictures.
    const demo = generateDemoData({ now: new Date("2025-06-01T12:00:00Z"), performers: 150 });
    for (const performer of demo.performers.filter((p) => p.status === "listed")) {
      const { profile } = performer;
      await addPerformer(database.db, {
        id: profile.id,
        displayName: profile.displayName,
        bio: profile.bio,
        characters: profile.characters,
        state: profile.state,
        city: profile.city,
        categories: performer.categories,
        travelRadius: profile.travelRadius,
      });
    }
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  it("counts each tile's search nationwide, and none is empty", async () => {
    const counts = await parentTileCounts(database.db);
    expect(counts.map((c) => c.id)).toEqual(PARENT_TILES.map((t) => t.id));
    for (const count of counts) {
      expect(count.count, count.id).toBeGreaterThan(0);
      expect(count.atLeast, count.id).toBe(false);
    }
  });
});

describe(`tile counts (${engine})`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await addPerformer(db, { id: "orlando-princess", bio: "A fairy-tale princess for birthday parties.", state: "FL", city: "Orlando", categories: ["Fantasy"] });
    await addPerformer(db, { id: "seattle-princess", bio: "Princess tea parties by the sound.", state: "WA", city: "Seattle", categories: ["Fantasy"] });
    await addPerformer(db, { id: "tampa-pirate", bio: "A swashbuckling pirate captain with a treasure map.", state: "FL", city: "Tampa", travelRadius: "long_distance", categories: ["Historical/Fantasy Crossover"] });
    await addPerformer(db, { id: "miami-mermaid", bio: "Mermaid tail swims by the pool.", state: "FL", city: "Miami", travelRadius: "nationwide", categories: ["Fantasy"] });
    // More mascots than any count goes: the tile says "1,000+".
    const crowd = TILE_COUNT_CAP + 20;
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified)
      select 'mascot-' || i, 'mascot-' || i, 'mascot-' || i || '@accounts.example.com', true from generate_series(1, ${crowd}) i`);
    await db.execute(sql`
      insert into profiles (id, display_name, bio, state, city, latitude, longitude, contact_email, is_active,
                            payment_status, payment_expiry, travel_radius)
      select 'mascot-' || i, 'Walkaround Pal ' || i, 'A big walkaround suit for school spirit days.', 'TX', 'Austin', 30.2672, -97.7431,
             'mascot-' || i || '@contact.example.com', true, 'paid', ${FAR_FUTURE}, 'local_only'
      from generate_series(1, ${crowd}) i`);
    await db.execute(sql`insert into profile_categories (profile_id, category) select 'mascot-' || i, 'Mascot Style' from generate_series(1, ${crowd}) i`);
    await refreshAllSearchDocuments(db);
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it("caps a count at 1,000 and says so", async () => {
    const counts = byId(await parentTileCounts(database.db));
    expect(counts.get("mascots")).toEqual({ id: "mascots", count: TILE_COUNT_CAP, atLeast: true });
    expect(tileCountText(counts.get("mascots"))).toBe("1,000+ performers");
    expect(counts.get("princesses")).toEqual({ id: "princesses", count: 2, atLeast: false });
    // One phrase finds either kind of act: a pirate who is no mermaid, and a mermaid who is no pirate.
    expect(counts.get("pirates-mermaids")).toEqual({ id: "pirates-mermaids", count: 2, atLeast: false });
    expect(counts.get("santa-holidays")).toEqual({ id: "santa-holidays", count: 0, atLeast: false });
  });

  it("counts near a place as a search for the tile there does, and a performer far away is not near", async () => {
    const nearOrlando = byId(await parentTileCounts(database.db, { zip: "32801", city: "Orlando", state: "FL" }));
    expect(nearOrlando.get("princesses")?.count).toBe(1);
    // The pirate's range reaches Orlando from Tampa; the mermaid travels anywhere.
    expect(nearOrlando.get("pirates-mermaids")?.count).toBe(2);
    // Nobody near Orlando plays a mascot: the search falls back to the nearest anywhere, which the tile does not count.
    expect(nearOrlando.get("mascots")?.count).toBe(0);
    const nearSeattle = byId(await parentTileCounts(database.db, { city: "Seattle", state: "WA" }));
    expect(nearSeattle.get("princesses")?.count).toBe(1);
    // Only the mermaid, who travels anywhere: the Tampa pirate's range stops far short of Seattle.
    expect(nearSeattle.get("pirates-mermaids")?.count).toBe(1);
  });

  it("answers a browser's counts near its last searched place as cacheable JSON, and a place it does not know without a search", async () => {
    const ask = async (query: string) =>
      (await tilesLoader({ request: new Request(`http://localhost/search/tiles${query}`), context: { db: database.db }, params: {} } as unknown as Parameters<
        typeof tilesLoader
      >[0])) as Response;
    const near = await ask("?zip=32801");
    expect(near.status).toBe(200);
    expect(near.headers.get("Cache-Control")).toMatch(/^public, /);
    const view = (await near.json()) as TilesView;
    expect(view.placeName).toBe("Orlando, FL");
    expect(view.tiles.find((t) => t.id === "princesses")).toMatchObject({ count: 1, href: "/search?q=princess+32801", countText: "1 performer near Orlando, FL" });
    expect((await ask("?zip=99999")).status).toBe(404);
    expect((await ask("?state=FL&city=Atlantis")).status).toBe(404);
  });

  it("remembers a count like the listing counts, then answers with it while it is counted afresh", async () => {
    const villains = async () => byId(await parentTileCounts(database.db)).get("villains");
    const before = await villains();
    await addPerformer(database.db, { id: "new-villain", bio: "An evil queen with a poisoned apple.", state: "FL", city: "Orlando", categories: ["Villain"] });
    expect(await villains()).toEqual(before);
    // Once the remembered counts are gone, the page still gets the last count at once...
    forgetDirectoryCounts(database.db);
    expect(await villains()).toEqual(before);
    // ...and the next one the count taken afresh meanwhile.
    await tileRecountsDone(database.db);
    expect((await villains())?.count).toBe((before?.count ?? 0) + 1);
  });
});
