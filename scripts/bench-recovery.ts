// `npm run bench:recovery [-- --outage-seconds 10] [-- --connections 10] [-- --stall] [-- --restart-command "..."] [-- --page-cache-seconds N]`
//
// What visitors get while PostgreSQL is away, and how soon the site is back. The production server
// (a fresh build in build-bench, or BUILD_DIR; NODE_ENV=production, JOBS on, the demo data set in a
// scratch database `cc_bench_recovery` on BENCH_DATABASE_URL's server, dropped afterwards unless
// BENCH_KEEP) reaches its database through a loopback TCP relay (tests/helpers/pg-relay.ts) that this
// script can cut. Under steady light traffic (--connections visitors, each asking for a page, waiting
// for it, pausing --pause-ms, and so on) it runs two outages:
//   (a) the database cut for --outage-seconds (default 10): open connections dropped, new ones refused;
//   (b) a restart: cut, and back after about 1 s.
// With --stall the relay keeps accepting but forwards nothing (a network partition) instead of refusing.
// With --restart-command "pg_ctlcluster 15 main restart" a real restart command runs instead of both
// relay cuts. It restarts the whole local PostgreSQL server, every database on it and everyone's
// connections included: only on a machine of your own.
//
// The server's page cache is off by default (PAGE_CACHE_SECONDS=0): with it on, a page rendered
// before a 1 s restart is still kept afterwards, and "the first 200 page" would time the cache, not
// the way back. With --page-cache-seconds N it is on, and the answers it served (marked
// X-Page-Cache: hit) are counted apart from rendered ones; "back" is then the first rendered 200.
//
// For each outage: the statuses pages got while the database was away (503 with Retry-After, other
// 5xx, connection errors, answers slower than 5 s, copies from the page cache), whether /readyz said
// 503, the time from the database being back until /readyz says 200 and until the first rendered
// 200 page, and whether the server process stayed up. Targets (PASS/FAIL): during the outage pages
// answer 503 (or a kept copy) rather than fail or hang, the site is back within 5 s of the database,
// the process never exits.
import { execSync } from "node:child_process";
import { parseArgs } from "node:util";
import pg from "pg";
import type { RunningServer } from "../tests/helpers/app-server";
import { startPgRelay, type OutageKind, type PgRelay } from "../tests/helpers/pg-relay";
import { PAGE_CACHE_HEADER } from "~/server/http/page-cache.server";
import { ADMIN_URL, describePageCache, pageCacheSeconds, prepareBuild, seedScratchDatabase, startBenchServer, type SeededDatabase } from "./lib/bench-site";
import { parseOrExit, wholeNumberOption } from "./lib/command-line";

const USAGE = `Usage: npm run bench:recovery -- [--outage-seconds N] [--connections N] [--pause-ms N] [--stall] [--restart-command CMD] [--page-cache-seconds N]
  --outage-seconds N      length of the long outage (default 10)
  --connections N         visitors asking for pages at the same time (default 10)
  --pause-ms N            each visitor's pause between pages (default 100)
  --stall                 the relay swallows traffic (a partition) instead of refusing connections
  --restart-command CMD   run CMD (e.g. "pg_ctlcluster 15 main restart") instead of the relay's cuts;
                          it restarts the whole PostgreSQL server: only on a machine of your own
  --page-cache-seconds N  the server's PAGE_CACHE_SECONDS (default 0: off, every answer rendered);
                          when on, answers served from the cache are counted apart, and the time
                          back is the first rendered page's`;

const BENCH_DB = "cc_bench_recovery";
/** An answer slower than this during an outage counts as a hang. */
const HANG_MS = 5000;
/** The site must be back this soon after the database. */
const BACK_WITHIN_MS = 5000;
/** A request is given up after this long (and counted as a hang). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Quiet traffic before the first outage and between outages. */
const SETTLE_MS = 5000;
/** How long to keep watching for recovery after the database is back. */
const WATCH_AFTER_MS = 20_000;

interface Options {
  outageSeconds: number;
  connections: number;
  pauseMs: number;
  stall: boolean;
  restartCommand: string | null;
  pageCacheSeconds: number;
}

function parseOptions(): Options {
  const values = parseOrExit(
    () =>
      parseArgs({
        options: {
          "outage-seconds": { type: "string", default: "10" },
          connections: { type: "string", default: "10" },
          "pause-ms": { type: "string", default: "100" },
          stall: { type: "boolean", default: false },
          "restart-command": { type: "string" },
          "page-cache-seconds": { type: "string", default: "0" },
          help: { type: "boolean", short: "h", default: false },
        },
      }).values,
    USAGE,
  );
  const whole = (value: string, name: string, min = 1) => wholeNumberOption(value, name, USAGE, min);
  return {
    outageSeconds: whole(values["outage-seconds"], "outage-seconds"),
    connections: whole(values.connections, "connections"),
    pauseMs: whole(values["pause-ms"], "pause-ms", 0),
    stall: values.stall,
    restartCommand: values["restart-command"] ?? null,
    pageCacheSeconds: cacheSeconds(values["page-cache-seconds"]),
  };
}

