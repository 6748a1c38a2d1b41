// bench/api: how fast the product's money actions and wallet read are, and how much memory it holds,
// each next to a yardstick measured in the same run on the same machine (targets: README.md here).
//
//   node --import tsx bench/api/run.ts                     # both databases, 15 s per figure (4 to 6 minutes)
//   node --import tsx bench/api/run.ts --only postgres     # or --only pglite
//   node --import tsx bench/api/run.ts --seconds 10        # a quicker, noisier look
//
// PostgreSQL: a throwaway cluster with durability ON; pgbench tpcb-like at 8 clients is the
// yardstick for approve, deposit and withdrawal requests; a bare node:http + pg handler is the
// yardstick for GET /api/wallet. PGlite: the product on its embedded database, with a bare
// node:http + PGlite handler and a bare PGlite.create() as yardsticks. Then ledger:check on each.
// See README.md for what each figure means. Exits 1 when a target is missed, 2 when the run is not
// valid (an error answer, a failed setup).
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import * as OTPAuth from "otpauth";
import pg from "pg";
import { startThrowawayCluster } from "../../tests/support/postgres-cluster.ts";
import {
  Client,
  closedLoop,
  failedCount,
  keepAliveAgent,
  sendListed,
  wrk,
  wrkRequests,
  type ListedRequest,
  type Tally,
  type WrkResult,
} from "./http-load.ts";
import {
  freePort,
  listenerPid,
  memoryOf,
  parentOf,
  repoRoot,
  runToEnd,
  sleep,
  start,
  startProduct,
  stop,
  treeCpuSeconds,
  waitFor,
  type Running,
} from "./processes.ts";
import { parseBdt } from "#shared/money.ts";
import { databaseAlone, type AloneFigure } from "./database-alone.ts";
import { depositUsdtAt, fromAddress, seedPendingDeposits, type Queryable } from "./seed.ts";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    only: { type: "string" },
    customers: { type: "string", default: "48" },
    "pglite-customers": { type: "string", default: "8" },
    commit: { type: "string" },
    clients: { type: "string", default: "8" },
    profile: { type: "string" },
    statements: { type: "boolean", default: false },
    "money-load": { type: "string", default: "wrk" },
  },
});
const seconds = Number(args.seconds);
const warmupSeconds = Number(args.warmup);
if (args.only !== undefined && args.only !== "postgres" && args.only !== "pglite") throw new Error("--only takes postgres or pglite");
/** The targets are defined at 8 parallel clients, for pgbench and the product alike; other counts are for diagnosis. */
const clients = Number(args.clients);
/** wrk's threads, the same for the product and the bare handler: one leaves the most CPU to the server. */
const wrkThreads = 1;
/**
 * Who sends the money actions: wrk, from a prepared list (the default, like the reads), or
 * `--money-load node`, a closed loop of `clients` workers in this process (node:http), which the
 * figures before 24 November used: it takes CPU from the server and PostgreSQL on a 2-CPU machine.
 */
const moneyLoad = args["money-load"];
if (moneyLoad !== "wrk" && moneyLoad !== "node") throw new Error("--money-load takes wrk or node");
/**
 * How many requests a money phase lists per second of its window, and so how many pending deposits
 * are seeded for approve: far above any rate reached. On PostgreSQL 1,500 was, until a quieter
 * machine (26 November) read 4,900 pgbench transactions a second and the deposit requests ran out of
 * work at 1,500/s, under the 40 % line of that pgbench: 3,000 now. PGlite's rates are a fifth of that.
 */
const listedPerSecondOn = { postgres: 3000, pglite: 1500 } as const;

const authSecret = randomBytes(24).toString("hex");
const adminPassword = "Bench-Admin-Passphrase-2026";
const customerPassword = "Bench-Customer-Passphrase-2026";
/**
 * Withdrawals: the minimum (WITHDRAWAL_MIN_BDT, 500) to a bKash number. The daily maximum is raised
 * from 50,000 (100 withdrawals) to 10,000,000 BDT: the same check and query run on every request,
 * but a few dozen customers can carry the whole phase (signing up is the slowest part of setup).
 */
const withdrawal = { walletType: "bKash", walletNumber: "01712345678", amount: "500.00" };
const withdrawalDailyMaxBdt = 10_000_000;
const creditPerCustomer = "1000000.00";
/** What the credit pays for, 500 at a time: a customer is used no more often (an insufficient balance would be a 409). */
const withdrawalsPerCustomer = 2000;

// ------------------------------------------------------------------ results

type Row = {
  section: "PostgreSQL" | "PGlite";
  figure: string;
  value: string;
  yardstick: string;
  ratio: string;
  target: string;
  verdict: "PASS" | "MISS" | "";
  /** CPU time per request of the server and its database, with the yardstick's when there is one. */
  cpu: string;
  /** Non-2xx answers and socket errors during the phase (warm-up included): any makes the run invalid. */
  errors: number;
};
const rows: Row[] = [];
/**
 * `--profile DIR`: the product runs with `--cpu-prof` into DIR, and each measured window is noted
 * here on the same monotonic clock as the profile's timestamps, so that profile-summary.ts can say
 * where the server's CPU went during each figure.
 */
const profileWindows: { name: string; startUs: number; endUs: number }[] = [];
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
/**
 * `--statements`: PostgreSQL runs with pg_stat_statements (nested statements too, so the ones inside
 * the money functions show), and after each PostgreSQL figure the bench prints where the database's
 * time went, statement by statement. The extension costs time itself: use it to diagnose, not to
 * measure.
 */
