import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { SUBSCRIPTION_ACCOUNTS } from "./seed/subscription";

// The subscription page against the Stripe-shaped sandbox (E2E_STRIPE_URL): what an unpaid and a
// paid performer see, and the whole journey Subscribe Now -> Pay -> Listing Active -> Manage billing
// -> Cancel. The shared toaster is left out of axe (its colours are reported separately).
const AXE = { exclude: ["[data-sonner-toaster]"] };
const DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/;


test("signed out, the subscription page sends the visitor to sign in and back", async ({ page }) => {
  await page.goto("/dashboard/subscription");
  await expect(page).toHaveURL(/\/signin\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("redirectTo")).toBe("/dashboard/subscription");
  await expect(page.getByText("Please sign in to continue with your subscription.")).toBeVisible();
});

test("an unpaid performer sees the spec's plan, features, FAQ and the free listing", async ({ page }) => {
  await signInAs(page, SUBSCRIPTION_ACCOUNTS.unpaid.email, "/dashboard/subscription");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Get Discovered by Clients" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "Yearly Membership" })).toBeVisible();
  await expect(main.getByText("$29 per year")).toBeVisible();
  await expect(main.getByText("Billed annually")).toBeVisible();
  for (const feature of [
    "Professional profile listing",
    "Up to 4 images",
    "Bio and services description",
    "Location-based visibility",
    "Category search inclusion",
    "Direct client inquiries",
    "Social media links",
    "Automatic yearly renewal",
  ]) {
    await expect(main.getByRole("listitem").filter({ hasText: feature })).toBeVisible();
  }
  await expect(main.getByRole("button", { name: "Subscribe Now" })).toBeVisible();
  await expect(main.getByText("Subscription renews automatically. Cancel anytime.")).toBeVisible();
  await expect(main.getByText(/Secure payment by card/)).toBeVisible();
  await expect(main.getByText(/does not process bookings or payments between performers and clients/)).toBeVisible();
  await expect(main.getByText(/no refunds for partial periods/)).toBeVisible();
  await expect(main.getByText(/renews automatically once a year at \$29\. We email you a reminder/)).toBeVisible();
  await expect(main.getByRole("link", { name: "Claim your free listing" })).toHaveAttribute("href", "/free-listing");
  await expect(main.getByText(/\d+ of 150 free listings are still available/)).toBeVisible();
  await expect(main.getByText("Active Subscription")).toHaveCount(0);
  await expectAccessible(page, AXE);

  // Checkout opened and abandoned: back on the dashboard, calmly, with the button again.
  await main.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/checkout/`));
  await page.getByRole("link", { name: /^Cancel and return/ }).click();
  await expect(page).toHaveURL(/\/dashboard\?checkout=canceled$/);
  await expect(page.getByText("Checkout canceled")).toBeVisible();
  await expect(page.getByRole("button", { name: "Subscribe Now" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Activate Your Listing" })).toBeVisible();
  await expectAccessible(page, AXE);
});

test("a paid subscriber sees Active Subscription with its renewal date, and no Activate anywhere", async ({ page }) => {
  await signInAs(page, ACCOUNTS.complete.email, "/dashboard/subscription");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Active Subscription" })).toBeVisible();
  await expect(main.getByTestId("active-until")).toHaveText(DATE);
  await expect(main.getByTestId("renewal")).toHaveText(new RegExp(`Renews automatically on ${DATE.source}`));
  await expect(main.getByText("Your listing is active and visible to clients.")).toBeVisible();
  await expect(main.getByRole("button", { name: "Manage billing" })).toBeVisible();
  await expect(main.getByText("Get Discovered by Clients")).toHaveCount(0);
  await expectAccessible(page, AXE);

  await page.goto("/dashboard/preview");
  await expect(page.getByText("Your listing is active.")).toBeVisible();
  await expect(page.getByText(/Activate/i)).toHaveCount(0);
});

test("Subscribe Now, Pay, Listing Active, Manage billing, Cancel: cancels on the period's end", async ({ page }, testInfo) => {
  const subscriber = testInfo.retry === 0 ? SUBSCRIPTION_ACCOUNTS.subscriber : SUBSCRIPTION_ACCOUNTS.subscriberRetry;
  await signInAs(page, subscriber.email, "/dashboard/subscription");
  await page.getByRole("button", { name: "Subscribe Now" }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/checkout/`));
  await page.getByRole("button", { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/dashboard\?checkout=success$/);
  await expect(page.getByRole("heading", { name: "Listing Active" })).toBeVisible();
  await expect(page.getByTestId("listing-status")).toContainText(new RegExp(`It renews on ${DATE.source}\\.`));
  await expect(page.getByTestId("account-status")).toHaveText("Active");

  await page.goto(`/profile/${subscriber.id}`);
  await expect(page.getByRole("heading", { level: 1, name: subscriber.displayName })).toBeVisible();

  await page.goto("/dashboard/subscription");
  await expect(page.getByRole("heading", { name: "Active Subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/portal/`));
  await page.getByRole("button", { name: "Cancel subscription" }).click();

  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("renewal")).toContainText(new RegExp(`cancels on ${DATE.source}`), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByText(/Renews automatically/)).toHaveCount(0);
  await expect(page.getByTestId("active-until")).toHaveText(DATE);
  await expectAccessible(page, AXE);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Subscribe Now is a plain form post that reaches checkout", async ({ page }) => {
    await signInAs(page, SUBSCRIPTION_ACCOUNTS.unpaid.email, "/dashboard/subscription");
    await page.getByRole("main").getByRole("button", { name: "Subscribe Now" }).click();
    await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_STRIPE_URL}/checkout/`));
    await expect(page.getByRole("button", { name: /^Pay/ })).toBeVisible();
    await page.getByRole("link", { name: /^Cancel and return/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?checkout=canceled$/);
    await expect(page.getByText("Checkout canceled")).toBeVisible();
  });
});
