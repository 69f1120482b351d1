import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeBrowseHref } from "~/lib/place-href";
import { loader as browseLoader } from "~/routes/browse";
import { loader as categoryLoader } from "~/routes/category";
import { loader as homeLoader } from "~/routes/home";
import { loader as profileLoader } from "~/routes/profile";
import { createAuth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/platform/config.server";
import { profiles } from "~/server/db/schema";
import {
  countPublicProfilesByState,
  getFeaturedProfiles,
  getProfilePreview,
  getPublicProfile,
  listPublicProfiles,
} from "~/server/directory/directory.server";
import { cachedData, FRESH_CACHE_CONTROL, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { browseHref, categoryHref } from "~/lib/directory-params";
import { NO_REFINEMENTS } from "~/lib/listing-refinements";
import { parseDirectoryFilters } from "~/server/directory/directory-filters.server";
import { formatPriceRange, moreLabel, visibleCategories } from "~/lib/format";
import { socialUrl } from "~/lib/social";
import { todayIso } from "~/server/directory/visibility.server";
import { stateName, US_STATE_NAMES } from "~/lib/us-state-names";
import { US_STATES } from "~/lib/us-states";
import { HIDDEN, insertProfile, LISTED, type ProfileFixture } from "../e2e/seed/directory";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

let database: TestDatabase;
let mediaDir: string;
const config = loadConfig({ NODE_ENV: "test", BETTER_AUTH_SECRET: "directory-test-secret-directory-test-secret", JOBS: "off" });
let context: { db: TestDatabase["db"]; auth: ReturnType<typeof createAuth>; config: typeof config };

const HIDDEN_IDS = Object.values(HIDDEN).map((h) => h.id);
const HIDDEN_NAMES = Object.values(HIDDEN)
  .map((h) => h.displayName)
  .filter((n): n is string => n !== null);
const TODAY = todayIso();
const YESTERDAY = todayIso(new Date(Date.now() - 86_400_000));

function hidden(base: { id: string; displayName: string | null } & Partial<ProfileFixture>): ProfileFixture {
  return { state: "VT", city: "Burlington", categories: ["Hero", "Villain"], images: 1, contactEmail: `secret-${base.id}@example.com`, ...base };
}

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-directory-"));
  const start = Date.UTC(2025, 0, 1);
  for (const [i, fixture] of (Object.values(LISTED) as ProfileFixture[]).entries()) {
    await insertProfile(database.db, { ...fixture, createdAt: new Date(start + i * 60_000) }, mediaDir);
  }
  for (const fixture of Object.values(HIDDEN)) await insertProfile(database.db, hidden(fixture), mediaDir);
  // The last day of a paid period still counts; the day after does not.
  await insertProfile(database.db, hidden({ id: "dir-expires-today", displayName: "Last Day Larry", paymentExpiry: TODAY }));
  await insertProfile(database.db, hidden({ id: "dir-expired-yesterday", displayName: "Yesterday Yuri", paymentExpiry: YESTERDAY }));
  context = { db: database.db, auth: createAuth(database.db, config), config };
});