let statementsDb: pg.Client | null = null;
async function resetStatements(): Promise<void> {
  await statementsDb?.query("select pg_stat_statements_reset()");
}
async function printStatements(name: string): Promise<void> {
  if (!statementsDb) return;
  const { rows } = await statementsDb.query<{ calls: string; total: number; mean: number; toplevel: boolean; query: string }>(
    `select calls, total_exec_time as total, mean_exec_time as mean, toplevel, query from pg_stat_statements
     where dbid = (select oid from pg_database where datname = current_database()) order by total_exec_time desc limit 12`,
  );
  console.log(`    statements during "${name}" (by total execution time):`);
  for (const row of rows)
    console.log(
      `      ${row.total.toFixed(0).padStart(7)} ms ${String(row.calls).padStart(7)} calls ${row.mean.toFixed(3).padStart(7)} ms each ${row.toplevel ? "top   " : "nested"} ${row.query.replace(/\s+/g, " ").slice(0, 150)}`,
    );
}
const raw: Record<string, unknown> = {};
const problems: string[] = [];

const began = Date.now();
/** Time since the bench started, to see where a run's minutes go. */
const at = () => `[${((Date.now() - began) / 1000).toFixed(0)} s]`;
const perSecond = (n: number) => `${n.toFixed(0)}/s`;
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
const mb = (n: number) => `${n.toFixed(0)} MB`;

// ------------------------------------------------------------------ clean-up, also on failure and Ctrl-C

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | null = null;
/** Undoes every step, newest first, once: the end of main(), a failure and Ctrl-C all come here. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      await step().catch((error: unknown) => console.error(`clean-up: ${String(error)}`));
    }
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (cleaning) process.exit(130); // a second Ctrl-C: stop waiting
    console.error(`\n${signal}: stopping everything the bench started`);
    void cleanUp().finally(() => process.exit(130));
  });
}

/** A pg client whose connection may be cut by the clean-up without an unhandled 'error' event. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", (error) => {
    if (!cleaning) console.error(`database connection: ${error.message}`);
  });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

async function tempDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `nexapay-bench-api-${name}-`));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

// ------------------------------------------------------------------ the product

/**
 * The production settings of `npm start`. Changed: the public forms' per-IP limits, raised (every
 * bench client is 127.0.0.1), the daily withdrawal maximum (see withdrawalDailyMaxBdt), and four
 * eyes, turned off: the setup credits each customer 1,000,000 BDT with one admin's adjustment.
 */
function productEnv(port: number, database: { DATABASE_URL: string; DATA_DIR: string } | { DATA_DIR: string }): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, NODE_ENV: _mode, ...inherited } = process.env;
  return {
    ...inherited,
    ...database,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET: authSecret,
    // Required in production; the company's wallet, shown to customers (a well-formed, unused address).
    DEPOSIT_ADDRESS: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE",
    LOG_LEVEL: "warn",
    SIGNUPS_PER_IP_PER_MINUTE: "100000",
    TWO_FACTOR_CODES_PER_IP_PER_MINUTE: "1000",
    CONTACT_MESSAGES_PER_IP_PER_HOUR: "1000",
    WITHDRAWAL_DAILY_MAX_BDT: String(withdrawalDailyMaxBdt),
    FOUR_EYES_MIN_BDT: "0",
    // A few customers make thousands of deposit requests each: no limit on open ones (decision 038).
    DEPOSIT_OPEN_MAX: "0",
    // The benchmark measures the money path, not an e-mailed code per request: withdrawals are
    // confirmed "another way" and unverified customers may withdraw (decision 039).
    WITHDRAWAL_CONFIRMATION: "off",
    UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT: String(withdrawalDailyMaxBdt),
  };
}

type Site = { baseUrl: string; publicUrl: string; agent: ReturnType<typeof keepAliveAgent>; listedPerSecond: number };

