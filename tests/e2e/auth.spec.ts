import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForMail } from "./fixtures";

const uniqueEmail = (label: string) => `h5-${label}-${Date.now()}-${Math.floor(Math.random() * 1e4)}@example.com`;

// The shared toaster's success colours fail axe's contrast check (reported to the lead); the pages
// themselves are checked in full.
const AXE = { exclude: ["[data-sonner-toaster]"] };

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function fillSignIn(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel(/^Password/).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

async function createAccountViaApi(page: Page, baseURL: string, email: string, password: string) {
  const response = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password, name: "" },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test("sign up with instant validation, get the welcome email, sign in, sign out", async ({ page }) => {
  const email = uniqueEmail("signup");
  await page.goto("/signup");
  await expect(page.getByRole("heading", { level: 1, name: "Create Your Account" })).toBeVisible();
  await expectAccessible(page, AXE);

  const main = page.getByRole("main");
  const submit = main.getByRole("button", { name: "Sign Up" });
  await submit.click();
  await expect(main.getByText("Email is required")).toBeVisible();
  await expect(main.getByText("Password is required")).toBeVisible();
  await expect(main.getByText("Please confirm your password")).toBeVisible();
  await expect(main.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(main.getByLabel("Email")).toBeFocused();
  await expectAccessible(page, AXE);

  await main.getByLabel("Email").fill("not-an-email");
  await main.getByLabel(/^Password/).fill("abc");
  await main.getByLabel("Confirm password").fill("abd");
  await submit.click();
  await expect(main.getByText("Invalid email address")).toBeVisible();
  await expect(main.getByText("Password must be at least 6 characters")).toBeVisible();
  await expect(main.getByText("Passwords do not match")).toBeVisible();

  await main.getByLabel("Email").fill(email);
  await main.getByLabel(/^Password/).fill("stage-name-1");
  await main.getByLabel("Confirm password").fill("stage-name-1");
  await submit.click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(toast(page, "Account created successfully! Please sign in.")).toBeVisible();
  // The new address is filled in, carried by a cookie rather than the page's address.
  await expect(main.getByLabel("Email")).toHaveValue(email);
  const welcome = await waitForMail((m) => m.to.includes(email) && m.subject.startsWith("Welcome"));
  expect(welcome.text).toContain("/dashboard");

  await expectAccessible(page, AXE);
  await fillSignIn(page, email, "stage-name-1");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, "Signed in successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Profile" })).toHaveAttribute("href", "/dashboard/edit-profile");
  await expect(page.getByTestId("account-email")).toHaveText(email);
  await expect(page.getByTestId("account-status")).toHaveText("Inactive");
  // Confirming the address comes first (email-confirmation.spec.ts follows the link).
  await expect(page.getByTestId("checklist-progress")).toHaveText("0 of 9 complete");
  await expect(page.getByTestId("checklist-confirmEmail")).toBeVisible();

  // Session cookie: HttpOnly and SameSite=Lax (not Secure: this server runs on plain http).
  const cookies = await page.context().cookies();
  const sessionCookie = cookies.find((c) => c.name.includes("session_token"));
  expect(sessionCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });

  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);
});

test("a wrong password is refused with the spec's message", async ({ page, baseURL }) => {
  const email = uniqueEmail("wrongpw");
  await createAccountViaApi(page, baseURL, email, "right-password");
  await page.goto("/signin");
  await expectAccessible(page, AXE);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("main").getByText("Password is required")).toBeVisible();
  await expect(page.getByRole("main").getByText("Email is required")).toBeVisible();
  // Editing a field takes its own message away at once, and only its own.
  await page.getByRole("main").getByLabel("Email").fill(email);
  await expect(page.getByRole("main").getByText("Email is required")).toHaveCount(0);
  await expect(page.getByRole("main").getByText("Password is required")).toBeVisible();

  await fillSignIn(page, email, "wrong-password");
  // Said once, beside the form: not also as a toast.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to sign in. Please check your credentials.");
  await expect(page.getByText("Failed to sign in. Please check your credentials.")).toHaveCount(1);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("main").getByLabel("Email")).toHaveValue(email);
});

