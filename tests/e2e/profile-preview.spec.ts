import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { PREVIEW_ACCOUNTS, PREVIEW_SENDERS } from "./seed/profile-preview";

// The dashboard preview is the profile page itself (issue 26): whatever parts a profile page shows
// for a performer, their preview shows the same, in the same words, with the Preview Mode notice on
// top and the inquiry form switched off. The comparisons read every part of both pages, so a part
// added to one page and not to the other fails here whatever it is.

const { listed, unlisted } = PREVIEW_ACCOUNTS;

const NOT_YET = "The contact form becomes available once your listing is activated.";
const LIVE_ELSEWHERE = "Clients use this form on your public profile; it is switched off in the preview.";
/** What only a visitor of a listed profile gets: the similar performers under it. */
const VISITOR_ONLY_HEADINGS = ["Similar performers"];

/**
 * Every part of a profile page as text: its headings, its sections, its labelled lists (the facts,
 * categories, characters) and the booking note, leaving out the Preview Mode notice and what only
 * a visitor gets. Shown and hidden alike, so the phone's and the wide screen's facts both count.
 */
async function profileParts(page: Page) {
  return page.getByRole("main").evaluate((main, skip) => {
    const words = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim();
    const inNotice = (el: Element) => el.closest("[aria-label='Preview Mode'], [aria-labelledby='preview-mode-heading']") !== null;
    // Inside a section only visitors get (the similar performers' cards have their own lists).
    const visitorOnly = (el: Element) => {
      const heading = el.closest("section")?.querySelector("h2");
      return heading ? skip.includes(words(heading)) : false;
    };
    const kept = (el: Element) => !inNotice(el) && !visitorOnly(el);
    const contact = main.querySelector("#contact");
    return {
      headings: [...main.querySelectorAll("h1, h2")].filter((h) => kept(h) && !skip.includes(words(h))).map((h) => `${h.tagName}: ${words(h)}`),
      sections: [...main.querySelectorAll("section[aria-labelledby]")]
        .filter((section) => kept(section) && section !== contact)
        .map(words),
      lists: [...main.querySelectorAll("ul[aria-label], ul[aria-labelledby]")]
        .filter(kept)
        .map((list) => `${list.getAttribute("aria-label") ?? list.getAttribute("aria-labelledby")}: ${words(list)}`),
      asides: [...main.querySelectorAll("aside")].map((aside) => aside.getAttribute("aria-label")),
      notes: [...main.querySelectorAll("aside p")].map(words).filter(Boolean),
    };
  }, VISITOR_ONLY_HEADINGS);
}

/** The names of an inquiry form's fields, in order (the math question's come only with its question). */
async function fieldNames(form: Locator) {
  return form.evaluate((el) =>
    [...(el as HTMLFormElement).elements]
      .map((control) => (control as HTMLInputElement).name)
      .filter((name) => name && !name.startsWith("captcha")),
  );
}

async function expectSwitchedOff(form: Locator) {
  const controls = form.locator("input:not([type=hidden]), select, textarea, button");
  expect(await controls.count()).toBeGreaterThan(10);
  for (const control of await controls.all()) await expect(control).toBeDisabled();
  await expect(form.getByRole("button", { name: "Send Message" })).toBeDisabled();
}

/** The parts parents weigh first, which the old preview left out, and the packages. */
async function expectTrustAndTravel(main: Locator) {
  for (const line of [
    "Travels up to 100 miles",
    "Background check, as the performer states it",
    "Usually reads inquiries within 3 hours",
    "Background check completed, as the performer states it",
    "Available to travel for events",
  ]) {
    await expect(main.getByText(line, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  }
  await expect(main.getByRole("heading", { level: 2, name: "Packages" })).toBeVisible();
  await expect(main.getByText("Royal celebration with treasure hunt")).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "Travel & Availability" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 2, name: "Performance Details" })).toBeVisible();
}

