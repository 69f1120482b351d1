import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as adminRoute from "~/routes/admin";
import * as dashboardRoute from "~/routes/dashboard";
import * as calendarRoute from "~/routes/dashboard.calendar";
import * as subscriptionRoute from "~/routes/dashboard.subscription";
import * as safetyRoute from "~/routes/safety-first";
import { grantAdmin } from "~/server/auth/accounts.server";
import { contactMessages, profiles, session } from "~/server/db/schema";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { call, createAccount, getRequest, postRequest, sessionCookie, testServices } from "./accounts-fixtures";

let database: TestDatabase;
let services: AppServices;
let performerCookie: string;
let performerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  performerId = await createAccount(services, "performer@example.com");
  performerCookie = await sessionCookie(services, "performer@example.com");
});
afterAll(async () => {
  await database?.close();
});

const PAGES: { name: string; loader: (args: never) => unknown; path: string }[] = [
  { name: "dashboard", loader: dashboardRoute.loader, path: "/dashboard?page=2" },
  { name: "subscription", loader: subscriptionRoute.loader, path: "/dashboard/subscription" },
  { name: "calendar", loader: calendarRoute.loader, path: "/dashboard/calendar?month=2030-12" },
  { name: "safety-first", loader: safetyRoute.loader, path: "/safety-first" },
  { name: "admin", loader: adminRoute.loader, path: "/admin" },
];

describe(`guards (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it.each(PAGES)("$name sends a signed-out visitor to /signin, carrying the way back", async ({ loader, path }) => {
    const answer = await call(loader, getRequest(path), services);
    expect(answer.status).toBe(302);
    const location = new URL(answer.location!, "http://x");
    expect(location.pathname).toBe("/signin");
    expect(location.searchParams.get("redirectTo")).toBe(path);
  });

  it("subscription's redirect carries the spec's notice", async () => {
    const answer = await call(subscriptionRoute.loader, getRequest("/dashboard/subscription"), services);
    expect(new URL(answer.location!, "http://x").searchParams.get("message")).toBe(
      "Please sign in to continue with your subscription.",
    );
  });

  it("a forged or expired session cookie counts as signed out", async () => {
    const forged = await call(dashboardRoute.loader, getRequest("/dashboard", "better-auth.session_token=forged.value"), services);
    expect(forged.location).toMatch(/^\/signin\?/);

    const id = await createAccount(services, "expired@example.com");
    const cookie = await sessionCookie(services, "expired@example.com");
    await database.db.update(session).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(session.userId, id));
    const expired = await call(dashboardRoute.loader, getRequest("/dashboard", cookie), services);
    expect(expired.location).toMatch(/^\/signin\?/);
  });

  it("a signed-out POST to the dashboard changes nothing", async () => {
    await database.db.insert(profiles).values({ id: performerId }).onConflictDoNothing();
    const [row] = await database.db
      .insert(contactMessages)
      .values({
        profileId: performerId,
        senderName: "Pat",
        senderEmail: "pat@example.com",
        phoneNumber: "555-0100",
        city: "Austin",
        state: "TX",
        zip: "73301",
        message: "Hello",
      })
      .returning();
    const attempts: Record<string, string>[] = [
      { intent: "mark-read", id: row.id },
      { intent: "delete", id: row.id, confirmed: "yes" },
    ];
    for (const fields of attempts) {
      const answer = await call(dashboardRoute.action, postRequest("/dashboard", fields), services);
      expect(answer.location).toMatch(/^\/signin\?/);
    }
    const [after] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, row.id));
    expect(after).toMatchObject({ isRead: false });
  });

  it("lets a signed-in performer into the performer pages", async () => {
    for (const { loader, path } of PAGES.filter((p) => p.name !== "admin")) {
      const answer = await call(loader, getRequest(path, performerCookie), services);
      expect(answer.status, path).toBe(200);
    }
  });

  it("sends a signed-in non-admin away from /admin to /, and lets an admin in", async () => {
    const refused = await call(adminRoute.loader, getRequest("/admin", performerCookie), services);
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/");

    await createAccount(services, "boss@example.com");
    const bossCookie = await sessionCookie(services, "boss@example.com");
    expect((await call(adminRoute.loader, getRequest("/admin", bossCookie), services)).location).toBe("/");
    expect(await grantAdmin(database.db, "BOSS@example.com")).toBe("granted");
    const allowed = await call(adminRoute.loader, getRequest("/admin", bossCookie), services);
    expect(allowed.status).toBe(200);

    const dashboard = await call(dashboardRoute.loader, getRequest("/dashboard", bossCookie), services);
    expect((dashboard.data as { user: { isAdmin: boolean } }).user.isAdmin).toBe(true);
    const performerDashboard = await call(dashboardRoute.loader, getRequest("/dashboard", performerCookie), services);
    expect((performerDashboard.data as { user: { isAdmin: boolean } }).user.isAdmin).toBe(false);
  });
});
