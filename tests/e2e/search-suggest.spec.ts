import { expect, expectAccessible, test } from "./fixtures";
import { SUGGEST } from "./seed/suggest";

// Suggestions as you type: the header's box and the search page's box offer characters,
// categories, places and performers; the keyboard and the mouse pick one; without JavaScript the
// same box is a plain form that searches.

const performer = SUGGEST.webSlinger;

test.describe("suggestions as you type", () => {
  test('"spid" in the header offers Spider-Man; the keyboard picks it and lands on web-slinging heroes', async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    const box = header.getByRole("combobox", { name: "Search performers" });
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await box.pressSequentially("spid", { delay: 30 });

    const list = header.getByRole("listbox", { name: "Suggestions" });
    await expect(list).toBeVisible();
    await expect(box).toHaveAttribute("aria-expanded", "true");
    const characters = list.getByRole("group", { name: "Characters & themes" });
    await expect(characters.getByRole("option").first()).toHaveText("Spider-Man");
    await expect(characters.getByRole("option", { name: "Spider Hero" })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath("suggest-desktop.png"), clip: { x: 0, y: 0, width: 1280, height: 320 } });

    // Down moves to the first suggestion (the box keeps the focus), Escape closes, Down opens again.
    await box.press("ArrowDown");
    const first = list.getByRole("option").first();
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
    await box.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "false");
    await box.press("ArrowUp");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await box.press("Escape");
    await expect(list).toBeHidden();
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(box).not.toHaveAttribute("aria-activedescendant");
    await expect(box).toBeFocused();
    await box.press("ArrowDown");
    await expect(first).toHaveAttribute("aria-selected", "true");
    await expectAccessible(page);

    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=Spider-Man$/);
    await expect(page.getByText("Results for")).toContainText("Spider-Man");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("link", { name: performer.displayName })).toBeVisible();
    // The trademarked name is only what was searched for, never on a performer's card.
    await expect(results.getByText("Spider-Man")).toHaveCount(0);
  });

  test("the search page's box: a click on a place or a performer goes there", async ({ page }) => {
    await page.goto("/search");
    const box = page.getByRole("main").getByRole("combobox", { name: "Search performers" });
    await box.pressSequentially("albuq", { delay: 30 });
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await list.getByRole("group", { name: "Places" }).getByRole("option", { name: "Albuquerque, NM" }).click();
    await expect(page).toHaveURL(/\/browse\/NM\?city=Albuquerque$/);
    await expect(page.getByRole("link", { name: performer.displayName })).toBeVisible();

    const header = page.getByRole("banner").getByRole("combobox", { name: "Search performers" });
    await header.pressSequentially("mesa w", { delay: 30 });
    const performers = page.getByRole("banner").getByRole("group", { name: "Performers" });
    await performers.getByRole("option", { name: performer.displayName }).click();
    await expect(page).toHaveURL(`/profile/${performer.id}`);
    await expect(page.getByRole("heading", { level: 1, name: performer.displayName })).toBeVisible();

    // Enter with no suggestion chosen searches for what was typed.
    await page.getByRole("banner").getByRole("combobox", { name: "Search performers" }).pressSequentially("wall-crawler", { delay: 20 });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=wall-crawler$/);
  });

  test("on a phone the box is the header's second row and the list fits the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Any page but the home page, whose banner has the phone's search box instead.
    await page.goto("/about");
    const header = page.getByRole("banner");
    const box = header.getByRole("combobox", { name: "Search performers" });
    await expect(box).toBeVisible();
    await box.pressSequentially("spid", { delay: 30 });
    const list = header.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option", { name: "Spider-Man" })).toBeVisible();
    const bounds = await list.boundingBox();
    expect(bounds!.x).toBeGreaterThanOrEqual(0);
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath("suggest-390.png") });
    await expectAccessible(page);
  });
});

test("/search/suggest answers JSON a CDN may keep, whatever is typed", async ({ request }) => {
  const response = await request.get("/search/suggest?q=spid");
  expect(response.headers()["cache-control"]).toMatch(/^public, max-age=\d+/);
  expect(response.headers()["set-cookie"]).toBeUndefined();
  expect((await response.json()).suggestions[0]).toEqual({ kind: "character", label: "Spider-Man", href: "/search?q=Spider-Man" });
  for (const q of ["%25_%5C%27%22", "%F0%9F%A6%B8", "x".repeat(500)]) {
    expect((await request.get(`/search/suggest?q=${q}`)).status()).toBe(200);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header's box is a plain form that searches", async ({ page }) => {
    await page.goto("/about");
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search performers" });
    await box.fill("spider-man");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=spider-man$/);
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("link", { name: performer.displayName })).toBeVisible();
  });
});
