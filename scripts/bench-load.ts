// `npm run bench:load [-- --minutes 5] [-- --connections 50] [-- --url http://host:port [--pid N]] [-- --json]`
//
// Sustained mixed visitor traffic against the production server. By default: a fresh production
// build (build-bench, or BUILD_DIR as it is), a scratch PostgreSQL database `cc_bench_load` (on the
// server of BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; dropped
// afterwards unless BENCH_KEEP is set) seeded with the demo data set of `npm run demo`, and server.ts
// started on it with NODE_ENV=production, JOBS on, PAYMENTS=demo, LOG_LEVEL=warn and TRUST_PROXY=1.
// Any other variable in this script's environment (WEB_CONCURRENCY, DATABASE_POOL_MAX, ...) reaches
// the server as well. With --url an already-running server is measured instead (its memory from --pid).
//
// Traffic: autocannon keeps --connections keep-alive connections busy, one run per minute so every
// minute has its own figures. Each request picks its address at random with these weights (out of
// about 100), meant to look like a directory's visitors: most arrive on a listing or a profile from a
// search engine, look around the directory, and their browsers fetch scripts, styles and pictures.
//
//   profile   16  /profile/{id} of a public performer
//   asset     14  a hashed script or stylesheet the pages link (/assets/..., Accept-Encoding br, gzip)
//   state      9  /browse/{ST}
//   city       9  /browse/{ST}?city={City} (cities that have performers)
//   search     9  /search?q=... words, names and places, with misspellings ("prinsess", "orlndo",
//                 "princess orlando"), some with a state
//   home       8  /
//   category   6  /categories/{Category}, a third of them with ?state=
//   data       6  client-side navigations after hydration: /browse/{ST}.data, /profile/{id}.data, /search.data?q=
//   image      5  a performer's picture (/media/...webp)
//   browse     4  /browse
//   suggest    4  /search/suggest?q= (the search box's suggestions while typing)
//   zip        3  /search?q={ZIP} near a performer's city
//   captcha    3  /captcha (the inquiry form's question, fetched by the profile page's script)
//   info       2  /about, /faq, /terms, /categories
//   redirect   1  a form's GET with blank fields (/browse?state=FL&city=): an expected redirect
//   sitemap  0.3  /sitemap.xml
//   robots   0.3  /robots.txt
//
// Beside it a slow loop sends a few real inquiries (one every INQUIRY_EVERY_MS), the way the profile
// page's script does: the page, then its math question from /captcha ("What is a + b?", which the
// visitor reads and answers; the script reads the same two numbers), then the form posted to
// /profile/{id}.data with the Origin of the site, each from its own X-Forwarded-For address.
//
// The server's page cache (PAGE_CACHE_SECONDS) is what this script's environment says, else the
// server's default (10 s); --page-cache-seconds N sets it and --no-page-cache turns it off, so every
// page is rendered. The report says which it ran with, and counts the answers served from the cache
// (marked X-Page-Cache: hit) per minute and per page type. With --url the server's own setting holds.
//
// After each minute: requests/s, p50/p95/p99 latency, socket errors and timeouts, statuses (expected
// 3xx apart from 4xx/5xx), the server's resident memory (the process and any children). At the end:
// totals, a per-page-type latency table, and PASS/FAIL against the targets: no errors (socket
// errors, timeouts, 5xx or unexpected 4xx), p99 < 500 ms in every minute, memory growth < 10% from
// minute 2 to the last minute.
import { parseArgs } from "node:util";
import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import zipcodes from "zipcodes";
import type { RunningServer } from "../tests/helpers/app-server";
import { percentile } from "./lib/bench";
import { parseOrExit, wholeNumberOption } from "./lib/command-line";
import { PAGE_CACHE_HEADER } from "~/server/http/page-cache.server";
import {
  describePageCache,
  pageCacheSeconds,
  prepareBuild,
  processTreeRssMiB,
  seedScratchDatabase,
  startBenchServer,
  type SeededDatabase,
} from "./lib/bench-site";

