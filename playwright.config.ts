import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's headless shell, when installed, is the same Chromium without the desktop browser's
// compositing: the browser process uses about half the CPU, which on a two-core CI machine is about
// a sixth of the browser tests' time. CHROMIUM_PATH still wins.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // Journeys run beside another on two cores, several times slower than alone: a budget that
  // only ends a stuck test, never a slow one.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    // Recording every test cost a sixth of the run's time (56 s against 47 s for 27 tests); a
    // failure is recorded on its retry.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
  ],
});
