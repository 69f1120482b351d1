import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// Test files that start the production server need a build. Vitest runs files in parallel
// workers, so two of them finding none would build into the same folder at once and one would
// serve a half-written build: one worker builds while the others wait for it.

const STALE_LOCK_MS = 10 * 60_000;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Builds the app into `buildDir` unless a finished build is there. */
export function ensureBuild(buildDir: string): void {
  const dir = path.resolve(buildDir);
  const entry = path.join(dir, "server", "index.js");
  const lock = `${dir}.building`;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // Someone else is building: wait for them, unless they died long ago.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
      else sleep(500);
    }
  }
  try {
    if (fs.existsSync(entry)) return;
    execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
      env: { ...process.env, BUILD_DIR: dir },
      stdio: "ignore",
    });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
