import type { Page } from "@playwright/test";
import sharp from "sharp";
import { expect, expectAccessible, test } from "./fixtures";
import { IMAGES_ACCOUNTS, IMAGES_PASSWORD } from "./seed/images";
import { PHOTO_ACCOUNTS } from "./seed/phone-photos";

const PAGE = "/dashboard/manage-images";

async function signIn(page: Page, email: string) {
  const response = await page.request.post("/api/auth/sign-in/email", { data: { email, password: IMAGES_PASSWORD } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A photo-sized file with grain, so the upload takes long enough to show its progress. */
async function photo(name: string, hue: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const grain = (i * 2654435761) >>> 27;
    pixels[i] = (hue + grain) & 255;
    pixels[i + 1] = (hue * 3 + grain) & 255;
    pixels[i + 2] = (255 - hue + grain) & 255;
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/**
 * A 12-megapixel phone photo over the 5 MB limit, stored sideways with the EXIF orientation that
 * says "turn it upright" (as phones do): upright it is portrait.
 */
async function phonePhoto(name: string): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 24) & 31;
      pixels[i] = ((x * 255) / width + grain) & 255;
      pixels[i + 1] = ((y * 255) / height + grain) & 255;
      pixels[i + 2] = (128 + grain) & 255;
    }
  }
  const buffer = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

// Toasts fade in and out; axe reads their colours mid-animation. The page itself is what is checked here.
const axeOptions = { exclude: ["[data-sonner-toaster]"] };

const rows = (page: Page) => page.getByRole("list", { name: "Your images, in display order" }).getByRole("listitem");
const rowImage = (page: Page, index: number) => rows(page).nth(index).getByRole("img");

test.describe("manage images", () => {
  test("asks a visitor to sign in first", async ({ page }) => {
    await page.goto(PAGE);
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fmanage-images/);
  });

  test("uploads two images with progress, reorders them and deletes one", async ({ page }, testInfo) => {
    // A long journey with three axe scans on a small shared machine.
    test.slow();
    const account = testInfo.retry === 0 ? IMAGES_ACCOUNTS.uploader : IMAGES_ACCOUNTS.uploaderRetry;
    await signIn(page, account.email);
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Manage Images" })).toBeVisible();
    await expect(page.getByText("PNG, JPG, WEBP up to 5MB")).toBeVisible();
    await expect(page.getByText("0 of 4 images used")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    const dropZone = page.getByRole("button", { name: /Drag and drop images here/ });
    await expect(dropZone).toHaveAttribute("aria-disabled", "false");
    await expectAccessible(page, axeOptions);

    // Slow the upload link so the bars are seen moving, as on a phone connection.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });

    const first = await photo("costume-front.jpg", 40);
    const second = await photo("costume-side.jpg", 200);
    await page.locator('input[type="file"]').setInputFiles([first, second]);

    const firstBar = page.getByRole("progressbar", { name: "Uploading costume-front.jpg" });
    const secondBar = page.getByRole("progressbar", { name: "Uploading costume-side.jpg" });
    await expect(firstBar).toBeVisible();
    await expect(secondBar).toBeVisible();
    await expect(dropZone).toHaveAttribute("aria-disabled", "true");
    // A value strictly between the ends: the bar follows real bytes, not a fake animation.
    await expect
      .poll(async () => Number(await firstBar.getAttribute("aria-valuenow")), { timeout: 15_000, intervals: [50] })
      .toBeGreaterThan(0);
    await expect(page.getByText("Images uploaded successfully")).toBeVisible({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(firstBar).toHaveAttribute("aria-valuenow", "100");
    await expect(secondBar).toHaveAttribute("aria-valuenow", "100");

    await expect(page.getByText("2 of 4 images used")).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(0)).toContainText("Image 1");
    await expect(rows(page).nth(0)).toContainText("Main profile image");
    await expect(rows(page).nth(1)).toContainText("Image 2");
    await expect(rows(page).nth(1)).toContainText("Gallery image");
    // Only the moves that make sense are offered.
    await expect(rows(page).nth(0).getByRole("button", { name: /^Move up/ })).toHaveCount(0);
    await expect(rows(page).nth(1).getByRole("button", { name: /^Move down/ })).toHaveCount(0);
    await expect(dropZone).toHaveAttribute("aria-disabled", "false");
    await expectAccessible(page, axeOptions);

    const firstSrc = await rowImage(page, 0).getAttribute("src");
    const secondSrc = await rowImage(page, 1).getAttribute("src");
    expect(firstSrc).not.toEqual(secondSrc);

    // Keyboard: Move down on the first row, and focus follows the image.
    await rows(page).nth(0).getByRole("button", { name: "Move down image 1" }).focus();
    await page.keyboard.press("Enter");
    await expect(rowImage(page, 0)).toHaveAttribute("src", secondSrc!);
    await expect(rowImage(page, 1)).toHaveAttribute("src", firstSrc!);
    await expect(page.getByRole("button", { name: "Move up image 2" })).toBeFocused();

    // Drag and drop puts it back, and the page says when the new order is stored.
    await rows(page).nth(1).dragTo(rows(page).nth(0));
    await expect(rowImage(page, 0)).toHaveAttribute("src", firstSrc!);
    await expect(rowImage(page, 1)).toHaveAttribute("src", secondSrc!);
    await expect(page.getByRole("status").filter({ hasText: "New order saved" })).toBeVisible();

    // Two quick drags on a slow link: the second order waits for the first one's answer, and the
    // order the page ends on is the one stored.
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: -1, uploadThroughput: -1 });
    await rows(page).nth(1).dragTo(rows(page).nth(0));
    await expect(page.getByRole("status").filter({ hasText: "Saving the new order…" })).toBeVisible();
    await rows(page).nth(1).dragTo(rows(page).nth(0));
    await expect(rowImage(page, 0)).toHaveAttribute("src", firstSrc!);
    await expect(page.getByRole("status").filter({ hasText: "New order saved" })).toBeVisible();
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    // The order is stored, not just shown.
    await page.reload();
    await expect(rowImage(page, 0)).toHaveAttribute("src", firstSrc!);

    // Delete asks first; cancelling keeps the image.
    await rows(page).nth(0).getByRole("button", { name: "Delete image 1" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Image 1?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, axeOptions);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows(page)).toHaveCount(2);

    await rows(page).nth(0).getByRole("button", { name: "Delete image 1" }).click();
    await page.getByRole("dialog", { name: "Delete Image 1?" }).getByRole("button", { name: "Delete image" }).click();
    await expect(page.getByText("Image deleted successfully")).toBeVisible();
    await expect(page.getByText("1 of 4 images used")).toBeVisible();
    await expect(rows(page)).toHaveCount(1);
    await expect(rowImage(page, 0)).toHaveAttribute("src", secondSrc!);
    await expect(rows(page).nth(0)).toContainText("Main profile image");
    // The deleted image's files are gone from the server.
    expect((await page.request.get(firstSrc!)).status()).toBe(404);
  });

  test("refuses a file that is not an image, and a file past 5 MB on the server", async ({ page }) => {
    await signIn(page, IMAGES_ACCOUNTS.refused.email);
    await page.goto(PAGE);
    await expect(page.getByText(/\d of 4 images used/)).toBeVisible();
    // Files set before hydration would land on the no-JavaScript form's input, which React replaces.
    await expect(page.getByRole("button", { name: /Drag and drop images here/ })).toHaveAttribute("aria-disabled", "false");
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some text, not a photo") });
    await expect(page.getByText("Failed to upload images")).toBeVisible();
    await expect(page.getByRole("list", { name: "Uploads" }).getByRole("listitem").filter({ hasText: "notes.jpg" })).toContainText("Please upload a JPEG, PNG or WEBP image");

    // Past 5 MB the server stops reading and says why, whatever the browser checked.
    const big = await page.request.post("/dashboard/manage-images/upload", {
      headers: { Accept: "application/json" },
      multipart: { images: { name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 0xff) } },
    });
    expect(big.status()).toBe(413);
    expect(await big.json()).toEqual({ ok: false, error: "Each image must be 5MB or smaller" });
  });

  test("at four images the drop zone is disabled and the ends have no move buttons", async ({ page }) => {
    await signIn(page, IMAGES_ACCOUNTS.full.email);
    await page.goto(PAGE);
    await expect(page.getByText("4 of 4 images used")).toBeVisible();
    const dropZone = page.getByRole("button", { name: /Drag and drop images here/ });
    await expect(dropZone).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByText("You have 4 of 4 images. Delete one to add another.")).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).nth(0).getByRole("button", { name: /^Move up/ })).toHaveCount(0);
    await expect(rows(page).nth(3).getByRole("button", { name: /^Move down/ })).toHaveCount(0);
    await expect(rows(page).nth(2).getByRole("button", { name: /^Move (up|down)/ })).toHaveCount(2);
    await expectAccessible(page, axeOptions);
  });
});

