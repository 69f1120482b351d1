import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    pool: "forks",
    // One process runs file after file, keeping the modules it has loaded and PGlite's compiled
    // WebAssembly: every file still gets its own database (tests/helpers/db.ts), and no test mocks
    // a module or changes the environment. On 39 server files: 225 s isolated, 136 s not.
    isolate: false,
    include: ["app/**/*.test.{ts,tsx}", "tests/server/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    // Several server processes cannot share an embedded PGlite, and a killed one is not what
    // production runs on: those files belong to the PostgreSQL run.
    // The other way round, files that never touch the run's database (the demo on its own embedded
    // PGlite; headers and the outage page's words) would check the same thing twice in CI's two runs
    // side by side: the PostgreSQL run leaves them out (blocks inside a file: onceAcrossEngines).
    exclude: [
      ...configDefaults.exclude,
      ...(process.env.TEST_DATABASE_URL
        ? ["scripts/demo.test.ts", "tests/server/http-headers.test.ts"]
        : ["tests/server/two-instances.test.ts", "tests/server/upload-kill.test.ts", "tests/server/cluster.test.ts"]),
    ],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    // CI machines are shared and loaded: one retry keeps a timing hiccup from blocking a landing.
    // Locally a failure shows at once.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 60_000,
    environment: "node",
  },
});
