import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.server";
import { createApp } from "~/server/http/app.server";
import { createServices, type AppServices } from "~/server/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// The Express app server.ts serves, mounted in the test process (server-process.test.ts runs the real entry point).

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let shuttingDown = false;
let server: Server;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-http-app-"));
  fs.mkdirSync(path.join(dataDir, "media", "user-1"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "media", "user-1", "photo.webp"), "RIFF....WEBPVP8 image");
  services = await createServices(loadConfig({ DATA_DIR: dataDir }), pino({ level: "silent" }), {
    ...database,
    close: async () => undefined,
  });
  const app = createApp(services, {
    // Nothing here reaches React Router: its build is never asked for.
    build: { mode: "development", middleware: (_req, _res, next) => next(), build: () => Promise.reject(new Error("no build")) },
    isShuttingDown: () => shuttingDown,
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("createApp", () => {
  it("answers /healthz with the database's state and sends the security headers", async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: services.database.driver });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("serves uploaded media from the local storage", async () => {
    const response = await fetch(`${url}/media/user-1/photo.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("RIFF....WEBPVP8 image");
  });

  it("hands /api/auth to better-auth", async () => {
    const response = await fetch(`${url}/api/auth/ok`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("turns /healthz red and closes connections once shutdown has begun", async () => {
    shuttingDown = true;
    try {
      const response = await fetch(`${url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "shutting down" });
      expect(response.headers.get("connection")).toBe("close");
    } finally {
      shuttingDown = false;
    }
  });
});
