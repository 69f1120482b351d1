import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHORTLIST_MAX } from "~/lib/shortlist";
import { loader as shortlistLoader } from "~/routes/shortlist";
import { loadConfig } from "~/server/config.server";
import { profiles } from "~/server/db/schema";
import { FRESH_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/server/http/cache-headers.server";
import { loadShortlist, parseShortlistIds } from "~/server/shortlist.server";
import { insertProfile } from "../e2e/seed/directory";
import { insertShortlistSet, SHORTLIST_SETS } from "../e2e/seed/shortlist";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;
const config = loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: "shortlist-test-secret-shortlist-test-secret", JOBS: "off" });
const SET = SHORTLIST_SETS[0];
const [sparkle, captain, robot] = SET.performers;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertShortlistSet(database.db, SET);
  // Twenty-five more listed performers, to reach past the list's limit.
  for (let n = 0; n < 25; n++) {
    await insertProfile(database.db, { id: `shortlist-many-${n}`, displayName: `Many ${n}`, state: "RI", city: "Providence", categories: ["Hero"] });
  }
});

afterAll(async () => {
  await database?.close();
});

interface LoaderResult {
  data: { ids: string[]; items: { id: string; listed: boolean }[] };
  init: { headers?: HeadersInit } | null;
}

async function callLoader(query: string, cookie?: string): Promise<LoaderResult> {
  const request = new Request(`http://localhost/shortlist${query}`, { headers: cookie ? { Cookie: cookie } : {} });
  const args = { request, params: {}, context: { db: database.db, config }, url: new URL(request.url), pattern: "", unstable_pattern: "" };
  return (await shortlistLoader(args as never)) as unknown as LoaderResult;
}

const cacheControl = (result: LoaderResult) => new Headers(result.init?.headers).get("Cache-Control");

describe("the ids of a shortlist link", () => {
  it("keeps valid ids once each, in order, up to the limit", () => {
    expect(parseShortlistIds(null)).toEqual([]);
    expect(parseShortlistIds("")).toEqual([]);
    expect(parseShortlistIds("b, a,b,,a")).toEqual(["b", "a"]);
    // Anything that cannot be an account id never reaches the database.
    expect(parseShortlistIds("ok-1,bad id,'; drop table profiles;--,ok_2,x\u0000y,é")).toEqual(["ok-1", "ok_2"]);
    expect(parseShortlistIds(Array.from({ length: 30 }, (_, n) => `id-${n}`).join(","))).toHaveLength(SHORTLIST_MAX);
  });
});

describe("loading a shortlist", () => {
  it("gives each listed performer's public facts in the order saved", async () => {
    const items = await loadShortlist(database.db, [robot.id, sparkle.id, captain.id]);
    expect(items.map((item) => item.id)).toEqual([robot.id, sparkle.id, captain.id]);
    const [first, second, third] = items;
    if (!first.listed || !second.listed || !third.listed) throw new Error("all three are listed");
    expect(second.performer).toMatchObject({
      displayName: sparkle.displayName,
      city: "Providence",
      state: "RI",
      priceMin: 120,
      priceMax: 180,
      categories: ["Fantasy", "Kids' Parties Only"],
      travelRadius: "short_distance",
      flags: { familyFriendlyOnly: true, bringOwnCostume: true, performOutdoors: true },
    });
    expect(third.performer).toMatchObject({ priceMin: null, priceMax: null, travelRadius: "medium_distance", image: null });
    expect(third.performer.flags).toEqual({ familyFriendlyOnly: false, bringOwnCostume: true, performOutdoors: false });
    expect(first.performer.flags).toEqual({ familyFriendlyOnly: true, bringOwnCostume: false, performOutdoors: true });
    // Never the performer's address.
    expect(JSON.stringify(items)).not.toContain("@");
  });

  it("marks performers no longer listed (or never there) as unavailable, in place, with nothing about them", async () => {
    const items = await loadShortlist(database.db, [sparkle.id, SET.lapsed.id, "no-such-performer", robot.id]);
    expect(items).toEqual([
      expect.objectContaining({ id: sparkle.id, listed: true }),
      { id: SET.lapsed.id, listed: false },
      { id: "no-such-performer", listed: false },
      expect.objectContaining({ id: robot.id, listed: true }),
    ]);
  });

  it("shows a performer as unavailable the moment the listing stops being public", async () => {
    await database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, robot.id));
    try {
      expect(await loadShortlist(database.db, [robot.id])).toEqual([{ id: robot.id, listed: false }]);
    } finally {
      await database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, robot.id));
    }
    expect((await loadShortlist(database.db, [robot.id]))[0].listed).toBe(true);
  });

  it("reads at most the list's limit and ignores invalid ids", async () => {
    const ids = Array.from({ length: 25 }, (_, n) => `shortlist-many-${n}`);
    const items = await loadShortlist(database.db, ["bad id", ...ids]);
    expect(items).toHaveLength(SHORTLIST_MAX);
    expect(items.every((item) => item.listed)).toBe(true);
    expect(items[0].id).toBe("shortlist-many-0");
    expect(await loadShortlist(database.db, [])).toEqual([]);
  });
});

describe("the /shortlist loader", () => {
  it("answers a share link with the list, shared-cacheable but revalidated like a profile", async () => {
    const result = await callLoader(`?ids=${sparkle.id},${SET.lapsed.id},not%20valid,${captain.id}`);
    const { data } = result;
    expect(data.ids).toEqual([sparkle.id, SET.lapsed.id, captain.id]);
    expect(data.items.map((item) => [item.id, item.listed])).toEqual([
      [sparkle.id, true],
      [SET.lapsed.id, false],
      [captain.id, true],
    ]);
    expect(cacheControl(result)).toBe(FRESH_CACHE_CONTROL);
  });

  it("answers the bare page with an empty frame, the same for everyone", async () => {
    const result = await callLoader("");
    expect(result.data).toEqual({ ids: [], items: [] });
    expect(cacheControl(result)).toBe(PUBLIC_CACHE_CONTROL);
  });

  it("keeps a signed-in visitor's copy private", async () => {
    const result = await callLoader(`?ids=${sparkle.id}`, "better-auth.session_token=abc");
    expect(cacheControl(result)).toBe("private, no-store");
  });
});
