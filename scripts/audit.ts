// `npm run audit`: Lighthouse (mobile emulation, its default) against every public page of a
// production build filled with the demo data set: home, browse, a state, a city, a category, the
// category list, search by word and by ZIP, a profile, the shortlist (empty, and a shared list), the
// free-listing page and the static pages. Each page runs N times (Lighthouse varies from run to run,
// more so on a busy machine) and the table gives the median of every score and metric, with issue
// 15's targets as a PASS/miss column. It is a measurement, not a test: it exits non-zero only when a
// page or the tooling fails, never because of a score.
//
//   npm run audit                        every page, 3 runs each
//   npm run audit -- --runs 1            one run each (quick look; no median)
//   npm run audit -- --pages home,city   a subset, by the names in PAGES below
//   npm run audit -- --cpu-slowdown 2    Lighthouse's CPU slowdown (default 4x, meant for a
//                                        high-end desktop, benchmarkIndex 1500 to 2000). Its
//                                        throttling guide gives 2x for a low-end desktop (1000 to
//                                        1500): each run prints this machine's benchmarkIndex
//
// After the table, the listing pages' HTML as the server sends it (plain, gzip, brotli), against
// issue 15's 25 KB compressed.
//
// Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium); the build from BUILD_DIR (default
// `build`, rebuilt first). Scores from a busy 2-core machine understate Performance.
import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { chromiumPath, startMeasuredSite, type MeasuredSite } from "./lib/measured-site";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const PERFORMERS = Number(process.env.AUDIT_PERFORMERS ?? 120);

interface PageSpec {
  name: string;
  path(site: MeasuredSite): string;
  /** Pages that ask search engines not to index them on purpose (result lists that would be thin duplicates). */
  noindexByDesign?: boolean;
  /** Lists performers: checked to link profiles, since an empty result page would measure the wrong thing. */
  listing?: boolean;
}

const PAGES: PageSpec[] = [
  { name: "home", path: () => "/" },
  { name: "browse", path: () => "/browse" },
  { name: "state", listing: true, path: () => "/browse/CA" },
  { name: "city", listing: true, path: (s) => `/browse/CA?city=${encodeURIComponent(s.samples.city)}` },
  { name: "categories", path: () => "/categories" },
  { name: "category", listing: true, path: (s) => `/categories/${encodeURIComponent(s.samples.category)}` },
  { name: "search-word", listing: true, path: () => "/search?q=spiderman", noindexByDesign: true },
  // The search page reads a ZIP code out of the words typed (there is no separate zip parameter).
  { name: "search-zip", listing: true, path: (s) => `/search?q=${s.samples.zip}`, noindexByDesign: true },
  { name: "profile", path: (s) => `/profile/${s.profileId}` },
  { name: "shortlist", path: () => "/shortlist" },
  { name: "shortlist-shared", listing: true, path: (s) => `/shortlist?ids=${s.profileId}`, noindexByDesign: true },
  { name: "free-listing", path: () => "/free-listing" },
  { name: "about", path: () => "/about" },
  { name: "faq", path: () => "/faq" },
  { name: "guidelines", path: () => "/guidelines" },
  { name: "terms", path: () => "/terms" },
  { name: "privacy", path: () => "/privacy" },
  { name: "contact", path: () => "/contact" },
  // /safety-first is for signed-in performers (spec): a visitor is sent to sign-in, so that is the page measured.
  { name: "signin", path: () => "/signin" },
];

/** Lighthouse metric audits and how the table shows them. */
const METRICS = {
  fcp: "first-contentful-paint",
  lcp: "largest-contentful-paint",
  si: "speed-index",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
} as const;
type Metric = keyof typeof METRICS;

/** Issue 15's targets. Scores are 0 to 100, times in milliseconds. */
const TARGETS = { performance: 97, accessibility: 100, "best-practices": 100, seo: 100, fcp: 1300, lcp: 1800, si: 2000, tbt: 50, cls: 0 };
/** Issue 15: a listing page's HTML as sent, compressed, at most this many bytes. */
const LISTING_HTML_BUDGET = 25 * 1024;

interface HtmlSize {
  path: string;
  raw: number;
  gzip: number;
  brotli: number;
}

