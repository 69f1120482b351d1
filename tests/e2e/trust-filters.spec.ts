import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { TRUST_FILTERS } from "./seed/trust-filters";

// A parent on a phone asks for a performer whose background check CostumeCast reviewed (issue 28):
// ticking the box in the filter sheet keeps only them, their card says what was reviewed, and the
// filter lives in the address like the others. A check that lapsed does not count.

const PHONE = { width: 390, height: 844 };

// Each journey scans its pages with axe more than once; on two shared cores one scan can take ten seconds.
test.describe.configure({ timeout: 120_000 });

const filtersToggle = (page: Page) => page.getByRole("main").locator("summary");
const results = (page: Page) => page.getByRole("list", { name: "Performers" });
const card = (page: Page, fixture: { displayName: string }) => results(page).getByRole("article").filter({ has: page.getByRole("link", { name: fixture.displayName }) });

test.describe("reviewed-document filters on a phone", () => {
  test.use({ viewport: PHONE });

  test("a parent ticks 'Background check reviewed' and finds the checked performer, marked on their card", async ({ page }) => {
    await page.goto("/browse/KY");
    await waitForHydration(page);
    await expect(results(page).getByRole("article")).toHaveCount(3);

    await filtersToggle(page).click();
    const checked = page.getByRole("checkbox", { name: "Background check reviewed" });
    await checked.check();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Apply filters" }).click();

    await expect(page).toHaveURL(/\/browse\/KY\?checked=yes$/);
    await expect(results(page).getByRole("article")).toHaveCount(1);
    await expect(card(page, TRUST_FILTERS.checked)).toContainText("Background check reviewed · Insured");
    await expect(page.getByRole("heading", { name: "1 performer found" })).toBeVisible();
    await expect(filtersToggle(page)).toHaveText("Filters (1)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    // Clearing drops it with the other filters; in the state's listing the lapsed check's performer has no mark.
    await filtersToggle(page).click();
    await expect(checked).toBeChecked();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await page.goto("/browse/KY");
    await expect(results(page).getByRole("article")).toHaveCount(3);
    await expect(card(page, TRUST_FILTERS.checked)).toContainText("Background check reviewed · Insured");
    await expect(card(page, TRUST_FILTERS.lapsed)).not.toContainText("Background check reviewed");
  });

  test("search takes 'Insured' from its own filter sheet", async ({ page }) => {
    await page.goto("/search?state=KY");
    await waitForHydration(page);
    await filtersToggle(page).click();
    await page.getByRole("checkbox", { name: "Insured" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/search\?state=KY&insured=yes$/);
    await expect(page.getByRole("link", { name: TRUST_FILTERS.checked.displayName })).toBeVisible();
    for (const other of [TRUST_FILTERS.lapsed, TRUST_FILTERS.plain]) await expect(page.getByRole("link", { name: other.displayName })).toHaveCount(0);
    await expectAccessible(page);
  });
});
