import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForHydration, waitForMail } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { SEARCH_ALERT_FIXTURE, seededUnsubscribePath } from "./seed/search-alerts";

// A parent on a phone searches for something nobody offers yet, asks to be told when a performer is
// listed, opens the mail and presses the button behind its link; the admin then sees the search
// among those that found nobody. The same form without JavaScript, and the unsubscribe page.
// "Marzipoodle" and "Glimmerquack" are in no fixture's text, so these searches find nobody.

const PHONE = { width: 390, height: 844 };
const CONFIRM_LINK = /https?:\/\/\S+\/alerts\/confirm\?token=[A-Za-z0-9_-]+/;

test.use({ viewport: PHONE });

const uniqueEmail = (label: string, retry: number) => `alerts-${label}-${retry}-${Date.now()}@example.com`;

function alertRegion(page: Page) {
  return page.getByRole("region", { name: "Tell me when a performer for this is listed near me" });
}

/** The page is no wider than the phone: nothing makes it scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("subscribe from a search that found nobody, follow the mailed link, press the button; the admin sees the search", async ({ page }, testInfo) => {
  // Five pages and a sign-in, each scanned by axe: beside other journeys on two cores 45 s is short.
  test.setTimeout(120_000);
  const email = uniqueEmail("journey", testInfo.retry);
  await page.goto("/search?q=marzipoodle+32801");
  await expect(page.getByRole("heading", { name: "0 performers found" })).toBeVisible();
  const region = alertRegion(page);
  await expect(region).toContainText('"marzipoodle" near Orlando, FL');
  await waitForHydration(page);

  // A mistyped address is answered next to the field, and nothing is sent.
  await region.getByLabel(/Your email/).fill("parent-at-example.com");
  await region.getByRole("button", { name: "Tell me when a performer is listed" }).click();
  await expect(region.getByText("Invalid email address")).toBeVisible();

  await region.getByLabel(/Your email/).fill(email);
  await region.getByRole("button", { name: "Tell me when a performer is listed" }).click();
  const sent = page.getByTestId("search-alert-sent");
  await expect(sent.getByRole("heading", { name: "Check your email to confirm" })).toBeVisible();
  await expect(sent).toContainText(email);
  // The search page stayed where it was.
  await expect(page).toHaveURL(/\/search\?q=marzipoodle\+32801$/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("alert-sent-390.png"), fullPage: true });
  await expectAccessible(page);

  // One mail, fixed text: neither the words nor the place typed.
  const mail = await waitForMail((m) => m.to.includes(email));
  expect(mail.subject).toBe("Confirm your CostumeCast email alert");
  expect(mail.text.toLowerCase()).not.toContain("marzipoodle");
  expect(mail.text).not.toContain("Orlando");
  const link = CONFIRM_LINK.exec(mail.text)![0];

  // Opening the link only asks; the button starts the alert.
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Start your email alerts" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText('"marzipoodle" near Orlando, FL');
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Yes, email me new performers" }).click();
  await expect(page.getByText("Your alert is on")).toBeVisible();

  // The link works once.
  await page.goto(link);
  await expect(page.getByText(/This link has expired or has already been used/)).toBeVisible();

  // The admin's report lists the search that found nobody, by its place.
  await signInAs(page, ACCOUNTS.admin.email, "/admin");
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: /Unmet searches/ }).click();
  await expect(page.getByRole("heading", { level: 2, name: /What visitors searched for and did not find/ })).toBeVisible();
  const row = page.getByTestId("unmet-search-row").filter({ hasText: "marzipoodle" });
  await expect(row).toContainText("Orlando, FL");
  await expect(row.getByRole("link", { name: "marzipoodle" })).toHaveAttribute("href", /\/search\?q=marzipoodle/);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("admin-unmet-390.png"), fullPage: true });
  await expectAccessible(page, { exclude: ["[data-sonner-toaster]"] });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts to its own page, which shows the messages or the confirmation", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto("/search?q=glimmerquack+32801");
    const region = alertRegion(page);
    await region.getByLabel(/Your email/).fill("not-an-address");
    await region.getByRole("button", { name: "Tell me when a performer is listed" }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByLabel(/Your email/)).toHaveValue("not-an-address");
    await expect(alertRegion(page)).toContainText('"glimmerquack" near Orlando, FL');
    // axe needs JavaScript in the page; the same page with JavaScript is checked below.

    const email = uniqueEmail("nojs", testInfo.retry);
    await page.getByLabel(/Your email/).fill(email);
    await page.getByRole("button", { name: "Tell me when a performer is listed" }).click();
    await expect(page.getByRole("heading", { name: "Check your email to confirm" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await waitForMail((m) => m.to.includes(email));
  });
});

test("the form's own page (where it posts without JavaScript) shows its messages next to the field", async ({ page }) => {
  await page.goto("/alerts?q=glimmerquack+32801&place=Orlando%2C+FL");
  const region = alertRegion(page);
  await expect(region).toContainText('"glimmerquack" near Orlando, FL');
  await waitForHydration(page);
  await region.getByRole("button", { name: "Tell me when a performer is listed" }).click();
  await expect(region.getByText("Email is required")).toBeVisible();
  await expect(region.getByLabel(/Your email/)).toBeFocused();
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
});

test("the unsubscribe link shows a button, and pressing it stops the alert", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto(seededUnsubscribePath(testInfo.retry));
  await expect(page.getByRole("heading", { level: 1, name: "Stop this email alert" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`"quillowhisk" near ${SEARCH_ALERT_FIXTURE.placeLabel}`);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Stop these emails" }).click();
  await expect(page.getByText("You won't get these emails any more")).toBeVisible();
  // Opened again, it says so instead of offering the button.
  await page.reload();
  await expect(page.getByText("You won't get these emails any more")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop these emails" })).toHaveCount(0);
});
