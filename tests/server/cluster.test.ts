import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { ensureBuild } from "../helpers/build";
import { childProcessesRunning } from "../helpers/child-processes";
import { clonePostgresDatabase, postgresUrl, type ClonedDatabase } from "../helpers/db";

// WEB_CONCURRENCY=2: one primary process forks two servers sharing the port. A scrape of /metrics,
// whichever worker answers it, counts both workers' requests. A worker that dies is replaced while
// the other keeps answering; SIGTERM drains both and the primary exits 0.
// PostgreSQL only (vitest.config.ts leaves it out of the PGlite run): several processes need a
// database server.

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const METRICS_TOKEN = "cluster-metrics-token-0123456789";

/** The server processes the primary forked. */
function childrenOf(pid: number): number[] {
  return childProcessesRunning(pid, "server.ts");
}

/** A GET on a connection of its own (a kept-alive one may belong to the worker just killed). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 10_000 }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} in 10 s`));
      })
      .on("error", reject);
  });
}

/** GET /metrics with the token, on a connection of its own so consecutive scrapes may meet either worker. */
function scrape(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/metrics`, { agent: false, timeout: 20_000, headers: { Authorization: `Bearer ${METRICS_TOKEN}` } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => (response.statusCode === 200 ? resolve(body) : reject(new Error(`/metrics answered ${response.statusCode}: ${body}`))));
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error("no answer from /metrics in 20 s"));
      })
      .on("error", reject);
  });
}

/** The value of the sample whose name and labels are exactly these, or undefined when absent. */
function sample(exposition: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of exposition.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** The process ids on the request log lines for GET `url`, in the order they were logged. */
function answeredBy(output: string, url: string): number[] {
  const pids: number[] = [];
  for (const line of output.split("\n")) {
    if (!line.includes('"msg":"request"')) continue;
    try {
      const entry = JSON.parse(line) as { url?: unknown; pid?: unknown };
      if (entry.url === url && typeof entry.pid === "number") pids.push(entry.pid);
    } catch {
      // a line still being written
    }
  }
  return pids;
}

async function waitFor<T>(what: string, probe: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(postgresUrl())("WEB_CONCURRENCY=2 on PostgreSQL", { timeout: 240_000 }, () => {
  let clone: ClonedDatabase | undefined;
  let server: RunningServer;
  let dataDir: string;

  beforeAll(async () => {
    ensureBuild(BUILD_DIR);
    clone = await clonePostgresDatabase("cc_cluster");
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-cluster-"));
    server = await startAppServer(
      {
        NODE_ENV: "production",
        BUILD_DIR,
        BETTER_AUTH_SECRET: "cluster-test-secret-0123456789abcdef-0123",
        PAYMENTS: "demo",
        DATA_DIR: dataDir,
        DATABASE_URL: clone.url,
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
        METRICS_TOKEN,
      },
      { timeoutMs: 100_000 },
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await clone?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("sums both workers' figures in one scrape, whichever worker answers it", async () => {
    const primary = server.process.pid!;
    const workers = await waitFor("two workers", () => childrenOf(primary), (pids) => pids.length === 2);
    // Every worker reads the outbox depth at scrape time: the scrape must say 2, not 2 per worker.
    const client = new pg.Client({ connectionString: clone!.url });
    await client.connect();
    try {
      await client.query(
        `insert into email_outbox (to_address, subject, text_body, status) values
          ('a@example.com', 'One', 'One', 'failed'), ('b@example.com', 'Two', 'Two', 'failed')`,
      );
    } finally {
      await client.end();
    }

    const REQUESTS = 12;
    for (let i = 0; i < REQUESTS; i++) expect(await statusOf(`${server.url}/about`)).toBe(200);
    const served = await waitFor("the requests' log lines", () => answeredBy(server.output(), "/about"), (pids) => pids.length === REQUESTS);
    expect(new Set(served)).toEqual(new Set(workers));

    // Scraped until each worker has answered one (connections go to the workers in turn).
    const scrapes: string[] = [];
    while (new Set(answeredBy(server.output(), "/metrics")).size < 2 && scrapes.length < 8) {
      scrapes.push(await scrape(server.url));
      await waitFor("the scrape's log line", () => answeredBy(server.output(), "/metrics"), (pids) => pids.length === scrapes.length);
    }
    expect(new Set(answeredBy(server.output(), "/metrics"))).toEqual(new Set(workers));
    scrapes.forEach((exposition, index) => {
      const requests = (route: string) =>
        sample(exposition, "costumecast_http_request_duration_seconds_count", { method: "GET", route, status_class: "2xx" });
      expect(requests("/about")).toBe(REQUESTS);
      // A scrape is counted once answered: the next one sees it, whichever worker served it.
      expect(requests("/metrics")).toBe(index === 0 ? undefined : index);
      expect(sample(exposition, "costumecast_outbox_emails", { status: "failed" })).toBe(2);
    });
  });

  it("serves from two processes, replaces one that dies, and drains both on SIGTERM", async () => {
    const primary = server.process.pid!;
    const workers = await waitFor("two workers", () => childrenOf(primary), (pids) => pids.length === 2);
    expect(await statusOf(`${server.url}/about`)).toBe(200);

    // One worker killed outright: once the primary has seen it go (a connection it handed over in
    // that instant is lost, as with any crash), the other answers while a replacement starts.
    process.kill(workers[0], "SIGKILL");
    await waitFor("the primary to notice", () => server.output().includes("a server process exited; starting another"), Boolean);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push(await statusOf(`${server.url}/about`));
    expect(statuses.every((status) => status === 200)).toBe(true);
    const replaced = await waitFor(
      "a replacement worker",
      () => childrenOf(primary),
      (pids) => pids.length === 2 && !pids.includes(workers[0]),
    );
    expect(replaced).toContain(workers[1]);
    await waitFor("the replacement to answer", () => statusOf(`${server.url}/readyz`), (status) => status === 200);
    expect(server.output()).toContain("a server process exited; starting another");

    const stoppedAt = Date.now();
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    for (const pid of replaced) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
