import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { linguiMacros } from "./scripts/vite-lingui-macros.ts";

// Three projects (docs/architecture.md, Testing):
// - unit: tests beside the code, no database.
// - api-pglite: tests/api on in-memory PGlite, a fresh database per file.
// - api-postgres: the same files on a real PostgreSQL, a fresh database per file on a throwaway
//   cluster that tests/support/postgres-cluster.ts starts (or on TEST_DATABASE_URL).
// The API files read which database to use with inject("dbKind") (tests/support/test-app.ts).
// This file, not vite.config.ts, is what vitest reads: the web build's root (src/web) is not ours.

// What better-auth prints to the console when a test does on purpose what these words say: a wrong
// password, a reset for an unknown e-mail, a lost race for an e-mail. The tests assert the answers;
// the lines would only bury real output.
// (better-auth colours its prefix, so whatever follows "[Better Auth]:" up to the first space.)
const expectedAuthLogs = /\[Better Auth\]:\S* (Invalid password|User not found|Reset Password: User not found|Failed to create user)\b/;

const apiTest = {
  include: ["tests/api/**/*.test.ts"],
  // Password hashing (scrypt) is deliberately slow, a lockout test signs in twenty times, and a
  // busy CI machine can make each of those several times slower.
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

export default defineConfig({
  // The web app's helpers may use Lingui's macros (t`…`); unit tests run them as the build does.
  plugins: [linguiMacros()],
  test: {
    // vitest's default is one worker less than the CPUs (1 on a 2-core machine). The API files
    // spend much of their time waiting on PostgreSQL and on scrypt, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    onConsoleLog: (log) => !expectedAuthLogs.test(log),
    projects: [
      {
        // An inline project takes none of the root's plugins unless it extends the root config:
        // without this, the unit tests would import Lingui's macros untransformed.
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          ...apiTest,
          name: "api-pglite",
          environment: "node",
          provide: { dbKind: "pglite" },
        },
      },
      {
        test: {
          ...apiTest,
          name: "api-postgres",
          environment: "node",
          globalSetup: ["tests/support/postgres-cluster.ts"],
          provide: { dbKind: "postgres" },
        },
      },
    ],
  },
});
