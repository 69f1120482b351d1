import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, waitForMail, waitForHydration } from "./fixtures";
import { FAIRY_READ_HOURS, INQUIRY } from "./seed/inquiry";
import { SEARCH } from "./seed/search";

const PERFORMER = SEARCH.orlandoAnime;

async function mathAnswer(page: Page): Promise<number> {
  const label = await page.getByText(/^What is \d \+ \d\?/).textContent();
  const [, a, b] = /What is (\d) \+ (\d)\?/.exec(label ?? "") ?? [];
  return Number(a) + Number(b);
}

async function fillInquiry(page: Page, sender: { name: string; email: string }) {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(sender.name);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(sender.email);
  await page.getByRole("textbox", { name: "Phone", exact: true }).fill("(407) 555-0123");
  await page.getByRole("textbox", { name: "City", exact: true }).fill("Kissimmee");
  await page.getByRole("combobox", { name: "State", exact: true }).selectOption("FL");
  await page.getByRole("textbox", { name: "ZIP code", exact: true }).fill("34741");
  await page.getByLabel("Event date (optional)").fill("2031-03-14");
  await page.getByLabel("Start time").fill("14:30");
  await page.getByRole("combobox", { name: "Length", exact: true }).selectOption({ label: "1.5 hours" });
  await page.getByRole("spinbutton", { name: "Number of children" }).fill("12");
  await page.getByRole("spinbutton", { name: "Child's age" }).fill("6");
  await page.getByRole("checkbox", { name: "Birthday Party" }).check();
  await page.getByRole("checkbox", { name: "Meet and Greet" }).check();
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("Hello! Could Sakura visit our anime club's spring party?");
}

/** Waits until the page (once hydrated) has remembered where the visitor searched. */
async function placeRemembered(page: Page, place: string) {
  await expect.poll(() => page.evaluate(() => window.sessionStorage.getItem("costumecast:last-search-place"))).toContain(place);
}

// Sonner's rich-colour toasts are the shared layout's; they are checked there, not on every form page.
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

