import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { INSIGHTS_SEASONED, insightsPerformerFor, SEASONED_TOTALS } from "./seed/insights";

const PHONE = { width: 390, height: 844 };
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

/** Opens the profile and waits until the page has reported the view (the server answers 204 either way). */
async function viewProfile(page: Page, id: string, name: string) {
  const reported = page.waitForResponse((r) => r.url().endsWith("/insights/count") && r.request().method() === "POST");
  await page.goto(`/profile/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  expect((await reported).status()).toBe(204);
}

/** A visitor of their own: another address (the server counts an address once a day) and, optionally, a crawler's user agent. */
async function visitorPage(browser: Browser, address: string, userAgent?: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": address }, ...(userAgent ? { userAgent } : {}) });
  return { page: await context.newPage(), close: () => context.close() };
}

function stat(page: Page, label: string) {
  return page.getByTestId("insights").locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd").first();
}

test.describe("performer insights", () => {
  test.use({ viewport: PHONE });

  test("a visitor's view is counted on the performer's dashboard; a crawler's and the performer's own are not", async ({ page, browser }, testInfo) => {
    const performer = insightsPerformerFor(testInfo.retry);
    const attempt = testInfo.retry;

    // Before anyone looked: the section is there, saying so.
    await signInAs(page, performer.email);
    const insights = page.getByTestId("insights");
    await expect(insights.getByRole("heading", { name: "Insights" })).toBeVisible();
    await expect(insights).toContainText("No numbers yet.");
    await expectAccessible(page, TOASTS_ASIDE);

    // The performer looks at their own public profile: not counted.
    await viewProfile(page, performer.id, performer.displayName);

    // A search engine's crawler: not counted.
    const crawler = await visitorPage(browser, `10.250.${attempt}.1`, GOOGLEBOT);
    await viewProfile(crawler.page, performer.id, performer.displayName);
    await crawler.close();

    // A parent: counted, once, however often they reload.
    const parent = await visitorPage(browser, `10.250.${attempt}.2`);
    await viewProfile(parent.page, performer.id, performer.displayName);
    await viewProfile(parent.page, performer.id, performer.displayName);
    await parent.close();

    // Counts are written in batches (every 200 ms in this run): the dashboard shows the one view.
    await expect(async () => {
      await page.goto("/dashboard");
      await expect(stat(page, "Profile views")).toHaveText("1", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(stat(page, "Inquiries")).toHaveText("0");
    await expect(stat(page, "Views to inquiry")).toContainText("0%");

    // The chart (drawn in the browser) and the same figures as a table.
    await expect(insights.locator(".uplot")).toBeVisible();
    await insights.getByText("Show as a table").click();
    const table = insights.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(13);
    // This week, the first row under the header: one view.
    await expect(table.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("1");
    await expectAccessible(page, TOASTS_ASIDE);

    // Nothing on the phone's page is wider than the screen.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await insights.screenshot({ path: testInfo.outputPath("insights-390.png") });
  });

  test("twelve weeks of numbers as totals, a chart and a table, on a phone", async ({ page }, testInfo) => {
    await signInAs(page, INSIGHTS_SEASONED.email);
    const insights = page.getByTestId("insights");
    await expect(stat(page, "Profile views")).toHaveText(SEASONED_TOTALS.views.toLocaleString("en-US"));
    await expect(stat(page, "Appearances in results")).toHaveText(SEASONED_TOTALS.appearances.toLocaleString("en-US"));
    await expect(stat(page, "Inquiries")).toHaveText(String(SEASONED_TOTALS.inquiries));
    const rate = Math.round((SEASONED_TOTALS.inquiries / SEASONED_TOTALS.views) * 1000) / 10;
    await expect(stat(page, "Views to inquiry")).toContainText(`${rate}%`);
    await expect(insights.locator(".uplot")).toBeVisible();

    await insights.getByText("Show as a table").click();
    const rows = insights.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(13);
    // Newest week first: this week's numbers, then eleven weeks back at the bottom.
    const [thisWeek, oldest] = [INSIGHTS_SEASONED.weeks[0], INSIGHTS_SEASONED.weeks[11]];
    await expect(rows.nth(1).getByRole("cell")).toHaveText([String(thisWeek.views), String(thisWeek.appearances), String(thisWeek.inquiries), "10%"]);
    await expect(rows.nth(12).getByRole("cell")).toHaveText([String(oldest.views), String(oldest.appearances), String(oldest.inquiries), "0%"]);
    await expectAccessible(page, TOASTS_ASIDE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await insights.screenshot({ path: testInfo.outputPath("insights-seasoned-390.png") });
  });
});
