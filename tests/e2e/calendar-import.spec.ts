import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import type { Page } from "@playwright/test";
import { openDatabase } from "~/server/db/client.server";
import { account, profiles, user } from "~/server/db/schema";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { freePort } from "../helpers/free-port";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

// The iCal import on a phone (issue 26). The shared e2e server reads no feed on this machine (the
// fetcher refuses loopback), so this journey runs a demo-mode server of its own, as `npm run demo`
// does, whose /demo/calendar/<id>.ics stands in for a Google calendar and is read over loopback.

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = "import-calendar-123";
const AXE = { exclude: ["[data-sonner-toaster]"] };
const PERFORMERS = [
  { id: "e2e-import-first", email: "import-first@example.com" },
  { id: "e2e-import-retry", email: "import-retry@example.com" },
];

test("the demo's stand-in feed does not exist outside demo mode", async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/demo/calendar/e2e-import-first.ics`);
  expect(response.status()).toBe(404);
});

test.describe("on a demo-mode server", () => {
  let demo: RunningServer;
  let root: string;

  test.beforeAll(async () => {
    // A fresh server migrates its database first: on a loaded two-core machine that took two minutes.
    test.setTimeout(300_000);
    root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-ical-"));
    const dataDir = path.join(root, "data");
    const port = await freePort();
    const database = await openDatabase({ dataDir });
    const hash = await hashPassword(PASSWORD);
    for (const { id, email } of PERFORMERS) {
      await database.db.insert(user).values({ id, email, name: "", emailVerified: true });
      await database.db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password: hash });
      await database.db.insert(profiles).values({ id, displayName: "Sparkle Princess", state: "CA", city: "Los Angeles", contactEmail: email });
    }
    await database.close();
    demo = await startAppServer(
      {
        NODE_ENV: "production",
        DEMO_MODE: "true",
        PAYMENTS: "demo",
        BETTER_AUTH_SECRET: "ical-import-secret-ical-import-secret-0123",
        DATA_DIR: dataDir,
        PORT: String(port),
        SMTP_URL: "",
        LOG_LEVEL: "warn",
      },
      { timeoutMs: 240_000 },
    );
  });

  test.afterAll(async () => {
    await demo?.stop();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  async function signIn(page: Page, email: string) {
    await page.goto(`${demo.url}/signin?redirectTo=${encodeURIComponent("/dashboard/calendar")}`);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel(/^Password/).fill(PASSWORD);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard\/calendar$/);
  }

  test("a performer pastes their calendar's address and sees its busy days imported, or why it could not be read", async ({ page }) => {
    const performer = PERFORMERS[Math.min(test.info().retry, 1)];
    await signIn(page, performer.email);
    const section = page.locator("section").filter({ has: page.getByRole("heading", { name: "Import a calendar" }) });
    await expect(section).toBeVisible();
    await waitForHydration(page);
    await expectAccessible(page, AXE);

    // Not an address: refused beside the field, nothing saved.
    const field = section.getByRole("textbox", { name: /^Calendar address/ });
    await field.fill("ftp://calendar.example.com/bookings.ics");
    await section.getByRole("button", { name: "Import calendar" }).click();
    await expect(section.getByText("This is not a calendar address: it must start with https://, http:// or webcal://")).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");

    // An address that answers 404: saved, and the reason is shown in plain words.
    await field.fill(`${demo.url}/demo/calendar/no-such-calendar.txt`);
    await section.getByRole("button", { name: "Import calendar" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "We could not read this calendar: the address was not found (error 404)" })).toBeVisible();
    await expect(section.getByRole("alert").filter({ hasText: "We could not read this calendar: the address was not found (error 404)" })).toBeVisible();

    // The demo's own feed: read at once, its busy days counted.
    await section.getByRole("textbox", { name: /^Calendar address/ }).fill(`${demo.url}/demo/calendar/${performer.id}.ics`);
    await section.getByRole("button", { name: "Save and read now" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: /^Calendar imported: \d+ busy days imported/ })).toBeVisible();
    const status = section.getByTestId("calendar-import-status");
    await expect(status).toHaveText(/^Last read \w{3} \d{1,2}, \d{1,2}:\d{2} [AP]M: \d+ busy days imported$/);
    const count = Number(/: (\d+) busy days/.exec((await status.textContent()) ?? "")?.[1]);
    // The feed holds four busy events over at least 6 days (free and cancelled ones are not counted).
    expect(count).toBeGreaterThanOrEqual(6);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, AXE);

    await section.getByRole("button", { name: "Stop importing" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Calendar import stopped" })).toBeVisible();
    await expect(section.getByRole("button", { name: "Import calendar" })).toBeVisible();
    await expect(section.getByTestId("calendar-import-status")).toHaveCount(0);
  });
});
