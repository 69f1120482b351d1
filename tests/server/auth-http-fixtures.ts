import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import * as signinRoute from "~/routes/signin";
import { emailOutbox } from "~/server/db/schema";
import { createApp, type AppBuild } from "~/server/http/app.server";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, postRequest, PUBLIC_URL, testServices } from "./accounts-fixtures";

// For the account-abuse tests: the real app server.ts runs (createApp), with the real better-auth
// handler, set to trust one proxy hop, so each test client names its address in X-Forwarded-For the
// way a load balancer would; and the account pages called in-process from a given address.

export interface AuthHttpHarness {
  database: TestDatabase;
  services: AppServices & { clientIp?: string };
  baseUrl: string;
}

/** A test file's own database, services and listening app, made before its tests and closed after. */
export function useAuthHttpApp(): AuthHttpHarness {
  const harness = {} as AuthHttpHarness;
  let server: Server | undefined;
  beforeAll(async () => {
    harness.database = await createTestDatabase();
    harness.services = await testServices(harness.database, { TRUST_PROXY: "1" });
    // Nothing here reaches React Router: its build is never asked for.
    const noBuild: AppBuild = { mode: "development", middleware: (_req, _res, next) => next(), build: () => Promise.reject(new Error("no build")) };
    server = createApp(harness.services, { build: noBuild }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server!.once("listening", resolve));
    harness.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await harness.database?.close();
  });
  return harness;
}

/** A request to better-auth's own endpoint from the client at `address` (optionally with a session cookie). */
export function api(harness: AuthHttpHarness, path: string, address: string, body?: Record<string, unknown>, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { Origin: PUBLIC_URL, "X-Forwarded-For": address };
  if (body) headers["Content-Type"] = "application/json";
  if (cookie) headers.Cookie = cookie;
  return fetch(`${harness.baseUrl}/api/auth${path}`, {
    method: body ? "POST" : "GET",
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** The services as a page's action sees them for a visitor at `address`. */
export function from(harness: AuthHttpHarness, address: string): AppServices & { clientIp?: string } {
  return { ...harness.services, clientIp: address };
}

/** The sign-in page's action, posted by the visitor at `address`. */
export function signInPage(harness: AuthHttpHarness, address: string, email: string, password: string) {
  return call(signinRoute.action, postRequest("/signin", { email, password }), from(harness, address));
}

/** Mail queued for `address` whose subject contains `subject`. */
export function mailsTo(harness: AuthHttpHarness, address: string, subject: string) {
  return harness.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), like(emailOutbox.subject, `%${subject}%`)));
}

/**
 * The limits count in fixed windows (a minute, fifteen minutes) that start again at their end. A
 * sequence of requests that must land in one window waits, before it starts, until at least
 * `needMs` of the current window is left, so it never straddles the end by chance.
 */
export async function awayFromWindowEdge(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

export const MINUTE = 60_000;
export const FIFTEEN_MINUTES = 15 * MINUTE;
