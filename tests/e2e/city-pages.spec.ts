import { expect, expectAccessible, test } from "./fixtures";
import { PLACES } from "./seed/places";
import { SEARCH } from "./seed/search";

// A parent picks a city on the browse page and sees who can come, in the search's distance bands:
// those whose travel range reaches it (the performers based there first, being nearest), then those
// nearby who may charge for travel, each with the distance; when nobody can come, the nearest.
// Fixtures: tests/e2e/seed/search.ts (Orlando local, Tampa long range, Miami local) and
// tests/e2e/seed/places.ts (a princess in Kissimmee, a town the state data does not list).

test.describe("city pages", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a city lists those who travel there nearest first (its own performers first), then those nearby, with the distance", async ({ page }) => {
    await page.goto("/browse/FL");
    // On a phone the filters are folded behind one control, above the results.
    await page.locator("summary", { hasText: "Filters" }).click();
    const city = page.getByLabel("City", { exact: true });
    await city.selectOption("Orlando");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/FL\?city=Orlando$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Performers in Orlando, Florida");

    const travels = page.getByRole("region", { name: /^Travel to Orlando/ });
    const sakura = travels.getByRole("listitem").filter({ hasText: SEARCH.orlandoAnime.displayName });
    await expect(sakura.getByText("Less than 1 mile away")).toBeVisible();
    const buccaneer = travels.getByRole("listitem").filter({ hasText: SEARCH.tampaLongRange.displayName });
    await expect(buccaneer).toBeVisible();
    await expect(buccaneer.getByText(/^\d+ miles away$/)).toBeVisible();
    // The Miami performer (200 miles away) neither reaches Orlando nor is nearby.
    await expect(page.getByText(SEARCH.miamiLocal.displayName)).toHaveCount(0);

    // Bands come in the page's order: those who travel there, then those nearby.
    const headings = await page.getByRole("heading", { level: 3 }).allTextContents();
    expect(headings.findIndex((h) => h.startsWith("Travel to Orlando"))).toBe(0);
    expect(headings.findIndex((h) => h.startsWith("Nearby, may charge travel"))).toBeGreaterThan(0);

    // Fits a phone: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
  });

  test("a performer's own town has its page, and \"princess orlando\" finds the princess from next door", async ({ page }) => {
    // Four pages and an accessibility scan: beside other journeys on two cores it passed the 45 s default.
    test.setTimeout(90_000);
    await page.goto("/browse/FL");
    // The city filter offers the towns where performers are based, not only the larger cities.
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByLabel("City", { exact: true }).selectOption("Kissimmee");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/FL\?city=Kissimmee$/);
    const based = page.getByRole("region", { name: /^Travel to Kissimmee/ });
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
    // No hero reaches Pensacola, lives within 150 miles of it or travels anywhere.
    await page.goto("/browse/FL?city=Pensacola&category=Hero");
    await expect(page.getByText("No performers found matching your filters. Try adjusting your criteria.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "0 performers found" })).toBeVisible();
    const nearest = page.getByRole("region", { name: "Nearest performers" });
    await expect(nearest.getByText(/Nobody based in Pensacola or travelling there is listed yet/)).toBeVisible();
    const bolt = nearest.getByRole("listitem").filter({ hasText: SEARCH.miamiLocal.displayName });
    await expect(bolt).toBeVisible();
    await expect(bolt.getByText(/^\d+ miles away$/)).toBeVisible();
    await expectAccessible(page);
  });
});
