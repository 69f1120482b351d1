import { expect, expectAccessible, signInAs, test, waitForHydration } from "./fixtures";
import { PACKAGES_ACCOUNTS } from "./seed/packages";

// Packages on a phone (issue 26): a listed performer adds a package and a flat travel fee in the
// editor by keyboard, a half-filled one is refused next to its field, a second is removed after its
// confirmation; the public profile shows the package and the fee, and a search near 32801 shows the
// card's "from" line with the price delivered there, which the budget filter reads.

test.use({ viewport: { width: 390, height: 844 } });

const AXE = { exclude: ["[data-sonner-toaster]"] };

test("a performer adds a package; the profile and a card near 32801 show it", async ({ page }) => {
  test.setTimeout(180_000);
  const performer = test.info().retry === 0 ? PACKAGES_ACCOUNTS.first : PACKAGES_ACCOUNTS.retry;
  await signInAs(page, performer.email);
  await page.goto("/dashboard/edit-profile");
  await waitForHydration(page);
  const section = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Packages" }) });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText("CostumeCast handles no money between you and families", { exact: false })).toBeVisible();

  // Added by keyboard: the new package's name takes the focus.
  await section.getByRole("button", { name: "Add a package" }).focus();
  await page.keyboard.press("Enter");
  await expect(section.getByLabel("Package name")).toBeFocused();
  await page.keyboard.type("Party visit");
  await section.getByLabel("Price ($)").fill("150");
  await section.getByLabel("Length (minutes)").fill("45");
  await section.getByLabel("Most children").fill("20");
  await section.getByLabel("What is included").fill("Songs, a wand ceremony and photos with every guest.");

  // A second package started and left without a price is refused beside the field.
  await section.getByRole("button", { name: "Add a package" }).click();
  const second = section.getByRole("group", { name: "Package 2" });
  await second.getByLabel("Package name").fill("Tea party");
  await second.getByLabel("Length (minutes)").fill("60");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(second.getByLabel("Price ($)")).toBeFocused();
  await expect(second.getByText("Enter the package price in whole dollars")).toBeVisible();
  await expectAccessible(page, AXE);

  // Removed after its confirmation; "Keep it" first, so nothing goes by a stray tap.
  await second.getByRole("button", { name: "Remove package 2" }).click();
  await expect(second.getByRole("button", { name: "Keep it" })).toBeFocused();
  await second.getByRole("button", { name: "Yes, remove" }).click();
  await expect(section.getByRole("group", { name: "Package 2" })).toHaveCount(0);
  await expect(section.getByRole("status")).toHaveText("Tea party was removed. Save your profile to keep this change.");

  await section.getByLabel("How you charge for travel").selectOption("flat");
  await section.getByLabel("Flat travel fee ($)").fill("35");
  await section.getByLabel("Deposit to book").selectOption("percent");
  await section.getByLabel("Deposit (% of the price)").fill("25");
  await section.getByLabel("Venmo").check();
  await expectAccessible(page, AXE);
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`/profile/${performer.id}`);
  const packages = page.locator("section").filter({ has: page.getByRole("heading", { level: 2, name: "Packages" }) });
  await expect(packages.getByRole("heading", { level: 3 })).toHaveText(["Party visit"]);
  await expect(packages).toContainText("$150 · 45 min");
  await expect(packages).toContainText("Up to 20 children");
  await expect(packages).toContainText("Travel fee: $35 flat.");
  await expect(packages).toContainText("Deposit to book: 25% of the price.");
  await expect(packages).toContainText("Accepts Venmo.");
  // The hourly price keeps its place among the facts.
  const facts = page.getByRole("list", { name: `About ${performer.displayName} at a glance` });
  await expect(facts.getByText("$120 - $200 / hour")).toBeVisible();

  await page.goto(`/search?q=${encodeURIComponent(performer.displayName)}+32801`);
  const card = page.getByRole("article").filter({ hasText: performer.displayName });
  await expect(card).toContainText("Party visit from $150 · 45 min");
  await expect(card).toContainText("about $185 with travel to 32801");
  await expectAccessible(page, AXE);

  // The budget reads that visit delivered ($150 and the $35 fee), not the hourly $120: within
  // "Up to $200", over "Up to $150".
  await page.goto(`/search?q=${encodeURIComponent(performer.displayName)}+32801&budget=200`);
  await expect(card).toContainText("about $185 with travel to 32801");
  await page.goto(`/search?q=${encodeURIComponent(performer.displayName)}+32801&budget=150`);
  await expect(page.getByLabel("Maximum budget")).toHaveValue("150");
  await expect(page.getByRole("article").filter({ hasText: performer.displayName })).toHaveCount(0);
});
