import { expect, expectAccessible, test } from "./fixtures";
import { PLACES } from "./seed/places";
import { SEARCH } from "./seed/search";

// A parent picks a city on the browse page and sees who can come: the performers based there,
// then those whose travel range reaches it with the distance; when nobody can come, the nearest.
// Fixtures: tests/e2e/seed/search.ts (Orlando local, Tampa long range, Miami local) and
// tests/e2e/seed/places.ts (a princess in Kissimmee, a town the state data does not list).

test.describe("city pages", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a city lists its own performers first, then those who travel there, with the distance", async ({ page }) => {
    await page.goto("/browse/FL");
    // On a phone the filters are folded behind one control, above the results.
    await page.locator("summary", { hasText: "Filters" }).click();
    const city = page.getByLabel("City", { exact: true });
    await city.selectOption("Orlando");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/FL\?city=Orlando$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Performers in Orlando, Florida");

    const based = page.getByRole("region", { name: /^Based in Orlando/ });
    await expect(based.getByRole("heading", { name: "Based in Orlando (1)" })).toBeVisible();
    await expect(based.getByRole("link", { name: SEARCH.orlandoAnime.displayName })).toBeVisible();
    await expect(based.getByText(/miles away/)).toHaveCount(0);

    const travels = page.getByRole("region", { name: /^Travel to Orlando from nearby/ });
    const buccaneer = travels.getByRole("listitem").filter({ hasText: SEARCH.tampaLongRange.displayName });
    await expect(buccaneer).toBeVisible();
    await expect(buccaneer.getByText(/^\d+ miles away$/)).toBeVisible();
    // The Miami performer's 10-mile range does not reach Orlando.
    await expect(page.getByText(SEARCH.miamiLocal.displayName)).toHaveCount(0);

    // Groups come in the page's order: based first, then travellers.
    const headings = await page.getByRole("heading", { level: 3 }).allTextContents();
    expect(headings.indexOf("Based in Orlando (1)")).toBeLessThan(headings.findIndex((h) => h.startsWith("Travel to Orlando")));

    // Fits a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test("a performer's own town has its page, and \"princess orlando\" finds the princess from next door", async ({ page }) => {
    await page.goto("/browse/FL");
    // The city filter offers the towns where performers are based, not only the larger cities.
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByLabel("City", { exact: true }).selectOption("Kissimmee");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/FL\?city=Kissimmee$/);
    const based = page.getByRole("region", { name: /^Based in Kissimmee/ });
    await expect(based.getByRole("link", { name: PLACES.kissimmeePrincess.displayName })).toBeVisible();
    await expect(based.getByText("Kissimmee, FL")).toBeVisible();

    await page.goto("/search");
    const box = page.getByRole("main").getByRole("combobox", { name: "Search performers" });
    await box.fill("princess orlando");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=princess\+orlando/);
    await expect(page.getByText("Performers who travel to Orlando, FL, nearest first.")).toBeVisible();
    const princess = page.getByRole("list", { name: "Search results" }).getByRole("article").filter({ hasText: PLACES.kissimmeePrincess.displayName });
    await expect(princess.getByText(/^[12]\d miles away$/)).toBeVisible();
    await expect(princess).toContainText("Plays Snow Princess");
    await expectAccessible(page);

    // The search page's city filter keeps a town the address names.
    await page.goto("/search?q=princess&state=FL&city=Kissimmee");
    await expect(page.getByRole("main").getByLabel("City", { exact: true })).toHaveValue("Kissimmee");
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("link", { name: PLACES.kissimmeePrincess.displayName })).toBeVisible();
  });

  test("when nobody can come, the page says so and offers the nearest performers", async ({ page }) => {
    await page.goto("/browse/FL?city=Orlando&category=Hero");
    await expect(page.getByText("No performers found matching your filters. Try adjusting your criteria.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "0 performers found" })).toBeVisible();
    const nearest = page.getByRole("region", { name: "Nearest performers" });
    await expect(nearest.getByText(/Nobody based in Orlando or travelling there is listed yet/)).toBeVisible();
    const bolt = nearest.getByRole("listitem").filter({ hasText: SEARCH.miamiLocal.displayName });
    await expect(bolt).toBeVisible();
    await expect(bolt.getByText(/^\d+ miles away$/)).toBeVisible();
    await expectAccessible(page);
  });
});
