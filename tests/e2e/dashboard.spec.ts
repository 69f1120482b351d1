import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForHydration } from "./fixtures";
import { ACCOUNTS, ACCOUNTS_PASSWORD, inboxFor, SEEDED_INQUIRIES } from "./seed/accounts";
import { phoneInboxFor, SCHOOL_SENDERS } from "./seed/phone-inbox";

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

  // Everything done: the checklist folds into one line, below the inquiries, and opens on demand.
  const checklist = page.locator("details").filter({ hasText: "Profile checklist: all done" });
  await expect(checklist).not.toHaveAttribute("open");
  await checklist.getByText("Profile checklist: all done").click();
  await expect(checklist).toHaveAttribute("open");
  await expect(page.getByTestId("checklist-progress")).toHaveText("8 of 8 complete");
  for (const key of ["displayName", "bio", "state", "city", "travelRange", "category", "photo", "contactEmail"]) {
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

test("an active performer's dashboard puts the inquiries first and folds the finished checklist", async ({ page }) => {
  await signInAs(page, ACCOUNTS.complete.email);
  const main = page.getByTestId("dashboard-main");
  const sections = main.locator(":scope > section");
  await expect(sections.first().getByRole("heading", { level: 2 })).toHaveText("Inquiries");
  const headings = await main.getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.indexOf("Inquiries")).toBeLessThan(headings.indexOf("Listing Active"));
  expect(headings.indexOf("Listing Active")).toBeLessThan(headings.indexOf("Profile checklist: all done"));
  // Folded, its items are out of the way until asked for.
  await expect(page.getByTestId("checklist-photo")).toBeHidden();
  // The spec's other parts are all still there.
  await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the performer guide" })).toHaveAttribute("href", "/safety-first");
});

test("an incomplete profile keeps its checklist open, after the status box", async ({ page }, testInfo) => {
  const { account } = inboxFor(testInfo.retry);
  await signInAs(page, account.email);
  const headings = await page.getByTestId("dashboard-main").getByRole("heading", { level: 2 }).allTextContents();
  expect(headings.slice(0, 3)).toEqual(["Profile Incomplete", "Profile checklist", "Inquiries"]);
  await expect(page.getByTestId("checklist-category").getByRole("link")).toBeVisible();
});

test("a performer who never chose a travel range is asked to check it, and can keep Local only in one tap", async ({ page }, testInfo) => {
  // Each attempt in an inbox account of its own: keeping the range is remembered.
  const { account } = inboxFor(testInfo.retry);
  await signInAs(page, account.email);
  const item = page.getByTestId("checklist-travelRange");
  await expect(item).toHaveAttribute("data-done", "false");
  await expect(item).toContainText("Check your travel range");
  await expect(item).toContainText("Most party performers choose 25–50 miles.");
  await expect(item.getByRole("link", { name: "Choose a range" })).toHaveAttribute("href", "/dashboard/edit-profile#section-travel");
  await expectAccessible(page, { exclude: ["[data-sonner-toaster]"] });

  await item.getByRole("button", { name: "Keep Local only" }).click();
  await expect(page.getByText("Travel range kept: Local only (0–10 miles).")).toBeVisible();
  await expect(page.getByTestId("checklist-travelRange")).toHaveAttribute("data-done", "true");
  await expect(page.getByTestId("checklist-travelRange").getByRole("button", { name: "Keep Local only" })).toHaveCount(0);
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
    // The question is the script's (window.confirm): a tap before the page is live posts the plain
    // form, which asks on a page of its own instead (the journey without JavaScript).
    await waitForHydration(page, "article");

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

// Phones: the inbox fits the screen, and an opened inquiry is where the performer is looking.
test.describe("the inbox on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("lists inquiries as cards without sideways scrolling, and opens one in view", async ({ page }, testInfo) => {
    const { account } = phoneInboxFor(testInfo.retry);
    await signInAs(page, account.email);
    const rows = page.getByTestId("inquiry-row");
    await expect(rows).toHaveCount(6);
    // The message's first line, not the rest.
    await expect(rows.first()).toContainText("Hello! We are planning a garden birthday party");
    await expect(rows.first()).not.toContainText("Could you bring bubbles?");
    await expect(rows.first()).toContainText("Unread");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, AXE);

    const last = rows.last();
    const name = SCHOOL_SENDERS[3];
    await last.scrollIntoViewIfNeeded();
    await last.getByRole("link", { name: `View inquiry from ${name}` }).click();
    await expect(page).toHaveURL(/inquiry=.*#inquiry$/);
    const heading = page.getByRole("heading", { name: `Inquiry from ${name}` });
    await expect(heading).toBeInViewport();
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("puts Reply by email, Call and Text first, with the event details in plain words", async ({ page }, testInfo) => {
    const { account, detailed, emailOnly } = phoneInboxFor(testInfo.retry);
    await signInAs(page, account.email);
    await page.getByTestId("inquiry-row").first().getByRole("link").click();
    const detail = page.getByRole("article");
    await expect(detail.getByRole("heading", { name: `Inquiry from ${detailed.senderName}` })).toBeInViewport();

    const reply = detail.getByRole("link", { name: "Reply by email" });
    const href = (await reply.getAttribute("href")) ?? "";
    expect(href.startsWith(`mailto:${detailed.senderEmail}?subject=`)).toBe(true);
    const subject = decodeURIComponent(href.split("?subject=")[1] ?? "");
    expect(subject).toMatch(/^Re: your .+ inquiry about Birthday Party on June 14, 2031$/);
    await expect(detail.getByRole("link", { name: /^Call/ })).toHaveAttribute("href", "tel:7015550177");
    await expect(detail.getByRole("link", { name: /^Text/ })).toHaveAttribute("href", "sms:7015550177");
    // The replies come before the housekeeping.
    const replyBox = await reply.boundingBox();
    const markBox = await detail.getByRole("button", { name: "Mark as Read" }).boundingBox();
    expect(replyBox && markBox && replyBox.y < markBox.y).toBe(true);
    expect(replyBox && replyBox.height >= 44).toBe(true);

    await expect(detail).toContainText("2:30 PM");
    await expect(detail).toContainText("1.5 hours");
    await expect(detail).toContainText("12 children");
    await expect(detail).toContainText("6 years old");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, AXE);

    await page.goto(`/dashboard?inquiry=${emailOnly.id}#inquiry`);
    await expect(detail.getByRole("link", { name: "Reply by email" })).toBeVisible();
    await expect(detail.getByRole("link", { name: /^Call/ })).toHaveCount(0);
    await expect(detail.getByRole("link", { name: /^Text/ })).toHaveCount(0);
    await expect(detail).not.toContainText("Starts at");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("the inbox on a phone without JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });

  test("the link's anchor alone brings the opened inquiry into view", async ({ page, baseURL }, testInfo) => {
    const { account } = phoneInboxFor(testInfo.retry);
    // The sign-in form needs no script either; its session cookie serves the rest.
    const signedIn = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email: account.email, password: ACCOUNTS_PASSWORD },
      headers: { origin: baseURL },
    });
    expect(signedIn.ok()).toBe(true);
    await page.goto("/dashboard");
    const name = SCHOOL_SENDERS[2];
    await page.getByRole("link", { name: `View inquiry from ${name}` }).click();
    await expect(page).toHaveURL(/#inquiry$/);
    await expect(page.getByRole("heading", { name: `Inquiry from ${name}` })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
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
