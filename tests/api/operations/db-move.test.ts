// `npm run db:move` (decision 043): an embedded database, seeded by seed:demo and used through the
// real API (a customer's session, an admin enrolled in TOTP), is moved into an empty PostgreSQL
// database by the command itself, run as a separate process as an operator would. The server then
// built on PostgreSQL knows the same people: the old session cookie, the old password and the
// admin's authenticator all still work, every row arrived unchanged and the ledger is clean. A target
// that is not empty is refused and left as it was, and so is a move while the embedded database is
// open in a running server.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { grantAdminRole } from "../../../src/server/admins/create-admin.ts";
import { buildApp, type App } from "../../../src/server/app.ts";
import { loadConfig, type Config } from "../../../src/server/config.ts";
import { openDatabase, queryRows, type Database, type Db } from "../../../src/server/db/client.ts";
import { findLedgerBreaches } from "../../../src/server/wallet/ledger-check.ts";
import { Browser, goodPassword, liftedCustomerProtection, publicUrl } from "../../support/test-app.ts";
import { totpCode } from "../../support/wallet/admin.ts";
import { withClient } from "../../support/pg-client.ts";

const kind = inject("dbKind");
const root = path.resolve(import.meta.dirname, "../../..");
const run = promisify(execFile);

type Person = { email: string; password: string; browser: Browser };
type Server = { app: App["app"]; database: Database; close: () => Promise<void> };

