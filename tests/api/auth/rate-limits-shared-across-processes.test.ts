// Throttles behind a reverse proxy and across server processes. The counters live in PostgreSQL
// (rate_limit_counters), so several processes on one database enforce one limit; the client's
// address comes from X-Forwarded-For only when TRUST_PROXY names the proxy that sent it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { messages } from "../../../src/shared/api-error.ts";
import { openDatabase, type Database } from "../../../src/server/db/client.ts";
import { rateLimitCounters, user } from "../../../src/server/db/schema.ts";
import { databaseDownMessage } from "../../../src/server/http/rate-limit-store.ts";
import { createTestApp, errorOf, goodPassword, type Browser, type TestApp } from "../../support/test-app.ts";
import { withClient } from "../../support/pg-client.ts";

const kind = inject("dbKind");
const contactLimit = 3;
const contact = (n: number) => ({ name: "Rahim", email: "rahim@example.com", subject: "Sales", message: `Message ${n}` });

async function counter(t: TestApp, key: string): Promise<number | undefined> {
  const [row] = await t.db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  return row?.count;
}

describe("without TRUST_PROXY, the address is the connection's", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CONTACT_MESSAGES_PER_IP_PER_HOUR: String(contactLimit) } });
  });
  afterAll(async () => {
    await t.close();
  });

  test("a client writing a new X-Forwarded-For on every request still meets the limit, counted under its own address", async () => {
    const client = t.browser();
    for (let n = 1; n <= contactLimit; n += 1) {
      const response = await client.post("/api/contact", contact(n), { headers: { "x-forwarded-for": `203.0.113.${n}` } });
      expect(response.statusCode, `message ${n}`).toBe(201);
    }
    const refused = await client.post("/api/contact", contact(9), { headers: { "x-forwarded-for": "198.51.100.99" } });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({ code: "RATE_LIMITED", message: messages.rateLimited });
    expect(await counter(t, `POST /api/contact ${client.ip}`)).toBe(contactLimit + 1);
    const forwardedKeys = await t.db.select().from(rateLimitCounters).where(like(rateLimitCounters.key, "%203.0.113.%"));
    expect(forwardedKeys).toEqual([]);
  });

  test("each route counts on its own: the same address limited on one route is still answered on another", async () => {
    const client = t.browser();
    for (let n = 1; n <= contactLimit; n += 1) expect((await client.post("/api/contact", contact(n))).statusCode).toBe(201);
    expect((await client.post("/api/contact", contact(4))).statusCode).toBe(429);
    // Both routes key on the address alone; the route in front of the key keeps them apart.
    const verify = await client.post("/api/auth/reset-password/verify", { token: "no-such-token" });
    expect(verify.statusCode).toBe(200);
    expect(await counter(t, `POST /api/contact ${client.ip}`)).toBe(contactLimit + 1);
    expect(await counter(t, `POST /api/auth/reset-password/verify ${client.ip}`)).toBe(1);
  });

  test("a refusal says when to come back, and once the window has passed the count starts again at 1", async () => {
    const client = t.browser();
    for (let n = 1; n <= contactLimit; n += 1) await client.post("/api/contact", contact(n));
    const refused = await client.post("/api/contact", contact(4));
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // An hour later (the window moved into the past, on the database's clock).
    const key = `POST /api/contact ${client.ip}`;
    await t.db
      .update(rateLimitCounters)
      .set({ windowStart: sql`now() - interval '61 minutes'` })
      .where(eq(rateLimitCounters.key, key));
    const again = await client.post("/api/contact", contact(5));
    expect(again.statusCode).toBe(201);
    expect(again.headers["x-ratelimit-remaining"]).toBe(String(contactLimit - 1));
    expect(await counter(t, key)).toBe(1);
  });

  // Real PostgreSQL only: PGlite runs one statement at a time, so requests never really overlap there.
  test.skipIf(kind === "pglite")(
    "20 requests at once from one address: exactly the limit is accepted, and all 20 are counted",
    async () => {
      const client = t.browser();
      const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => client.post("/api/contact", contact(n))));
      const statuses = responses.map((r) => r.statusCode).sort((a, b) => a - b);
      expect(statuses).toEqual([...Array<number>(contactLimit).fill(201), ...Array<number>(20 - contactLimit).fill(429)]);
      expect(await counter(t, `POST /api/contact ${client.ip}`)).toBe(20);
    },
  );
});

