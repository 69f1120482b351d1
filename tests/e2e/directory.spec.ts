import { expect, expectAccessible, pauseClock, test, waitForHydration } from "./fixtures";
import { DIRECTORY_PASSWORD, HIDDEN, LISTED, PREVIEW_OWNER } from "./seed/directory";

const HIDDEN_NAMES = Object.values(HIDDEN)
  .map((h) => h.displayName)
  .filter((n): n is string => n !== null);

test.describe("public directory", () => {
  test("home page: hero links, featured performers, states and the listing call to action", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.headers()["cache-control"]).toMatch(/^public/);
    // A CDN (or the browser) revalidating an unchanged page gets an empty 304.
    const etag = response?.headers()["etag"];
    expect(etag).toMatch(/^W\//);
    const again = await page.request.get("/", { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
    const hero = page.getByRole("navigation", { name: "Ways to find performers" });
    for (const [name, href] of [
      ["Browse by Location", "/browse"],
      ["Browse by Category", "/categories"],
      ["Apply for Free Listing", "/free-listing"],
      ["Advanced Search", "/search"],
    ]) {
      await expect(hero.getByRole("link", { name })).toHaveAttribute("href", href);
    }
    // Other features seed listings too, so only the rule is checked: up to 8 real, public cards.
    const featured = page.getByRole("list", { name: "Featured performers" });
    const count = await featured.locator(":scope > li").count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(8);
    await expect(featured.getByText("Example profile")).toHaveCount(0);
    for (const name of HIDDEN_NAMES) await expect(page.getByText(name)).toHaveCount(0);
    const vermont = page.getByRole("link", { name: /^Vermont/ });
    await expect(vermont).toContainText("5 cities");
    await expect(vermont).toHaveAttribute("href", "/browse/VT");
    await expect(page.getByRole("link", { name: "Anime/Manga" })).toHaveAttribute("href", "/categories/Anime%2FManga");
    await expect(page.getByRole("link", { name: "Create Your Listing" })).toHaveAttribute(
      "href",
      "/signin?redirectTo=%2Fdashboard%2Fsubscription&message=Please+sign+in+to+continue+with+your+subscription.",
    );
    await expectAccessible(page);
  });

  test("the hero changes picture every 5 seconds, unless motion is reduced", async ({ page }) => {
    // The page's clock is stepped, not waited on: once the scripts run, six seconds pass exactly,
    // so "nothing changed" means the rotation did not run, not that a slow machine had not got there.
    await pauseClock(page);
    const slides = page.locator('section[aria-labelledby="hero-heading"] img');
    await page.goto("/");
    await waitForHydration(page, "header");
    await expect(slides).toHaveCount(4);
    await expect(slides.nth(0)).toHaveClass(/opacity-100/);
    await page.clock.runFor(4_900);
    await expect(slides.nth(1)).toHaveClass(/opacity-0/);
    await page.clock.runFor(200);
    await expect(slides.nth(1)).toHaveClass(/opacity-100/);

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page, "header");
    await page.clock.runFor(6_000);
    await expect(slides.nth(0)).toHaveClass(/opacity-100/);
    await expect(slides.nth(1)).toHaveClass(/opacity-0/);
  });

  test("browse by state, city and category, then open a profile", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: /^Vermont/ }).click();
    await expect(page).toHaveURL(/\/browse\/VT$/);
    await expect(page.getByRole("heading", { level: 1, name: "Performers in Vermont" })).toBeVisible();
    await expect(page).toHaveTitle(/Costume & Cosplay Performers in Vermont/);
    const results = page.getByRole("list", { name: "Performers" });
    await expect(results.getByRole("link", { name: LISTED.rutlandAnime.displayName })).toBeVisible();
    for (const name of HIDDEN_NAMES) await expect(page.getByText(name)).toHaveCount(0);
    await expectAccessible(page);

    // The city list belongs to the chosen state (its larger cities and any with a performer, by name).
    // Nothing applies until "Apply filters", the same as on search.
    const city = page.getByLabel("City", { exact: true });
    const apply = page.getByRole("button", { name: "Apply filters" });
    await expect(city.locator("option")).toHaveText(["All cities", "Barre", "Burlington", "Montpelier", "Rutland", "South Burlington"]);
    await city.selectOption("Rutland");
    await expect(page).toHaveURL(/\/browse\/VT$/);
    await apply.click();
    await expect(page).toHaveURL(/\/browse\/VT\?city=Rutland$/);
    // The city page lists the one based there, then others nearby (within 150 miles) in their own band.
    await expect(page.getByRole("heading", { name: /^\d+ performers? found$/ })).toBeVisible();
    await expect(page.getByRole("link", { name: LISTED.rutlandAnime.displayName }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Performers in Rutland, Vermont");
    await expect(page.locator("summary")).toHaveText("Filters (1)");

    // Changing the state clears the city; Back returns to the previous filters.
    await page.getByLabel("State", { exact: true }).selectOption("WY");
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("City", { exact: true })).toBeDisabled();
    await apply.click();
    await expect(page).toHaveURL(/\/browse\/WY$/);
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("");
    await page.goBack();
    await expect(page).toHaveURL(/\/browse\/VT\?city=Rutland$/);
    await expect(page.getByLabel("City", { exact: true })).toHaveValue("Rutland");

    await page.getByLabel("City", { exact: true }).selectOption("");
    await page.getByRole("checkbox", { name: "Villain" }).check();
    await apply.click();
    await expect(page).toHaveURL(/\/browse\/VT\?category=Villain$/);
    await expect(results.getByRole("link", { name: LISTED.burlingtonHero.displayName })).toBeVisible();
    await expect(results.getByRole("link", { name: LISTED.rutlandAnime.displayName })).toHaveCount(0);
    await page.getByRole("checkbox", { name: "Anime/Manga" }).check();
    await apply.click();
    await expect(page).toHaveURL(/\/browse\/VT\?category=Villain&category=Anime%2FManga$/);
    await expect(results.getByRole("link", { name: LISTED.rutlandAnime.displayName })).toBeVisible();
    await expect(page.locator("summary")).toHaveText("Filters (2)");

    const card = results.getByRole("listitem").filter({ hasText: LISTED.burlingtonHero.displayName });
    await expect(card).toContainText("Burlington, VT");
    await expect(card).toContainText("$100 - $150 / hour");
    await expect(card).toContainText("+1 more");
    await card.getByRole("link").click();
    await expect(page).toHaveURL(`/profile/${LISTED.burlingtonHero.id}`);
    await expect(page.getByRole("heading", { level: 1, name: LISTED.burlingtonHero.displayName })).toBeVisible();
  });

  test("profile page: gallery, details, social links and no contact email", async ({ page }) => {
    const response = await page.goto(`/profile/${LISTED.burlingtonHero.id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["etag"]).toMatch(/^W\//);
    expect(await response?.text()).not.toContain(LISTED.burlingtonHero.contactEmail);
    await expect(page.getByText("Burlington, Vermont")).toBeVisible();
    await expect(page.getByRole("complementary", { name: /^Contacting / }).getByText("$100 - $150 / hour")).toBeVisible();
    for (const section of ["About", "Travel & Availability", "Performance Details", "Connect"]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "Travel & Availability" })).toContainText("Available to travel for events");
    await expect(page.getByRole("region", { name: "Travel & Availability" })).toContainText("Performs locally, up to 10 miles");
    await expect(page.getByRole("region", { name: "Performance Details" })).toContainText("Background check completed, as the performer states it");
    const instagram = page.getByRole("region", { name: "Connect" }).getByRole("link", { name: /Instagram/ });
    await expect(instagram).toHaveAttribute("href", "https://www.instagram.com/gm.guardian");
    await expect(instagram).toHaveAttribute("rel", "nofollow noopener ugc");
    await expect(page.getByText("This site does not process payments or bookings. Please coordinate directly with the performer.").first()).toBeVisible();

    // Thumbnails switch the large picture, by mouse or keyboard.
    const thumbs = page.getByRole("list", { name: /Pictures of/ }).getByRole("link");
    await expect(thumbs).toHaveCount(2);
    await thumbs.nth(1).click();
    await expect(thumbs.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("img", { name: /image 2 of 2/ })).toBeVisible();
    // Arrow keys are the script's (a click is a link, and works before it); the page's scripts
    // start once it has loaded and painted, or the click before may have loaded a new page.
    await waitForHydration(page);
    await thumbs.nth(1).focus();
    await page.keyboard.press("ArrowRight");
    await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(thumbs.nth(0)).toBeFocused();

    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.map((t) => (JSON.parse(t) as { "@type": string })["@type"]);
    expect(types).toEqual(expect.arrayContaining(["ProfilePage", "BreadcrumbList"]));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /seed-0-640\.webp$/);
    await expectAccessible(page);
  });

  test("categories: list, a category page with filters, an unknown category", async ({ page }) => {
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Browse by Category" })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Anime/Manga" }).click();
    await expect(page).toHaveURL(/\/categories\/Anime%2FManga$/);
    await expect(page.getByRole("heading", { level: 1, name: "Anime/Manga Performers" })).toBeVisible();
    await expect(page.getByRole("link", { name: LISTED.rutlandAnime.displayName })).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.map((t) => (JSON.parse(t) as { "@type": string })["@type"])).toEqual(["CollectionPage", "BreadcrumbList"]);
    await expectAccessible(page);

    await page.getByLabel("State", { exact: true }).selectOption("WY");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/categories\/Anime%2FManga\?state=WY$/);
    await expect(page.locator("summary")).toHaveText("Filters (1)");
    await expect(page.getByText("No performers found matching your filters. Try adjusting your criteria.")).toBeVisible();

    const response = await page.goto("/categories/Pirates");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Category Not Found" })).toBeVisible();
    await expect(page.getByText('The category "Pirates" does not exist. Please check the URL and try again.')).toBeVisible();
    await expectAccessible(page);
  });

  test("unknown and hidden profiles, and an unknown state, are not found", async ({ page }) => {
    for (const id of [HIDDEN.unpaid.id, HIDDEN.inactive.id, HIDDEN.pastExpiry.id, HIDDEN.nameless.id, "no-such-profile"]) {
      const response = await page.goto(`/profile/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();
    }
    await expect(page.getByText(/removed, or it is not currently active/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Browse Performers" })).toHaveAttribute("href", "/browse");
    await expectAccessible(page);

    const state = await page.goto("/browse/ZZ");
    expect(state?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("the owner previews an unpaid profile; the page is never cached", async ({ page }) => {
    const signIn = await page.request.post("/api/auth/sign-in/email", {
      data: { email: PREVIEW_OWNER.email, password: DIRECTORY_PASSWORD },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    const response = await page.goto(`/profile/${PREVIEW_OWNER.id}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    const notice = page.getByRole("region", { name: "Preview Mode" });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("link", { name: "Activate your listing" })).toHaveAttribute("href", "/dashboard/subscription");
    await expect(notice.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: PREVIEW_OWNER.displayName })).toBeVisible();
    await expectAccessible(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browse filters work as a plain form", async ({ page }) => {
    await page.goto("/browse");
    await expect(page.getByLabel("City", { exact: true })).toBeDisabled();
    await page.getByLabel("State", { exact: true }).selectOption("VT");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/VT$/);
    await expect(page.getByLabel("City", { exact: true })).toBeEnabled();
    await page.getByLabel("City", { exact: true }).selectOption("Burlington");
    await page.getByRole("checkbox", { name: "Hero" }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/VT\?city=Burlington&category=Hero$/);
    await expect(page.getByRole("heading", { name: "1 performer found" })).toBeVisible();
    await expect(page.getByRole("link", { name: LISTED.burlingtonHero.displayName })).toBeVisible();

    // A city left over from another state is dropped.
    await page.getByLabel("State", { exact: true }).selectOption("WY");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/\/browse\/WY\?category=Hero$/);
    await expect(page.getByText("No performers found matching your filters. Try adjusting your criteria.")).toBeVisible();
    // axe needs JavaScript in the page; the same page with JavaScript is checked above.
  });
});
