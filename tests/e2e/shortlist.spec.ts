import type { Browser, Locator, Page } from "@playwright/test";
import { readCapturedMail } from "../helpers/smtp-sink";
import { expect, expectAccessible, signInAs, test, waitForHydration, waitForMail } from "./fixtures";
import { shortlistSetFor } from "./seed/shortlist";

// The shortlist on a phone: save performers from the directory's cards and a profile, compare them
// side by side, remove and clear, share the list with someone else's browser, who keeps it, and
// ask them all at once.
// The list lives in the browser, so each test starts with an empty one (a fresh context).

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

// Sonner's toasts are the shared layout's; they are checked there.
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

function header(page: Page): Locator {
  return page.getByRole("banner");
}

function columns(page: Page): Locator {
  return page.getByRole("list", { name: "Shortlisted performers" }).locator(":scope > li");
}

/** Saves performers with the hearts on /browse/{state}'s cards. */
async function saveFromBrowse(page: Page, state: string, names: readonly string[]) {
  await page.goto(`/browse/${state}`);
  for (const name of names) {
    const save = page.getByRole("button", { name: `Save ${name} to shortlist` });
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByRole("button", { name: `Remove ${name} from shortlist` })).toHaveAttribute("aria-pressed", "true");
  }
}

/** A second visitor: a browser context of its own, so its own empty shortlist. */
async function otherVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await context.addInitScript(() => window.localStorage.setItem("hasSeenWelcomePopup", "true"));
  return context;
}

