import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { DEMO_SERVER, IMPORT_PERFORMERS } from "./seed/demo-server";

// The iCal import on a phone (issue 26). The shared e2e server reads no feed on this machine (the
// fetcher refuses loopback), so this journey runs on the run's demo-mode server, as `npm run demo`
// runs it (tests/e2e/seed/demo-server.ts), whose /demo/calendar/<id>.ics stands in for a Google
// calendar and is read over loopback.

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = DEMO_SERVER.password;
const AXE = { exclude: ["[data-sonner-toaster]"] };
const PERFORMERS = IMPORT_PERFORMERS;

test("the demo's stand-in feed does not exist outside demo mode", async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/demo/calendar/e2e-import-first.ics`);
  expect(response.status()).toBe(404);
});

test.describe("on a demo-mode server", () => {
  const demo = { url: process.env.E2E_DEMO_URL! };

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
