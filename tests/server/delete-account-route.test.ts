import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_TEXTS } from "~/lib/account-deletion";
import * as deleteAccountRoute from "~/routes/dashboard.delete-account";
import { session, user } from "~/server/db/schema";
import { call, createAccount, getRequest, postRequest, sessionCookie, useTestServices } from "./accounts-fixtures";

// /dashboard/delete-account through its route module: the typed word guards the deletion, the
// answer signs the browser out and lands on the page saying it is done.

const harness = useTestServices();

const PAGE = "/dashboard/delete-account";

describe("/dashboard/delete-account", () => {
  it("sends a signed-out visitor to sign in, and shows the signed-in performer what will go", async () => {
    const signedOut = await call(deleteAccountRoute.loader, getRequest(PAGE), harness.services);
    expect(signedOut.location).toMatch(/^\/signin\?/);

    await createAccount(harness.services, "leaving@example.com");
    const cookie = await sessionCookie(harness.services, "leaving@example.com");
    const page = await call(deleteAccountRoute.loader, getRequest(PAGE, cookie), harness.services);
    expect(page.data).toEqual({ kind: "confirm", email: "leaving@example.com", renewing: false });
    expect(page.headers.get("Cache-Control")).toContain("no-store");
  });

  it("refuses a wrong or missing word next to the field and deletes nothing", async () => {
    const id = await createAccount(harness.services, "unsure@example.com");
    const cookie = await sessionCookie(harness.services, "unsure@example.com");
    for (const typed of ["", "delet", "yes", "DELETE ME"]) {
      const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: typed }, cookie), harness.services);
      expect(answer.status, typed).toBe(400);
      expect(answer.data).toMatchObject({ errors: { confirmation: ACCOUNT_DELETION_TEXTS.wrongConfirmation }, values: { confirmation: typed } });
    }
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toHaveLength(1);
  });

  it("deletes with DELETE typed (any case, spaces around), signs out and lands on the done page", async () => {
    const id = await createAccount(harness.services, "bye@example.com");
    const cookie = await sessionCookie(harness.services, "bye@example.com");
    const answer = await call(deleteAccountRoute.action, postRequest(PAGE, { confirmation: "  delete " }, cookie), harness.services);
    expect(answer.location).toBe(`${PAGE}?done=1`);
    // The browser is told to drop its session cookie.
    const cleared = answer.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cleared).toMatch(/session_token=;|Max-Age=0/);
    expect(await harness.database.db.select().from(user).where(eq(user.id, id))).toHaveLength(0);
    expect(await harness.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);

    const done = await call(deleteAccountRoute.loader, getRequest(`${PAGE}?done=1`, cookie), harness.services);
    expect(done.data).toEqual({ kind: "done" });
    // The old cookie no longer signs anyone in.
    const again = await call(deleteAccountRoute.loader, getRequest(PAGE, cookie), harness.services);
    expect(again.location).toMatch(/^\/signin\?/);
  });
});
