import { defineConfig, devices } from "@playwright/test";
import { e2eBaseUrl, e2eDataDir, e2ePort } from "./tests/e2e/support/e2e-env.ts";

// Journeys in Debian's Chromium against the real server on the embedded database, started fresh
// for each run (its data folder is wiped first). `npm run test:e2e` builds the web app first.
export default defineConfig({
  testDir: "./tests/e2e",
  outputDir: "./test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: e2eBaseUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    // The first admin is created through /make-admin once per run, before every other journey.
    { name: "setup", testMatch: /.*\.setup\.ts/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "chromium", dependencies: ["setup"], use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: `rm -rf ${e2eDataDir} && node --import tsx src/server/main.ts`,
    url: `${e2eBaseUrl}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(e2ePort),
      DATA_DIR: e2eDataDir,
      PUBLIC_URL: e2eBaseUrl,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // Every journey comes from 127.0.0.1: the per-IP limits of public forms are raised so that
      // dozens of sign-ups in a minute are not taken for abuse. The per-account limits stay.
      SIGNUPS_PER_IP_PER_MINUTE: "1000",
      TWO_FACTOR_CODES_PER_IP_PER_MINUTE: "1000",
      CONTACT_MESSAGES_PER_IP_PER_HOUR: "1000",
    },
  },
});
