import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { NO_DEAD_END } from "./seed/no-dead-end";

// A parent on a phone: the home page and /categories lead with tiles in parents' words, each with
// its count, and a tile opens its search; after a search near a place the tiles count near it; and
// a search that finds nobody offers a "did you mean", the nearest places with performers and the
// tiles, and the alert, instead of a dead end.

const PHONE = { width: 390, height: 844 };
const TILE_LABELS = ["Princesses", "Superheroes", "Mascots", "Santa and holidays", "Pirates and mermaids", "Dinosaurs and animals", "Anime and cosplay", "Villains"];
const COUNT = /(\d[\d,]*\+? performers?|No performers yet)/;

test.use({ viewport: PHONE });
// Each journey loads two or three pages and scans each with axe, beside other journeys on two cores.
test.describe.configure({ timeout: 90_000 });

test("the home page shows the tiles with counts", async ({ page }, testInfo) => {
  await page.goto("/");
  const tiles = page.getByRole("region", { name: "What's the party theme?" });
  await expect(tiles.getByRole("link")).toHaveCount(TILE_LABELS.length);
  for (const label of TILE_LABELS) await expect(tiles.getByRole("link", { name: new RegExp(`^${label}`) })).toContainText(COUNT);
  // Pictures below the fold wait until the visitor scrolls near them, each with its size.
  const picture = tiles.getByRole("link", { name: /^Mascots/ }).locator("img");
  await expect(picture).toHaveAttribute("loading", "lazy");
  await expect(picture).toHaveAttribute("width", "480");
  await expect(picture).toHaveAttribute("height", "320");
  await tiles.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("home-tiles-390.png") });
  await expectAccessible(page);
});

test("/categories leads with the tiles, and a tile's count is its search's", async ({ page }, testInfo) => {
  await page.goto("/categories");
  const themes = page.getByRole("region", { name: "Popular party themes" });
  await expect(themes.getByRole("link")).toHaveCount(TILE_LABELS.length);
  // The tiles come before the spec's categories.
  const first = await themes.boundingBox();
  const categories = await page.getByRole("heading", { level: 2, name: "All categories" }).boundingBox();
  expect(first!.y).toBeLessThan(categories!.y);
  await page.screenshot({ path: testInfo.outputPath("categories-390.png"), fullPage: true });
  await expectAccessible(page);

  const pirates = themes.getByRole("link", { name: /^Pirates and mermaids/ });
  const count = (await pirates.innerText()).match(/(\d[\d,]*)\+? performers?/)?.[1];
  expect(count).toBeTruthy();
  await pirates.click();
  await expect(page).toHaveURL(/\/search\?q=pirates\+and\+mermaids$/);
  // The tile's number is the page's.
  await expect(page.getByRole("heading", { name: new RegExp(`^${count} performers? found`) })).toBeVisible();
  await expect(page.getByRole("link", { name: NO_DEAD_END.mermaid.displayName })).toBeVisible();
  await expectAccessible(page);
});

test("after a search near a place, the tiles count near it and search there", async ({ page }) => {
  await page.goto("/search?q=mermaid+32801");
  await expect(page.getByRole("link", { name: NO_DEAD_END.mermaid.displayName })).toBeVisible();
  // The tab remembers the place once the page runs its scripts.
  await waitForHydration(page);
  await page.goto("/");
  await waitForHydration(page);
  const pirates = page.getByRole("region", { name: "What's the party theme?" }).getByRole("link", { name: /^Pirates and mermaids/ });
  await expect(pirates).toContainText(/\d[\d,]*\+? performers? near Orlando, FL/);
  await expect(pirates).toHaveAttribute("href", "/search?q=pirates+and+mermaids+32801");
});

test("a search that finds nobody offers a did-you-mean, the alert, the nearest places and the tiles", async ({ page }, testInfo) => {
  await page.goto("/search?q=sooperheerow+32801");
  await expect(page.getByRole("heading", { name: "0 performers found" })).toBeVisible();
  // The spec's generic empty-list message leads, the search's own reason follows.
  await expect(page.getByText("No profiles found matching your criteria.", { exact: true })).toBeVisible();
  await expect(page.getByText("Nobody listed matches “sooperheerow” near Orlando, FL yet.")).toBeVisible();
  const didYouMean = page.getByRole("link", { name: "superhero 32801" });
  await expect(didYouMean).toBeVisible();

  await expect(page.getByRole("region", { name: "Tell me when a performer for this is listed near me" }).getByLabel("Your email")).toBeVisible();

  const places = page.getByRole("region", { name: "Performers near Orlando, FL" });
  await expect(places.getByRole("list", { name: "Nearest cities with performers" }).getByRole("link").first()).toContainText("Orlando, FL");
  await expect(places.getByRole("list", { name: "Nearest states with performers" }).getByRole("link").first()).toContainText("Florida");

  const tiles = page.getByRole("region", { name: "Or pick a party theme" });
  await expect(tiles.getByRole("link")).toHaveCount(TILE_LABELS.length);
  await expect(tiles.getByRole("link", { name: /^Pirates and mermaids/ })).toContainText(/performers? near Orlando, FL/);
  await page.screenshot({ path: testInfo.outputPath("no-results-390.png"), fullPage: true });
  await expectAccessible(page);

  await didYouMean.click();
  await expect(page).toHaveURL(/\/search\?q=superhero\+32801$/);
  await expect(page.getByRole("link", { name: NO_DEAD_END.hero.displayName })).toBeVisible();
});

test('"encanto" is no dead end either', async ({ page }) => {
  await page.goto("/search?q=encanto");
  await expect(page.getByRole("heading", { name: "0 performers found" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Tell me when a performer for this is listed near me" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Where most performers are" }).getByRole("link").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Or pick a party theme" }).getByRole("link")).toHaveCount(TILE_LABELS.length);
  await expectAccessible(page);
});
