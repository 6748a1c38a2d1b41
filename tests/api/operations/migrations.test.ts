// Upgrading a database that already holds data (src/server/db/migration-clock.ts): drizzle applies
// a migration only when its journal time is later than the newest one applied, and 0007 to 0010
// once had times earlier than 0006's. Each case here builds a database the way an older release
// left it, with the old journal times, then opens it as the server does.
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterEach, describe, expect, inject, test } from "vitest";
import { migrationsFolder, openDatabase, queryRows, type Database } from "../../../src/server/db/client.ts";
import { movedMigrationTimes } from "../../../src/server/db/migration-clock.ts";
import { sqlFunctionOrder } from "../../../src/server/db/sql-functions.ts";

type Journal = { entries: { idx: number; when: number; tag: string }[] };
const kind = inject("dbKind");
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The migrations folder as a release before the fix shipped it: the old journal times, the first `count` migrations. */
async function oldMigrationsFolder(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "nexapay-old-migrations-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await cp(migrationsFolder, dir, { recursive: true });
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
  const entries = journal.entries.slice(0, count).map((entry) => {
    const moved = movedMigrationTimes.find((m) => m.tag === entry.tag);
    return moved ? { ...entry, when: moved.was } : entry;
  });
  await writeFile(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

/**
 * A database as an older release left it (migrated with `folder`), then opened as the server opens
 * it now; `reopen` opens it again, as the next start would.
 */
async function upgradedDatabase(folder: string): Promise<{ database: Database; reopen: () => Promise<Database> }> {
  if (kind === "pglite") {
    const dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-old-db-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const client = await PGlite.create(path.join(dataDir, "db"), { extensions: { pg_trgm } });
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    await client.close();
    return opened(() => openDatabase({ kind: "pglite", dataDir }));
  }
  const adminUrl = inject("postgresAdminUrl");
  const name = `nexapay_upgrade_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const pool = new pg.Pool({ connectionString: url.toString() });
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
  await pool.end();
  return opened(() => openDatabase({ kind: "postgres", url: url.toString() }));
}

async function opened(open: () => Promise<Database>): Promise<{ database: Database; reopen: () => Promise<Database> }> {
  const database = await open();
  let current = database;
  cleanups.push(() => current.close());
  return {
    database,
    reopen: async () => {
      await current.close();
      current = await open();
      return current;
    },
  };
}

async function appliedMigrationTimes(database: Database): Promise<number[]> {
  const rows = await queryRows<{ created_at: string }>(
    database.db,
    sql`select created_at::text from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((row) => Number(row.created_at));
}

/** The SQL function files applied (src/server/db/sql-functions.ts), with their hash and when. */
async function appliedFunctionFiles(database: Database): Promise<{ name: string; sha256: string; applied_at: string }[]> {
  return queryRows(database.db, sql`select name, sha256, applied_at::text from drizzle.nexapay_sql_functions order by name`);
}

async function currentJournalTimes(): Promise<number[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as Journal;
  return journal.entries.map((entry) => entry.when);
}

async function schemaIsCurrent(database: Database): Promise<void> {
  const [row] = await queryRows<{ state: boolean; matcher: boolean; withdrawals_index: boolean }>(
    database.db,
    sql`select to_regclass('chain_watcher_state') is not null as state,
               to_regprocedure('nexapay_match_chain_transfers(boolean)') is not null as matcher,
               to_regclass('transactions_customer_withdrawals_user_created_idx') is not null as withdrawals_index`,
  );
  expect(row).toEqual({ state: true, matcher: true, withdrawals_index: true });
}

describe("opening a database an older release migrated", () => {
  test("one that stopped at 0006 gets 0007 to 0010, which the old journal times hid", async () => {
    const { database, reopen } = await upgradedDatabase(await oldMigrationsFolder(7));
    await schemaIsCurrent(database);
    expect((await appliedMigrationTimes(database)).sort()).toEqual((await currentJournalTimes()).sort());
    expect((await appliedMigrationTimes(await reopen())).sort()).toEqual((await currentJournalTimes()).sort());
  });

  test("one that applied everything under the old times is not migrated twice, and opens again cleanly", async () => {
    const { database, reopen } = await upgradedDatabase(await oldMigrationsFolder(11));
    await schemaIsCurrent(database);
    expect((await appliedMigrationTimes(database)).sort()).toEqual((await currentJournalTimes()).sort());
    const functionsApplied = await appliedFunctionFiles(database);
    expect(functionsApplied).toHaveLength(sqlFunctionOrder.length);
    const again = await reopen();
    await schemaIsCurrent(again);
    // Each migration once: the 11 it had, and the ones written since.
    expect(await appliedMigrationTimes(again)).toHaveLength((await currentJournalTimes()).length);
    // And each SQL function file once: none changed since the first opening, so none ran again.
    expect(await appliedFunctionFiles(again)).toEqual(functionsApplied);
  });
});
