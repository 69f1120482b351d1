import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, pauseClock, test, waitForHydration } from "./fixtures";
import { PHONE_BROWSING } from "./seed/phone-browsing";

// A parent on a phone: results before filters, one way to apply filters everywhere, thumb-sized
// controls, the home page's search first, and account pages free of the welcome pop-up.

const PHONE = { width: 390, height: 844 };
const AXE = { exclude: ["[data-sonner-toaster]"] };
const MIN_TAP = 44;

const filtersToggle = (page: Page) => page.getByRole("main").locator("summary");

async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "element is laid out").not.toBeNull();
  return box!.height;
}

/**
 * The visible controls inside `scopes` shorter than a thumb (44 px), as "text (height)". Links
 * inside running text are left out: they sit in a line of words, not in a row of their own.
 */
async function smallTargets(page: Page, scopes: string[]): Promise<string[]> {
  return page.evaluate(
    ({ scopes, min }) => {
      const found: string[] = [];
      for (const scope of scopes) {
        for (const root of document.querySelectorAll(scope)) {
          for (const el of root.querySelectorAll<HTMLElement>("a, button, input:not([type=hidden]), select, summary")) {
            const box = el.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) continue;
            if (el.tagName === "A" && el.closest("p")) continue;
            const target = el.tagName === "INPUT" && ["checkbox", "radio"].includes((el as HTMLInputElement).type) ? el.closest("label") ?? el : el;
            const height = target.getBoundingClientRect().height;
            if (height < min) found.push(`${scope}: ${(el.textContent || el.getAttribute("aria-label") || el.tagName).trim()} (${Math.round(height)})`);
          }
        }
      }
      return found;
    },
    { scopes, min: MIN_TAP },
  );
}

