import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { HIDDEN } from "./seed/directory";
import { SEARCH } from "./seed/search";

const HIDDEN_NAMES = Object.values(HIDDEN)
  .map((h) => h.displayName)
  .filter((n): n is string => n !== null);

test.describe("search", () => {
  test("a misspelt word still finds the right performers, and the query stays in the box", async ({ page }) => {
    await page.goto("/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search Performers" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What are you looking for?" })).toBeVisible();
    await expectAccessible(page);

    const box = page.getByRole("combobox", { name: "Search performers" });
    await box.fill("anmie");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=anmie$/);
    await expect(page.getByText("Showing results for")).toContainText("anime");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("link", { name: SEARCH.orlandoAnime.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: SEARCH.tampaLongRange.displayName })).toHaveCount(0);
    await expect(page.getByRole("combobox", { name: "Search performers" })).toHaveValue("anmie");
    await expectAccessible(page);

    await box.fill("Orlndo");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=Orlndo$/);
    await expect(results.getByRole("link", { name: SEARCH.orlandoAnime.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: SEARCH.miamiLocal.displayName })).toHaveCount(0);

    // The profile opens from its card.
    await results.getByRole("link", { name: SEARCH.orlandoAnime.displayName }).click();
    await expect(page).toHaveURL(`/profile/${SEARCH.orlandoAnime.id}`);
  });

  test("a ZIP code finds performers who travel there, nearest first, with the distance", async ({ page }) => {
    await page.goto("/search?q=32801");
    await expect(page.getByText("Performers who travel to 32801 (Orlando, FL), nearest first.")).toBeVisible();
    const cards = page.getByRole("list", { name: "Search results" }).getByRole("article");
    const local = cards.filter({ hasText: SEARCH.orlandoAnime.displayName });
    const tampa = cards.filter({ hasText: SEARCH.tampaLongRange.displayName });
    await expect(local).toContainText("3 miles away");
    await expect(tampa).toContainText(/7\d miles away/);
    const names = await cards.getByRole("heading").allTextContents();
    expect(names.indexOf(SEARCH.orlandoAnime.displayName)).toBeLessThan(names.indexOf(SEARCH.tampaLongRange.displayName));
    // Miami's performer only works locally; hidden profiles never show.
    expect(names).not.toContain(SEARCH.miamiLocal.displayName);
    for (const name of HIDDEN_NAMES) expect(names).not.toContain(name);
    await expectAccessible(page);

    // Filters combine with the query and survive in the form.
    await page.getByLabel("Category", { exact: true }).selectOption("Villain");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=32801&category=Villain$/);
    await expect(page.getByRole("heading", { name: "1 performer found" })).toBeVisible();
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Villain");

    await page.goto("/search?q=00000");
    await expect(page.getByText("We don't know the ZIP code 00000.")).toBeVisible();
    await expectAccessible(page);
  });

  test("state and city filters: the city list follows the state", async ({ page }) => {
    await page.goto("/search?q=parties");
    // The city list follows the state by script; the page's scripts start once it has loaded and painted.
    await waitForHydration(page);
    await page.getByLabel("State", { exact: true }).selectOption("FL");
    await page.getByLabel("City", { exact: true }).selectOption("Miami");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=parties&state=FL&city=Miami$/);
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("link", { name: SEARCH.miamiLocal.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: SEARCH.orlandoAnime.displayName })).toHaveCount(0);
    await page.getByLabel("State", { exact: true }).selectOption("VT");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("");
  });

  test("sitemap and robots.txt", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml).toMatch(new RegExp(`<loc>[^<]+/profile/${SEARCH.orlandoAnime.id}</loc><lastmod>`));
    expect(xml).toMatch(/<loc>[^<]+\/browse\/FL\?city=Orlando<\/loc>/);
    expect(xml).toMatch(/<loc>[^<]+\/categories\/Anime%2FManga<\/loc>/);
    expect(xml).not.toContain(HIDDEN.inactive.id);
    const robots = await (await request.get("/robots.txt")).text();
    for (const line of ["Disallow: /dashboard", "Disallow: /admin", "Disallow: /api"]) expect(robots).toContain(line);
    expect(robots).toMatch(/^Sitemap: https?:\/\/[^\s]+\/sitemap\.xml$/m);
  });

  test("only the plain search page is offered to search engines, not a sorted or filtered one", async ({ page }) => {
    await page.goto("/search");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await page.goto("/search?sort=newest");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await page.goto("/search?budget=100");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  });
});
