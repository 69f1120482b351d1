import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import {
  adminAuditLog,
  emailOutbox,
  freeListingGrants,
  freeListingProgram,
  freeListingRequests,
  rateLimitHits,
  user,
  type contactMessages,
} from "~/server/db/schema";
import { createLogger } from "~/server/platform/logger.server";
import { createServices, type AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";

// Shared by the account, guard and inbox tests: real services on a test database, and a way to call
// route loaders/actions exactly as React Router does and read what they answered.

export const PUBLIC_URL = "http://localhost:5173";

export async function testServices(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<AppServices & { clientIp?: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-accounts-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-42",
    LOG_LEVEL: "silent",
    JOBS: "off",
    ...env,
  });
  return createServices(config, createLogger("silent"), database);
}

export interface TestServicesHarness {
  database: TestDatabase;
  services: AppServices & { clientIp?: string };
}

/** A test file's own database and services, made before its tests and closed after them. */
export function useTestServices(): TestServicesHarness {
  const harness = {} as TestServicesHarness;
  beforeAll(async () => {
    harness.database = await createTestDatabase();
    harness.services = await testServices(harness.database);
  });
  afterAll(async () => {
    await harness.database?.close();
  });
  return harness;
}

/**
 * A free-listing test file's harness (useTestServices, visiting from `clientIp`), with every account,
 * application, grant and the program's counter, and what they left (audit rows, mail, rate-limit
 * marks), removed before each test: each test starts with the program open and nobody signed up.
 */
export function useFreeListingServices(clientIp: string): TestServicesHarness {
  const harness = useTestServices();
  beforeAll(() => {
    harness.services.clientIp = clientIp;
  });
  beforeEach(async () => {
    const { db } = harness.database;
    await db.delete(freeListingGrants);
    await db.delete(freeListingRequests);
    await db.delete(freeListingProgram);
    await db.delete(adminAuditLog);
    await db.delete(emailOutbox);
    await db.delete(rateLimitHits);
    await db.delete(user);
  });
  return harness;
}

/** A parent's inquiry to `profileId`, as a contact_messages row to insert. */
export function parentInquiry(
  profileId: string,
  fields: Partial<typeof contactMessages.$inferInsert> = {},
): typeof contactMessages.$inferInsert {
  return {
    profileId,
    senderName: "Paula Parent",
    senderEmail: "paula@example.com",
    phoneNumber: "512-555-0100",
    city: "Austin",
    state: "TX",
    zip: "78701",
    message: "Can you come to a birthday party?",
    eventType: ["Birthday Party"],
    ...fields,
  };
}

export interface Answer {
  status: number;
  /** Redirect target (Location), when the answer was a redirect. */
  location: string | null;
  headers: Headers;
  data: unknown;
}

interface DataWithInit {
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && "data" in value && "init" in value;
}

/** Runs a loader or action; thrown redirects and error responses are answers like any other. */
export async function call<A>(
  fn: (args: A) => unknown,
  request: Request,
  context: AppServices & { clientIp?: string },
  params: Record<string, string> = {},
): Promise<Answer> {
  let result: unknown;
  try {
    result = await fn({ request, context, params } as unknown as A);
  } catch (thrown) {
    result = thrown;
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    return { status: result.status, location: result.headers.get("Location"), headers: result.headers, data: text };
  }
  if (isDataWithInit(result)) {
    return {
      status: result.init?.status ?? 200,
      location: null,
      headers: new Headers(result.init?.headers),
      data: result.data,
    };
  }
  return { status: 200, location: null, headers: new Headers(), data: result };
}

export function getRequest(pathAndQuery: string, cookie?: string): Request {
  return new Request(`${PUBLIC_URL}${pathAndQuery}`, { headers: cookie ? { Cookie: cookie } : {} });
}

export function postRequest(pathAndQuery: string, fields: Record<string, string>, cookie?: string): Request {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${PUBLIC_URL}${pathAndQuery}`, { method: "POST", headers, body: new URLSearchParams(fields) });
}

/** The `name=value` pairs a browser would send back after these Set-Cookie headers. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * Signs up through better-auth. The account counts as confirmed (as if its owner had followed the
 * link) unless `confirmed: false`: most tests are about what a real performer does next.
 */
export async function createAccount(
  services: AppServices,
  email: string,
  password = "correct-horse",
  options: { confirmed?: boolean } = {},
): Promise<string> {
  const result = await services.auth.api.signUpEmail({ body: { email, password, name: "" } });
  if (options.confirmed !== false) {
    await services.db.update(user).set({ emailVerified: true }).where(eq(user.id, result.user.id));
  }
  return result.user.id;
}

export async function sessionCookie(services: AppServices, email: string, password = "correct-horse"): Promise<string> {
  const result = await services.auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  return cookieFrom(result.headers);
}
