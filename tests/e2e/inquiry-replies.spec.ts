import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test, waitForMail } from "./fixtures";
import { repliesFor, REPLIES_DAY } from "./seed/inquiry-replies";

// Replies from the dashboard (issue 27), on a phone: the performer answers with a saved reply filled
// in from the inquiry; the parent's mail carries only our words and a link until the parent, on the
// page it opens, says the address is theirs; the next reply's words come in the mail. Saved replies
// are kept and refused beside their field; "Sorry, I'm booked that day" declines and offers to mark
// the day booked. Axe on every new view.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

// Sonner's toasts are the shared layout's; they are checked there.
const AXE = { exclude: ["[data-sonner-toaster]"] };
const DAY_WORDS = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
  new Date(`${REPLIES_DAY}T00:00:00Z`),
);

async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("a performer replies with a saved reply; the parent reads it, confirms the address, and gets the next one in full", async ({ page }, testInfo) => {
  const { account, toAnswer } = repliesFor(testInfo.retry);
  await signInAs(page, account.email);
  await page.goto(`/dashboard?inquiry=${toAnswer.id}#inquiry`);
  const detail = page.getByRole("article");
  await expect(detail.getByText("will see your email address")).toBeVisible();
  await detail.getByRole("link", { name: `Reply to ${toAnswer.senderName}` }).click();

  await expect(page.getByRole("heading", { level: 1, name: `Reply to ${toAnswer.senderName}` })).toBeVisible();
  await expect(page.getByText(`will see your email address (${account.email})`)).toBeVisible();
  await fitsThePhone(page);
  await expectAccessible(page, AXE);

  await page.getByLabel("Start from a saved reply").selectOption({ label: "I'm free, here is my price" });
  await page.getByLabel("Package to quote").selectOption({ label: "Grand show: $275 · 1 hr 30 min" });
  await page.getByRole("button", { name: "Fill in" }).click();
  const reply = page.getByLabel("Your reply");
  await expect(reply).toHaveValue(/^Hi Dana,/);
  await expect(reply).toHaveValue(new RegExp(`I'm free on ${DAY_WORDS}`));
  await expect(reply).toHaveValue(/My Grand show is \$275\./);
  await reply.fill(`${await reply.inputValue()}\n\nSee you soon, the Rangers`);
  await page.getByRole("button", { name: "Send reply" }).click();

  await expect(page).toHaveURL(new RegExp(`inquiry=${toAnswer.id}`));
  await expect(detail.getByText("Replied", { exact: true })).toBeVisible();
  await expect(detail.getByRole("region", { name: "Your answers" })).toContainText("My Grand show is $275.");
  await fitsThePhone(page);
  await expectAccessible(page, AXE);

  // The parent's address was never confirmed: our words and a link, not the reply's.
  const first = await waitForMail((m) => m.to.includes(toAnswer.senderEmail));
  expect(first.replyTo).toBe(account.email);
  expect(first.text).toContain("Reply Ready Rangers replied to your inquiry");
  expect(first.text).not.toContain("Grand show");
  const link = /https?:\/\/\S+\/replies\?token=[A-Za-z0-9_-]+/.exec(first.text)?.[0];
  expect(link).toBeTruthy();

  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByRole("heading", { level: 1, name: "Reply from Reply Ready Rangers" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("My Grand show is $275.");
  await fitsThePhone(page);
  await expectAccessible(page, AXE);
  await page.getByRole("button", { name: "Yes, this is my email: send replies in full" }).click();
  await expect(page.getByText("The next replies from Reply Ready Rangers will reach you in full by email.")).toBeVisible();
  await expectAccessible(page, AXE);

  // Now the performer's next reply travels in the mail.
  await signInAs(page, account.email, `/dashboard/inquiries/${toAnswer.id}/reply`);
  await page.getByLabel("Your reply").fill("Second note: we will bring bubbles!");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page).toHaveURL(new RegExp(`inquiry=${toAnswer.id}`));
  const second = await waitForMail((m) => m.to.includes(toAnswer.senderEmail) && m.text.includes("Second note: we will bring bubbles!"));
  expect(second.replyTo).toBe(account.email);
});

test("saved replies are kept, refused beside the field when empty, and used", async ({ page }, testInfo) => {
  const { account } = repliesFor(testInfo.retry);
  await signInAs(page, account.email, "/dashboard/saved-replies");
  await expect(page.getByRole("heading", { level: 1, name: "Saved replies" })).toBeVisible();
  const add = page.getByRole("region", { name: "Add a saved reply" });
  await add.getByLabel("Reply").fill("Hi {first name}, thanks!");
  await add.getByRole("button", { name: "Add saved reply" }).click();
  await expect(add.getByText("Give this saved reply a short name")).toBeVisible();
  await expect(add.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, AXE);

  const title = `Quick thanks ${testInfo.retry}`;
  await add.getByLabel("Name").fill(title);
  await add.getByRole("button", { name: "Add saved reply" }).click();
  await expect(page.getByRole("region", { name: /^Your saved replies/ }).getByLabel("Name")).toHaveValue(title);
  await fitsThePhone(page);
  await expectAccessible(page, AXE);
});

test("“Sorry, I'm booked that day” declines kindly and offers to mark the day booked", async ({ page }, testInfo) => {
  const { account, toDecline } = repliesFor(testInfo.retry);
  await signInAs(page, account.email, `/dashboard/inquiries/${toDecline.id}/reply`);
  await page.getByRole("button", { name: "Sorry, I'm booked that day" }).click();
  const declined = page.getByRole("region", { name: "You said sorry for this one" });
  await expect(declined).toBeVisible();
  await fitsThePhone(page);
  await expectAccessible(page, AXE);
  const mail = await waitForMail((m) => m.to.includes(toDecline.senderEmail));
  expect(mail.text).toContain(`Reply Ready Rangers is sorry to say they are already booked on ${DAY_WORDS}`);

  await declined.getByRole("button", { name: `Mark ${DAY_WORDS} as booked` }).click();
  await expect(declined).toContainText(`${DAY_WORDS} is marked in your calendar.`);
  await page.goto(`/dashboard?inquiry=${toDecline.id}#inquiry`);
  await expect(page.getByRole("article").getByText("Declined", { exact: true })).toBeVisible();
});
