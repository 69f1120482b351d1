import { expect, expectAccessible, signInAs, test, waitForHydration } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { TRADEMARK } from "./seed/trademark";

// Trademark care on a phone (issue 28): a performer types a trademarked name as a character, is
// offered the description a search for it still finds, takes it with one tap and saves; the
// profile carries the "not affiliated" line; the admin filters the profiles list to those using a
// trademarked name and sees the word named, and an application's characters are flagged too. axe
// on each view.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

test("a performer types a trademarked character, takes the suggested description and saves", async ({ page }, testInfo) => {
  const performer = TRADEMARK.performers[Math.min(testInfo.retry, TRADEMARK.performers.length - 1)];
  await signInAs(page, performer.email, "/dashboard/edit-profile");
  await waitForHydration(page);

  const box = page.getByLabel("Character 1", { exact: true });
  await box.fill("Elsa");
  const note = page.locator("#profile-character-0-trademark");
  // A polite live region, and the box's description: read once typing pauses, and again on focus.
  await expect(note).toHaveAttribute("aria-live", "polite");
  await expect(note).toHaveText(
    "\u201cElsa\u201d is a trademarked name. Try \u201cIce Queen\u201d or \u201cSnow Queen\u201d: families searching \u201cElsa\u201d will still find you.",
  );
  await expect(box).toHaveAccessibleDescription(/families searching \u201cElsa\u201d will still find you/);
  await expectAccessible(page, TOASTS_ASIDE);

  // "Belle" in a town's name is no trademark: the note goes once the word is longer.
  await box.fill("Bellevue Balloon");
  await expect(note).toBeEmpty();
  await box.fill("elsa's winter show");
  await expect(note).toContainText("\u201celsa\u201d is a trademarked name.");

  // One tap (by keyboard here) puts the description in place of the name, and says so.
  const use = page.getByRole("button", { name: "Use \u201cIce Queen\u201d" });
  await use.focus();
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue("Ice Queen's winter show");
  await expect(box).toBeFocused();
  await expect(note).toHaveText("Changed to \u201cIce Queen\u201d.");
  await expect(page.getByRole("button", { name: "Use \u201cIce Queen\u201d" })).toHaveCount(0);

  await box.fill("Ice Queen");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("Profile updated successfully!")).toBeVisible();

  // The public profile: the character as saved, and the line saying no brand is behind it.
  await page.goto(`/profile/${performer.id}`);
  await expect(page.getByRole("list", { name: "Characters" }).getByText("Ice Queen", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Characters here are the performer's own portrayals; neither the performer nor CostumeCast is affiliated with or endorsed by any studio, publisher or brand."),
  ).toBeVisible();
});

test("the admin's profiles list flags a profile that uses a trademarked name, naming the word", async ({ page }) => {
  await signInAs(page, ACCOUNTS.admin.email, "/admin?tab=profiles");
  await page.getByRole("searchbox", { name: "Search" }).fill(TRADEMARK.flagged.displayName);
  await page.getByRole("button", { name: "Apply" }).click();
  const row = page.getByTestId("profile-row").filter({ hasText: TRADEMARK.flagged.displayName });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("trademark-flag")).toHaveText("Trademark: \u201cSpider-Man\u201d");
  await expectAccessible(page, TOASTS_ASIDE);

  // The record's own view names it too.
  await row.getByRole("link", { name: TRADEMARK.flagged.displayName }).click();
  await expect(page.getByRole("heading", { name: TRADEMARK.flagged.displayName })).toBeVisible();
  await expect(page.getByTestId("trademark-flag")).toHaveText("Trademark: \u201cSpider-Man\u201d");
  await expectAccessible(page, TOASTS_ASIDE);

  // An application's characters, which an approval copies onto the profile, are flagged before that.
  await page.goto(`/admin?view=${TRADEMARK.request.id}`);
  await expect(page.getByRole("heading", { name: `Request from ${TRADEMARK.request.fullName}` })).toBeVisible();
  await expect(page.getByTestId("trademark-flag")).toHaveText("Trademark: \u201cBatman\u201d, \u201cPikachu\u201d");
  await expectAccessible(page, TOASTS_ASIDE);
});
