// `npm run bench:insights`: what performer insights cost, on PostgreSQL.
//
// 1. Counting a view: server time of POST /insights/count through the route's action (the real
//    handler React Router calls, on the app's services), for a visitor's report that is counted,
//    against a crawler's report the handler refuses before counting (the baseline: the same
//    request parsed and answered), and a signed-in visitor's (whose session is read to leave the
//    owner out). Then the batched writes: the views' flush (a marker per new visitor, and the
//    sums), and what the other runs left.
// 2. profile_daily_stats after a simulated year at --profiles profiles (default 100,000): rows and
//    pg_total_relation_size, and the dashboard's queries (12 weeks, totals) and the renewal
//    reminder's at that size, with their EXPLAIN ANALYZE plans.
//
// Sparsity assumption (a row exists only for a day with at least one count): a fifth of the
// profiles are popular (a row on 80% of days), two fifths ordinary (30% of days), two fifths rarely
// seen (5% of days): about 110 rows per profile per year, 30% of all profile-days. Appearances
// outnumber views about ten to one, and inquiries are rare.
//
// Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// used only to create and drop the `cc_bench_insights` database).
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import pino from "pino";
import * as countRoute from "~/routes/insights.count";
import { loadConfig } from "~/server/platform/config.server";
import { openDatabase, type Db } from "~/server/db/client.server";
import { schema } from "~/server/db/schema";
import { createInsightsCounter } from "~/server/insights/counter.server";
import { loadInsights } from "~/server/insights/dashboard-insights.server";
import { yearNumbers } from "~/server/insights/stats.server";
import { createServices } from "~/server/platform/services.server";
import { createScratchDatabase, percentile } from "./lib/bench";
import { parseOrExit, wholeNumberOption } from "./lib/command-line";

const USAGE = `Usage: npm run bench:insights -- [--profiles N] [--runs N] [--keep]

  --profiles N  profiles in the simulated year (default 100000)
  --runs N      timed requests per kind of report (default 2000)
  --keep        leave the cc_bench_insights database in place afterwards
  --help        this text`;

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "cc_bench_insights";
const BROWSER = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PUBLIC_URL = "http://localhost:3000";