describe.skipIf(kind === "pglite")("db:move copies the embedded database into PostgreSQL (needs PostgreSQL: api-postgres only)", () => {
  let dataDir: string;
  let config: Config;
  let customer: Person;
  let admin: Person & { totpUri: string };
  /** The first move, made once for the file: its target and what the command answered. */
  let target: string;
  let moved: { code: number; stdout: string; stderr: string };
  const databases: string[] = [];
  let ipCount = 0;
  const browserOn = (server: Server) => new Browser(server.app, `10.9.${(ipCount >> 8) & 255}.${(ipCount += 1) & 255}`);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-move-"));
    // seed:demo as an operator runs it; it also writes $DATA_DIR/auth-secret, which the servers below read.
    await run(process.execPath, ["--import", "tsx", "src/server/cli/seed-demo.ts", "--users", "200", "--transactions", "2000"], {
      cwd: root,
      env: commandEnv(),
    });
    config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: publicUrl, LOG_LEVEL: "silent", NODE_ENV: "test", ...liftedCustomerProtection });
    const server = await serve(await openDatabase({ kind: "pglite", dataDir }));
    try {
      customer = await signUp(server, "mover");
      admin = await enrolAdmin(server);
    } finally {
      await server.close();
    }
    target = await createDatabase();
    moved = await runMove(target);
  }, 240_000);

  afterAll(async () => {
    for (const name of databases) await dropDatabase(name);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test("every row arrives: counts and contents equal table by table, balances and held money equal, ledger clean, exit 0", async () => {
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toMatch(/ledger check on the target: clean/);
    expect(moved.stdout).toMatch(/migrations recorded: (\d+) in the source, \1 in the target, the same/);

    const source = await openDatabase({ kind: "pglite", dataDir });
    const copy = await openDatabase({ kind: "postgres", url: target });
    try {
      const tables = (
        await queryRows<{ name: string }>(source.db, sql`select tablename as name from pg_tables where schemaname = 'public'`)
      ).map((row) => row.name);
      expect(tables).toEqual(expect.arrayContaining(["transactions", "ledger_entries", "session", "two_factor", "audit_log", "profiles"]));
      for (const table of tables) {
        expect(await tableDigest(copy.db, table), table).toEqual(await tableDigest(source.db, table));
      }
      const balances = sql`select id, balance_minor::text, held_minor::text from profiles order by id`;
      const sourceBalances = await queryRows<{ held_minor: string }>(source.db, balances);
      expect(sourceBalances.some((row) => row.held_minor !== "0")).toBe(true); // pending withdrawals: the held-money trigger must not have run again
      expect(await queryRows(copy.db, balances)).toEqual(sourceBalances);
      expect(await findLedgerBreaches(copy.db)).toEqual([]);
      // The identity column's sequence continues after the copied ids.
      const sequences = sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`;
      expect(await queryRows(copy.db, sequences)).toEqual(await queryRows(source.db, sequences));
    } finally {
      await copy.close();
      await source.close();
    }

    const server = await serve(await openDatabase({ kind: "postgres", url: target }));
    try {
      const sameCookie = browserOn(server);
      for (const [name, value] of customer.browser.cookies) sameCookie.cookies.set(name, value);
      expect((await sameCookie.get("/api/me")).statusCode).toBe(200);

      const signedIn = await browserOn(server).post("/api/auth/sign-in/email", { email: customer.email, password: customer.password });
      expect(signedIn.statusCode, signedIn.body).toBe(200);

      const adminBrowser = browserOn(server);
      const passwordStep = await adminBrowser.post("/api/auth/sign-in/email", { email: admin.email, password: admin.password });
      expect(passwordStep.json()).toMatchObject({ twoFactorRedirect: true });
      const codeStep = await adminBrowser.post("/api/auth/two-factor/verify-totp", { code: totpCode(admin.totpUri) });
      expect(codeStep.statusCode, codeStep.body).toBe(200);
      expect((await adminBrowser.get("/api/admin/stats")).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  }, 180_000);

  test("a target that is not empty is refused and left untouched, whether it holds our tables or anything else", async () => {
    // The first move's target: our tables, full of rows.
    const before = await targetState(target);
    const again = await runMove(target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty .*has changed nothing in it/);
    expect(await targetState(target)).toEqual(before);

    const other = await createDatabase();
    await withClient(other, (client) => client.query("create table keep (n int); insert into keep select generate_series(1, 3)"));
    const beforeOther = await targetState(other);
    const refused = await runMove(other);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not empty \(table public\.keep\)/);
    expect(await targetState(other)).toEqual(beforeOther);
  }, 180_000);

  test("while a server holds the embedded database, db:move refuses and says who holds it", async () => {
    const empty = await createDatabase();
    const server = await serve(await openDatabase({ kind: "pglite", dataDir }));
    try {
      const refused = await runMove(empty);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is open in another process \(pid \d+/);
      expect(await targetState(empty)).toEqual({ relations: [], rows: {} });
    } finally {
      await server.close();
    }
  }, 180_000);

  async function serve(database: Database): Promise<Server> {
    const built = await buildApp({ config, database, logger: false, webDir: null });
    await built.app.ready();
    return {
      app: built.app,
      database,
      close: async () => {
        await built.app.close();
        await database.close();
      },
    };
  }

  async function signUp(server: Server, prefix: string): Promise<Person> {
    const browser = browserOn(server);
    const suffix = randomBytes(3).toString("hex");
    const person = { email: `${prefix}-${suffix}@example.com`, password: goodPassword };
    const response = await browser.post("/api/auth/sign-up/email", { ...person, username: `${prefix}_${suffix}`, country: "BD" });
    expect(response.statusCode, response.body).toBe(200);
    expect((await browser.get("/api/me")).statusCode).toBe(200);
    return { ...person, browser };
  }

  /** An admin as the back office requires one: role given from the command line's side, established, TOTP enrolled. */
  async function enrolAdmin(server: Server): Promise<Person & { totpUri: string }> {
    const person = await signUp(server, "moveadmin");
    const [row] = await queryRows<{ id: string }>(server.database.db, sql`select id from "user" where email = ${person.email}`);
    await grantAdminRole(server.database.db, { userId: row!.id, role: "admin", actorId: null });
    await server.database.db.execute(
      sql`update admin_appointments set appointed_at = now() - interval '30 days' where admin_id = ${row!.id}`,
    );
    // Promotion ends the account's sessions: sign in again, then enrol.
    const signIn = await person.browser.post("/api/auth/sign-in/email", { email: person.email, password: person.password });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const enable = await person.browser.post("/api/auth/two-factor/enable", { password: person.password });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI } = enable.json<{ totpURI: string }>();
    expect((await person.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).statusCode).toBe(200);
    expect((await person.browser.get("/api/admin/stats")).statusCode).toBe(200);
    return { ...person, totpUri: totpURI };
  }

  function commandEnv(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    delete env.DATABASE_URL;
    return env;
  }

  async function runMove(targetUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/server/cli/db-move.ts", "--to", targetUrl], {
        cwd: root,
        env: commandEnv(),
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof failed.code === "number" ? failed.code : -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
    }
  }

  /** A new, empty database on the test cluster; dropped after the file. */
  async function createDatabase(): Promise<string> {
    const name = `nexapay_move_${randomBytes(6).toString("hex")}`;
    await withClient(inject("postgresAdminUrl"), (client) => client.query(`create database "${name}"`));
    databases.push(name);
    const url = new URL(inject("postgresAdminUrl"));
    url.pathname = `/${name}`;
    return url.toString();
  }
});

async function dropDatabase(name: string): Promise<void> {
  await withClient(inject("postgresAdminUrl"), (client) => client.query(`drop database if exists "${name}" with (force)`));
}

/** A table's rows, as PostgreSQL writes them, in a fixed order: equal digests mean equal contents. */
async function tableDigest(db: Db, table: string): Promise<{ rows: number; md5: string | null }> {
  const name = sql.raw(`public.${pg.escapeIdentifier(table)}`);
  const [row] = await queryRows<{ rows: number; md5: string | null }>(
    db,
    sql`select count(*)::int as rows, md5(string_agg(t::text, E'\n' order by t::text collate "C")) as md5 from ${name} t`,
  );
  return row!;
}

/** What a target holds: its relations outside the system schemas and each table's row count. */
async function targetState(url: string): Promise<{ relations: string[]; rows: Record<string, number> }> {
  return withClient(url, async (client) => {
    const { rows: relations } = await client.query<{ name: string; kind: string }>(
      `select n.nspname || '.' || c.relname as name, c.relkind::text as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') order by 1`,
    );
    const rows: Record<string, number> = {};
    for (const relation of relations.filter((r) => r.kind === "r")) {
      const [schema, table] = relation.name.split(".");
      const { rows: count } = await client.query<{ n: number }>(
        `select count(*)::int as n from ${pg.escapeIdentifier(schema!)}.${pg.escapeIdentifier(table!)}`,
      );
      rows[relation.name] = count[0]!.n;
    }
    return { relations: relations.map((r) => r.name), rows };
  });
}
