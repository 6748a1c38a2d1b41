// Upgrades (docs/decisions/044-upgrades-tested.md): each fixture in tests/fixtures/upgrades is the
// database an earlier release left after real use (scripts/make-upgrade-fixture.mjs). Restored into
// a fresh database of this project's kind and opened by this release, it must take every migration,
// keep its ledger whole and its balances as they were, let its people sign in (the admin with the
// TOTP secret it enrolled then) and take new money.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from "vitest";
import { buildApp } from "../../../src/server/app.ts";
import { loadConfig } from "../../../src/server/config.ts";
import { migrationsFolder, openDatabase, queryRows, type Database } from "../../../src/server/db/client.ts";
import { filesDifferingFromLive, liveFunctionNames } from "../../../src/server/db/sql-functions-check.ts";
import { sqlFunctionOrder } from "../../../src/server/db/sql-functions.ts";
import { findLedgerBreaches } from "../../../src/server/wallet/ledger-check.ts";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { Browser, liftedCustomerProtection, publicUrl } from "../../support/test-app.ts";
import { withClient } from "../../support/pg-client.ts";

type Manifest = {
  name: string;
  commit: string;
  migrationLevel: string;
  migrationCount: number;
  authSecret: string;
  adminEmail: string;
  adminPassword: string;
  adminTotpSecret: string;
  customerPassword: string;
  /** A customer's browser cookies (the last customer's) as the old release set them. */
  sessionCookies: Record<string, string>;
  /** E-mail the old release queued and never sent; absent before the outbox existed (migration 0011). */
  unsentEmails?: number;
  customers: { email: string; userId: string; wallet: Pick<WalletDto, "balance" | "availableBalance" | "heldBalance"> }[];
};

const fixturesDir = fileURLToPath(new URL("../../fixtures/upgrades/", import.meta.url));
const fixtures = readdirSync(fixturesDir)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => JSON.parse(readFileSync(path.join(fixturesDir, file), "utf8")) as Manifest);
const journalLength = (JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: unknown[] })
  .entries.length;
const kind = inject("dbKind");

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * The dump as SQL that either database runs in one go: pg_dump's psql meta-commands (\restrict,
 * \unrestrict) are for psql only. The fixtures are written with --column-inserts, so no COPY block
 * needs psql either.
 */
function dumpSql(name: string): string {
  return readFileSync(path.join(fixturesDir, `${name}.sql`), "utf8")
    .split("\n")
    .filter((line) => !line.startsWith("\\"))
    .join("\n");
}

// On PGlite, creating a database (its initdb) is most of the time a fixture takes; it is done once
// here and the empty folder copied for each fixture.
let emptyPglite: string | undefined;
beforeAll(async () => {
  if (kind !== "pglite") return;
  emptyPglite = await mkdtemp(path.join(tmpdir(), "nexapay-upgrade-empty-"));
  const client = await PGlite.create(path.join(emptyPglite, "db"), { extensions: { pg_trgm } });
  await client.close();
});
afterAll(async () => {
  if (emptyPglite) await rm(emptyPglite, { recursive: true, force: true });
});

