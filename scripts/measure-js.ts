// `npm run measure:js`: how much JavaScript a browser downloads for a page, measured in Chromium
// against a production build with demo data, as a first-time visitor who does not touch the page.
// Every script file the page fetches counts, including ones it imports on its own after loading
// (the welcome dialog two seconds in); what loads only on interaction is listed apart.
//
// Two figures per file: its size gzipped at level 9 (the budget's measure: 120 KB for a profile
// page) and the bytes the server actually sent (brotli from the build's precompressed copies).
// Inline <script>s in the HTML (the page's data and React Router's route list for the page) are
// reported apart: they are data for this page, not code.
//
//   npm run measure:js           BUILD_DIR (default build-measure-js) is rebuilt first
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { chromiumPath, startMeasuredSite } from "./lib/measured-site";

const BUDGET_BYTES = 120 * 1024;
/** Long enough for everything a page loads by itself, the welcome dialog (at 2 s) included. */
const SETTLE_MS = 3500;

interface ScriptFile {
  path: string;
  gzipBytes: number;
  sentBytes: number;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function gzipSizeOf(clientDir: string, urlPath: string): number {
  return gzipSync(fs.readFileSync(path.join(clientDir, urlPath)), { level: 9 }).length;
}

/** Records every script file the page fetches from now on. */
function recordScripts(page: Page, origin: string, clientDir: string): ScriptFile[] {
  const files: ScriptFile[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    void request.sizes().then((sizes) => {
      files.push({ path: url.pathname, gzipBytes: gzipSizeOf(clientDir, url.pathname), sentBytes: sizes.responseBodySize });
    });
  });
  return files;
}

function printFiles(files: ScriptFile[]) {
  for (const file of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`    ${kb(file.gzipBytes).padStart(9)} gzip  ${kb(file.sentBytes).padStart(9)} sent  ${file.path}`);
  }
}

const sum = (files: ScriptFile[], key: "gzipBytes" | "sentBytes") => files.reduce((total, f) => total + f[key], 0);

async function main() {
  const site = await startMeasuredSite({ buildDir: process.env.BUILD_DIR ?? "build-measure-js", performers: 40 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--disable-background-networking"] });
  const clientDir = path.join(site.buildDir, "client");
  const origin = new URL(site.url).origin;
  const pages = [
    {
      label: "profile",
      path: `/profile/${site.profileId}`,
      interact: async (page: Page) => {
        // The welcome dialog is open by now (first visit); it makes the rest of the page inert.
        await page.getByRole("button", { name: "Maybe later" }).click();
        await page.getByRole("textbox", { name: "Name" }).focus();
      },
    },
    { label: "home", path: "/" },
    { label: "browse", path: "/browse/CA" },
  ];
  const summary: string[] = [];
  try {
    for (const entry of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const files = recordScripts(page, origin, clientDir);
      await page.goto(`${site.url}${entry.path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(SETTLE_MS);
      const atLoad = [...files];
      const inline = await page.evaluate(() =>
        [...document.querySelectorAll("script:not([src])")]
          .filter((s) => s.getAttribute("type") !== "application/ld+json")
          .reduce((total, s) => total + new TextEncoder().encode(s.textContent ?? "").length, 0),
      );
      const gzip = sum(atLoad, "gzipBytes");
      const verdict = gzip <= BUDGET_BYTES ? "within" : "OVER";
      console.log(`\n${entry.label} (${entry.path}): ${kb(gzip)} gzipped, ${kb(sum(atLoad, "sentBytes"))} sent, in ${atLoad.length} files (${verdict} the 120 KB budget)`);
      printFiles(atLoad);
      console.log(`    inline <script> in the HTML (page data, route list): ${kb(inline)} before compression`);
      summary.push(`| ${entry.label} | ${kb(gzip)} | ${kb(sum(atLoad, "sentBytes"))} | ${atLoad.length} |`);
      if (entry.interact) {
        await entry.interact(page);
        await page.waitForTimeout(1500);
        const later = files.slice(atLoad.length);
        if (later.length > 0) {
          console.log(`  loaded once the visitor starts on the inquiry form: ${kb(sum(later, "gzipBytes"))} gzipped`);
          printFiles(later);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  console.log("\nJavaScript at page load (first-time visitor):");
  console.log("| page | gzip -9 | sent (brotli) | files |");
  console.log("|---|---:|---:|---:|");
  for (const row of summary) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
