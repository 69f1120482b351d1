import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_TEXTS } from "~/lib/account-deletion";
import * as deleteAccountRoute from "~/routes/dashboard.delete-account";
import { session, user } from "~/server/db/schema";
import type { AppServices } from "~/server/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, getRequest, postRequest, sessionCookie, testServices } from "./accounts-fixtures";

// /dashboard/delete-account through its route module: the typed word guards the deletion, the
// answer signs the browser out and lands on the page saying it is done.

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
});
afterAll(async () => {
  await database?.close();
});

const PAGE = "/dashboard/delete-account";

describe("/dashboard/delete-account", () => {
  it("sends a signed-out visitor to sign in, and shows the signed-in performer what will go", async () => {
    const signedOut = await call(deleteAccountRoute.loader, getRequest(PAGE), services);
    expect(signedOut.location).toMatch(/^\/signin\?/);

    await createAccount(services, "leaving@example.com");
    const cookie = await sessionCookie(services, "leaving@example.com");
    const page = await call(deleteAccountRoute.loader, getRequest(PAGE, cookie), services);
    expect(page.data).toEqual({ kind: "confirm", email: "leaving@example.com", renewing: false });
    expect(page.headers.get("Cache-Control")).toContain("no-store");
  });

  it("refuses a wrong or missing word next to the field and deletes nothing", async () => {
    const id = await createAccount(services, "unsure@example.com");
    const cookie = await sessionCookie(services, "unsure@example.com");
    for (const typed of ["", "delet", "yes", "DELETE ME"]) {
      const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: typed }, cookie), services);
      expect(answer.status, typed).toBe(400);
      expect(answer.data).toMatchObject({ errors: { confirmation: ACCOUNT_DELETION_TEXTS.wrongConfirmation }, values: { confirmation: typed } });
    }
    expect(await database.db.select().from(user).where(eq(user.id, id))).toHaveLength(1);
  });

  it("deletes with DELETE typed (any case, spaces around), signs out and lands on the done page", async () => {
    const id = await createAccount(services, "bye@example.com");
    const cookie = await sessionCookie(services, "bye@example.com");
    const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "  delete " }, cookie), services);
    expect(answer.location).toBe(`${PAGE}?done=1`);
    // The browser is told to drop its session cookie.
    const cleared = answer.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cleared).toMatch(/session_token=;|Max-Age=0/);
    expect(await database.db.select().from(user).where(eq(user.id, id))).toHaveLength(0);
    expect(await database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);

    const done = await call(deleteAccountRoute.loader, getRequest(`${PAGE}?done=1`, cookie), services);
    expect(done.data).toEqual({ kind: "done" });
    // The old cookie no longer signs anyone in.
    const again = await call(deleteAccountRoute.loader, getRequest(PAGE, cookie), services);
    expect(again.location).toMatch(/^\/signin\?/);
  });
});
