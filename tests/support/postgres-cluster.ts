// Global setup of the api-postgres project (docs/architecture.md, Testing): a real PostgreSQL for the API tests.
// With TEST_DATABASE_URL set, that server is used (its user must be allowed to CREATE DATABASE:
// every test file makes its own database there and drops it at the end). Otherwise a throwaway
// cluster is made with initdb in a temp folder, started with pg_ctl on a free port of 127.0.0.1,
// and stopped and deleted after the run. As root, PostgreSQL refuses to run, so it runs as the
// `postgres` user that the Debian package creates.
import { execFile, execFileSync } from "node:child_process";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { TestProject } from "vitest/node";
import "./provided-context.ts";

const run = promisify(execFile);
const startTimeoutMs = 30_000;

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    await waitUntilAccepting(given, startTimeoutMs);
    project.provide("postgresAdminUrl", given);
    return undefined;
  }
  const cluster = await startThrowawayCluster();
  project.provide("postgresAdminUrl", cluster.url);
  return cluster.stop;
}

export type ThrowawayCluster = {
  url: string;
  stop: () => Promise<void>;
  /**
   * `pg_ctl restart -m fast`, as an operator restarts for a minor upgrade: ends every connection,
   * waits until it accepts again. With `downMs`, stops, stays down that long, then starts.
   */
  restart: (options?: { downMs?: number }) => Promise<void>;
};

/**
 * Makes a PostgreSQL cluster in a temp folder (initdb), starts it on a free port of 127.0.0.1 and
 * answers the URL of its `postgres` database and a function that stops and deletes it. Durability
 * is off (fsync, full-page writes, synchronous commit): nothing here outlives the run. Used by the
 * api-postgres tests and by bench/admin-lists; `settings` adds server options (-c name=value).
 */
export async function startThrowawayCluster(settings: Record<string, string> = {}): Promise<ThrowawayCluster> {
  const binDir = findPostgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), "nexapay-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  if (asRoot) {
    const { uid, gid } = postgresUser();
    await chown(dir, uid, gid);
  }
  // As root, every PostgreSQL command runs as `postgres`; otherwise as ourselves.
  const pgCommand = (name: string, args: string[]) => {
    const bin = path.join(binDir, name);
    return asRoot ? run("runuser", ["-u", "postgres", "--", bin, ...args]) : run(bin, args);
  };

  let started = false;
  const stop = async () => {
    if (started) {
      started = false;
      await pgCommand("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-s"]).catch(() => undefined);
    }
    await rm(dir, { recursive: true, force: true });
  };
  // If the run is killed before teardown, do not leave a server running behind it.
  const stopOnExit = () => {
    if (!started) return;
    try {
      const bin = path.join(binDir, "pg_ctl");
      const args = ["stop", "-D", dataDir, "-m", "immediate", "-s"];
      if (asRoot) execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "ignore" });
      else execFileSync(bin, args, { stdio: "ignore" });
    } catch {
      // Already stopped.
    }
  };
  process.once("exit", stopOnExit);

  try {
    await pgCommand("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c full_page_writes=off",
      "-c synchronous_commit=off",
      "-c max_connections=200",
      ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
    ].join(" ");
    started = true;
    await pgCommand("pg_ctl", ["start", "-D", dataDir, "-l", logFile, "-w", "-t", String(startTimeoutMs / 1000), "-s", "-o", options]);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await waitUntilAccepting(url, startTimeoutMs);
    return {
      url,
      restart: async ({ downMs }: { downMs?: number } = {}) => {
        const wait = ["-w", "-t", String(startTimeoutMs / 1000), "-s"];
        if (downMs === undefined) {
          await pgCommand("pg_ctl", ["restart", "-D", dataDir, "-l", logFile, "-m", "fast", ...wait]);
          return;
        }
        await pgCommand("pg_ctl", ["stop", "-D", dataDir, "-m", "fast", ...wait]);
        await new Promise((resolve) => setTimeout(resolve, downMs));
        await pgCommand("pg_ctl", ["start", "-D", dataDir, "-l", logFile, ...wait, "-o", options]);
      },
      stop: async () => {
        await stop();
        process.removeListener("exit", stopOnExit);
      },
    };
  } catch (error) {
    const log = await readFile(logFile, "utf8").catch(() => "");
    await stop();
    process.removeListener("exit", stopOnExit);
    throw new Error(
      `Could not start a throwaway PostgreSQL cluster in ${dir}: ${String(error)}${log ? `\n--- postgres.log ---\n${log}` : ""}`,
      {
        cause: error,
      },
    );
  }
}

/** The bin folder of the newest PostgreSQL installed the Debian way, or the one on PATH. */
function findPostgresBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter(
          (name) =>
            /^\d+(\.\d+)?$/.test(name) &&
            existsSync(path.join(root, name, "bin", "initdb")) &&
            existsSync(path.join(root, name, "bin", "pg_ctl")),
        )
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest !== undefined) return path.join(root, newest, "bin");
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl"))) return dir;
  }
  throw new Error(
    "The api-postgres tests need PostgreSQL, but initdb and pg_ctl were found neither in /usr/lib/postgresql/*/bin nor on PATH. " +
      "Install it (Debian/Ubuntu: `apt-get install postgresql`), or set TEST_DATABASE_URL to a server whose user may CREATE DATABASE, " +
      "or run only the other projects (`npx vitest run --project unit --project api-pglite`).",
  );
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error(
      "Running as root, the test PostgreSQL must run as the `postgres` user, and there is none. " +
        "Install the Debian package `postgresql` (it creates the user), or set TEST_DATABASE_URL.",
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

async function waitUntilAccepting(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query("select 1");
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL at ${url.replace(/:[^:@/]*@/, ":***@")} did not accept connections: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
