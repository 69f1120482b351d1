import { expect, signInAs, test, waitForHydration } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { watchViolations } from "./csp";

// The Content-Security-Policy in a real browser: the site's own pages run (hydrate, open dialogs,
// show images) without a single violation, and a form on another site cannot post to it.

// The dev mailbox exists only in demo mode; its check runs against a demo server (dev-mailbox.spec.ts).
test("public pages and the welcome dialog run under the policy without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  // A first-time visitor, so the welcome dialog opens too.
  await page.goto("/?fresh-visitor");
  await waitForHydration(page);
  await expect(page.getByRole("dialog")).toBeVisible();
  for (const path of ["/browse", "/categories", "/search?q=hero", "/free-listing", "/signin"]) {
    await page.goto(path);
    await waitForHydration(page);
    expect(await violations(), path).toEqual([]);
  }
  // A profile: images (blur placeholders are data: URLs) and the inquiry form's script.
  await page.goto("/browse");
  const profile = page.locator('main a[href^="/profile/"]').first();
  await profile.click();
  await expect(page).toHaveURL(/\/profile\//);
  await waitForHydration(page);
  expect(await violations()).toEqual([]);
});

test("signed-in pages run under the policy and are never cached", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAs(page, ACCOUNTS.complete.email);
  for (const path of ["/dashboard", "/dashboard/edit-profile", "/dashboard/manage-images", "/dashboard/subscription"]) {
    const response = await page.goto(path);
    expect(response?.headers()["cache-control"], path).toBe("private, no-store");
    await waitForHydration(page);
    expect(await violations(), path).toEqual([]);
  }
});

test("a form on another site cannot sign a visitor out", async ({ page, baseURL }) => {
  await signInAs(page, ACCOUNTS.complete.email);
  // A page of another origin, served by the browser's own routing, that posts to our sign-out.
  const attacker = "http://attacker.test";
  await page.route(`${attacker}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<form method="post" action="${baseURL}/signout"><button>Win a prize</button></form>`,
    }),
  );
  await page.goto(`${attacker}/prize`);
  const answer = page.waitForResponse(`${baseURL}/signout`);
  await page.getByRole("button", { name: "Win a prize" }).click();
  expect((await answer).status()).toBe(403);
  // Still signed in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
});
