import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { INSIGHTS_SEASONED, INSIGHTS_YOUNG, insightsPerformerFor, SEASONED_TOTALS } from "./seed/insights";

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

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** Monday (UTC) of the week holding the day, as the server's weeks begin. */
function mondayOf(day: string): number {
  const time = new Date(`${day}T00:00:00Z`).getTime();
  return time - ((new Date(time).getUTCDay() + 6) % 7) * DAY_MS;
}
const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

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
    // One view is no rate to speak of.
    await expect(stat(page, "Views to inquiry")).toHaveText("Shown after 20 views");

    // The charts (drawn in the browser) and the same figures as a table: a listing counted since
    // today has one week, not eleven empty ones before it.
    await expect(insights.getByRole("heading", { name: "Your first week" })).toBeVisible();
    await expect(insights.locator(".uplot")).toHaveCount(3);
    await expect(insights.locator(".uplot").first()).toBeVisible();
    await insights.getByText("Show as a table").click();
    const table = insights.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(2);
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
    await expect(insights.getByRole("heading", { name: "Last 12 weeks" })).toBeVisible();
    await expect(insights.locator(".uplot")).toHaveCount(3);

    await insights.getByText("Show as a table").click();
    const rows = insights.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(13);
    // Newest week first: this week's numbers (10 views: too few for a rate), then eleven weeks back at the bottom.
    const [thisWeek, oldest] = [INSIGHTS_SEASONED.weeks[0], INSIGHTS_SEASONED.weeks[11]];
    await expect(rows.nth(1).getByRole("cell")).toHaveText([String(thisWeek.views), String(thisWeek.appearances), String(thisWeek.inquiries), "–"]);
    await expect(rows.nth(12).getByRole("cell")).toHaveText([String(oldest.views), String(oldest.appearances), String(oldest.inquiries), "0%"]);
    await expectAccessible(page, TOASTS_ASIDE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await insights.screenshot({ path: testInfo.outputPath("insights-seasoned-390.png") });
  });

  test("a young listing on a phone: the chart from its first day, each count on its own chart, no rate under 20 views, and a tip", async ({ page }, testInfo) => {
    const now = Date.now();
    const firstDay = utcDay(now - INSIGHTS_YOUNG.days[0].daysAgo * DAY_MS);
    const weekCount = Math.round((mondayOf(utcDay(now)) - mondayOf(firstDay)) / (7 * DAY_MS)) + 1;
    const views = INSIGHTS_YOUNG.days.reduce((sum, d) => sum + d.views, 0);
    const inquiries = INSIGHTS_YOUNG.days.reduce((sum, d) => sum + d.inquiries, 0);

    await signInAs(page, INSIGHTS_YOUNG.email);
    const insights = page.getByTestId("insights");
    await expect(stat(page, "Profile views")).toHaveText(String(views));
    await expect(stat(page, "Inquiries")).toHaveText(String(inquiries));
    // Fewer than 20 views: the rate waits, and says so.
    expect(views).toBeLessThan(20);
    await expect(stat(page, "Views to inquiry")).toHaveText("Shown after 20 views");
    await expect(insights.getByText("%")).toHaveCount(0);

    // The tip, from the site's own listings (with a number only when they bear it out), and the
    // way to act on it for a profile with no photos and no price yet.
    const tip = insights.getByTestId("insights-tip");
    await expect(tip).toContainText("four photos and a price");
    await expect(tip.getByRole("link", { name: "Add photos" })).toHaveAttribute("href", "/dashboard/manage-images");
    await expect(tip.getByRole("link", { name: "Set your price" })).toHaveAttribute("href", "/dashboard/edit-profile#section-pricing");

    // The chart starts at the first counted day: as many weeks as the listing has had, no more.
    await expect(insights.getByRole("heading", { name: `Your first ${weekCount} weeks` })).toBeVisible();
    // Small multiples: views and inquiries each on a chart of their own, both drawn and in view
    // of a reader scrolling the section, one above the other.
    const viewsChart = insights.locator('[data-series="views"] .uplot');
    const inquiriesChart = insights.locator('[data-series="inquiries"] .uplot');
    await expect(viewsChart).toBeVisible();
    await expect(inquiriesChart).toBeVisible();
    const [viewsBox, inquiriesBox] = [await viewsChart.boundingBox(), await inquiriesChart.boundingBox()];
    expect(viewsBox && inquiriesBox && inquiriesBox.y >= viewsBox.y + viewsBox.height).toBe(true);
    expect(inquiriesBox?.height ?? 0).toBeGreaterThan(80);

    await insights.getByText("Show as a table").click();
    const rows = insights.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(weekCount + 1);
    // The oldest row, at the bottom, is the listing's first day, not a Monday of zeros before it.
    await expect(rows.last().getByRole("rowheader")).toHaveText(shortDay(firstDay));
    await expect(rows.last().getByRole("cell")).toHaveText(["3", "60", "1", "–"]);
    await expectAccessible(page, TOASTS_ASIDE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await insights.screenshot({ path: testInfo.outputPath("insights-young-390.png") });
  });
});