const USAGE = `Usage: npm run bench:load -- [--minutes N] [--connections N] [--page-cache-seconds N | --no-page-cache] [--url URL [--pid PID]] [--json]
  --minutes N             how many one-minute rounds (default 5)
  --connections N         concurrent keep-alive connections (default 50)
  --page-cache-seconds N  the server's PAGE_CACHE_SECONDS (default: this environment's, else the
                          server's default, 10); answers served from the cache are counted apart
  --no-page-cache         the same as --page-cache-seconds 0: every page rendered
  --url URL               measure a server that is already running instead of starting one (its own
                          page cache setting holds)
  --pid PID               with --url: the server's process id, for its memory
  --seconds N             length of a round in seconds (default 60; for a quick try)
  --json                  also print the summary as JSON`;

const BENCH_DB = "cc_bench_load";
const TARGET_P99_MS = 500;
const TARGET_MEMORY_GROWTH = 0.1;
const INQUIRY_EVERY_MS = 2500;
/** A request with no answer for this long is counted as a timeout. */
const TIMEOUT_SECONDS = 10;

const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 cc-bench-load",
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en-US,en;q=0.9",
};

const SEARCH_WORDS = [
  "princess", "prinsess", "princess orlando", "superhero", "super hero", "spiderman", "spider-man", "batman",
  "mermaid", "pirate", "pirate party", "wizard", "wizzard", "knight", "knigt", "dinosaur", "anime", "cosplay",
  "mascot", "villain", "fairy", "unicorn", "ninja", "robot", "birthday party", "kids party", "orlando", "orlndo",
  "los angeles", "houston", "chicago", "new york", "miami princess", "hero texas", "face painting", "balloon",
];
// (/safety-first is for signed-in performers: it redirects visitors to sign in.)
const INFO_PAGES = ["/about", "/faq", "/terms", "/categories"];
const INQUIRY_MESSAGES = [
  "Hi! We are planning a birthday party for our daughter and would love a visit. Are you free that afternoon?",
  "Hello, our school fair needs a costumed character for two hours. Could you send your rates?",
  "Could you appear at our library's reading day? About 40 kids, indoors.",
];

interface Options {
  minutes: number;
  seconds: number;
  connections: number;
  url: string | null;
  pid: number | null;
  json: boolean;
  /** The server's PAGE_CACHE_SECONDS; null with --url, where the running server's own setting holds. */
  pageCacheSeconds: number | null;
}

function parseOptions(): Options {
  const values = parseOrExit(
    () =>
      parseArgs({
        options: {
          minutes: { type: "string", default: "5" },
          seconds: { type: "string", default: "60" },
          connections: { type: "string", default: "50" },
          url: { type: "string" },
          pid: { type: "string" },
          json: { type: "boolean", default: false },
          "page-cache-seconds": { type: "string" },
          "no-page-cache": { type: "boolean", default: false },
          help: { type: "boolean", short: "h", default: false },
        },
      }).values,
    USAGE,
  );
  const whole = (value: string, name: string) => wholeNumberOption(value, name, USAGE);
  const refuse = (message: string): never => {
    console.error(`${message}\n\n${USAGE}`);
    process.exit(2);
  };
  const cacheGiven = values["page-cache-seconds"];
  if (cacheGiven !== undefined && values["no-page-cache"]) refuse("--page-cache-seconds and --no-page-cache: give one of them");
  if (values.url && (cacheGiven !== undefined || values["no-page-cache"])) {
    refuse("--url measures a server started elsewhere: start it with PAGE_CACHE_SECONDS instead of passing a page cache option");
  }
  let cacheSeconds: number | null = null;
  if (!values.url) {
    try {
      cacheSeconds = pageCacheSeconds(values["no-page-cache"] ? "0" : (cacheGiven ?? process.env.PAGE_CACHE_SECONDS));
    } catch (error) {
      refuse(`${cacheGiven !== undefined ? "--page-cache-seconds" : "PAGE_CACHE_SECONDS"}: ${(error as Error).message}`);
    }
  }
  return {
    minutes: whole(values.minutes, "minutes"),
    seconds: whole(values.seconds, "seconds"),
    connections: whole(values.connections, "connections"),
    url: values.url ? values.url.replace(/\/+$/, "") : null,
    pid: values.pid ? whole(values.pid, "pid") : null,
    json: values.json,
    pageCacheSeconds: cacheSeconds,
  };
}

