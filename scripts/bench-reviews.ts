// `npm run bench:reviews`: what verified reviews cost a profile page, on PostgreSQL.
//
// The profile page's loader's reads (those of app/routes/profile.tsx, in the same order, on the app's
// services; the route module itself needs the build's environment) for a performer with no
// reviews (today's profile) and for one with 200 published reviews, among --others performers with
// 40 reviews each, so the reviews table is not trivially small. The loader reads the count and
// average off the profile row (kept by the writes) and one page of ten reviews off the partial index
// on (profile, publish time, id); pages 1 and 20 are timed. Also prints the page query's plan.
//
// Needs a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// used only to create and drop the `cc_bench_reviews` database).
import { parseArgs } from "node:util";
import pg from "pg";
import pino from "pino";
import { openDatabase } from "~/server/db/client.server";
import { loadConfig } from "~/server/platform/config.server";
import { createServices } from "~/server/platform/services.server";
import { getPublicProfile } from "~/server/directory/directory.server";
import { similarPerformers } from "~/server/directory/similar-performers.server";
import { partyDateLabels } from "~/server/inquiries/party-date.server";
import { refreshReviewFigures } from "~/server/reviews/figures.server";
import { hasReviewSection, reviewsPage } from "~/server/reviews/public.server";
import type { AppServices } from "~/server/platform/services.server";
import { createScratchDatabase, percentile } from "./lib/bench";
import { parseOrExit, wholeNumberOption } from "./lib/command-line";

const USAGE = `Usage: npm run bench:reviews -- [--others N] [--runs N] [--keep]

  --others N  other performers with 40 reviews each (default 2000)
  --runs N    timed loads per case (default 300)
  --keep      leave the cc_bench_reviews database in place afterwards
  --help      this text`;

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PUBLIC_URL = "http://localhost:3000";

/** What app/routes/profile.tsx's loader reads for a public profile. */
async function loadProfile(services: AppServices, id: string, page: number) {
  const profile = await getPublicProfile(services.db, id);
  if (!profile) throw new Error(`${id} is not public`);
  const [similar, dated, reviews] = await Promise.all([
    similarPerformers(services.db, profile),
    partyDateLabels(services.db, [id], null),
    reviewsPage(services.db, id, services.config.siteName, page, profile.reviewFigures?.count),
  ]);
  return { profile, similar, dated, reviews: hasReviewSection(profile, reviews) ? reviews : null };
}

const options = parseOrExit(
  () =>
    parseArgs({
      options: {
        others: { type: "string", default: "2000" },
        runs: { type: "string", default: "300" },
        keep: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }).values,
  USAGE,
);
const OTHERS = wholeNumberOption(options.others, "others", USAGE, 0);
const RUNS = wholeNumberOption(options.runs, "runs", USAGE, 10);

/** Listed performers bench-0 (no reviews), bench-1 (200 reviews) and bench-2.. (40 each), with SQL only. */
async function seed(pool: pg.Pool) {
  const count = OTHERS + 2;
  await pool.query(
    `insert into "user" (id, name, email, email_verified)
     select 'bench-' || i, 'Bench ' || i, 'bench' || i || '@example.com', true from generate_series(0, $1::int - 1) i`,
    [count],
  );
  await pool.query(
    `insert into profiles (id, display_name, bio, state, city, is_active, payment_status, payment_expiry)
     select 'bench-' || i, 'Bench Performer ' || i, 'A friendly performer for birthday parties and school events, with games and photos.',
            'TX', 'Austin', true, 'paid', current_date + 200 from generate_series(0, $1::int - 1) i`,
    [count],
  );
  // One inquiry, question and published review per party: 200 for bench-1, 40 for each other.
  await pool.query(`
    with parties as (
      select 'bench-' || p as profile_id, n
      from generate_series(1, $1::int + 1) p
      cross join lateral generate_series(1, case when p = 1 then 200 else 40 end) n
    ), inquiries as (
      insert into contact_messages (profile_id, sender_name, sender_email, phone_number, city, state, zip, message, event_date, created_at)
      select profile_id, 'Parent ' || n || ' Person', 'parent' || n || '@example.com', '512-555-0100', 'Austin', 'TX', '78701',
             'Could you come to our party?', current_date - (n % 300) - 1, now() - make_interval(days => (n % 300) + 20)
      from parties
      returning id, profile_id, event_date
    ), requests as (
      insert into review_requests (inquiry_id, profile_id, parent_email, parent_name, party_on, token_hash, asked_at, expires_at, parent_answer, answered_at, performer_answer)
      select id, profile_id, 'parent@example.com', 'Parent Person', event_date, md5(id::text), now() - interval '10 days', now() + interval '20 days', 'booked', now() - interval '9 days', 'booked'
      from inquiries
      returning id, profile_id
    )
    insert into reviews (request_id, profile_id, author_name, party_on, asked_on, rating, body, status, publish_after, published_at)
    select r.id, r.profile_id, 'Parent P.', current_date - 30, current_date - 29, 3 + (random() * 2)::int,
           'The performer was wonderful with the kids, stayed for photos and made the party one to remember.',
           'published', now() - interval '9 days', now() - make_interval(secs => random() * 86400 * 300)
    from requests r
  `, [OTHERS]);
  await pool.query("vacuum analyze");
}

async function main() {
  const scratch = await createScratchDatabase(ADMIN_URL, "cc_bench_reviews");
  const logger = pino({ level: "silent" });
  const database = await openDatabase({ databaseUrl: scratch.url });
  const pool = new pg.Pool({ connectionString: scratch.url });
  try {
    console.log(`Seeding ${OTHERS.toLocaleString("en-US")} performers with 40 reviews, one with 200 and one with none...`);
    await seed(pool);
    const config = loadConfig({ NODE_ENV: "production", DATABASE_URL: scratch.url, BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1", PAYMENTS: "demo", PUBLIC_URL, LOG_LEVEL: "silent", JOBS: "off" });
    const services = await createServices(config, logger, database);
    for (const id of ["bench-0", "bench-1"]) await refreshReviewFigures(services.db, id);
    const { rows } = await pool.query("select count(*)::int as n from reviews");
    console.log(`reviews: ${rows[0].n.toLocaleString("en-US")}`);

    const time = async (label: string, id: string, page: number) => {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 20; i++) {
        const start = performance.now();
        await loadProfile(services, id, page);
        if (i >= 20) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(2)} ms   p95 ${percentile(times, 95).toFixed(2)} ms`);
    };
    console.log(`\nThe profile page's loader, ${RUNS} loads each:`);
    await time("no reviews (today's profile)", "bench-0", 1);
    await time("200 reviews, first page", "bench-1", 1);
    await time("200 reviews, page 20 (the last)", "bench-1", 20);

    const plan = await pool.query(
      `explain (analyze, buffers, costs off) select id, author_name, rating, body from reviews
       where profile_id = 'bench-1' and status = 'published' order by published_at desc, id desc limit 10`,
    );
    console.log("\nThe first page's query:");
    for (const row of plan.rows) console.log(`  ${row["QUERY PLAN"]}`);
  } finally {
    await pool.end();
    await database.close();
    if (!options.keep) await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
