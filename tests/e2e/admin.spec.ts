import type { Page } from "@playwright/test";
import { confirmationLink, expect, expectAccessible, signInAs, test, waitForMail } from "./fixtures";
import { ACCOUNTS, ACCOUNTS_PASSWORD } from "./seed/accounts";
import { ADMIN_FIXTURES, adminFixturesFor } from "./seed/admin";

// The admin's journeys: reviewing a free-listing application through to a listed performer, taking
// a profile down, reading and deleting a message, and the same buttons without JavaScript.

const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Text in a table row: phones and desktops show some of it in different cells, so only the visible copy counts. */
function rowText(row: ReturnType<Page["getByTestId"]>, text: string) {
  return row.getByText(text, { exact: true }).filter({ visible: true });
}

/** A search term as it stands in the address, as a pattern. */
function queryPattern(term: string) {
  return encodeURIComponent(term).replace(/%20/g, "\\+");
}

/**
 * Searches the section's own filter form. After a tab link, the address changes a moment before the
 * new section replaces the old one, so a search box found by its label alone could be the previous
 * section's, about to be thrown away with what was typed into it.
 */
async function searchSection(page: Page, section: "free listing requests" | "messages" | "profiles", term: string) {
  const form = page.getByRole("main").getByRole("search", { name: `Filter ${section}` });
  await form.getByRole("searchbox", { name: "Search" }).fill(term);
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${queryPattern(term)}`));
}

test("a visitor applies, the admin approves with a note, the applicant signs up, completes the profile and is listed", async ({
  page,
  browser,
  baseURL,
}) => {
  // Four people's steps, two sign-ins and three mails: the longest journey in the suite.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const applicant = { name: "Juniper Journeyman", email: `juniper.${stamp}@example.org`, password: "juniper-pass-1" };

  // The visitor applies.
  const visitorContext = await browser.newContext({ baseURL });
  await visitorContext.addInitScript(() => window.localStorage.setItem("hasSeenWelcomePopup", "true"));
  const visitor = await visitorContext.newPage();
  await visitor.goto("/free-listing");
  await visitor.getByLabel("Full name").fill(applicant.name);
  await visitor.getByLabel("Email").fill(applicant.email);
  await visitor.getByLabel("City").fill("Concord");
  await visitor.getByLabel("State").selectOption("NH");
  await visitor.getByLabel("How long have you been performing?").selectOption("1-3");
  await visitor.getByRole("group", { name: /paid events/ }).getByLabel("Yes").check();
  await visitor.getByRole("group", { name: /willing to travel/ }).getByLabel("Yes").check();
  await visitor.getByLabel("Bio").fill("Friendly knight for school fairs and library story hours across New Hampshire.");
  await visitor.getByRole("button", { name: "Submit Application" }).click();
  await expect(toast(visitor, "Application submitted successfully!")).toBeVisible();

  // The admin finds it, reads it and approves it with a note.
  await signInAs(page, ACCOUNTS.admin.email, "/admin");
  await expect(page.getByRole("heading", { level: 2, name: /^Free Listing Requests/ })).toBeVisible();
  await searchSection(page, "free listing requests", applicant.email);
  const row = page.getByTestId("request-row").filter({ hasText: applicant.name });
  await expect(row).toHaveCount(1);
  await expect(rowText(row, "Pending")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  await row.getByRole("link", { name: `View request from ${applicant.name}` }).click();

  await expect(page.getByRole("heading", { level: 3, name: `Request from ${applicant.name}` })).toBeVisible();
  const detail = page.getByRole("article");
  await expect(detail.getByText("Concord, NH")).toBeVisible();
  await expect(detail.getByText("Friendly knight for school fairs")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  // Approving spends a free spot: the page asks first, with room for a note.
  await detail.getByRole("button", { name: "Approve", exact: true }).click();
  const approval = page.getByRole("dialog", { name: "Approve this request?" });
  await expect(approval.getByText(`Request from ${applicant.name} (${applicant.email})`)).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  await approval.getByLabel("Note to the applicant (optional)").fill("Welcome aboard! Add three photos.");
  await approval.getByRole("button", { name: "Yes, approve" }).click();
  await expect(toast(page, "Request approved")).toBeVisible();
  await expect(detail.getByText("Approved", { exact: true })).toBeVisible();
  await expect(detail.getByText(/Approved on .* by accounts-admin@example\.com\./)).toBeVisible();
  await expect(detail.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  await expect(page.getByTestId("recent-actions").getByText(applicant.name).first()).toBeVisible();

  await page.getByRole("link", { name: "Back to List" }).click();
  await expect(rowText(page.getByTestId("request-row").filter({ hasText: applicant.name }), "Approved")).toBeVisible();

  // The approval email tells the applicant to sign up and carries the note.
  const mail = await waitForMail((m) => m.to.includes(applicant.email) && m.subject.includes("approved"));
  expect(mail.text).toContain("/signup");
  expect(mail.text).toContain("Welcome aboard! Add three photos.");

  // The applicant signs up with that email, signs in and completes the profile.
  await visitor.goto("/signup");
  await visitor.getByLabel(/^Email/).fill(applicant.email);
  await visitor.getByLabel(/^Password/).fill(applicant.password);
  await visitor.getByLabel(/^Confirm password/).fill(applicant.password);
  await visitor.getByRole("button", { name: "Sign Up" }).click();
  await expect(visitor).toHaveURL(/\/signin/);
  await visitor.getByLabel(/^Email/).fill(applicant.email);
  await visitor.getByLabel(/^Password/).fill(applicant.password);
  await visitor.getByRole("button", { name: "Sign In" }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  // The free year reaches the account once she confirms the address through the sign-up mail's link.
  await visitor.goto(await confirmationLink(applicant.email));
  await expect(visitor).toHaveURL(/\/dashboard$/);

  await visitor.goto("/dashboard/edit-profile");
  const field = (label: string) => visitor.getByLabel(label, { exact: true });
  await field("Display Name *").fill("Sir Juniper the Kind");
  await field("Bio *").fill(
    "Sir Juniper the Kind is a gentle knight who visits school fairs and library story hours with tales of courage, a wooden sword drill and photos.",
  );
  await field("State *").selectOption("NH");
  await field("City *").fill("Concord");
  await visitor.getByRole("checkbox", { name: "Fantasy", exact: true }).check();
  await visitor.getByRole("radio", { name: "Kids and families" }).check();
  await visitor.getByRole("button", { name: "Save Profile" }).click();
  await expect(visitor).toHaveURL(/\/dashboard$/);
  await expect(visitor.getByRole("heading", { name: "Listing Active" })).toBeVisible();

  // Listed: anyone browsing New Hampshire finds the profile.
  await visitorContext.clearCookies();
  await visitor.goto("/browse/NH");
  await visitor.getByRole("link", { name: /Sir Juniper the Kind/ }).first().click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Sir Juniper the Kind" })).toBeVisible();
  await visitorContext.close();
});

// The journeys below change the records they act on, so a retry acts on records of its own (adminFixturesFor).
test("the admin deactivates a profile, a visitor gets Profile Not Found, and activating lists it again", async ({ page, browser, baseURL }, testInfo) => {
  const { listed, doomed: doomedProfile } = adminFixturesFor(testInfo.retry);
  const visitorContext = await browser.newContext({ baseURL });
  await visitorContext.addInitScript(() => window.localStorage.setItem("hasSeenWelcomePopup", "true"));
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/profile/${listed.id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: listed.displayName })).toBeVisible();

  await signInAs(page, ACCOUNTS.admin.email, "/admin?tab=profiles");
  await expect(page.getByRole("heading", { level: 2, name: /^Profiles/ })).toBeVisible();
  await searchSection(page, "profiles", listed.displayName);
  const row = page.getByTestId("profile-row").filter({ hasText: listed.displayName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(listed.email)).toBeVisible();
  await expect(row.getByText(/^Paid until /).filter({ visible: true })).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  // On a phone the columns' headings are gone: each badge says what it is.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row.getByText("Status", { exact: true })).toBeVisible();
  await expect(row.getByText("Payment", { exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("admin-profiles-390.png") });
  if (desktop) await page.setViewportSize(desktop);

  // Deactivating asks first, for the reason the performer is emailed.
  await row.getByRole("button", { name: `Deactivate profile ${listed.displayName}` }).click();
  const deactivation = page.getByRole("dialog", { name: "Deactivate this profile?" });
  await deactivation.getByLabel("Reason").fill("the bio names a trademarked character");
  await deactivation.getByRole("button", { name: "Deactivate" }).click();
  await expect(toast(page, "Profile deactivated successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tab=profiles&q=${queryPattern(listed.displayName)}$`));
  await expect(rowText(row, "Inactive")).toBeVisible();

  await visitor.goto(`/profile/${listed.id}`);
  await expect(visitor.getByRole("heading", { name: "Profile Not Found" })).toBeVisible();

  await row.getByRole("button", { name: `Activate profile ${listed.displayName}` }).click();
  await expect(toast(page, "Profile activated successfully")).toBeVisible();
  await visitor.goto(`/profile/${listed.id}`);
  await expect(visitor.getByRole("heading", { level: 1, name: listed.displayName })).toBeVisible();
  await visitorContext.close();

  // Deleting asks first; cancelling keeps the profile, confirming removes it.
  await searchSection(page, "profiles", doomedProfile.displayName);
  const doomed = page.getByTestId("profile-row").filter({ hasText: doomedProfile.displayName });
  const deleteButton = doomed.getByRole("button", { name: `Delete profile ${doomedProfile.displayName}` });
  const deletion = page.getByRole("dialog", { name: "Are you sure you want to delete this profile? This action cannot be undone." });
  await deleteButton.click();
  await deletion.getByRole("button", { name: "Cancel" }).click();
  await expect(deletion).toHaveCount(0);
  await expect(doomed).toHaveCount(1);
  await deleteButton.click();
  await deletion.getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Profile deleted successfully")).toBeVisible();
  await expect(page.getByText("No profiles match this filter. Try another status or search.")).toBeVisible();
  await expect(page.getByTestId("recent-actions").getByText("Deleted profile").first()).toBeVisible();
});

