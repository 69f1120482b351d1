// `npm run bench:search`: how well /search answers what parents and organisers type, and how fast.
//
// 1. Relevance: the demo data set (scripts/demo-data, the fixed seed of `npm run seed:demo`) is
//    seeded into a fresh PGlite database (and with `-- --pg` also into a scratch PostgreSQL
//    database), and every judged query of scripts/search-relevance/queries.ts runs through the real
//    search (searchProfiles, what the /search loader calls). Each query's relevant performers are
//    given by a hand-written rule over the generated data, never by the search. Printed: the
//    zero-result rate (queries answered with nothing while the data holds a relevant performer),
//    recall in the first page (relevant on page 1 / min(relevant, page size), averaged) and a
//    table of the queries that miss.
// 2. Speed: 100,000 synthetic profiles in a scratch PostgreSQL database (`cc_bench_search` on
//    BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres; dropped
//    afterwards), every query run several times in process: p50/p95 server time of search, and of
//    suggestions when app/server/search/suggest.server.ts exists.
//
// Targets (issue 12): no zero-result query where the data holds a relevant performer; recall in
// the first page at least 0.9; p95 at most 50 ms. Options: --pg, --no-timing, --runs N (default 5
// rounds over all queries), --verbose (every query, not only the misses).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { PAGE_SIZE } from "~/lib/constants";
import { createPglite, openDatabase, type Database, type Db } from "~/server/db/client.server";
import { parseSearchInput } from "~/server/search/query.server";
import { searchProfiles, type SearchOutcome } from "~/server/search/search.server";
import { refreshAllSearchDocuments } from "~/server/search-document.server";
import { createLocalStorage } from "~/server/storage/local.server";
import { generateDemoData, type DemoPerformer } from "./demo-data/generate";
import { seedDemo } from "./demo-data/seed";
import { createScratchDatabase, percentile } from "./lib/bench";
import { QUERIES, type Judged, type JudgedQuery } from "./search-relevance/queries";
import { addSyntheticProfiles } from "./search-relevance/synthetic";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SCRATCH_DB = "cc_bench_search";
const SYNTHETIC_PROFILES = 100_000;
const TARGET_RECALL = 0.9;
const TARGET_P95_MS = 50;
const MIN_QUERIES = 60;

const { values: args } = parseArgs({
  options: {
    pg: { type: "boolean", default: false },
    "no-timing": { type: "boolean", default: false },
    runs: { type: "string", default: "5" },
    verbose: { type: "boolean", default: false },
  },
});
const RUNS = Math.max(1, Number.parseInt(args.runs ?? "5", 10) || 5);

function judged(p: DemoPerformer): Judged {
  const { displayName, bio, characters, city, state, latitude, longitude, travelRadius } = p.profile;
  return { displayName, bio, characters, categories: p.categories, city, state, latitude, longitude, travelRadius };
}

const search = (db: Db, q: string, page = 1) =>
  searchProfiles(db, parseSearchInput(new URL(`http://bench.local/search?q=${encodeURIComponent(q)}&page=${page}`)), { pageSize: PAGE_SIZE });

interface QueryResult {
  query: JudgedQuery;
  relevant: Set<string>;
  outcome: SearchOutcome;
  found: number;
  recall: number | null;
}

interface RelevanceReport {
  engine: string;
  results: QueryResult[];
  judged: QueryResult[];
  zeroResults: QueryResult[];
  meanRecall: number;
}

async function measureRelevance(engine: string, db: Db, performers: DemoPerformer[]): Promise<RelevanceReport> {
  const listed = performers.filter((p) => p.status === "listed");
  const results: QueryResult[] = [];
  for (const query of QUERIES) {
    const relevant = new Set(listed.filter((p) => query.relevant(judged(p))).map((p) => p.profile.id));
    const outcome = await search(db, query.q);
    const found = outcome.hits.filter((h) => relevant.has(h.profile.id)).length;
    const recall = relevant.size === 0 ? null : found / Math.min(relevant.size, PAGE_SIZE);
    results.push({ query, relevant, outcome, found, recall });
  }
  const judgedResults = results.filter((r) => r.recall !== null);
  const zeroResults = judgedResults.filter((r) => r.outcome.total === 0);
  const meanRecall = judgedResults.reduce((sum, r) => sum + (r.recall ?? 0), 0) / Math.max(1, judgedResults.length);
  return { engine, results, judged: judgedResults, zeroResults, meanRecall };
}

function describe(p: DemoPerformer): string {
  const characters = p.profile.characters.length ? ` [${p.profile.characters.join(", ")}]` : "";
  return `${p.profile.displayName} (${p.profile.city}, ${p.profile.state})${characters}`;
}

