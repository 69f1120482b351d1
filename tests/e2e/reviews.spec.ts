import sharp from "sharp";
import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { REVIEWS } from "./seed/reviews";

// Verified reviews on a phone: the parent's answer page from the mailed link (five stars, words and
// a photo, published at once since the performer said it booked), a profile's reviews with the
// performer's reply and a second page that works without JavaScript, the admin's Reviews section
// deciding a disputed review, and the performer's "Did this one book?" and one public reply. axe on
// each view.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };

async function partyPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const width = 320;
  const height = 240;
  const pixels = Buffer.alloc(width * height * 3, 0);
  for (let i = 0; i < pixels.length; i += 3) {
    pixels[i] = 200;
    pixels[i + 1] = (i / 3) % 255;
    pixels[i + 2] = 90;
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  return { name: "cake-time.jpg", mimeType: "image/jpeg", buffer };
}

test("a parent answers the mailed link with five stars, words and a photo; the profile shows it verified", async ({ page }, testInfo) => {
  const link = REVIEWS.tokens[Math.min(testInfo.retry, REVIEWS.tokens.length - 1)];
  await page.goto(`/review/${link}`);
  await expect(page.getByRole("heading", { name: "How did the party go?" })).toBeVisible();
  await expect(page.getByText(`Did ${REVIEWS.asked.displayName} perform at your event on ${REVIEWS.partyDayLong}?`)).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  const form = page.getByRole("form", { name: "Yes, they performed" });
  // Too short first: the message sits next to the field.
  await form.getByRole("radio", { name: "5 stars: wonderful" }).check();
  await form.getByRole("textbox", { name: "Your review" }).fill("Great!");
  await form.getByRole("button", { name: "Post my review" }).click();
  await expect(form.getByText("Please write at least 20 characters about the party.")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  const words = `Sparkle Squad danced with every child and stayed for photos. Attempt ${testInfo.retry}.`;
  await form.getByRole("radio", { name: "5 stars: wonderful" }).check();
  await form.getByRole("textbox", { name: "Your review" }).fill(words);
  await form.getByLabel(/Photos from the party/).setInputFiles(await partyPhoto());
  await form.getByRole("button", { name: "Post my review" }).click();
  await expect(page.getByText("Thank you for your review! It helps other parents choose.")).toBeVisible();
  await expect(page.getByText("It is on their profile now.")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  // The link is spent: opened again, it says so and offers no form.
  await page.goto(`/review/${link}`);
  await expect(page.getByText("You have already answered")).toBeVisible();
  await expect(page.getByRole("button", { name: "Post my review" })).toHaveCount(0);

  await page.goto(`/profile/${REVIEWS.asked.id}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText(words)).toBeVisible();
  await expect(reviews.getByText(`Verified: asked through CostumeCast for a party on ${REVIEWS.partyDayShort}`).first()).toBeVisible();
  await expect(reviews.getByRole("img", { name: /Photo 1 from Riley P\.'s party/ })).toBeVisible();
});

test("a profile shows verified reviews newest first with the performer's reply, ten a page, paged without JavaScript", async ({ page, browser, baseURL }) => {
  await page.goto(`/profile/${REVIEWS.reviewed.id}`);
  const reviews = page.getByRole("region", { name: "Reviews" });
  await expect(reviews.getByText("4.1 stars from 11 reviews")).toBeVisible();
  await expect(reviews.getByText("Reliability: 11 confirmed parties, 0 no-shows")).toBeVisible();
  const items = reviews.getByRole("list", { name: `Reviews of ${REVIEWS.reviewed.displayName}` }).locator(":scope > li");
  await expect(items).toHaveCount(10);
  // Newest first, with the reply under it; the address in it is text, not a link.
  await expect(items.first()).toContainText(REVIEWS.newestReview);
  await expect(items.first()).toContainText(`Reply from ${REVIEWS.reviewed.displayName}`);
  await expect(items.first()).toContainText(REVIEWS.reply);
  await expect(items.first().getByRole("link", { name: /example\.com/ })).toHaveCount(0);
  await expect(items.first().getByText("5 out of 5 stars")).toHaveCount(1);
  await expectAccessible(page, TOASTS_ASIDE);

  // The page links are plain links: they work with JavaScript off (axe needs it, so it checks page 2 after).
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL });
  const plain = await noScript.newPage();
  await plain.goto(`/profile/${REVIEWS.reviewed.id}`);
  await plain.getByRole("region", { name: "Reviews" }).getByRole("link", { name: "Older reviews" }).click();
  await expect(plain).toHaveURL(/\?reviews=2#reviews$/);
  await expect(plain.getByRole("region", { name: "Reviews" }).getByText("Page 2 of 2")).toBeVisible();
  await expect(plain.getByRole("region", { name: "Reviews" }).getByText(/^Review 0: a fun hour/)).toBeVisible();
  await noScript.close();

  await page.goto(`/profile/${REVIEWS.reviewed.id}?reviews=2#reviews`);
  await expect(page.getByRole("region", { name: "Reviews" }).getByRole("link", { name: "Newer reviews" })).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
});

test("the admin's Reviews section decides a disputed review, with a reason, on a phone", async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.admin.email, "/admin/reviews");
  await expect(page.getByRole("heading", { name: /^Reviews/ })).toBeVisible();
  const body = REVIEWS.disputedBodies[Math.min(testInfo.retry, REVIEWS.disputedBodies.length - 1)];
  const item = page.getByRole("listitem").filter({ hasText: body });
  await expect(item.getByText("Disputed by the performer")).toBeVisible();
  await expect(item.getByText("We never had a booking with this family.")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  // Without a reason: asked for one, next to the field.
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(item.getByText("Please say in a few words why.")).toBeVisible();
  await item.getByRole("textbox", { name: "Reason (emailed to the performer)" }).fill("The parent could not show the party was booked here");
  await item.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByText("Review hidden from the profile.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: body })).toHaveCount(0);
  await expectAccessible(page, TOASTS_ASIDE);
});

test("a performer answers 'Did this one book?' on the inquiry and replies to a review from their reviews page", async ({ page }, testInfo) => {
  const attempt = Math.min(testInfo.retry, REVIEWS.performers.length - 1);
  const performer = REVIEWS.performers[attempt];
  const inquiryId = REVIEWS.askedInquiryIds[attempt];
  await signInAs(page, performer.email, `/dashboard?inquiry=${inquiryId}`);
  const question = page.getByRole("form", { name: "Did this one book?" });
  await expect(question).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  await question.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByText("You said this one booked. Thank you!")).toBeVisible();

  await page.goto("/dashboard/reviews");
  // Answered on the inquiry, it is not asked again here.
  await expect(page.getByText("Nothing to answer right now. After a party date passes, we ask you here.")).toBeVisible();
  const review = page.getByRole("listitem").filter({ hasText: REVIEWS.waitingReview });
  await expect(review.getByText(/^Waiting to go on your profile, on /)).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  await review.getByRole("button", { name: "Post reply" }).click();
  await expect(review.getByText("Please write your reply.")).toBeVisible();
  const reply = `Thank you for the lovely words, attempt ${testInfo.retry}!`;
  await review.getByRole("textbox", { name: "Your public reply (one per review)" }).fill(reply);
  await review.getByRole("button", { name: "Post reply" }).click();
  await expect(page.getByText("Your reply is posted.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: REVIEWS.waitingReview }).getByText(reply)).toBeVisible();
  // One reply only: the form is gone.
  await expect(page.getByRole("button", { name: "Post reply" })).toHaveCount(0);
  await expectAccessible(page, TOASTS_ASIDE);
});
