import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { enqueueEmail } from "~/server/mail/outbox.server";
import { SANDBOX_DEFAULTS, startStripeSandbox, type StripeSandbox } from "../../scripts/stripe-sandbox/server";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { onceAcrossEngines, postgresUrl } from "../helpers/db";
import { freePort } from "../helpers/free-port";
import { BUILD_DIR, PRODUCTION_ENV, useProductionServer } from "../helpers/production-server";
import { createRelayedDatabase } from "../helpers/relayed-database";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink";

// The real entry point, started as its own process on a production build, the way an operator runs it.
// `node --import tsx`, one process: the `tsx` CLI puts a parent in front that relays signals and
// SIGKILLs the server when it does not acknowledge one within 30 ms, which a loaded machine misses.
const NODE_ARGS = ["--import", "tsx", "server.ts"];
const BIG_FILE_BYTES = 48 * 1024 * 1024;

const baseEnv = { ...PRODUCTION_ENV, LOG_LEVEL: "info" };
const { tempDir: tempDataDir } = useProductionServer("cc-server-");

/** Runs server.ts to completion (for start-ups that must fail) and returns its exit code and output. */
function runUntilExit(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, NODE_ARGS, {
      env: { ...process.env, ...baseEnv, HOST: "127.0.0.1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`server.ts did not exit:\n${stdout}${stderr}`));
    }, 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The production entry point, given the longer start-up a cold build on a loaded machine needs. */
function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startAppServer(env, { timeoutMs: 100_000 });
}

/** GET with the path sent exactly as written (fetch would resolve `..%2f` and `%2e%2e` first). */
function rawGet(port: number, rawPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: rawPath, agent: false }, (response) => {
      let body = "";
      response.setEncoding("latin1");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
  });
}

function getBytes(
  port: number,
  requestPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path: requestPath, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
  });
}

async function waitUntilRefused(url: string) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === "ECONNREFUSED") return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("the server kept accepting connections");
}

// These servers run on an embedded PGlite of their own, whichever run this is.
onceAcrossEngines(() => describe("server.ts as a process", { timeout: 120_000 }, () => {
  let server: RunningServer;
  let dataDir: string;
  let stripe: StripeSandbox;

  beforeAll(async () => {
    dataDir = tempDataDir();
    fs.mkdirSync(path.join(dataDir, "media", "user-1"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "media", "user-1", "photo.webp"), "RIFF....WEBPVP8 image");
    // Payments as in production, against the Stripe-shaped sandbox and its test keys.
    stripe = await startStripeSandbox({ secretKey: SANDBOX_DEFAULTS.secretKey, webhookSecret: SANDBOX_DEFAULTS.webhookSecret });
    server = await startServer({
      ...baseEnv,
      DATA_DIR: dataDir,
      PAYMENTS: "stripe",
      STRIPE_API_URL: stripe.url,
      STRIPE_SECRET_KEY: SANDBOX_DEFAULTS.secretKey,
      STRIPE_WEBHOOK_SECRET: SANDBOX_DEFAULTS.webhookSecret,
      STRIPE_PRICE_ID: SANDBOX_DEFAULTS.priceId,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await stripe?.stop();
  });

  it("takes Stripe's signed webhook at /api/stripe/webhook and refuses a tampered one", async () => {
    const payload = JSON.stringify({ id: "evt_server_process", object: "event", type: "customer.created", data: { object: { id: "cus_1" } } });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SANDBOX_DEFAULTS.webhookSecret });
    const post = (body: string) =>
      fetch(`${server.url}/api/stripe/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": header },
        body,
      });
    const accepted = await post(payload);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ received: true });
    const tampered = await post(payload.replace("cus_1", "cus_2"));
    expect(tampered.status).toBe(400);
  });

  it("answers /healthz with JSON after pinging the database", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("takes the tiles' nationwide counts once at start, so the first visitor of the home page does not wait for eight searches", async () => {
    const deadline = Date.now() + 30_000;
    while (!server.output().includes("tile counts warmed") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toContain("tile counts warmed");
  });

  it("serves uploaded media with long immutable caching", async () => {
    const response = await rawGet(server.port, "/media/user-1/photo.webp");
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.body).toBe("RIFF....WEBPVP8 image");
  });

  it.each([
    "/media/..%2f..%2fetc%2fpasswd",
    "/media/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/media/user-1/..%2f..%2fdb.lock",
    "/media/user-1",
    "/media/user-1/",
    "/media/",
  ])("answers 404 without file contents or a listing for %s", async (requestPath) => {
    const response = await rawGet(server.port, requestPath);
    expect(response.status).toBe(404);
    expect(response.body).not.toMatch(/root:|photo\.webp/);
  });

  it("sends the build's scripts compressed at build time: brotli when accepted, else gzip, else as they are", async () => {
    const assetsDir = path.join(BUILD_DIR, "client", "assets");
    const [script] = fs
      .readdirSync(assetsDir)
      .filter((name) => name.endsWith(".js") && fs.existsSync(path.join(assetsDir, `${name}.br`)))
      .sort((a, b) => fs.statSync(path.join(assetsDir, b)).size - fs.statSync(path.join(assetsDir, a)).size);
    expect(script, `no precompressed scripts in ${assetsDir}: a build from before they existed? Rebuild.`).toBeDefined();
    const original = fs.readFileSync(path.join(assetsDir, script!));
    const url = `/assets/${script}`;

    const br = await getBytes(server.port, url, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
    // The build's own copy, byte for byte: nothing was compressed for this request.
    expect(br.body.equals(fs.readFileSync(path.join(assetsDir, `${script}.br`)))).toBe(true);

    for (const accept of ["gzip", "br;q=0, gzip;q=0.8"]) {
      const gz = await getBytes(server.port, url, { "accept-encoding": accept });
      expect(gz.headers["content-encoding"], accept).toBe("gzip");
      expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);
      expect(gz.body.equals(fs.readFileSync(path.join(assetsDir, `${script}.gz`)))).toBe(true);
    }

    const plain = await getBytes(server.port, url, { "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);

    expect((await getBytes(server.port, "/assets/no-such-chunk.js", { "accept-encoding": "br" })).status).toBe(404);
  });

  it("refuses a second server on the same data folder at once, with a message saying why", async () => {
    const second = await runUntilExit({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(second.code).not.toBe(0);
    expect(second.stdout).toBe("");
    expect(second.stderr.trim().split("\n")).toHaveLength(1);
    expect(second.stderr).toMatch(/^Another process \(pid \d+\) is using the embedded database/);
    // The first server is unharmed.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  // Last, because it stops the shared server.
  it("exits 0 promptly on SIGINT, with a kept-alive idle connection open, and releases the data folder", async () => {
    await fetch(`${server.url}/healthz`);
    const signalledAt = Date.now();
    const code = await server.stop("SIGINT");
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  });
}));

onceAcrossEngines(() => describe("start-up with bad configuration", { timeout: 60_000 }, () => {
  it.each([
    ["SMTP_URL", "http://mail.example.com"],
    ["PORT", "eighty"],
    ["MAIL_POLL_MS", "often"],
  ])("stops with one line naming %s", async (name, value) => {
    const result = await runUntilExit({ DATA_DIR: tempDataDir(), PORT: "0", [name]: value });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Invalid configuration: ${name} `));
  });
}));