async function launch(env: NodeJS.ProcessEnv, listedPerSecond: number): Promise<{ product: Running; site: Site }> {
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  const product = startProduct(env, args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(args.profile)}`] : []);
  cleanups.push(() => stop(product));
  // start.mjs builds the web app first when its sources changed: that can take a minute or two.
  await waitFor(`${baseUrl}/api/health`, product, 300_000);
  return { product, site: { baseUrl, publicUrl: env.PUBLIC_URL!, agent: keepAliveAgent(), listedPerSecond } };
}

type Customer = { client: Client; id: string };
/**
 * The load phases act for `customers`. The wallet is read for two others, each with the same
 * history (prepareReader) made at a different time: `idle`'s before the thousands of seeded
 * deposits of everyone else, `active`'s after them, so that its transactions are the newest in
 * the database. Which of the two a read is for changes how much the database has to look through.
 */
type People = { admin: Client; customers: Customer[]; idle: Customer; active: Customer };

/**
 * Everyone over HTTP, as people would: the first admin at /api/setup, signed in and enrolled in TOTP
 * as an authenticator app does it (scripts/security-probe.mjs), so that its session passes the
 * back-office guard; then the customers and the two wallet readers, each signed up and so signed in.
 */
async function setUpPeople(site: Site, customerCount: number): Promise<People> {
  const admin = new Client(site.agent, site.baseUrl, site.publicUrl);
  const email = "bench-admin@example.com";
  await admin.expect(201, "/api/setup/first-admin", { email, password: adminPassword });
  await admin.expect(200, "/api/auth/sign-in/email", { email, password: adminPassword });
  const { totpURI } = (await admin.expect(200, "/api/auth/two-factor/enable", { password: adminPassword })) as { totpURI: string };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  await admin.expect(200, "/api/auth/two-factor/verify-totp", { code: totp.generate() });
  const stats = await admin.get("/api/admin/stats");
  if (stats.status !== 200) throw new Error(`the enrolled admin cannot read the back office: ${stats.status} ${stats.body}`);

  const signUp = async (name: string): Promise<Customer> => {
    const client = new Client(site.agent, site.baseUrl, site.publicUrl);
    const body = { email: `${name}@example.com`, password: customerPassword, username: name, country: "BD" };
    const { user } = (await client.expect(200, "/api/auth/sign-up/email", body)) as { user: { id: string } };
    return { client, id: user.id };
  };
  const customers = await inParallel(customerCount, (i) => signUp(`bench_${i}`));
  return { admin, customers, idle: await signUp("bench_idle_reader"), active: await signUp("bench_active_reader") };
}

/**
 * A wallet reader's history, the same in every run whatever the rates: 100 deposit requests of
 * which 80 approved, and 20 withdrawal requests still pending (held money). A regular customer's
 * wallet, made through the API.
 */
async function prepareReader(admin: Client, reader: Customer): Promise<void> {
  const deposits = await inParallel(100, async () => {
    const created = (await reader.client.expect(201, "/api/deposits", { fromAddress, usdtAmount: depositUsdtAt(0) })) as { id: string };
    return created.id;
  });
  await inParallel(80, (i) => admin.expect(200, `/api/admin/transactions/${deposits[i]}/approve`));
  await inParallel(20, () => reader.client.expect(201, "/api/withdrawals", withdrawal));
}

/** f(0) … f(n-1), `clients` at a time, in order. */
async function inParallel<T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < n) {
        const i = next++;
        results[i] = await f(i);
      }
    }),
  );
  return results;
}

// ------------------------------------------------------------------ measurements

/**
 * CPU seconds used so far by the processes that serve a request: the server's and, on PostgreSQL,
 * the cluster's (with PGlite the database is inside the server). Per request, this cost hardly
 * depends on how busy the machine is, unlike a rate; and the split says where the time goes.
 */
type CpuMeter = () => { server: number; database: number };
type CpuPerRequest = { totalMs: number; serverMs: number; databaseMs: number };

function cpuPerRequest(before: ReturnType<CpuMeter>, after: ReturnType<CpuMeter>, requests: number): CpuPerRequest {
  const serverMs = ((after.server - before.server) * 1000) / requests;
  const databaseMs = ((after.database - before.database) * 1000) / requests;
  return { totalMs: serverMs + databaseMs, serverMs, databaseMs };
}

const cpuMs = (ms: number) => `${ms.toFixed(2)} ms`;
const cpuText = (cpu: CpuPerRequest) =>
  `${cpuMs(cpu.totalMs)} CPU each${cpu.databaseMs > 0 ? ` (server ${cpu.serverMs.toFixed(2)} + PostgreSQL ${cpu.databaseMs.toFixed(2)})` : ""}`;

type Phase = { rate: number; tally: Tally; warmup: Tally; cpu: CpuPerRequest };

/** The next request of a money phase, or null when there is no work left. */
type RequestSource = () => ListedRequest | null;

/** Up to `count` requests of `source`, in order. */
function take(source: RequestSource, count: number): ListedRequest[] {
  const list: ListedRequest[] = [];
  while (list.length < count) {
    const request = source();
    if (request === null) break;
    list.push(request);
  }
  return list;
}

let listDir: string | undefined;
/** `secs` of a money phase's load, sent as --money-load says. */
async function moneyLoadFor(secs: number, site: Site, source: RequestSource): Promise<Tally> {
  if (moneyLoad === "node")
    return closedLoop(clients, secs, () => {
      const request = source();
      return request ? sendListed(site.agent, site.baseUrl, site.publicUrl, request) : null;
    });
  listDir ??= await tempDir("lists");
  const listFile = path.join(listDir, "requests.tsv");
  return wrkRequests(site.baseUrl, site.publicUrl, take(source, site.listedPerSecond * secs), {
    threads: wrkThreads,
    connections: clients,
    seconds: secs,
    listFile,
  });
}

/** A warm-up (discarded, but its errors count), then the measured load of `clients` connections. */
async function phase(name: string, cpu: CpuMeter, site: Site, source: RequestSource): Promise<Phase> {
  const warmup = await moneyLoadFor(warmupSeconds, site, source);
  await resetStatements();
  const cpuBefore = cpu();
  const startUs = monotonicUs();
  const tally = await moneyLoadFor(seconds, site, source);
  profileWindows.push({ name, startUs, endUs: monotonicUs() });
  await printStatements(name);
  const cpuUsed = cpuPerRequest(cpuBefore, cpu(), tally.ok + failedCount(tally));
  const rate = tally.ok / tally.seconds;
  const errors = failedCount(tally) + failedCount(warmup);
  console.log(
    `${name.padEnd(34)} ${perSecond(rate).padStart(8)}  (${tally.ok} in ${tally.seconds.toFixed(1)} s, ${cpuText(cpuUsed)}${errors ? `, ${errors} errors: ${JSON.stringify({ ...warmup.failed, ...tally.failed })}` : ""}${tally.ranOut ? ", RAN OUT OF WORK" : ""})`,
  );
  for (const sample of [...warmup.samples, ...tally.samples]) console.log(`    e.g. ${sample}`);
  if (tally.ranOut)
    problems.push(`${name}: ran out of work before the ${seconds} s were up (rate taken over ${tally.seconds.toFixed(1)} s)`);
  return { rate, tally, warmup, cpu: cpuUsed };
}

/**
 * Waits until the e-mail outbox has nothing left to send, and says how much of it there was. Each
 * approval queues its customer's e-mail, and the server's sender delivers it after the decision has
 * committed (docs/decisions/020-payouts-reasons-email-four-eyes.md). Under this load the sender falls
 * behind: without this wait it went on writing the approvals' messages through the deposit and
 * withdrawal phases, and charged its CPU to them. The approve figure stays the rate of decisions;
 * this prints what the approvals cost once their e-mails are sent too.
 */
async function drainOutbox(
  db: Queryable,
  cpu: CpuMeter,
  approve: Phase,
): Promise<{ queuedAfterWindow: number; drainSeconds: number; cpuWithMail: CpuPerRequest }> {
  const unsent = async () =>
    Number((await db.query<{ n: string }>("select count(*) as n from email_outbox where sent_at is null")).rows[0]!.n);
  const queuedAfterWindow = await unsent();
  const started = Date.now();
  const cpuBefore = cpu();
  const startUs = monotonicUs();
  for (let left = queuedAfterWindow; left > 0; left = await unsent()) {
    if (Date.now() - started > 300_000) throw new Error(`the e-mail outbox still holds ${left} messages after 5 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const drainSeconds = (Date.now() - started) / 1000;
  profileWindows.push({ name: "approve's e-mails, after the window", startUs, endUs: monotonicUs() });
  // The window's CPU plus the drain's, over the window's approvals: the drain also sends the
  // warm-up's leftovers, so this is an upper bound.
  const approvals = approve.tally.ok + failedCount(approve.tally);
  const drain = cpuPerRequest(cpuBefore, cpu(), approvals);
  const cpuWithMail = {
    totalMs: approve.cpu.totalMs + drain.totalMs,
    serverMs: approve.cpu.serverMs + drain.serverMs,
    databaseMs: approve.cpu.databaseMs + drain.databaseMs,
  };
  console.log(
    `${"  its e-mails".padEnd(34)} ${String(queuedAfterWindow).padStart(8)} unsent after the window, sent in ${drainSeconds.toFixed(1)} s; with them, ${cpuText(cpuWithMail)} per approval`,
  );
  return { queuedAfterWindow, drainSeconds, cpuWithMail };
}

