import type { Page } from "@playwright/test";
import { expect, expectAccessible, pauseClock, test, waitForHydration } from "./fixtures";

// URLs containing "fresh-visitor" start without the hasSeenWelcomePopup flag (see fixtures.ts).
const FRESH = "/about?fresh-visitor=1";

function welcome(page: Page) {
  return page.getByRole("dialog", { name: /your first listing could be free/i });
}

function seenFlag(page: Page) {
  return page.evaluate(() => window.localStorage.getItem("hasSeenWelcomePopup"));
}

test("appears 2 seconds after a first visit, takes focus, closes with Esc and never returns", async ({ page }) => {
  // Freeze the page's clock so the 2-second delay can be stepped through exactly.
  await pauseClock(page);
  await page.goto(FRESH);
  await waitForHydration(page, "header");
  const logo = page.getByRole("banner").getByRole("link", { name: "CostumeCast" });
  await logo.focus();

  await page.clock.runFor(1_900);
  await expect(welcome(page)).toHaveCount(0);
  await page.clock.runFor(200);
  const dialog = welcome(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("150");
  await expect(dialog.getByRole("link", { name: "Claim your free listing" })).toHaveAttribute("href", "/free-listing");

  // Focus moved into the dialog.
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // axe schedules its own timers, so let time flow again.
  await page.clock.resume();
  await expectAccessible(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(logo).toBeFocused();
  await expect.poll(() => seenFlag(page)).toBe("true");

  await page.reload();
  await waitForHydration(page, "header");
  await page.clock.fastForward(10_000);
  await expect(welcome(page)).toHaveCount(0);

  // Another page of the site, still a "fresh" URL: the stored flag wins.
  await page.goto("/browse?fresh-visitor=1");
  await waitForHydration(page, "header");
  await page.clock.fastForward(10_000);
  await expect(welcome(page)).toHaveCount(0);
});

test("its button goes to the free-listing page and remembers the visitor", async ({ page }) => {
  await pauseClock(page);
  await page.goto("/?fresh-visitor=1");
  await waitForHydration(page, "header");
  await page.clock.runFor(2_100);
  const dialog = welcome(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole("link", { name: "Claim your free listing" }).click();
  await expect(page).toHaveURL(/\/free-listing$/);
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => seenFlag(page)).toBe("true");

  // Well past the two seconds on the page's own clock: the remembered visit holds it back.
  await page.goto("/?fresh-visitor=1");
  await waitForHydration(page, "header");
  await page.clock.runFor(10_000);
  await expect(welcome(page)).toHaveCount(0);
});

test("closing it with its close button, or 'Maybe later', also dismisses it for good", async ({ page, browser, baseURL }) => {
  await page.goto(FRESH);
  await expect(welcome(page)).toBeVisible({ timeout: 15_000 });
  await welcome(page).getByRole("button", { name: "Close" }).click();
  await expect(welcome(page)).toHaveCount(0);
  await expect.poll(() => seenFlag(page)).toBe("true");

  // A second, separate visitor.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto(FRESH);
  await expect(welcome(second)).toBeVisible({ timeout: 15_000 });
  await welcome(second).getByRole("button", { name: "Maybe later" }).click();
  await expect(welcome(second)).toHaveCount(0);
  expect(await seenFlag(second)).toBe("true");
  await other.close();
});
