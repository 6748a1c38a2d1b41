// One process per embedded database, with real server processes (decision 046): a second server
// and admin:create on the same DATA_DIR are refused with one line naming the holder, and the first
// keeps answering; customers signed up before a clean stop are there after it; a server killed
// with -9 leaves its lock, which the next start takes over; and of a burst of password resets cut
// by kill -9, every one answered 200 ends as exactly one e-mail, sent by the outbox after the restart.
// PGlite only: on PostgreSQL many processes share one database and there is no lock to test.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openDatabase, queryRows } from "../../../src/server/db/client.ts";
import { lockFileName, type LockHolder } from "../../../src/server/db/embedded-lock.ts";
import { goodPassword } from "../../support/test-app.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const port = 3270;
const otherPort = 3271;
const origin = `http://127.0.0.1:${port}`;

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(args: string[], env: Record<string, string>): Server {
  // The embedded database and the .eml outbox, whatever the shell running the tests has set.
  const { DATABASE_URL: _database, SMTP_URL: _smtp, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", ...args], { cwd: root, env: { ...inherited, ...env } });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

describe.runIf(inject("dbKind") === "pglite")("one process per embedded database (PGlite only: PostgreSQL takes many)", () => {
  let dataDir: string;
  let env: Record<string, string>;
  const running = new Set<Server>();
  const lockFile = () => path.join(dataDir, "db", lockFileName);
  const readLock = async () => JSON.parse(await readFile(lockFile(), "utf8")) as LockHolder;

  const startServer = async (serverPort = port): Promise<Server> => {
    const server = run(["src/server/main.ts"], { ...env, PORT: String(serverPort) });
    running.add(server);
    void server.exited.then(() => running.delete(server));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${serverPort}/api/health`).catch(() => null);
      if (answer?.status === 200) return server;
      if (server.child.exitCode !== null) throw new Error(`the server exited ${server.child.exitCode}:\n${server.output()}`);
      if (Date.now() > deadline) throw new Error(`the server did not answer:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const post = (route: string, body: unknown) =>
    fetch(`${origin}${route}`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify(body) });
  const stopServer = async (server: Server, signal: NodeJS.Signals) => {
    server.child.kill(signal);
    return server.exited;
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-lock-"));
    env = {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      MAIL_OUTBOX_POLL_SECONDS: "1",
      SIGNUPS_PER_IP_PER_MINUTE: "1000",
    };
  });
  afterAll(async () => {
    for (const server of running) await stopServer(server, "SIGKILL");
    await rm(dataDir, { recursive: true, force: true });
  });

  const customers = Array.from({ length: 20 }, (_, i) => `reset-${i}-${process.pid}@example.com`);
  let server: Server;

  test("a second server and admin:create are refused with one line naming the holder; the first keeps answering", async () => {
    server = await startServer();
    const holder = await readLock();
    expect(holder.pid).toBe(server.child.pid);

    const second = run(["src/server/main.ts"], { ...env, PORT: String(otherPort) });
    const admin = run(["src/server/cli/admin-create.ts", "--email", "admin@example.com", "--role", "super_admin"], env);
    for (const refused of [second, admin]) {
      expect(await refused.exited).toBe(1);
      const said = refused.output().trim();
      expect(said).toContain(
        `is open in another process (pid ${holder.pid} on ${holder.hostname}, "${holder.command}", since ${holder.since})`,
      );
      expect(said.split("\n")).toHaveLength(1); // one line: no stack trace
      expect(said).not.toContain("Created");
    }
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    expect(await readLock()).toEqual(holder);
  }, 180_000);

  test("customers signed up before a clean stop (SIGTERM) are there after the restart", async () => {
    const answers = await Promise.all(
      customers.map((email, i) =>
        post("/api/auth/sign-up/email", { email, password: goodPassword, username: `lock_${i}_${process.pid}`, country: "BD" }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(customers.map(() => 200));
    expect(await stopServer(server, "SIGTERM")).toBe(0);
    expect(existsSync(lockFile())).toBe(false); // given back on close

    server = await startServer();
    const signIn = await post("/api/auth/sign-in/email", { email: customers[7], password: goodPassword });
    expect(signIn.status).toBe(200);
  }, 180_000);

  test("kill -9 in a burst of password resets: the next start takes the lock over, and every reset answered 200 is one e-mail", async () => {
    const killed = server;
    const answered: string[] = [];
    let killedAfter = -1;
    // Four at a time; the server is killed once eight have been answered, with others under way.
    const queue = [...customers];
    const worker = async () => {
      for (let email = queue.shift(); email !== undefined; email = queue.shift()) {
        const answer = await post("/api/auth/request-password-reset", { email }).catch(() => null);
        if (answer?.status === 200) answered.push(email);
        if (answered.length >= 8 && killedAfter === -1) {
          killedAfter = answered.length;
          killed.child.kill("SIGKILL");
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(await killed.exited).toBe(null); // killed by the signal
    expect(answered.length).toBeGreaterThanOrEqual(8);
    expect(answered.length).toBeLessThan(customers.length); // the kill did cut the burst
    const stale = await readLock();
    expect(stale.pid).toBe(killed.child.pid); // left behind

    server = await startServer();
    expect((await readLock()).pid).toBe(server.child.pid); // taken over

    const resetFiles = async (email: string) =>
      (await readdir(path.join(dataDir, "mail")).catch(() => [] as string[])).filter(
        (file) => file.includes("password_reset") && file.endsWith(`-${email}.eml`),
      );
    const undelivered = async () =>
      (await Promise.all(answered.map(async (email) => ((await resetFiles(email)).length === 0 ? [email] : [])))).flat();
    const deadline = Date.now() + 15_000;
    while ((await undelivered()).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));

    // A message the killed server had claimed but not sent waits for its claim's lease (two minutes)
    // before another takes it. Rather than wait: stop the server, end the leases in the database, start again.
    if ((await undelivered()).length > 0) {
      expect(await stopServer(server, "SIGTERM")).toBe(0);
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await database.db.execute(sql`update email_outbox set next_attempt_at = now() where sent_at is null`);
      } finally {
        await database.close();
      }
      server = await startServer();
      const retryDeadline = Date.now() + 15_000;
      while ((await undelivered()).length > 0 && Date.now() < retryDeadline) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await undelivered()).toEqual([]);
    // Exactly one file each (a message sent again after a crash rewrites the same file), and none
    // for more than one request per customer.
    for (const email of customers) expect((await resetFiles(email)).length).toBeLessThanOrEqual(1);
    expect(await stopServer(server, "SIGTERM")).toBe(0);

    // In the database: one reset e-mail per answered request, all sent.
    const database = await openDatabase({ kind: "pglite", dataDir });
    try {
      const rows = await queryRows<{ to_address: string; sent: boolean }>(
        database.db,
        sql`select to_address, sent_at is not null as sent from email_outbox where event_key like 'password_reset:%'`,
      );
      for (const email of answered) expect(rows.filter((row) => row.to_address === email)).toEqual([{ to_address: email, sent: true }]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
