import type { Locator, Page } from "@playwright/test";
import { readCapturedMail } from "../helpers/smtp-sink";
import { expect, expectAccessible, test, waitForHydration, waitForMail } from "./fixtures";
import { PARTY_DATE, PARTY_DAY } from "./seed/party-date-inquiry";

// The party date where a parent asks (issue 26), on a phone: a card's link brings the date to the
// profile, which says what the performer's calendar says of it and starts the form from it; asking
// for a day the performer marked booked asks first ("... marked Dec 12 as booked. Ask anyway?"),
// with and without JavaScript; the shortlist with a date unticks who is booked, saying why.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

// Sonner's toasts are the shared layout's; they are checked there.
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

const BOOKED = PARTY_DATE.booked;
const WARNING = `${BOOKED.displayName} marked Dec 12 as booked. Ask anyway?`;

async function mathAnswer(scope: Locator): Promise<number> {
  const label = await scope.getByText(/^What is \d \+ \d\?/).textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(label ?? "") ?? [];
  return Number(a) + Number(b);
}

async function fillSender(form: Locator, sender: { name: string; email: string }, message: string) {
  await form.getByRole("textbox", { name: "Name", exact: true }).fill(sender.name);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(sender.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(402) 555-0142");
  await form.getByRole("textbox", { name: "City", exact: true }).fill("Omaha");
  await form.getByRole("combobox", { name: "State", exact: true }).selectOption("NE");
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("68102");
  await form.getByRole("textbox", { name: "Message", exact: true }).fill(message);
}

const mailsTo = (address: string) => readCapturedMail(process.env.E2E_MAIL_DIR!).filter((mail) => mail.to.includes(address));

async function openProfileForm(page: Page) {
  await page.goto(`/profile/${BOOKED.id}?date=${PARTY_DAY}`);
  const form = page.getByRole("form", { name: `Send ${BOOKED.displayName} a message` });
  return form;
}

test("a parent asks a performer booked on her party date: warned first, then sent once she agrees", async ({ page }) => {
  const sender = { name: "Dana Datebook", email: `dana.${Date.now()}@example.org` };
  const form = await openProfileForm(page);
  // Said by the server, beside the form, and the form starts from the date.
  await expect(form.getByText("Booked on Dec 12", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Event date (optional)")).toHaveValue(PARTY_DAY);
  // The header's shortlist link carries the date on.
  await expect(page.getByRole("banner").getByRole("link", { name: /^Shortlist/ })).toHaveAttribute("href", `/shortlist?date=${PARTY_DAY}`);

  await waitForHydration(page);
  await form.scrollIntoViewIfNeeded();
  await expect(form.getByText(/^What is \d \+ \d\?/)).toBeVisible({ timeout: 30_000 });
  await fillSender(form, sender, "Could the squad come to our Omaha party in December?");
  await form.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(form)));
  await form.getByRole("button", { name: "Send Message" }).click();

  const warning = form.getByRole("alert").filter({ hasText: WARNING });
  await expect(warning).toBeVisible();
  await expect(warning).toBeFocused();
  await expect(warning).toContainText("Nothing has been sent yet.");
  await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toHaveCount(0);
  await expectAccessible(page, TOASTS_ASIDE);
  await page.screenshot({ path: test.info().outputPath("profile-booked-warning.png"), fullPage: false });
  // Nothing went out meanwhile: no note to the sender's address.
  expect(mailsTo(sender.email)).toEqual([]);

  await warning.getByRole("button", { name: "Ask anyway" }).click();
  await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Your copy of the message" })).toContainText(PARTY_DAY);
  await expectAccessible(page, TOASTS_ASIDE);
  const mail = await waitForMail((m) => m.to.includes(BOOKED.contactEmail) && m.text.includes(sender.email));
  expect(mail.text).toContain(PARTY_DAY);
  expect(mail.text).toContain("Omaha party in December");
});

test("a free day is said so and sends at once; a calendar not shared says so", async ({ page }) => {
  const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "UTC" }).format(new Date(`${PARTY_DAY}T00:00:00Z`));
  await page.goto(`/profile/${PARTY_DATE.free.id}?date=${PARTY_DAY}`);
  const form = page.getByRole("form", { name: `Send ${PARTY_DATE.free.displayName} a message` });
  await expect(form.getByText(`Free on ${weekday}, Dec 12`, { exact: true })).toBeVisible();
  await expect(form.getByLabel("Event date (optional)")).toHaveValue(PARTY_DAY);
  await expectAccessible(page, TOASTS_ASIDE);

  await page.goto(`/profile/${PARTY_DATE.quiet.id}?date=${PARTY_DAY}`);
  await expect(page.getByRole("form", { name: `Send ${PARTY_DATE.quiet.displayName} a message` }).getByText("Availability not shared")).toBeVisible();
  // A date that is not a real day, or long past, is ignored: no line, an empty date field.
  for (const date of ["2025-02-30", "2020-12-12"]) {
    await page.goto(`/profile/${PARTY_DATE.quiet.id}?date=${date}`);
    const quiet = page.getByRole("form", { name: `Send ${PARTY_DATE.quiet.displayName} a message` });
    await expect(quiet.getByLabel("Event date (optional)")).toHaveValue("");
    await expect(quiet.getByText("Availability not shared")).toHaveCount(0);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the warning comes back with the page, and 'Ask anyway' sends", async ({ page }) => {
    const sender = { name: "Noscript Nell", email: `nell.${Date.now()}@example.org` };
    const form = await openProfileForm(page);
    await expect(form.getByText("Booked on Dec 12", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Event date (optional)")).toHaveValue(PARTY_DAY);
    await fillSender(form, sender, "A plain-form question about the twelfth.");
    // The cached page carries no math question: the first post brings one.
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please answer the math problem")).toBeVisible();
    await form.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(form)));
    await form.getByRole("button", { name: "Send Message" }).click();

    await expect(form.getByRole("alert").filter({ hasText: WARNING })).toBeVisible();
    await expect(form.getByRole("link", { name: "see the question at the end of the form" })).toBeVisible();
    // What was typed, the date and the unspent answer come back.
    await expect(form.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("A plain-form question about the twelfth.");
    await expect(form.getByLabel("Event date (optional)")).toHaveValue(PARTY_DAY);
    await expect(form.getByRole("textbox", { name: /^What is/ })).not.toHaveValue("");
    expect(mailsTo(sender.email)).toEqual([]);

    await form.getByRole("button", { name: "Ask anyway" }).click();
    await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeVisible();
    await waitForMail((m) => m.to.includes(BOOKED.contactEmail) && m.text.includes(sender.email));
  });
});

