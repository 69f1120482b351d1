import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForMail } from "./fixtures";
import { ACCOUNTS_PASSWORD } from "./seed/accounts";
import { DELETE_ACCOUNTS } from "./seed/delete-account";

// A performer deletes their account from the dashboard: the typed word, their password (a wrong one
// refused next to its field), the browser's dialog, the page saying it is done, and afterwards no profile page, no photo, no sign-in, a cancelled
// subscription in the Stripe sandbox and the confirmation email. At phone width (390 px), with axe.
// The shared toaster is left out of axe (its colours are reported separately).
const AXE = { exclude: ["[data-sonner-toaster]"] };
const DIALOG = "Are you sure you want to delete your account? This action cannot be undone.";

interface SandboxState {
  subscriptions: { id: string; status: string; metadata: Record<string, string> }[];
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test.use({ viewport: { width: 390, height: 844 } });

test("a paid performer deletes their account: profile gone at once, photo gone, signed out, subscription cancelled, email sent", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Each look at the photo on a connection of its own: one kept open from the last look, reused just
  // as the server's 5 s keep-alive closed it, was reset (ECONNRESET) once in CI.
  const request = {
    get: async (url: string) => {
      const context = await playwright.request.newContext({ baseURL });
      try {
        const response = await context.get(url);
        const body = await response.text();
        return { status: () => response.status(), json: async (): Promise<unknown> => JSON.parse(body) };
      } finally {
        await context.dispose();
      }
    },
  };
  // A checkout, two password checks and four accessibility scans: longer than most journeys.
  test.setTimeout(120_000);
  // A retry (CI retries once) needs an account the first attempt has not paid for or deleted.
  const performer = testInfo.retry === 0 ? DELETE_ACCOUNTS.paid : DELETE_ACCOUNTS.paidRetry;
  await signInAs(page, performer.email, "/dashboard/subscription");
  await page.getByRole("main").getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/checkout/`));
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?checkout=success$/);
  await expect(page.getByRole("heading", { name: "Listing Active" })).toBeVisible();

  await page.goto(`/profile/${performer.id}`);
  await expect(page.getByRole("heading", { level: 1, name: performer.displayName })).toBeVisible();
  const photo = await page.locator('main img[src^="/media/"]').first().getAttribute("src");
  expect(photo).toBeTruthy();
  expect((await request.get(photo!)).status()).toBe(200);

  // The way in: the separate area at the bottom of the dashboard.
  await page.goto("/dashboard");
  const area = page.getByRole("region", { name: "Delete account" });
  await expect(area).toBeVisible();
  await area.getByRole("link", { name: /Delete account/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/delete-account$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Delete Account" })).toBeVisible();
  await expect(main.getByText("Your profile leaves the directory at once.")).toBeVisible();
  await expect(main.getByText(/Your Yearly Membership subscription is cancelled now/)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, AXE);

  // A wrong word (and no password) is refused next to the fields, before anything is sent or asked.
  let dialogs = 0;
  page.on("dialog", (dialog) => {
    dialogs += 1;
    expect(dialog.message()).toBe(DIALOG);
    void dialog.accept();
  });
  const field = main.getByLabel("Type DELETE to confirm");
  const password = main.getByLabel("Your password");
  await expect(password).toHaveAttribute("type", "password");
  await expect(password).toHaveAttribute("autocomplete", "current-password");
  await field.fill("delete me");
  await main.getByRole("button", { name: "Delete my account" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByText("Please type DELETE to confirm.")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByText("Please enter your password.")).toBeVisible();
  expect(dialogs).toBe(0);
  await expectAccessible(page, AXE);

  // A wrong password: asked, sent, refused next to its field; nothing is deleted.
  await field.fill("DELETE");
  await password.fill("not-my-password");
  await main.getByRole("button", { name: "Delete my account" }).click();
  await expect(main.getByText("Incorrect password")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/dashboard\/delete-account$/);
  expect(dialogs).toBe(1);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, AXE);
  expect((await request.get(photo!)).status()).toBe(200);

  await password.fill(ACCOUNTS_PASSWORD);
  await main.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/delete-account\?done=1$/);
  expect(dialogs).toBe(2);
  await expect(page.getByRole("heading", { level: 1, name: "Your account has been deleted" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, AXE);

  const profile = await page.goto(`/profile/${performer.id}`);
  expect(profile?.status()).toBe(404);
  expect((await request.get(photo!)).status()).toBe(404);

  const state = (await (await request.get(`${process.env.E2E_STRIPE_URL}/_sandbox/state`)).json()) as SandboxState;
  const subscription = state.subscriptions.find((s) => s.metadata.user_id === performer.id);
  expect(subscription?.status).toBe("canceled");

  const mail = await waitForMail((m) => m.to.includes(performer.email) && m.subject === "Your CostumeCast account has been deleted");
  expect(mail.text).toContain("Your Yearly Membership subscription has been cancelled");

  // The dashboard is closed to the old cookie, and the password no longer signs in.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?/);
  const form = page.getByRole("main");
  await form.getByLabel("Email").fill(performer.email);
  await form.getByLabel(/^Password/).fill(ACCOUNTS_PASSWORD);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Failed to sign in. Please check your credentials.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test("the privacy page says how to delete an account", async ({ page }) => {
  await page.goto("/privacy");
  const section = page.getByRole("main");
  await expect(section.getByRole("heading", { name: "Deleting your account" })).toBeVisible();
  await expect(section.getByText(/type DELETE in the box, enter your password and press Delete my account/)).toBeVisible();
  await expect(section.getByRole("link", { name: "Delete Account" })).toHaveAttribute("href", "/dashboard/delete-account");
  await expectNoSidewaysScroll(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form is a plain post: a wrong word or password is refused next to its field, DELETE and the password delete", async ({ page }, testInfo) => {
    const performer = testInfo.retry === 0 ? DELETE_ACCOUNTS.noscript : DELETE_ACCOUNTS.noscriptRetry;
    await signInAs(page, performer.email, "/dashboard/delete-account");
    const main = page.getByRole("main");
    const field = main.getByLabel("Type DELETE to confirm");
    await field.fill("remove");
    await main.getByRole("button", { name: "Delete my account" }).click();
    await expect(main.getByText("Please type DELETE to confirm.")).toBeVisible();
    await expect(field).toHaveValue("remove");

    await field.fill("DELETE");
    await main.getByLabel("Your password").fill("not-my-password");
    await main.getByRole("button", { name: "Delete my account" }).click();
    await expect(main.getByText("Incorrect password")).toBeVisible();
    await expect(field).toHaveValue("DELETE");

    await main.getByLabel("Your password").fill(ACCOUNTS_PASSWORD);
    await main.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/dashboard\/delete-account\?done=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your account has been deleted" })).toBeVisible();
    const profile = await page.goto(`/profile/${performer.id}`);
    expect(profile?.status()).toBe(404);
  });
});
