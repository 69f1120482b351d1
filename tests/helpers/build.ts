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

/** Runs `fn` while holding `buildDir`'s build lock, which every builder here takes. */
function withBuildLock<T>(dir: string, fn: () => T): T {
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
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function buildUnlessCurrent(dir: string, isStale?: (buildDir: string) => boolean): void {
  if (fs.existsSync(path.join(dir, "server", "index.js")) && !isStale?.(dir)) return;
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    // The production build, as `npm run build` makes it: Vite writes NODE_ENV into the browser's
    // code, and Vitest's NODE_ENV=test would give it React's development build.
    env: { ...process.env, BUILD_DIR: dir, NODE_ENV: "production" },
    stdio: "ignore",
  });
}

/**
 * Builds the app into `buildDir` unless a finished build is there (and, given `isStale`, it says the
 * build is current). A build deletes its folder first, so nothing else may build into a folder a
 * test serves from: this is the one builder for the test files, which CI runs twice at once (the
 * PGlite and PostgreSQL suites side by side, with the same build folders).
 */
export function ensureBuild(buildDir: string, isStale?: (buildDir: string) => boolean): void {
  const dir = path.resolve(buildDir);
  withBuildLock(dir, () => buildUnlessCurrent(dir, isStale));
}

/**
 * A copy of `buildDir`'s build (made first if missing or stale) at `copyDir`, for a test whose
 * program builds for itself when it finds the build older than the sources (`npm run demo`): the
 * copy's files are newer than the sources (a copy takes the time it is made), and were a source
 * edited meanwhile, the program rebuilds its own copy, never the folder other tests serve from.
 * `copyDir` sits beside `buildDir`, where the build's imports find node_modules.
 */
export function copyOfBuild(buildDir: string, copyDir: string, isStale?: (buildDir: string) => boolean): void {
  const dir = path.resolve(buildDir);
  fs.rmSync(copyDir, { recursive: true, force: true });
  withBuildLock(dir, () => {
    buildUnlessCurrent(dir, isStale);
    fs.cpSync(dir, copyDir, { recursive: true });
  });
}