describe("with TRUST_PROXY, the address is the one the trusted proxy forwards", () => {
  // The test browsers come from 10.x.x.x: here each one plays the proxy in front of the server.
  let t: TestApp;
  let proxy: Browser;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "10.0.0.0/8", CONTACT_MESSAGES_PER_IP_PER_HOUR: String(contactLimit) } });
    proxy = t.browser();
  });
  afterAll(async () => {
    await t.close();
  });

  const via = (clientIp: string) => ({ headers: { "x-forwarded-for": clientIp } });

  test("two clients behind the same proxy each get their own limit, keyed on their forwarded address", async () => {
    for (let n = 1; n <= contactLimit; n += 1) {
      expect((await proxy.post("/api/contact", contact(n), via("203.0.113.7"))).statusCode, `A, message ${n}`).toBe(201);
      expect((await proxy.post("/api/contact", contact(n), via("198.51.100.9"))).statusCode, `B, message ${n}`).toBe(201);
    }
    expect((await proxy.post("/api/contact", contact(4), via("203.0.113.7"))).statusCode).toBe(429);
    expect((await proxy.post("/api/contact", contact(4), via("198.51.100.9"))).statusCode).toBe(429);
    // A third client behind the same proxy is untouched by the other two.
    expect((await proxy.post("/api/contact", contact(1), via("192.0.2.44"))).statusCode).toBe(201);

    expect(await counter(t, "POST /api/contact 203.0.113.7")).toBe(contactLimit + 1);
    expect(await counter(t, "POST /api/contact 198.51.100.9")).toBe(contactLimit + 1);
    expect(await counter(t, "POST /api/contact 192.0.2.44")).toBe(1);
    expect(await counter(t, `POST /api/contact ${proxy.ip}`)).toBeUndefined();
  });

  test("an address the client wrote in front of the proxy's entry is not believed", async () => {
    // The proxy appends the address it saw; whatever the client sent comes before it.
    for (let n = 1; n <= contactLimit; n += 1) {
      const response = await proxy.post("/api/contact", contact(n), via(`192.0.2.${100 + n}, 203.0.113.50`));
      expect(response.statusCode, `message ${n}`).toBe(201);
    }
    expect((await proxy.post("/api/contact", contact(4), via("192.0.2.200, 203.0.113.50"))).statusCode).toBe(429);
    expect(await counter(t, "POST /api/contact 203.0.113.50")).toBe(contactLimit + 1);
  });

  test("sign-in attempts are counted per forwarded address and e-mail", async () => {
    const email = t.uniqueEmail();
    const response = await proxy.post("/api/auth/sign-in/email", { email, password: "Wrong-Password-1" }, via("203.0.113.77"));
    expect(response.statusCode).toBe(401);
    expect(await counter(t, `POST /api/auth/sign-in/email sign-in:203.0.113.77:${email}`)).toBe(1);
  });

  test("a client that is not one of the trusted proxies cannot choose its address", async () => {
    const outsider = t.browser();
    const fromOutside = { remoteAddress: "192.0.2.9" };
    for (let n = 1; n <= contactLimit; n += 1) {
      const response = await outsider.post("/api/contact", contact(n), { ...fromOutside, ...via(`203.0.113.${200 + n}`) });
      expect(response.statusCode, `message ${n}`).toBe(201);
    }
    expect((await outsider.post("/api/contact", contact(4), { ...fromOutside, ...via("203.0.113.250") })).statusCode).toBe(429);
    expect(await counter(t, "POST /api/contact 192.0.2.9")).toBe(contactLimit + 1);
  });
});

describe("housekeeping and a database that does not answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test("old counters are deleted: the first limited request of a process clears rows whose window began over a day ago", async () => {
    await t.db.insert(rateLimitCounters).values([
      { key: "POST /api/contact 192.0.2.1", windowStart: sql`now() - interval '2 days'`, count: 7 },
      { key: "POST /api/contact 192.0.2.2", windowStart: sql`now() - interval '2 hours'`, count: 3 },
    ]);
    expect((await t.browser().post("/api/auth/reset-password/verify", { token: "no-such-token" })).statusCode).toBe(200);
    // The clean-up does not hold up the request: wait for it.
    await expect.poll(async () => counter(t, "POST /api/contact 192.0.2.1"), { timeout: 5000 }).toBeUndefined();
    expect(await counter(t, "POST /api/contact 192.0.2.2")).toBe(3);
  });

  // Last in this describe: it closes the database under the running app.
  test("without the database a limited request is refused with 503, never let through unlimited", async () => {
    await t.database.close();
    const contactResponse = await t.browser().post("/api/contact", contact(1));
    expect(contactResponse.statusCode).toBe(503);
    expect(errorOf(contactResponse)).toEqual({
      code: "UNAVAILABLE",
      message: databaseDownMessage,
      requestId: contactResponse.headers["x-request-id"],
    });
    const signIn = await t.browser().post("/api/auth/sign-in/email", { email: "nobody@example.com", password: "Wrong-Password-1" });
    expect(signIn.statusCode).toBe(503);
    expect(errorOf(signIn).code).toBe("UNAVAILABLE");
  });
});