test("save three performers from cards and a profile, compare them side by side, remove one and clear", async ({ page }, testInfo) => {
  const set = shortlistSetFor(testInfo.retry);
  const [sparkle, captain, robot] = set.performers;

  // Nothing saved yet: the header says "Shortlist" without a count, and the page offers browsing.
  await page.goto("/shortlist");
  await expect(page.getByRole("heading", { level: 2, name: "No performers saved yet" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Browse performers" })).toHaveAttribute("href", "/browse");
  await expect(header(page).getByRole("link", { name: "Shortlist", exact: true })).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  await saveFromBrowse(page, set.state, [sparkle.displayName, robot.displayName]);
  await expect(header(page).getByRole("link", { name: "Shortlist, 2 saved" })).toBeVisible();
  // The heart is a 44 px target.
  const heart = page.getByRole("button", { name: `Remove ${sparkle.displayName} from shortlist` });
  const box = await heart.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);

  // The third from the profile page.
  await page.goto(`/profile/${captain.id}`);
  await page.getByRole("button", { name: `Save ${captain.displayName} to shortlist` }).click();
  await expect(page.getByRole("button", { name: new RegExp(`remove ${captain.displayName} from shortlist`, "i") })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(header(page).getByRole("link", { name: "Shortlist, 3 saved" })).toBeVisible();

  await header(page).getByRole("link", { name: "Shortlist, 3 saved" }).click();
  await expect(page).toHaveURL(/\/shortlist$/);
  await expect(page.getByRole("heading", { level: 2, name: "3 performers saved" })).toBeVisible();
  await expect(columns(page)).toHaveCount(3);
  for (const [i, performer] of [sparkle, robot, captain].entries()) {
    await expect(columns(page).nth(i).getByRole("heading", { name: performer.displayName })).toBeVisible();
  }
  const sparkleColumn = columns(page).nth(0);
  await expect(sparkleColumn).toContainText(`${sparkle.city}, ${set.state}`);
  await expect(sparkleColumn).toContainText("$120 - $180 / hour");
  await expect(sparkleColumn).toContainText("Travels up to 25 miles");
  await expect(sparkleColumn).toContainText("Shows for: Kids and families");
  await expect(sparkleColumn.getByRole("link", { name: sparkle.displayName })).toHaveAttribute("href", `/profile/${sparkle.id}`);
  const captainColumn = columns(page).nth(2);
  await expect(captainColumn).toContainText("Price on request");
  await expect(captainColumn).toContainText("Performs outdoors: No");
  await expect(captainColumn).toContainText("Shows for: Not stated");
  await expect(captainColumn).toContainText("Brings their own costume: Yes");

  // Side by side: the columns share a row, the next one peeking in to be scrolled to; the page itself stays 390 px wide.
  const [first, second] = [await columns(page).nth(0).boundingBox(), await columns(page).nth(1).boundingBox()];
  expect(second!.y).toBe(first!.y);
  expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  expect(second!.x).toBeLessThan(PHONE.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Each fact sits level with the same fact of the neighbour, however long the captain's name.
  const priceTop = async (column: Locator) => (await column.getByText("Price", { exact: true }).boundingBox())!.y;
  expect(await priceTop(columns(page).nth(2))).toBe(await priceTop(columns(page).nth(0)));
  await page.screenshot({ path: testInfo.outputPath("shortlist-390.png"), fullPage: true });
  await expectAccessible(page, TOASTS_ASIDE);

  // A performer saved earlier whose listing has since lapsed shows as no longer listed, not dropped.
  await page.evaluate(
    ([key, lapsed]) => {
      const list = JSON.parse(window.localStorage.getItem(key) ?? "[]") as unknown[];
      window.localStorage.setItem(key, JSON.stringify([...list, { id: lapsed.id, name: lapsed.name, savedAt: Date.now() }]));
    },
    ["costumecast.shortlist", { id: set.lapsed.id, name: set.lapsed.displayName }] as const,
  );
  await page.reload();
  await expect(columns(page)).toHaveCount(4);
  const lapsed = columns(page).nth(3);
  await expect(lapsed.getByRole("heading", { name: set.lapsed.displayName })).toBeVisible();
  await expect(lapsed.getByText("No longer listed", { exact: true })).toBeVisible();
  await lapsed.getByRole("button", { name: `Remove ${set.lapsed.displayName} from shortlist` }).click();
  await expect(columns(page)).toHaveCount(3);

  // Remove one.
  await page.getByRole("button", { name: `Remove ${robot.displayName} from shortlist` }).click();
  await expect(columns(page)).toHaveCount(2);
  await expect(page.getByRole("heading", { level: 2, name: "2 performers saved" })).toBeFocused();
  await expect(header(page).getByRole("link", { name: "Shortlist, 2 saved" })).toBeVisible();

  // Clear asks first; keeping the list changes nothing.
  await page.getByRole("button", { name: "Clear shortlist" }).click();
  const question = page.getByRole("group", { name: "Remove all 2 performers from your shortlist?" });
  await expect(question.getByRole("button", { name: "Yes, clear it" })).toBeFocused();
  await question.getByRole("button", { name: "Keep my shortlist" }).click();
  await expect(columns(page)).toHaveCount(2);
  await page.getByRole("button", { name: "Clear shortlist" }).click();
  await page.getByRole("button", { name: "Yes, clear it" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "No performers saved yet" })).toBeFocused();
  await expect(header(page).getByRole("link", { name: "Shortlist", exact: true })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("empty-390.png") });
  await expectAccessible(page, TOASTS_ASIDE);
});

test("a share link shows the same list in another browser, which can save it as its own", async ({ page, browser, baseURL }, testInfo) => {
  const set = shortlistSetFor(testInfo.retry);
  const names = set.performers.map((performer) => performer.displayName);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await saveFromBrowse(page, set.state, names);
  await page.goto("/shortlist");
  await expect(columns(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Share this list" }).click();
  await expect(page.getByRole("status").filter({ hasText: /Link copied|Copy this link/ })).toBeVisible();
  const link = await page.getByRole("textbox", { name: "Link to this list" }).inputValue();
  expect(link).toBe(`${new URL(baseURL).origin}/shortlist?ids=${set.performers.map((performer) => performer.id).join(",")}`);

  const context = await otherVisitor(browser, baseURL);
  try {
    const partner = await context.newPage();
    const response = await partner.goto(link);
    expect(response?.status()).toBe(200);
    await expect(partner.getByRole("heading", { level: 1, name: "A shared shortlist" })).toBeVisible();
    await expect(partner.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(columns(partner)).toHaveCount(3);
    for (const [i, name] of names.entries()) await expect(columns(partner).nth(i).getByRole("heading", { name })).toBeVisible();
    await expect(header(partner).getByRole("link", { name: "Shortlist", exact: true })).toBeVisible();
    await partner.screenshot({ path: testInfo.outputPath("shared-390.png"), fullPage: true });
    await expectAccessible(partner, TOASTS_ASIDE);

    await partner.getByRole("button", { name: "Save these to my shortlist" }).click();
    await expect(partner.getByRole("status").filter({ hasText: "Saved 3 performers to your shortlist." })).toBeVisible();
    await expect(partner.getByRole("button", { name: "All saved to your shortlist" })).toBeDisabled();
    await expect(header(partner).getByRole("link", { name: "Shortlist, 3 saved" })).toBeVisible();
    await partner.getByRole("link", { name: "Open my shortlist" }).click();
    await expect(partner).toHaveURL(/\/shortlist$/);
    await expect(partner.getByRole("heading", { level: 1, name: "Your shortlist" })).toBeVisible();
    await expect(columns(partner)).toHaveCount(3);
  } finally {
    await context.close();
  }
});

async function mathAnswer(scope: Locator): Promise<number> {
  const label = await scope.getByText(/^What is \d \+ \d\?/).textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(label ?? "") ?? [];
  return Number(a) + Number(b);
}

// Sending changes the performers' inboxes, so a retry asks a set of its own (shortlistSetFor).
test("ask all three at once: each performer's inbox holds the message and the sender gets one confirmation", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const set = shortlistSetFor(testInfo.retry);
  const performers = set.performers;
  const sender = { name: "Jordan Shortlister", email: `jordan.${testInfo.retry}.${Date.now()}@example.org` };
  await saveFromBrowse(
    page,
    set.state,
    performers.map((performer) => performer.displayName),
  );
  await page.goto("/shortlist");
  await expect(columns(page)).toHaveCount(3);

  const form = page.getByRole("form", { name: "Ask them all" });
  await expect(form).toContainText("One message to each of these 3 performers");
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(sender.name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(sender.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(401) 555-0188");
  await form.getByRole("textbox", { name: "City", exact: true }).fill(set.event.city);
  await form.getByRole("combobox", { name: "State", exact: true }).selectOption(set.state);
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill(set.event.zip);
  await form.getByRole("checkbox", { name: "Birthday Party" }).check();
  await form
    .getByRole("textbox", { name: "Message", exact: true })
    .fill("Hello! We are planning a lighthouse-themed party for our son's 7th birthday. Are you free?");
  await form.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(form)));
  await form.getByRole("button", { name: "Send to all 3" }).click();

  // The confirmation names who was asked.
  await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeFocused();
  const confirmation = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
  for (const performer of performers) {
    await expect(confirmation.getByRole("link", { name: performer.displayName })).toHaveAttribute("href", `/profile/${performer.id}`);
  }
  // The sender's copy of what they sent is on the screen, not in a mail.
  await expect(page.getByRole("region", { name: "Your copy of the message" })).toContainText("lighthouse-themed party");
  await expectAccessible(page, TOASTS_ASIDE);

  // Each performer gets their own mail, addressed to them alone, naming no one else.
  for (const performer of performers) {
    const mail = await waitForMail((m) => m.to.includes(performer.contactEmail) && m.text.includes(sender.email));
    expect(mail.to).toEqual([performer.contactEmail]);
    expect(mail.replyTo).toContain(sender.email);
    expect(mail.text).toContain("lighthouse-themed party");
    for (const other of performers.filter((p) => p.id !== performer.id)) {
      expect(`${mail.text}${mail.html ?? ""}`).not.toContain(other.contactEmail);
      expect(`${mail.text}${mail.html ?? ""}`).not.toContain(other.displayName);
    }
  }
  // The sender: one confirmation listing all three.
  const copy = await waitForMail((m) => m.to.includes(sender.email));
  expect(readCapturedMail(process.env.E2E_MAIL_DIR!).filter((m) => m.to.includes(sender.email))).toHaveLength(1);
  expect(copy.subject).toBe("Your message to 3 performers on CostumeCast");
  for (const performer of performers) {
    expect(copy.text).toContain(performer.displayName);
    expect(copy.text).toContain(`/profile/${performer.id}`);
    expect(`${copy.text}${copy.html ?? ""}`).not.toContain(performer.contactEmail);
  }
  // Nothing the sender typed is mailed to the address they typed.
  for (const typed of ["lighthouse-themed party", sender.name, "555-0188"]) expect(`${copy.text}${copy.html ?? ""}`).not.toContain(typed);

  // And each performer's inbox on the dashboard holds it.
  for (const performer of performers) {
    const context = await browser.newContext({ baseURL });
    try {
      const inbox = await context.newPage();
      await signInAs(inbox, performer.email);
      await expect(inbox.getByText(sender.name).first()).toBeVisible();
    } finally {
      await context.close();
    }
  }
});

test("with more than five listed, the visitor ticks whom to ask, five at most; another tab's count follows", async ({ page, context }) => {
  // Reads only: both sets' performers, six in all.
  const six = [...shortlistSetFor(0).performers, ...shortlistSetFor(1).performers];
  await page.goto("/shortlist");
  await expect(page.getByRole("heading", { level: 2, name: "No performers saved yet" })).toBeVisible();
  // A second tab (the first one's start-up script has already told the welcome pop-up to stay away).
  const other = await context.newPage();
  await other.goto("/categories");
  await expect(header(other).getByRole("link", { name: "Shortlist", exact: true })).toBeVisible();
  await page.evaluate(([key, entries]) => window.localStorage.setItem(key, JSON.stringify(entries)), [
    "costumecast.shortlist",
    six.map((performer, i) => ({ id: performer.id, name: performer.displayName, savedAt: i })),
  ] as const);
  // The other tab hears of it (storage event) without reloading.
  await expect(header(other).getByRole("link", { name: "Shortlist, 6 saved" })).toBeVisible();

  await page.reload();
  await expect(columns(page)).toHaveCount(6);
  const whom = page.getByRole("group", { name: /^Whom to ask: up to 5/ });
  await expect(whom.getByRole("checkbox")).toHaveCount(6);
  for (const performer of six.slice(0, 5)) await expect(whom.getByRole("checkbox", { name: performer.displayName })).toBeChecked();
  const sixth = whom.getByRole("checkbox", { name: six[5].displayName });
  await expect(sixth).not.toBeChecked();
  await expect(sixth).toBeDisabled();
  const form = page.getByRole("form", { name: "Ask them all" });
  await expect(form).toContainText("One message to each of these 5 performers");
  await expect(form.getByRole("button", { name: "Send to all 5" })).toBeVisible();

  await whom.getByRole("checkbox", { name: six[1].displayName }).uncheck();
  await expect(whom).toHaveAccessibleName("Whom to ask: up to 5 (4 chosen)");
  await expect(form).toContainText("One message to each of these 4 performers");
  await sixth.check();
  await expect(whom.getByRole("checkbox", { name: six[2].displayName })).toBeChecked();
  await expect(form).toContainText(six[5].displayName);
  await expect(form).not.toContainText(six[1].displayName);
  await expect(form.locator('input[type="hidden"][name="profileIds"]')).toHaveCount(5);
  await expectAccessible(page, TOASTS_ASIDE);
});

test("on a shared list, a box ticked or Send tapped while the form's script is on its way still counts", async ({ page }) => {
  // Reads only: both sets' performers, six in all.
  const six = [...shortlistSetFor(0).performers, ...shortlistSetFor(1).performers];
  await page.goto(`/shortlist?ids=${six.map((performer) => performer.id).join(",")}`);
  await expect(columns(page)).toHaveCount(6);
  // "Ask them all" loads its script when the visitor first reaches into it; a slow connection delays it.
  await page.route(/\/assets\/inquiry-[^/]*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const whom = page.getByRole("group", { name: /^Whom to ask: up to 5/ });
  await whom.getByRole("checkbox", { name: six[1].displayName }).click();
  await expect(whom).toHaveAccessibleName("Whom to ask: up to 5 (4 chosen)");
  await expect(whom.getByRole("checkbox", { name: six[1].displayName })).not.toBeChecked();
  const form = page.getByRole("form", { name: "Ask them all" });
  await expect(form).toContainText("One message to each of these 4 performers");
  await expect(form.locator('input[type="hidden"][name="profileIds"]')).toHaveCount(4);

  await page.reload();
  await expect(columns(page)).toHaveCount(6);
  // Before the page itself is live, Send is a plain form post, answered by the server: this
  // journey is about the page being live and only the form's own script on its way.
  await waitForHydration(page);
  await form.getByRole("button", { name: "Send to all 5" }).click();
  // Checked in the page by the live form, which puts the cursor in the first field to fix (the
  // server's answer to a plain post would not).
  await expect(form.getByText("Name is required", { exact: true })).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a share link's list is in the page itself; the own list says it needs JavaScript", async ({ page }) => {
    const set = shortlistSetFor(0);
    await page.goto(`/shortlist?ids=${[...set.performers.map((performer) => performer.id), set.lapsed.id].join(",")}`);
    await expect(columns(page)).toHaveCount(4);
    for (const performer of set.performers) await expect(page.getByRole("heading", { name: performer.displayName })).toBeVisible();
    // The server does not know the name of a performer who is no longer listed, and says nothing about them.
    await expect(columns(page).nth(3)).toContainText("No longer listed");
    await expect(columns(page).nth(3)).not.toContainText(set.lapsed.displayName);
    await expect(page.getByRole("form", { name: "Ask them all" })).toBeVisible();

    // Playwright turns off running scripts, not the parser's scripting flag, so Chromium keeps a
    // <noscript>'s content as text rather than showing it: read the markup instead.
    await page.goto("/shortlist");
    expect(await page.getByRole("main").locator("noscript").textContent()).toContain(
      "Your shortlist is kept by your browser and needs JavaScript to show.",
    );
  });
});
