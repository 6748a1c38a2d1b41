// Makes an upgrade fixture (docs/decisions/044-upgrades-tested.md): the database an EARLIER commit
// of this repository leaves behind after real use, as a plain-SQL dump that tests/api/operations/upgrades.test.ts
// restores and opens with the current release.
//
//   node scripts/make-upgrade-fixture.mjs <commit> <name>
//
// It checks the commit out into /tmp/fx-<commit> (git worktree), borrows this checkout's
// node_modules, makes a throwaway PostgreSQL cluster (initdb, port 3261), starts THAT commit's
// server on it (port 3260) and drives it through its HTTP API as people would: the first admin
// with two-factor sign-in, customers signing up, deposits approved and rejected, withdrawals paid,
// rejected and left waiting, balance adjustments. Then it dumps the database to
// tests/fixtures/upgrades/<name>.sql (--column-inserts: plain SQL that PGlite can run too) and
// writes <name>.json with what the test needs: passwords, the admin's TOTP secret and each
// customer's balances as that release showed them. The worktree and cluster are removed after.
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import * as OTPAuth from "otpauth";

const run = promisify(execFile);
const repo = fileURLToPath(new URL("..", import.meta.url));
const fixturesDir = path.join(repo, "tests/fixtures/upgrades");
const pgBin = "/usr/lib/postgresql/15/bin";
const serverPort = 3260;
const pgPort = 3261;
const baseUrl = `http://127.0.0.1:${serverPort}`;

// Fixed secrets, so the test can sign in as these people; they protect nothing real.
const adminEmail = "admin@upgrade.example";
const adminPassword = "Upgrade-Admin-Pass-42";
const customerPassword = "Upgrade-Customer-42";
const authSecret = "upgrade-fixture-auth-secret-0123456789abcdef";
const fromAddress = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"; // a valid TRON address (checksum), held by nobody we know

const [commitArg, name] = process.argv.slice(2);
if (!commitArg || !name || !/^[a-z0-9-]+$/.test(name)) {
  console.error("usage: node scripts/make-upgrade-fixture.mjs <commit> <name (a-z, 0-9, dashes)>");
  process.exit(2);
}

const git = async (...args) => (await run("git", ["-C", repo, ...args])).stdout.trim();
const commit = await git("rev-parse", "--short", `${commitArg}^{commit}`);
const commitDate = await git("log", "-1", "--format=%cI", commit);
const subject = await git("log", "-1", "--format=%s", commit);
const migrations = (await git("ls-tree", "--name-only", commit, "src/server/db/migrations/"))
  .split("\n")
  .filter((file) => file.endsWith(".sql"))
  .map((file) => path.basename(file, ".sql"));
const worktree = `/tmp/fx-${commit}`;
const asRoot = process.getuid?.() === 0;
const notes = [];

const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch((error) => console.error(`cleanup: ${error}`));
}

