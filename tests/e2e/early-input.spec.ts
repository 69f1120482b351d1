import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";
import { shortlistSetFor } from "./seed/shortlist";

// A phone on a slow connection shows the page well before its scripts have run (they start after
// the page has loaded and painted). What a visitor does in that moment must count once they have:
// a city picked in the filters, letters typed into the search box, a tap on the menu. Each journey
// here holds the page's JavaScript back, acts, then lets it run.

/** Holds every script file back until the returned function is called; it then waits for hydration. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await waitForHydration(page, "header");
  };
}

test.describe("what a visitor does before the scripts have run", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a city picked in the filters is the one applied", async ({ page }) => {
    const hydrate = await holdScripts(page);
    await page.goto("/browse/FL");
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByLabel("City", { exact: true }).selectOption("Orlando");
    // Still the server's page: React has not taken it over.
    expect(await page.evaluate(() => Object.keys(document.querySelector("main")!).some((key) => key.startsWith("__reactFiber")))).toBe(false);
    await hydrate();
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Orlando");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/FL\?city=Orlando$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Performers in Orlando, Florida");
  });

  test("a category ticked in the filters is the one applied", async ({ page }) => {
    const hydrate = await holdScripts(page);
    await page.goto("/browse/FL");
    await page.locator("summary", { hasText: "Filters" }).click();
    await page.getByRole("checkbox", { name: "Villain" }).check();
    await hydrate();
    await expect(page.getByRole("checkbox", { name: "Villain" })).toBeChecked();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/FL\?category=Villain$/);
  });

  test("letters typed into the header's box bring suggestions", async ({ page }) => {
    const hydrate = await holdScripts(page);
    await page.goto("/about");
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search performers" });
    await box.pressSequentially("spid", { delay: 30 });
    await hydrate();
    await expect(box).toHaveValue("spid");
    const list = page.getByRole("banner").getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("group", { name: "Characters & themes" }).getByRole("option").first()).toHaveText("Spider-Man");
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(box).toBeFocused();
    // Typing on works as usual.
    await box.press("End");
    await box.pressSequentially("er", { delay: 30 });
    await expect(box).toHaveValue("spider");
    await expect(list.getByRole("option", { name: "Spider Hero" })).toBeVisible();
  });

  test("a tap on the menu opens it once the page is ready", async ({ page }) => {
    const hydrate = await holdScripts(page);
    await page.goto("/about");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });
    await toggle.click();
    await hydrate();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Browse" })).toBeVisible();
  });

  test("a box ticked in a shared list's 'Ask them all' before its code arrives is counted", async ({ page }) => {
    // Reads only: both sets' performers, six in all, five of them ticked at first.
    const six = [...shortlistSetFor(0).performers, ...shortlistSetFor(1).performers];
    const hydrate = await holdScripts(page);
    await page.goto(`/shortlist?ids=${six.map((performer) => performer.id).join(",")}`);
    const whom = page.getByRole("group", { name: /^Whom to ask: up to 5/ });
    await whom.getByRole("checkbox", { name: six[1].displayName }).uncheck();
    await hydrate();
    await expect(whom).toHaveAccessibleName("Whom to ask: up to 5 (4 chosen)");
    await expect(whom.getByRole("checkbox", { name: six[1].displayName })).not.toBeChecked();
    const form = page.getByRole("form", { name: "Ask them all" });
    await expect(form).toContainText("One message to each of these 4 performers");
    await expect(form.locator('input[type="hidden"][name="profileIds"]')).toHaveCount(4);
  });

  test("a page left alone is unchanged by hydration", async ({ page }) => {
    const hydrate = await holdScripts(page);
    await page.goto("/browse/FL?city=Orlando");
    await hydrate();
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Orlando");
    await expect(page.getByRole("banner").getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("banner").getByRole("listbox", { name: "Suggestions" })).toBeHidden();
    await expect(page).toHaveURL(/\/browse\/FL\?city=Orlando$/);
  });
});
