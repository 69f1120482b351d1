import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { PARTY_DATE_PERFORMERS, partyDay } from "./seed/party-date";

// A parent on a phone looks for a performer free on her party date (issue 26): December 12 of next
// year, typed in the home page's "Party date" beside the box. The performer free that day comes
// first, saying so with the weekday and its package's price; the one who marked it booked is left
// out, counted in a note, until "Show them"; the filter sheet keeps the date, and the card's link
// takes it to the profile.

test.use({ viewport: { width: 390, height: 844 } });
test.describe.configure({ timeout: 120_000 });

const DAY = partyDay();
const WEEKDAY = new Date(`${DAY}T00:00:00Z`).toLocaleDateString("en-US", { weekday: "short", timeZone: "UTC" });
const { booked, free } = PARTY_DATE_PERFORMERS;

test("a parent searching for December 12 sees who is free first, and who is booked only when she asks", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  const box = page.getByRole("search", { name: "Find a performer" });
  await box.getByLabel("Party date").fill(DAY);
  await box.getByRole("combobox").fill("Zephyrine");
  await box.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=Zephyrine&date=${DAY}$`));

  const results = page.getByRole("list", { name: "Search results" });
  const freeCard = results.getByRole("article").filter({ hasText: free.displayName });
  await expect(freeCard).toContainText(`Free on ${WEEKDAY}, Dec 12`);
  await expect(freeCard).toContainText("Party visit from $150 · 45 min");
  await expect(freeCard.getByRole("link", { name: free.displayName })).toHaveAttribute("href", `/profile/${free.id}?date=${DAY}`);
  await expect(results.getByRole("article")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "1 performer found" })).toBeVisible();
  await expect(page.getByText("1 booked on Dec 12 is hidden")).toBeVisible();
  await expectAccessible(page);

  // The filter sheet keeps the date, and offers the booked ones too.
  const sheet = page.getByRole("main").locator("summary");
  await expect(sheet).toHaveText("Filters (1)");
  await sheet.click();
  await expect(page.getByLabel("Party date")).toHaveValue(DAY);
  await expect(page.getByLabel("Show booked performers")).not.toBeChecked();
  await sheet.click();

  await page.getByRole("link", { name: "Show them" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=Zephyrine&date=${DAY}&booked=show$`));
  const cards = results.getByRole("article");
  await expect(cards).toHaveCount(2);
  // Free first; the booked one last, though newer, and marked.
  await expect(cards.nth(0)).toContainText(free.displayName);
  await expect(cards.nth(1)).toContainText(booked.displayName);
  await expect(cards.nth(1)).toContainText("Booked on Dec 12");
  await expect(page.getByText("booked on Dec 12 is hidden")).toHaveCount(0);
  await sheet.click();
  await expect(page.getByLabel("Party date")).toHaveValue(DAY);
  await expect(page.getByLabel("Show booked performers")).toBeChecked();
  await expectAccessible(page);

  // The card takes the date to the profile.
  await page.getByRole("link", { name: free.displayName }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${free.id}\\?date=${DAY}$`));
});