test("the guard's destination and notice survive sign-in; other sites are never a destination", async ({ page, baseURL }) => {
  const email = uniqueEmail("redirect");
  await createAccountViaApi(page, baseURL, email, "right-password");

  await page.goto("/dashboard/subscription");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fsubscription&message=/);
  await expect(page.getByRole("main").getByText("Please sign in to continue with your subscription.")).toBeVisible();
  await fillSignIn(page, email, "right-password");
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);
  await expect(page.getByRole("heading", { level: 1, name: "Subscription" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("$29");
  await expectAccessible(page, AXE);

  await page.context().clearCookies();
  await page.goto("/signin?redirectTo=https%3A%2F%2Fevil.example%2F&message=Call+555-0100+now");
  await expect(page.getByRole("main")).not.toContainText("555-0100");
  await fillSignIn(page, email, "right-password");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("forgot password: the emailed link resets it once, ends other sessions, old password refused", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("reset");
  await createAccountViaApi(page, baseURL, email, "old-password");

  // Another device signed in before the reset.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto("/signin");
  await fillSignIn(otherPage, email, "old-password");
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto("/signin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page, AXE);
  const main = page.getByRole("main");
  await main.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(main.getByText("Email is required")).toBeVisible();
  await main.getByLabel("Email").fill(email);
  await main.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toast(page, "Password reset link sent to your email!")).toBeVisible();
  await expect(main.getByRole("status").filter({ hasText: "Password reset link sent to your email!" })).toBeVisible();

  const mail = await waitForMail((m) => m.to.includes(email) && m.subject.includes("Reset"));
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  expect(url.searchParams.get("type")).toBe("recovery");

  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Choose a New Password" })).toBeVisible();
  await expectAccessible(page, AXE);
  await main.getByLabel(/^New password/).fill("brand-new-password");
  await main.getByLabel("Confirm new password").fill("something-else");
  await main.getByRole("button", { name: "Update Password" }).click();
  await expect(main.getByText("Passwords do not match")).toBeVisible();
  await main.getByLabel("Confirm new password").fill("brand-new-password");
  await main.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(toast(page, "Password updated successfully! Please sign in with your new password.")).toBeVisible();

  // Every session ended, including the other device's.
  await otherPage.goto("/dashboard");
  await expect(otherPage).toHaveURL(/\/signin\?redirectTo=%2Fdashboard$/);
  await other.close();

  await fillSignIn(page, email, "old-password");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Failed to sign in. Please check your credentials.");
  await fillSignIn(page, email, "brand-new-password");
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once: afterwards its page says so and sends a new link from there.
  await page.context().clearCookies();
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  await expect(main.getByText("Invalid or expired recovery link")).toBeVisible();
  await expectAccessible(page, AXE);
  await main.getByLabel("Email").fill(email);
  await main.getByRole("button", { name: "Send a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(main.getByRole("status").filter({ hasText: "Password reset link sent to your email!" })).toBeVisible();
});

test("forgot password gives nothing away about unknown addresses; reset needs a recovery link", async ({ page }) => {
  const email = uniqueEmail("nobody");
  await page.goto("/forgot-password");
  await page.getByRole("main").getByLabel("Email").fill(email);
  await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
  await expect(toast(page, "Password reset link sent to your email!")).toBeVisible();

  await page.goto("/reset-password?token=whatever");
  await expect(page).toHaveURL(/\/signin$/);
  await page.goto("/reset-password?token=made-up&type=recovery");
  await expect(page.getByRole("heading", { level: 1, name: "This link no longer works" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: "Send a new link" })).toBeVisible();
});

test("too many attempts from one address are refused there, while the right password from another signs in", async ({ page, browser, baseURL }, testInfo) => {
  // Eleven sign-ins, each hashing a password, on a shared machine.
  test.setTimeout(120_000);
  const email = uniqueEmail("limited");
  await createAccountViaApi(page, baseURL, email, "right-password");
  // This test's own guessing address and the owner's, apart from every other test's.
  const guesser = `10.251.${testInfo.retry}.1`;
  const owner = `10.251.${testInfo.retry}.2`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": guesser });

  await page.goto("/signin");
  const main = page.getByRole("main");
  // Each try waits for its answer, so the next one is not typed while it is on its way.
  const answered = () => page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/signin"));
  for (let i = 0; i < 10; i++) {
    await Promise.all([answered(), fillSignIn(page, email, `wrong-${i}`)]);
    await expect(main.getByRole("alert")).toHaveText("Failed to sign in. Please check your credentials.");
  }
  // From there, even the right password is refused for a while, with a message that says why.
  await Promise.all([answered(), fillSignIn(page, email, "right-password")]);
  await expect(main.getByRole("alert")).toContainText("Failed to sign in");
  await expect(main.getByRole("alert")).toContainText("Too many attempts. Please wait a few minutes and try again.");
  await expect(page).toHaveURL(/\/signin$/);
  await expectAccessible(page, AXE);
  expect((await page.context().cookies()).some((c) => c.name.includes("session_token"))).toBe(false);

  // The owner, on their own connection, is not held back by someone else's guesses.
  const home = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": owner } });
  const ownerPage = await home.newPage();
  await ownerPage.goto("/signin");
  await fillSignIn(ownerPage, email, "right-password");
  await expect(ownerPage).toHaveURL(/\/dashboard$/);
  await home.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sign up and sign in still work as plain forms", async ({ page }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/signup");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel(/^Password/).fill("abc");
    await main.getByLabel("Confirm password").fill("abc");
    await main.getByRole("button", { name: "Sign Up" }).click();
    // The server's validation, with the same messages.
    await expect(main.getByText("Password must be at least 6 characters")).toBeVisible();

    await main.getByLabel(/^Password/).fill("no-script-1");
    await main.getByLabel("Confirm password").fill("no-script-1");
    await main.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(main.getByLabel("Email")).toHaveValue(email);

    await fillSignIn(page, email, "wrong-one");
    await expect(main.getByRole("alert")).toHaveText("Failed to sign in. Please check your credentials.");
    await fillSignIn(page, email, "no-script-1");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Complete Your Profile" })).toBeVisible();
  });
});
