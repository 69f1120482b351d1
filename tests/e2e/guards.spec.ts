import { expect, test } from "./fixtures";

// Every page that needs an account, opened while signed out, lands on /signin carrying the way back.
const GUARDED = [
  "/dashboard",
  "/dashboard?checkout=success",
  "/dashboard/edit-profile",
  "/dashboard/edit-profile/someone-else",
  "/dashboard/manage-images",
  "/dashboard/subscription",
  "/dashboard/preview",
  "/dashboard/calendar",
  "/dashboard/alerts",
  "/safety-first",
  "/admin",
];

for (const path of GUARDED) {
  test(`${path} redirects a signed-out visitor to sign in`, async ({ page }) => {
    await page.goto(path);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/signin");
    expect(url.searchParams.get("redirectTo")).toBe(path);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });
}

test("a signed-out POST to the dashboard is refused", async ({ page }) => {
  const response = await page.request.post("/dashboard", {
    form: { intent: "delete", id: "3f1c1d1e-0000-4000-8000-000000000001", confirmed: "yes" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/signin\?redirectTo=/);
});
