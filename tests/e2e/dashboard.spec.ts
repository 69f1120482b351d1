import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { ACCOUNTS, inboxFor, SEEDED_INQUIRIES } from "./seed/accounts";

// The shared toaster's success colours fail axe's contrast check (reported to the lead); the pages
// themselves are checked in full.
const AXE = { exclude: ["[data-sonner-toaster]"] };

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });


test("a complete, paid performer sees an active listing and a finished checklist", async ({ page }) => {
  await signInAs(page, ACCOUNTS.complete.email);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Listing Active" })).toBeVisible();
  await expect(page.getByText(/It renews on \w+ \d{1,2}, \d{4}\./)).toBeVisible();
  await expect(page.getByTestId("account-status")).toHaveText("Active");
  await expect(page.getByTestId("account-expiry")).toHaveText(/\w+ \d{1,2}, \d{4}/);

  await expect(page.getByTestId("checklist-progress")).toHaveText("7 of 7 complete");
  for (const key of ["displayName", "bio", "state", "city", "category", "photo", "contactEmail"]) {
    await expect(page.getByTestId(`checklist-${key}`)).toHaveAttribute("data-done", "true");
  }
  await expect(page.getByTestId("checklist-photo").getByRole("link")).toHaveAttribute("href", "/dashboard/manage-images");
  await expect(page.getByTestId("checklist-bio").getByRole("link")).toHaveAttribute("href", "/dashboard/edit-profile");

  const quick = page.getByRole("navigation", { name: "Dashboard" });
  await expect(quick.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/dashboard/edit-profile");
  await expect(quick.getByRole("link", { name: "Manage Images" })).toHaveAttribute("href", "/dashboard/manage-images");
  await expect(quick.getByRole("link", { name: "Subscription" })).toHaveAttribute("href", "/dashboard/subscription");
  await expect(quick.getByRole("link", { name: "View Public Profile" })).toHaveAttribute("href", `/profile/${ACCOUNTS.complete.id}`);
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

  const rows = page.getByTestId("inquiry-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Riley Parent" })).toContainText("Read");
  await expect(rows.filter({ hasText: "Riley Parent" })).toContainText("Birthday Party");
  await expect(rows.filter({ hasText: "Sky School" })).toContainText("Unread");
  await expectAccessible(page, AXE);

  await page.getByRole("link", { name: "Read the performer guide" }).click();
  await expect(page).toHaveURL(/\/safety-first$/);
  await expect(page.getByRole("heading", { level: 1, name: "Safety First" })).toBeVisible();
  const guide = page.getByRole("main");
  for (const heading of [
    "Build a strong profile",
    "Use an alias",
    "Set your rates",
    "Stay safe at every gig",
    "Communicate clearly",
    "What not to do",
    "Stay organised",
  ]) {
    await expect(guide.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(guide).toContainText("start at $100 to $150 per hour with a 2-hour minimum");
  await expect(guide).toContainText("at least 2 to 3 photos");
  await expect(guide).toContainText("Don't use trademarked character names");
  await expectAccessible(page, AXE);
});

test("checkout results show a matching notice", async ({ page }) => {
  await signInAs(page, ACCOUNTS.complete.email, "/dashboard?checkout=success");
  await expect(page.getByRole("status").filter({ hasText: "Payment successful!" })).toBeVisible();
  await page.goto("/dashboard?checkout=canceled");
  await expect(page.getByRole("status").filter({ hasText: "Checkout canceled" })).toBeVisible();
  await expect(page.getByText("Payment successful!")).toHaveCount(0);
});

// Each journey reads or deletes an inquiry, so its retry works in an inbox of its own (inboxFor).
test.describe("the inbox", () => {
  test("opens an inquiry in full and marks it as read", async ({ page }, testInfo) => {
    const { account, inquiries } = inboxFor(testInfo.retry);
    const inquiry = inquiries.unread;
    await signInAs(page, account.email);
    await expect(page.getByRole("heading", { name: "Profile Incomplete" })).toBeVisible();
    const row = page.getByTestId("inquiry-row").filter({ hasText: inquiry.senderName });
    await expect(row).toContainText("Unread");
    await expect(row).toContainText("School Event, Meet and Greet");
    await expect(row).toContainText("Sep 20, 2031");
    await row.getByRole("link", { name: `View inquiry from ${inquiry.senderName}` }).click();

    await expect(page).toHaveURL(new RegExp(`inquiry=${inquiry.id}`));
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: `Inquiry from ${inquiry.senderName}` })).toBeVisible();
    await expect(detail.getByRole("link", { name: inquiry.senderEmail })).toHaveAttribute("href", `mailto:${inquiry.senderEmail}`);
    await expect(detail.getByRole("link", { name: inquiry.phoneNumber })).toHaveAttribute("href", "tel:7015550142");
    await expect(detail).toContainText("Could you visit for two hours?");
    await expect(detail).toContainText("Bismarck, ND 58501");
    await expectAccessible(page, AXE);

    await detail.getByRole("button", { name: "Mark as Read" }).click();
    await expect(toast(page, "Marked as read")).toBeVisible();
    await expect(detail.getByRole("button", { name: "Mark as Read" })).toHaveCount(0);
    await expect(detail.getByText("Read", { exact: true })).toBeVisible();

    await detail.getByRole("link", { name: "Back to inquiries" }).click();
    await expect(page.getByTestId("inquiry-row").filter({ hasText: inquiry.senderName })).toContainText("Read");
  });

  test("asks before deleting, and deletes only once confirmed", async ({ page }, testInfo) => {
    const { account, inquiries } = inboxFor(testInfo.retry);
    const inquiry = inquiries.forDelete;
    await signInAs(page, account.email, `/dashboard?inquiry=${inquiry.id}`);
    const detail = page.getByRole("article");

    let asked = "";
    page.once("dialog", (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await detail.getByRole("button", { name: "Delete" }).click();
    expect(asked).toBe("Are you sure you want to delete this inquiry?");
    await expect(detail.getByRole("heading", { name: `Inquiry from ${inquiry.senderName}` })).toBeVisible();

    page.once("dialog", (dialog) => void dialog.accept());
    await detail.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Inquiry deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard#inquiries$/);
    await expect(page.getByTestId("inquiry-row").filter({ hasText: inquiry.senderName })).toHaveCount(0);

    await page.goto(`/dashboard?inquiry=${inquiry.id}`);
    await expect(page.getByRole("heading", { name: "Inquiry not found" })).toBeVisible();
  });

  test("a failed action says so and reloads the list", async ({ page }, testInfo) => {
    const { account, inquiries } = inboxFor(testInfo.retry);
    const inquiry = inquiries.vanishing;
    await signInAs(page, account.email, `/dashboard?inquiry=${inquiry.id}`);
    await expect(page.getByRole("heading", { name: `Inquiry from ${inquiry.senderName}` })).toBeVisible();
    // Deleted from another tab while this one still shows it.
    const gone = await page.request.post("/dashboard", { form: { intent: "delete", id: inquiry.id, confirmed: "yes" } });
    expect(gone.ok()).toBe(true);

    await page.getByRole("button", { name: "Mark as Read" }).click();
    await expect(toast(page, "Failed to mark as read")).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("inquiry-row").filter({ hasText: inquiry.senderName })).toHaveCount(0);
  });

  test("another performer's inquiry id gives 404 and changes nothing", async ({ page }) => {
    const inquiry = SEEDED_INQUIRIES.unread;
    await signInAs(page, ACCOUNTS.complete.email);
    const response = await page.goto(`/dashboard?inquiry=${inquiry.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("main")).not.toContainText(inquiry.senderEmail);
    const attempt = await page.request.post("/dashboard", {
      form: { intent: "delete", id: inquiry.id, confirmed: "yes" },
      maxRedirects: 0,
    });
    expect(attempt.status()).toBe(404);
  });
});

test("an admin gets the Admin Dashboard button; others are sent home from /admin", async ({ page, browser, baseURL }) => {
  await signInAs(page, ACCOUNTS.admin.email);
  await page.getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await expectAccessible(page, AXE);

  const other = await browser.newContext({ baseURL });
  const performer = await other.newPage();
  await signInAs(performer, ACCOUNTS.complete.email);
  await performer.goto("/admin");
  await expect(performer).toHaveURL(/\/$/);
  await other.close();
});