const options = parseOrExit(
  () =>
    parseArgs({
      options: {
        profiles: { type: "string", default: "100000" },
        runs: { type: "string", default: "2000" },
        keep: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }).values,
  USAGE,
);
const PROFILES = wholeNumberOption(options.profiles, "profiles", USAGE, 100);
const RUNS = wholeNumberOption(options.runs, "runs", USAGE, 10);

const ms = (n: number) => `${n.toFixed(3)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function summary(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** Users and public profiles bench-1..bench-N, with SQL only. */
async function generateProfiles(pool: pg.Pool, count: number) {
  await pool.query(
    `insert into "user" (id, name, email, email_verified)
     select 'bench-' || i, 'Bench ' || i, 'bench' || i || '@example.com', true from generate_series(1, $1::int) i`,
    [count],
  );
  await pool.query(
    `insert into profiles (id, display_name, state, city, is_active, payment_status, payment_expiry)
     select 'bench-' || i, 'Bench Performer ' || i, 'TX', 'Austin', true, 'paid', current_date + 200 from generate_series(1, $1::int) i`,
    [count],
  );
}

/** A year of daily rows under the sparsity assumption above, in slices so progress shows. */
async function simulateYear(pool: pg.Pool, count: number) {
  const slice = 10_000;
  await pool.query("select setseed(0.42)");
  for (let from = 1; from <= count; from += slice) {
    const to = Math.min(count, from + slice - 1);
    await pool.query(
      `insert into profile_daily_stats (profile_id, day, views, appearances, inquiries)
       select p.id, d.day,
              floor(random() * p.scale * 4)::int,
              1 + floor(random() * p.scale * 40)::int,
              case when random() < 0.01 * p.scale then 1 else 0 end
       from (select 'bench-' || i as id,
                    case when i % 5 = 0 then 0.8 when i % 10 < 5 then 0.3 else 0.05 end as fill,
                    case when i % 5 = 0 then 3.0 when i % 10 < 5 then 1.0 else 0.3 end as scale
             from generate_series($1::int, $2::int) i) p
       cross join generate_series(0, 364) n
       cross join lateral (select (current_date - n)::date as day) d
       -- "+ 0 * n" ties the coin to the day: a filter naming only p's columns would be evaluated
       -- once per profile, giving each profile every day or none.
       where random() < p.fill + 0 * n`,
      [from, to],
    );
    process.stdout.write(`\r  profiles ${to.toLocaleString("en-US")} / ${count.toLocaleString("en-US")}`);
  }
  process.stdout.write("\n");
  await pool.query("vacuum analyze profile_daily_stats");
}

async function timeCounting(url: string) {
  const logger = pino({ level: "silent" });
  const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: url, BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1", PAYMENTS: "demo", PUBLIC_URL, LOG_LEVEL: "silent", JOBS: "off", INSIGHTS_FLUSH_MS: "600000" });
  const services = await createServices(config, logger, await openDatabase({ databaseUrl: url, migrate: false }));
  try {
    await services.auth.api.signUpEmail({ body: { email: "visitor@example.com", password: "correct-horse-battery", name: "" } });
    const signIn = await services.auth.api.signInEmail({ body: { email: "visitor@example.com", password: "correct-horse-battery" }, returnHeaders: true });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const request = (userAgent: string, body: unknown, withCookie = false) => {
      const headers: Record<string, string> = { "Content-Type": "application/json", Origin: PUBLIC_URL, "User-Agent": userAgent };
      if (withCookie) headers.Cookie = cookie;
      return new Request(`${PUBLIC_URL}/insights/count`, { method: "POST", headers, body: JSON.stringify(body) });
    };
    const run = async (label: string, make: (i: number) => Request, ip: (i: number) => string) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 100; i++) {
        const req = make(i);
        const start = performance.now();
        const answer = await countRoute.action({ request: req, context: { ...services, clientIp: ip(i) }, params: {} } as unknown as Parameters<typeof countRoute.action>[0]);
        const elapsed = performance.now() - start;
        if (answer.status !== 204) throw new Error(`${label}: answered ${answer.status}`);
        if (i >= 100) times.push(elapsed);
      }
      return summary(times);
    };
    const profileOf = (i: number) => `bench-${1 + (i % PROFILES)}`;
    const addr = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const baseline = await run("crawler (refused)", (i) => request(GOOGLEBOT, { view: profileOf(i) }), addr);
    const view = await run("visitor's view (counted)", (i) => request(BROWSER, { view: profileOf(i) }), (i) => addr(i + 1_000_000));
    // The views' batch alone: each a new visitor's marker (rate_limit_hits) and a count.
    const viewFlushStart = performance.now();
    await services.insights.flush();
    const viewFlushMs = performance.now() - viewFlushStart;
    const appearances = await run(
      "a page of 24 appearances (counted)",
      (i) => request(BROWSER, { appearances: Array.from({ length: 24 }, (_, k) => profileOf(i * 24 + k)) }),
      (i) => addr(i + 2_000_000),
    );
    const signedIn = await run("signed-in visitor's view (session read)", (i) => request(BROWSER, { view: profileOf(i) }, true), (i) => addr(i + 3_000_000));

    console.log(`\n## Counting a view: server time of POST /insights/count's handler, ${RUNS} requests each`);
    console.log(`  baseline (a crawler's report, parsed and refused): median ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}`);
    console.log(`  a visitor's view, counted:                       median ${ms(view.p50)}, p95 ${ms(view.p95)}`);
    console.log(`    added by counting: median ${ms(view.p50 - baseline.p50)}, p95 ${ms(view.p95 - baseline.p95)}`);
    console.log(`  a page of 24 appearances, counted:               median ${ms(appearances.p50)}, p95 ${ms(appearances.p95)}`);
    console.log(`  a signed-in visitor's view (session read):       median ${ms(signedIn.p50)}, p95 ${ms(signedIn.p95)}`);

    const viewsCounted = RUNS + 100;
    console.log(`  one flush of the views (${viewsCounted.toLocaleString("en-US")} new visitors' markers and counts, one statement): ${ms(viewFlushMs)}, ${ms(viewFlushMs / viewsCounted)} per count`);
    // What the later runs left pending (the counter also writes early, at 20,000 markers, during the
    // appearances run), written in one statement, as the timer does.
    const flushStart = performance.now();
    await services.insights.flush();
    console.log(`  the flush after the appearances and signed-in runs (what was left pending): ${ms(performance.now() - flushStart)}`);
  } finally {
    await services.insights.stop();
    await services.database.close();
  }
}

