import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { ensureBuild } from "../helpers/build";
import { postgresUrl } from "../helpers/db";

// WEB_CONCURRENCY=2: one primary process forks two servers sharing the port. A worker that dies is
// replaced while the other keeps answering; SIGTERM drains both and the primary exits 0.
// PostgreSQL only (vitest.config.ts leaves it out of the PGlite run): several processes need a
// database server.

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** The server processes whose parent is `pid`, from /proc (tsx's esbuild helper is a child too, and left out). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name (field 2) is in parentheses and may hold spaces; the parent id follows the state.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== pid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.ts")) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort((a, b) => a - b);
}

/** A GET on a connection of its own (a kept-alive one may belong to the worker just killed). */
function statusOf(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on("error", reject);
  });
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
  let admin: pg.Client;
  let server: RunningServer;
  let dataDir: string;
  const dbName = `cc_cluster_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    ensureBuild(BUILD_DIR);
    const template = inject("pgTemplate");
    if (!template) throw new Error("the PostgreSQL run has no migrated template database");
    admin = new pg.Client({ connectionString: postgresUrl() });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${template}`);
    const dbUrl = new URL(postgresUrl()!);
    dbUrl.pathname = `/${dbName}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-cluster-"));
    server = await startAppServer(
      {
        NODE_ENV: "production",
        BUILD_DIR,
        BETTER_AUTH_SECRET: "cluster-test-secret-0123456789abcdef-0123",
        PAYMENTS: "demo",
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl.toString(),
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
      },
      { timeoutMs: 100_000 },
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves from two processes, replaces one that dies, and drains both on SIGTERM", async () => {
    const primary = server.process.pid!;
    const workers = await waitFor("two workers", () => childrenOf(primary), (pids) => pids.length === 2);
    expect(await statusOf(`${server.url}/about`)).toBe(200);

    // One worker killed outright: the other keeps answering while the primary starts a replacement.
    process.kill(workers[0], "SIGKILL");
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
