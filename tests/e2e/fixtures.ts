import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { readCapturedMail, type CapturedMail } from "../helpers/smtp-sink";
import { ACCOUNTS_PASSWORD } from "./seed/accounts";

/**
 * A visitor address of the test's own (10.x.y.z, from its id and retry), which the server believes
 * because global-setup.ts trusts one proxy hop, as behind a load balancer. Per-address limits
 * (sign-ins a minute, inquiries an hour) then count each test as one visitor instead of the whole
 * suite as one.
 */
function visitorAddress(testId: string, retry: number): string {
  let hash = 2166136261;
  for (const char of `${testId}#${retry}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${(hash & 255) || 1}`;
}

export const test = base.extend<{ baseURL: string }>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    await use({ "X-Forwarded-For": visitorAddress(testInfo.testId, testInfo.retry) });
  },
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error("E2E_BASE_URL is not set: run through `npx playwright test`");
    await use(url);
  },
  // Every page starts as a returning visitor, so the welcome pop-up does not cover what a test clicks.
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      if (!window.location.search.includes("fresh-visitor")) window.localStorage.setItem("hasSeenWelcomePopup", "true");
    });
    await use(page);
  },
});

export { expect };

/** Signs a seeded account in through the sign-in page and waits until it lands on `redirectTo`. */
export async function signInAs(page: Page, email: string, redirectTo = "/dashboard") {
  await page.goto(`/signin?redirectTo=${encodeURIComponent(redirectTo)}`);
  const main = page.getByRole("main");
  await main.getByLabel("Email").fill(email);
  await main.getByLabel(/^Password/).fill(ACCOUNTS_PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirectTo.replace(/[?]/g, "\\?")}$`));
}

/**
 * Waits until React has hydrated the element (it carries a fiber), the page's main content unless
 * told otherwise. A page's scripts start only after it has loaded and painted
 * (app/server/http/page-scripts.server.ts), so a journey that uses a script-driven control right
 * after `goto` waits for this first.
 */
export async function waitForHydration(page: Page, selector = "main") {
  await page.waitForFunction((sel) => {
    const node = document.querySelector(sel);
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  }, selector);
}

/**
 * Gives the page a clock that stands still (installed at a fixed moment, paused a second later), so
 * a journey steps the page's timers (a pop-up's delay, a toast's lapse) with `page.clock.runFor`.
 * Call before `goto`; axe waits on timers of its own, so resume the clock before a scan.
 */
export async function pauseClock(page: Page): Promise<void> {
  const start = new Date("2025-06-01T12:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}

/** Fails on serious or critical axe violations, listing them readably. */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
  expect(report, report.join("\n")).toEqual([]);
}

/** The confirmation link in the newest mail to `email` that carries one (the sign-up mail or a resent one). */
export async function confirmationLink(email: string): Promise<string> {
  const linkIn = (mail: CapturedMail) => mail.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0] ?? null;
  const mail = await waitForMail((m) => m.to.includes(email) && linkIn(m) !== null);
  return linkIn(mail)!;
}

/**
 * Confirms a new account's address the way its owner does: opens the link from the mail. Until then
 * the account cannot subscribe or be listed.
 */
export async function confirmEmailThroughMail(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationLink(email));
  await expect(page).toHaveURL(/\/(dashboard|signin)$/);
}

/** Mail received by the run's SMTP server, newest last; waits until `predicate` matches one. */
export async function waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readCapturedMail(dir).filter(predicate);
    if (found.length > 0) return found[found.length - 1];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("No matching email arrived in time");
}