interface Run {
  lhr: Result;
  scores: Record<Category, number | null>;
  /** SEO without the crawlability audit, so a page that is noindex on purpose is judged on the rest. */
  seoIgnoringNoindex: number | null;
  metrics: Record<Metric, number | null>;
  noindex: boolean;
}

interface PageResult {
  spec: PageSpec;
  path: string;
  html: HtmlSize | null;
  scores: Record<Category, number | null>;
  seoIgnoringNoindex: number | null;
  metrics: Record<Metric, number | null>;
  noindex: boolean;
  error: string | null;
}

/** Lighthouse's default: a high-end desktop (benchmarkIndex 1500 to 2000) slowed to a mid-tier phone. */
const DEFAULT_SLOWDOWN = 4;

interface Options {
  runs: number;
  pages: PageSpec[];
  /** Lighthouse's CPU slowdown multiplier. */
  slowdown: number;
}

function parseArgs(argv: string[]): Options {
  let runs = 3;
  let names: string[] | null = null;
  let slowdown = DEFAULT_SLOWDOWN;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split("=", 2);
    const value = inline ?? argv[i + 1];
    if (flag === "--runs" || flag === "--pages" || flag === "--cpu-slowdown") {
      if (value === undefined) throw new Error(`${flag} needs a value`);
      if (inline === undefined) i++;
      if (flag === "--cpu-slowdown") {
        slowdown = Number(value);
        if (!(slowdown >= 1)) throw new Error(`--cpu-slowdown must be a number of at least 1, not ${value}`);
      } else if (flag === "--runs") {
        runs = Number(value);
        if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1, not ${value}`);
      } else {
        names = value.split(",").map((n) => n.trim()).filter(Boolean);
      }
    } else {
      throw new Error(`Unknown option ${arg} (use --runs N, --cpu-slowdown N and --pages ${PAGES.map((p) => p.name).join(",")})`);
    }
  }
  if (!names) return { runs, pages: PAGES, slowdown };
  const unknown = names.filter((n) => !PAGES.some((p) => p.name === n));
  if (unknown.length > 0) throw new Error(`Unknown page ${unknown.join(", ")}; pages are ${PAGES.map((p) => p.name).join(", ")}`);
  return { runs, pages: PAGES.filter((p) => names.includes(p.name)), slowdown };
}

const percent = (score: number | null | undefined) => (typeof score === "number" ? Math.round(score * 100) : null);

function readRun(lhr: Result): Run {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, percent(lhr.categories[c]?.score)])) as Record<Category, number | null>;
  const metrics = Object.fromEntries(
    (Object.keys(METRICS) as Metric[]).map((m) => {
      const value = lhr.audits[METRICS[m]]?.numericValue;
      return [m, typeof value === "number" ? value : null];
    }),
  ) as Record<Metric, number | null>;
  // Recomputed from the category's weights, the way Lighthouse scores a category.
  let weighted = 0;
  let weights = 0;
  for (const ref of lhr.categories.seo?.auditRefs ?? []) {
    const score = lhr.audits[ref.id]?.score;
    if (ref.id === "is-crawlable" || ref.weight === 0 || typeof score !== "number") continue;
    weighted += ref.weight * score;
    weights += ref.weight;
  }
  return {
    lhr,
    scores,
    seoIgnoringNoindex: weights > 0 ? Math.round((weighted / weights) * 100) : null,
    metrics,
    noindex: lhr.audits["is-crawlable"]?.score === 0,
  };
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle] : (known[middle - 1] + known[middle]) / 2;
}

/** The run whose Performance score is the median, for the list of audits that cost points. */
function medianRun(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

function printCostlyAudits(lhr: Result) {
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && typeof audit?.score === "number" && audit.score < 1) {
        const value = audit.displayValue ? `, ${audit.displayValue}` : "";
        console.log(`  ${category}: ${audit.title} (${Math.round(audit.score * 100)}${value})`);
      }
    }
  }
}

/** What misses the targets, or PASS. A page that is noindex by design is judged on SEO without crawlability. */
function verdict(result: PageResult): string {
  if (result.error) return `error (${result.error.split(":")[0]})`;
  const misses: string[] = [];
  const { scores, metrics } = result;
  const below = (label: string, value: number | null, target: number) => {
    if (value === null || value < target) misses.push(`${label} ${value ?? "n/a"}`);
  };
  below("perf", scores.performance, TARGETS.performance);
  below("a11y", scores.accessibility, TARGETS.accessibility);
  below("BP", scores["best-practices"], TARGETS["best-practices"]);
  below("SEO", result.spec.noindexByDesign ? result.seoIgnoringNoindex : scores.seo, TARGETS.seo);
  const above = (label: string, value: number | null, target: number, show: (v: number) => string) => {
    if (value === null || value > target) misses.push(`${label} ${value === null ? "n/a" : show(value)}`);
  };
  above("FCP", metrics.fcp, TARGETS.fcp, seconds);
  above("LCP", metrics.lcp, TARGETS.lcp, seconds);
  above("SI", metrics.si, TARGETS.si, seconds);
  above("TBT", metrics.tbt, TARGETS.tbt, millis);
  // CLS is rounded the way the table shows it, so a shift too small to print does not count as one.
  above("CLS", metrics.cls === null ? null : Number(metrics.cls.toFixed(3)), TARGETS.cls, (v) => v.toFixed(3));
  return misses.length === 0 ? "PASS" : `miss: ${misses.join(", ")}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const show = (value: number | null, format: (v: number) => string) => (value === null ? "n/a" : format(value));

/** Extra attempts for a run that ends in a runtime error. */
const RETRIES = 2;

/**
 * One Lighthouse run, tried again on a runtime error: on a busy machine the trace sometimes misses
 * the navigation (NO_NAVSTART, NO_FCP), and Lighthouse itself says to run again.
 */
async function lighthouseRun(chrome: chromeLauncher.LaunchedChrome, url: string, slowdown: number): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      throttling: { cpuSlowdownMultiplier: slowdown },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    console.log(`  runtime error: ${error.code}: ${error.message}${attempt < RETRIES ? " (trying again)" : ""}`);
    if (attempt >= RETRIES) return result.lhr;
  }
}

/** The bytes the server sends for a page when the browser accepts `encoding` (what Lighthouse's network counts). */
function sentBytes(url: string, encoding: "identity" | "gzip" | "br"): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "Accept-Encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => (bytes += chunk.length));
      response.on("end", () => {
        const sent = response.headers["content-encoding"] ?? "identity";
        if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
        else if (sent !== encoding) reject(new Error(`${url} came ${sent}, not ${encoding}`));
        else resolve(bytes);
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

/**
 * Says how many profiles a listing page links in its server HTML, warning when there are none, and
 * how large that HTML is as sent: plain, gzip and brotli (the live compressor's settings).
 */
async function reportListing(url: string, pagePath: string): Promise<HtmlSize> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${pagePath} answered ${response.status}`);
  const html = await response.text();
  const profilesLinked = new Set(html.match(/href="\/profile\/[^"?#]+/g) ?? []).size;
  console.log(
    profilesLinked > 0
      ? `  ${pagePath} links ${profilesLinked} profile${profilesLinked === 1 ? "" : "s"}`
      : `  warning: ${pagePath} links no profile, so it measures an empty result, not a listing`,
  );
  const [raw, gzip, brotli] = await Promise.all([sentBytes(url, "identity"), sentBytes(url, "gzip"), sentBytes(url, "br")]);
  return { path: pagePath, raw, gzip, brotli };
}

async function auditPage(chrome: chromeLauncher.LaunchedChrome, site: MeasuredSite, spec: PageSpec, runs: number, slowdown: number): Promise<PageResult> {
  const pagePath = spec.path(site);
  const html = spec.listing ? await reportListing(`${site.url}${pagePath}`, pagePath) : null;
  const done: Run[] = [];
  for (let i = 1; i <= runs; i++) {
    console.log(`Auditing ${spec.name} (${pagePath}), run ${i} of ${runs}...`);
    const lhr = await lighthouseRun(chrome, `${site.url}${pagePath}`, slowdown);
    // A runtime error left after the retries means the page did not load (an error status, a
    // crash): its scores mean nothing.
    if (lhr.runtimeError) {
      const message = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
      return { spec, path: pagePath, html, scores: emptyScores(), seoIgnoringNoindex: null, metrics: emptyMetrics(), noindex: false, error: message };
    }
    done.push(readRun(lhr));
    // Lighthouse's own measure of this machine's CPU (higher is faster): its simulated mobile CPU
    // is this machine slowed down by the CPU slowdown, so a slow or busy machine raises TBT on every page.
    console.log(`  benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}, TBT ${Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0)} ms`);
  }
  // Name what cost points once, from the median run, so a lower score says where to look.
  printCostlyAudits(medianRun(done).lhr);
  return {
    spec,
    path: pagePath,
    html,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(done.map((r) => r.scores[c]))])) as Record<Category, number | null>,
    seoIgnoringNoindex: median(done.map((r) => r.seoIgnoringNoindex)),
    metrics: Object.fromEntries((Object.keys(METRICS) as Metric[]).map((m) => [m, median(done.map((r) => r.metrics[m]))])) as Record<
      Metric,
      number | null
    >,
    // Whether a page asks not to be indexed does not vary between runs; any run says so.
    noindex: done.some((r) => r.noindex),
    error: null,
  };
}

const emptyScores = (): Record<Category, number | null> => ({ performance: null, accessibility: null, "best-practices": null, seo: null });
const emptyMetrics = (): Record<Metric, number | null> => ({ fcp: null, lcp: null, si: null, tbt: null, cls: null });

function printTable(results: PageResult[], runs: number, slowdown: number, site: MeasuredSite) {
  const score = (v: number | null) => (v === null ? "n/a" : String(Math.round(v)));
  console.log(
    `\nLighthouse mobile, ${runs === 1 ? "one run" : `median of ${runs} runs`} per page, ${PERFORMERS} demo performers, CPU slowdown ${slowdown}x` +
      (slowdown === DEFAULT_SLOWDOWN ? " (Lighthouse's default):" : ` (not Lighthouse's default ${DEFAULT_SLOWDOWN}x):`),
  );
  console.log("| page | perf | a11y | BP | SEO | FCP | LCP | SI | TBT | CLS | index | targets |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const r of results) {
    const index = r.error ? "" : r.noindex ? (r.spec.noindexByDesign ? "noindex (by design)" : "noindex (unexpected)") : "indexed";
    const cells = [
      r.path.replace(site.profileId, "{id}"),
      score(r.scores.performance),
      score(r.scores.accessibility),
      score(r.scores["best-practices"]),
      score(r.scores.seo),
      show(r.metrics.fcp, seconds),
      show(r.metrics.lcp, seconds),
      show(r.metrics.si, seconds),
      show(r.metrics.tbt, millis),
      show(r.metrics.cls, (v) => v.toFixed(3)),
      index,
      verdict(r),
    ];
    console.log(`| ${cells.join(" | ")} |`);
  }
  console.log(
    `Targets (issue 15): perf >= ${TARGETS.performance}, a11y/BP/SEO 100 (SEO without crawlability for pages noindex by design), ` +
      `FCP <= 1.3 s, LCP <= 1.8 s, SI <= 2.0 s, TBT <= 50 ms, CLS 0.`,
  );
  const sizes = results.flatMap((r) => (r.html ? [r.html] : []));
  if (sizes.length === 0) return;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`\nListing pages' HTML as sent (target: at most ${kb(LISTING_HTML_BUDGET)} compressed):`);
  console.log("| page | plain | gzip | brotli | targets |");
  console.log("|---|---:|---:|---:|---|");
  for (const size of sizes) {
    const over = Math.max(size.gzip, size.brotli) > LISTING_HTML_BUDGET;
    console.log(`| ${size.path} | ${kb(size.raw)} | ${kb(size.gzip)} | ${kb(size.brotli)} | ${over ? "miss" : "PASS"} |`);
  }
}

async function main() {
  const { runs, pages, slowdown } = parseArgs(process.argv.slice(2));
  const chromePath = chromiumPath();
  let site: MeasuredSite | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const results: PageResult[] = [];
  try {
    site = await startMeasuredSite({ buildDir: process.env.BUILD_DIR ?? "build", performers: PERFORMERS });
    const { city, category, zip } = site.samples;
    console.log(`Sample pages: city ${city}, CA; category ${category}; ZIP ${zip}`);
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
    for (const spec of pages) results.push(await auditPage(chrome, site, spec, runs, slowdown));
    printTable(results, runs, slowdown, site);
  } finally {
    await chrome?.kill();
    await site?.stop();
  }
  // A page that did not load is a real error, unlike a low score.
  if (results.some((r) => r.error)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
