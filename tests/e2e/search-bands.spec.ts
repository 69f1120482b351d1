import { expect, expectAccessible, test } from "./fixtures";
import { BANDS } from "./seed/bands";
import { PLACES } from "./seed/places";

// A parent on a phone searches "princess" with an Orlando ZIP code: those who travel there come
// first, then the princesses nearby whose usual range stops short (each card saying how far she
// is and how far she usually travels), then those who travel anywhere; a radius link narrows the
// listing without JavaScript. Fixtures: tests/e2e/seed/bands.ts and the Kissimmee princess of
// tests/e2e/seed/places.ts.

test.describe("distance bands in a place search", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("\"princess\" with an Orlando ZIP code shows the nearby band with distances before those who travel nationwide", async ({ page }) => {
    await page.goto("/search?q=princess+32801");
    await expect(page.getByText("Performers who travel to 32801 (Orlando, FL), nearest first.")).toBeVisible();

    // Those who travel there: the princess from Kissimmee, 19 miles away.
    const travel = page.getByRole("list", { name: "Search results" });
    await expect(travel.getByRole("article").filter({ hasText: PLACES.kissimmeePrincess.displayName })).toContainText(/1\d miles away/);

    const nearby = page.getByRole("region", { name: "Nearby, may charge travel" });
    await expect(nearby.getByText(/past their usual travel range/)).toBeVisible();
    await expect(nearby.getByRole("article").filter({ hasText: BANDS.lakeland.displayName })).toContainText(
      "About 50 mi from you · usually travels up to 10 mi",
    );
    await expect(nearby.getByRole("article").filter({ hasText: BANDS.gainesville.displayName })).toContainText(
      "About 98 mi from you · usually travels up to 25 mi",
    );

    const nationwide = page.getByRole("region", { name: "Travels nationwide: ask about travel fees" });
    await expect(nationwide.getByRole("article").filter({ hasText: BANDS.denver.displayName })).toContainText(/\d[\d,]* miles away/);

    // The bands in page order: nearby before nationwide.
    const headings = await page.getByRole("heading", { level: 3 }).allTextContents();
    expect(headings.indexOf("Nearby, may charge travel")).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf("Nearby, may charge travel")).toBeLessThan(headings.indexOf("Travels nationwide: ask about travel fees"));
    // Every card of a place search says how far away the performer is.
    const cards = page.getByRole("main").getByRole("article");
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < count; i++) await expect(cards.nth(i)).toContainText(/miles? away|mi from you/);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test("a radius link narrows the listing to performers that close", async ({ page }) => {
    await page.goto("/search?q=princess+32801");
    const radius = page.getByRole("navigation", { name: "Distance from the place searched" });
    await expect(radius.getByRole("link", { name: "Any distance" })).toHaveAttribute("aria-current", "page");
    await radius.getByRole("link", { name: "Within 50 mi" }).click();
    await expect(page).toHaveURL(/\/search\?q=princess\+32801&miles=50$/);
    await expect(radius.getByRole("link", { name: "Within 50 mi" })).toHaveAttribute("aria-current", "page");

    // Lakeland (50 miles) stays; Gainesville (98) and those who travel from far away are gone.
    const nearby = page.getByRole("region", { name: "Nearby, may charge travel" });
    await expect(nearby.getByRole("article").filter({ hasText: BANDS.lakeland.displayName })).toBeVisible();
    await expect(page.getByText(BANDS.gainesville.displayName)).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Travels nationwide: ask about travel fees" })).toHaveCount(0);
    await expect(page.getByText(BANDS.denver.displayName)).toHaveCount(0);

    // The filter sheet shows the same distance, and the sort offers "Nearest" with a place.
    await page.locator("summary", { hasText: "Filters" }).click();
    await expect(page.getByRole("main").getByLabel("Distance", { exact: true })).toHaveValue("50");
    await expect(page.getByRole("main").getByLabel("Sort by").locator("option", { hasText: "Nearest" })).toHaveCount(1);
    await expectAccessible(page);
  });
});
