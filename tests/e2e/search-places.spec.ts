import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { BARE_PLACES } from "./seed/bare-places";

// A parent on a phone types only their town: "stephenville" finds the performers who travel
// there though nobody is based in it; "springfield" shows Springfield, IL and asks which
// Springfield was meant, each state a link; the suggestions offer a town nobody is based in; and
// a card shows the character that matched, highlighted.

test.use({ viewport: { width: 390, height: 844 } });
// Each journey loads two or three result pages with an axe scan apiece: on a shared two-core
// machine that passed the 45 s default.
test.describe.configure({ timeout: 90_000 });

const hero = BARE_PLACES.crossTimbersHero;
const clown = BARE_PLACES.capitolClown;

test('"springfield" shows the most populous Springfield and asks which one, each state a link', async ({ page }, testInfo) => {
  await page.goto("/search?q=springfield");
  const choices = page.getByRole("navigation", { name: "Which Springfield did you mean?" });
  await expect(choices).toContainText("Springfield is in more than one state. Showing Springfield, IL.");
  const links = choices.getByRole("link");
  await expect(links.nth(0)).toHaveAccessibleName("Springfield, IL");
  await expect(links.nth(1)).toHaveAccessibleName("Springfield, MA");
  await expect(links.nth(2)).toHaveAccessibleName("Springfield, MO");
  await expect(page.getByRole("link", { name: clown.displayName })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("springfield-390.png"), fullPage: true });
  await expectAccessible(page);

  // The rest of the states are one tap further, and the page fits the phone's width.
  await choices.getByText(/^More states/).click();
  await expect(choices.getByRole("link", { name: "Springfield, OH" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await choices.getByRole("link", { name: "Springfield, MO" }).click();
  await expect(page).toHaveURL(/\/search\?q=springfield\+MO$/);
  // Now the search is for Springfield, Missouri, and asks nothing more.
  await expect(page.getByRole("main").getByRole("combobox", { name: "Search performers" })).toHaveValue("springfield MO");
  await expect(page.getByText(/Springfield, MO/).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Which Springfield did you mean?" })).toHaveCount(0);
});

test('"stephenville" finds who travels there, and a card shows the character that matched', async ({ page }, testInfo) => {
  await page.goto("/search?q=stephenville");
  await expect(page.getByText(/Stephenville, TX/).first()).toBeVisible();
  const card = page.getByRole("article").filter({ hasText: hero.displayName });
  await expect(card).toBeVisible();
  // About 65 miles from Fort Worth, within the performer's 100-mile range.
  await expect(card).toContainText(/6\d mi/);
  await expectAccessible(page);

  await page.goto("/search?q=batman+stephenville");
  const matched = page.getByRole("article").filter({ hasText: hero.displayName });
  // The matching character comes first, highlighted, though the performer lists it second.
  await expect(matched.locator("mark")).toHaveText("Masked Night Hero");
  await expect(matched.getByText(/^Plays Masked Night Hero, Friendly Robot/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("stephenville-390.png"), fullPage: true });
  await expectAccessible(page);
});

test("the search box suggests a town where nobody is based", async ({ page }) => {
  await page.goto("/search");
  await waitForHydration(page);
  const box = page.getByRole("main").getByRole("combobox", { name: "Search performers" });
  await box.pressSequentially("stephenv", { delay: 30 });
  const option = page.getByRole("listbox", { name: "Suggestions" }).getByRole("group", { name: "Places" }).getByRole("option", {
    name: "Stephenville, TX: performers who travel there",
  });
  await expect(option).toBeVisible();
  await expectAccessible(page);
  await option.click();
  await expect(page).toHaveURL(/\/search\?q=Stephenville\+TX$/);
  await expect(page.getByRole("link", { name: hero.displayName })).toBeVisible();
});
