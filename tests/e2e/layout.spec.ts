import { expect, expectAccessible, test } from "./fixtures";

test("header links, footer note and the 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Browse" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(
    "This site does not process payments or bookings. Please coordinate directly with the performer.",
  );
  await expectAccessible(page);
});