test.describe("phone-first browsing", () => {
  test.use({ viewport: PHONE });

  test("a state page shows performers first; the filters fold behind one control and apply with a button", async ({ page }) => {
    await page.goto("/browse/CA");
    await waitForHydration(page, "header");
    const results = page.getByRole("list", { name: "Performers" });
    const firstCard = results.getByRole("article").first();
    await expect(firstCard).toBeInViewport();
    await expect(results.getByRole("link", { name: PHONE_BROWSING.longNameHero.displayName })).toBeVisible();

    // Folded: one control, no filter fields in the way.
    const toggle = filtersToggle(page);
    await expect(toggle).toHaveText("Filters");
    await expect(page.getByLabel("State", { exact: true })).toBeHidden();
    await expect(page.getByRole("checkbox", { name: "Mascot Style" })).toBeHidden();
    expect(await heightOf(toggle)).toBeGreaterThanOrEqual(MIN_TAP);
    expect(await smallTargets(page, ["header", "main aside", "nav[aria-label=Pagination]", "footer"])).toEqual([]);
    // Nothing is wider than the screen, long stage names included.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page);

    await toggle.click();
    await expect(page.getByLabel("State", { exact: true })).toBeVisible();
    // Every control is big enough for a thumb: each category's whole row is its label.
    const labels = page.getByRole("group", { name: "Categories" }).locator("label");
    expect(await labels.count()).toBe(15);
    for (const label of await labels.all()) expect(await heightOf(label)).toBeGreaterThanOrEqual(MIN_TAP);
    for (const control of [page.getByLabel("State", { exact: true }), page.getByLabel("City", { exact: true }), page.getByRole("button", { name: "Apply filters" })]) {
      expect(await heightOf(control)).toBeGreaterThanOrEqual(MIN_TAP);
    }
    expect(await smallTargets(page, ["main aside"])).toEqual([]);
    await expectAccessible(page);

    // Ticking does not change the page out of view; the button applies.
    await page.getByRole("checkbox", { name: "Mascot Style" }).check();
    await expect(page).toHaveURL(/\/browse\/CA$/);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/CA\?category=Mascot\+Style$/);
    await expect(results.getByRole("link", { name: PHONE_BROWSING.mascot.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: PHONE_BROWSING.longNameHero.displayName })).toHaveCount(0);
    await expect(results.getByRole("link", { name: PHONE_BROWSING.villain.displayName })).toHaveCount(0);
    // Folded again, counting what is on, with the new results in view.
    await expect(toggle).toHaveText("Filters (1)");
    await expect(page.getByLabel("State", { exact: true })).toBeHidden();
    await expect(results.getByRole("article").first()).toBeInViewport();
  });

  test("an empty result keeps the filters one tap away; a category page counts its filters the same way", async ({ page }) => {
    await page.goto("/browse/CA?category=Furry&category=Sci-Fi");
    await expect(page.getByText("No performers found matching your filters. Try adjusting your criteria.")).toBeInViewport();
    await expect(filtersToggle(page)).toHaveText("Filters (2)");
    await expectAccessible(page);

    // A category page: its own category is the page, not a filter; a state is.
    await page.goto("/categories/Mascot%20Style");
    await expect(page.getByRole("list", { name: "Performers" }).getByRole("link", { name: PHONE_BROWSING.mascot.displayName })).toBeVisible();
    await expect(filtersToggle(page)).toHaveText("Filters");
    await page.goto("/categories/Mascot%20Style?state=WY");
    await expect(filtersToggle(page)).toHaveText("Filters (1)");
    await expect(page.getByText("No performers found matching your filters. Try adjusting your criteria.")).toBeInViewport();
    await expectAccessible(page);

    // A category nobody is listed in yet (no test adds one): its blurb, and made-up cards that say so.
    // (The 18+ page has an adults-only act since the audience journey seeds one.)
    await page.goto("/categories/Video%20Game%20Character");
    await expect(page.getByText("Icons from consoles, arcades and online worlds.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Example profiles" })).toBeVisible();
    await expect(page.getByText("They are not real performers.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Example profiles" }).getByRole("article").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, AXE);
  });

  test("search folds its filters the same way and applies them with the same button", async ({ page }) => {
    await page.goto("/search?q=sacramento");
    await waitForHydration(page, "header");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("article").first()).toBeInViewport();
    await expect(results.getByRole("link", { name: PHONE_BROWSING.longNameHero.displayName })).toBeVisible();
    const toggle = filtersToggle(page);
    await expect(toggle).toHaveText("Filters");
    await expect(page.getByLabel("Category", { exact: true })).toBeHidden();
    expect(await heightOf(page.getByRole("main").getByRole("combobox", { name: "Search performers" }))).toBeGreaterThanOrEqual(MIN_TAP);
    await expectAccessible(page);

    await toggle.click();
    expect(await smallTargets(page, ["header", "main form[role=search]"])).toEqual([]);
    for (const name of ["State", "City", "Category"]) expect(await heightOf(page.getByLabel(name, { exact: true }))).toBeGreaterThanOrEqual(MIN_TAP);
    await page.getByLabel("Category", { exact: true }).selectOption("Mascot Style");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/search\?q=sacramento&category=Mascot\+Style$/);
    await expect(results.getByRole("link", { name: PHONE_BROWSING.mascot.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: PHONE_BROWSING.longNameHero.displayName })).toHaveCount(0);
    await expect(filtersToggle(page)).toHaveText("Filters (1)");
    await expect(page.getByLabel("Category", { exact: true })).toBeHidden();
  });

  test("the home page's first action is a search box with suggestions; the menu has Search", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page, "header");
    const hero = page.getByRole("search", { name: "Find a performer" });
    const box = hero.getByRole("combobox");
    await expect(box).toBeInViewport();
    await expect(box).toHaveAttribute("placeholder", "Character, city or ZIP");
    // Not twice on one small screen: the header's box steps aside on the home page.
    await expect(page.getByRole("search", { name: "Site search" })).toBeHidden();
    expect(await smallTargets(page, ["header", 'section[aria-labelledby="hero-heading"]'])).toEqual([]);
    // The first thing to reach by keyboard inside the banner.
    const firstControl = page.locator('section[aria-labelledby="hero-heading"]').locator("input, a, button").first();
    await expect(firstControl).toHaveAttribute("role", "combobox");

    await box.pressSequentially("sacram");
    await expect(hero.getByRole("listbox")).toBeVisible();
    await expect(hero.getByRole("option").first()).toBeVisible();
    await expectAccessible(page);
    await box.fill("sacramento");
    await box.press("Escape");
    await hero.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=sacramento$/);
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("link", { name: PHONE_BROWSING.mascot.displayName })).toBeVisible();

    const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });
    expect(await heightOf(toggle)).toBeGreaterThanOrEqual(MIN_TAP);
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search Performers" })).toBeVisible();
  });

  test("Create Your Listing asks to sign in (the spec's checkout path), offers a new account, then sign-in with the email filled in; a wrong password says so once", async ({ page }, testInfo) => {
    const email = `phone-signup-${testInfo.retry}-${Date.now()}@example.com`;
    await page.goto("/");
    await page.getByRole("link", { name: "Create Your Listing" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fsubscription&message=/);
    await expect(page.getByText("Please sign in to continue with your subscription.")).toBeVisible();
    await page.getByRole("link", { name: "Create your account" }).click();
    await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fdashboard%2Fsubscription$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();

    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel(/^Password/).fill("phone-pass-1");
    await main.getByLabel("Confirm password").fill("phone-pass-1");
    await main.getByRole("button", { name: "Sign Up" }).click();

    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fsubscription$/);
    await expect(page.getByText("Account created successfully! Please sign in.")).toBeVisible();
    // Filled in without the address ever being in a URL.
    await expect(main.getByLabel("Email")).toHaveValue(email);
    expect(page.url()).not.toContain(encodeURIComponent(email));
    await expectAccessible(page, AXE);

    await main.getByLabel(/^Password/).fill("not-the-password");
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(main.getByRole("alert")).toHaveText("Failed to sign in. Please check your credentials.");
    await expect(page.getByText("Failed to sign in. Please check your credentials.")).toHaveCount(1);
    await expect(main.getByLabel("Email")).toHaveValue(email);

    // A later visit to the sign-in page starts empty: the address was handed over once.
    await page.goto("/signin");
    await expect(main.getByLabel("Email")).toHaveValue("");

    await main.getByLabel("Email").fill(email);
    await main.getByLabel(/^Password/).fill("phone-pass-1");
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("phone-first browsing without JavaScript", () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test("the folded filters open and apply as a plain form", async ({ page }) => {
    await page.goto("/browse/CA");
    await expect(page.getByRole("list", { name: "Performers" }).getByRole("article").first()).toBeInViewport();
    await expect(page.getByLabel("State", { exact: true })).toBeHidden();
    await filtersToggle(page).click();
    await page.getByRole("checkbox", { name: "Villain" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/CA\?category=Villain$/);
    const results = page.getByRole("list", { name: "Performers" });
    await expect(results.getByRole("link", { name: PHONE_BROWSING.villain.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: PHONE_BROWSING.mascot.displayName })).toHaveCount(0);
    await expect(filtersToggle(page)).toHaveText("Filters (1)");

    await page.goto("/search?q=sacramento");
    await filtersToggle(page).click();
    await page.getByLabel("Category", { exact: true }).selectOption("Mascot Style");
    await page.getByRole("button", { name: "Apply filters" }).click();
    // The plain form's empty fields are tidied away by the server's canonical address.
    await expect(page).toHaveURL(/\/search\?q=sacramento&category=Mascot\+Style$/);
    await expect(page.getByRole("list", { name: "Search results" }).getByRole("link", { name: PHONE_BROWSING.mascot.displayName })).toBeVisible();
    await expect(filtersToggle(page)).toHaveText("Filters (1)");
  });
});

test.describe("the welcome pop-up on a phone", () => {
  test.use({ viewport: PHONE });

  function welcome(page: Page) {
    return page.getByRole("dialog", { name: /your first listing could be free/i });
  }

  test("is a banner at the end of the content that covers nothing, moves nothing and takes no focus", async ({ page }) => {
    await pauseClock(page);
    await page.goto("/?fresh-visitor=1");
    await waitForHydration(page, "header");
    const focused = await page.evaluate(() => document.activeElement?.tagName);
    await page.clock.runFor(2_100);
    const banner = welcome(page);
    await expect(banner).toBeVisible();
    // In the flow, after the page's content and before the footer: nothing is drawn over.
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    const bannerBox = (await banner.boundingBox())!;
    const mainBox = (await page.locator("main").boundingBox())!;
    const footerBox = (await page.getByRole("contentinfo").boundingBox())!;
    expect(bannerBox.y).toBeGreaterThanOrEqual(mainBox.y + mainBox.height);
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(footerBox.y);
    // The visitor stays where they were, with the focus they had.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe(focused);
    await banner.scrollIntoViewIfNeeded();
    // axe waits on timers of its own: the clock runs again for it.
    await page.clock.resume();
    await expectAccessible(page);
    await banner.getByRole("button", { name: "Maybe later" }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("hasSeenWelcomePopup"))).toBe("true");
  });

  test("waits while a parent is on a profile, search results or the shortlist", async ({ page }) => {
    await pauseClock(page);
    for (const path of [`/profile/${PHONE_BROWSING.mascot.id}`, "/search?q=mascot", "/shortlist"]) {
      await page.goto(`${path}${path.includes("?") ? "&" : "?"}fresh-visitor=1`);
      await waitForHydration(page, "header");
      await page.clock.runFor(10_000);
      await expect(welcome(page), path).toHaveCount(0);
    }
    expect(await page.evaluate(() => window.localStorage.getItem("hasSeenWelcomePopup"))).toBeNull();
    await page.goto("/browse?fresh-visitor=1");
    await waitForHydration(page, "header");
    await page.clock.runFor(2_100);
    await expect(welcome(page)).toBeVisible();
  });

  test("never opens over the account pages, however long the visitor stays", async ({ page }) => {
    await pauseClock(page);
    for (const path of ["/signin", "/signup", "/forgot-password"]) {
      await page.goto(`${path}?fresh-visitor=1`);
      await waitForHydration(page, "header");
      await page.clock.runFor(10_000);
      await expect(welcome(page)).toHaveCount(0);
    }
    // Not dismissed, only held back: a browsing page still shows it.
    expect(await page.evaluate(() => window.localStorage.getItem("hasSeenWelcomePopup"))).toBeNull();
    await page.goto("/about?fresh-visitor=1");
    await waitForHydration(page, "header");
    await page.clock.runFor(2_100);
    await expect(welcome(page)).toBeVisible();
  });

  test("waits while the visitor is filling in a form, and shows on a later page", async ({ page }) => {
    await pauseClock(page);
    const box = page.getByRole("search", { name: "Find a performer" }).getByRole("combobox");

    // Typing, then leaving the field: the form was touched, so this page view goes without it.
    await page.goto("/?fresh-visitor=1");
    await waitForHydration(page, "header");
    await box.click();
    await box.pressSequentially("pri");
    await box.blur();
    await page.clock.runFor(5_000);
    await expect(welcome(page)).toHaveCount(0);

    // Still in a field when the two seconds are up.
    await page.goto("/?fresh-visitor=1");
    await waitForHydration(page, "header");
    await box.focus();
    await page.clock.runFor(5_000);
    await expect(welcome(page)).toHaveCount(0);
    await expect(box).toBeFocused();
    expect(await page.evaluate(() => window.localStorage.getItem("hasSeenWelcomePopup"))).toBeNull();

    await page.goto("/about?fresh-visitor=1");
    await waitForHydration(page, "header");
    await page.clock.runFor(2_100);
    await expect(welcome(page)).toBeVisible();
  });
});