test("a listed performer's preview shows every part of their public profile, the form switched off", async ({ page }) => {
  await page.goto(`/profile/${listed.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(listed.displayName);
  const publicParts = await profileParts(page);
  const publicForm = page.getByRole("form", { name: `Send ${listed.displayName} a message` });
  const publicFields = await fieldNames(publicForm);

  await signInAs(page, listed.email, "/dashboard/preview");
  const main = page.getByRole("main");
  await expect(main.getByRole("region", { name: "Preview Mode" })).toContainText("Preview Mode");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(listed.displayName);
  expect(await profileParts(page)).toEqual(publicParts);
  // Not a check that passes by finding nothing: the parts are there.
  expect(publicParts.headings).toEqual(
    expect.arrayContaining([
      "H2: About",
      "H2: Packages",
      "H2: Travel & Availability",
      "H2: Performance Details",
      "H2: Connect",
      `H2: Contact ${listed.displayName}`,
    ]),
  );
  // Its verified review and reliability, on the public page and the preview alike.
  await expect(main.getByText("Reliability: 3 confirmed parties, 0 no-shows")).toBeVisible();
  await expect(main.getByText("Bubbles, sea songs and a treasure hunt: the garden party of the summer.")).toBeVisible();
  await expectTrustAndTravel(main);

  const form = main.getByRole("form", { name: `Send ${listed.displayName} a message` });
  expect(await fieldNames(form)).toEqual(publicFields);
  await expect(form).toHaveAccessibleDescription(LIVE_ELSEWHERE);
  await expectSwitchedOff(form);
  // A visitor's actions on a listed profile are not offered on one's own preview.
  await expect(main.getByRole("link", { name: "Send a message" })).toHaveCount(0);
  await expect(main.getByRole("button", { name: /Save/ })).toHaveCount(0);
  await expectAccessible(page);
});

test("an unpaid performer's two previews show the same parts, with the spec's notice and note", async ({ page }) => {
  await signInAs(page, unlisted.email, "/dashboard/preview");
  const main = page.getByRole("main");
  await expect(main.getByRole("region", { name: "Preview Mode" })).toContainText("Preview Mode");
  await expect(main.getByRole("link", { name: "Activate Listing" })).toHaveAttribute("href", "/dashboard/subscription");
  await expect(main.getByText(NOT_YET, { exact: true })).toBeVisible();
  const form = main.getByRole("form", { name: `Send ${unlisted.displayName} a message` });
  await expect(form).toHaveAccessibleDescription(NOT_YET);
  await expectSwitchedOff(form);
  await expectTrustAndTravel(main);
  const dashboardParts = await profileParts(page);
  const dashboardFields = await fieldNames(form);
  await expectAccessible(page);

  // The owner's view of the page visitors cannot see yet: the spec's yellow notice over the same parts.
  const response = await page.goto(`/profile/${unlisted.id}`);
  expect(response?.status()).toBe(200);
  const notice = main.getByRole("region", { name: "Preview Mode" });
  await expect(notice).toContainText("Only you can see this page.");
  await expect(notice.getByRole("link", { name: "Activate your listing" })).toHaveAttribute("href", "/dashboard/subscription");
  await expect(notice.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
  expect(await profileParts(page)).toEqual(dashboardParts);
  const ownerForm = main.getByRole("form", { name: `Send ${unlisted.displayName} a message` });
  expect(await fieldNames(ownerForm)).toEqual(dashboardFields);
  await expect(ownerForm).toHaveAccessibleDescription(NOT_YET);
  await expectSwitchedOff(ownerForm);
  await expectAccessible(page);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("from the inbox to the preview: long names wrap, the facts sit under the name, the form is off", async ({ page }) => {
    await signInAs(page, listed.email, "/dashboard");
    const main = page.getByRole("main");
    for (const sender of PREVIEW_SENDERS) await expect(main.getByText(sender).first()).toBeVisible();
    await main.getByRole("link", { name: "Preview Profile" }).first().tap();

    await expect(page).toHaveURL(/\/dashboard\/preview$/);
    await expect(main.getByRole("region", { name: "Preview Mode" })).toBeVisible();
    const name = main.getByRole("heading", { level: 1 });
    await expect(name).toHaveText(listed.displayName);
    // Nothing wider than the screen: the long name and characters wrap.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const facts = main.getByRole("list", { name: `About ${listed.displayName} at a glance` });
    await expect(facts).toBeVisible();
    await expect(facts.getByRole("listitem")).toContainText([
      "$150 - $325 / hour",
      "Travels up to 100 miles",
      "Family-friendly shows for kids and families",
      "Background check, as the performer states it",
      "Usually reads inquiries within 3 hours",
    ]);
    await expect(main.getByRole("list", { name: "Characters" }).getByRole("listitem")).toHaveText([
      "Mermaid Princess",
      "Sea Witch of the Northern Lakes and Frozen Fjords",
    ]);

    const form = main.getByRole("form", { name: `Send ${listed.displayName} a message` });
    const note = main.getByText(LIVE_ELSEWHERE, { exact: true });
    await note.scrollIntoViewIfNeeded();
    await expect(note).toBeInViewport();
    await expectSwitchedOff(form);
    // No "Send a message" bar pinned to the screen's bottom: there is nothing to send.
    await expect(page.getByRole("link", { name: `Send a message to ${listed.displayName}` })).toHaveCount(0);
    await expectAccessible(page);
  });
});
