import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { handleError } from "~/entry.server";
import { grantAdmin } from "~/server/auth/accounts.server";
import { loadConfig } from "~/server/platform/config.server";
import { createApp } from "~/server/http/app.server";
import { createLogger } from "~/server/platform/logger.server";
import { createServices, type AppServices } from "~/server/platform/services.server";
import { ensureBuild } from "../helpers/build";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { createAccount, sessionCookie } from "./accounts-fixtures";

// What an operator sees when a page fails: every error goes through the logger (which takes a
// failed query's parameters out, logger.server.ts), nothing is printed beside it, and what a visitor
// typed into an address never makes a page fail in SQL (a NUL byte in the admin search was a 500
// whose query and parameters went to standard error).

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const SECRET_WORD = "zelda-secret-word";

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let server: Server;
let url: string;
let adminCookie: string;
const logLines: string[] = [];

beforeAll(async () => {
  ensureBuild(BUILD_DIR);
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-route-errors-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PAYMENTS: "demo",
    JOBS: "off",
    BETTER_AUTH_SECRET: "route-errors-secret-route-errors-secret",
  });
  const logger = createLogger("info", { write: (line: string) => void logLines.push(line) });
  services = await createServices(config, logger, { ...database, close: async () => undefined });
  await createAccount(services, "errors-admin@example.com");
  await grantAdmin(database.db, "errors-admin@example.com");
  adminCookie = await sessionCookie(services, "errors-admin@example.com");
  const buildDir = path.resolve(BUILD_DIR);
  const build = (await import(path.join(buildDir, "server", "index.js"))) as ServerBuild;
  const app = createApp(services, { build: { mode: "production", build, clientDir: path.join(buildDir, "client") } });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Everything printed while `run` runs, outside the logger: console calls and writes to stdout/stderr. */
async function printedDuring<T>(run: () => Promise<T>): Promise<{ result: T; printed: string[] }> {
  const printed: string[] = [];
  const note = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
  const spies = [
    ...(["log", "info", "warn", "error", "debug", "trace"] as const).map((method) => vi.spyOn(console, method).mockImplementation(note)),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk: unknown) => (note(chunk), true)),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => (note(chunk), true)),
  ];
  try {
    return { result: await run(), printed };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

describe(`errors on pages (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, { timeout: 60_000 }, () => {
  it("answers the admin search with a NUL byte (or another control character) without a 500, printing nothing", async () => {
    const { result, printed } = await printedDuring(async () => {
      const statuses: number[] = [];
      for (const query of ["q=%00", `q=${SECRET_WORD}%00`, "tab=messages&q=%00", "tab=profiles&q=a%07b", "view=%00"]) {
        const response = await fetch(`${url}/admin?${query}`, { headers: { Cookie: adminCookie } });
        await response.text();
        statuses.push(response.status);
      }
      return statuses;
    });
    expect(result).toEqual([200, 200, 200, 200, 200]);
    expect(printed).toEqual([]);
    // Nothing failed: no line above "info" (the access log names each request).
    expect(logLines.map((line) => (JSON.parse(line) as { level: number }).level).filter((level) => level > 30)).toEqual([]);
  });

  it("serves the client folder's own files (the favicon, a hero picture) and leaves every other address to the pages", async () => {
    const favicon = await fetch(`${url}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toContain("image/svg+xml");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    const picture = await fetch(`${url}/images/hero-1.webp`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    // A page address, and a file name the folder does not hold, are answered by the app's pages.
    const page = await fetch(`${url}/about`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const missing = await fetch(`${url}/images/no-such-picture.webp`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("text/html");
  });

  it("answers an address that cannot be decoded with a plain 400 from the app's own error handler, printing nothing", async () => {
    const { result, printed } = await printedDuring(async () => {
      const response = await fetch(`${url}/profile/%E0%A4%A`);
      return { status: response.status, body: await response.text(), cacheControl: response.headers.get("cache-control") };
    });
    expect(result).toEqual({ status: 400, body: "Bad Request", cacheControl: "no-store" });
    expect(printed).toEqual([]);
  });

  it("sends a loader's error through the logger, its query's parameters taken out, and prints nothing", async () => {
    let failure: unknown;
    try {
      await database.db.execute(sql`select ${`${SECRET_WORD}\u0000`}::text as visitor_text`);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(Error);
    logLines.length = 0;
    const request = new Request(`${url}/admin?q=x`);
    const { printed } = await printedDuring(async () =>
      handleError(failure, {
        request,
        params: {},
        context: { ...services, noteError: () => ({ expected: false }) },
      } as unknown as Parameters<typeof handleError>[1]),
    );
    expect(printed).toEqual([]);
    expect(logLines).toHaveLength(1);
    const line = JSON.parse(logLines[0]) as { level: number; err?: { message?: string }; url?: string };
    expect(line.level).toBe(50);
    expect(line.err?.message).toContain("visitor_text");
    expect(logLines[0]).not.toContain(SECRET_WORD);
  });
});
