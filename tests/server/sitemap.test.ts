import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSitemap, STATIC_PATHS } from "~/server/directory/sitemap.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

const ORIGIN = "https://costumecast.test";
let database: TestDatabase;

/** Each <url> of a sitemap as loc -> lastmod (or null). */
function entries(xml: string): Map<string, string | null> {
  const map = new Map<string, string | null>();
  for (const match of xml.matchAll(/<(?:url|sitemap)><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/(?:url|sitemap)>/g)) {
    map.set(match[1], match[2] ?? null);
  }
  return map;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await addPerformer(db, { id: "orlando-hero", state: "FL", city: "Orlando", categories: ["Hero", "Anime/Manga"] });
  await addPerformer(db, { id: "la-kids", state: "CA", city: "Los Angeles", categories: ["Kids' Parties Only"] });
  await addPerformer(db, { id: "tampa-villain", state: "FL", city: "Tampa", categories: ["Villain"] });
  // Hidden: the only performers in Texas, in Miami and in the Furry and Mascot categories.
  await addPerformer(db, { id: "hidden-inactive", state: "TX", city: "Austin", isActive: false, categories: ["Furry"] });
  await addPerformer(db, { id: "hidden-unpaid", state: "FL", city: "Miami", paymentStatus: "pending", categories: ["Mascot Style"] });
  await addPerformer(db, { id: "hidden-expired", state: "FL", city: "Miami", paymentExpiry: "2020-01-01", categories: ["Furry"] });
  await addPerformer(db, { id: "hidden-nameless", state: "TX", city: "Austin", displayName: null, categories: ["Mascot Style"] });
});

afterAll(async () => {
  await database?.close();
});

describe(`sitemap (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("lists static pages, directory pages with public performers and every public profile with lastmod", async () => {
    const xml = (await buildSitemap(database.db, ORIGIN, null))!;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const urls = entries(xml);
    for (const path of STATIC_PATHS) expect(urls.has(`${ORIGIN}${path}`), path).toBe(true);
    for (const loc of [
      "/browse/FL",
      "/browse/CA",
      "/browse/FL?city=Orlando",
      "/browse/FL?city=Tampa",
      "/browse/CA?city=Los+Angeles",
      "/categories/Hero",
      "/categories/Anime%2FManga",
      "/categories/Villain",
      "/categories/Kids&apos;%20Parties%20Only",
    ]) {
      expect(urls.get(`${ORIGIN}${loc}`), loc).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    for (const id of ["orlando-hero", "la-kids", "tampa-villain"]) {
      expect(urls.get(`${ORIGIN}/profile/${id}`), id).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    // Nothing that only hidden profiles would fill.
    for (const loc of ["/browse/TX", "/browse/FL?city=Miami", "/browse/TX?city=Austin", "/categories/Furry", "/categories/Mascot%20Style"]) {
      expect(urls.has(`${ORIGIN}${loc}`), loc).toBe(false);
    }
    expect(xml).not.toContain("hidden-");
    expect(urls.size).toBe(STATIC_PATHS.length + 2 + 3 + 4 + 3);
  });

  it("splits into an index of smaller files when there are too many profiles for one", async () => {
    const index = (await buildSitemap(database.db, ORIGIN, null, { perFile: 2 }))!;
    expect(index).toContain("<sitemapindex");
    expect([...entries(index).keys()]).toEqual([
      `${ORIGIN}/sitemap.xml?part=pages`,
      `${ORIGIN}/sitemap.xml?part=profiles-1`,
      `${ORIGIN}/sitemap.xml?part=profiles-2`,
    ]);
    const pages = entries((await buildSitemap(database.db, ORIGIN, "pages", { perFile: 2 }))!);
    expect(pages.has(`${ORIGIN}/browse/FL`)).toBe(true);
    expect([...pages.keys()].some((loc) => loc.includes("/profile/"))).toBe(false);
    const first = entries((await buildSitemap(database.db, ORIGIN, "profiles-1", { perFile: 2 }))!);
    const second = entries((await buildSitemap(database.db, ORIGIN, "profiles-2", { perFile: 2 }))!);
    expect(first.size).toBe(2);
    expect(second.size).toBe(1);
    expect(new Set([...first.keys(), ...second.keys()])).toEqual(
      new Set(["orlando-hero", "la-kids", "tampa-villain"].map((id) => `${ORIGIN}/profile/${id}`)),
    );
    expect(await buildSitemap(database.db, ORIGIN, "profiles-3", { perFile: 2 })).toBeNull();
    expect(await buildSitemap(database.db, ORIGIN, "bogus", { perFile: 2 })).toBeNull();
    // A single-file site has no parts.
    expect(await buildSitemap(database.db, ORIGIN, "pages")).toBeNull();
  });
});
