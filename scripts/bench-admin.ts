// `npm run bench:admin`: server time of the admin dashboard (/admin) with 100,000 profiles, on PGlite
// and on PostgreSQL. Generates 100,000 performers (accounts, profiles, categories, images), 50,000
// inquiries, 2,000 free-listing applications and 300 audit rows with set-based SQL, signs an admin
// in, and times each view of the page: what the route's loader does for that URL, called as React
// Router calls it, with the admin's session cookie. Prints median, p95 and max per view.
//
// One profile in fifty lists a trademarked character, which each page's rows flag. PGlite lives in a temporary folder. PostgreSQL gets a scratch database `bench_admin_<pid>` on the
// server of BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), dropped after.
// Options: `--engine pglite|postgres` (default both), `--runs N` (default 30, after 5 warm-up loads),
// `--explain` (PostgreSQL: EXPLAIN ANALYZE of every query one load of each view sends). BENCH_KEEP=1
// keeps the database (or the PGlite folder) afterwards.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { loader } from "~/routes/admin";
import { grantAdmin } from "~/server/auth/accounts.server";
import { openDatabase, type Database, type Db } from "~/server/db/client.server";
import { schema } from "~/server/db/schema";
import { rowsOf } from "~/server/search/rows.server";
import type { AppServices } from "~/server/platform/services.server";
import { call, createAccount, getRequest, sessionCookie, testServices } from "../tests/server/accounts-fixtures";
import { createScratchDatabase, percentile, type ScratchDatabase } from "./lib/bench";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = `bench_admin_${process.pid}`;
const PROFILES = 100_000;
const MESSAGES = 50_000;
const REQUESTS = 2_000;
const AUDIT_ROWS = 300;
const WARMUP = 5;
const ADMIN_EMAIL = "bench-admin@example.com";

const { values: args } = parseArgs({
  options: {
    engine: { type: "string", default: "both" },
    runs: { type: "string", default: process.env.BENCH_RUNS ?? "30" },
    explain: { type: "boolean", default: false },
  },
  strict: true,
});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 1_000) {
  console.error("--runs must be a whole number from 1 to 1000");
  process.exit(2);
}
if (!["both", "pglite", "postgres"].includes(args.engine)) {
  console.error("--engine must be pglite, postgres or both");
  process.exit(2);
}

const FIRST = ["Captain", "Lady", "Sir", "Starlight", "Shadow", "Crimson", "Lunar", "Thunder", "Velvet", "Mystic", "Golden", "Iron", "Frost", "Ember", "Silver", "Cosmic", "Sunny", "Midnight", "Royal", "Wild"];
const SECOND = ["Princess", "Knight", "Ranger", "Phantom", "Wizard", "Pirate", "Guardian", "Fairy", "Ninja", "Robot", "Dragon", "Mermaid", "Jester", "Hero", "Sorceress", "Samurai", "Bandit", "Pixie", "Titan", "Comet"];
const CATEGORY_LIST = ["Hero", "Villain", "Cosplay", "Furry", "Anime/Manga", "Video Game Character", "Comic Book Character", "Fantasy", "Sci-Fi", "Historical/Fantasy Crossover", "Kids' Parties Only", "18+ Events Only", "Custom Characters", "Group/Crew Performer", "Mascot Style"];
const PLACES = [["TX", "Austin", "78701"], ["CA", "Los Angeles", "90012"], ["FL", "Orlando", "32801"], ["NY", "New York", "10001"], ["IL", "Chicago", "60601"], ["WA", "Seattle", "98101"], ["GA", "Atlanta", "30303"], ["CO", "Denver", "80202"]];
// Characters as performers write them; one profile in fifty names a trademark (flagged on the admin's rows).
const CHARACTERS = ["Ice Queen", "Web-Slinging Hero", "Pirate Captain", "Friendly T. rex", "Mermaid Princess", "Space Ranger", "Brave Knight", "Rainbow Unicorn"];
const TRADEMARKED = ["Elsa", "Spider-Man", "Batman", "Snow White", "Captain Jack Sparrow", "Pikachu"];
const ACTIONS = ["request.approve", "request.reject", "message.read", "message.delete", "profile.activate", "profile.deactivate"];

