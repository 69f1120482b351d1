import { chromium } from "@playwright/test";
const base = process.argv[2]; const paths = process.argv.slice(3);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-background-networking"] });
for (const p of paths) {
  const context = await browser.newContext();
  await context.addInitScript(() => localStorage.setItem("hasSeenWelcomePopup", "true"));
  const page = await context.newPage();
  const rows = [];
  page.on("response", async (res) => {
    const req = res.request();
    if (req.resourceType() !== "script") return;
    const sizes = await req.sizes().catch(() => null);
    rows.push({ url: res.url().replace(base, ""), enc: res.headers()["content-encoding"] ?? "-", body: sizes?.responseBodySize ?? -1 });
  });
  await page.goto(base + p, { waitUntil: "networkidle" });
  await page.waitForTimeout(3000);
  const inline = await page.evaluate(() => [...document.querySelectorAll("script:not([src])")].map((s) => s.textContent.length));
  const total = rows.reduce((s, r) => s + r.body, 0);
  console.log(`${p}: ${rows.length} scripts, ${(total/1024).toFixed(1)} KB transferred bodies; inline script chars: ${inline.join(",")}`);
  for (const r of rows) console.log(`   ${String(r.body).padStart(7)} ${r.enc} ${r.url}`);
  await context.close();
}
await browser.close();