test("the admin reads a message, marks it read and deletes it", async ({ page }, testInfo) => {
  const { message, listed } = adminFixturesFor(testInfo.retry);
  // Signing in with nowhere asked to go lands an admin on /admin, and the header leads back there.
  await page.goto("/signin");
  await page.getByRole("main").getByLabel("Email").fill(ACCOUNTS.admin.email);
  await page.getByRole("main").getByLabel(/^Password/).fill(ACCOUNTS_PASSWORD);
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin");
  await page.getByRole("link", { name: /^Messages/ }).click();
  await expect(page).toHaveURL(/\/admin\?tab=messages$/);
  await searchSection(page, "messages", message.senderName);
  const row = page.getByTestId("message-row").filter({ hasText: message.senderName });
  await expect(rowText(row, "Unread")).toBeVisible();
  await expect(row).toHaveClass(/bg-brand-50/);
  await expectAccessible(page, TOASTS_ASIDE);

  await row.getByRole("link", { name: `View message from ${message.senderName}` }).click();
  const detail = page.getByRole("article");
  await expect(detail.getByRole("heading", { name: `Message from ${message.senderName}` })).toBeVisible();
  await expect(detail.getByText(listed.displayName, { exact: true })).toBeVisible();
  await expect(detail.getByRole("link", { name: message.phoneNumber })).toHaveAttribute("href", "tel:2075550147");
  await expect(detail.getByText("Portland, ME 04101")).toBeVisible();
  await expect(detail.getByText("School Event, Meet and Greet")).toBeVisible();
  await expect(detail.getByText("About 40 kids, one hour.")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  await expect(detail.getByText("Has not opened it yet", { exact: true })).toBeVisible();
  await detail.getByRole("button", { name: "Mark as Read" }).click();
  await expect(toast(page, "Marked as read")).toBeVisible();
  await expect(detail.getByText("Read", { exact: true })).toBeVisible();
  await expect(detail.getByRole("button", { name: "Mark as Read" })).toHaveCount(0);
  // Read for the admins only: the performer has still not seen it.
  await expect(detail.getByText("Has not opened it yet", { exact: true })).toBeVisible();

  await detail.getByRole("button", { name: "Delete message" }).click();
  await page.getByRole("dialog", { name: "Are you sure you want to delete this message?" }).getByRole("button", { name: "Yes, delete" }).click();
  await expect(toast(page, "Message deleted successfully")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`tab=messages&q=${queryPattern(message.senderName)}$`));
  await expect(page.getByText("No messages match this filter. Try another status or search.")).toBeVisible();
});