/** The fixture restored into a fresh database, then opened as this release's server opens it. */
async function restoredDatabase(name: string): Promise<Database> {
  if (kind === "pglite") {
    // openDatabase takes a data folder; the restore fills one first, with the extension it needs.
    const dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-upgrade-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    await cp(emptyPglite!, dataDir, { recursive: true });
    const client = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
    await client.exec(dumpSql(name));
    await client.close();
    const database = await openDatabase({ kind: "pglite", dataDir });
    cleanups.push(() => database.close());
    return database;
  }
  const adminUrl = inject("postgresAdminUrl");
  const dbName = `nexapay_upgrade_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, (client) => client.query(`create database "${dbName}"`));
  cleanups.push(() => withClient(adminUrl, (client) => client.query(`drop database if exists "${dbName}" with (force)`)));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  // A query without parameters goes as one simple-protocol message: all the dump's statements at once.
  await withClient(url.toString(), (client) => client.query(dumpSql(name)));
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  cleanups.push(() => database.close());
  return database;
}

async function startedApp(database: Database, fixture: Manifest) {
  const dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-upgrade-data-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: fixture.authSecret,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    ...liftedCustomerProtection,
  });
  const { app, outboxSender } = await buildApp({ config, database, logger: false, webDir: null });
  await app.ready();
  // Before the database closes (cleanups run last-in, first-out).
  cleanups.push(() => app.close());
  let ip = 0;
  return { app, outboxSender, browser: () => new Browser(app, `10.44.0.${(ip += 1)}`) };
}

test("there are fixtures to upgrade from", () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(4);
});

describe.each(fixtures.map((fixture) => [`${fixture.name} (${fixture.commit}, ${fixture.migrationLevel})`, fixture] as const))(
  "a database made by %s",
  (_, fixture) => {
    test("takes every migration, keeps its ledger and balances, lets its people in and takes new money", async () => {
      const database = await restoredDatabase(fixture.name);

      const [applied] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(applied?.n).toBe(journalLength);
      expect(await findLedgerBreaches(database.db)).toEqual([]);
      // Its functions are now exactly those of src/server/db/functions: none that an old migration
      // made and no file holds (an old signature, a dead helper), each as its file says.
      expect(await liveFunctionNames(database.db)).toEqual([...sqlFunctionOrder].sort());
      expect(await filesDifferingFromLive(database.db)).toEqual([]);

      // The e-mail the old release could not send (its mail server was away): this one sends it,
      // whatever template names and facts that release wrote.
      const unsent = await queryRows<{ id: string }>(database.db, sql`select id from email_outbox where sent_at is null`);
      expect(unsent.length).toBe(fixture.unsentEmails ?? 0);

      const { browser, outboxSender } = await startedApp(database, fixture);
      await database.db.execute(sql`update email_outbox set next_attempt_at = now() where sent_at is null`);
      await outboxSender.deliverDue();
      const stillUnsent = await queryRows<{ id: string; last_error: string | null }>(
        database.db,
        sql`select id, last_error from email_outbox where sent_at is null`,
      );
      expect(stillUnsent).toEqual([]);

      // Every customer signs in with the old password and sees the balances that release showed.
      const customers = [];
      for (const customer of fixture.customers) {
        const b = browser();
        const signIn = await b.post("/api/auth/sign-in/email", { email: customer.email, password: fixture.customerPassword });
        expect(signIn.statusCode, signIn.body).toBe(200);
        const wallet = (await b.get("/api/wallet")).json<WalletDto>();
        expect({ balance: wallet.balance, availableBalance: wallet.availableBalance, heldBalance: wallet.heldBalance }).toEqual(
          customer.wallet,
        );
        customers.push({ ...customer, browser: b });
      }

      // A session the old release opened still holds. Its seven days ran out after the fixture was
      // made, so its expiry moves as if it had been used today; the row and the cookie are the old ones.
      await database.db.execute(sql`update session set expires_at = now() + interval '1 day', updated_at = now()`);
      const returning = browser();
      for (const [cookie, value] of Object.entries(fixture.sessionCookies)) returning.cookies.set(cookie, value);
      const me = await returning.get("/api/me");
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<{ email: string }>().email).toBe(fixture.customers.at(-1)!.email);

      // The admin: password, then the TOTP secret enrolled under the old release.
      const admin = browser();
      const password = await admin.post("/api/auth/sign-in/email", { email: fixture.adminEmail, password: fixture.adminPassword });
      expect(password.statusCode, password.body).toBe(200);
      expect(password.json()).toMatchObject({ twoFactorRedirect: true });
      const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(fixture.adminTotpSecret) }).generate();
      const verified = await admin.post("/api/auth/two-factor/verify-totp", { code });
      expect(verified.statusCode, verified.body).toBe(200);
      expect((await admin.get("/api/admin/stats")).statusCode).toBe(200);

      // New money: an old customer asks to deposit and the old admin approves it.
      const customer = customers[0]!;
      const requested = await customer.browser.post("/api/deposits", { usdtAmount: "20" });
      expect(requested.statusCode, requested.body).toBe(201);
      const deposit = requested.json<TransactionDto>();
      const approved = await admin.post(`/api/admin/transactions/${deposit.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json<TransactionDto>().status).toBe("completed");
      const after = (await customer.browser.get("/api/wallet")).json<WalletDto>();
      expect(Number(after.balance)).toBeCloseTo(Number(customer.wallet.balance) + Number(approved.json<TransactionDto>().amount), 2);
      expect(await findLedgerBreaches(database.db)).toEqual([]);
      // Restoring, migrating and five scrypt sign-ins: seconds on a quiet machine, but on PGlite on a
      // busy two-core runner one fixture took 54 s, close to the API tests' 60 s.
    }, 120_000);
  },
);
