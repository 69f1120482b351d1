import { and, asc, count, eq, max, sql } from "drizzle-orm";
import { browseHref, categoryHref } from "~/lib/directory-params";
import type { Executor } from "../db/client.server";
import { profileCategories, profiles } from "../db/schema";
import { publicProfileCondition, todayIso } from "./visibility.server";

// /sitemap.xml: the static pages, every state, city and category page that has public performers,
// and every public profile with its last change. Past the sitemap protocol's 50,000 URLs per file
// it becomes an index of smaller files (?part=pages, ?part=profiles-1, ...).

export const STATIC_PATHS = [
  "/",
  "/browse",
  "/categories",
  "/search",
  "/free-listing",
  "/about",
  "/guidelines",
  "/faq",
  "/contact",
  "/signup",
  "/terms",
  "/privacy",
] as const;

/** Profiles per file once the site outgrows a single sitemap (the protocol allows 50,000 URLs). */
const PROFILES_PER_FILE = 40_000;

export interface SitemapUrl {
  path: string;
  lastmod?: Date | null;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function lastmodTag(date: Date | null | undefined): string {
  return date ? `<lastmod>${new Date(date).toISOString()}</lastmod>` : "";
}

function urlsetXml(origin: string, urls: SitemapUrl[]): string {
  const body = urls.map((u) => `<url><loc>${escapeXml(origin + u.path)}</loc>${lastmodTag(u.lastmod)}</url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

function sitemapIndexXml(origin: string, parts: SitemapUrl[]): string {
  const body = parts.map((p) => `<sitemap><loc>${escapeXml(origin + p.path)}</loc>${lastmodTag(p.lastmod)}</sitemap>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The static pages plus every state, city and category page that lists at least one public performer. */
async function directoryPageUrls(db: Executor, today: string = todayIso()): Promise<SitemapUrl[]> {
  const visible = publicProfileCondition(today);
  const states = await db
    .select({ state: profiles.state, lastmod: max(profiles.updatedAt) })
    .from(profiles)
    .where(and(visible, sql`${profiles.state} is not null`))
    .groupBy(profiles.state)
    .orderBy(asc(profiles.state));
  const cities = await db
    .select({ state: profiles.state, city: profiles.city, lastmod: max(profiles.updatedAt) })
    .from(profiles)
    .where(and(visible, sql`${profiles.state} is not null and ${profiles.city} is not null`))
    .groupBy(profiles.state, profiles.city)
    .orderBy(asc(profiles.state), asc(profiles.city));
  const categories = await db
    .select({ category: profileCategories.category, lastmod: max(profiles.updatedAt) })
    .from(profileCategories)
    .innerJoin(profiles, eq(profiles.id, profileCategories.profileId))
    .where(visible)
    .groupBy(profileCategories.category)
    .orderBy(asc(profileCategories.category));
  return [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...states.map((s) => ({ path: browseHref({ state: s.state }), lastmod: toDate(s.lastmod) })),
    ...cities.map((c) => ({ path: browseHref({ state: c.state, city: c.city }), lastmod: toDate(c.lastmod) })),
    ...categories.map((c) => ({ path: categoryHref(c.category), lastmod: toDate(c.lastmod) })),
  ];
}

async function publicProfileCount(db: Executor, today: string = todayIso()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(profiles).where(publicProfileCondition(today));
  return Number(row?.n ?? 0);
}

/** Public profile pages, oldest listing first, one file's worth at a time. */
async function profileUrls(
  db: Executor,
  options: { offset?: number; limit?: number; today?: string } = {},
): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ id: profiles.id, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(publicProfileCondition(options.today ?? todayIso()))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(options.limit ?? PROFILES_PER_FILE)
    .offset(options.offset ?? 0);
  return rows.map((r) => ({ path: `/profile/${encodeURIComponent(r.id)}`, lastmod: r.updatedAt }));
}

/**
 * The XML for /sitemap.xml (part null) or one of its parts; null for a part that does not exist.
 * `perFile` is only lowered by tests.
 */
export async function buildSitemap(
  db: Executor,
  origin: string,
  part: string | null,
  options: { perFile?: number; today?: string } = {},
): Promise<string | null> {
  const perFile = options.perFile ?? PROFILES_PER_FILE;
  const today = options.today ?? todayIso();
  const total = await publicProfileCount(db, today);
  const files = Math.ceil(total / perFile);
  if (part === null) {
    if (files <= 1) {
      return urlsetXml(origin, [...(await directoryPageUrls(db, today)), ...(await profileUrls(db, { today, limit: perFile }))]);
    }
    const parts: SitemapUrl[] = [{ path: "/sitemap.xml?part=pages" }];
    for (let i = 1; i <= files; i++) parts.push({ path: `/sitemap.xml?part=profiles-${i}` });
    return sitemapIndexXml(origin, parts);
  }
  if (files <= 1) return null;
  if (part === "pages") return urlsetXml(origin, await directoryPageUrls(db, today));
  const match = /^profiles-(\d{1,6})$/.exec(part);
  const n = match ? Number(match[1]) : 0;
  if (n < 1 || n > files) return null;
  return urlsetXml(origin, await profileUrls(db, { today, offset: (n - 1) * perFile, limit: perFile }));
}
