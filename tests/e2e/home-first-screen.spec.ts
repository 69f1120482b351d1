import { expect, expectAccessible, test } from "./fixtures";

// Issue 29: on a phone the home page's first screen shows what the directory holds, not only its
// banner: the hero, its search box and the first picture tiles fit in 390 × 844 px. A desktop keeps
// the spec's 600 px banner.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Enough of the first tile's picture to see what it is, not just its top edge. */
const TILE_SHOWN_PX = 100;

test.describe("the home page's first screen", () => {
  test("on a phone: the hero, its search box and the first tiles within 844 px", async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    const hero = page.locator('section[aria-labelledby="hero-heading"]');
    await expect(hero.getByRole("heading", { level: 1 })).toBeInViewport();
    await expect(page.getByRole("search", { name: "Find a performer" }).getByRole("combobox")).toBeInViewport();
    // The spec's four ways in are still in the banner.
    await expect(page.getByRole("navigation", { name: "Ways to find performers" }).getByRole("link")).toHaveCount(4);
    await page.screenshot({ path: testInfo.outputPath("home-390x844.png") });

    const tiles = page.getByRole("heading", { name: "What's the party theme?" }).locator("xpath=..").getByRole("listitem");
    const first = await tiles.first().boundingBox();
    expect(first).not.toBeNull();
    expect(first!.y + TILE_SHOWN_PX).toBeLessThanOrEqual(PHONE.height);
    // The two tiles of the first row side by side, both begun on the first screen.
    const second = await tiles.nth(1).boundingBox();
    expect(second!.y).toBe(first!.y);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);
  });

  test("on a desktop the banner keeps its 600 px", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    const hero = await page.locator('section[aria-labelledby="hero-heading"]').boundingBox();
    expect(hero!.height).toBeGreaterThanOrEqual(600);
  });
});
