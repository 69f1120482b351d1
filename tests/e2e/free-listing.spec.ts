import { expect, expectAccessible, signInAs, test, waitForMail } from "./fixtures";
import { ACCOUNTS, COMPLETE_LISTING } from "./seed/accounts";

// Sonner's rich-colour toasts are the shared layout's; they are checked there, not on every form page.
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

test.describe("free listing application", () => {
  test("errors first, then a submitted application that resets the form and reaches the admin mailbox", async ({ page }) => {
    const applicant = { name: "Morgan Lightfoot", email: `morgan.${Date.now()}@example.org` };
    await page.goto("/free-listing");
    await expect(page.getByRole("heading", { level: 1, name: "Claim Your Free Listing" })).toBeVisible();
    await expect(page.getByText(/^\d+ of 150 free spots remaining$/)).toBeVisible();
    for (const section of ["Basic Info", "Location", "Social Media", "Experience and Availability", "About You", "Final Section"]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    await expect(page.getByText("Our team reviews every application and replies within 1-2 business days.")).toBeVisible();
    await expectAccessible(page, TOASTS_ASIDE);

    const submit = page.getByRole("button", { name: "Submit Application" });
    await submit.click();
    for (const message of ["Full name is required", "Email is required", "City is required", "State is required", "Bio is required"]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("Please select an option", { exact: true })).toHaveCount(3);
    await expect(page.getByLabel("Full name")).toBeFocused();
    await expectAccessible(page, TOASTS_ASIDE);

    await page.getByLabel("Full name").fill(applicant.name);
    await page.getByLabel("Email").fill("morgan@");
    await submit.click();
    await expect(page.getByText("Invalid email address")).toBeVisible();

    await page.getByLabel("Email").fill(applicant.email);
    await page.getByLabel("Phone (optional)").fill("555-0100");
    await page.getByLabel("City").fill("Savannah");
    await page.getByLabel("State").selectOption("GA");
    await page.getByLabel("Instagram").fill("@morganlightfoot");
    await page.getByLabel("How long have you been performing?").selectOption("3+");
    await page.getByRole("group", { name: /paid events/ }).getByLabel("Yes").check();
    await page.getByRole("group", { name: /willing to travel/ }).getByLabel("Depends on the event").check();
    await page.getByLabel("Bio").fill("Storybook elf and winter fairy for libraries, schools and birthday parties.");
    await page.getByLabel("Which characters do you perform? (optional)").fill("An elf and a winter fairy");
    await submit.click();

    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: "Application submitted successfully! We'll review it and get back to you soon." }),
    ).toBeVisible();
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expect(page.getByLabel("Bio")).toHaveValue("");
    await expectAccessible(page, TOASTS_ASIDE);

    const mail = await waitForMail((m) => m.to.includes("admin-inbox@example.com") && m.text.includes(applicant.email));
    expect(mail.subject).toContain(applicant.name);
    expect(mail.replyTo).toContain(applicant.email);
    expect(mail.text).toContain("@morganlightfoot");
  });

  test("the home page shows the live number of free spots and leads to the application", async ({ page }) => {
    await page.goto("/");
    const note = page.getByText(/^Open beta: \d+ of 150 free spots remaining\.$/);
    await expect(note).toBeVisible();
    const spots = (await note.textContent())!.match(/(\d+) of 150/)![1];
    await page.getByRole("link", { name: "Apply for a free listing" }).click();
    await expect(page).toHaveURL(/\/free-listing$/);
    await expect(page.getByText(`${spots} of 150 free spots remaining`, { exact: true })).toBeVisible();
  });

  test("a signed-in performer finds the form filled in from their profile", async ({ page }) => {
    await signInAs(page, ACCOUNTS.complete.email, "/free-listing");
    await expect(page.getByRole("status").filter({ hasText: "We've filled in what we already know" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(ACCOUNTS.complete.email);
    await expect(page.getByLabel("City")).toHaveValue(COMPLETE_LISTING.city);
    await expect(page.getByLabel("State")).toHaveValue(COMPLETE_LISTING.state);
    await expect(page.getByLabel("Bio")).toHaveValue(COMPLETE_LISTING.bio);
    await expect(page.getByLabel("Full name")).toHaveValue("");
    await expectAccessible(page, TOASTS_ASIDE);
  });

  test("a new performer applies signed in, then sees their application instead of a second form", async ({ page }) => {
    const email = `applicant.${Date.now()}@example.org`;
    await page.goto("/signup");
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(email);
    await main.getByLabel(/^Password/).fill("accounts-pass-123");
    await main.getByLabel("Confirm password").fill("accounts-pass-123");
    await main.getByRole("button", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await signInAs(page, email, "/free-listing");

    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.getByLabel("Full name").fill("Avery Brightwing");
    await page.getByLabel("City").fill("Tucson");
    await page.getByLabel("State").selectOption("AZ");
    await page.getByLabel("How long have you been performing?").selectOption("1-3");
    await page.getByRole("group", { name: /paid events/ }).getByLabel("No").check();
    await page.getByRole("group", { name: /willing to travel/ }).getByLabel("Yes").check();
    await page.getByLabel("Bio").fill("Desert fairy and sunny superhero for birthday parties and school fun runs.");
    await page.getByRole("button", { name: "Submit Application" }).click();

    await expect(page.getByRole("status").filter({ hasText: "Application submitted successfully!" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Your application is with us" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit Application" })).toHaveCount(0);
    await expectAccessible(page, TOASTS_ASIDE);
    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: "Your application is with us" })).toBeVisible();
    await waitForMail((m) => m.to.includes("admin-inbox@example.com") && m.text.includes(email));
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts, keeps what was typed on errors, then confirms", async ({ page }) => {
      const email = `nojs.${Date.now()}@example.org`;
      await page.goto("/free-listing");
      await page.getByLabel("Full name").fill("Jordan Noscript");
      await page.getByLabel("Bio").fill("Balloon artist and friendly clown.");
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(page.getByText("Email is required", { exact: true })).toBeVisible();
      await expect(page.getByLabel("Full name")).toHaveValue("Jordan Noscript");
      await expect(page.getByLabel("Bio")).toHaveValue("Balloon artist and friendly clown.");

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("City").fill("Boise");
      await page.getByLabel("State").selectOption("ID");
      await page.getByLabel("How long have you been performing?").selectOption("0-1");
      await page.getByRole("group", { name: /paid events/ }).getByLabel("No").check();
      await page.getByRole("group", { name: /willing to travel/ }).getByLabel("Yes").check();
      await page.getByRole("button", { name: "Submit Application" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Application submitted successfully!" })).toBeVisible();
      await expect(page.getByLabel("Full name")).toHaveValue("");
      await waitForMail((m) => m.to.includes("admin-inbox@example.com") && m.text.includes(email));
    });
  });
});