afterAll(async () => {
  await database?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

function everythingPublic() {
  return Promise.all([
    listPublicProfiles(database.db, { state: null, city: null, categories: [] }, 1, 100),
    listPublicProfiles(database.db, { state: "VT", city: "Burlington", categories: [] }, 1, 100),
    listPublicProfiles(database.db, { state: null, city: null, categories: ["Hero"] }, 1, 100),
    getFeaturedProfiles(database.db),
  ]);
}

describe(`the visibility rule on every public read (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists only active, paid, unexpired, named profiles anywhere", async () => {
    const [all, city, category, featured] = await everythingPublic();
    for (const list of [all.profiles, city.profiles, category.profiles, featured]) {
      const ids = list.map((p) => p.id);
      for (const id of HIDDEN_IDS) expect(ids).not.toContain(id);
      expect(ids).not.toContain("dir-expired-yesterday");
    }
    expect(all.profiles.map((p) => p.id).sort()).toEqual(
      [...Object.values(LISTED).map((p) => p.id), "dir-expires-today"].sort(),
    );
  });

  it("hides non-public profiles from their own page and from the state counts", async () => {
    for (const id of [...HIDDEN_IDS, "dir-expired-yesterday"]) {
      expect(await getPublicProfile(database.db, id)).toBeNull();
    }
    expect(await getPublicProfile(database.db, "dir-expires-today")).not.toBeNull();
    expect(await getPublicProfile(database.db, "no-such-id")).toBeNull();
    // VT: Burlington hero, Rutland anime, the expires-today profile. The hidden ones are all in VT too.
    expect(await countPublicProfilesByState(database.db)).toEqual({ VT: 3, WY: 1 });
  });

  it("never returns a contact email", async () => {
    const outputs = [...(await everythingPublic()), await getPublicProfile(database.db, LISTED.burlingtonHero.id)];
    const preview = await getProfilePreview(database.db, HIDDEN.unpaid.id);
    const text = JSON.stringify([outputs, preview]);
    expect(text).not.toContain("secret-");
    expect(text).not.toContain("@example.com");
  });
});

describe("directory listings", () => {
  it("filters by state, by city and by any of several categories", async () => {
    const names = async (filters: { state: string | null; city: string | null; categories: string[] }) =>
      (await listPublicProfiles(database.db, filters)).profiles.map((p) => p.displayName).sort();
    expect(await names({ state: "WY", city: null, categories: [] })).toEqual(["Prairie Phantom"]);
    expect(await names({ state: "VT", city: "Rutland", categories: [] })).toEqual(["Maple Moon Mage"]);
    expect(await names({ state: null, city: null, categories: ["Anime/Manga", "Fantasy"] })).toEqual([
      "Maple Moon Mage",
      "Prairie Phantom",
    ]);
    expect(await names({ state: "VT", city: null, categories: ["Villain"] })).toEqual(["Green Mountain Guardian", "Last Day Larry"]);
    expect(await names({ state: "CA", city: null, categories: [] })).toEqual([]);
  });

  it("drops a listing the moment it stops being public, count included", async () => {
    await insertProfile(database.db, hidden({ id: "dir-mt-toggle", displayName: "Montana Marvel", state: "MT", city: "Billings" }));
    const mt = { state: "MT", city: null, categories: [] };
    expect((await listPublicProfiles(database.db, mt)).total).toBe(1);
    await database.db.update(profiles).set({ isActive: false }).where(eq(profiles.id, "dir-mt-toggle"));
    const after = await listPublicProfiles(database.db, mt);
    expect(after.profiles).toEqual([]);
    expect(after.total).toBe(0);
    await database.db.update(profiles).set({ isActive: true }).where(eq(profiles.id, "dir-mt-toggle"));
    expect((await listPublicProfiles(database.db, mt)).profiles.map((p) => p.displayName)).toEqual(["Montana Marvel"]);
    await database.db.delete(profiles).where(eq(profiles.id, "dir-mt-toggle"));
  });

  it("builds cards with the lowest-position image, ordered categories and the price bounds", async () => {
    const { profiles: cards } = await listPublicProfiles(database.db, { state: "VT", city: null, categories: [] });
    const guardian = cards.find((c) => c.id === LISTED.burlingtonHero.id)!;
    expect(guardian.categories).toEqual(["Hero", "Villain", "Cosplay", "Comic Book Character"]);
    expect(guardian.image?.src).toBe(`/media/${LISTED.burlingtonHero.id}/seed-0-640.webp`);
    expect(guardian.image?.variants.map((v) => v.width)).toEqual([320, 640]);
    expect([guardian.priceMin, guardian.priceMax]).toEqual([100, 150]);
    const mage = cards.find((c) => c.id === LISTED.rutlandAnime.id)!;
    expect(mage.image).toBeNull();
  });

  it("pages 24 at a time, newest first, and shows the last page for a page past the end", async () => {
    const paging = await createTestDatabase();
    try {
      const start = Date.UTC(2025, 5, 1);
      for (let i = 0; i < 30; i++) {
        await insertProfile(paging.db, {
          id: `page-${String(i).padStart(2, "0")}`,
          displayName: `Performer ${i}`,
          state: "ND",
          city: "Fargo",
          categories: ["Mascot Style"],
          // Pairs share a timestamp, so the order must not depend on it alone.
          createdAt: new Date(start + Math.floor(i / 2) * 1000),
        });
      }
      const filters = { state: "ND", city: null, categories: [] };
      const first = await listPublicProfiles(paging.db, filters, 1);
      const second = await listPublicProfiles(paging.db, filters, 2);
      expect(first.total).toBe(30);
      expect(first.pageCount).toBe(2);
      expect(first.profiles).toHaveLength(24);
      expect(second.profiles).toHaveLength(6);
      const ids = [...first.profiles, ...second.profiles].map((p) => p.id);
      expect(new Set(ids).size).toBe(30);
      expect(ids[0]).toBe("page-29");
      expect(ids[29]).toBe("page-00");
      const beyond = await listPublicProfiles(paging.db, filters, 9);
      expect(beyond.page).toBe(2);
      expect(beyond.profiles.map((p) => p.id)).toEqual(second.profiles.map((p) => p.id));
    } finally {
      await paging.close();
    }
  });
});

describe("filters in the address", () => {
  it("keeps valid values and drops the rest", () => {
    const parse = (query: string, pathState?: string) => parseDirectoryFilters(new URLSearchParams(query), { pathState });
    expect(parse("state=tx&city=austin&category=Hero&category=Pirate&category=Anime%2FManga&page=3")).toEqual({
      state: "TX",
      city: "Austin",
      categories: ["Hero", "Anime/Manga"],
      refinements: NO_REFINEMENTS,
      page: 3,
    });
    // A city of another state, an unknown state and a silly page number are ignored.
    expect(parse("state=FL&city=Austin&page=-4")).toEqual({ state: "FL", city: null, categories: [], refinements: NO_REFINEMENTS, page: 1 });
    expect(parse("state=ZZ&city=Austin&page=abc")).toEqual({ state: null, city: null, categories: [], refinements: NO_REFINEMENTS, page: 1 });
    // The /browse/{stateAbbr} segment wins over a query value.
    expect(parse("state=FL&city=Dallas", "TX")).toMatchObject({ state: "TX", city: "Dallas" });
  });

  it("builds shareable links that keep every filter", () => {
    expect(browseHref({ state: "TX", city: "Fort Worth", categories: ["Hero", "Anime/Manga"], page: 2 })).toBe(
      "/browse/TX?city=Fort+Worth&category=Hero&category=Anime%2FManga&page=2",
    );
    expect(browseHref({ state: null, city: "Austin", categories: [] })).toBe("/browse");
    expect(categoryHref("Anime/Manga", { state: "CA", city: "San Diego", page: 1 })).toBe(
      "/categories/Anime%2FManga?state=CA&city=San+Diego",
    );
    // The breadcrumbs' own link writer (kept apart for the JavaScript budget) writes the same addresses.
    expect(placeBrowseHref("TX", "Fort Worth")).toBe(browseHref({ state: "TX", city: "Fort Worth" }));
    expect(placeBrowseHref("NY", "St. John's")).toBe(browseHref({ state: "NY", city: "St. John's" }));
    expect(placeBrowseHref("TX")).toBe(browseHref({ state: "TX" }));
  });
});

describe("state names", () => {
  it("lists the same states, in the same order, as the full list with cities", () => {
    expect(US_STATE_NAMES.map((s) => [s.name, s.abbreviation])).toEqual(US_STATES.map((s) => [s.name, s.abbreviation]));
    expect(US_STATE_NAMES).toHaveLength(50);
    expect(stateName("vt")).toBe("Vermont");
    expect(stateName("ZZ")).toBe("ZZ");
    expect(stateName(null)).toBe("");
  });
});

describe("card formatting", () => {
  it("shows a whole-dollar price range only when both bounds exist", () => {
    expect(formatPriceRange(100, 150)).toBe("$100 - $150 / hour");
    expect(formatPriceRange(1200, 1500)).toBe("$1,200 - $1,500 / hour");
    expect(formatPriceRange(100, null)).toBeNull();
    expect(formatPriceRange(null, 150)).toBeNull();
  });

  it("shows three categories then +N more", () => {
    const { shown, hidden: rest } = visibleCategories(["A", "B", "C", "D", "E"]);
    expect(shown).toEqual(["A", "B", "C"]);
    expect(moreLabel(rest)).toBe("+2 more");
    expect(visibleCategories(["A"]).hidden).toBe(0);
  });

  it("builds social links from handles only", () => {
    expect(socialUrl("instagram", "@gm.guardian")).toBe("https://www.instagram.com/gm.guardian");
    expect(socialUrl("tiktok", "gmguardian")).toBe("https://www.tiktok.com/@gmguardian");
    expect(socialUrl("facebook", "https://www.facebook.com/gmguardian/")).toBe("https://www.facebook.com/gmguardian");
    expect(socialUrl("twitter", "javascript:alert(1)")).toBeNull();
    expect(socialUrl("twitter", "")).toBeNull();
  });
});

// ---------------------------------------------------------------- pages, through their loaders

type Init = { status?: number; headers?: HeadersInit };
interface DataResult<T> {
  data: T;
  init: Init | null;
}

function asResult<T>(value: unknown): DataResult<T> {
  return value as DataResult<T>;
}

function headersOf(result: { init: Init | null }) {
  return new Headers(result.init?.headers);
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the loader to throw");
}

function args(url: string, params: Record<string, string>, cookie?: string) {
  const request = new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  return { request, params, context, url: new URL(request.url), pattern: "", unstable_pattern: "" } as never;
}

async function signInCookie(email: string, password: string): Promise<{ id: string; cookie: string }> {
  const signUp = await context.auth.api.signUpEmail({ body: { email, password, name: email } });
  const response = await context.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: signUp.user.id, cookie };
}

describe("profile page", () => {
  it("shows a public profile to visitors with a shareable cache policy and ETag", async () => {
    const result = asResult<{
      kind: string;
      profile: { displayName: string; connect: unknown };
      seo: { title: string; description: string; jsonLd: { "@type": string; mainEntity?: { sameAs?: string[] } }[] };
    }>(await profileLoader(args(`/profile/${LISTED.burlingtonHero.id}`, { id: LISTED.burlingtonHero.id })));
    expect(result.data.kind).toBe("public");
    expect(result.data.profile.displayName).toBe("Green Mountain Guardian");
    // Connect links arrive finished (cleaned-up handles, fixed order); the raw handles stay on the server.
    expect(result.data.profile.connect).toEqual([
      { network: "instagram", label: "Instagram", url: "https://www.instagram.com/gm.guardian" },
      { network: "facebook", label: "Facebook", url: "https://www.facebook.com/gmguardian" },
      { network: "tiktok", label: "TikTok", url: "https://www.tiktok.com/@gmguardian" },
    ]);
    expect(result.data.profile).not.toHaveProperty("social");
    expect(result.data.seo.title).toBe("Green Mountain Guardian - Costume Performer in Burlington, Vermont");
    expect(result.data.seo.jsonLd.map((item) => item["@type"])).toEqual(["ProfilePage", "BreadcrumbList"]);
    expect(result.data.seo.jsonLd[0]?.mainEntity?.sameAs).toEqual([
      "https://www.instagram.com/gm.guardian",
      "https://www.facebook.com/gmguardian",
      "https://www.tiktok.com/@gmguardian",
    ]);
    // Shared caches keep it; browsers revalidate each time, so a takedown is seen at once.
    expect(headersOf(result).get("Cache-Control")).toBe(FRESH_CACHE_CONTROL);
    const etag = headersOf(result).get("ETag");
    expect(etag).toMatch(/^W\/"/);
    expect(JSON.stringify(result.data)).not.toContain("secret-guardian@example.com");
    // Nothing per-visitor (such as the inquiry form's one-time math question) is in the shared copy.
    expect(result.data).not.toHaveProperty("captcha");
    expect(JSON.stringify(result.data)).not.toMatch(/token/i);

    // The next visitor gets the same version, and a CDN or browser holding it gets a 304.
    const again = asResult<unknown>(await profileLoader(args(`/profile/${LISTED.burlingtonHero.id}`, { id: LISTED.burlingtonHero.id })));
    expect(headersOf(again).get("ETag")).toBe(etag);
    const revalidated = asResult<unknown>(
      await profileLoader({
        ...(args(`/profile/${LISTED.burlingtonHero.id}`, { id: LISTED.burlingtonHero.id }) as object),
        request: new Request(`http://localhost/profile/${LISTED.burlingtonHero.id}`, { headers: { "If-None-Match": etag! } }),
      } as never),
    );
    expect(revalidated.init?.status).toBe(304);
  });

  it("answers 404 Profile Not Found for every non-public profile", async () => {
    for (const id of [...HIDDEN_IDS, "dir-expired-yesterday", "missing"]) {
      const result = asResult<{ kind: string }>(await profileLoader(args(`/profile/${id}`, { id })));
      expect(result.data.kind).toBe("not-found");
      expect(result.init?.status).toBe(404);
      expect(headersOf(result).get("Cache-Control")).toBe("private, no-store");
    }
  });

  it("lets the signed-in owner preview an unpaid profile, privately, and no one else", async () => {
    const owner = await signInCookie("owner-preview@example.com", "owner-pass-123");
    await insertProfile(database.db, hidden({ id: owner.id, existingUser: true, displayName: "Preview Polly", paymentStatus: "pending", paymentExpiry: null }));
    const mine = asResult<{ kind: string; isPaid: boolean; viewer: string }>(
      await profileLoader(args(`/profile/${owner.id}`, { id: owner.id }, owner.cookie)),
    );
    expect(mine.data).toMatchObject({ kind: "preview", isPaid: false, viewer: "owner" });
    expect(headersOf(mine).get("Cache-Control")).toBe("private, no-store");
    expect(JSON.stringify(mine.data)).not.toContain(`secret-${owner.id}@example.com`);

    const stranger = await signInCookie("stranger@example.com", "stranger-pass-123");
    const theirs = asResult<{ kind: string }>(await profileLoader(args(`/profile/${owner.id}`, { id: owner.id }, stranger.cookie)));
    expect(theirs.data.kind).toBe("not-found");
    const anonymous = asResult<{ kind: string }>(await profileLoader(args(`/profile/${owner.id}`, { id: owner.id })));
    expect(anonymous.init?.status).toBe(404);

    // Once paid, the owner sees the ordinary public page.
    await database.db.update(profiles).set({ paymentStatus: "paid", paymentExpiry: "2099-01-01" }).where(eq(profiles.id, owner.id));
    const paid = asResult<{ kind: string }>(await profileLoader(args(`/profile/${owner.id}`, { id: owner.id }, owner.cookie)));
    expect(paid.data.kind).toBe("public");
    expect(headersOf(paid).get("Cache-Control")).toBe("private, no-store");
    await database.db.update(profiles).set({ paymentStatus: "pending" }).where(eq(profiles.id, owner.id));
  });
});

