import { expect, expectAccessible, signInAs, test, waitForHydration, waitForMail } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { FREE_YEAR_FULL_NAME, SUBSCRIPTION_ACCOUNTS } from "./seed/subscription";

// The subscription page against the Stripe-shaped sandbox (E2E_STRIPE_URL): what an unpaid and a
// paid performer see, and the whole journey Subscribe Now -> Pay -> Listing Active -> Manage billing
// -> Cancel. The shared toaster is left out of axe (its colours are reported separately).
const AXE = { exclude: ["[data-sonner-toaster]"] };
const DATE = /[A-Z][a-z]+ \d{1,2}, \d{4}/;
const PHONE = { width: 390, height: 844 };


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
  // The open beta's free year comes first, above the price, while places are left.
  const offer = main.getByTestId("free-year-offer");
  await expect(offer.getByRole("heading", { name: "Claim Your Free Listing" })).toBeVisible();
  await expect(offer.getByText(/\d+ of 150 free listings/)).toBeVisible();
  await expect(offer.getByRole("link", { name: "Edit these answers" })).toHaveAttribute("href", "/free-listing");
  const [offerBox, planBox] = [await offer.boundingBox(), await main.getByRole("heading", { name: "Yearly Membership" }).boundingBox()];
  expect(offerBox!.y + offerBox!.height).toBeLessThan(planBox!.y);
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

test("on a phone, the free year comes before the price: one tap applies, the dashboard says it is under review, the receipt arrives", async ({
  page,
}, testInfo) => {
  const performer = testInfo.retry === 0 ? SUBSCRIPTION_ACCOUNTS.freeYear : SUBSCRIPTION_ACCOUNTS.freeYearRetry;
  await page.setViewportSize(PHONE);
  await signInAs(page, performer.email, "/dashboard/subscription");
  const main = page.getByRole("main");
  const offer = main.getByTestId("free-year-offer");
  await expect(offer.getByRole("heading", { name: "Claim Your Free Listing" })).toBeVisible();
  const [offerBox, subscribeBox] = [await offer.boundingBox(), await main.getByRole("button", { name: "Subscribe Now" }).boundingBox()];
  expect(offerBox!.y + offerBox!.height).toBeLessThan(subscribeBox!.y);
  // What the profile answers is shown, not asked; only experience and paid events are questions.
  await expect(offer.getByRole("heading", { name: "We'll send this from your profile" })).toBeVisible();
  await expect(offer.getByText(FREE_YEAR_FULL_NAME)).toBeVisible();
  await expect(offer.getByText(performer.email)).toBeVisible();
  await expect(offer.getByText("Montana", { exact: true })).toBeVisible();
  await expect(offer.getByLabel("Full name")).toHaveCount(0);
  await expect(offer.getByLabel("Bio")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, AXE);

  await waitForHydration(page);
  await offer.getByRole("button", { name: "Submit Application" }).click();
  await expect(offer.getByText("Please select an option", { exact: true })).toHaveCount(2);
  await expect(offer.getByLabel("How long have you been performing?")).toBeFocused();
  await expectAccessible(page, AXE);
  await offer.getByLabel("How long have you been performing?").selectOption("3+");
  await offer.getByRole("group", { name: /paid events/ }).getByLabel("Yes").check();
  await offer.getByRole("button", { name: "Submit Application" }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Application submitted successfully!" })).toBeVisible();
  const status = page.getByTestId("free-year-status");
  await expect(status.getByRole("heading", { name: "Under review: we answer within 1–2 business days" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page, AXE);

  // Back on the subscription page the status takes the offer's place, still before the price.
  await page.goto("/dashboard/subscription");
  await expect(main.getByTestId("free-year-status")).toContainText("Under review: we answer within 1–2 business days");
  await expect(main.getByTestId("free-year-offer")).toHaveCount(0);
  await expectAccessible(page, AXE);

  const receipt = await waitForMail((m) => m.to.includes(performer.email) && m.subject.includes("free listing application"));
  expect(receipt.text).toContain(`Hi ${FREE_YEAR_FULL_NAME},`);
  expect(receipt.text).toContain("answers within 1–2 business days");
  expect(receipt.text).toContain("your free year starts when your listing goes live");
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

  test("the free year's one-tap application is a plain form post too, its answers kept and checked by the server", async ({ page }, testInfo) => {
    const performer = testInfo.retry === 0 ? SUBSCRIPTION_ACCOUNTS.freeYearNoScript : SUBSCRIPTION_ACCOUNTS.freeYearNoScriptRetry;
    await signInAs(page, performer.email, "/dashboard/subscription");
    const offer = page.getByTestId("free-year-offer");
    await offer.getByLabel("How long have you been performing?").selectOption("1-3");
    await offer.getByRole("button", { name: "Submit Application" }).click();
    await expect(offer.getByText("Please select an option", { exact: true })).toHaveCount(1);
    await expect(offer.getByLabel("How long have you been performing?")).toHaveValue("1-3");
    await offer.getByRole("group", { name: /paid events/ }).getByLabel("No").check();
    await offer.getByRole("button", { name: "Submit Application" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("free-year-status")).toContainText("Under review: we answer within 1–2 business days");
  });
});