async function main() {
  console.log(`fixture ${name}: ${commit} (${commitDate}), migrations up to ${migrations.at(-1)}`);
  if (existsSync(worktree)) await run("git", ["-C", repo, "worktree", "remove", "--force", worktree]).catch(() => undefined);
  await git("worktree", "add", "--detach", worktree, commit);
  cleanups.push(() => run("git", ["-C", repo, "worktree", "remove", "--force", worktree]));
  // Dependencies of a commit from days before are close enough to today's.
  await symlink(path.join(repo, "node_modules"), path.join(worktree, "node_modules"));

  const databaseUrl = await startPostgres();
  const dataDir = await mkdtemp(path.join(tmpdir(), "fx-data-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const stopServer = await startServer(databaseUrl, dataDir);
  cleanups.push(stopServer);

  const facts = await useTheProduct();
  await stopServer();

  await mkdir(fixturesDir, { recursive: true });
  facts.unsentEmails = await unsentEmails(databaseUrl);
  const dump = await pgDump(databaseUrl);
  await writeFile(path.join(fixturesDir, `${name}.sql`), dump);
  const manifest = {
    name,
    commit,
    commitDate,
    subject,
    migrationLevel: migrations.at(-1),
    migrationCount: migrations.length,
    ...facts,
    notes,
  };
  await writeFile(path.join(fixturesDir, `${name}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`wrote tests/fixtures/upgrades/${name}.sql (${Math.round(dump.length / 1024)} KB) and ${name}.json`);
  if (notes.length > 0) console.log(`notes:\n- ${notes.join("\n- ")}`);
}

// ------------------------------------------------------------------ PostgreSQL and the old server

async function startPostgres() {
  const dir = await mkdtemp(path.join(tmpdir(), "fx-pg-"));
  const dataDir = path.join(dir, "data");
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const gid = Number((await run("id", ["-g", "postgres"])).stdout);
    await chown(dir, Number(stdout), gid);
  }
  const pg = (bin, args) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(pgBin, bin), ...args]) : run(path.join(pgBin, bin), args);
  await pg("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync", "--no-instructions"]);
  const options = `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await pg("pg_ctl", ["start", "-D", dataDir, "-l", path.join(dir, "log"), "-w", "-s", "-o", options]);
  cleanups.push(async () => {
    await pg("pg_ctl", ["stop", "-D", dataDir, "-m", "immediate", "-s"]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });
  await run(path.join(pgBin, "psql"), ["-h", "127.0.0.1", "-p", String(pgPort), "-U", "postgres", "-c", "create database nexapay"]);
  return `postgres://postgres@127.0.0.1:${pgPort}/nexapay`;
}

async function startServer(databaseUrl, dataDir) {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: String(serverPort),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    AUTH_SECRET: authSecret,
    NODE_ENV: "development",
    LOG_LEVEL: "warn",
    // One admin approves everything, whatever the amount: the four-eyes rule is not what we record.
    FOUR_EYES_MIN_BDT: "0",
    // Releases that e-mail a code for each withdrawal let a deployment confirm them another way.
    WITHDRAWAL_CONFIRMATION: "off",
    UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT: "50000",
    SIGNUPS_PER_IP_PER_MINUTE: "100",
    // A mail server that is not there (nothing listens on 3262): every message stays in the outbox
    // unsent, with its failed attempt and a retry time, as a stopped server leaves them. The
    // upgraded release must still be able to send them. The retry waits an hour.
    SMTP_URL: "smtp://127.0.0.1:3262",
    MAIL_OUTBOX_POLL_SECONDS: "3600",
  };
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: worktree,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${commit} stopped:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.status < 500)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server of ${commit} did not answer within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    child.kill("SIGTERM");
    await exited;
  };
}

/** Messages left unsent; null before the outbox existed (migration 0011). */
async function unsentEmails(databaseUrl) {
  const psql = async (query) => (await run(path.join(pgBin, "psql"), ["-At", "-c", query, databaseUrl])).stdout.trim();
  // Two statements: a query naming a missing table fails when planned, whatever its CASE says.
  if ((await psql("select to_regclass('email_outbox') is null")) === "t") return null;
  return Number(await psql("select count(*) from email_outbox where sent_at is null"));
}

async function pgDump(databaseUrl) {
  const { stdout } = await run(
    path.join(pgBin, "pg_dump"),
    ["--no-owner", "--no-privileges", "--column-inserts", "--dbname", databaseUrl],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

// ------------------------------------------------------------------ the product, used

class Browser {
  cookies = new Map();
  constructor(ip) {
    this.ip = ip;
  }
  async request(method, url, json) {
    const headers = { origin: baseUrl, "x-forwarded-for": this.ip };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (json !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${baseUrl}${url}`, { method, headers, body: json === undefined ? undefined : JSON.stringify(json) });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      const key = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, body };
  }
  get(url) {
    return this.request("GET", url);
  }
  post(url, json) {
    return this.request("POST", url, json);
  }
}

let ipCount = 0;
const newBrowser = () => new Browser(`10.9.0.${(ipCount += 1)}`);

async function must(what, promise, okStatuses = [200, 201]) {
  const response = await promise;
  if (!okStatuses.includes(response.status)) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
}

/** A step an older release may not have: tried, and noted in the manifest when it could not be done. */
async function tryStep(what, step) {
  try {
    return await step();
  } catch (error) {
    notes.push(`${what}: not done on this commit (${String(error.message ?? error).slice(0, 200)})`);
    return undefined;
  }
}

async function useTheProduct() {
  // The first admin, enrolled in TOTP as the back office requires.
  const admin = newBrowser();
  await must("first admin", admin.post("/api/setup/first-admin", { email: adminEmail, password: adminPassword }));
  await must("admin sign-in", admin.post("/api/auth/sign-in/email", { email: adminEmail, password: adminPassword }));
  const enabled = await must("two-factor enable", admin.post("/api/auth/two-factor/enable", { password: adminPassword }));
  const totp = OTPAuth.URI.parse(enabled.totpURI);
  await must("verify-totp", admin.post("/api/auth/two-factor/verify-totp", { code: totp.generate() }));
  await must("back office", admin.get("/api/admin/stats"));

  const approve = (id, body) =>
    must(`approve ${id}`, admin.post(`/api/admin/transactions/${id}/approve`, body ?? { acknowledgeNoChainEvidence: true }));
  const reject = (id, reason) => must(`reject ${id}`, admin.post(`/api/admin/transactions/${id}/reject`, { reason }));
  const adjust = (userId, direction, amount, note) =>
    must(`adjust ${userId}`, admin.post(`/api/admin/users/${userId}/balance-adjustments`, { direction, amount, note }));

  const customers = [];
  for (const username of ["rahim_upgrade", "karima_upgrade", "sadia_upgrade"]) {
    const browser = newBrowser();
    const email = `${username.replace("_", ".")}@upgrade.example`;
    const signedUp = await must(
      `sign-up ${email}`,
      browser.post("/api/auth/sign-up/email", { email, password: customerPassword, username, country: "BD" }),
    );
    customers.push({ browser, email, username, userId: signedUp.user.id });
  }
  const [rahim, karima, sadia] = customers;
  const deposit = (customer, usdtAmount) =>
    must(`deposit by ${customer.email}`, customer.browser.post("/api/deposits", { fromAddress, usdtAmount }));
  const withdraw = (customer, amount) =>
    must(
      `withdrawal by ${customer.email}`,
      customer.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount }),
    );
  const idOf = (transaction) => transaction.id;

  // Rahim: two deposits approved, one rejected, a withdrawal paid, one rejected, a bonus.
  await approve(idOf(await deposit(rahim, "100")));
  await approve(idOf(await deposit(rahim, "25.5")));
  await reject(idOf(await deposit(rahim, "12")), "No transfer arrived");
  await tryStep("paid withdrawal", async () => approve(idOf(await withdraw(rahim, "1500")), { payoutReference: "BKASHUPG0001" }));
  await tryStep("rejected withdrawal", async () => reject(idOf(await withdraw(rahim, "700")), "Wallet number closed"));
  await adjust(rahim.userId, "add", "250", "Welcome bonus");
  // Karima: a deposit approved, a subtraction, a withdrawal left waiting (held money).
  await approve(idOf(await deposit(karima, "40")));
  await adjust(karima.userId, "subtract", "120.50", "Fee refunded twice");
  await tryStep("withdrawal left pending", async () => withdraw(karima, "900"));
  // Sadia: a deposit left pending, nothing else.
  await deposit(sadia, "15");

  // Balances as this release showed them to each customer.
  for (const customer of customers) {
    const wallet = await must(`wallet of ${customer.email}`, customer.browser.get("/api/wallet"));
    customer.wallet = { balance: wallet.balance, availableBalance: wallet.availableBalance, heldBalance: wallet.heldBalance };
  }
  return {
    // better-auth encrypts the TOTP secret with AUTH_SECRET: the upgraded server must use the same.
    authSecret,
    adminEmail,
    adminPassword,
    adminTotpSecret: totp.secret.base32,
    customerPassword,
    customers: customers.map(({ email, username, userId, wallet }) => ({ email, username, userId, wallet })),
    // Sadia's browser as it was, to come back after the upgrade without signing in again.
    sessionCookies: Object.fromEntries(sadia.browser.cookies),
  };
}

// Last: the functions and constants above are all defined by now.
try {
  await main();
} finally {
  await cleanUp();
}
