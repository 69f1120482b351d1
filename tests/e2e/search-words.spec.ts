import { expect, expectAccessible, test } from "./fixtures";
import { SEARCH } from "./seed/search";

// Search in a parent's words: a dictionary word finds performers' own descriptions, a city named in
// the box is a place, a search never ends on an empty page while some word finds someone, and an
// unknown category offers where to go.

test.describe("search in everyday words", () => {
  test("a dictionary word, a named city and the closest matches", async ({ page }) => {
    await page.goto("/search?q=pirates");
    await expect(page.getByText("Results for")).toContainText("pirate");
    await expect(page.getByText(/Including: .*swashbuckler/)).toBeVisible();
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("link", { name: SEARCH.tampaLongRange.displayName })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/search?q=swashbuckling+orlando");
    await expect(page.getByText("Performers who travel to Orlando, FL, nearest first.")).toBeVisible();
    await expect(results.getByRole("article").filter({ hasText: SEARCH.tampaLongRange.displayName })).toContainText(/7\d miles away/);

    await page.goto("/search?q=swashbuckling+qqxzzq");
    await expect(page.getByText('No performers match all of "swashbuckling qqxzzq"; showing the closest.')).toBeVisible();
    await expect(results.getByRole("link", { name: SEARCH.tampaLongRange.displayName })).toBeVisible();
    await expectAccessible(page);
  });

  test("an unknown category keeps its 404 text and offers categories and a search", async ({ page }) => {
    const response = await page.goto("/categories/Princess");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Category Not Found" })).toBeVisible();
    await expect(page.getByText('The category "Princess" does not exist. Please check the URL and try again.')).toBeVisible();
    const hints = page.getByRole("navigation", { name: "Did you mean" });
    await expect(hints.getByRole("link", { name: "Fantasy" })).toHaveAttribute("href", "/categories/Fantasy");
    await expectAccessible(page);

    await page.getByRole("link", { name: "Search performers for “Princess”" }).click();
    await expect(page).toHaveURL(/\/search\?q=Princess$/);
    await expect(page.getByRole("combobox", { name: "Search performers" })).toHaveValue("Princess");
  });
});
