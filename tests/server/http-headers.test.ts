import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import express from "express";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { createPglite, openDatabase } from "~/server/db/client.server";
import { isDatabaseUnavailable, outageResponse } from "~/server/http/outage.server";
import { cspNonce, securityHeaders } from "~/server/http/security.server";
import { freePort } from "../helpers/free-port";

// The security headers as each configuration makes them, over real HTTP from a small Express app,
// and the outage test against the errors real drivers throw when the database is gone.

const servers: Server[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function headersFor(env: Record<string, string>, options = { development: false }): Promise<Headers> {
  const app = express();
  app.use(securityHeaders(loadConfig(env), options));
  app.get("/", (_req, res) => {
    res.type("text/html").send(`<script nonce="${cspNonce(res)}"></script>`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const body = await response.text();
  const nonce = /nonce="([^"]+)"/.exec(body)?.[1] ?? "";
  if (!options.development) expect(response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
  return response.headers;
}

describe("security headers", () => {
  it("sends HSTS and upgrades insecure requests only when the site is served over https", async () => {
    const https = await headersFor({ PUBLIC_URL: "https://costumecast.example" });
    expect(https.get("strict-transport-security")).toBe("max-age=31536000");
    expect(https.get("content-security-policy")).toContain("upgrade-insecure-requests");
    const http = await headersFor({ PUBLIC_URL: "http://localhost:3000" });
    expect(http.get("strict-transport-security")).toBeNull();
    expect(http.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });

  it("allows images from the S3 bucket or CDN when uploads live there", async () => {
    const cdn = await headersFor({ STORAGE_DRIVER: "s3", S3_BUCKET: "media", S3_PUBLIC_URL: "https://cdn.costumecast.example/media" });
    expect(cdn.get("content-security-policy")).toContain("img-src 'self' data: https://cdn.costumecast.example;");
    const local = await headersFor({});
    expect(local.get("content-security-policy")).toContain("img-src 'self' data:;");
  });

  it("lets forms lead to Stripe's checkout and billing pages only when Stripe is configured", async () => {
    const stripe = {
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_ID: "price_1",
    };
    const live = await headersFor(stripe);
    expect(live.get("content-security-policy")).toContain(
      "form-action 'self' https://checkout.stripe.com https://billing.stripe.com;",
    );
    // The loopback sandbox serves its own checkout page.
    const sandbox = await headersFor({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:12111" });
    expect(sandbox.get("content-security-policy")).toContain("https://billing.stripe.com http://127.0.0.1:12111;");
    const demo = await headersFor({});
    expect(demo.get("content-security-policy")).toContain("form-action 'self';");
  });

  it("relaxes only the script and connection rules for Vite's dev server", async () => {
    const dev = await headersFor({}, { development: true });
    const policy = dev.get("content-security-policy") ?? "";
    expect(policy).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'");
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("nonce-");
  });
});

describe("isDatabaseUnavailable", () => {
  it("recognises a closed PGlite and a PostgreSQL nobody answers for, through Drizzle's wrapper", async () => {
    const closed = await openDatabase({ pglite: await createPglite() });
    await closed.close();
    const pgliteError = await closed.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(pgliteError)).toBe(true);

    const nobody = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/none`, max: 1 });
    const refused = await drizzle(nobody).execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    await nobody.end();
    const ended = await drizzle(nobody).execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseUnavailable(ended)).toBe(true);
  });

  it("leaves a query's own mistakes to be 500s", async () => {
    const database = await openDatabase({ pglite: await createPglite() });
    try {
      const syntax = await database.db.execute(sql`selec 1`).catch((error: unknown) => error);
      expect(syntax).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(syntax)).toBe(false);
      const badCast = await database.db.execute(sql`select 'x'::int`).catch((error: unknown) => error);
      expect(isDatabaseUnavailable(badCast)).toBe(false);
      expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    } finally {
      await database.close();
    }
  });

  it("knows PostgreSQL's own 'not now' codes", () => {
    const shutdown = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
    const starting = Object.assign(new Error("the database system is starting up"), { code: "57P03" });
    const uniqueViolation = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(starting)).toBe(true);
    expect(isDatabaseUnavailable(uniqueViolation)).toBe(false);
  });
});

describe("the outage page's words", () => {
  it("uses the spec's words for the lists of performers, on the page and its data request alike", async () => {
    const heading = async (path: string) => (await outageResponse(path).text()).match(/<h1>(.*)<\/h1>/)?.[1];
    expect(await heading("/")).toBe("Failed to fetch profiles");
    expect(await heading("/_root.data")).toBe("Failed to fetch profiles");
    for (const path of ["/browse", "/browse/TX", "/browse/TX.data", "/categories/Hero", "/search"]) {
      expect(await heading(path), path).toBe("Failed to load profiles");
    }
    expect(await heading("/profile/abc")).toBe("We&#39;ll be right back");
    expect(await heading("/browser-extension")).toBe("We&#39;ll be right back");
    const answer = outageResponse("/browse");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("30");
  });
});
