import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { ensureBuild } from "../helpers/build";
import { childProcessesRunning } from "../helpers/child-processes";
import { clonePostgresDatabase, postgresUrl, type ClonedDatabase } from "../helpers/db";

// WEB_CONCURRENCY=2: one primary process forks two servers sharing the port. A worker that dies is
// replaced while the other keeps answering; SIGTERM drains both and the primary exits 0.
// PostgreSQL only (vitest.config.ts leaves it out of the PGlite run): several processes need a
// database server.

const BUILD_DIR = process.env.BUILD_DIR ?? "build";

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
      },
      { timeoutMs: 100_000 },
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop("SIGKILL");
    await clone?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
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