function printRelevance(report: RelevanceReport, performers: DemoPerformer[]) {
  const byId = new Map(performers.map((p) => [p.profile.id, p]));
  const kinds = [...new Set(QUERIES.map((q) => q.kind))];
  console.log(`\n## Relevance on ${report.engine}: ${report.results.length} queries, ${report.judged.length} with relevant performers in the demo data`);
  const rows = args.verbose ? report.results : report.results.filter((r) => r.recall === null || r.recall < 1 || r.outcome.total === 0);
  console.log(`\n${args.verbose ? "Every query" : "Queries that miss (recall below 1, no result, or nobody relevant in the data)"}:`);
  console.log("| query | kind | relevant | results | relevant on p.1 | recall@p.1 | irrelevant on p.1 | read as | examples missed | examples on p.1 not judged relevant |");
  console.log("|---|---|---:|---:|---:|---:|---:|---|---|---|");
  for (const r of rows) {
    const onPage = new Set(r.outcome.hits.map((h) => h.profile.id));
    const missed = [...r.relevant].filter((id) => !onPage.has(id)).slice(0, 2).map((id) => describe(byId.get(id)!));
    const irrelevant = r.outcome.hits.length - r.found;
    const wrong = r.outcome.hits.filter((h) => !r.relevant.has(h.profile.id)).slice(0, 2).map((h) => describe(byId.get(h.profile.id)!));
    const readAs = [
      r.outcome.correctedQuery ? `corrected to "${r.outcome.correctedQuery}"` : "",
      r.outcome.place ? `place ${r.outcome.place.kind === "city" ? `${r.outcome.place.city}, ${r.outcome.place.state}` : r.outcome.place.name}` : "",
      r.outcome.zip ? `ZIP ${r.outcome.zip.code}` : "",
      r.outcome.closest ? "closest" : "",
      r.outcome.expansions.length ? `expanded: ${r.outcome.expansions.map((e) => e.label).join(", ")}` : "",
    ]
      .filter(Boolean)
      .join("; ");
    console.log(
      `| ${r.query.q} | ${r.query.kind} | ${r.relevant.size} | ${r.outcome.total} | ${r.found} | ${r.recall === null ? "n/a" : r.recall.toFixed(2)} | ${irrelevant} | ${readAs} | ${missed.join("; ")} | ${wrong.join("; ")} |`,
    );
  }
  console.log("\nBy kind:");
  console.log("| kind | queries | zero-result | mean recall@p.1 |");
  console.log("|---|---:|---:|---:|");
  for (const kind of kinds) {
    const of = report.judged.filter((r) => r.query.kind === kind);
    const mean = of.reduce((s, r) => s + (r.recall ?? 0), 0) / Math.max(1, of.length);
    console.log(`| ${kind} | ${of.length} | ${of.filter((r) => r.outcome.total === 0).length} | ${mean.toFixed(3)} |`);
  }
  const zeroRate = report.zeroResults.length / Math.max(1, report.judged.length);
  console.log(
    `\nZero-result rate: ${(zeroRate * 100).toFixed(1)}% (${report.zeroResults.length} of ${report.judged.length})${report.zeroResults.length ? `: ${report.zeroResults.map((r) => `"${r.query.q}"`).join(", ")}` : ""}   target 0`,
  );
  console.log(`Recall in the first page (${PAGE_SIZE} per page), mean: ${report.meanRecall.toFixed(3)}   target >= ${TARGET_RECALL}`);
}

