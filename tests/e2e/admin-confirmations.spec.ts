import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForMail } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { adminFixturesFor } from "./seed/admin";

// The admin on a phone (390 px): the lists' rows carry no buttons, the record's detail view has
// them, and Deactivate and Reject ask first, for the reason the email gives. Deactivate can be undone
// from its toast.

const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

test.use({ viewport: { width: 390, height: 844 } });

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

async function search(page: Page, section: "free listing requests" | "profiles", term: string) {
  const form = page.getByRole("main").getByRole("search", { name: `Filter ${section}` });
  await form.getByRole("searchbox", { name: "Search" }).fill(term);
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/q=/);
}

test("on a phone the admin deactivates a profile from its detail view with a reason, and undoes it from the toast", async ({ page }, testInfo) => {
  const { paused } = adminFixturesFor(testInfo.retry);
  await signInAs(page, ACCOUNTS.admin.email, "/admin?tab=profiles");
  await search(page, "profiles", paused.displayName);
  const row = page.getByTestId("profile-row").filter({ hasText: paused.displayName });
  await expect(row).toHaveCount(1);
  // No buttons in a phone's row: a scroll cannot become a tap on Deactivate or Delete.
  await expect(row.getByRole("button")).toHaveCount(0);
  await row.getByRole("link", { name: paused.displayName }).click();

  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { level: 3, name: paused.displayName })).toBeVisible();
  await expect(detail.getByText("Active", { exact: true }).first()).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  // Escape leaves everything as it was.
  await detail.getByRole("button", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog", { name: "Deactivate this profile?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByRole("button", { name: "Deactivate" })).toBeVisible();

  await detail.getByRole("button", { name: "Deactivate" }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(paused.displayName)).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  await page.screenshot({ path: testInfo.outputPath("admin-deactivate-dialog-390.png") });
  // The reason is required: the dialog says so by the field and sends nothing.
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(dialog.getByText("Please write the reason: the email to them quotes it.")).toBeVisible();
  await expect(dialog.getByLabel("Reason")).toBeFocused();
  await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Reason").fill("the photos show a trademarked character");
  await dialog.getByRole("button", { name: "Deactivate" }).click();

  const done = toast(page, "Profile deactivated successfully");
  await expect(done).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(detail.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(detail.getByText(/Deactivated on .* because: the photos show a trademarked character/)).toBeVisible();
  await expect(page.getByTestId("recent-actions").getByText("Deactivated profile").first()).toBeVisible();

  await done.getByRole("button", { name: "Undo" }).click();
  await expect(toast(page, "Deactivation undone: the profile is active again and the performer was not emailed.")).toBeVisible();
  await expect(detail.getByRole("button", { name: "Deactivate" })).toBeVisible();
  await expect(detail.getByText("Active", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("recent-actions").getByText("Undid deactivation of profile").first()).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
});

test("on a phone the admin rejects an application with a reason, which the applicant is emailed", async ({ page }, testInfo) => {
  const { rejected } = adminFixturesFor(testInfo.retry);
  await signInAs(page, ACCOUNTS.admin.email, "/admin");
  await search(page, "free listing requests", rejected.email);
  const row = page.getByTestId("request-row").filter({ hasText: rejected.fullName });
  await expect(row.getByRole("button")).toHaveCount(0);
  await row.getByRole("link", { name: rejected.fullName }).click();

  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { level: 3, name: `Request from ${rejected.fullName}` })).toBeVisible();
  await detail.getByRole("button", { name: "Reject" }).click();
  const dialog = page.getByRole("dialog", { name: "Reject this request?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Request from ${rejected.fullName} (${rejected.email})`)).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  await dialog.getByRole("button", { name: "Reject request" }).click();
  await expect(dialog.getByText("Please write the reason: the email to them quotes it.")).toBeVisible();
  await dialog.getByLabel("Reason").fill("we could not find photos of you in costume");
  await dialog.getByRole("button", { name: "Reject request" }).click();

  await expect(toast(page, "Request rejected")).toBeVisible();
  await expect(detail.getByText("Rejected", { exact: true })).toBeVisible();
  await expect(detail.getByText("Reason: we could not find photos of you in costume")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  const mail = await waitForMail((m) => m.to.includes(rejected.email));
  expect(mail.text).toContain(
    "We are not able to approve your application this time because we could not find photos of you in costume; reply to this email to ask us to look again.",
  );
  expect(mail.replyTo).toMatch(/^support@/);
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the list's Deactivate asks for the reason too, and its Undo is offered for ten seconds", async ({ page }, testInfo) => {
    const { lapsed } = adminFixturesFor(testInfo.retry);
    await page.clock.install();
    await signInAs(page, ACCOUNTS.admin.email, "/admin?tab=profiles");
    await search(page, "profiles", lapsed.displayName);
    const row = page.getByTestId("profile-row").filter({ hasText: lapsed.displayName });
    await row.getByRole("button", { name: `Deactivate profile ${lapsed.displayName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Deactivate this profile?" });
    await dialog.getByLabel("Reason").fill("the phone number in the bio is not allowed");
    await dialog.getByRole("button", { name: "Deactivate" }).click();

    const done = toast(page, "Profile deactivated successfully");
    await expect(done.getByRole("button", { name: "Undo" })).toBeVisible();
    await expect(row.getByText("Inactive", { exact: true }).filter({ visible: true })).toBeVisible();
    // Ten seconds on the page's clock later, the offer is gone and the profile stays inactive.
    await page.clock.runFor(11_000);
    await expect(done).toHaveCount(0);
    await expect(row.getByText("Inactive", { exact: true }).filter({ visible: true })).toBeVisible();

    // Activate acts at once (no question) and takes back the mail still waiting.
    await row.getByRole("button", { name: `Activate profile ${lapsed.displayName}` }).click();
    await expect(toast(page, "Profile activated successfully")).toBeVisible();
    await expect(row.getByRole("button", { name: `Deactivate profile ${lapsed.displayName}` })).toBeVisible();
  });
});