test("a performer opening /admin lands on the home page and has no admin button", async ({ page }) => {
  await signInAs(page, ACCOUNTS.complete.email);
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
  const refused = await page.request.post("/admin", {
    form: { intent: "set-active", id: ADMIN_FIXTURES.listed.id, active: "false" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  expect(refused.headers().location).toBe("/");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the admin rejects with a reason and deletes after the page's own confirmation, keeping the filter", async ({ page }, testInfo) => {
    const { nojsRequest } = adminFixturesFor(testInfo.retry);
    await signInAs(page, ACCOUNTS.admin.email, "/admin");
    await page.goto(`/admin?status=pending&q=${encodeURIComponent(nojsRequest.email)}`);
    const row = page.getByTestId("request-row").filter({ hasText: nojsRequest.fullName });
    await row.getByRole("link", { name: `View request from ${nojsRequest.fullName}` }).click();

    // The server asks, for the reason: refused empty, then sent.
    await page.getByRole("button", { name: "Reject", exact: true }).click();
    const question = page.getByRole("dialog", { name: "Reject this request?" });
    await question.getByRole("button", { name: "Reject request" }).click();
    await expect(question.getByText("Please write the reason: the email to them quotes it.")).toBeVisible();
    await question.getByLabel("Reason").fill("we need a few photos of you in costume");
    await question.getByRole("button", { name: "Reject request" }).click();
    await expect(page).toHaveURL(/status=pending&q=noel.*&view=/);
    const detail = page.getByRole("article");
    await expect(detail.getByText("Rejected", { exact: true })).toBeVisible();
    await expect(detail.getByText("Reason: we need a few photos of you in costume")).toBeVisible();
    const mail = await waitForMail((m) => m.to.includes(nojsRequest.email));
    expect(mail.text).toContain("because we need a few photos of you in costume; reply to this email");

    await detail.getByRole("button", { name: "Delete request" }).click();
    await expect(page.getByText("Are you sure you want to delete this request?")).toBeVisible();
    await page.getByRole("button", { name: "Yes, delete" }).click();
    await expect(page).toHaveURL(/\/admin\?status=pending&q=noel[^&]*$/);
    await expect(page.getByText("No requests match this filter. Try another status or search.")).toBeVisible();
    await expect(page.getByTestId("recent-actions").getByText("Deleted free-listing request").first()).toBeVisible();
  });
});
