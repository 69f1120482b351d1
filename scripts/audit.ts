// `npm run audit`: Lighthouse (mobile emulation, its default) against the home page, /browse/CA, a
// profile and the shortlist (empty, and a shared list) of a production build filled with the demo data set, printing the four category scores.
// Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium); the build from BUILD_DIR (default
// `build`, rebuilt first). Scores from a busy 2-core machine understate Performance.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumPath, startMeasuredSite, type MeasuredSite } from "./lib/measured-site";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const PERFORMERS = Number(process.env.AUDIT_PERFORMERS ?? 120);

async function main() {
  const chromePath = chromiumPath();
  let site: MeasuredSite | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  const rows: { page: string; scores: Record<string, number | null> }[] = [];
  try {
    site = await startMeasuredSite({ buildDir: process.env.BUILD_DIR ?? "build", performers: PERFORMERS });
    chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
    const pages = ["/", "/browse/CA", `/profile/${site.profileId}`, "/shortlist", `/shortlist?ids=${site.profileId}`];
    for (const page of pages) {
      console.log(`Auditing ${page}...`);
      const result = await lighthouse(`${site.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const scores: Record<string, number | null> = {};
      for (const category of CATEGORIES) {
        const score = result.lhr.categories[category]?.score;
        scores[category] = typeof score === "number" ? Math.round(score * 100) : null;
      }
      rows.push({ page: page.replace(site.profileId, "{id}"), scores });
      // Name what cost points, so a lower score says where to look.
      for (const category of CATEGORIES) {
        for (const ref of result.lhr.categories[category]?.auditRefs ?? []) {
          const audit = result.lhr.audits[ref.id];
          if (ref.weight > 0 && typeof audit?.score === "number" && audit.score < 1) {
            console.log(`  ${category}: ${audit.title} (${Math.round(audit.score * 100)})`);
          }
        }
      }
      if (result.lhr.runtimeError) console.log(`  runtime error: ${result.lhr.runtimeError.message}`);
    }
  } finally {
    await chrome?.kill();
    await site?.stop();
  }
  console.log("\nLighthouse scores (mobile):");
  console.log("| page | Performance | Accessibility | Best Practices | SEO |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) {
    console.log(`| ${row.page} | ${CATEGORIES.map((c) => row.scores[c] ?? "n/a").join(" | ")} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