// ---------------------------------------------------------------- what visitors ask for

interface Site {
  profiles: { id: string; state: string; city: string }[];
  categories: string[];
  assets: string[];
  images: string[];
}

interface Kind {
  name: string;
  weight: number;
  next(): { path: string; headers?: Record<string, string> };
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

function zipNear(state: string, city: string): string | null {
  const found = zipcodes.lookupByName(city, state);
  return found.length > 0 ? pick(found).zip : null;
}

function trafficMix(site: Site): Kind[] {
  const states = [...new Set(site.profiles.map((p) => p.state))];
  const cities = [...new Map(site.profiles.map((p) => [`${p.state}|${p.city}`, p])).values()];
  const zips = cities.map((c) => zipNear(c.state, c.city)).filter((z): z is string => z !== null);
  const q = (text: string) => encodeURIComponent(text).replace(/%20/g, "+");
  const kinds: Kind[] = [
    { name: "profile", weight: 16, next: () => ({ path: `/profile/${pick(site.profiles).id}` }) },
    {
      name: "asset",
      weight: 14,
      next: () => {
        const file = pick(site.assets);
        return { path: file, headers: { accept: file.endsWith(".css") ? "text/css,*/*;q=0.1" : "*/*", "sec-fetch-dest": file.endsWith(".css") ? "style" : "script" } };
      },
    },
    { name: "state", weight: 9, next: () => ({ path: `/browse/${pick(states)}` }) },
    {
      name: "city",
      weight: 9,
      next: () => {
        const c = pick(cities);
        return { path: `/browse/${c.state}?city=${q(c.city)}` };
      },
    },
    {
      name: "search",
      weight: 9,
      next: () => {
        const words = pick(SEARCH_WORDS);
        return { path: Math.random() < 0.2 ? `/search?q=${q(words)}&state=${pick(states)}` : `/search?q=${q(words)}` };
      },
    },
    { name: "home", weight: 8, next: () => ({ path: "/" }) },
    {
      name: "category",
      weight: 6,
      next: () => {
        const category = `/categories/${encodeURIComponent(pick(site.categories))}`;
        return { path: Math.random() < 0.33 ? `${category}?state=${pick(states)}` : category };
      },
    },
    {
      name: "data",
      weight: 6,
      next: () => {
        const r = Math.random();
        const path =
          r < 0.4 ? `/profile/${pick(site.profiles).id}.data` : r < 0.7 ? `/browse/${pick(states)}.data` : `/search.data?q=${q(pick(SEARCH_WORDS))}`;
        return { path, headers: { accept: "*/*" } };
      },
    },
    { name: "image", weight: site.images.length > 0 ? 5 : 0, next: () => ({ path: pick(site.images), headers: { accept: "image/avif,image/webp,image/*,*/*;q=0.8" } }) },
    { name: "browse", weight: 4, next: () => ({ path: "/browse" }) },
    {
      name: "suggest",
      weight: 4,
      next: () => {
        const word = pick(SEARCH_WORDS);
        return { path: `/search/suggest?q=${q(word.slice(0, 3 + Math.floor(Math.random() * 4)))}`, headers: { accept: "application/json" } };
      },
    },
    { name: "zip", weight: zips.length > 0 ? 3 : 0, next: () => ({ path: `/search?q=${pick(zips)}` }) },
    { name: "captcha", weight: 3, next: () => ({ path: "/captcha", headers: { accept: "application/json" } }) },
    { name: "info", weight: 2, next: () => ({ path: pick(INFO_PAGES) }) },
    {
      name: "redirect",
      weight: 1,
      next: () => {
        const c = pick(cities);
        return { path: Math.random() < 0.5 ? `/browse?state=${c.state}&city=` : `/search?q=hero&state=&city=` };
      },
    },
    { name: "sitemap", weight: 0.3, next: () => ({ path: "/sitemap.xml", headers: { accept: "application/xml,*/*" } }) },
    { name: "robots", weight: 0.3, next: () => ({ path: "/robots.txt", headers: { accept: "text/plain,*/*" } }) },
  ];
  return kinds.filter((k) => k.weight > 0);
}

function chooser(kinds: Kind[]): () => Kind {
  const total = kinds.reduce((sum, k) => sum + k.weight, 0);
  return () => {
    let r = Math.random() * total;
    for (const kind of kinds) {
      r -= kind.weight;
      if (r < 0) return kind;
    }
    return kinds[kinds.length - 1];
  };
}

/** The addresses of the site's own links of one kind found in `html`. */
function linksIn(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((m) => m[1].replace(/&amp;/g, "&"));
}

async function text(url: string): Promise<string> {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

/** Scripts, styles and pictures, as a browser finds them: in the pages' own HTML. */
async function pageResources(base: string, pages: string[]): Promise<{ assets: string[]; images: string[] }> {
  const assets = new Set<string>();
  const images = new Set<string>();
  for (const page of pages) {
    const html = await text(`${base}${page}`);
    for (const link of linksIn(html, /(?:href|src)="(\/assets\/[^"?#]+\.(?:js|css))"/g)) assets.add(link);
    for (const link of linksIn(html, /(?:src|srcSet|srcset)="(\/media\/[^" ,]+)/g)) images.add(link);
  }
  if (assets.size === 0) throw new Error("no /assets/ script or stylesheet found in the pages' HTML");
  return { assets: [...assets], images: [...images] };
}

/** With --url: what the directory holds, as its sitemap tells a crawler. */
async function siteFromSitemap(base: string): Promise<Pick<Site, "profiles" | "categories">> {
  const locs = async (url: string) => linksIn(await text(url), /<loc>([^<]+)<\/loc>/g);
  let urls = await locs(`${base}/sitemap.xml`);
  const parts = urls.filter((u) => /sitemap.*\.xml|[?&]part=/.test(u));
  if (parts.length > 0) urls = (await Promise.all(parts.map((p) => locs(`${base}${new URL(p).pathname}${new URL(p).search}`)))).flat();
  const paths = urls.map((u) => new URL(u));
  const states = paths.map((u) => /^\/browse\/([A-Z]{2})$/.exec(u.pathname)?.[1]).filter((s): s is string => Boolean(s));
  const ids = paths.map((u) => /^\/profile\/([^/]+)$/.exec(u.pathname)?.[1]).filter((s): s is string => Boolean(s));
  const categories = paths
    .map((u) => /^\/categories\/([^/]+)$/.exec(u.pathname)?.[1])
    .filter((s): s is string => Boolean(s))
    .map(decodeURIComponent);
  if (ids.length === 0) throw new Error(`${base}/sitemap.xml lists no profile`);
  // The sitemap does not say where each performer lives: the city pages come from the states' largest cities.
  const { US_STATES } = await import("~/lib/us-states");
  const cityOf = (state: string) => US_STATES.find((s) => s.abbreviation === state)?.cities[0]?.name ?? "";
  const profiles = ids.map((id, i) => {
    const state = states.length > 0 ? states[i % states.length] : "CA";
    return { id, state, city: cityOf(state) };
  });
  return { profiles, categories: categories.length > 0 ? categories : ["Hero"] };
}

// ---------------------------------------------------------------- inquiries

interface InquiryTally {
  sent: number;
  statuses: Map<string, number>;
  outcomes: Map<string, number>;
}

function count(map: Map<string, number>, key: string, by = 1) {
  map.set(key, (map.get(key) ?? 0) + by);
}

/**
 * One visitor's inquiry, as the profile page's script sends it: the page, the question from
 * /captcha, then the form, from the visitor's own address (X-Forwarded-For; the server trusts one hop).
 */
async function sendInquiry(base: string, site: Site, visitor: number, tally: InquiryTally): Promise<void> {
  const ip = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
  const profile = pick(site.profiles);
  const headers = { ...BROWSER_HEADERS, "x-forwarded-for": ip };
  const signal = AbortSignal.timeout(TIMEOUT_SECONDS * 1000);
  try {
    const page = await fetch(`${base}/profile/${profile.id}`, { headers, signal });
    await page.arrayBuffer();
    if (!page.ok) {
      count(tally.statuses, `page ${page.status}`);
      count(tally.outcomes, "page failed");
      return;
    }
    const question = await fetch(`${base}/captcha`, { headers: { ...headers, accept: "application/json", "sec-fetch-site": "same-origin" }, signal });
    const captcha = (await question.json().catch(() => null)) as { a?: unknown; b?: unknown; token?: unknown } | null;
    if (!question.ok || typeof captcha?.a !== "number" || typeof captcha.b !== "number" || typeof captcha.token !== "string") {
      count(tally.statuses, `captcha ${question.status}`);
      count(tally.outcomes, "no question");
      return;
    }
    const zip = zipNear(profile.state, profile.city) ?? "10001";
    const form = new URLSearchParams({
      intent: "inquiry",
      captchaToken: captcha.token,
      name: `Bench Visitor ${visitor}`,
      email: `visitor${visitor}@example.com`,
      phone: "(555) 010-2030",
      eventDate: "",
      city: profile.city,
      state: profile.state,
      zip,
      company_website: "",
      message: pick(INQUIRY_MESSAGES),
      captchaAnswer: String(captcha.a + captcha.b),
    });
    form.append("eventTypes", "Birthday Party");
    const answer = await fetch(`${base}/profile/${profile.id}.data`, {
      method: "POST",
      headers: {
        ...headers,
        accept: "*/*",
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        origin: base,
        "sec-fetch-site": "same-origin",
      },
      body: form.toString(),
      signal,
    });
    const body = await answer.text();
    count(tally.statuses, `post ${answer.status}`);
    if (body.includes("Message sent successfully!")) {
      tally.sent++;
      count(tally.outcomes, "sent");
    } else if (body.includes("Too many messages")) count(tally.outcomes, "rate limited");
    else if (body.includes("Incorrect captcha")) count(tally.outcomes, "captcha refused");
    else count(tally.outcomes, `other (${body.slice(0, 80).replace(/\s+/g, " ")})`);
  } catch (error) {
    count(tally.outcomes, `error ${(error as Error).name}: ${(error as Error).message}`);
  }
}

function startInquiryLoop(base: string, site: Site, tally: InquiryTally): () => Promise<void> {
  let visitor = 1;
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const sending = sendInquiry(base, site, visitor++, tally).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }, INQUIRY_EVERY_MS);
  return async () => {
    clearInterval(timer);
    await Promise.all(inFlight);
  };
}