/** Approvals on distinct pending deposits: each id is approved once. */
function approvePhase(name: string, cpu: CpuMeter, site: Site, admin: Client, ids: string[]): Promise<Phase> {
  let next = 0;
  return phase(name, cpu, site, () =>
    next < ids.length ? { method: "POST", path: `/api/admin/transactions/${ids[next++]}/approve`, cookie: admin.cookieHeader } : null,
  );
}

/**
 * The customers in turn, each at most `uses` times (null once all are used up): consecutive
 * requests are for different customers, so the 8 in flight never wait on each other's row lock.
 */
function customerTurns(customers: Customer[], uses = Number.POSITIVE_INFINITY): () => Customer | null {
  let turn = 0;
  return () => (turn < customers.length * uses ? customers[turn++ % customers.length]! : null);
}

type WrkPhase = WrkResult & { errors: number; cpu: CpuPerRequest };

async function wrkPhase(name: string, cpu: CpuMeter, url: string, cookie: string): Promise<WrkPhase> {
  const warm = await wrk(url, cookie, { threads: wrkThreads, connections: clients, seconds: warmupSeconds });
  await resetStatements();
  const cpuBefore = cpu();
  const startUs = monotonicUs();
  const measured = await wrk(url, cookie, { threads: wrkThreads, connections: clients, seconds });
  profileWindows.push({ name, startUs, endUs: monotonicUs() });
  await printStatements(name);
  const cpuUsed = cpuPerRequest(cpuBefore, cpu(), measured.requests);
  const errors = warm.non2xx + warm.socketErrors + measured.non2xx + measured.socketErrors;
  console.log(
    `${name.padEnd(34)} ${perSecond(measured.rate).padStart(8)}  (${measured.requests} in ${seconds} s, ${cpuText(cpuUsed)}, p50 ${measured.p50}, p99 ${measured.p99}${errors ? `, ${errors} errors` : ""})`,
  );
  return { ...measured, errors, cpu: cpuUsed };
}

/** The CPU column of a rate row: the product's cost per request, and the yardstick's beside it. */
function cpuCell(product: CpuPerRequest, bare?: CpuPerRequest): string {
  return bare
    ? `${cpuMs(product.totalMs)} (bare ${cpuMs(bare.totalMs)}: ${percent(bare.totalMs / product.totalMs)})`
    : cpuMs(product.totalMs);
}

/** The two wallet rows of a section: the active and the idle customer, each against the bare handler. */
function walletRows(section: Row["section"], reads: { active: WrkPhase; idle: WrkPhase }, bare: WrkPhase): Row[] {
  const row = (who: string, read: WrkPhase): Row => {
    const ratio = read.rate / bare.rate;
    const absolute = section === "PGlite";
    return {
      section,
      figure: `GET /api/wallet, ${who}`,
      value: perSecond(read.rate),
      yardstick: `bare ${perSecond(bare.rate)}`,
      ratio: percent(ratio),
      target: absolute ? "≥ 800/s" : "≥ 30 % of bare",
      verdict: pass(absolute ? read.rate >= 800 : ratio >= 0.3),
      cpu: cpuCell(read.cpu, bare.cpu),
      errors: read.errors + (who.startsWith("active") ? bare.errors : 0),
    };
  };
  return [row("active customer", reads.active), row("idle customer", reads.idle)];
}

async function startBareHandler(env: Record<string, string>, cookie: string): Promise<{ running: Running; url: string }> {
  const port = await freePort();
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const running = start("bare", process.execPath, ["--import", "tsx", "bench/api/bare-wallet-server.ts"], {
    ...inherited,
    ...env,
    PORT: String(port),
    AUTH_SECRET: authSecret,
  });
  cleanups.push(() => stop(running));
  const url = `http://127.0.0.1:${port}/api/wallet`;
  // Ready when it answers the very cookie wrk will send: a forged or expired one would be a 401.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(url, { headers: { cookie } }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { running, url };
    if (status !== 0) throw new Error(`the bare handler answered ${status} to the customer's cookie`);
    if (running.child.exitCode !== null || Date.now() > deadline) throw new Error("the bare handler did not start");
    await sleep(200);
  }
}

