import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { CATEGORIES } from "~/lib/constants";
import { PROFILE_PAGE } from "./seed/profile-page";

const STAR = PROFILE_PAGE.star;
const PHONE = { width: 390, height: 844 };

// Sonner's toasts are the shared layout's; they are checked there, not on every page.
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

async function openStar(page: Page) {
  await page.goto(`/profile/${STAR.id}`);
  await expect(page.getByRole("heading", { level: 1, name: STAR.displayName })).toBeVisible();
}

function facts(page: Page) {
  return page.getByRole("list", { name: `About ${STAR.displayName} at a glance` });
}

test.describe("a performer's profile on a phone", () => {
  test.use({ viewport: PHONE });

  test("the facts parents weigh first are under the name, in plain words that never contradict", async ({ page }) => {
    await openStar(page);
    // Entirely on the first screen, above the pinned "Send a message".
    const top = await facts(page).boundingBox();
    expect(top!.y + top!.height).toBeLessThan(PHONE.height - 72);
    for (const fact of [
      "$120 - $180 / hour",
      "Travels up to 25 miles",
      "Family-friendly shows only",
      "Background check, as the performer states it",
      "Usually reads inquiries within 3 hours",
    ]) {
      await expect(facts(page).getByRole("listitem").filter({ hasText: fact })).toBeVisible();
    }
    // Every section the profile has always had, each stating only what is true.
    for (const section of ["About", "Travel & Availability", "Performance Details", "Connect"]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    const travel = page.getByRole("region", { name: "Travel & Availability" });
    await expect(travel).toContainText("Travels up to 25 miles");
    await expect(travel).not.toContainText("Available");
    const performance = page.getByRole("region", { name: "Performance Details" });
    await expect(performance).toContainText("Family-friendly shows only");
    await expect(performance).not.toContainText("adult-themed");
    await expect(performance).not.toContainText(/\bNo\b/);
    await expect(page.getByRole("main").getByText("This site does not process payments or bookings. Please coordinate directly with the performer.")).toBeVisible();
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, TOASTS_ASIDE);
  });

  test("Send a message stays in reach and jumps to the contact form with the cursor in it", async ({ page }) => {
    await openStar(page);
    // The cursor is put in the form by script; the page's scripts start once it has loaded and painted.
    await waitForHydration(page);
    const send = page.getByRole("link", { name: `Send a message to ${STAR.displayName}` });
    await expect(send).toBeInViewport();
    await page.mouse.wheel(0, 900);
    await expect(send).toBeInViewport();
    await send.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${STAR.id}#contact$`));
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await expect(page.getByRole("heading", { level: 2, name: `Contact ${STAR.displayName}` })).toBeInViewport();
    // With the form in view the bar steps aside, so it covers none of the fields.
    await expect(send).toBeHidden();
  });

  test("Share copies the profile's link where there is no share sheet", async ({ page, baseURL }) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await openStar(page);
    await page.getByRole("button", { name: "Share this profile" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(baseURL).origin}/profile/${STAR.id}`);
  });

  test("Share opens the phone's share sheet where there is one", async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = [];
      Object.defineProperty(window, "sharedData", { value: shared });
      Object.defineProperty(Navigator.prototype, "share", {
        value: async (data: ShareData) => void shared.push(data),
        configurable: true,
      });
    });
    await openStar(page);
    await page.getByRole("button", { name: "Share this profile" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData.map((d) => d.url)))
      .toEqual([`${new URL(baseURL).origin}/profile/${STAR.id}`]);
    await expect(page.getByRole("status").filter({ hasText: "Link copied" })).toHaveCount(0);
  });

  test("similar performers: listed neighbours sharing a category, nearest first", async ({ page }) => {
    await openStar(page);
    const similar = page.getByRole("list", { name: "Similar performers" });
    await similar.scrollIntoViewIfNeeded();
    const names = similar.getByRole("heading", { level: 3 });
    await expect(names.nth(2)).toBeVisible();
    const shown = await names.allTextContents();
    expect(shown.slice(0, 3)).toEqual([PROFILE_PAGE.beaverton.displayName, PROFILE_PAGE.salem.displayName, PROFILE_PAGE.eugene.displayName]);
    for (const name of [STAR.displayName, PROFILE_PAGE.unpaid.displayName, PROFILE_PAGE.otherCategory.displayName]) expect(shown).not.toContain(name);
    await similar.getByRole("link", { name: PROFILE_PAGE.beaverton.displayName }).click();
    await expect(page).toHaveURL(`/profile/${PROFILE_PAGE.beaverton.id}`);
  });

  test("cards are compact rows of one rhythm: a price line always, the first three categories then '+N more'", async ({ page }) => {
    await page.goto("/browse/OR");
    const results = page.getByRole("list", { name: /performers/i }).first();
    const card = (name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
    await expect(card(PROFILE_PAGE.eugene.displayName)).toContainText("Price on request");
    await expect(card(PROFILE_PAGE.beaverton.displayName)).toContainText("$90 - $140 / hour");
    await expect(card(STAR.displayName)).toContainText("Usually reads inquiries within 3 hours");
    await expect(card(PROFILE_PAGE.beaverton.displayName)).not.toContainText("Usually reads");
    const salem = card(PROFILE_PAGE.salem.displayName);
    // The spec's first three categories (in the spec's order), then the rest in words.
    const salemCategories = CATEGORIES.filter((c) => PROFILE_PAGE.salem.categories.includes(c));
    await expect(salem.getByRole("list", { name: "Categories" }).getByRole("listitem")).toHaveText([
      ...salemCategories.slice(0, 3),
      `+${salemCategories.length - 3} more`,
    ]);
    for (const name of [PROFILE_PAGE.salem.displayName, PROFILE_PAGE.otherCategory.displayName]) {
      const box = await card(name).boundingBox();
      expect(box?.height).toBeLessThan(260);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expect(results).toBeVisible();
  });
});

test("on a wide screen the contact box sits beside the gallery with the facts and Send a message", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openStar(page);
  const box = page.getByRole("complementary", { name: `Contacting ${STAR.displayName}` });
  await expect(box.getByRole("listitem").filter({ hasText: "Travels up to 25 miles" })).toBeVisible();
  await expect(box.getByRole("listitem").filter({ hasText: "Background check, as the performer states it" })).toBeVisible();
  const gallery = await page.getByRole("img", { name: /image 1 of 3/ }).boundingBox();
  const aside = await box.boundingBox();
  expect(aside!.x).toBeGreaterThan(gallery!.x + gallery!.width);
  expect(aside!.y).toBeLessThan(gallery!.y + gallery!.height);
  // The phone's pinned bar is not shown here.
  await expect(page.getByRole("link", { name: `Send a message to ${STAR.displayName}` })).toBeHidden();
  // The cursor is put in the form by script; before the page's scripts run the link is a plain jump.
  await waitForHydration(page);
  await box.getByRole("link", { name: "Send a message" }).click();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
  await expectAccessible(page, TOASTS_ASIDE);
});

test("a category and a similar performer open within the page, the next profile whole with its form", async ({ page }) => {
  await openStar(page);
  await waitForHydration(page);
  // A full page load would lose this.
  await page.evaluate(() => Object.assign(window, { stayedInPage: true }));
  const stayed = () => page.evaluate(() => "stayedInPage" in window);
  const category = page.getByRole("list", { name: "Categories" }).getByRole("link").first();
  const categoryName = (await category.textContent()) ?? "";
  await category.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(categoryName);
  expect(await stayed()).toBe(true);

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: STAR.displayName })).toBeVisible();
  const neighbour = page.getByRole("list", { name: "Similar performers" }).locator("a[href^='/profile/']").first();
  const href = (await neighbour.getAttribute("href")) ?? "";
  await neighbour.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1, name: STAR.displayName })).toHaveCount(0);
  for (const heading of ["About", "Travel & Availability", "Performance Details", "Connect"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("form", { name: /^Send .+ a message$/ })).toBeVisible();
  await expect(page.getByText(/^What is \d \+ \d\?/)).toBeVisible();
  expect(await stayed()).toBe(true);
});

test("without JavaScript Send a message is a plain link to the form and Share is not offered", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(`/profile/${STAR.id}`);
    const send = page.getByRole("link", { name: `Send a message to ${STAR.displayName}` });
    await expect(send).toHaveAttribute("href", "#contact");
    await send.click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole("heading", { level: 2, name: `Contact ${STAR.displayName}` })).toBeInViewport();
    await expect(page.getByRole("button", { name: "Share this profile" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
