import { defineConfig, devices } from "@playwright/test";
import {
  e2eBaseUrl,
  e2eDataDir,
  e2eDepositAddress,
  e2ePort,
  e2eProtectedBaseUrl,
  e2eProtectedDataDir,
  e2eProtectedPort,
  e2eShortWindowBaseUrl,
  e2eShortWindowDataDir,
  e2eShortWindowPort,
  e2eSimulatorPort,
  e2eSimulatorUrl,
} from "./tests/e2e/support/e2e-env.ts";

// What both e2e servers share: the simulator they poll, the shortest poll, the log level and the raised per-IP limits.
const serverEnv = {
  DEPOSIT_ADDRESS: e2eDepositAddress,
  TRON_API_URL: e2eSimulatorUrl,
  // The shortest poll the configuration accepts (5 s): journeys wait for the watcher's match.
  CHAIN_POLL_SECONDS: "5",
  LOG_LEVEL: "warn",
  NODE_ENV: "test",
  // Every journey comes from 127.0.0.1: the per-IP limits of public forms are raised so that
  // dozens of sign-ups in a minute are not taken for abuse. The per-account limits stay.
  SIGNUPS_PER_IP_PER_MINUTE: "1000",
  TWO_FACTOR_CODES_PER_IP_PER_MINUTE: "1000",
  CONTACT_MESSAGES_PER_IP_PER_HOUR: "1000",
  // Every admin of a run is minutes old: the journeys with two admins would otherwise wait a day
  // before the second may confirm anything (decision 040). Who appointed whom still counts.
  NEW_ADMIN_COOLDOWN_HOURS: "0",
};

// The journeys about other things run as a deployment that confirms withdrawals another way
// (decision 039): no code per withdrawal, and unverified customers up to the daily maximum. The
// customer-protection journeys run on a third server with the product's defaults.
const liftedCustomerProtection = { WITHDRAWAL_CONFIRMATION: "off", UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT: "50000" };

// Journeys in Debian's Chromium against the real server on the embedded database, started fresh
// for each run (its data folder is wiped first). `npm run test:e2e` builds the web app first. The
// chain watcher is on: it polls a TronGrid simulator started beside the server (decision 018), to which
// journeys add USDT transfers through its control endpoint (POST /simulator/transfers).
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
  webServer: [
    {
      command: "node --import tsx src/server/chain/simulate.ts",
      // Ready when it answers the endpoint the watcher polls.
      url: `${e2eSimulatorUrl}/v1/accounts/${e2eDepositAddress}/transactions/trc20`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SIMULATOR_PORT: String(e2eSimulatorPort), DEPOSIT_ADDRESS: e2eDepositAddress },
    },
    {
      // Journeys run among the volume the back office is built for (decision 021): 300 demo customers and
      // 4,000 transactions, seeded into the fresh data folder before the server opens it.
      command: `rm -rf ${e2eDataDir} && node --import tsx src/server/cli/seed-demo.ts --users 300 --transactions 4000 && node --import tsx src/server/main.ts`,
      url: `${e2eBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, ...liftedCustomerProtection, PORT: String(e2ePort), DATA_DIR: e2eDataDir, PUBLIC_URL: e2eBaseUrl },
    },
    {
      // Deposit requests that expire after one minute (decision 038), so that a journey sees one run
      // out (deposits.spec.ts). A fresh, empty data folder: no demo data, no admin.
      command: `rm -rf ${e2eShortWindowDataDir} && node --import tsx src/server/main.ts`,
      url: `${e2eShortWindowBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        ...liftedCustomerProtection,
        PORT: String(e2eShortWindowPort),
        DATA_DIR: e2eShortWindowDataDir,
        PUBLIC_URL: e2eShortWindowBaseUrl,
        DEPOSIT_WINDOW_MINUTES: "1",
      },
    },
    {
      // Customer protection as shipped (decision 039): a code for every withdrawal, identity before
      // cash-out. One setting differs: no hold after a security change, so that a journey can turn
      // on an authenticator and withdraw with it the same minute (the 24-hour hold is proved by
      // tests/api/money/withdrawal-confirmation.test.ts and auth/customer-two-factor.test.ts). A fresh, empty
      // data folder: no demo data, no admin.
      command: `rm -rf ${e2eProtectedDataDir} && node --import tsx src/server/main.ts`,
      url: `${e2eProtectedBaseUrl}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        PORT: String(e2eProtectedPort),
        DATA_DIR: e2eProtectedDataDir,
        PUBLIC_URL: e2eProtectedBaseUrl,
        SECURITY_HOLD_HOURS: "0",
      },
    },
  ],
});
