import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEMO_ADMIN, DEMO_PERFORMER } from "./demo-data/generate";

// `npm run demo`: one command from a fresh clone to a running site full of demo data.
// Builds when the build is missing or stale, seeds a separate data folder on first run, then runs
// the production server (demo mode: local database, local media, dev mailbox, demo payments).

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");
const DATA_DIR = path.resolve(ROOT, process.env.DEMO_DATA_DIR ?? ".demo-data");
const SEEDED_MARKER = path.join(DATA_DIR, ".seeded");
const PORT = process.env.PORT ?? "3000";
// Sources whose change makes the existing build stale.
const SOURCES = ["app", "public", "vite.config.ts", "vite.plugins.ts", "react-router.config.ts", "package.json", "tsconfig.json"];

const started = Date.now();
let child: ChildProcess | null = null;
let stopping = false;

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function buildIsStale(): boolean {
  const entry = path.join(BUILD_DIR, "server", "index.js");
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
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

function printBanner(url: string): void {
  const lines = [
    "",
    `  CostumeCast demo is running at ${url}   (ready in ${seconds(started)})`,
    "",
    `  Admin login:      ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`,
    `  Performer login:  ${DEMO_PERFORMER.email} / ${DEMO_PERFORMER.password}`,
    `  Every other demo performer signs in with the performer password too.`,
    `  Emails the site sends (password resets, inquiries): ${url}/dev/mailbox`,
    "",
    `  Data folder: ${path.relative(ROOT, DATA_DIR) || DATA_DIR}  (delete it to start over with fresh demo data)`,
    "  Press Ctrl-C to stop.",
    "",
  ];
  console.log(lines.join("\n"));
}

function forward(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  // Ctrl-C reaches the child through the terminal too; sending it again is harmless.
  if (child && child.exitCode === null) child.kill(signal);
  else process.exit(130);
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

  const demoEnv: NodeJS.ProcessEnv = {
    ...baseEnv,
    NODE_ENV: "development",
    DEMO_MODE: "true",
    DATA_DIR,
    STORAGE_DRIVER: "local",
    PAYMENTS: "demo",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };

  if (!fs.existsSync(SEEDED_MARKER)) {
    // A folder without the marker is a seed that never finished: start it over from nothing.
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
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

  console.log("Starting the server...");
  child = spawn(process.execPath, tsxArgs(path.join(ROOT, "server.ts")), {
    cwd: ROOT,
    env: demoEnv,
    stdio: ["inherit", "inherit", "inherit", "ipc"],
  });
  child.on("message", (message: unknown) => {
    if (typeof message === "object" && message !== null && (message as { type?: unknown }).type === "listening") {
      const port = (message as { port?: unknown }).port;
      printBanner(`http://localhost:${typeof port === "number" ? port : PORT}`);
    }
  });
  child.once("exit", (code, signal) => {
    process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