describe("browse, category and home pages", () => {
  it("gives an unknown state the 404 page and sends ?state= to the state's own address", async () => {
    const unknown = (await thrown(browseLoader(args("/browse/ZZ", { stateAbbr: "ZZ" })))) as DataResult<unknown>;
    expect(unknown.init?.status).toBe(404);
    const redirect = (await thrown(browseLoader(args("/browse?state=VT&city=Rutland&category=Hero", {})))) as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/browse/VT?city=Rutland&category=Hero");
    const lower = (await thrown(browseLoader(args("/browse/vt", { stateAbbr: "vt" })))) as Response;
    expect(lower.headers.get("Location")).toBe("/browse/VT");
  });

  it("sends an address with blank fields (a plain form's submission) to the page's canonical one", async () => {
    const location = async (loading: Promise<unknown>) => ((await thrown(loading)) as Response).headers.get("Location");
    expect(await location(browseLoader(args("/browse?state=&city=&category=Hero", {})))).toBe("/browse?category=Hero");
    expect(await location(browseLoader(args("/browse/VT?city=&page=", { stateAbbr: "VT" })))).toBe("/browse/VT");
    expect(await location(categoryLoader(args("/categories/Hero?state=VT&city=", { categoryName: "Hero" })))).toBe(
      "/categories/Hero?state=VT",
    );
    expect(await location(categoryLoader(args("/categories/Hero?state=+", { categoryName: "Hero" })))).toBe("/categories/Hero");
    // The plain form notes whose city list it sent: another state's city is dropped, even when a
    // town of that name exists in the new state too (Burlington, Wyoming).
    expect(await location(browseLoader(args("/browse?state=WY&cityOf=VT&city=Burlington", {})))).toBe("/browse/WY");
    expect(await location(browseLoader(args("/browse?state=VT&cityOf=VT&city=Burlington", {})))).toBe("/browse/VT?city=Burlington");
    expect(await location(browseLoader(args("/browse?state=WY&city=Burlington", {})))).toBe("/browse/WY?city=Burlington");
  });

  it("hands the filter form the chosen state's city names, and nothing for no state", async () => {
    const vermont = asResult<{ cities: string[] }>(await browseLoader(args("/browse/VT", { stateAbbr: "VT" })));
    // The state's larger cities (and any city a performer is based in), by name.
    const larger = US_STATES.find((s) => s.abbreviation === "VT")!.cities.map((c) => c.name);
    expect(vermont.data.cities).toEqual(expect.arrayContaining(larger));
    expect(vermont.data.cities).toEqual([...vermont.data.cities].sort((a, b) => a.localeCompare(b)));
    expect(vermont.data.cities).toContain("Burlington");
    // Names only: the coordinates stay on the server.
    expect(JSON.stringify(vermont.data.cities)).not.toMatch(/lat|lon/);
    const everywhere = asResult<{ cities: string[] }>(await browseLoader(args("/browse", {})));
    expect(everywhere.data.cities).toEqual([]);
    const heroesInVermont = asResult<{ cities: string[] }>(
      await categoryLoader(args("/categories/Hero?state=VT", { categoryName: "Hero" })),
    );
    expect(heroesInVermont.data.cities).toEqual(vermont.data.cities);
  });

  it("lists a state's performers and never a hidden one", async () => {
    const result = asResult<{ total: number; profiles: { displayName: string }[] }>(
      await browseLoader(args("/browse/VT?category=Hero", { stateAbbr: "VT" })),
    );
    const names = result.data.profiles.map((p) => p.displayName);
    expect(names.sort()).toEqual(["Green Mountain Guardian", "Last Day Larry"]);
    for (const name of HIDDEN_NAMES) expect(names).not.toContain(name);
  });

  it("decodes category names and answers 404 for unknown ones", async () => {
    const anime = asResult<{ kind: string; category: string; total: number }>(
      await categoryLoader(args("/categories/Anime%2FManga", { categoryName: "Anime%2FManga" })),
    );
    expect(anime.data).toMatchObject({ kind: "category", category: "Anime/Manga", total: 1 });
    const unknown = asResult<{ kind: string; name: string }>(await categoryLoader(args("/categories/Pirates", { categoryName: "Pirates" })));
    expect(unknown.init?.status).toBe(404);
    // No category is what people mean by "pirates": the page offers a search for the word instead.
    expect(unknown.data).toEqual({ kind: "not-found", name: "Pirates", suggestions: [] });
    const princess = asResult<{ kind: string; suggestions: string[] }>(
      await categoryLoader(args("/categories/Princess", { categoryName: "Princess" })),
    );
    expect(princess.init?.status).toBe(404);
    expect(princess.data).toEqual({ kind: "not-found", name: "Princess", suggestions: ["Fantasy"] });
  });

  it("features public profiles on the home page with per-state counts", async () => {
    const result = asResult<{
      featured: { id: string }[];
      stateCounts: Record<string, number>;
      cityCounts: Record<string, number>;
    }>(await homeLoader(args("/", {})));
    expect(result.data.featured.length).toBeLessThanOrEqual(8);
    for (const id of HIDDEN_IDS) expect(result.data.featured.map((p) => p.id)).not.toContain(id);
    expect(result.data.stateCounts.WY).toBe(1);
    // Each state's number of cities, from the data set, for the browse-by-state grid.
    expect(Object.keys(result.data.cityCounts)).toHaveLength(50);
    for (const state of US_STATES) expect(result.data.cityCounts[state.abbreviation]).toBe(state.cities.length);
  });
});