// Two real server processes (node + tsx, as `npm start` runs one) on one PostgreSQL database,
// reached over HTTP. PGlite belongs to one process, so there is nothing to share there.
describe.skipIf(kind === "pglite")("two server processes on one PostgreSQL database enforce one limit", () => {
  const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
  const publicUrl = "http://nexapay.test";
  const dbName = `nexapay_test_${randomBytes(8).toString("hex")}`;
  const servers: { child: ChildProcess; port: number; dataDir: string; output: string[] }[] = [];
  let database: Database | undefined;

  beforeAll(async () => {
    const adminUrl = inject("postgresAdminUrl");
    await withClient(adminUrl, (client) => client.query(`create database "${dbName}"`));
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    // Migrated here once, before both servers start, so that they do not race to migrate it.
    database = await openDatabase({ kind: "postgres", url: url.toString() });
    const authSecret = randomBytes(32).toString("hex");
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-process-"));
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: url.toString(),
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        AUTH_SECRET: authSecret,
        PUBLIC_URL: publicUrl,
        LOG_LEVEL: "silent",
        NODE_ENV: "test",
        // This test is the proxy: its X-Forwarded-For is believed, a client's would not be.
        TRUST_PROXY: "127.0.0.1",
      };
      const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
        cwd: repoRoot,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output: string[] = [];
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      servers.push({ child, port, dataDir, output });
    }
    await Promise.all(servers.map((server) => waitUntilHealthy(server)));
  });

  afterAll(async () => {
    await Promise.all(
      servers.map(async ({ child, dataDir }) => {
        if (child.exitCode === null && child.signalCode === null) {
          const exited = once(child, "exit");
          child.kill("SIGTERM");
          const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(timer);
        }
        await rm(dataDir, { recursive: true, force: true });
      }),
    );
    await database?.close();
    await withClient(inject("postgresAdminUrl"), (client) => client.query(`drop database if exists "${dbName}" with (force)`));
  });

  const send = (server: number, urlPath: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`http://127.0.0.1:${servers[server]!.port}${urlPath}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: publicUrl, ...headers },
      body: JSON.stringify(body),
    });

  async function signUp(server: number): Promise<string> {
    const email = `process-${randomBytes(4).toString("hex")}@example.com`;
    const username = `process_${randomBytes(4).toString("hex")}`;
    const response = await send(server, "/api/auth/sign-up/email", { email, password: goodPassword, username, country: "BD" });
    expect(response.status, await response.clone().text()).toBe(200);
    return email;
  }

  test("6 wrong sign-ins for one e-mail, alternating between the processes: 5 answered 401, the 6th 429", async () => {
    const email = await signUp(0);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await send(attempt % 2, "/api/auth/sign-in/email", { email, password: `Wrong-Password-${attempt}` });
      expect(response.status, `attempt ${attempt} on process ${attempt % 2}`).toBe(401);
    }
    const sixth = await send(0, "/api/auth/sign-in/email", { email, password: "Wrong-Password-6" });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({ error: { code: "RATE_LIMITED", message: messages.rateLimited } });
    // And on the other process too: the count is one.
    expect((await send(1, "/api/auth/sign-in/email", { email, password: goodPassword })).status).toBe(429);
    const [row] = await database!.db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `POST /api/auth/sign-in/email sign-in:127.0.0.1:${email}`));
    expect(row?.count).toBe(7);
  });

  test("the lockout holds across processes: 10 failures spread over both (and over 10 addresses) lock the account on each", async () => {
    const email = await signUp(1);
    // A different forwarded address for each attempt, so the per-address limit never answers first.
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await send(
        attempt % 2,
        "/api/auth/sign-in/email",
        { email, password: `Wrong-Password-${attempt}` },
        {
          "x-forwarded-for": `203.0.113.${attempt}`,
        },
      );
      expect(response.status, `failure ${attempt} on process ${attempt % 2}`).toBe(401);
    }
    for (const server of [0, 1]) {
      const response = await send(
        server,
        "/api/auth/sign-in/email",
        { email, password: goodPassword },
        { "x-forwarded-for": "198.51.100.1" },
      );
      expect(response.status, `process ${server}`).toBe(403);
      expect(await response.json()).toEqual({ error: { code: "ACCOUNT_LOCKED", message: messages.locked } });
    }
    const [row] = await database!.db.select({ failures: user.failedSignInCount }).from(user).where(eq(user.email, email));
    expect(row?.failures).toBeGreaterThanOrEqual(10);
  });

  async function waitUntilHealthy(server: { child: ChildProcess; port: number; output: string[] }): Promise<void> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.child.exitCode !== null) {
        throw new Error(`the server on port ${server.port} exited with ${server.child.exitCode}:\n${server.output.join("")}`);
      }
      const healthy = await fetch(`http://127.0.0.1:${server.port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      if (Date.now() > deadline) throw new Error(`the server on port ${server.port} did not answer in 60 s:\n${server.output.join("")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

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