// ---------------------------------------------------------------- one minute of traffic

interface Round {
  minute: number;
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** Answers served from the server's page cache (X-Page-Cache: hit). */
  cached: number;
  redirects: number;
  clientErrors: number;
  serverErrors: number;
  rssMiB: number | null;
  /** The server process alone, without its children. */
  ownRssMiB: number | null;
  peakRssMiB: number | null;
  processes: number | null;
  inquiriesSent: number;
}

/** Latencies per page type over the whole run. */
const byKind = new Map<string, { times: number[]; statuses: Map<string, number>; cached: number }>();

/** Whether autocannon's raw response headers (names as the server wrote them) mark a page-cache hit. */
function fromPageCache(headers: IncomingHttpHeaders | undefined): boolean {
  if (!headers) return false;
  const name = Object.keys(headers).find((key) => key.toLowerCase() === PAGE_CACHE_HEADER.toLowerCase());
  return name !== undefined && headers[name] === "hit";
}

async function runRound(base: string, options: Options, kinds: Kind[], minute: number, memory: () => number | null): Promise<Omit<Round, "rssMiB" | "ownRssMiB" | "processes" | "inquiriesSent">> {
  const choose = chooser(kinds);
  const url = new URL(base);
  const times: number[] = [];
  const statuses = new Map<string, number>();
  // autocannon answers a request's onResponse and then its 'response' event, in that order and in the
  // same tick: the first says which kind of page it was, the second how long it took.
  let answeredKind = "";
  let answeredCached = false;
  let cached = 0;
  let peak: number | null = null;
  const sampler = setInterval(() => {
    const now = memory();
    if (now !== null) peak = Math.max(peak ?? 0, now);
  }, 5000);
  let finish: (result: autocannon.Result) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon({
    url: `${url.protocol}//${url.host}`,
    connections: options.connections,
    duration: options.seconds,
    timeout: TIMEOUT_SECONDS,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (request, context) => {
          const kind = choose();
          const next = kind.next();
          (context as { kind?: string }).kind = kind.name;
          return { ...request, method: "GET", path: next.path, headers: { ...BROWSER_HEADERS, ...next.headers } };
        },
        onResponse: (_status, _body, context, headers) => {
          answeredKind = (context as { kind?: string }).kind ?? "?";
          answeredCached = fromPageCache(headers);
        },
      },
    ],
  }, (error, result) => (error ? fail(error) : finish(result)));
  instance.on("response", (_client, statusCode, _bytes, ms) => {
    times.push(ms);
    count(statuses, String(statusCode));
    let entry = byKind.get(answeredKind);
    if (!entry) byKind.set(answeredKind, (entry = { times: [], statuses: new Map(), cached: 0 }));
    if (answeredCached) {
      cached++;
      entry.cached++;
    }
    entry.times.push(ms);
    count(entry.statuses, String(statusCode));
  });
  const result = await finished;
  clearInterval(sampler);
  const last = memory();
  if (last !== null) peak = Math.max(peak ?? 0, last);
  times.sort((a, b) => a - b);
  const byStatus = Object.fromEntries([...statuses].sort());
  const sum = (test: (status: number) => boolean) => [...statuses].filter(([s]) => test(Number(s))).reduce((n, [, c]) => n + c, 0);
  return {
    minute,
    seconds: result.duration,
    requests: times.length,
    rps: times.length / result.duration,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    max: times[times.length - 1] ?? NaN,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses: byStatus,
    cached,
    redirects: sum((s) => s >= 300 && s < 400),
    clientErrors: sum((s) => s >= 400 && s < 500),
    serverErrors: sum((s) => s >= 500),
    peakRssMiB: peak,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : "-");
