import { expect, expectAccessible, test } from "./fixtures";
import { WIDEN } from "./seed/widen";

// A ZIP code few performers travel to: the search looks further, says by how much, and still
// lists the one who travels there first, then those it added under their own heading, every card
// with its distance.

test("a ZIP code few performers travel to widens the search and says by how much", async ({ page }) => {
  await page.goto("/search?q=tumbleweed+68801");
  await expect(
    page.getByText("Only 1 performer travels to 68801 (Grand Island, NE). We widened the search by 50 miles to show 2 more."),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "3 performers found" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Search results" }).getByRole("article");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(WIDEN.grandIsland.displayName);
  await expect(cards.first()).toContainText("2 miles away");
  // Those the wider search added come after, under their own heading.
  const farther = page.getByRole("region", { name: "A little farther away" });
  await expect(farther.getByText(/ask whether they would come/)).toBeVisible();
  const added = farther.getByRole("article");
  await expect(added).toHaveCount(2);
  for (const performer of [WIDEN.kearneyFirst, WIDEN.kearneySecond]) {
    await expect(added.filter({ hasText: performer.displayName })).toContainText("41 miles away");
  }
  await expectAccessible(page);
});
