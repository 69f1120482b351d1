import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAuth } from "~/server/auth/auth.server";
import { loadConfig } from "~/server/platform/config.server";
import { openDatabase } from "~/server/db/client.server";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { freePort } from "../helpers/free-port";
import { watchViolations } from "./csp";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";

test("the dev mailbox does not exist on a production server", async ({ page, baseURL }) => {
  const response = await page.goto(`${baseURL}/dev/mailbox`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test.describe("dev mailbox in demo mode", () => {
  // The shared e2e server is not a demo: this one is, as `npm run demo` runs it (the production
  // build, demo mode on a loopback address), without SMTP, so mail waits in the mailbox.
  let demo: RunningServer;
  let root: string;
  const email = "forgetful@example.com";
  const SECRET = "mailbox-secret-mailbox-secret-mailbox-secret";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-mailbox-"));
    const dataDir = path.join(root, "data");
    const port = await freePort();
    // A real account and a real reset request, so the mailbox holds a working one-time link.
    const database = await openDatabase({ dataDir });
    const auth = createAuth(database.db, loadConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, BETTER_AUTH_SECRET: SECRET }));
    await auth.api.signUpEmail({ body: { email, password: "forgot-it-123", name: email } });
    await auth.api.requestPasswordReset({ body: { email } });
    await database.close();
    demo = await startAppServer(
      { NODE_ENV: "production", DEMO_MODE: "true", PAYMENTS: "demo", BETTER_AUTH_SECRET: SECRET, DATA_DIR: dataDir, PORT: String(port), SMTP_URL: "", LOG_LEVEL: "warn" },
      { timeoutMs: 100_000 },
    );
  });

  test.afterAll(async () => {
    await demo?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  test("lists queued mail with its full text, and its reset link can be followed", async ({ page }) => {
    const violations = await watchViolations(page);
    const response = await page.goto(`${demo.url}/dev/mailbox`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-security-policy"]).toContain("script-src");
    await expect(page.getByRole("heading", { level: 1, name: "Dev mailbox" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    const message = page.getByRole("article", { name: "Reset your CostumeCast password" });
    await expect(message).toContainText(email);
    await expect(message).toContainText("pending");
    await expect(message).toContainText("If this wasn't you, ignore this email");
    await expectAccessible(page);
    await waitForHydration(page);
    expect(await violations(), "/dev/mailbox").toEqual([]);

    await message.getByRole("link", { name: /\/reset-password\?token=.+&type=recovery/ }).click();
    await expect(page).toHaveURL(/\/reset-password\?token=.+&type=recovery/);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
    await waitForHydration(page);
    expect(await violations(), "/reset-password").toEqual([]);
  });

  test("the demo clock runs the scheduled jobs days ahead, on a phone, and says what each did", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${demo.url}/dev/mailbox`);
    const clock = page.getByRole("region", { name: "Demo clock" });
    await expect(clock).toBeVisible();
    await waitForHydration(page);
    await clock.getByLabel("Days ahead").selectOption("14");
    await clock.getByRole("button", { name: "Run the scheduled jobs" }).click();
    const report = clock.getByRole("status");
    await expect(report).toContainText("(14 days ahead)");
    for (const job of ["Unread-inquiry reminders", "Review questions", "Reply figures", "Renewal reminders", "Listing expiries"]) {
      await expect(report).toContainText(`${job}:`);
    }
    // The mailbox below it is still there, and the page still fits the phone.
    await expect(page.getByRole("article", { name: "Reset your CostumeCast password" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });
});
