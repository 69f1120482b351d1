import { expect, expectAccessible, signInAs, test } from "./fixtures";
import { ACCOUNTS } from "./seed/accounts";
import { TRUST_DOCUMENTS } from "./seed/trust-documents";

// Reviewed trust documents on a phone: a performer names the person who arrives and uploads a PDF
// report; a stranger at the document's address gets a bare 404; the admin's Trust section approves
// it with a date; the profile then names the person the check covers. axe on each new view.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
const TOASTS_ASIDE = { exclude: ["[data-sonner-toaster]"] };
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function isoDay(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

const REPORT_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);

test("a performer uploads a PDF report, the admin approves it with a date, and the profile names whom it covers", async ({ page, browser, baseURL }, testInfo) => {
  const performer = TRUST_DOCUMENTS.performers[Math.min(testInfo.retry, TRUST_DOCUMENTS.performers.length - 1)];
  await signInAs(page, performer.email, "/dashboard/trust");
  await expect(page.getByRole("heading", { name: "Background checks and insurance", level: 1 })).toBeVisible();
  await expect(page.getByText("Add the person the report covers first.")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);

  // A name too short is refused by its field.
  const name = page.getByRole("textbox", { name: /Full name, as on their ID/ });
  await name.fill("J");
  await page.getByRole("button", { name: "Add person" }).click();
  await expect(page.getByText("Please enter the person's full name (2 to 80 characters).")).toBeVisible();
  await name.fill(performer.person);
  await page.getByRole("button", { name: "Add person" }).click();
  await expect(page.getByRole("list").getByText(performer.person, { exact: true })).toBeVisible();

  const upload = page.getByRole("region", { name: "Upload a background-check report" });
  await upload.getByRole("combobox", { name: /Whom it covers/ }).selectOption({ label: performer.person });
  await upload.getByRole("textbox", { name: /Screening provider/ }).fill("Sterling Check");
  await upload.getByLabel(/Date on the report/).fill(isoDay(-10));
  await upload.getByLabel(/The report \(PDF or photo/).setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: REPORT_PDF });
  await upload.getByRole("button", { name: "Send for review" }).click();
  await expect(page.getByText("Document received.")).toBeVisible();
  const item = page.getByRole("region", { name: "Your documents" }).getByRole("listitem").filter({ hasText: `Background check: ${performer.person}` });
  await expect(item.getByText("Waiting for review")).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
  const href = await item.getByRole("link", { name: "Open the file" }).getAttribute("href");
  expect(href).toMatch(/^\/dashboard\/trust\/documents\/[0-9a-f-]{36}$/);

  // The owner gets the file; a stranger at the same address gets nothing.
  const own = await page.request.get(href!);
  expect(own.status()).toBe(200);
  expect(own.headers()["cache-control"]).toBe("private, no-store");
  expect((await own.body()).subarray(0, 5).toString()).toBe("%PDF-");
  const stranger = await browser.newContext({ baseURL, viewport: PHONE });
  const strangerPage = await stranger.newPage();
  const response = await strangerPage.goto(href!);
  expect(response!.status()).toBe(404);
  await expect(strangerPage.locator("body")).toHaveText("Not found");
  expect(response!.headers()["cache-control"]).toBe("private, no-store");
  await stranger.close();

  // The admin opens the Trust section, reads the document's facts and approves it until a date.
  const adminContext = await browser.newContext({ baseURL, viewport: PHONE });
  const admin = await adminContext.newPage();
  await admin.addInitScript(() => window.localStorage.setItem("hasSeenWelcomePopup", "true"));
  await signInAs(admin, ACCOUNTS.admin.email, "/admin/trust");
  await expect(admin.getByRole("heading", { name: /^Trust documents/ })).toBeVisible();
  const waiting = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: `Background check: ${performer.person}` }) });
  await expect(waiting.getByRole("link", { name: performer.displayName })).toBeVisible();
  await expect(waiting.getByText("Sterling Check")).toBeVisible();
  await expectAccessible(admin, TOASTS_ASIDE);
  const fileHref = await waiting.getByRole("link", { name: /Open the document \(PDF/ }).getAttribute("href");
  expect((await admin.request.get(fileHref!)).status()).toBe(200);
  const until = isoDay(365);
  await waiting.getByLabel("Reviewed until").fill(until);
  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText(`Approved: the background check for ${performer.person} is reviewed until ${until}.`)).toBeVisible();
  await expect(admin.getByRole("heading", { name: `Background check: ${performer.person}` })).toHaveCount(0);
  await adminContext.close();

  // The profile names the person and the month the review ends; the performer's own statement is not needed.
  await page.goto(`/profile/${performer.id}`);
  const [year, month] = until.split("-");
  const trust = page.getByRole("region", { name: "Checked by CostumeCast" });
  await expect(trust.getByText(`Background check reviewed by CostumeCast · covers ${performer.person} · valid until ${MONTHS[Number(month) - 1]} ${year}`)).toBeVisible();
  await expect(trust.getByText("Email confirmed")).toBeVisible();
  await trust.getByText("What we checked, and what we did not").click();
  await expect(trust.getByText(/we did not ask the insurer to confirm the cover/)).toBeVisible();
  await expectAccessible(page, TOASTS_ASIDE);
});