async function ledgerCheck(section: Row["section"], env: NodeJS.ProcessEnv): Promise<Row> {
  const result = await runToEnd(process.execPath, ["--import", "tsx", "src/server/cli/ledger-check.ts"], env);
  const clean = result.code === 0;
  const breaches = result.stderr.split("\n").filter((line) => line.startsWith("BREACH")).length;
  console.log(`ledger:check on ${section}: ${clean ? "clean" : `NOT clean (exit ${result.code})\n${result.stdout}${result.stderr}`}`);
  return {
    section,
    figure: "ledger:check",
    value: clean ? "clean" : `${breaches} breaches`,
    yardstick: "",
    ratio: "",
    target: "clean",
    verdict: clean ? "PASS" : "MISS",
    cpu: "",
    errors: 0,
  };
}

/**
 * RSS again after the server has had nothing to do for a while. Not a target (the target is read
 * right after the load): it tells whether the figure after the load was a passing state. It was
 * not: at rest V8 collects nothing, so what its old generation holds stays (decision 026).
 */
async function restedMemoryOf(pid: number): Promise<{ rssMb: number; afterSeconds: number }> {
  const afterSeconds = 15;
  await new Promise((resolve) => setTimeout(resolve, afterSeconds * 1000));
  const { rssMb } = memoryOf(pid);
  console.log(`${`server RSS ${afterSeconds} s later, idle`.padEnd(34)} ${mb(rssMb).padStart(8)}  (not a target; see bench/api/README.md)`);
  return { rssMb, afterSeconds };
}

function pass(ok: boolean): Row["verdict"] {
  return ok ? "PASS" : "MISS";
}

// ------------------------------------------------------------------ PostgreSQL