function sqlText(value: string) {
  return `'${value.replace(/'/g, "''")}'`;
}
function arrayLiteral(values: string[]) {
  return `array[${values.map(sqlText).join(", ")}]::text[]`;
}
/** A pick from `values` by a random() evaluated per row. */
function pick(values: string[]) {
  return `(${arrayLiteral(values)})[1 + floor(random() * ${values.length})::int]`;
}

/** Fills an empty, migrated database. Every statement is one INSERT ... SELECT over generate_series. */
async function seed(db: Db) {
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run("select setseed(0.42)");
  // Created over two years, oldest first, as a growing site inserts them; user and profile share the moment.
  const createdAt = (n: string, total: number) => `now() - interval '730 days' * (1 - ${n}::float8 / ${total})`;
  // State, city and ZIP as one "TX|Austin|78701" pick, split where used.
  const place = `(${arrayLiteral(PLACES.map((p) => p.join("|")))})[1 + floor(random() * ${PLACES.length})::int]`;
  // In slices, so that PGlite's memory stays small; each slice is still one statement per table.
  const SLICE = 25_000;
  for (let from = 1; from <= PROFILES; from += SLICE) {
    const to = Math.min(PROFILES, from + SLICE - 1);
    await run(
      `insert into "user" (id, name, email, email_verified, created_at, updated_at)
       select 'perf-' || i, 'Performer ' || i, 'performer' || i || '@example.com', true, ${createdAt("i", PROFILES)}, ${createdAt("i", PROFILES)}
       from generate_series(${from}, ${to}) i`,
    );
    await run(
      `insert into profiles (id, display_name, bio, state, city, contact_email, is_active, payment_status, payment_expiry,
                             characters, search_text, created_at, updated_at)
       select 'perf-' || i, name, bio, split_part(place, '|', 1), split_part(place, '|', 2),
              case when r1 < 0.9 then 'booking' || i || '@contact.example.net' end,
              r2 >= 0.07,
              case when r3 < 0.6 then 'paid' when r3 < 0.9 then 'pending' else 'expired' end,
              case when r3 < 0.55 then current_date + 1 + floor(random() * 365)::int
                   when r3 < 0.6 then current_date - 1 - floor(random() * 60)::int
                   when r3 < 0.9 then null else current_date - 30 - floor(random() * 300)::int end,
              characters,
              concat_ws(' ', name, array_to_string(characters, ' '), bio, split_part(place, '|', 2), split_part(place, '|', 1)),
              ${createdAt("i", PROFILES)}, ${createdAt("i", PROFILES)}
       from (select i, random() r1, random() r2, random() r3, ${place} as place,
                    array[${pick(CHARACTERS)}, case when random() < 0.02 then ${pick(TRADEMARKED)} else ${pick(CHARACTERS)} end] as characters,
                    case when random() < 0.03 then null else ${pick(FIRST)} || ' ' || ${pick(SECOND)} end as name,
                    'Costumed characters for birthday parties, schools and conventions. Performer number ' || i ||
                    ', with a show tailored to your guests, photos with everyone and a little magic.' as bio
             from generate_series(${from}, ${to}) i) g`,
    );
    await run(
      `insert into profile_categories (profile_id, category)
       select distinct 'perf-' || i, ${pick(CATEGORY_LIST)}
       from generate_series(${from}, ${to}) i cross join lateral generate_series(1, 1 + i % 3) n`,
    );
    // Four in five performers have photos, one to three each.
    await run(
      `insert into profile_images (profile_id, image_url, storage_key, position, width, height, variants)
       select 'perf-' || i, '/media/perf/' || i || '-' || n || '.webp', 'perf/' || i || '-' || n || '.webp', n - 1, 640, 800, '[]'::jsonb
       from generate_series(${from}, ${to}) i, generate_series(1, 1 + i % 3) n
       where i % 5 <> 0`,
    );
  }
  await run(
    `insert into contact_messages (profile_id, sender_name, sender_email, phone_number, city, state, zip, message, event_type,
                                   event_date, is_read, created_at)
     select 'perf-' || (1 + floor(random() * ${PROFILES}))::int, 'Parent ' || i, 'parent' || i || '@mail.example.org', '512-555-0100',
            split_part(p, '|', 2), split_part(p, '|', 1), split_part(p, '|', 3),
            'Hello! Could you come to our party? We would love a visit from your character. Thanks, parent ' || i,
            array['Birthday Party'], current_date + (i % 120), random() < 0.7, ${createdAt("i", MESSAGES)}
     from (select i, ${place} p from generate_series(1, ${MESSAGES}) i) g`,
  );
  await run(
    `insert into free_listing_requests (full_name, email, city, state, experience, paid_events, bio, travel, status, created_at)
     select 'Applicant ' || i, 'applicant' || i || '@example.org', split_part(p, '|', 2), split_part(p, '|', 1),
            ${pick(["0-1", "1-3", "3+"])}, ${pick(["yes", "no"])},
            'I have performed at birthday parties and festivals for years and would love to join.', ${pick(["yes", "no", "depends"])},
            case when i % 10 < 3 then 'pending' when i % 10 < 8 then 'approved' else 'rejected' end, ${createdAt("i", REQUESTS)}
     from (select i, ${place} p from generate_series(1, ${REQUESTS}) i) g`,
  );
}

