import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEMO_ADMIN, DEMO_PERFORMER } from "./demo-data/generate";
import { buildIsStale as isStale } from "./lib/build-freshness";
import { SANDBOX_DEFAULTS, startStripeSandbox, type StripeSandbox } from "./stripe-sandbox/server";

// `npm run demo`: one command from a fresh clone to a running site full of demo data.
// Builds when the build is missing or stale, seeds a separate data folder on first run, then runs
// the production server (NODE_ENV=production, so React renders as it does for real visitors; demo
// mode on top: local database, local media, dev mailbox, on http://localhost) with real Stripe
// payments code pointed at the Stripe-shaped sandbox (scripts/stripe-sandbox/), which runs in this
// process on a free loopback port and sends its signed webhooks to the app's /api/stripe/webhook.

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DATA_DIR = path.resolve(ROOT, process.env.DEMO_DATA_DIR ?? ".demo-data");
const SEEDED_MARKER = path.join(DATA_DIR, ".seeded");
// The demo's own BETTER_AUTH_SECRET, made on first run and kept with its data (production refuses
// to start without one, and a fixed one in the source would sign everyone's demo sessions alike).
const SECRET_FILE = ".auth-secret";
const PORT = process.env.PORT ?? "3000";
const started = Date.now();
let child: ChildProcess | null = null;
let sandbox: StripeSandbox | null = null;
let stopping = false;

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/** Whether `buildDir` holds no finished build, or one older than a source it was built from. */
export function buildIsStale(buildDir: string = BUILD_DIR): boolean {
  return isStale(buildDir);
}

/** Runs a child to completion, sharing this terminal; resolves with its exit code. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    child = spawn(command, args, { cwd: ROOT, env, stdio: "inherit" });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      child = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function tsxArgs(script: string): string[] {
  return ["--import", "tsx", script];
}

/** The data folder's auth secret, made (readable by this user only) when the folder has none. */
export function demoAuthSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    const kept = fs.readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch {
    // first run: made below
  }
  const secret = randomBytes(32).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * What the demo's server (and its seeding) run with: the production server, with the demo's relaxed
 * settings each allowed explicitly. DEMO_MODE (the dev mailbox) is accepted in production only for
 * a site on http://localhost, and anywhere only on a loopback HOST (config.server.ts): the demo
 * listens on this machine alone unless HOST is set; payments are the sandbox's, set by the caller.
 */
export function demoServerEnv(base: NodeJS.ProcessEnv, options: { dataDir: string; authSecret: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...base,
    NODE_ENV: "production",
    DEMO_MODE: "true",
    // Published logins and a mailbox of reset links: never on an interface the network can reach.
    HOST: base.HOST?.trim() || "127.0.0.1",
    BETTER_AUTH_SECRET: options.authSecret,
    DATA_DIR: options.dataDir,
    STORAGE_DRIVER: "local",
    // Seeding needs no Stripe; the server gets the sandbox's settings.
    PAYMENTS: "demo",
    LOG_LEVEL: base.LOG_LEVEL ?? "warn",
  };
  delete env.DATABASE_URL;
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID", "STRIPE_API_URL"]) delete env[key];
  return env;
}

