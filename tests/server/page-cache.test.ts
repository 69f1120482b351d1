import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grantAdmin } from "~/server/auth/accounts.server";
import { loadConfig } from "~/server/platform/config.server";
import { profiles } from "~/server/db/schema";
import { createApp } from "~/server/http/app.server";
import { createServices, type AppServices } from "~/server/platform/services.server";
import { ensureBuild } from "../helpers/build";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { createAccount, sessionCookie } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// The per-process page cache (page-cache.server.ts) in front of the real production build: what it
// keeps, for how long, what it never keeps, and that each visitor's copy runs under their own nonce.

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const TTL_SECONDS = 2;

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let server: Server;
let url: string;
let performer: string;
let appBuild: ServerBuild;

beforeAll(async () => {
  ensureBuild(BUILD_DIR);
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-page-cache-"));
  const config = loadConfig({ DATA_DIR: dataDir, PAGE_CACHE_SECONDS: String(TTL_SECONDS), PAYMENTS: "demo" });
  services = await createServices(config, pino({ level: "silent" }), { ...database, close: async () => undefined });
  const buildDir = path.resolve(BUILD_DIR);
  appBuild = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;
  const app = createApp(services, { build: { mode: "production", build: appBuild, clientDir: path.join(buildDir, "client") } });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  performer = await addPerformer(database.db, { displayName: "Captain Cached", state: "FL", city: "Orlando" });
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function rename(displayName: string) {
  await database.db.update(profiles).set({ displayName }).where(eq(profiles.id, performer));
}

async function page(pathAndQuery: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${pathAndQuery}`, { headers });
  return { response, html: await response.text() };
}

function scriptNonces(html: string): Set<string> {
  return new Set([...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((match) => match[1]));
}

/**
 * The same app keeping its pages for five minutes, on a port of its own: what it serves from memory
 * changes only through what the test does, never because a slow moment let a copy expire.
 */
async function patientApp() {
  const app = createApp(
    { ...services, config: { ...services.config, pageCacheSeconds: 300 } },
    { build: { mode: "production", build: appBuild, clientDir: path.join(path.resolve(BUILD_DIR), "client") } },
  );
  const listening = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  return {
    url: base,
    async page(pathAndQuery: string, headers: Record<string, string> = {}) {
      const response = await fetch(`${base}${pathAndQuery}`, { headers });
      return { response, html: await response.text() };
    },
    close: () => new Promise((resolve) => listening.close(resolve)),
  };
}

async function cacheCounts(): Promise<Record<string, number>> {
  const { body } = await services.metrics.exposition();
  const counts: Record<string, number> = {};
  for (const match of body.matchAll(/^costumecast_page_cache_requests_total\{result="(\w+)"\} (\d+)$/gm)) counts[match[1]] = Number(match[2]);
  return counts;
}

describe(`the page cache (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, { timeout: 60_000 }, () => {
  it("serves an anonymous page from memory until its time is up, each copy under its own response's nonce", async () => {
    const first = await page(`/profile/${performer}`);
    expect(first.html).toContain("Captain Cached");
    await rename("Captain Renamed");

    const second = await page(`/profile/${performer}`);
    expect(second.response.status).toBe(200);
    expect(second.html).toContain("Captain Cached");
    // The copy says so (benchmarks count such answers apart); the render does not.
    expect(first.response.headers.get("x-page-cache")).toBeNull();
    expect(second.response.headers.get("x-page-cache")).toBe("hit");
    for (const answer of [first, second]) {
      const nonces = scriptNonces(answer.html);
      expect(nonces.size).toBe(1);
      const [nonce] = [...nonces];
      expect(answer.response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    }
    expect([...scriptNonces(first.html)]).not.toEqual([...scriptNonces(second.html)]);

    // A visitor who holds the page gets a 304 from the kept copy, with no policy to upset it.
    const etag = second.response.headers.get("etag");
    expect(etag).toBeTruthy();
    const revalidated = await fetch(`${url}/profile/${performer}`, { headers: { "If-None-Match": etag! } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(revalidated.headers.get("x-page-cache")).toBe("hit");

    await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 100));
    const renderedAgain = await page(`/profile/${performer}`);
    expect(renderedAgain.html).toContain("Captain Renamed");
    expect(renderedAgain.response.headers.get("x-page-cache")).toBeNull();
  });

  it("keeps the words-only pages too (about, FAQ, terms) for anonymous visitors", async () => {
    const first = await page("/faq");
    expect(first.response.headers.get("cache-control")).toMatch(/^public/);
    const before = await cacheCounts();
    expect((await page("/faq")).response.status).toBe(200);
    expect(((await cacheCounts()).hit ?? 0) - (before.hit ?? 0)).toBe(1);
  });

  it("renders a page once for visitors asking at the same moment", async () => {
    const before = await cacheCounts();
    const answers = await Promise.all(Array.from({ length: 8 }, () => page("/browse/FL?city=Orlando")));
    for (const answer of answers) {
      expect(answer.response.status).toBe(200);
      expect(answer.html).toContain("Orlando");
    }
    const after = await cacheCounts();
    expect((after.miss ?? 0) - (before.miss ?? 0)).toBe(1);
    expect((after.hit ?? 0) - (before.hit ?? 0)).toBe(7);
    // Those who waited for the one render are answered from its copy, and marked as such.
    expect(answers.filter((answer) => answer.response.headers.get("x-page-cache") === "hit")).toHaveLength(7);
  });

  it("never keeps a signed-in visitor's page, nor forgets the kept ones when someone signs out", async () => {
    const patient = await patientApp();
    try {
      await createAccount(services, "cache-visitor@example.com");
      const cookie = await sessionCookie(services, "cache-visitor@example.com");
      await rename("Captain Cached");
      expect((await patient.page(`/profile/${performer}`)).html).toContain("Captain Cached");
      await rename("Captain Posted");

      // Signed in: rendered for this visitor, never from the kept copy.
      const signedIn = await patient.page(`/profile/${performer}`, { Cookie: cookie });
      expect(signedIn.html).toContain("Captain Posted");
      expect(signedIn.response.headers.get("cache-control")).toContain("private");
      expect((await patient.page(`/profile/${performer}`)).html).toContain("Captain Cached");

      // Signing out changes no public page, so the kept copy stays.
      await fetch(`${patient.url}/signout`, { method: "POST", headers: { Cookie: cookie, Origin: patient.url }, redirect: "manual" });
      expect((await patient.page(`/profile/${performer}`)).html).toContain("Captain Cached");
    } finally {
      await patient.close();
    }
  });

  it("keeps its pages through refused posts (cross-site, too large, invalid, signed out), and forgets them after a write that went through", async () => {
    const patient = await patientApp();
    const base = patient.url;
    const profile = async () => {
      const { response, html } = await patient.page(`/profile/${performer}`);
      return { status: response.status, html };
    };
    const post = async (pathname: string, body: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${base}${pathname}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, ...headers },
        body,
        redirect: "manual",
      });
      await response.arrayBuffer();
      return response.status;
    };
    try {
      await rename("Captain Kept");
      await createAccount(services, "cache-admin@example.com");
      await grantAdmin(database.db, "cache-admin@example.com");
      const admin = await sessionCookie(services, "cache-admin@example.com");
      expect((await profile()).html).toContain("Captain Kept");
      await rename("Captain Changed");

      const deactivate = new URLSearchParams({ intent: "set-active", id: performer, active: "false", confirmed: "yes", reason: "a test" }).toString();
      const refused = [
        // Another site's form, for the admin's own session.
        await post("/admin", deactivate, { Origin: "https://elsewhere.example", Cookie: admin }),
        await post("/dashboard/edit-profile", "displayName=x", { Origin: "https://elsewhere.example" }),
        // Past the body limit.
        await post("/free-listing", `bio=${"x".repeat(80 * 1024)}`),
        // The form's own rules.
        await post("/free-listing", new URLSearchParams({ fullName: "", email: "not-an-address" }).toString()),
        await post("/admin", new URLSearchParams({ intent: "approve", id: "x", notes: "n".repeat(5000) }).toString(), { Cookie: admin }),
        // No session, or no admin.
        await post("/admin", deactivate),
        await post("/dashboard/edit-profile", "displayName=x"),
        await post("/dashboard/manage-images/upload", ""),
      ];
      expect(refused.slice(0, 5)).toEqual([403, 403, 413, 400, 400]);
      const before = await cacheCounts();
      const kept = await profile();
      expect(kept.html).toContain("Captain Kept");
      expect(((await cacheCounts()).hit ?? 0) - (before.hit ?? 0)).toBe(1);

      // The admin's write goes through: the profile leaves the directory at once, then comes back
      // with its new name.
      expect(await post("/admin", deactivate, { Cookie: admin })).toBe(302);
      expect((await profile()).status).toBe(404);
      const reactivate = new URLSearchParams({ intent: "set-active", id: performer, active: "true" }).toString();
      expect(await post("/admin", reactivate, { Cookie: admin })).toBe(302);
      expect((await profile()).html).toContain("Captain Changed");
    } finally {
      await patient.close();
    }
  });

  it("does not keep answers that are not a shared-cacheable 200", async () => {
    const before = await cacheCounts();
    expect((await page("/profile/no-such-performer")).response.status).toBe(404);
    // Known not to be keepable: visitors asking at once are each answered, none waits on another.
    const answers = await Promise.all(Array.from({ length: 6 }, () => page("/profile/no-such-performer")));
    expect(answers.map((answer) => answer.response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    const after = await cacheCounts();
    expect((after.hit ?? 0) - (before.hit ?? 0)).toBe(0);
    expect((after.bypass ?? 0) - (before.bypass ?? 0)).toBe(7);
  });
});
