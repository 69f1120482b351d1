import { watchViolations } from "./csp";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { MAILBOX } from "./seed/demo-server";

test("the dev mailbox does not exist on a production server", async ({ page, baseURL }) => {
  const response = await page.goto(`${baseURL}/dev/mailbox`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test.describe("dev mailbox in demo mode", () => {
  // The shared e2e server is not a demo: the run's demo-mode server is (tests/e2e/seed/demo-server.ts),
  // as `npm run demo` runs it, without SMTP, so mail waits in the mailbox.
  const demo = { url: process.env.E2E_DEMO_URL! };
  const email = MAILBOX.email;

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