test.describe("manage images on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("uploads the files that fit, names the one skipped, and keeps delete quiet", async ({ page }, testInfo) => {
    test.slow();
    const account = testInfo.retry === 0 ? PHOTO_ACCOUNTS.overflow : PHOTO_ACCOUNTS.overflowRetry;
    await signIn(page, account.email);
    await page.goto(PAGE);
    // A phone can neither drag nor click: the drop zone says what works there.
    const dropZone = page.getByRole("button", { name: /^Tap to add photos/ });
    await expect(dropZone).toHaveAttribute("aria-disabled", "false");
    await expect(page.getByText("Drag and drop images here, or click to choose files")).toBeHidden();
    await expect(page.getByText("PNG, JPG, WEBP up to 5MB")).toBeVisible();
    await expect(page.getByText("0 of 4 images used")).toBeVisible();

    const files = await Promise.all([1, 2, 3, 4, 5].map((n) => photo(`party-${n}.jpg`, n * 50)));
    await page.locator('input[type="file"]').setInputFiles(files);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "You can only upload up to 4 images" });
    await expect(toast).toContainText("Not uploaded: party-5.jpg");
    const uploads = page.getByRole("list", { name: "Uploads" }).getByRole("listitem");
    await expect(uploads.filter({ hasText: "party-5.jpg" })).toContainText("Not uploaded");
    await expect(page.getByText("4 of 4 images used")).toBeVisible({ timeout: 30_000 });
    await expect(rows(page)).toHaveCount(4);
    for (const n of [1, 2, 3, 4]) await expect(uploads.filter({ hasText: `party-${n}.jpg` })).toContainText("Uploaded");

    // Delete is there but quieter than a filled, coloured button; every row action is a thumb's size.
    const remove = rows(page).nth(0).getByRole("button", { name: "Delete image 1" });
    expect(await remove.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 255, 255)");
    expect((await remove.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, axeOptions);
  });

  test("scales a 12-megapixel photo over 5 MB down in the browser, upright, and uploads it", async ({ page }, testInfo) => {
    test.slow();
    const account = testInfo.retry === 0 ? PHOTO_ACCOUNTS.large : PHOTO_ACCOUNTS.largeRetry;
    const large = await phonePhoto("IMG_4032.jpg");
    expect(large.buffer.length).toBeGreaterThan(5 * 1024 * 1024);
    await signIn(page, account.email);
    await page.goto(PAGE);
    await expect(page.getByRole("button", { name: /^Tap to add photos/ })).toHaveAttribute("aria-disabled", "false");

    const sent: number[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/dashboard/manage-images/upload")) {
        sent.push(Number(request.headers()["content-length"] ?? request.postDataBuffer()?.length ?? 0));
      }
    });
    await page.locator('input[type="file"]').setInputFiles(large);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Images uploaded successfully" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("1 of 4 images used")).toBeVisible();
    // What went over the wire was the scaled copy, well under the limit.
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThan(5 * 1024 * 1024);
    // Turned upright by its EXIF orientation before scaling: the 4000 x 3000 sensor image is portrait.
    const image = rowImage(page, 0);
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.naturalHeight > el.naturalWidth && el.naturalWidth > 0)).toBe(true);
  });
});

test.describe("manage images without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("uploads with the plain form, moves and deletes with confirmation", async ({ page }, testInfo) => {
    const account = testInfo.retry === 0 ? IMAGES_ACCOUNTS.noscript : IMAGES_ACCOUNTS.noscriptRetry;
    await signIn(page, account.email);
    await page.goto(PAGE);
    const files = [await photo("plain-one.jpg", 10), await photo("plain-two.jpg", 120)];
    await page.getByLabel("Choose images to upload").setInputFiles(files);
    await page.getByRole("button", { name: "Upload images" }).click();
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByText("2 of 4 images used")).toBeVisible();

    const firstSrc = await rowImage(page, 0).getAttribute("src");
    await rows(page).nth(0).getByRole("button", { name: "Move down image 1" }).click();
    await expect(rowImage(page, 1)).toHaveAttribute("src", firstSrc!);

    await rows(page).nth(1).getByRole("button", { name: "Delete image 2" }).click();
    await expect(page).toHaveURL(/\?delete=/);
    await page.getByRole("button", { name: "Delete image", exact: true }).click();
    await expect(page.getByText("1 of 4 images used")).toBeVisible();
    await expect(page.locator(`img[src="${firstSrc}"]`)).toHaveCount(0);
  });
});
