import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForHydration } from "./fixtures";
import { CALENDAR_ACCOUNTS, IMPORTED_DAYS } from "./seed/calendar";

// The performer's calendar on a phone (issue 26): from the dashboard to /dashboard/calendar, December
// 12 of next year marked booked through the form, shown booked in the month (the day's name says so to
// a screen reader), a day picked in the month by keyboard fills the form, the feed carries the day,
// and a range that ends before it starts is refused next to its field, with and without JavaScript.
// Days imported from an iCal calendar show in the month as its own kind of booked day.

test.use({ viewport: { width: 390, height: 844 } });

const AXE = { exclude: ["[data-sonner-toaster]"] };
const YEAR = new Date().getUTCFullYear() + 1;
const DECEMBER_12 = `${YEAR}-12-12`;
const dayName = (weekday: string, day: number) => `${weekday}, December ${day}, ${YEAR}`;
/** The rows of "Your marked days" (the toaster's own list items are elsewhere). */
const markedDays = (page: Page) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: "Your marked days" }) }).getByRole("listitem");
const weekdayOf = (day: number) => new Date(Date.UTC(YEAR, 11, day)).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });

test("a performer marks December 12 booked, sees it in the month and in their feed", async ({ page }) => {
  const { email } = test.info().retry === 0 ? CALENDAR_ACCOUNTS.marks : CALENDAR_ACCOUNTS.marksRetry;
  await signInAs(page, email);
  const card = page.getByTestId("calendar-card");
  await expect(card).toContainText("Calendar not shared yet");
  await card.getByRole("link", { name: "Open calendar" }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("grid")).toBeVisible();
  await waitForHydration(page);
  await expectAccessible(page, AXE);

  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Mark days" }) });
  await form.getByLabel("First day").fill(DECEMBER_12);
  await expect(form.getByRole("radio", { name: "Booked" })).toBeChecked();
  await form.getByRole("button", { name: "Save days" }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/calendar\\?month=${YEAR}-12$`));
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Marked booked" })).toBeVisible();

  const grid = page.getByRole("grid", { name: `December ${YEAR}` });
  await expect(grid.getByRole("button", { name: `${dayName(weekdayOf(12), 12)}, booked` })).toBeVisible();
  await expect(page.getByText(/^Calendar last updated \w{3} \d{1,2}, \d{4}/)).toBeVisible();
  await expect(markedDays(page).filter({ hasText: `Booked: ${weekdayOf(12).slice(0, 3)}, Dec 12, ${YEAR}` })).toBeVisible();
  // Nothing about the page is hidden past the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // By keyboard: from December 12, the right arrow reaches the 13th, Enter picks it for the form.
  await grid.getByRole("button", { name: new RegExp(`^${dayName(weekdayOf(12), 12)}`) }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(grid.getByRole("button", { name: new RegExp(`^${dayName(weekdayOf(13), 13)}`) })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByLabel("First day")).toHaveValue(`${YEAR}-12-13`);
  await form.getByRole("radio", { name: "Away" }).check();
  await form.getByRole("button", { name: "Save days" }).click();
  await expect(grid.getByRole("button", { name: `${dayName(weekdayOf(13), 13)}, away` })).toBeVisible();
  await expectAccessible(page, AXE);

  const address = await page.getByTestId("feed-address").inputValue();
  expect(address).toMatch(/\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const feed = await page.request.get(new URL(address).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  const text = await feed.text();
  expect(text).toContain(`DTSTART;VALUE=DATE:${YEAR}1212\r\nDTEND;VALUE=DATE:${YEAR}1213\r\nSUMMARY:Booked\r\n`);
  expect(text).toContain(`DTSTART;VALUE=DATE:${YEAR}1213\r\nDTEND;VALUE=DATE:${YEAR}1214\r\nSUMMARY:Away\r\n`);

  // A range that ends before it starts is stopped in the browser, its message beside the field.
  await form.getByLabel("First day").fill(`${YEAR}-12-20`);
  await form.getByLabel("Last day").fill(`${YEAR}-12-18`);
  await form.getByRole("button", { name: "Save days" }).click();
  await expect(form.getByText("The last day is before the first day.")).toBeVisible();
  await expect(form.getByLabel("Last day")).toHaveAttribute("aria-invalid", "true");
});

test("days imported from the performer's iCal calendar show as booked in the month, named so, and cannot be cleared here", async ({ page }) => {
  const { email } = CALENDAR_ACCOUNTS.imports;
  expect(IMPORTED_DAYS).toEqual([DECEMBER_12, `${YEAR}-12-13`]);
  await signInAs(page, email, `/dashboard/calendar?month=${YEAR}-12`);
  const grid = page.getByRole("grid", { name: `December ${YEAR}` });
  await expect(grid).toBeVisible();
  await waitForHydration(page);

  // The imported days say where they come from; December 14, marked here, is plainly booked.
  const twelfth = grid.getByRole("button", { name: `${dayName(weekdayOf(12), 12)}, booked in your iCal calendar` });
  await expect(twelfth).toBeVisible();
  await expect(grid.getByRole("button", { name: `${dayName(weekdayOf(13), 13)}, booked in your iCal calendar` })).toBeVisible();
  await expect(grid.getByRole("button", { name: `${dayName(weekdayOf(14), 14)}, booked` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Key" }).getByText("From your iCal calendar (booked)")).toBeVisible();
  await expect(page.getByTestId("imported-days-note")).toContainText("free the day in that calendar");
  // A successful read counts as an update.
  await expect(page.getByText(/^Calendar last updated \w{3} \d{1,2}, \d{4}/)).toBeVisible();

  // Listed with the marks, but with no Clear: the next read would bring them back.
  const importedRange = markedDays(page).filter({ hasText: `From your iCal calendar: ${weekdayOf(12).slice(0, 3)}, Dec 12, ${YEAR}` });
  await expect(importedRange).toContainText("Change it in that calendar");
  await expect(importedRange.getByRole("button")).toHaveCount(0);
  await expect(markedDays(page).filter({ hasText: `Booked: ${weekdayOf(14).slice(0, 3)}, Dec 14, ${YEAR}` }).getByRole("button", { name: /^Clear/ })).toBeVisible();

  // By keyboard, the imported day is reached and picked like any other, to put a mark of one's own over it.
  await twelfth.focus();
  await page.keyboard.press("Enter");
  const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Mark days" }) });
  await expect(form.getByLabel("First day")).toHaveValue(DECEMBER_12);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, AXE);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form marks a range, and the server's refusal stands beside the field", async ({ page }) => {
    const { email } = test.info().retry === 0 ? CALENDAR_ACCOUNTS.noscript : CALENDAR_ACCOUNTS.noscriptRetry;
    await signInAs(page, email, "/dashboard/calendar");
    const form = page.locator("form").filter({ has: page.getByRole("heading", { name: "Mark days" }) });
    await form.getByLabel("First day").fill(`${YEAR}-12-20`);
    await form.getByLabel("Last day").fill(`${YEAR}-12-18`);
    await form.getByRole("button", { name: "Save days" }).click();
    await expect(form.getByText("The last day is before the first day.")).toBeVisible();
    await expect(form.getByLabel("First day")).toHaveValue(`${YEAR}-12-20`);

    await form.getByLabel("Last day").fill(`${YEAR}-12-22`);
    await form.getByRole("button", { name: "Save days" }).click();
    await expect(page).toHaveURL(new RegExp(`month=${YEAR}-12$`));
    const grid = page.getByRole("grid");
    for (const day of [20, 21, 22]) await expect(grid.getByRole("button", { name: `${dayName(weekdayOf(day), day)}, booked` })).toBeVisible();
    await expect(markedDays(page).filter({ hasText: /^Booked: .*Dec 20.*Dec 22/ })).toBeVisible();
  });
});