function cacheSeconds(value: string): number {
  try {
    return pageCacheSeconds(value);
  } catch (error) {
    console.error(`--page-cache-seconds: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- traffic and probes

interface Answer {
  /** When the request was sent and when its answer (or failure) came, ms since the start. */
  sent: number;
  done: number;
  /** HTTP status, or 0 for a failure without one. */
  status: number;
  retryAfter: string | null;
  /** Served from the server's page cache (X-Page-Cache: hit), not rendered for this request. */
  cached: boolean;
  failure: string | null;
}

interface Recorder {
  pages: Answer[];
  ready: Answer[];
  stop(): Promise<void>;
}

const t0 = Date.now();
const now = () => Date.now() - t0;

async function ask(url: string, accept: string): Promise<Answer> {
  const sent = now();
  try {
    const response = await fetch(url, {
      headers: { accept, "accept-encoding": "gzip, br", "user-agent": "cc-bench-recovery" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return {
      sent,
      done: now(),
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      cached: response.headers.get(PAGE_CACHE_HEADER) === "hit",
      failure: null,
    };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    return { sent, done: now(), status: 0, retryAfter: null, cached: false, failure: err.name === "TimeoutError" ? "timeout" : (err.cause?.code ?? err.message) };
  }
}

/** `connections` visitors asking for pages one after another, and a /readyz probe every 200 ms. */
function startTraffic(base: string, pages: string[], options: Options): Recorder {
  const recorder: Recorder = { pages: [], ready: [], stop: async () => undefined };
  let running = true;
  const visitor = async () => {
    while (running) {
      const page = pages[Math.floor(Math.random() * pages.length)];
      recorder.pages.push(await ask(`${base}${page}`, "text/html,application/xhtml+xml,*/*;q=0.8"));
      if (options.pauseMs > 0) await sleep(options.pauseMs);
    }
  };
  const probe = async () => {
    while (running) {
      recorder.ready.push(await ask(`${base}/readyz`, "application/json"));
      await sleep(200);
    }
  };
  const loops = [...Array.from({ length: options.connections }, visitor), probe()];
  recorder.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return recorder;
}

// ---------------------------------------------------------------- one outage

interface OutageReport {
  name: string;
  /** When the database went away and came back, ms since the start. */
  downAt: number;
  backAt: number;
  during: {
    answers: number;
    /** Rendered for the request, 2xx or 3xx. */
    ok: number;
    /** Copies from the page cache, whatever their status. */
    cached: number;
    unavailableWithRetryAfter: number;
    unavailableWithout: number;
    otherServerErrors: Record<string, number>;
    otherStatuses: Record<string, number>;
    connectionFailures: Record<string, number>;
    hangs: number;
    slowest: number;
  };
  readyzSaid503: boolean;
  readyzStatuses: Record<string, number>;
  /** ms from the database being back until /readyz answered 200, and until a rendered page answered 200; null when never seen. */
  readyBackMs: number | null;
  pageBackMs: number | null;
  /** Pages asked for in the watch after the database was back: how many, how many did not get a 200, how many were copies. */
  answeredAfter: number;
  failedAfter: number;
  cachedAfter: number;
  processUp: boolean;
}

function tallyOf(items: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[item] = (out[item] ?? 0) + 1;
  return out;
}

function analyse(name: string, recorder: Recorder, downAt: number, backAt: number, server: RunningServer): OutageReport {
  // Affected by the outage: asked for while the database was away, or still waiting when it went.
  const during = recorder.pages.filter((a) => a.sent < backAt && a.done >= downAt);
  const after = recorder.pages.filter((a) => a.sent >= backAt && a.sent < backAt + WATCH_AFTER_MS);
  const readyDuring = recorder.ready.filter((a) => a.sent >= downAt && a.sent < backAt);
  const firstReady = recorder.ready.find((a) => a.sent >= backAt && a.status === 200);
  // A copy the page cache kept from before the outage says nothing about the way back.
  const firstPage = recorder.pages.find((a) => a.done >= backAt && a.sent >= backAt && a.status === 200 && !a.cached);
  const rendered = during.filter((a) => !a.cached);
  const unavailable = rendered.filter((a) => a.status === 503);
  return {
    name,
    downAt,
    backAt,
    during: {
      answers: during.length,
      ok: rendered.filter((a) => a.status >= 200 && a.status < 400).length,
      cached: during.length - rendered.length,
      unavailableWithRetryAfter: unavailable.filter((a) => a.retryAfter !== null).length,
      unavailableWithout: unavailable.filter((a) => a.retryAfter === null).length,
      otherServerErrors: tallyOf(rendered.filter((a) => a.status >= 500 && a.status !== 503).map((a) => String(a.status))),
      otherStatuses: tallyOf(rendered.filter((a) => a.status > 0 && a.status < 500 && (a.status < 200 || a.status >= 400)).map((a) => String(a.status))),
      connectionFailures: tallyOf(during.filter((a) => a.status === 0).map((a) => a.failure ?? "?")),
      hangs: during.filter((a) => a.done - a.sent > HANG_MS).length,
      slowest: Math.max(0, ...during.map((a) => a.done - a.sent)),
    },
    readyzSaid503: readyDuring.some((a) => a.status === 503),
    readyzStatuses: tallyOf(readyDuring.map((a) => (a.status === 0 ? (a.failure ?? "failed") : String(a.status)))),
    readyBackMs: firstReady ? firstReady.done - backAt : null,
    pageBackMs: firstPage ? firstPage.done - backAt : null,
    answeredAfter: after.length,
    failedAfter: after.filter((a) => a.status !== 200).length,
    cachedAfter: after.filter((a) => a.cached).length,
    processUp: server.process.exitCode === null && server.process.signalCode === null,
  };
}

function checksFor(report: OutageReport) {
  const d = report.during;
  const failures = Object.values(d.otherServerErrors).reduce((a, b) => a + b, 0) + Object.values(d.connectionFailures).reduce((a, b) => a + b, 0);
  return [
    { name: "pages answered 503 with Retry-After (no other 5xx, no failed connection, none over 5 s)", ok: failures === 0 && d.hangs === 0 && d.unavailableWithout === 0 },
    { name: "/readyz said 503 during the outage", ok: report.readyzSaid503 },
    {
      name: `back within ${BACK_WITHIN_MS / 1000} s of the database (/readyz 200 and a rendered 200 page)`,
      ok: report.readyBackMs !== null && report.pageBackMs !== null && Math.max(report.readyBackMs, report.pageBackMs) <= BACK_WITHIN_MS,
    },
    { name: "the server process stayed up", ok: report.processUp },
  ];
}

function printReport(report: OutageReport, cacheOn: boolean): boolean {
  const d = report.during;
  const list = (tally: Record<string, number>) =>
    Object.entries(tally)
      .map(([k, n]) => `${k} x${n}`)
      .join(", ") || "none";
  const secs = (value: number | null) => (value === null ? "never (within the watch)" : `${(value / 1000).toFixed(2)} s`);
  console.log(`\n## ${report.name}: database away for ${((report.backAt - report.downAt) / 1000).toFixed(1)} s`);
  console.log(`  pages during the outage: ${d.answers} answers`);
  console.log(`    503 with Retry-After: ${d.unavailableWithRetryAfter}; 503 without: ${d.unavailableWithout}`);
  console.log(`    other 5xx: ${list(d.otherServerErrors)}; other non-2xx: ${list(d.otherStatuses)}; 2xx/3xx rendered: ${d.ok}`);
  if (cacheOn) console.log(`    served from the page cache (not rendered, counted in none of the above): ${d.cached}`);
  console.log(`    failed connections: ${list(d.connectionFailures)}; answers over ${HANG_MS / 1000} s (hangs): ${d.hangs}; slowest ${(d.slowest / 1000).toFixed(2)} s`);
  console.log(`  /readyz during the outage: ${list(report.readyzStatuses)} (said 503: ${report.readyzSaid503 ? "yes" : "no"})`);
  console.log(`  after the database was back: /readyz 200 after ${secs(report.readyBackMs)}, first rendered 200 page after ${secs(report.pageBackMs)}`);
  console.log(
    `    pages asked for in the ${WATCH_AFTER_MS / 1000} s after it: ${report.answeredAfter}, of which not a 200: ${report.failedAfter}` +
      (cacheOn ? `; served from the page cache: ${report.cachedAfter}` : ""),
  );
  console.log(`  server process up: ${report.processUp ? "yes" : "NO"}`);
  let ok = true;
  for (const check of checksFor(report)) {
    console.log(`  ${check.ok ? "PASS" : "FAIL"}  ${check.name}`);
    ok &&= check.ok;
  }
  return ok;
}

/** Waits until PostgreSQL accepts a connection on `url` again; returns the moment it did. */
async function waitForDatabase(url: string): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return now();
    } catch {
      await client.end().catch(() => undefined);
      await sleep(100);
    }
  }
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions();
  const kind: OutageKind = options.stall ? "stall" : "refuse";
  const cacheOn = options.pageCacheSeconds > 0;
  let seeded: SeededDatabase | null = null;
  let relay: PgRelay | null = null;
  let server: RunningServer | null = null;
  let recorder: Recorder | null = null;
  try {
    const buildDir = prepareBuild();
    seeded = await seedScratchDatabase(BENCH_DB);
    relay = await startPgRelay(new URL(ADMIN_URL));
    const throughRelay = new URL(seeded.scratch.url);
    throughRelay.host = `127.0.0.1:${relay.port}`;
    console.log(`Starting the production server (database through the relay on 127.0.0.1:${relay.port})...`);
    server = await startBenchServer({ buildDir, databaseUrl: throughRelay.toString(), dataDir: seeded.dataDir, pageCacheSeconds: options.pageCacheSeconds });
    console.log(`Page cache: ${describePageCache(options.pageCacheSeconds)}`);
    const { profiles, categories } = seeded.directory;
    const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
    const pages = [
      "/",
      "/browse",
      ...Array.from({ length: 5 }, () => `/browse/${pick(profiles).state}`),
      ...Array.from({ length: 5 }, () => {
        const p = pick(profiles);
        return `/browse/${p.state}?city=${encodeURIComponent(p.city)}`;
      }),
      ...Array.from({ length: 10 }, () => `/profile/${pick(profiles).id}`),
      `/categories/${encodeURIComponent(pick(categories))}`,
      "/search?q=princess",
      "/search?q=orlndo",
    ];
    console.log(
      `Traffic: ${options.connections} visitors, ${options.pauseMs} ms between pages, over ${pages.length} page addresses; /readyz every 200 ms. ` +
        `Outages: ${options.restartCommand ? `the command "${options.restartCommand}"` : `the relay ${kind === "stall" ? "stalling" : "refusing"}`}.`,
    );
    recorder = startTraffic(server.url, pages, options);
    await sleep(SETTLE_MS);
    const warm = recorder.pages.filter((a) => a.status === 200);
    console.log(
      `  warm-up: ${warm.length} pages answered 200 in ${SETTLE_MS / 1000} s` +
        (cacheOn ? ` (${warm.filter((a) => a.cached).length} of them from the page cache)` : ""),
    );

    const reports: OutageReport[] = [];
    if (options.restartCommand) {
      const downAt = now();
      console.log(`\nRunning: ${options.restartCommand}`);
      execSync(options.restartCommand, { stdio: "inherit" });
      const backAt = await waitForDatabase(seeded.scratch.url);
      await sleep(WATCH_AFTER_MS);
      reports.push(analyse(`restart by "${options.restartCommand}"`, recorder, downAt, backAt, server));
    } else {
      const outages = [
        { name: `(a) database ${kind === "stall" ? "stalled" : "cut"} for ${options.outageSeconds} s`, ms: options.outageSeconds * 1000 },
        { name: `(b) restart: database ${kind === "stall" ? "stalled" : "cut"}, back after 1 s`, ms: 1000 },
      ];
      for (const outage of outages) {
        const downAt = now();
        await relay.cut(kind);
        await sleep(outage.ms);
        await relay.restore();
        const backAt = now();
        console.log(`\n${outage.name}: done, watching for ${WATCH_AFTER_MS / 1000} s...`);
        await sleep(WATCH_AFTER_MS);
        reports.push(analyse(outage.name, recorder, downAt, backAt, server));
      }
    }
    await recorder.stop();
    recorder = null;

    let ok = true;
    console.log(`\nPage cache: ${describePageCache(options.pageCacheSeconds)}`);
    for (const report of reports) ok = printReport(report, cacheOn) && ok;
    const running = server.process.exitCode === null;
    console.log(`\nServer process after all outages: ${running ? "running" : `exited (${server.process.exitCode})`}`);
    const warnings = server
      .output()
      .split("\n")
      .filter((line) => line.trim() !== "");
    console.log(`Server log lines at LOG_LEVEL=${process.env.LOG_LEVEL ?? "warn"}: ${warnings.length}; the last few:`);
    for (const line of warnings.slice(-8)) console.log(`  ${line.slice(0, 300)}`);
    console.log(ok ? "\nRESULT: PASS" : "\nRESULT: FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    await recorder?.stop();
    if (server) {
      const code = await server.stop("SIGTERM");
      if (code !== 0) console.log(`The server exited with ${code} on SIGTERM.`);
    }
    await relay?.close();
    await seeded?.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
