import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/server/platform/config.server";
import { copyOfBuild } from "../tests/helpers/build";
import { childProcessesRunning } from "../tests/helpers/child-processes";
import { buildIsStale, demoAuthSecret, demoServerEnv } from "./demo";

// `npm run demo` runs the production server: its environment says so, the configuration accepts it
// (demo mode allowed for a site on http://localhost only), and the running demo's server process
// has NODE_ENV=production while its pages and dev mailbox answer.

const ROOT = path.resolve(import.meta.dirname, "..");
// The demo's build, shared by this file's runs (CI runs it in the PGlite and the PostgreSQL suites
// at once), and this run's copy of it, which the demo runs on. The demo rebuilds a build older
// than the sources, and a build first deletes its folder: two demos on one folder each deleted the
// build the other was starting its server from.
const SHARED_BUILD_DIR = path.join(ROOT, "build-demo-test");
const BUILD_DIR = path.join(ROOT, `build-demo-test-${process.pid}`);
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-demo-test-"));
  tempDirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the demo's environment", () => {
  it("is production with the demo's settings, and the configuration accepts it", () => {
    const dataDir = tempDir();
    const env = demoServerEnv({ PORT: "3000", DATABASE_URL: "postgres://elsewhere/db", STRIPE_SECRET_KEY: "sk_live_x" }, {
      dataDir,
      authSecret: demoAuthSecret(dataDir),
    });
    expect(env).toMatchObject({ NODE_ENV: "production", DEMO_MODE: "true", DATA_DIR: dataDir, STORAGE_DRIVER: "local", HOST: "127.0.0.1" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    const config = loadConfig(env);
    expect(config).toMatchObject({ isProduction: true, demoMode: true, publicUrl: "http://localhost:3000" });
    expect(() => loadConfig({ ...env, PUBLIC_URL: "https://www.example.com" })).toThrow(/DEMO_MODE cannot be enabled/);
  });

  it("listens on this machine only unless HOST says otherwise, and a HOST other machines reach is refused at start-up", () => {
    const dataDir = tempDir();
    const options = { dataDir, authSecret: demoAuthSecret(dataDir) };
    expect(demoServerEnv({ PORT: "3000" }, options).HOST).toBe("127.0.0.1");
    expect(demoServerEnv({ PORT: "3000", HOST: "::1" }, options).HOST).toBe("::1");
    const everywhere = demoServerEnv({ PORT: "3000", HOST: "0.0.0.0" }, options);
    expect(everywhere.HOST).toBe("0.0.0.0");
    expect(() => loadConfig(everywhere)).toThrow(/HOST must be a loopback address/);
  });

  it("keeps one auth secret per data folder, readable by its owner only", () => {
    const dataDir = tempDir();
    const secret = demoAuthSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(demoAuthSecret(dataDir)).toBe(secret);
    expect(fs.statSync(path.join(dataDir, ".auth-secret")).mode & 0o077).toBe(0);
    expect(demoAuthSecret(tempDir())).not.toBe(secret);
  });
});

function environOf(pid: number): Record<string, string> {
  const raw = fs.readFileSync(`/proc/${pid}/environ`, "utf8");
  return Object.fromEntries(
    raw
      .split("\0")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

describe("npm run demo", { timeout: 300_000 }, () => {
  beforeAll(() => copyOfBuild(SHARED_BUILD_DIR, BUILD_DIR, buildIsStale), 300_000);
  afterAll(() => fs.rmSync(BUILD_DIR, { recursive: true, force: true }));

  it("starts the production server: NODE_ENV=production in the server process, pages and dev mailbox answer, Ctrl-C stops it", async () => {
    const dataDir = tempDir();
    // Already "seeded" (empty): this checks how the server runs, not the demo data.
    fs.writeFileSync(path.join(dataDir, ".seeded"), "test\n");
    let output = "";
    const demo: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts", "demo.ts")], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR, DEMO_DATA_DIR: dataDir, PORT: "0", LOG_LEVEL: "warn", NODE_ENV: "test" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    demo.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    demo.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => demo.once("exit", (code) => resolve(code)));
    try {
      const deadline = Date.now() + 280_000;
      let url: string | null = null;
      while (!url && Date.now() < deadline && demo.exitCode === null) {
        url = output.match(/demo is running at (http:\/\/localhost:\d+)/)?.[1] ?? null;
        if (!url) await new Promise((r) => setTimeout(r, 200));
      }
      expect(url, `${output}\n(the demo: exit code ${demo.exitCode}, signal ${demo.signalCode})`).not.toBeNull();
      expect(output).toContain("Server: the production build with NODE_ENV=production");

      // The demo's server process (tsx's esbuild helper is a child of the demo too).
      const [server] = childProcessesRunning(demo.pid!, "server.ts");
      expect(server, output).toBeGreaterThan(0);
      expect(environOf(server)).toMatchObject({ NODE_ENV: "production", DEMO_MODE: "true", PAYMENTS: "stripe" });

      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain("CostumeCast");
      expect((await fetch(`${url}/dev/mailbox`)).status).toBe(200);
    } finally {
      demo.kill("SIGINT");
    }
    expect(await exited, output).toBe(0);
  });
});