/** The audit rows need the admin's account, which better-auth creates after the bulk seed. */
async function seedAudit(db: Db, adminId: string) {
  await db.execute(
    sql.raw(
      `insert into admin_audit_log (admin_id, action, target_type, target_id, created_at)
       select ${sqlText(adminId)}, a, case when a like 'request.%' then 'free_listing_request' when a like 'message.%' then 'contact_message' else 'profile' end,
              'target-' || i, now() - interval '1 hour' * i
       from (select i, ${pick(ACTIONS)} a from generate_series(1, ${AUDIT_ROWS}) i) g`,
    ),
  );
}

interface View {
  label: string;
  url: string;
}

async function views(db: Db): Promise<View[]> {
  // The detail views open rows a little way down the newest ones, as an admin clicking through would.
  const [message] = rowsOf<{ id: string }>(await db.execute(sql`select id from contact_messages order by created_at desc offset 40 limit 1`));
  const [request] = rowsOf<{ id: string }>(
    await db.execute(sql`select id from free_listing_requests where status = 'pending' order by created_at desc offset 10 limit 1`),
  );
  return [
    { label: "requests (default)", url: "/admin" },
    { label: "requests, detail", url: `/admin?tab=requests&view=${request.id}` },
    { label: "messages", url: "/admin?tab=messages" },
    { label: "messages, unread", url: "/admin?tab=messages&status=unread" },
    { label: "messages, detail", url: `/admin?tab=messages&view=${message.id}` },
    { label: "profiles page 1", url: "/admin?tab=profiles" },
    { label: "profiles status=paid", url: "/admin?tab=profiles&status=paid" },
    { label: "profiles q=name fragment", url: "/admin?tab=profiles&q=velvet%20pir" },
    { label: "profiles q=email fragment", url: "/admin?tab=profiles&q=performer4217" },
    { label: "profiles page 2000", url: "/admin?tab=profiles&page=2000" },
  ];
}

type Load = (url: string) => Promise<void>;

