import { expect, expectAccessible, test } from "./fixtures";

const PAGES = [
  { path: "/about", h1: "About CostumeCast", title: "About Us | CostumeCast", text: ["$29 per year", "first 150 qualified listings are free", "United States only"] },
  {
    path: "/guidelines",
    h1: "Listing Guidelines",
    title: "Listing Guidelines | CostumeCast",
    text: [
      "No trademarked character names.",
      "No official promotional images.",
      "Family-friendly content.",
      "Your own original images.",
      "You must be at least 18 years old.",
      "US only.",
      "up to 4 photos",
    ],
  },
  {
    path: "/faq",
    h1: "Frequently Asked Questions",
    title: "Frequently Asked Questions | CostumeCast",
    text: ["How do I contact a performer?", "Payments are between you and the performer", "$29 per year", "How do I report a profile?"],
  },
  { path: "/terms", h1: "Terms of Service", title: "Terms of Service | CostumeCast", text: ["Last updated: May 16, 2025", "at least 18 years old"] },
  { path: "/privacy", h1: "Privacy Policy", title: "Privacy Policy | CostumeCast", text: ["Last updated: May 16, 2025", "GPS location", "our team may read it to stop spam, scams and abuse"] },
  { path: "/contact", h1: "Contact Us", title: "Contact Us | CostumeCast", text: ["Winter Haven, Florida"] },
];

for (const spec of PAGES) {
  test(`${spec.path} has its own heading, title and description, and passes axe`, async ({ page, baseURL }) => {
    const response = await page.goto(spec.path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(spec.title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.h1);
    const main = page.getByRole("main");
    for (const text of spec.text) await expect(main).toContainText(text);

    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0).toBeGreaterThan(60);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${spec.path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", spec.title);

    await expectAccessible(page);
  });
}

test("every static page has a different description", async ({ page }) => {
  const seen = new Set<string>();
  for (const spec of PAGES) {
    await page.goto(spec.path);
    seen.add((await page.locator('meta[name="description"]').getAttribute("content")) ?? "");
  }
  expect(seen.size).toBe(PAGES.length);
});

test("the contact page links to the support, partners and privacy mailboxes", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  for (const [title, email] of [
    ["Support", "support@costumecast.com"],
    ["Partnerships", "partners@costumecast.com"],
    ["Privacy", "privacy@costumecast.com"],
  ]) {
    await expect(main.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  }
});

test("terms and privacy show the same last-updated date, right under their heading", async ({ page }) => {
  for (const path of ["/terms", "/privacy"]) {
    await page.goto(path);
    await expect(page.getByText("Last updated: May 16, 2025", { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("main").getByRole("link", { name: "privacy@costumecast.com" }).first()).toHaveAttribute(
    "href",
    "mailto:privacy@costumecast.com",
  );
});

test("the FAQ is described to search engines as questions and answers", async ({ page }) => {
  await page.goto("/faq");
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? "{}") as { "@type"?: string; mainEntity?: { name: string }[] };
  expect(data["@type"]).toBe("FAQPage");
  expect(data.mainEntity?.map((q) => q.name)).toContain("What happens if I cancel?");
});

test("static pages render before JavaScript loads", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/faq");
  await expect(page.getByRole("heading", { name: "What happens if I cancel?" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("refunds for partial periods");
  await context.close();
});
