import type { Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { ADULTS_ACT, unansweredFor } from "./seed/audience";

// One clear audience per profile (issue 25), on a phone: a performer whose profile predates
// "Who are your shows for?" is asked on the dashboard, and an adults-only act's card never hides
// its badge behind "+N".

const PHONE = { width: 390, height: 844 };
// The shared toaster is checked where it lives (layout), not on every page.
const AXE = { exclude: ["[data-sonner-toaster]"] };

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test.describe("who the shows are for, on a phone", () => {
  test.use({ viewport: PHONE });
  // Each journey runs axe two or three times; on two cores beside other journeys that passed 45 s.
  test.describe.configure({ timeout: 120_000 });

  test("a performer without an answer is asked at the top of the dashboard, and the answer tidies the profile", async ({ page }, testInfo) => {
    const performer = unansweredFor(testInfo.retry);
    await signInAs(page, performer.email);

    const ask = page.getByRole("region", { name: "Who are your shows for?" });
    await expect(ask).toBeVisible();
    // Above everything else the dashboard holds, on the first screen.
    const [asked, main] = [await ask.boundingBox(), await page.getByTestId("dashboard-main").boundingBox()];
    expect(asked!.y).toBeLessThan(main!.y);
    expect(asked!.y).toBeLessThan(PHONE.height);
    const answers = ask.getByRole("group", { name: "Who are your shows for?" }).getByRole("radio");
    await expect(answers).toHaveCount(3);
    // Each answer is a whole card a thumb can hit.
    for (const name of ["Kids and families", "All ages", "Adults only (18+)"]) {
      const card = ask.locator("div.relative").filter({ has: page.getByRole("radio", { name }) });
      expect((await card.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, AXE);

    // Nothing chosen: said next to the question.
    await ask.getByRole("button", { name: "Save answer" }).click();
    await expect(ask.getByText("Choose who your shows are for")).toBeVisible();
    await expect(ask.getByRole("group", { name: "Who are your shows for?" })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, AXE);

    // A tap on the card's explanation, not only on the button or its name, chooses it.
    const explanation = (await ask.getByText("Nightlife, costume balls and other 18+ events.", { exact: false }).boundingBox())!;
    await page.mouse.click(explanation.x + explanation.width / 2, explanation.y + explanation.height / 2);
    await expect(ask.getByRole("radio", { name: "Adults only (18+)" })).toBeChecked();
    await ask.getByRole("button", { name: "Save answer" }).click();
    await expect(
      toast(page, "Thanks! Your profile now says: Adults only (18+). Kids' Parties Only was taken off your categories, as it doesn't fit that answer."),
    ).toBeVisible();
    await expect(ask).toHaveCount(0);

    // The editor reads the same: the answer chosen, the contradicting category gone, adult themes kept.
    await page.goto("/dashboard/edit-profile");
    await expect(page.getByRole("radio", { name: "Adults only (18+)" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Kids' Parties Only", exact: true })).not.toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Fantasy", exact: true })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Open to adult-themed events (18+)" })).toBeChecked();
    await expectAccessible(page, AXE);
  });

  test("an adults-only act's card always shows its badge, never folded into +N", async ({ page }) => {
    await page.goto(`/categories/${encodeURIComponent("18+ Events Only")}?state=${ADULTS_ACT.state}`);
    const card = page.getByRole("article").filter({ hasText: ADULTS_ACT.displayName });
    await expect(card).toBeVisible();
    const badges = card.getByRole("list", { name: "Categories" });
    const badge = badges.getByText("Adults only (18+)", { exact: true });
    await expect(badge).toBeVisible();
    // Whole, inside the card, and first; the 18+ category it stands for is not repeated.
    const [shown, box] = [await badge.boundingBox(), await card.boundingBox()];
    expect(shown!.x + shown!.width).toBeLessThanOrEqual(box!.x + box!.width);
    await expect(badges.getByRole("listitem").first()).toHaveText("Adults only (18+)");
    await expect(badges).not.toContainText("18+ Events Only");
    await expect(badges).toContainText(/\+\d/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, AXE);

    // The profile says it in words among the facts parents weigh first.
    await card.getByRole("link", { name: ADULTS_ACT.displayName }).click();
    await expect(page.getByRole("heading", { level: 1, name: ADULTS_ACT.displayName })).toBeVisible();
    await expect(page.getByRole("list", { name: `About ${ADULTS_ACT.displayName} at a glance` })).toContainText("Adults only (18+): shows for adult events");
    await expectAccessible(page, AXE);
  });
});
