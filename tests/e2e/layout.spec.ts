import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";


/** A link the app's own pages do not offer, added once hydrated (React would drop it as a mismatch before). */
async function addLinkAfterHydration(page: Page, href: string, text: string) {
  await waitForHydration(page, "main");
  await page.evaluate(
    ({ href, text }) => {
      const link = document.createElement("a");
      link.href = href;
      link.textContent = text;
      document.querySelector("main")?.append(link);
    },
    { href, text },
  );
}

const NO_BOOKINGS = "This site does not process payments or bookings. Please coordinate directly with the performer.";

test.describe("desktop layout", () => {
  test("header shows the site's links and the signed-out account links", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: "CostumeCast" });
    await expect(logo).toHaveAttribute("href", "/");
    for (const [name, href] of [
      ["Browse", "/browse"],
      ["Categories", "/categories"],
      ["About", "/about"],
      ["Sign In", "/signin"],
      ["Sign Up", "/signup"],
    ]) {
      await expect(header.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(header.getByRole("link", { name: "About", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
    await expect(header.getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    // The mobile toggle is not shown on a desktop-sized window.
    await expect(header.getByRole("button", { name: "Menu" })).toBeHidden();

    // The search box is in the header on every page but the search page, which has its own.
    await header.getByRole("search", { name: "Site search" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search$/);
    await expect(header.getByRole("search")).toHaveCount(0);

    await page.getByRole("banner").getByRole("link", { name: "CostumeCast" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("footer has the Browse, For Performers and Legal columns, social links and the no-bookings note", async ({ page }) => {
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    const columns: Record<string, [string, string][]> = {
      Browse: [
        ["Browse by State", "/browse"],
        ["Browse by Category", "/categories"],
        ["Search Performers", "/search"],
        ["About Us", "/about"],
        ["FAQ", "/faq"],
      ],
      "For Performers": [
        ["Create a Listing", "/signup"],
        ["Free Listing (Open Beta)", "/free-listing"],
        ["Listing Guidelines", "/guidelines"],
        ["Safety First", "/safety-first"],
      ],
      Legal: [
        ["Terms of Service", "/terms"],
        ["Privacy Policy", "/privacy"],
        ["Contact Us", "/contact"],
      ],
    };
    for (const [title, links] of Object.entries(columns)) {
      const column = footer.getByRole("navigation", { name: title });
      await expect(column.getByRole("heading", { name: title })).toBeVisible();
      for (const [name, href] of links) {
        await expect(column.getByRole("link", { name })).toHaveAttribute("href", href);
      }
    }
    const social = footer.getByRole("list", { name: "Social media" });
    for (const network of ["Instagram", "Facebook", "TikTok"]) {
      await expect(social.getByRole("link", { name: `CostumeCast on ${network}` })).toBeVisible();
    }
    await expect(footer.getByText(NO_BOOKINGS, { exact: true })).toBeVisible();

    // The footer is the server's HTML, kept as sent (no code of its own): its links still move within
    // the page, and it is still whole on the next page.
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await footer.getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    expect(await page.evaluate(() => "samePage" in window)).toBe(true);
    await expect(footer.getByRole("link", { name: "Terms of Service" })).toBeVisible();
    await expect(footer.getByText(NO_BOOKINGS, { exact: true })).toBeVisible();
  });

  test("a signed-in visitor sees Dashboard and Sign Out, and Sign Out signs them out", async ({ page }) => {
    const email = `layout-${Date.now()}@example.com`;
    const password = "layout-pass-123";
    const signUp = await page.request.post("/api/auth/sign-up/email", { data: { email, password, name: email } });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const signIn = await page.request.post("/api/auth/sign-in/email", { data: { email, password } });
    expect(signIn.ok(), await signIn.text()).toBe(true);

    await page.goto("/faq");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);
    await expect(header.getByRole("link", { name: "Sign Up" })).toHaveCount(0);

    await header.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toHaveCount(0);
    const session = await page.request.get("/api/auth/get-session");
    expect(await session.json()).toBeNull();
  });

  test("an unknown address shows the 404 page inside the layout", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | CostumeCast");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("main").getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Browse", exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(NO_BOOKINGS);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expectAccessible(page);
  });

  test("the 404 page keeps the layout working for client-side navigation", async ({ page }) => {
    await page.goto("/about");
    await addLinkAfterHydration(page, "/no-such-thing", "broken link");
    await page.getByRole("link", { name: "broken link" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test("the toast library is downloaded only when a toast is raised", async ({ page }) => {
  const scripts: Promise<string>[] = [];
  page.on("response", (response) => {
    // A body still in flight when the page moves on is gone (the browser drops it): that script
    // belonged to the page left behind, not to the toast raised after, so it reads as empty. Left
    // unread, its rejection ended the test in a CI run.
    if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
  });
  const toastLibraryLoaded = async () => (await Promise.all(scripts)).some((body) => body.includes("data-sonner-toaster"));

  await page.goto("/about");
  await page.waitForLoadState("networkidle");
  expect(await toastLibraryLoaded()).toBe(false);

  // Asking for a reset link raises a toast: the library loads then, and the toast shows.
  await page.goto("/forgot-password");
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(`toast-${Date.now()}@example.com`);
  await main.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Password reset link sent to your email!" })).toBeVisible();
  expect(await toastLibraryLoaded()).toBe(true);
});

test.describe("error pages from the root error boundary (the page loads on demand)", () => {
  test("served whole by the server, then hydrated and working", async ({ page }) => {
    const response = await page.goto("/browse/ZZ");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | CostumeCast");
    await waitForHydration(page, "main h1");
    await page.getByRole("main").getByRole("link", { name: "Browse performers" }).click();
    await expect(page).toHaveURL(/\/browse$/);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("reached by client-side navigation before its code was ever loaded", async ({ page }) => {
    await page.goto("/about");
    await addLinkAfterHydration(page, "/browse/ZZ", "unknown state");
    await page.getByRole("link", { name: "unknown state" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page).toHaveTitle("Page not found | CostumeCast");
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens and closes with the keyboard and returns focus to its toggle", async ({ page }) => {
    await page.goto("/guidelines");
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: "Menu" });
    // The desktop links are folded away at this width.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    const controls = await toggle.getAttribute("aria-controls");
    expect(controls).toBeTruthy();
    const menu = page.locator(`[id="${controls}"]`);
    await expect(menu).toHaveCount(1);
    await expect(menu).toBeHidden();
    await expect(menu).toHaveAttribute("aria-label", "Mobile");

    // Reach the toggle with Tab alone.
    let reached = false;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await toggle.evaluate((el) => el === document.activeElement);
    }
    expect(reached).toBe(true);

    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(menu).toBeVisible();

    for (const name of ["Search", "Browse", "Categories", "About", "Sign In", "Sign Up"]) {
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name, exact: true })).toBeFocused();
    }

    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await expectAccessible(page);
  });

  test("closes after following one of its links", async ({ page }) => {
    await page.goto("/guidelines");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expectAccessible(page);

    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About CostumeCast");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    // Following a link to the page already open closes the menu too.
    await toggle.click();
    await menu.getByRole("link", { name: "About", exact: true }).click();
    await expect(menu).toBeHidden();

    // On a phone the search box is the header's second row, always there.
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search performers" });
    await expect(box).toBeVisible();
    await box.fill("pirates");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=pirates$/);
  });
});