/** Seeds the demo data set (pictures included, as `npm run seed:demo` does) and returns its performers. */
async function seedDemoInto(database: Database, mediaDir: string, now: Date): Promise<DemoPerformer[]> {
  const started = Date.now();
  await seedDemo(database.db, createLocalStorage(mediaDir), { now });
  console.log(`  demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return generateDemoData({ now }).performers;
}

type Suggest = (db: Db, q: string) => Promise<unknown>;

/** The suggestion function, once app/server/search/suggest.server.ts exists (built by another piece of work). */
async function loadSuggest(): Promise<{ name: string; run: Suggest } | null> {
  const file = path.resolve("app/server/search/suggest.server.ts");
  if (!fs.existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  const name = ["suggest", "suggestSearch", "searchSuggestions", "loadSuggestions", "suggestions"].find((n) => typeof mod[n] === "function");
  if (!name) return null;
  const fn = mod[name] as (db: Db, q: string | { q: string }) => Promise<unknown>;
  // It takes the typed text, or an object holding it.
  const run: Suggest = async (db, q) => {
    try {
      return await fn(db, q);
    } catch {
      return await fn(db, { q });
    }
  };
  return { name, run };
}

/** What a visitor types on the way to a query: every prefix of 2+ letters ("pr", "pri", "prin"...). */
function prefixesOf(q: string): string[] {
  const out: string[] = [];
  for (let i = 2; i <= q.length; i++) out.push(q.slice(0, i));
  return out;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function summarise(label: string, timings: Map<string, number[]>) {
  const everything = [...timings.values()].flat().sort((a, b) => a - b);
  const p50 = percentile(everything, 50);
  const p95 = percentile(everything, 95);
  console.log(`\n${label}: ${everything.length} calls, p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${everything.at(-1)!.toFixed(1)} ms   target p95 <= ${TARGET_P95_MS} ms`);
  const slowest = [...timings.entries()]
    .map(([q, t]) => ({ q, p95: percentile([...t].sort((a, b) => a - b), 95) }))
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, 8);
  console.log(`  slowest: ${slowest.map((s) => `"${s.q}" ${s.p95.toFixed(1)} ms`).join(", ")}`);
  return p95;
}

async function main() {
  if (QUERIES.length < MIN_QUERIES) throw new Error(`the query list needs at least ${MIN_QUERIES} queries, has ${QUERIES.length}`);
  const now = new Date();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-bench-search-"));
  const reports: RelevanceReport[] = [];
  let performers: DemoPerformer[] = [];
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | null = null;
  let searchP95: number | null = null;
  let suggestP95: number | null = null;
  let suggestName: string | null = null;
  try {
    console.log("PGlite: seeding the demo data set...");
    const pglite = await openDatabase({ pglite: await createPglite(), migrate: true });
    try {
      performers = await seedDemoInto(pglite, path.join(mediaDir, "pglite"), now);
      reports.push(await measureRelevance("PGlite", pglite.db, performers));
    } finally {
      await pglite.close();
    }

    const needsPostgres = args.pg || !args["no-timing"];
    if (needsPostgres) {
      try {
        scratch = await createScratchDatabase(ADMIN_URL, SCRATCH_DB);
      } catch (error) {
        console.log(`\nPostgreSQL is not reachable at ${ADMIN_URL} (${(error as Error).message}): skipping what needs it.`);
      }
    }
    if (scratch) {
      const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 4 });
      const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
      try {
        if (args.pg) {
          console.log("\nPostgreSQL: seeding the demo data set...");
          await seedDemoInto(database, path.join(mediaDir, "postgres"), now);
          reports.push(await measureRelevance("PostgreSQL", database.db, performers));
        }
        if (!args["no-timing"]) {
          const started = Date.now();
          for (let from = 1; from <= SYNTHETIC_PROFILES; from += 20_000) await addSyntheticProfiles(pool, from, Math.min(SYNTHETIC_PROFILES, from + 19_999));
          await refreshAllSearchDocuments(database.db);
          await pool.query("vacuum analyze");
          console.log(`\nPostgreSQL: ${SYNTHETIC_PROFILES.toLocaleString("en-US")} synthetic profiles ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

          // Warm up once per query, then RUNS rounds over the whole list (interleaved, as real traffic is).
          for (const { q } of QUERIES) await search(database.db, q);
          const timings = new Map<string, number[]>();
          for (let round = 0; round < RUNS; round++) {
            for (const { q } of QUERIES) timings.set(q, [...(timings.get(q) ?? []), await time(() => search(database.db, q))]);
          }
          searchP95 = summarise(`Search (searchProfiles, page 1) at ${SYNTHETIC_PROFILES.toLocaleString("en-US")} profiles`, timings);

          const suggest = await loadSuggest();
          if (!suggest) {
            console.log("\nSuggestions: app/server/search/suggest.server.ts is not there yet (or exports no suggest function); not timed.");
          } else {
            suggestName = suggest.name;
            const typed = [...new Set(QUERIES.flatMap(({ q }) => prefixesOf(q)))];
            for (const q of typed) await suggest.run(database.db, q);
            const suggestTimings = new Map<string, number[]>();
            for (let round = 0; round < RUNS; round++) {
              for (const q of typed) suggestTimings.set(q, [...(suggestTimings.get(q) ?? []), await time(() => suggest.run(database.db, q))]);
            }
            suggestP95 = summarise(`Suggestions (${suggest.name}, every prefix of the queries) at ${SYNTHETIC_PROFILES.toLocaleString("en-US")} profiles`, suggestTimings);
          }
        }
      } finally {
        await pool.end();
        await database.close();
      }
    }
  } finally {
    if (scratch && !process.env.BENCH_KEEP) await scratch.drop();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  }

  for (const report of reports) printRelevance(report, performers);

  console.log("\n## Summary");
  let failed = 0;
  for (const report of reports) {
    const zeroOk = report.zeroResults.length === 0;
    const recallOk = report.meanRecall >= TARGET_RECALL;
    if (!zeroOk || !recallOk) failed++;
    console.log(
      `${report.engine}: zero-result rate ${((report.zeroResults.length / Math.max(1, report.judged.length)) * 100).toFixed(1)}% ${zeroOk ? "ok" : "MISSED"}, recall@page1 ${report.meanRecall.toFixed(3)} ${recallOk ? "ok" : "MISSED"}`,
    );
  }
  if (searchP95 !== null) {
    if (searchP95 > TARGET_P95_MS) failed++;
    console.log(`search p95 at 100k: ${searchP95.toFixed(1)} ms ${searchP95 <= TARGET_P95_MS ? "ok" : "MISSED"}`);
  }
  if (suggestP95 !== null) {
    if (suggestP95 > TARGET_P95_MS) failed++;
    console.log(`suggestions (${suggestName}) p95 at 100k: ${suggestP95.toFixed(1)} ms ${suggestP95 <= TARGET_P95_MS ? "ok" : "MISSED"}`);
  } else if (!args["no-timing"]) {
    console.log("suggestions: not timed (no suggestion endpoint yet)");
  }
  console.log(failed ? `\n${failed} target(s) missed.` : "\nEvery target met.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