function printBanner(url: string, stripeUrl: string, nodeEnv: string | undefined): void {
  const lines = [
    "",
    `  CostumeCast demo is running at ${url}   (ready in ${seconds(started)})`,
    `  Server: the production build with NODE_ENV=${nodeEnv ?? "unset"}, demo mode on (dev mailbox, local data).`,
    "",
    `  Admin login:      ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    `  Performer login:  ${DEMO_PERFORMER.email} / ${DEMO_PERFORMER.password}`,
    `  Every other demo performer signs in with the performer password too.`,
    `  Emails the site sends (password resets, inquiries, receipts): ${url}/dev/mailbox`,
    `  Payments: a Stripe-shaped test server at ${stripeUrl} (no real money, no internet).`,
    `  Subscribe at ${url}/dashboard/subscription and press Pay on its test checkout page.`,
    "",
    `  Data folder: ${path.relative(ROOT, DATA_DIR) || DATA_DIR}  (delete it to start over with fresh demo data)`,
    "  Press Ctrl-C to stop.",
    "",
  ];
  console.log(lines.join("\n"));
}

/** Stops the Stripe sandbox (if it runs), then leaves with `code`. */
function exit(code: number): void {
  const running = sandbox;
  sandbox = null;
  if (!running) process.exit(code);
  process.exitCode = code;
  // A sandbox that does not close promptly must not hold the exit.
  setTimeout(() => process.exit(code), 2000).unref();
  void running.stop().finally(() => process.exit(code));
}

function forward(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  // Ctrl-C reaches the child through the terminal too; sending it again is harmless.
  if (child && child.exitCode === null) child.kill(signal);
  else exit(130);
}

async function main(): Promise<void> {
  process.on("SIGINT", () => forward("SIGINT"));
  process.on("SIGTERM", () => forward("SIGTERM"));
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, BUILD_DIR, PORT };
  delete baseEnv.DATABASE_URL;

  if (buildIsStale()) {
    const buildStarted = Date.now();
    console.log("Building the app (first run, or the sources changed)...");
    const code = await run(process.execPath, [path.join(ROOT, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
      ...baseEnv,
      NODE_ENV: "production",
    });
    if (stopping) process.exit(130);
    if (code !== 0) {
      console.error("The build failed; see the messages above.");
      process.exit(code);
    }
    console.log(`Built in ${seconds(buildStarted)}.`);
  }

  const needsSeed = !fs.existsSync(SEEDED_MARKER);
  // A folder without the marker is a seed that never finished: start it over from nothing.
  if (needsSeed) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const demoEnv = demoServerEnv(baseEnv, { dataDir: DATA_DIR, authSecret: demoAuthSecret(DATA_DIR) });

  if (needsSeed) {
    const seedStarted = Date.now();
    console.log(`Creating demo data in ${path.relative(ROOT, DATA_DIR)} (first run only)...`);
    const code = await run(process.execPath, tsxArgs(path.join(ROOT, "scripts", "seed-demo.ts")), demoEnv);
    if (stopping) process.exit(130);
    if (code !== 0) {
      console.error("Seeding the demo data failed; see the messages above.");
      process.exit(code);
    }
    fs.writeFileSync(SEEDED_MARKER, `${new Date().toISOString()}\n`);
    console.log(`Demo data ready in ${seconds(seedStarted)}.`);
  }

  const webhookUrl = (port: string | number) => `http://127.0.0.1:${port}/api/stripe/webhook`;
  sandbox = await startStripeSandbox({
    port: 0,
    host: "127.0.0.1",
    secretKey: SANDBOX_DEFAULTS.secretKey,
    webhookSecret: SANDBOX_DEFAULTS.webhookSecret,
    prices: [{ id: SANDBOX_DEFAULTS.priceId, unitAmount: 2900, nickname: "Yearly Membership" }],
    webhookUrl: webhookUrl(PORT),
    log: (line) => console.log(`[stripe-sandbox] ${line}`),
  });
  const stripeUrl = sandbox.url;
  if (stopping) return exit(130);

  console.log("Starting the server...");
  child = spawn(process.execPath, tsxArgs(path.join(ROOT, "server.ts")), {
    cwd: ROOT,
    env: {
      ...demoEnv,
      // The real Stripe code path, against the sandbox on loopback.
      PAYMENTS: "stripe",
      STRIPE_API_URL: stripeUrl,
      STRIPE_SECRET_KEY: SANDBOX_DEFAULTS.secretKey,
      STRIPE_WEBHOOK_SECRET: SANDBOX_DEFAULTS.webhookSecret,
      STRIPE_PRICE_ID: SANDBOX_DEFAULTS.priceId,
    },
    stdio: ["inherit", "inherit", "inherit", "ipc"],
  });
  child.on("message", (message: unknown) => {
    if (typeof message === "object" && message !== null && (message as { type?: unknown }).type === "listening") {
      const reported = (message as { port?: unknown }).port;
      const port = typeof reported === "number" ? reported : PORT;
      // The port the server really took (PORT=0 picks one): events go there.
      sandbox?.setWebhookUrl(webhookUrl(port));
      printBanner(`http://localhost:${port}`, stripeUrl, demoEnv.NODE_ENV);
    }
  });
  child.once("exit", (code, signal) => {
    exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
  });
}

// Run as `npm run demo`; imported (by its test) it only lends its helpers.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    exit(1);
  });
}