test("the shortlist with a party date says who is free and unticks who is booked, with the reason; asking them anyway warns once", async ({
  page,
}) => {
  const performers = [PARTY_DATE.booked, PARTY_DATE.free, PARTY_DATE.quiet];
  const sender = { name: "Sam Shortlist", email: `sam.${Date.now()}@example.org` };
  await page.goto("/shortlist");
  await page.evaluate(([key, entries]) => window.localStorage.setItem(key, JSON.stringify(entries)), [
    "costumecast.shortlist",
    performers.map((performer, i) => ({ id: performer.id, name: performer.displayName, savedAt: i })),
  ] as const);
  await page.goto(`/shortlist?date=${PARTY_DAY}`);
  const columns = page.getByRole("list", { name: "Shortlisted performers" }).locator(":scope > li");
  await expect(columns).toHaveCount(3);
  await expect(page.getByLabel("Party date")).toHaveValue(PARTY_DAY);
  await expect(columns.nth(0)).toContainText("Booked on Dec 12");
  await expect(columns.nth(1)).toContainText(/Free on \w{3}, Dec 12/);
  await expect(columns.nth(2)).toContainText("Availability not shared");
  // The profile links carry the date.
  await expect(columns.nth(0).getByRole("link", { name: BOOKED.displayName })).toHaveAttribute("href", `/profile/${BOOKED.id}?date=${PARTY_DAY}`);

  const whom = page.getByRole("group", { name: /^Whom to ask: up to 5/ });
  const booked = whom.getByRole("checkbox", { name: BOOKED.displayName });
  await expect(booked).not.toBeChecked();
  await expect(booked).toHaveAccessibleDescription("Booked on Dec 12");
  await expect(whom.getByRole("checkbox", { name: PARTY_DATE.free.displayName })).toBeChecked();
  await expect(whom.getByRole("checkbox", { name: PARTY_DATE.quiet.displayName })).toBeChecked();
  const form = page.getByRole("form", { name: "Ask them all" });
  await expect(form).toContainText("One message to each of these 2 performers");
  await expect(form.getByLabel("Event date (optional)")).toHaveValue(PARTY_DAY);
  await expectAccessible(page, TOASTS_ASIDE);
  await page.screenshot({ path: test.info().outputPath("shortlist-dated.png"), fullPage: true });

  // Ticked again, the booked performer is asked only once the parent agrees.
  await booked.check();
  await expect(form).toContainText("One message to each of these 3 performers");
  await fillSender(form, sender, "Three of you for one party? Tell us who is free.");
  await form.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(form)));
  await form.getByRole("button", { name: "Send to all 3" }).click();
  const warning = form.getByRole("alert").filter({ hasText: WARNING });
  await expect(warning).toBeFocused();
  await expectAccessible(page, TOASTS_ASIDE);
  expect(mailsTo(sender.email)).toEqual([]);
  await warning.getByRole("button", { name: "Ask anyway" }).click();
  await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeFocused();
  const confirmation = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
  for (const performer of performers) await expect(confirmation.getByRole("link", { name: performer.displayName })).toBeVisible();
  for (const performer of performers) await waitForMail((m) => m.to.includes(performer.contactEmail) && m.text.includes(sender.email));
});
