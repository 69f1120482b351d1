import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    pool: "forks",
    include: ["app/**/*.test.{ts,tsx}", "tests/server/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    environment: "node",
  },
});