const mib = (value: number | null) => (value === null ? "n/a" : `${value.toFixed(1)} MiB`);

function roundLine(round: Round, of: number): string {
  const statuses = Object.entries(round.statuses)
    .map(([status, n]) => `${status}x${n}`)
    .join(" ");
  return (
    `minute ${round.minute}/${of}: ${round.rps.toFixed(1)} req/s (${round.requests})  ` +
    `p50 ${ms(round.p50)}  p95 ${ms(round.p95)}  p99 ${ms(round.p99)}  max ${ms(round.max)}  ` +
    `errors ${round.errors} (timeouts ${round.timeouts})  3xx ${round.redirects} (expected)  4xx ${round.clientErrors}  5xx ${round.serverErrors}  ` +
    `[${statuses}]  from the page cache ${round.cached}  RSS ${mib(round.rssMiB)}` +
    (round.processes && round.processes > 1 ? ` in ${round.processes} processes (server alone ${mib(round.ownRssMiB)})` : "") +
    ` (peak ${mib(round.peakRssMiB)})  ` +
    `inquiries sent so far ${round.inquiriesSent}`
  );
}

function kindTable(kinds: Kind[]): string[] {
  const lines = [
    "| page type | weight | requests | from the page cache | p50 ms | p95 ms | p99 ms | max ms | statuses |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---|",
  ];
  const rows = [...byKind].map(([name, entry]) => {
    const sorted = [...entry.times].sort((a, b) => a - b);
    return { name, sorted, statuses: entry.statuses, cached: entry.cached, p99: percentile(sorted, 99) };
  });
  for (const row of rows.sort((a, b) => b.p99 - a.p99)) {
    const weight = kinds.find((k) => k.name === row.name)?.weight ?? 0;
    const statuses = [...row.statuses].map(([s, n]) => `${s}x${n}`).join(" ");
    lines.push(
      `| ${row.name} | ${weight} | ${row.sorted.length} | ${row.cached} | ${percentile(row.sorted, 50).toFixed(1)} | ${percentile(row.sorted, 95).toFixed(1)} | ` +
        `${row.p99.toFixed(1)} | ${row.sorted[row.sorted.length - 1].toFixed(1)} | ${statuses} |`,
    );
  }
  return lines;
}