describe("HTTP caching of public pages", () => {
  const request = (headers: Record<string, string> = {}) => new Request("http://localhost/browse", { headers });

  it("answers 304 when the visitor already has the current version", () => {
    const first = asResult<unknown>(cachedData(request(), { a: 1 }));
    const etag = headersOf(first).get("ETag")!;
    const again = asResult<unknown>(cachedData(request({ "If-None-Match": etag }), { a: 1 }));
    expect(again.init?.status).toBe(304);
    const changed = asResult<unknown>(cachedData(request({ "If-None-Match": etag }), { a: 2 }));
    expect(changed.init?.status).toBe(200);
    expect(headersOf(changed).get("ETag")).not.toBe(etag);
  });

  it("keeps signed-in pages and form answers out of shared caches", () => {
    const signedIn = asResult<unknown>(cachedData(request({ Cookie: "better-auth.session_token=abc.def" }), { a: 1 }));
    expect(headersOf(signedIn).get("Cache-Control")).toBe("private, no-store");
    expect(headersOf(signedIn).get("ETag")).toBeNull();
    const page = headersOf(asResult<unknown>(cachedData(request(), { a: 1 })));
    const afterPost = routeCacheHeaders({ loaderHeaders: page, actionHeaders: new Headers({ "Cache-Control": "private, no-store" }) });
    expect(afterPost.get("Cache-Control")).toBe("private, no-store");
    expect(afterPost.get("ETag")).toBeNull();
    expect(routeCacheHeaders({ loaderHeaders: page, actionHeaders: new Headers() }).get("ETag")).toBe(page.get("ETag"));
  });
});