onceAcrossEngines(() => describe("start-up with half a Stripe configuration", { timeout: 60_000 }, () => {
  it("refuses to start in production, naming the missing setting", async () => {
    const result = await runUntilExit({
      DATA_DIR: tempDataDir(),
      PORT: "0",
      PAYMENTS: "stripe",
      STRIPE_SECRET_KEY: "sk_test_half",
      STRIPE_PRICE_ID: "price_half",
    });
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^Invalid configuration: STRIPE_WEBHOOK_SECRET /m);
  });
}));

onceAcrossEngines(() => describe("graceful shutdown", { timeout: 120_000 }, () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
  });

  it("on SIGTERM stops accepting, finishes the request in flight, stops the jobs, closes the database and exits 0", async () => {
    const dataDir = tempDataDir();
    // Mail queued before start-up proves the outbox job runs inside the server process.
    const database = await openDatabase({ dataDir });
    await enqueueEmail(database.db, { to: "someone@example.com", subject: "Queued before start", text: "hello" });
    await database.close();
    fs.mkdirSync(path.join(dataDir, "media", "big"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "media", "big", "large.webp"), Buffer.alloc(BIG_FILE_BYTES, 7));

    const server = await startServer({ ...baseEnv, DATA_DIR: dataDir, SMTP_URL: sink.url, MAIL_POLL_MS: "100" });
    const exited = new Promise<number | null>((resolve) => server.process.on("exit", (code) => resolve(code)));
    for (let i = 0; i < 100 && sink.messages.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(sink.messages.map((m) => m.subject)).toEqual(["Queued before start"]);

    // A download the client reads only after the signal: it is in flight for as long as we choose.
    let received = 0;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get({ host: "127.0.0.1", port: server.port, path: "/media/big/large.webp", agent: false }, resolve).on("error", reject);
    });
    expect(response.statusCode).toBe(200);
    response.pause();

    const signalledAt = Date.now();
    server.process.kill("SIGTERM");
    await waitUntilRefused(`${server.url}/healthz`);
    expect(server.process.exitCode).toBeNull();

    const finished = new Promise<void>((resolve, reject) => {
      response.on("data", (chunk: Buffer) => (received += chunk.length));
      response.on("end", resolve);
      response.on("error", reject);
    });
    response.resume();
    await finished;
    expect(received).toBe(BIG_FILE_BYTES);

    const code = await exited;
    const elapsed = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(elapsed).toBeLessThan(5000);
    const log = server.output();
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain("job failed");
    // The embedded database let go of its data folder.
    expect(fs.existsSync(path.join(dataDir, "db.lock"))).toBe(false);
  });
}));

// Defined only for the PostgreSQL run of the suite (TEST_DATABASE_URL, which CI always makes):
// an embedded database cannot be cut off from its process.
if (postgresUrl()) describe("/healthz on PostgreSQL", { timeout: 120_000 }, () => {
  it("answers 503 JSON while the database is unreachable and 200 again once it is back", async () => {
    const database = await createRelayedDatabase(postgresUrl()!, "cc_srv");
    const server = await startServer({ ...baseEnv, DATA_DIR: tempDataDir(), DATABASE_URL: database.url });
    try {
      let response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: "ok", database: "postgres" });

      await database.relay.cut();
      response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toMatchObject({ status: "error" });

      await database.relay.restore();
      response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
      await database.close();
    }
  });
});
