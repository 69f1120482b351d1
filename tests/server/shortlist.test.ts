import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  clearShortlist,
  readShortlist,
  removeFromShortlist,
  saveAllToShortlist,
  saveToShortlist,
  SHORTLIST_MAX,
  SHORTLIST_STORAGE_KEY,
  shortlistHref,
  subscribeToShortlist,
} from "~/lib/shortlist";
import { loader as shortlistLoader } from "~/routes/shortlist";
import { loadConfig } from "~/server/platform/config.server";
import { profiles } from "~/server/db/schema";
import { FRESH_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "~/server/http/cache-headers.server";
import { loadShortlist, parseShortlistIds } from "~/server/inquiries/shortlist.server";
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
    expect(result.data).toEqual({ ids: [], date: null, items: [] });
    expect(cacheControl(result)).toBe(PUBLIC_CACHE_CONTROL);
  });

  it("keeps a signed-in visitor's copy private", async () => {
    const result = await callLoader(`?ids=${sparkle.id}`, "better-auth.session_token=abc");
    expect(cacheControl(result)).toBe("private, no-store");
  });
});

// The browser's side (app/lib/shortlist.ts) against a stand-in for window.localStorage.
describe("the shortlist kept in the browser", () => {
  const stored = new Map<string, string>();
  let blocked = false;
  const storage = {
    getItem: (key: string) => {
      if (blocked) throw new Error("SecurityError");
      return stored.get(key) ?? null;
    },
    setItem: (key: string, value: string) => {
      if (blocked) throw new Error("SecurityError");
      stored.set(key, value);
    },
  };
  const windowLike = { localStorage: storage, addEventListener: () => undefined, removeEventListener: () => undefined };

  beforeAll(() => {
    (globalThis as { window?: unknown }).window = windowLike;
  });
  afterAll(() => {
    delete (globalThis as { window?: unknown }).window;
  });

  it("saves each performer once, up to the limit, and removes and clears", () => {
    clearShortlist();
    const heard: number[] = [];
    const unsubscribe = subscribeToShortlist(() => heard.push(readShortlist().length));
    expect(saveToShortlist({ id: "a", name: "Anna" }, 1)).toBe("saved");
    expect(saveToShortlist({ id: "a", name: "Anna" }, 2)).toBe("already");
    expect(readShortlist()).toEqual([{ id: "a", name: "Anna", savedAt: 1 }]);
    // The same array until something changes (useSyncExternalStore relies on it).
    expect(readShortlist()).toBe(readShortlist());
    for (let n = 1; n < SHORTLIST_MAX; n++) saveToShortlist({ id: `p${n}`, name: `P${n}` });
    expect(readShortlist()).toHaveLength(SHORTLIST_MAX);
    expect(saveToShortlist({ id: "one-too-many", name: "Late" })).toBe("full");
    removeFromShortlist("a");
    expect(readShortlist().map((entry) => entry.id)).not.toContain("a");
    expect(JSON.parse(stored.get(SHORTLIST_STORAGE_KEY) ?? "[]")).toHaveLength(SHORTLIST_MAX - 1);
    clearShortlist();
    expect(readShortlist()).toEqual([]);
    unsubscribe();
    expect(heard).toEqual([1, ...Array.from({ length: SHORTLIST_MAX - 1 }, (_, n) => n + 2), SHORTLIST_MAX - 1, 0]);
  });

  it("saves a shared list into the room left", () => {
    clearShortlist();
    for (let n = 0; n < SHORTLIST_MAX - 2; n++) saveToShortlist({ id: `p${n}`, name: `P${n}` });
    expect(saveAllToShortlist([{ id: "p0", name: "P0" }, { id: "x", name: "X" }, { id: "y", name: "Y" }, { id: "z", name: "Z" }])).toBe(2);
    expect(readShortlist().slice(-2).map((entry) => entry.id)).toEqual(["x", "y"]);
    clearShortlist();
  });

  it("reads whatever was stored as a clean list", () => {
    stored.set(SHORTLIST_STORAGE_KEY, "not json");
    expect(readShortlist()).toEqual([]);
    stored.set(SHORTLIST_STORAGE_KEY, JSON.stringify({ id: "a" }));
    expect(readShortlist()).toEqual([]);
    stored.set(
      SHORTLIST_STORAGE_KEY,
      JSON.stringify([
        { id: "a", name: "Anna", savedAt: 1 },
        { id: "a", name: "Anna again", savedAt: 2 },
        { id: "bad id", name: "Spaces", savedAt: 3 },
        { id: "b", name: 7, savedAt: 4 },
        { id: "c", name: "Cleo", savedAt: 5 },
        ...Array.from({ length: 30 }, (_, n) => ({ id: `m${n}`, name: "M", savedAt: 6 })),
      ]),
    );
    const entries = readShortlist();
    expect(entries.slice(0, 2)).toEqual([
      { id: "a", name: "Anna", savedAt: 1 },
      { id: "c", name: "Cleo", savedAt: 5 },
    ]);
    expect(entries).toHaveLength(SHORTLIST_MAX);
  });

  it("keeps working in memory when the browser refuses storage", () => {
    clearShortlist();
    blocked = true;
    expect(saveToShortlist({ id: "kept", name: "Kept" }, 9)).toBe("saved");
    expect(readShortlist()).toEqual([{ id: "kept", name: "Kept", savedAt: 9 }]);
  });

  it("writes share links with readable commas", () => {
    expect(shortlistHref([])).toBe("/shortlist");
    expect(shortlistHref(["a-1", "b_2"])).toBe("/shortlist?ids=a-1,b_2");
  });
});
