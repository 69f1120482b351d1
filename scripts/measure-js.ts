// `npm run measure:js`: how much JavaScript a browser downloads for a page, measured in Chromium
// against a production build with demo data, as a first-time visitor who does not touch the page.
// Every script file the page fetches counts, including ones it imports on its own after loading
// (the welcome dialog two seconds in); what loads only on interaction is listed apart.
//
// Two figures per file: the bytes the server actually sent (brotli from the build's precompressed
// copies; the budget, issue 15: at most 110 KB on every public page) and its size gzipped at level 9
// (what a server without the precompressed copies would send). Inline <script>s in the HTML (the
// page's data and React Router's route list for the page) are reported apart: they are data for
// this page, not code.
//
//   npm run measure:js                          every public page; BUILD_DIR (default
//                                               build-measure-js) is rebuilt first
//   npm run measure:js -- --pages home,profile  a subset, by the names in pagesOf() below
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Page } from "@playwright/test";
import { chromiumPath, startMeasuredSite, type MeasuredSite } from "./lib/measured-site";

/** Compressed JavaScript a first visit may download, as sent (issue 15). */
const BUDGET_BYTES = 110 * 1024;
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
  for (const file of [...files].sort((a, b) => b.sentBytes - a.sentBytes)) {
    console.log(`    ${kb(file.sentBytes).padStart(9)} sent  ${kb(file.gzipBytes).padStart(9)} gzip  ${file.path}`);
  }
}

interface PageSpec {
  name: string;
  path: string;
  /** What the visitor does after the page has settled; scripts loaded then are listed apart. */
  interact?: (page: Page) => Promise<void>;
}

/** The public pages, as `npm run audit` measures them. */
function pagesOf(site: MeasuredSite): PageSpec[] {
  return [
    {
      name: "profile",
      path: `/profile/${site.profileId}`,
      interact: async (page: Page) => {
        // No welcome announcement here: it waits for a browsing page, not a profile (WelcomePopup).
        await page.getByRole("textbox", { name: "Name" }).focus();
      },
    },
    { name: "home", path: "/" },
    { name: "browse", path: "/browse" },
    { name: "state", path: "/browse/CA" },
    { name: "city", path: `/browse/CA?city=${encodeURIComponent(site.samples.city)}` },
    { name: "categories", path: "/categories" },
    { name: "category", path: `/categories/${encodeURIComponent(site.samples.category)}` },
    { name: "search-word", path: "/search?q=spiderman" },
    { name: "search-zip", path: `/search?q=${site.samples.zip}` },
    { name: "shortlist", path: "/shortlist" },
    { name: "shortlist-shared", path: `/shortlist?ids=${site.profileId}` },
    { name: "free-listing", path: "/free-listing" },
    { name: "about", path: "/about" },
    { name: "faq", path: "/faq" },
    { name: "contact", path: "/contact" },
  ];
}

function selectedPages(all: PageSpec[], argv: string[]): PageSpec[] {
  const at = argv.findIndex((arg) => arg === "--pages" || arg.startsWith("--pages="));
  if (at === -1) return all;
  const value = argv[at].includes("=") ? argv[at].slice("--pages=".length) : argv[at + 1];
  const names = (value ?? "").split(",").filter(Boolean);
  const unknown = names.filter((name) => !all.some((p) => p.name === name));
  if (names.length === 0 || unknown.length > 0) {
    throw new Error(`Unknown page ${unknown.join(",") || "(none)"}: use --pages ${all.map((p) => p.name).join(",")}`);
  }
  return all.filter((p) => names.includes(p.name));
}

const sum = (files: ScriptFile[], key: "gzipBytes" | "sentBytes") => files.reduce((total, f) => total + f[key], 0);

async function main() {
  const site = await startMeasuredSite({ buildDir: process.env.BUILD_DIR ?? "build-measure-js", performers: 40 });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: ["--disable-background-networking"] });
  const clientDir = path.join(site.buildDir, "client");
  const origin = new URL(site.url).origin;
  const summary: string[] = [];
  let over = 0;
  try {
    for (const entry of selectedPages(pagesOf(site), process.argv.slice(2))) {
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
      const sent = sum(atLoad, "sentBytes");
      const verdict = sent <= BUDGET_BYTES ? "within" : "OVER";
      if (sent > BUDGET_BYTES) over++;
      console.log(
        `\n${entry.name} (${entry.path}): ${kb(sent)} sent, ${kb(sum(atLoad, "gzipBytes"))} gzipped, in ${atLoad.length} files (${verdict} the ${kb(BUDGET_BYTES)} budget)`,
      );
      printFiles(atLoad);
      console.log(`    inline <script> in the HTML (page data, route list): ${kb(inline)} before compression`);
      summary.push(`| ${entry.name} | ${kb(sent)} | ${kb(sum(atLoad, "gzipBytes"))} | ${atLoad.length} | ${kb(inline)} | ${verdict} |`);
      if (entry.interact) {
        await entry.interact(page);
        await page.waitForTimeout(1500);
        const later = files.slice(atLoad.length);
        if (later.length > 0) {
          console.log(`  loaded once the visitor starts on the inquiry form: ${kb(sum(later, "sentBytes"))} sent, ${kb(sum(later, "gzipBytes"))} gzipped`);
          printFiles(later);
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
  console.log(`\nJavaScript at page load (first-time visitor), budget ${kb(BUDGET_BYTES)} sent:`);
  console.log("| page | sent (brotli) | gzip -9 | files | inline data | budget |");
  console.log("|---|---:|---:|---:|---:|---|");
  for (const row of summary) console.log(row);
  console.log(over === 0 ? "Every page is within the budget." : `${over} page(s) over the budget.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