// ---------------------------------------------------------------- main

async function main(): Promise<void> {
  const options = parseOptions();
  let seeded: SeededDatabase | null = null;
  let server: RunningServer | null = null;
  let stopInquiries: (() => Promise<void>) | null = null;
  const stopAll = async () => {
    await stopInquiries?.();
    stopInquiries = null;
    const running = server;
    server = null;
    if (running) {
      const code = await running.stop("SIGTERM");
      if (code !== 0) console.log(`The server exited with ${code} on SIGTERM. Its last output:\n${running.output().slice(-3000)}`);
    }
    await seeded?.dispose();
    seeded = null;
  };
  process.once("SIGINT", () => void stopAll().finally(() => process.exit(130)));

  try {
    let base: string;
    let pid: number | null;
    let site: Site;
    if (options.url) {
      base = options.url;
      pid = options.pid;
      console.log(`Measuring the running server at ${base}${pid ? ` (process ${pid})` : " (no --pid: memory not measured)"}`);
      const directory = await siteFromSitemap(base);
      const resources = await pageResources(base, ["/", "/browse", ...directory.profiles.slice(0, 5).map((p) => `/profile/${p.id}`)]);
      site = { ...directory, ...resources };
    } else {
      const buildDir = prepareBuild();
      seeded = await seedScratchDatabase(BENCH_DB);
      console.log("Starting the production server...");
      server = await startBenchServer({ buildDir, databaseUrl: seeded.scratch.url, dataDir: seeded.dataDir, pageCacheSeconds: options.pageCacheSeconds! });
      base = server.url;
      pid = server.process.pid ?? null;
      const { profiles, categories } = seeded.directory;
      const resources = await pageResources(base, ["/", "/browse", ...profiles.slice(0, 5).map((p) => `/profile/${p.id}`)]);
      site = { profiles, categories, ...resources };
      console.log(`  ${base}, process ${pid}`);
    }
    const kinds = trafficMix(site);
    const cacheSetting = options.pageCacheSeconds === null ? "the running server's own setting (PAGE_CACHE_SECONDS, not known here)" : describePageCache(options.pageCacheSeconds);
    console.log(`Page cache: ${cacheSetting}`);
    console.log(
      `Traffic: ${options.connections} connections, ${options.minutes} round(s) of ${options.seconds} s; ` +
        `${site.profiles.length} profiles, ${site.categories.length} categories, ${site.assets.length} scripts/styles, ${site.images.length} pictures; ` +
        `an inquiry every ${INQUIRY_EVERY_MS / 1000} s beside it`,
    );
    const memory = () => (pid === null ? null : (processTreeRssMiB(pid)?.mib ?? null));

    const tally: InquiryTally = { sent: 0, statuses: new Map(), outcomes: new Map() };
    stopInquiries = startInquiryLoop(base, site, tally);
    const rounds: Round[] = [];
    const started = Date.now();
    for (let minute = 1; minute <= options.minutes; minute++) {
      const round = await runRound(base, options, kinds, minute, memory);
      const rss = pid === null ? null : processTreeRssMiB(pid);
      const full: Round = { ...round, rssMiB: rss?.mib ?? null, ownRssMiB: rss?.ownMiB ?? null, processes: rss?.processes ?? null, inquiriesSent: tally.sent };
      rounds.push(full);
      console.log(roundLine(full, options.minutes));
      if (pid !== null && rss === null) {
        console.log("The server process is gone: stopping.");
        break;
      }
    }
    await stopInquiries();
    stopInquiries = null;
    const elapsed = (Date.now() - started) / 1000;

    // ------------------------------------------------------------ totals
    const total = (pickOne: (r: Round) => number) => rounds.reduce((n, r) => n + pickOne(r), 0);
    const requests = total((r) => r.requests);
    const seconds = total((r) => r.seconds);
    const errors = total((r) => r.errors);
    const timeouts = total((r) => r.timeouts);
    const redirects = total((r) => r.redirects);
    const clientErrors = total((r) => r.clientErrors);
    const serverErrors = total((r) => r.serverErrors);
    const cached = total((r) => r.cached);
    const worst = rounds.reduce((a, b) => (b.p99 > a.p99 ? b : a), rounds[0]);
    const statuses: Record<string, number> = {};
    for (const round of rounds) for (const [s, n] of Object.entries(round.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
    const from = rounds.length >= 2 ? rounds[1] : rounds[0];
    const to = rounds[rounds.length - 1];
    const growth = from.rssMiB !== null && to.rssMiB !== null ? (to.rssMiB - from.rssMiB) / from.rssMiB : null;

    const checks = [
      { name: "no errors (socket errors, timeouts, 5xx, unexpected 4xx)", ok: errors === 0 && serverErrors === 0 && clientErrors === 0 },
      { name: `p99 < ${TARGET_P99_MS} ms in every minute at ${options.connections} connections`, ok: worst.p99 < TARGET_P99_MS },
      {
        name: `memory growth < ${TARGET_MEMORY_GROWTH * 100}% from minute ${from.minute} to minute ${to.minute}`,
        ok: growth === null ? null : growth < TARGET_MEMORY_GROWTH,
      },
      { name: "the server stayed up", ok: pid === null ? null : processTreeRssMiB(pid) !== null },
    ];

    console.log(`\nLatency by page type over the whole run (mixed traffic, client-side time):`);
    console.log(kindTable(kinds).join("\n"));
    console.log(`\nInquiries (one every ${INQUIRY_EVERY_MS / 1000} s, each from its own address):`);
    console.log(`  answers: ${[...tally.statuses].map(([s, n]) => `${s} x${n}`).join(", ") || "none"}`);
    console.log(`  outcomes: ${[...tally.outcomes].map(([s, n]) => `${s} x${n}`).join(", ") || "none"}`);

    console.log(`\nTotals over ${rounds.length} minute(s) (${elapsed.toFixed(0)} s):`);
    console.log(`  requests ${requests}, ${(requests / seconds).toFixed(1)} req/s overall`);
    console.log(`  page cache: ${cacheSetting}; answers served from it ${cached} (${requests > 0 ? ((cached / requests) * 100).toFixed(1) : "0.0"}%)`);
    console.log(`  worst minute p99 ${ms(worst.p99)} (minute ${worst.minute})`);
    console.log(
      `  socket errors ${errors} (timeouts ${timeouts}); 3xx ${redirects} (expected redirects); 4xx ${clientErrors}; 5xx ${serverErrors}; ` +
        `statuses ${Object.entries(statuses)
          .sort()
          .map(([s, n]) => `${s}x${n}`)
          .join(" ")}`,
    );
    console.log(
      `  memory: minute ${from.minute} ${mib(from.rssMiB)}, minute ${to.minute} ${mib(to.rssMiB)}, growth ${growth === null ? "n/a" : `${(growth * 100).toFixed(1)}%`}`,
    );
    for (const check of checks) console.log(`  ${check.ok === null ? "N/A " : check.ok ? "PASS" : "FAIL"}  ${check.name}`);
    const failed = checks.some((c) => c.ok === false);
    console.log(failed ? "\nRESULT: FAIL" : "\nRESULT: PASS");

    if (options.json) {
      const kindsJson = Object.fromEntries(
        [...byKind].map(([name, entry]) => {
          const sorted = [...entry.times].sort((a, b) => a - b);
          return [name, { requests: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), statuses: Object.fromEntries(entry.statuses), cached: entry.cached }];
        }),
      );
      console.log(
        JSON.stringify({
          connections: options.connections,
          pageCacheSeconds: options.pageCacheSeconds,
          rounds,
          totals: { requests, rps: requests / seconds, errors, timeouts, redirects, clientErrors, serverErrors, cached, statuses, worstP99: worst.p99, memoryGrowth: growth },
          byKind: kindsJson,
          inquiries: { sent: tally.sent, statuses: Object.fromEntries(tally.statuses), outcomes: Object.fromEntries(tally.outcomes) },
          checks,
          pass: !failed,
        }),
      );
    }
    if (server) {
      const log = (server as RunningServer).output().trim();
      if (log) {
        const file = path.resolve(".tmp", "bench-load-server.log");
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, log);
        console.log(`\nThe server wrote ${log.split("\n").length} log line(s) at LOG_LEVEL=${process.env.LOG_LEVEL ?? "warn"}: ${path.relative(process.cwd(), file)}`);
      }
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