test.describe("sending an inquiry", () => {
  test("errors first, then a wrong sum, then the message reaches the performer with the sender as Reply-To", async ({ page }) => {
    const sender = { name: "Riley Organizer", email: `riley.${Date.now()}@example.org` };
    await page.goto(`/profile/${PERFORMER.id}`);
    const form = page.getByRole("form", { name: `Send ${PERFORMER.displayName} a message` });
    await expect(form).toBeVisible();
    // Said before sending: the message is kept and may be read for safety.
    await expect(form.getByText("We keep a copy of your message, and our team may read it to keep the site safe.")).toBeVisible();
    await expect(form.getByRole("link", { name: "Privacy" })).toHaveAttribute("href", "/privacy");
    // The checks before sending and the cursor's move are the form's script, which loads as the
    // visitor nears the form (main hydrated says nothing of it); then the form asks the server for
    // its math question, which moves the button down. A Send pressed meanwhile went unanswered on a
    // slowed browser (no message in ten seconds, the question still loading), so the journey
    // presses Send on the form a visitor sees: live, question and all; a loaded server answers late.
    await waitForHydration(page);
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByText(/^What is \d \+ \d\?/)).toBeVisible({ timeout: 30_000 });

    await form.getByRole("button", { name: "Send Message" }).click();
    for (const message of [
      "Name is required",
      "Email is required",
      "Phone number is required",
      "City is required",
      "State is required",
      "ZIP code is required",
      "Message is required",
      "Please answer the math problem",
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toBeFocused();
    await expectAccessible(page, TOASTS_ASIDE);

    // Typing in a field takes its message away; the others stay until the next Send.
    await page.getByRole("textbox", { name: "Name", exact: true }).fill(sender.name);
    await expect(form.getByText("Name is required", { exact: true })).toHaveCount(0);
    await expect(form.getByText("City is required", { exact: true })).toBeVisible();

    await page.getByRole("textbox", { name: "Email", exact: true }).fill("riley@");
    await page.getByRole("textbox", { name: "Phone", exact: true }).fill("call me");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("x".repeat(501));
    await page.getByRole("spinbutton", { name: "Child's age" }).fill("18");
    await expect(form.getByText("501/500 characters")).toBeVisible();
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Child's age must be a whole number from 0 to 17")).toBeVisible();
    await expect(page.getByRole("spinbutton", { name: "Child's age" })).toHaveAccessibleDescription("Child's age must be a whole number from 0 to 17");
    await expect(form.getByText("Invalid email address")).toBeVisible();
    await expect(form.getByText("Invalid phone number")).toBeVisible();
    await expect(form.getByText("Message cannot exceed 500 characters")).toBeVisible();

    await fillInquiry(page, sender);
    await expect(form.getByText("56/500 characters")).toBeVisible();
    await page.getByRole("textbox", { name: /^What is/ }).fill(String((await mathAnswer(page)) + 1));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Incorrect captcha answer" }).first()).toBeVisible();
    // Nothing typed is lost, and a new question replaces the old one.
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Hello! Could Sakura visit our anime club's spring party?");
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(sender.name);
    await expect(page.getByRole("textbox", { name: /^What is/ })).toHaveValue("");

    await page.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(page)));
    await form.getByRole("button", { name: "Send Message" }).click();

    // The form gives way to a confirmation, its heading focused, saying what happens next.
    const sent = page.getByRole("heading", { name: "Message sent successfully!" });
    await expect(sent).toBeFocused();
    await expect(form).toHaveCount(0);
    await expect(page.getByText(`${PERFORMER.displayName} will reply to you directly by email or phone.`)).toBeVisible();
    await expect(page.getByText(`We emailed ${sender.email} a short note naming whom you wrote to.`, { exact: false })).toBeVisible();
    // The sender's copy of what they sent is on the screen, not in a mail.
    const yourCopy = page.getByRole("region", { name: "Your copy of the message" });
    await expect(yourCopy).toContainText("Hello! Could Sakura visit our anime club's spring party?");
    await expect(yourCopy).toContainText(PERFORMER.displayName);
    await expect(yourCopy).toContainText("2:30 PM");
    await expectAccessible(page, TOASTS_ASIDE);

    const mail = await waitForMail((m) => m.to.includes(PERFORMER.contactEmail) && m.text.includes(sender.email));
    expect(mail.replyTo).toContain(sender.email);
    expect(mail.subject).toContain(sender.name);
    for (const part of [
      "(407) 555-0123",
      "Kissimmee, FL 34741",
      "Birthday Party, Meet and Greet",
      "2031-03-14",
      "Start time: 2:30 PM",
      "Length: 1.5 hours",
      "Number of children: 12",
      "Child's age: 6 years old",
      "anime club",
    ]) {
      expect(mail.text).toContain(part);
    }
    // The note to the address typed: to whom, and nothing the sender typed, nor the performer's address.
    const copy = await waitForMail((m) => m.to.includes(sender.email));
    expect(copy.subject).toBe(`Your message to ${PERFORMER.displayName} on CostumeCast`);
    expect(copy.text).toContain(`/profile/${PERFORMER.id}`);
    for (const typed of ["anime club", sender.name, "555-0123"]) expect(`${copy.text}${copy.html ?? ""}`).not.toContain(typed);
    expect(`${copy.text}${copy.html ?? ""}`).not.toContain(PERFORMER.contactEmail);

    // Another message starts from an empty form with a new question.
    await page.getByRole("link", { name: "Send another message" }).click();
    await expect(form).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("");
    await expect(form.getByText("0/500 characters")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^What is/ })).toHaveValue("");
    await expect(page.getByText(/^What is \d \+ \d\?/)).toBeVisible();
    // The performer's address never reaches the visitor's page.
    expect(await page.content()).not.toContain(PERFORMER.contactEmail);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts and the page answers with errors, then success", async ({ page }) => {
      const sender = { name: "Noscript Nora", email: `nora.${Date.now()}@example.org` };
      await page.goto(`/profile/${PERFORMER.id}`);
      const form = page.getByRole("form", { name: `Send ${PERFORMER.displayName} a message` });
      await page.getByRole("textbox", { name: "Name", exact: true }).fill(sender.name);
      await page.getByRole("textbox", { name: "Message", exact: true }).fill("Booking request for a library event.");
      await form.getByRole("button", { name: "Send Message" }).click();
      await expect(form.getByText("Email is required")).toBeVisible();
      await expect(form.getByText("Please answer the math problem")).toBeVisible();
      // The answer lands at the form, not at the top of the profile.
      await expect(page).toHaveURL(/#contact$/);
      await expect(page.getByRole("heading", { level: 2, name: `Contact ${PERFORMER.displayName}` })).toBeInViewport();
      // What was typed comes back.
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(sender.name);
      await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue("Booking request for a library event.");

      await fillInquiry(page, sender);
      await page.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(page)));
      await form.getByRole("button", { name: "Send Message" }).click();
      // The page comes back with the confirmation instead of the form, in view.
      await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeInViewport();
      await expect(form).toHaveCount(0);
      await expect(page.getByText(`${PERFORMER.displayName} will reply to you directly by email or phone.`)).toBeVisible();
      await expect(page.getByRole("region", { name: "Your copy of the message" })).toContainText("anime club's spring party");
      const mail = await waitForMail((m) => m.to.includes(PERFORMER.contactEmail) && m.text.includes(sender.email));
      expect(mail.replyTo).toContain(sender.email);
      expect(mail.text).toContain("Number of children: 12");

      // "Send another message" is a plain link back to the page and its empty form.
      await page.getByRole("link", { name: "Send another message" }).click();
      await expect(form).toBeVisible();
      await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("");
    });
  });

  test("fills city, state and ZIP code from the visitor's search, and never over what they typed", async ({ page }) => {
    await page.goto("/search?q=32801");
    await expect(page.getByText("Performers who travel to 32801 (Orlando, FL), nearest first.")).toBeVisible();
    await placeRemembered(page, "32801");
    await page.goto(`/profile/${PERFORMER.id}`);
    const form = page.getByRole("form", { name: `Send ${PERFORMER.displayName} a message` });
    // The form's script (which fills the place in) loads as the visitor scrolls towards the form.
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Orlando");
    await expect(form.getByRole("combobox", { name: "State", exact: true })).toHaveValue("FL");
    await expect(form.getByRole("textbox", { name: "ZIP code", exact: true })).toHaveValue("32801");

    // A browse page names a place too; what the visitor types stays.
    await page.goto("/browse/TX?city=Austin");
    await placeRemembered(page, "Austin");
    await page.goto(`/profile/${PERFORMER.id}`);
    await form.scrollIntoViewIfNeeded();
    await expect(form.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Austin");
    await expect(form.getByRole("combobox", { name: "State", exact: true })).toHaveValue("TX");
    await expect(form.getByRole("textbox", { name: "ZIP code", exact: true })).toHaveValue("");
    await form.getByRole("textbox", { name: "City", exact: true }).fill("Round Rock");
    await form.getByRole("textbox", { name: "Name", exact: true }).focus();
    await expect(form.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Round Rock");
    await expectAccessible(page, TOASTS_ASIDE);
  });

  test("what is typed while the form's script is still on its way is kept, counted, and the cursor stays", async ({ page }) => {
    await page.goto(`/profile/${PERFORMER.id}`);
    await waitForHydration(page);
    // The form's script loads as the visitor nears the form; a slow connection delays it.
    await page.route(/\/assets\/inquiry-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const form = page.getByRole("form", { name: `Send ${PERFORMER.displayName} a message` });
    const message = form.getByRole("textbox", { name: "Message", exact: true });
    await message.click();
    await page.keyboard.type("Hello there", { delay: 20 });
    await expect(form.getByText("11/500 characters")).toBeVisible();
    await expect(message).toBeFocused();
    await page.keyboard.type("!");
    await expect(message).toHaveValue("Hello there!");
    await expect(page.getByText(/^What is \d \+ \d\?/)).toBeVisible();
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the confirmation says how soon the performer usually reads inquiries and offers similar performers", async ({ page }) => {
      const { fairy, knight } = INQUIRY;
      const sender = { name: "Morgan Birthday-Planner", email: `morgan.${Date.now()}@example.org` };
      await page.goto(`/profile/${fairy.id}`);
      const pageSimilar = page.getByRole("heading", { level: 2, name: "Similar performers" });
      await expect(pageSimilar).toBeVisible();
      const form = page.getByRole("form", { name: `Send ${fairy.displayName} a message` });
      await fillInquiry(page, sender);
      await page.getByRole("textbox", { name: /^What is/ }).fill(String(await mathAnswer(page)));
      await form.getByRole("button", { name: "Send Message" }).click();

      await expect(page.getByRole("heading", { name: "Message sent successfully!" })).toBeFocused();
      await expect(
        page.getByText(`${fairy.displayName} will reply to you directly by email or phone. ${fairy.displayName} usually reads inquiries within ${FAIRY_READ_HOURS} hours.`),
      ).toBeVisible();
      const similar = page.getByRole("region", { name: "You might also like" });
      const neighbour = similar.getByRole("link", { name: new RegExp(knight.displayName) });
      await expect(neighbour).toBeVisible();
      // Offered once: the page's own list steps aside while the confirmation shows them.
      await expect(pageSimilar).toBeHidden();
      await expect(page.getByRole("region", { name: "Your copy of the message" })).toContainText("Child's age");
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await expectAccessible(page, TOASTS_ASIDE);

      await neighbour.click();
      await expect(page).toHaveURL(new RegExp(`/profile/${knight.id}$`));
      await expect(page.getByRole("form", { name: `Send ${knight.displayName} a message` })).toBeVisible();
    });
  });
});
