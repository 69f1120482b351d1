// `npm run bench:suggest`: server time of the search box's suggestions (what
// /search/suggest runs for one request: the in-memory prefix index plus the performer-name queries)
// on PostgreSQL with 100,000 generated profiles. Target: p95 well under 50 ms. Also prints the
// plans of the performer-name queries, so a lost index shows as a sequential scan.
//
// Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// used only to create and drop the `cc_bench_suggest` database). BENCH_PROFILES and BENCH_RUNS
// change the size and the number of timed calls per query.
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { openDatabase, type Db } from "~/server/db/client.server";
import { schema } from "~/server/db/schema";
import { matchPerformers, suggest } from "~/server/search/suggest.server";
import { createScratchDatabase, percentile } from "./lib/bench";
import { addSyntheticProfiles, type SyntheticProfileOptions } from "./lib/synthetic-profiles";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "cc_bench_suggest";
const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 10;

/** What people type, from the first letters on: characters, places, performers' names, nothing, odd input. */
const QUERIES = ["sp", "spid", "prin", "pri", "sa", "captain", "captain p", "mid", "midnight dr", "orla", "new y", "star", "dra", "hero", "tex", "zzqx", "100%", "a_b", "o'", "x".repeat(60)];

/** Names (about half with a third word) and cities: what the suggestions read. Public in bench:directory's proportions. */
const SYNTHETIC: SyntheticProfileOptions = { prefix: "bench", bio: "brief", surnames: true };

const ms = (value: number) => value.toFixed(2).padStart(7);

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL, BENCH_DB);
  const database = await openDatabase({ databaseUrl: scratch.url, poolMax: 4 });
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  try {
    const started = Date.now();
    await addSyntheticProfiles(pool, { from: 1, to: PROFILES, chunk: 20_000 }, SYNTHETIC);
    await pool.query("vacuum analyze");
    const [{ visible }] = (
      await pool.query(
        `select count(*)::int as visible from profiles where is_active and payment_status = 'paid' and display_name is not null and payment_expiry >= current_date`,
      )
    ).rows as { visible: number }[];
    console.log(`${PROFILES.toLocaleString("en-US")} profiles (${visible.toLocaleString("en-US")} public) ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const firstCall = performance.now();
    await suggest(database.db, "warm");
    console.log(`first call (builds the in-memory prefix index): ${(performance.now() - firstCall).toFixed(1)} ms\n`);

    const all: number[] = [];
    console.log(`| query | suggestions | p50 ms | p95 ms |\n|---|---:|---:|---:|`);
    for (const q of QUERIES) {
      for (let i = 0; i < WARMUP; i++) await suggest(database.db, q);
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        count = (await suggest(database.db, q)).suggestions.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      console.log(`| ${JSON.stringify(q).slice(0, 24)} | ${count} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} |`);
    }
    all.sort((a, b) => a - b);
    console.log(
      `\nAll ${all.length} calls: median ${percentile(all, 50).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms, max ${all[all.length - 1].toFixed(2)} ms`,
    );

    // The plans of the name queries, for a prefix that many names share and one only inside names.
    const captured: { sql: string; params: unknown[] }[] = [];
    const logged = drizzle(pool, { schema, logger: { logQuery: (sql, params) => captured.push({ sql, params }) } }) as unknown as Db;
    for (const q of ["captain", "prin"]) await matchPerformers(logged, q, 3);
    let seqScans = 0;
    for (const { sql, params } of captured) {
      const plan = ((await pool.query(`explain (analyze, costs off, timing off, summary on) ${sql}`, params)).rows as { "QUERY PLAN": string }[]).map(
        (r) => r["QUERY PLAN"],
      );
      console.log(`\n-- ${sql.replace(/\s+/g, " ").slice(0, 140)}... ${JSON.stringify(params.slice(1))}`);
      for (const line of plan) console.log(`   ${line}`);
      if (plan.some((line) => /Seq Scan on profiles\b/.test(line))) seqScans++;
    }
    console.log(seqScans ? `\n${seqScans} name query(ies) read profiles with a sequential scan.` : "\nNo name query reads profiles with a sequential scan.");
  } finally {
    await pool.end();
    await database.close();
    if (!process.env.BENCH_KEEP) await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
