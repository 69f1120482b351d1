import type { Page } from "@playwright/test";
import { browserKeys, startPushEndpoint, type PushEndpoint } from "../helpers/push-endpoint";
import { expect, expectAccessible, test, waitForHydration } from "./fixtures";
import { DEMO_SERVER, PUSH_PERFORMER } from "./seed/demo-server";

// Lead alerts on a phone (issue 27): the dashboard's Alerts page at 390 px. A headless browser has
// no push service to subscribe with, so the journey checks what the page says about this browser,
// and reaches "Send me a test" with a subscription posted the way the page's script posts one,
// whose address is a push service on loopback. That takes the run's demo-mode server
// (tests/e2e/seed/demo-server.ts; the shared e2e server, like production, never posts to this machine).

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = DEMO_SERVER.password;
const PERFORMER = PUSH_PERFORMER;
const AXE = { exclude: ["[data-sonner-toaster]"] };

test.describe("on a demo-mode server", () => {
  const demo = { url: process.env.E2E_DEMO_URL! };
  let pushService: PushEndpoint;

  test.beforeAll(async () => {
    pushService = await startPushEndpoint();
  });

  test.afterAll(async () => {
    await pushService?.close();
  });

  async function signIn(page: Page) {
    await page.goto(`${demo.url}/signin?redirectTo=${encodeURIComponent("/dashboard")}`);
    const main = page.getByRole("main");
    await main.getByLabel("Email").fill(PERFORMER.email);
    await main.getByLabel(/^Password/).fill(PASSWORD);
    await main.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  test("the service worker is served from the site", async ({ page }) => {
    const response = await page.request.get(`${demo.url}/push-sw.js`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/javascript/);
    expect(await response.text()).toContain('addEventListener("notificationclick"');
  });

  test("a performer finds Alerts, learns what this browser can do, and sends a test to a device", async ({ page }) => {
    await signIn(page);
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Alerts on your phone" }).click();
    await expect(page).toHaveURL(/\/dashboard\/alerts$/);
    await expect(page.getByRole("heading", { name: "Alerts", level: 1 })).toBeVisible();
    await waitForHydration(page);

    // This headless browser cannot subscribe: the page says what it can do, never "Checking" forever.
    const state = page.getByTestId("push-state");
    await expect(state.getByText("Checking whether this browser can show alerts…")).toHaveCount(0);
    const turnOn = state.getByRole("button", { name: "Turn on alerts on this device" });
    const explained = state.getByRole("status").or(state.getByRole("alert"));
    await expect(turnOn.or(explained).first()).toBeVisible();
    if (await turnOn.isVisible()) {
      await turnOn.click();
      // Without a push service (or without permission) the attempt ends in plain words, nothing stored.
      await expect(state.getByRole("alert").or(state.getByRole("status")).first()).toBeVisible();
      await expect(state.getByRole("button", { name: "Turning on…" })).toHaveCount(0);
    }
    await expect(page.getByText("None yet. Turn alerts on above on each phone or computer where you want them.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, AXE);

    // A test with no device says what to do first.
    await page.getByRole("button", { name: "Send me a test" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Turn on alerts on this phone or computer first, then send yourself a test." })).toBeVisible();

    // The subscription a supporting browser's script would post, for a push service on loopback.
    const keys = browserKeys();
    const posted = await page.request.post(`${demo.url}/dashboard/alerts`, {
      form: { intent: "subscribe", endpoint: `${pushService.url}/e2e-phone`, p256dh: keys.p256dh, auth: keys.auth },
      headers: { Origin: demo.url },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(302);
    await page.goto(`${demo.url}/dashboard/alerts`);
    const devices = page.locator("section").filter({ has: page.getByRole("heading", { name: "Devices with alerts on" }) });
    await expect(devices.getByRole("listitem")).toHaveCount(1);
    // Named from the browser that subscribed (this run's Chrome).
    await expect(devices.getByRole("listitem")).toContainText(/Chrome on (Windows|Linux|Mac)/);
    await waitForHydration(page);
    await expectAccessible(page, AXE);

    await devices.getByRole("button", { name: "Send me a test" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "A test alert is on its way to your device." })).toBeVisible();
    const push = await pushService.next((p) => p.path === "/e2e-phone", 15_000);
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(JSON.parse(keys.decrypt(push.body))).toMatchObject({ title: "Test alert from CostumeCast", url: "/dashboard/alerts" });

    await devices.getByRole("button", { name: /^Remove Chrome on / }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "That device will not get alerts any more." })).toBeVisible();
    await expect(page.getByText("None yet. Turn alerts on above on each phone or computer where you want them.")).toBeVisible();
  });
});