async function postgres(): Promise<void> {
  console.log(`\n== PostgreSQL == ${at()}`);
  // Durability back on (the helper turns it off for tests): pgbench and the product both pay for
  // every commit's fsync, as in production. shared_buffers holds pgbench's scale 8 and our data.
  const cluster = await startThrowawayCluster({
    fsync: "on",
    synchronous_commit: "on",
    full_page_writes: "on",
    shared_buffers: "256MB",
    ...(args.statements && { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" }),
  });
  cleanups.push(cluster.stop);
  const adminDb = await connect(cluster.url);
  const settings = await adminDb.query<{ name: string; setting: string }>(
    "select name, setting from pg_settings where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers') order by name",
  );
  const version = (await adminDb.query<{ server_version: string }>("show server_version")).rows[0]!.server_version;
  console.log(`cluster: PostgreSQL ${version}, ${settings.rows.map((r) => `${r.name}=${r.setting}`).join(" ")}`);
  if (settings.rows.some((r) => ["fsync", "synchronous_commit", "full_page_writes"].includes(r.name) && r.setting !== "on"))
    throw new Error("the cluster's durability settings did not take");
  const checkpoint = () => adminDb.query("checkpoint");

  // pgbench: tpcb-like (its default script) at the same 8 clients, on a database of its own.
  await adminDb.query("create database pgbench");
  const pgbenchUrl = cluster.url.replace(/\/[^/]*$/, "/pgbench");
  console.log(`pgbench -i -s 8 ${at()}`);
  const init = await runToEnd("pgbench", ["-i", "-s", "8", "-q", pgbenchUrl]);
  if (init.code !== 0) throw new Error(`pgbench -i failed:\n${init.stderr}`);
  await checkpoint();
  const threads = String(Math.min(2, clients));
  // PostgreSQL's CPU for pgbench's transactions (its backends, reaped into the postmaster's counts
  // when they exit): beside the product's CPU per request, this says what the yardstick costs on
  // this machine, which its rate alone does not (bench/api/README.md, 26 November).
  const postmaster = parentOf((await adminDb.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid);
  const pgbenchCpuBefore = treeCpuSeconds(postmaster);
  const bench = await runToEnd("pgbench", ["-b", "tpcb-like", "-c", String(clients), "-j", threads, "-T", String(seconds), pgbenchUrl]);
  const pgbenchCpuSeconds = treeCpuSeconds(postmaster) - pgbenchCpuBefore;
  if (bench.code !== 0) throw new Error(`pgbench failed:\n${bench.stdout}${bench.stderr}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(bench.stdout)?.[1] ?? "NaN");
  const pgbenchFailed = Number(/number of failed transactions: (\d+)/.exec(bench.stdout)?.[1] ?? "0");
  if (!Number.isFinite(tps)) throw new Error(`could not read pgbench's TPS:\n${bench.stdout}`);
  const pgbenchTransactions = Number(/number of transactions actually processed: (\d+)/.exec(bench.stdout)?.[1] ?? "NaN");
  const pgbenchDatabaseMs = (pgbenchCpuSeconds * 1000) / pgbenchTransactions;
  console.log(
    `${"pgbench tpcb-like".padEnd(34)} ${perSecond(tps).padStart(8)}  (scale 8, -c ${clients} -j ${threads} -T ${seconds}; PostgreSQL ${pgbenchDatabaseMs.toFixed(2)} ms CPU each)`,
  );
  raw.pgbench = { tps, failed: pgbenchFailed, databaseCpuMs: pgbenchDatabaseMs, output: bench.stdout };

  // The product on a fresh database of the same cluster.
  await adminDb.query("create database nexapay");
  const databaseUrl = cluster.url.replace(/\/[^/]*$/, "/nexapay");
  const env = productEnv(await freePort(), { DATABASE_URL: databaseUrl, DATA_DIR: await tempDir("postgres-data") });
  const { product, site } = await launch(env, listedPerSecondOn.postgres);
  const server = listenerPid(product.child.pid!, Number(env.PORT));
  const productCpu = () => ({ server: treeCpuSeconds(server), database: treeCpuSeconds(postmaster) });
  const customerCount = Number(args.customers);
  let started = Date.now();
  const { admin, customers, idle, active } = await setUpPeople(site, customerCount);
  await prepareReader(admin, idle);
  console.log(
    `${at()} set-up: first admin with TOTP, ${customerCount} customers and 2 wallet readers (API) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );

  // Pending deposits for the approve phase: as many as its wrk lists hold (listedPerSecond for
  // each second of the warm-up and the window), far above any target. A count fixed by the window,
  // not by pgbench's rate: the wallet reads depend on it.
  const db = await connect(databaseUrl);
  if (args.statements) {
    await db.query("create extension if not exists pg_stat_statements");
    statementsDb = db;
  }
  const stock = listedPerSecondOn.postgres * (seconds + warmupSeconds);
  started = Date.now();
  const ids = await seedPendingDeposits(queryable(db), stock, [idle.id, active.id]);
  await prepareReader(admin, active);
  // Money for the withdrawals, through the product's own ledger path (an admin adjustment).
  await inParallel(customers.length, (i) =>
    admin.expect(201, `/api/admin/users/${customers[i]!.id}/balance-adjustments`, { direction: "add", amount: creditPerCustomer }),
  );
  console.log(
    `${at()} set-up: ${stock} pending deposits (SQL), the active reader's history and ${creditPerCustomer} BDT for each customer (API) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  await db.query("analyze");
  await checkpoint();
  // Before each write phase, uncounted: VACUUM, then a CHECKPOINT. Autovacuum otherwise starts
  // whenever a table passes its threshold, often during the next phase, which then paid for
  // cleaning up after the one before: one run charged it to the deposits, the next to the
  // e-mail wait (decision 017, "Seventh round"). Its pass also merges the trigram index's pending
  // list. What a phase's own writes leave for autovacuum inside its window still counts.
  const settle = async () => {
    await db.query("vacuum");
    await checkpoint();
  };

  // The wallet reads first, before the write phases add rows at whatever rate they reach: so the
  // data they read is the same in every run.
  const reads = {
    active: await wrkPhase("GET /api/wallet, active customer", productCpu, `${site.baseUrl}/api/wallet`, active.client.cookieHeader),
    idle: await wrkPhase("GET /api/wallet, idle customer", productCpu, `${site.baseUrl}/api/wallet`, idle.client.cookieHeader),
  };
  await settle();
  const approve = await approvePhase("approve", productCpu, site, admin, ids);
  const mail = await drainOutbox(queryable(db), productCpu, approve);
  await settle();
  const depositor = customerTurns(customers);
  let depositCount = 0;
  const deposits = await phase("deposit requests", productCpu, site, () => {
    const customer = depositor();
    const json = { fromAddress, usdtAmount: depositUsdtAt(depositCount++) };
    return customer && { method: "POST", path: "/api/deposits", cookie: customer.client.cookieHeader, idempotencyKey: randomUUID(), json };
  });
  await settle();
  // A customer is used at most withdrawalsPerCustomer times: their credit allows no more.
  const withdrawer = customerTurns(customers, withdrawalsPerCustomer);
  const withdrawals = await phase("withdrawal requests", productCpu, site, () => {
    const customer = withdrawer();
    const json = withdrawal;
    return (
      customer && { method: "POST", path: "/api/withdrawals", cookie: customer.client.cookieHeader, idempotencyKey: randomUUID(), json }
    );
  });

  statementsDb = null;
  const memory = memoryOf(server);
  console.log(`${"server RSS after load".padEnd(34)} ${mb(memory.rssMb).padStart(8)}  (peak ${mb(memory.peakMb)})`);
  const restedMemory = await restedMemoryOf(server);
  await stop(product);
  // The money functions with no server in front (database-alone.ts), before the ledger check, which covers them too.
  const alone = await databaseAlone({
    db,
    databaseUrl,
    postmaster,
    clients,
    seconds,
    scriptDir: await tempDir("pgbench-scripts"),
    withdrawalPoisha: parseBdt(withdrawal.amount),
    withdrawalReference: `${withdrawal.walletType}:${withdrawal.walletNumber}`,
    dailyMaxPoisha: BigInt(withdrawalDailyMaxBdt) * 100n,
  });
  const ledger = await ledgerCheck("PostgreSQL", env);

  // The bare handler's read costs the same for either customer (one row by its session token).
  const bare = await startBareHandler({ DATABASE_URL: databaseUrl }, active.client.cookieHeader);
  const bareCpu = () => ({ server: treeCpuSeconds(bare.running.child.pid!), database: treeCpuSeconds(postmaster) });
  const bareWallet = await wrkPhase("GET /api/wallet, bare node:http+pg", bareCpu, bare.url, active.client.cookieHeader);
  const bareMemory = memoryOf(bare.running.child.pid!);
  await stop(bare.running);

  raw.postgres = {
    approve,
    mail,
    deposits,
    withdrawals,
    reads,
    bareWallet,
    memory,
    restedMemory,
    bareMemory,
    alone,
    stock,
    customers: customerCount,
  };
  const section = "PostgreSQL";
  rows.push({
    section,
    figure: `pgbench tpcb-like, ${clients} clients`,
    value: perSecond(tps),
    yardstick: "",
    ratio: "",
    target: "(yardstick)",
    verdict: "",
    cpu: "",
    errors: pgbenchFailed,
  });
  const money = (figure: string, p: Phase): Row => ({
    section,
    figure,
    value: perSecond(p.rate),
    yardstick: `pgbench ${perSecond(tps)}`,
    ratio: percent(p.rate / tps),
    target: "≥ 40 % of pgbench",
    verdict: pass(p.rate / tps >= 0.4),
    cpu: cpuCell(p.cpu),
    errors: failedCount(p.tally) + failedCount(p.warmup),
  });
  rows.push(money("approve", approve), money("deposit requests", deposits), money("withdrawal requests", withdrawals));
  // Not targets: what PostgreSQL alone does with each money function, the ceiling for any server;
  // beside it, the share of that ceiling the product reaches over HTTP (decision 036).
  const overHttp: Record<string, Phase> = { approve, "deposit requests": deposits, "withdrawal requests": withdrawals };
  const aloneRow = (figure: AloneFigure): Row => ({
    section,
    figure: `${figure.name}, database alone`,
    value: perSecond(figure.rate),
    yardstick: `pgbench ${perSecond(tps)}`,
    ratio: percent(figure.rate / tps),
    target: figure.ranOut ? "(ran out of work)" : "(not a target)",
    verdict: "",
    cpu: `${figure.databaseCpuMs.toFixed(2)} ms (PostgreSQL); HTTP at ${percent(overHttp[figure.name]!.rate / figure.rate)} of it`,
    errors: 0,
  });
  rows.push(...alone.map(aloneRow));
  rows.push(...walletRows(section, reads, bareWallet));
  rows.push({
    section,
    figure: "server RSS after load",
    value: mb(memory.rssMb),
    yardstick: `bare ${mb(bareMemory.rssMb)}`,
    ratio: `${(memory.rssMb / bareMemory.rssMb).toFixed(1)}×`,
    target: "≤ 160 MB",
    verdict: pass(memory.rssMb <= 160),
    cpu: "",
    errors: 0,
  });
  rows.push(ledger);
}

function queryable(client: pg.Client | PGlite): Queryable {
  return {
    query: async <T>(text: string, params?: unknown[]) => {
      const result = client instanceof PGlite ? await client.query<T>(text, params) : await client.query(text, params);
      return { rows: result.rows as T[] };
    },
  };
}

// ------------------------------------------------------------------ PGlite

async function pglite(): Promise<void> {
  console.log(`\n== PGlite == ${at()}`);
  const dataDir = await tempDir("pglite-data");
  const env = productEnv(await freePort(), { DATA_DIR: dataDir });
  let { product, site } = await launch(env, listedPerSecondOn.pglite);
  const customerCount = Number(args["pglite-customers"]);
  const { admin, idle, active } = await setUpPeople(site, customerCount);
  await prepareReader(admin, idle);
  await stop(product);

  // The pending deposits go in while the server is stopped: PGlite's files take one process at a
  // time. The warm-up's wrk list takes listedPerSecond ids for each of its
  // seconds, sent or not, and the window's list the same. With 500 a second, as here before, the
  // 3 s warm-up took 4,500 of the 9,000 ids and approved about 900 of them; the default 15 s window
  // ran out after the other 4,500, so a rate near 300/s read 299/s, cut by the bench.
  const stock = listedPerSecondOn.pglite * (seconds + warmupSeconds);
  const started = Date.now();
  const db = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
  const ids = await seedPendingDeposits(queryable(db), stock, [idle.id, active.id]);
  await db.query("analyze");
  await db.close();
  // Same port, same AUTH_SECRET, sessions in the database: the clients' cookies are still good.
  ({ product, site } = await launch(env, listedPerSecondOn.pglite));
  await prepareReader(admin, active);
  console.log(
    `${at()} set-up: first admin with TOTP, ${customerCount} customers and 2 wallet readers (API), ${stock} pending deposits (SQL), in ${((Date.now() - started) / 1000).toFixed(0)} s after the sign-ups`,
  );
  const server = listenerPid(product.child.pid!, Number(env.PORT));
  const productCpu = () => ({ server: treeCpuSeconds(server), database: 0 });

  // The wallet reads before the approvals, on the same data every run (as on PostgreSQL).
  const reads = {
    active: await wrkPhase("GET /api/wallet, active customer", productCpu, `${site.baseUrl}/api/wallet`, active.client.cookieHeader),
    idle: await wrkPhase("GET /api/wallet, idle customer", productCpu, `${site.baseUrl}/api/wallet`, idle.client.cookieHeader),
  };
  const approve = await approvePhase("approve", productCpu, site, admin, ids);
  const memory = memoryOf(server);
  console.log(`${"server RSS after load".padEnd(34)} ${mb(memory.rssMb).padStart(8)}  (peak ${mb(memory.peakMb)})`);
  const restedMemory = await restedMemoryOf(server);
  await stop(product);
  const ledger = await ledgerCheck("PGlite", env);

  const bare = await startBareHandler({ PGLITE_DIR: path.join(dataDir, "db") }, active.client.cookieHeader);
  const bareCpu = () => ({ server: treeCpuSeconds(bare.running.child.pid!), database: 0 });
  const bareWallet = await wrkPhase("GET /api/wallet, bare node:http+PGlite", bareCpu, bare.url, active.client.cookieHeader);
  await stop(bare.running);

  const floor = await pgliteFloor();
  console.log(
    `${"bare PGlite + pg_trgm RSS".padEnd(34)} ${mb(floor.rssMb).padStart(8)}  (an existing data folder; in memory: ${mb(floor.inMemoryRssMb)})`,
  );

  raw.pglite = { approve, reads, bareWallet, memory, restedMemory, floor, stock, customers: customerCount };
  const section = "PGlite";
  rows.push({
    section,
    figure: "approve",
    value: perSecond(approve.rate),
    yardstick: "",
    ratio: "",
    target: "≥ 300/s",
    verdict: pass(approve.rate >= 300),
    cpu: cpuCell(approve.cpu),
    errors: failedCount(approve.tally) + failedCount(approve.warmup),
  });
  rows.push(...walletRows(section, reads, bareWallet));
  rows.push({
    section,
    figure: "server RSS after load",
    value: mb(memory.rssMb),
    yardstick: `bare PGlite ${mb(floor.rssMb)}`,
    ratio: `+${(memory.rssMb - floor.rssMb).toFixed(0)} MB`,
    target: "≤ bare + 80 MB",
    verdict: pass(memory.rssMb - floor.rssMb <= 80),
    cpu: "",
    errors: 0,
  });
  rows.push(ledger);
}

/**
 * The least memory PGlite needs: a plain Node process (no tsx, no server) that opens a database
 * with the product's extension, runs a query, creates the extension and reports its own RSS.
 * The yardstick opens a data folder that exists already, as the product does when measured (it was
 * restarted after the setup), so neither side pays for initdb. The literal in-memory
 * `PGlite.create()` is measured too and shown beside it.
 */
async function pgliteFloor(): Promise<{ rssMb: number; inMemoryRssMb: number }> {
  const dir = await tempDir("pglite-floor");
  const script = `
    import { readFileSync } from "node:fs";
    import { PGlite } from "@electric-sql/pglite";
    import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
    const extensions = { pg_trgm };
    const db = process.env.FLOOR_DIR ? await PGlite.create(process.env.FLOOR_DIR, { extensions }) : await PGlite.create({ extensions });
    await db.query("select 1");
    await db.exec("create extension if not exists pg_trgm");
    const kb = Number(/^VmRSS:\\s+(\\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))[1]);
    await db.close();
    console.log(kb / 1024);`;
  const measure = async (floorDir: string) => {
    const result = await runToEnd(process.execPath, ["--input-type=module", "-e", script], { ...process.env, FLOOR_DIR: floorDir });
    if (result.code !== 0) throw new Error(`the bare PGlite process failed:\n${result.stderr}`);
    return Number(result.stdout.trim().split("\n").at(-1));
  };
  await measure(dir); // makes the folder (initdb): not counted
  return { rssMb: await measure(dir), inMemoryRssMb: await measure("") };
}

// ------------------------------------------------------------------ report

function printTable(): void {
  const header = ["", "Figure", "Value", "Yardstick", "Ratio", "Target", "", "CPU per request", "Errors"];
  const lines = rows.map((r) => [r.section, r.figure, r.value, r.yardstick, r.ratio, r.target, r.verdict, r.cpu, String(r.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join("  ");
  console.log(`\n${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const line of lines) console.log(format(line));
  console.log("\n| | Figure | Value | Yardstick | Ratio | Target | | CPU per request | Errors |\n|---|---|---|---|---|---|---|---|---|");
  for (const line of lines) console.log(`| ${line.join(" | ")} |`);
}

async function gitState(): Promise<{ commit: string; uncommitted: number }> {
  // --commit names the code when the tree is not a git checkout (an export made with `git archive`).
  const commit = args.commit ?? ((await runToEnd("git", ["rev-parse", "--short", "HEAD"])).stdout.trim() || "unknown");
  // Others may be editing the tree: say whether the code measured is exactly the commit.
  const status = (await runToEnd("git", ["status", "--porcelain", "--", "src", "scripts", "package.json"])).stdout.trim();
  return { commit, uncommitted: status === "" ? 0 : status.split("\n").length };
}

async function main(): Promise<void> {
  const git = await gitState();
  const loadAtStart = loadavg().map((n) => n.toFixed(2));
  console.log(
    `bench/api: commit ${git.commit}${git.uncommitted ? ` (+${git.uncommitted} uncommitted files in src/, scripts/)` : ""}, load average ${loadAtStart.join(" ")}, ${seconds} s per figure after ${warmupSeconds} s of warm-up, ${clients} clients`,
  );
  try {
    if (args.only !== "pglite") await postgres();
    if (args.only !== "postgres") await pglite();
  } finally {
    await cleanUp();
  }
  printTable();
  const errors = rows.reduce((sum, r) => sum + r.errors, 0);
  const missed = rows.filter((r) => r.verdict === "MISS");
  const loadAtEnd = loadavg().map((n) => n.toFixed(2));
  console.log(`\nTook ${((Date.now() - began) / 1000).toFixed(0)} s; load average at the end ${loadAtEnd.join(" ")}.`);
  for (const problem of problems) console.log(`Note: ${problem}`);
  const resultsDir = path.join(repoRoot, "bench/api/results");
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, "latest.json");
  writeFileSync(
    file,
    `${JSON.stringify(
      { date: new Date().toISOString(), ...git, loadAtStart, loadAtEnd, seconds, warmupSeconds, clients, rows, errors, problems, raw },
      null,
      2,
    )}\n`,
  );
  console.log(`Results: ${path.relative(repoRoot, file)}`);
  if (args.profile) {
    writeFileSync(path.join(args.profile, "windows.json"), `${JSON.stringify(profileWindows, null, 2)}\n`);
    console.log(`Profiles: node --import tsx bench/api/profile-summary.ts ${args.profile}`);
  }
  if (errors > 0) {
    console.error(`NOT VALID: ${errors} error answers during the measurements (see the Errors column).`);
    process.exitCode = 2;
  } else if (missed.length > 0) {
    console.error(`${missed.length} target(s) missed: ${missed.map((r) => `${r.section} ${r.figure}`).join("; ")}.`);
    process.exitCode = 1;
  } else {
    console.log("Every target met.");
  }
}

main().catch(async (error: unknown) => {
  console.error(error);
  await cleanUp();
  process.exit(2);
});
