// The server survives its PostgreSQL going away (decision 047, docs/operations.md, "When PostgreSQL
// restarts"). A real server process (the one `npm start` runs) on a throwaway cluster of its own,
// under load from a few parallel clients, while the cluster restarts (`pg_ctl restart -m fast`) and
// while single connections are terminated (pg_terminate_backend): the process keeps running, every
// answer is a success or our 503 error object, it recovers by itself, and live updates work
// afterwards on a stream opened before the trouble and on one opened after.
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startThrowawayCluster, type ThrowawayCluster } from "../../support/postgres-cluster.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const onPostgres = inject("dbKind") === "postgres";

type Answer = { at: number; tookMs: number; status: number; code: string | undefined; error?: string };

describe.skipIf(!onPostgres)("a PostgreSQL restart under load (real server process)", () => {
  let cluster: ThrowawayCluster;
  let server: ChildProcess;
  let exited: { code: number | null; signal: string | null } | null = null;
  let serverOutput = "";
  let baseUrl: string;
  let dataDir: string;
  let databaseUrl: string;
  let cookie: string;

  beforeAll(async () => {
    cluster = await startThrowawayCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query("create database nexapay");
    await admin.end();
    databaseUrl = cluster.url.replace(/\/postgres$/, "/nexapay");
    dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-restart-"));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "warn",
        DEPOSIT_OPEN_MAX: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (serverOutput += chunk.toString()));
    server.on("exit", (code, signal) => (exited = { code, signal }));
    await waitFor(
      async () => (await get("/api/health")).status === 200,
      60_000,
      () => serverOutput,
    );

    const signUp = await send("POST", "/api/auth/sign-up/email", {
      email: "restart@example.test",
      password: "Restart-Passphrase-2025!",
      name: "Restart",
      username: "restart_customer",
      country: "BD",
    });
    expect(signUp.status, signUp.body).toBe(200);
    cookie = signUp.cookie;
  }, 120_000);

  afterAll(async () => {
    if (server && !exited) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    await cluster?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("keeps running through a restart, answers 503 with our error object meanwhile, and recovers by itself", async () => {
    const oldStream = await openStream();
    const answers = await underLoad(async () => {
      await sleep(1500);
      await cluster.restart();
      await sleep(1500);
    });

    expect(exited, serverOutput).toBeNull();
    const bad = answers.filter((a) => !(a.status === 200 || (a.status === 503 && a.code === "UNAVAILABLE")));
    expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
    // It answered again, by itself, after the restart: the last second of load was all 200.
    const end = answers.at(-1)!.at;
    expect(answers.filter((a) => a.at > end - 1000).every((a) => a.status === 200)).toBe(true);
    const unavailable = answers.filter((a) => a.status === 503);
    const seconds = unavailable.length > 0 ? (unavailable.at(-1)!.at - unavailable[0]!.at) / 1000 : 0;
    console.info(
      `restart under load: ${answers.length} answers, ${unavailable.length} were 503 over ${seconds.toFixed(2)} s, ` +
        `0 other 5xx, the process kept running`,
    );

    await expectLiveUpdatesOn(oldStream);
  }, 90_000);

  it("answers 503 at once, never hanging, while the database stays down, and recovers when it is back", async () => {
    const oldStream = await openStream();
    const answers = await underLoad(async () => {
      await sleep(1000);
      await cluster.restart({ downMs: 3000 });
      await sleep(1000);
    });
    expect(exited, serverOutput).toBeNull();
    const bad = answers.filter((a) => !(a.status === 200 || (a.status === 503 && a.code === "UNAVAILABLE")));
    expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
    const end = answers.at(-1)!.at;
    expect(answers.filter((a) => a.at > end - 1000).every((a) => a.status === 200)).toBe(true);
    const unavailable = answers.filter((a) => a.status === 503);
    const slowest = Math.max(...answers.map((a) => a.tookMs));
    // Down for 3 s: the 503s cover about that, and none of them waited for the database to return.
    expect(slowest).toBeLessThan(5000);
    const seconds = (unavailable.at(-1)!.at - unavailable[0]!.at) / 1000;
    console.info(
      `3 s outage under load: ${answers.length} answers, ${unavailable.length} were 503 over ${seconds.toFixed(2)} s, ` +
        `slowest answer ${slowest} ms, the process kept running`,
    );
    await expectLiveUpdatesOn(oldStream);
  }, 90_000);

  it("survives pg_terminate_backend on the LISTEN connection and on the pool's connections", async () => {
    const oldStream = await openStream();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const answers = await underLoad(async () => {
        await sleep(500);
        const listeners = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'nexapay' and query like 'listen%'",
        );
        expect(listeners.rowCount).toBe(1);
        await sleep(500);
        // Every other connection of the server: idle ones in the pool and busy ones under a request.
        const pooled = await admin.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'nexapay' and pid <> pg_backend_pid() and query not like 'listen%'",
        );
        expect(pooled.rowCount).toBeGreaterThan(0);
        await sleep(1500);
      });
      expect(exited, serverOutput).toBeNull();
      const bad = answers.filter((a) => !(a.status === 200 || (a.status === 503 && a.code === "UNAVAILABLE")));
      expect(bad, JSON.stringify(bad.slice(0, 5))).toEqual([]);
      const unavailable = answers.filter((a) => a.status === 503).length;
      console.info(`pg_terminate_backend under load: ${answers.length} answers, ${unavailable} were 503, the process kept running`);
    } finally {
      await admin.end();
    }
    await expectLiveUpdatesOn(oldStream);
  }, 90_000);

  /** A change made now reaches `oldStream` (opened before the trouble, told to refetch) and a stream opened now. */
  async function expectLiveUpdatesOn(oldStream: Stream) {
    // The LISTEN connection comes back by itself within a few seconds; the old stream hears "resync".
    await waitFor(
      () => oldStream.text().includes("event: resync"),
      15_000,
      () => oldStream.text(),
    );
    const newStream = await openStream();
    const deposit = await send("POST", "/api/deposits", { usdtAmount: "25" }, cookie);
    expect(deposit.status, deposit.body).toBe(201);
    const { id } = JSON.parse(deposit.body) as { id: string };
    const announced = `"table":"transactions","id":"${id}"`;
    await waitFor(
      () => oldStream.text().includes(announced) && newStream.text().includes(announced),
      10_000,
      () => JSON.stringify({ old: oldStream.text(), new: newStream.text() }),
    );
    oldStream.close();
    newStream.close();
  }

  /** Four clients ask for the wallet, the profile, the history and the session (better-auth's own route) without pause while `during` runs, then 2 s more. */
  async function underLoad(during: () => Promise<void>): Promise<Answer[]> {
    const answers: Answer[] = [];
    let running = true;
    const client = async (pathName: string) => {
      while (running) {
        const at = Date.now();
        try {
          const answer = await send("GET", pathName, undefined, cookie);
          let code: string | undefined;
          if (answer.status >= 400) code = (JSON.parse(answer.body) as { error?: { code?: string } }).error?.code;
          answers.push({ at, tookMs: Date.now() - at, status: answer.status, code });
        } catch (error) {
          answers.push({ at, tookMs: Date.now() - at, status: 0, code: undefined, error: String(error) });
          await sleep(50);
        }
      }
    };
    const clients = [client("/api/wallet"), client("/api/me"), client("/api/transactions"), client("/api/auth/get-session")];
    await during();
    await sleep(2000);
    running = false;
    await Promise.all(clients);
    return answers;
  }

  type Stream = { text: () => string; close: () => void };

  function openStream(): Promise<Stream> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/events`, { headers: { cookie } }, (res: IncomingMessage) => {
        if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        resolve({ text: () => text, close: () => req.destroy() });
      });
      req.on("error", reject);
      req.end();
    });
  }

  function get(pathName: string) {
    return send("GET", pathName);
  }

  function send(method: string, pathName: string, body?: unknown, withCookie?: string) {
    return new Promise<{ status: number; body: string; cookie: string }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        `${baseUrl}${pathName}`,
        {
          method,
          timeout: 15_000,
          headers: {
            origin: baseUrl,
            ...(payload ? { "content-type": "application/json" } : {}),
            ...(withCookie ? { cookie: withCookie } : {}),
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => {
            const cookies = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
            resolve({ status: res.statusCode ?? 0, body: text, cookie: cookies });
          });
        },
      );
      req.on("timeout", () => req.destroy(new Error(`${method} ${pathName} took longer than 15 s`)));
      req.on("error", reject);
      req.end(payload);
    });
  }
});

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, explain: () => string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`gave up after ${timeoutMs} ms: ${explain().slice(-3000)}`);
    await sleep(100);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