/** Calls the route's loader as React Router does, failing on anything but a 200 (a redirect means the guard or the page number sent it away). */
function loaderLoad(services: AppServices, cookie: string): Load {
  return async (url) => {
    const answer = await call(loader, getRequest(url, cookie), services);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} ${answer.location ?? ""}`);
  };
}

interface Row {
  label: string;
  times: number[];
}

async function timeViews(load: Load, list: View[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const view of list) {
    for (let i = 0; i < WARMUP; i++) await load(view.url);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await load(view.url);
      times.push(performance.now() - started);
    }
    rows.push({ label: view.label, times: times.sort((a, b) => a - b) });
  }
  return rows;
}

function printTable(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log("| view | median | p95 | max |");
  console.log("|---|---:|---:|---:|");
  for (const { label, times } of rows) {
    const ms = (n: number) => n.toFixed(1);
    console.log(`| ${label} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 95))} | ${ms(times[times.length - 1])} |`);
  }
}

interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** EXPLAIN ANALYZE of every query one load of each view sends, through a logging connection. */
async function explain(url: string, list: View[], loadOn: (db: Db) => Load) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  let captured: CapturedQuery[] = [];
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ sql: query, params }) } }) as unknown as Db;
  try {
    const load = loadOn(db);
    for (const view of list) {
      captured = [];
      await load(view.url);
      console.log(`\n### ${view.label}  (${view.url})`);
      for (const query of captured) {
        // better-auth's session reads and drizzle's transaction statements are not the dashboard's.
        if (/^\s*(begin|commit|rollback|select set_config)/i.test(query.sql)) continue;
        const result = await pool.query(`explain (analyze, buffers off, costs off, summary on) ${query.sql}`, query.params);
        const plan = (result.rows as { "QUERY PLAN": string }[]).map((r) => r["QUERY PLAN"]);
        const head = query.sql.replace(/\s+/g, " ");
        console.log(`-- ${head.slice(0, 140)}${head.length > 140 ? "..." : ""}`);
        console.log(plan.map((line) => `   ${line}`).join("\n"));
      }
    }
  } finally {
    await pool.end();
  }
}

async function bench(engine: "pglite" | "postgres") {
  let scratch: ScratchDatabase | null = null;
  let dataDir: string | null = null;
  let database: Database;
  if (engine === "postgres") {
    scratch = await createScratchDatabase(ADMIN_URL, BENCH_DB);
    database = await openDatabase({ databaseUrl: scratch.url, poolMax: 10 });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-bench-admin-"));
    database = await openDatabase({ dataDir });
  }
  let services: AppServices | null = null;
  try {
    const started = Date.now();
    await seed(database.db);
    services = await testServices({ ...database, engine });
    const adminId = await createAccount(services, ADMIN_EMAIL);
    if ((await grantAdmin(database.db, ADMIN_EMAIL)) !== "granted") throw new Error("could not make the bench account an admin");
    await seedAudit(database.db, adminId);
    // PostgreSQL's autovacuum would have vacuumed tables this size by now (the visibility map lets
    // index-only scans skip the table). PGlite is a standalone backend with no autovacuum, so its
    // tables stay as written: statistics only, as an embedded deployment has them.
    await database.db.execute(sql.raw(engine === "postgres" ? "vacuum analyze" : "analyze"));
    const cookie = await sessionCookie(services, ADMIN_EMAIL);
    const name = engine === "postgres" ? `PostgreSQL (${BENCH_DB})` : "PGlite (temporary folder)";
    console.log(
      `\n${name}: ${PROFILES.toLocaleString("en-US")} profiles, ${MESSAGES.toLocaleString("en-US")} messages, ` +
        `${REQUESTS.toLocaleString("en-US")} requests, ${AUDIT_ROWS} audit rows ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const list = await views(database.db);
    const ready = services;
    // The loader reads context.db; --explain hands it a logging connection to the same database.
    const loadOn = (db: Db): Load => loaderLoad({ ...ready, db, database: { ...ready.database, db } }, cookie);
    const rows = await timeViews(loadOn(database.db), list);
    printTable(`${name}, the /admin loader with an admin's session: ${RUNS} sequential loads after ${WARMUP} warm-up, milliseconds`, rows);
    if (args.explain && scratch) await explain(scratch.url, list, loadOn);
  } finally {
    await database.close();
    if (services) fs.rmSync(services.config.dataDir, { recursive: true, force: true });
    // BENCH_KEEP=1 leaves the database (and the PGlite folder) for looking at plans by hand.
    if (scratch && !process.env.BENCH_KEEP) await scratch.drop();
    if (dataDir && !process.env.BENCH_KEEP) fs.rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP) console.log(`Kept ${scratch ? scratch.url : dataDir} (BENCH_KEEP)`);
  }
}

async function main() {
  if (args.engine !== "postgres") await bench("pglite");
  if (args.engine !== "pglite") await bench("postgres");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
