import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { ensureBuild } from "./build";

// For vitest files that run server.ts as a process on a production build, the way an operator runs
// it: the build made before the file's tests, the environment every such server starts from, and
// throw-away folders removed after the file's tests.

/** The production build the servers run on. */
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

/** What every production server in these tests starts with; a test adds DATA_DIR and its own settings. */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  BUILD_DIR,
  BETTER_AUTH_SECRET: "production-server-test-secret-0123456789abcdef",
  PAYMENTS: "demo",
} as const;

/** Builds the app before the file's tests (unless built) and hands out temp folders named `prefix…`, removed after them. */
export function useProductionServer(prefix: string): { tempDir(): string } {
  const dirs: string[] = [];
  beforeAll(() => ensureBuild(BUILD_DIR), 300_000);
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });
  return {
    tempDir() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
      dirs.push(dir);
      return dir;
    },
  };
}
