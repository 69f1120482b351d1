import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { LISTING_FILTERS } from "./seed/listing-filters";

// A parent on a phone narrows a listing to what fits the party: a budget, a solo act, who the
// event is for, an order. Everything is in the address and works without JavaScript too.

const PHONE = { width: 390, height: 844 };

// Each journey scans its pages with axe more than once; on two shared cores one scan can take ten seconds.
test.describe.configure({ timeout: 120_000 });

const filtersToggle = (page: Page) => page.getByRole("main").locator("summary");
const results = (page: Page) => page.getByRole("list", { name: "Performers" });
const card = (page: Page, fixture: { displayName: string }) => results(page).getByRole("link", { name: fixture.displayName });

async function expectOnly(page: Page, shown: { displayName: string }[]) {
  for (const fixture of shown) await expect(card(page, fixture)).toBeVisible();
  for (const fixture of Object.values(LISTING_FILTERS)) {
    if (!shown.includes(fixture)) await expect(card(page, fixture)).toHaveCount(0);
  }
  await expect(results(page).getByRole("article")).toHaveCount(shown.length);
}

test.describe("listing filters on a phone", () => {
  test.use({ viewport: PHONE });

  test("a budget and a solo act, chosen in the filter sheet on /browse, narrow the cards and stay in the address", async ({ page }) => {
    await page.goto("/browse");
    await waitForHydration(page);
    await filtersToggle(page).click();
    await page.getByLabel("State", { exact: true }).selectOption("WV");
    const budget = page.getByLabel("Maximum budget");
    await expect(budget).toBeVisible();
    // No place chosen yet: nothing to measure a distance from.
    await expect(page.getByLabel("Distance", { exact: true })).toHaveCount(0);
    await budget.selectOption({ label: "Up to $100" });
    await page.getByLabel("Solo or group").selectOption({ label: "Solo performer" });
    await expectAccessible(page);
    await page.getByRole("button", { name: "Apply filters" }).click();

    await expect(page).toHaveURL(/\/browse\/WV\?budget=100&size=solo$/);
    // Within budget or showing no price, solo, and no adults-only act (family events by default).
    await expectOnly(page, [LISTING_FILTERS.soloNoPrice, LISTING_FILTERS.soloCheap]);
    await expect(page.getByRole("heading", { name: "2 performers found" })).toBeVisible();
    // The state is the page itself; the two refinements are counted.
    await expect(filtersToggle(page)).toHaveText("Filters (2)");
    await expect(page.getByLabel("Maximum budget")).toBeHidden();

    // Lowest price first, and adult events: the adults-only act within budget joins, priced acts before the unpriced one.
    await filtersToggle(page).click();
    await expect(page.getByLabel("Maximum budget")).toHaveValue("100");
    await page.getByLabel("Sort by").selectOption({ label: "Lowest price" });
    await page.getByLabel("Who is the event for?").selectOption({ label: "Adult events (18+ acts too)" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/WV\?budget=100&audience=adults&size=solo&sort=price$/);
    await expectOnly(page, [LISTING_FILTERS.soloCheap, LISTING_FILTERS.adultsOnly, LISTING_FILTERS.soloNoPrice]);
    const names = await results(page).getByRole("heading").allTextContents();
    expect(names.map((n) => n.trim())).toEqual([
      LISTING_FILTERS.soloCheap.displayName,
      LISTING_FILTERS.adultsOnly.displayName,
      LISTING_FILTERS.soloNoPrice.displayName,
    ]);
    await expect(filtersToggle(page)).toHaveText("Filters (4)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    // Clearing goes back to the plain listing, adults-only acts left out again.
    await filtersToggle(page).click();
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/browse$/);
  });

  test("a city page offers distance and nearest; other listings do not", async ({ page }) => {
    await page.goto("/browse/WV?city=Charleston");
    await filtersToggle(page).click();
    await expect(page.getByLabel("Distance", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Sort by").locator("option", { hasText: "Nearest" })).toHaveCount(1);
    await expectAccessible(page);
    await page.goto("/categories/Hero?state=WV");
    await filtersToggle(page).click();
    await expect(page.getByLabel("Distance", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel("Sort by").locator("option", { hasText: "Nearest" })).toHaveCount(0);
  });
});

test.describe("listing filters without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the plain form applies the refinements, and the address keeps only what was chosen", async ({ page }) => {
    await page.goto("/browse/WV");
    await expectOnly(page, [LISTING_FILTERS.soloNoPrice, LISTING_FILTERS.soloPricey, LISTING_FILTERS.groupCheap, LISTING_FILTERS.soloCheap]);
    await filtersToggle(page).click();
    await page.getByLabel("Maximum budget").selectOption({ label: "Up to $100" });
    await page.getByLabel("Solo or group").selectOption({ label: "Solo performer" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The plain form sends every field; the blank ones are tidied away by the canonical address.
    await expect(page).toHaveURL(/\/browse\/WV\?budget=100&size=solo$/);
    await expectOnly(page, [LISTING_FILTERS.soloNoPrice, LISTING_FILTERS.soloCheap]);
    await expect(filtersToggle(page)).toHaveText("Filters (2)");

    // A category page keeps its refinements the same way.
    await page.goto("/categories/Hero?state=WV");
    await filtersToggle(page).click();
    await page.getByLabel("Solo or group").selectOption({ label: "Group or crew" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/categories\/Hero\?state=WV&size=group$/);
    // (No axe scan here: it needs the page's scripts; the journeys above scan these pages.)
    await expectOnly(page, [LISTING_FILTERS.groupCheap]);
  });
});