interface CapturedQuery {
  sql: string;
  params: unknown[];
}

async function dashboardQueries(pool: pg.Pool) {
  const captured: CapturedQuery[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ sql: query, params }) } }) as unknown as Db;
  // A popular profile (a row on most days), the heaviest case.
  const profileId = "bench-5";
  const times: number[] = [];
  for (let i = 0; i < 220; i++) {
    const start = performance.now();
    await loadInsights(db, profileId);
    if (i >= 20) times.push(performance.now() - start);
  }
  const insights = summary(times);
  const yearTimes: number[] = [];
  for (let i = 0; i < 220; i++) {
    const start = performance.now();
    await yearNumbers(db, profileId, new Date());
    if (i >= 20) yearTimes.push(performance.now() - start);
  }
  const year = summary(yearTimes);
  console.log(`\n## The dashboard's insights at this size (a popular profile, 200 runs)`);
  console.log(`  loadInsights (12 weeks + totals, two queries): median ${ms(insights.p50)}, p95 ${ms(insights.p95)}`);
  console.log(`  yearNumbers (the renewal reminder's):          median ${ms(year.p50)}, p95 ${ms(year.p95)}`);
  const distinct = new Map<string, CapturedQuery>();
  for (const query of captured) distinct.set(query.sql, query);
  for (const query of distinct.values()) {
    const result = await pool.query(`explain (analyze, buffers, costs off) ${query.sql}`, query.params);
    console.log(`\n-- ${query.sql.replace(/\s+/g, " ").slice(0, 140)}...`);
    for (const row of result.rows as { "QUERY PLAN": string }[]) console.log(`   ${row["QUERY PLAN"]}`);
  }
}

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL, BENCH_DB);
  const migrated = await openDatabase({ databaseUrl: scratch.url, migrate: true });
  await migrated.close();
  const pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
  try {
    console.log(`# bench:insights on ${(await pool.query("select version()")).rows[0].version.split(" on ")[0]}`);
    console.log(`Generating ${PROFILES.toLocaleString("en-US")} public profiles...`);
    await generateProfiles(pool, PROFILES);

    await timeCounting(scratch.url);

    console.log(`\nSimulating a year of counts...`);
    const started = performance.now();
    await pool.query("truncate profile_daily_stats");
    await simulateYear(pool, PROFILES);
    console.log(`  done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const size = (
      await pool.query<{ rows: string; total: string; heap: string; indexes: string }>(
        `select (select count(*) from profile_daily_stats) as rows,
                pg_total_relation_size('profile_daily_stats') as total,
                pg_relation_size('profile_daily_stats') as heap,
                pg_indexes_size('profile_daily_stats') as indexes`,
      )
    ).rows[0];
    const rows = Number(size.rows);
    console.log(`\n## profile_daily_stats after a year at ${PROFILES.toLocaleString("en-US")} profiles`);
    console.log(`  rows: ${rows.toLocaleString("en-US")} (${(rows / PROFILES).toFixed(1)} per profile, ${((rows / (PROFILES * 365)) * 100).toFixed(0)}% of profile-days)`);
    console.log(`  pg_total_relation_size: ${mb(Number(size.total))} (table ${mb(Number(size.heap))}, primary key index ${mb(Number(size.indexes))})`);
    console.log(`  per row: ${(Number(size.total) / rows).toFixed(0)} bytes`);

    await dashboardQueries(pool);

    // A flush into the full table: 5,000 (profile, day) counts by one visitor, half new rows, half added to.
    const counter = createInsightsCounter(drizzle(pool, { schema }) as unknown as Db, { flushMs: 600_000, logger: pino({ level: "silent" }) });
    for (let i = 0; i < 5_000; i++) counter.countView(`bench-${1 + ((i * 7) % PROFILES)}`, "bench-visitor");
    const flushStart = performance.now();
    await counter.stop();
    console.log(`\n## One flush of 5,000 profile-day counts (markers and sums) into the full table: ${ms(performance.now() - flushStart)}`);
  } finally {
    await pool.end();
    if (!options.keep) await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
