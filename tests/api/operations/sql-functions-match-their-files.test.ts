// Each SQL function has one file, src/server/db/functions/<name>.sql, with its live definition
// (docs/decisions/048-sql-functions-one-file-each.md). The server applies the files after the
// migrations, and only those that changed. Here: the database holds exactly the files' functions
// and triggers, a difference is seen, a changed file is applied, a changed signature replaces the
// old one, and no migration defines a function any more.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrationsFolder, queryRows } from "../../../src/server/db/client.ts";
import { filesDifferingFromLive, liveFunctionNames } from "../../../src/server/db/sql-functions-check.ts";
import { applySqlFunctions, functionsFolder, readSqlFunctionFiles, sqlFunctionOrder } from "../../../src/server/db/sql-functions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Rolls back whatever `change` did, after `look` saw it. */
async function inUndoneTransaction<T>(change: (tx: TestApp["db"]) => Promise<void>, look: (tx: TestApp["db"]) => Promise<T>): Promise<T> {
  let seen: T | undefined;
  await t.db
    .transaction(async (tx) => {
      await change(tx);
      seen = await look(tx);
      throw new Error("undo");
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== "undo") throw error;
    });
  return seen as T;
}

describe("the function files", () => {
  test("are the folder's .sql files, each listed once in the order they are applied", () => {
    const inFolder = readdirSync(functionsFolder).filter((file) => file.endsWith(".sql"));
    expect(inFolder.map((file) => path.basename(file, ".sql")).sort()).toEqual([...sqlFunctionOrder].sort());
    expect(new Set(sqlFunctionOrder).size).toBe(sqlFunctionOrder.length);
  });

  test("each defines the function it is named after, and no other", () => {
    for (const file of readSqlFunctionFiles()) {
      const defined = [...file.text.matchAll(/CREATE\s+OR\s+REPLACE\s+FUNCTION\s+(\w+)/gi)].map((match) => match[1]);
      expect(defined, file.name).toEqual([file.name]);
    }
  });

  test("are the database's functions, by name: nothing missing, nothing left over", async () => {
    expect(await liveFunctionNames(t.db)).toEqual([...sqlFunctionOrder].sort());
  });

  test("are the database's functions and triggers, by definition", async () => {
    expect(await filesDifferingFromLive(t.db)).toEqual([]);
  });

  test("a function that differs from its file is found, and so is a trigger", async () => {
    const changedFunction = await inUndoneTransaction(
      (tx) =>
        tx
          .execute(
            sql.raw(`CREATE OR REPLACE FUNCTION nexapay_format_usdt(micro bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$ SELECT 'x' $$`),
          )
          .then(() => {}),
      (tx) => filesDifferingFromLive(tx),
    );
    expect(changedFunction).toEqual(["nexapay_format_usdt"]);
    const droppedTrigger = await inUndoneTransaction(
      (tx) => tx.execute(sql`drop trigger audit_log_no_truncate on audit_log`).then(() => {}),
      (tx) => filesDifferingFromLive(tx),
    );
    expect(droppedTrigger).toEqual(["refuse_append_only_change"]);
    const extra = await inUndoneTransaction(
      (tx) => tx.execute(sql.raw(`CREATE FUNCTION nexapay_stray() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$`)).then(() => {}),
      (tx) => liveFunctionNames(tx),
    );
    expect(extra).toContain("nexapay_stray");
  });
});

describe("applying the files", () => {
  test("applies nothing when no file changed since it was applied", async () => {
    expect(await applySqlFunctions(t.db)).toEqual([]);
  });

  test("applies a file whose hash differs from the one recorded, and records the new one", async () => {
    await t.db.execute(sql`update drizzle.nexapay_sql_functions set sha256 = 'old' where name = 'nexapay_format_bdt'`);
    expect(await applySqlFunctions(t.db)).toEqual(["nexapay_format_bdt"]);
    const [row] = await queryRows<{ sha256: string }>(
      t.db,
      sql`select sha256 from drizzle.nexapay_sql_functions where name = 'nexapay_format_bdt'`,
    );
    expect(row?.sha256).toBe(readSqlFunctionFiles().find((file) => file.name === "nexapay_format_bdt")?.sha256);
  });

  test("a function whose arguments changed is replaced: the old signature is dropped", async () => {
    // As a database made before the file's arguments changed would hold it.
    await t.db.execute(sql.raw(`DROP FUNCTION nexapay_credit_at_rate(bigint, text)`));
    await t.db.execute(
      sql.raw(`CREATE FUNCTION nexapay_credit_at_rate(micro bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT micro $$`),
    );
    await t.db.execute(sql`update drizzle.nexapay_sql_functions set sha256 = 'old' where name = 'nexapay_credit_at_rate'`);
    expect(await applySqlFunctions(t.db)).toEqual(["nexapay_credit_at_rate"]);
    const signatures = await queryRows<{ args: string }>(
      t.db,
      sql`select pg_get_function_identity_arguments(oid) as args from pg_proc where proname = 'nexapay_credit_at_rate'`,
    );
    expect(signatures).toEqual([{ args: "micro bigint, rate text" }]);
    expect(await filesDifferingFromLive(t.db)).toEqual([]);
  });

  test("a file that fails leaves every function as it was and records nothing", async () => {
    const files = readSqlFunctionFiles().map((file) =>
      file.name === "nexapay_format_usdt"
        ? { ...file, text: `${file.text}\n--> statement-breakpoint\nSELECT no_such_function();`, sha256: "broken" }
        : file,
    );
    await t.db.execute(
      sql`update drizzle.nexapay_sql_functions set sha256 = 'old' where name in ('nexapay_format_bdt', 'nexapay_format_usdt')`,
    );
    await expect(applySqlFunctions(t.db, files)).rejects.toThrow();
    const rows = await queryRows<{ name: string; sha256: string }>(
      t.db,
      sql`select name, sha256 from drizzle.nexapay_sql_functions where name in ('nexapay_format_bdt', 'nexapay_format_usdt') order by name`,
    );
    expect(rows).toEqual([
      { name: "nexapay_format_bdt", sha256: "old" },
      { name: "nexapay_format_usdt", sha256: "old" },
    ]);
    expect(await applySqlFunctions(t.db)).toEqual(["nexapay_format_bdt", "nexapay_format_usdt"]);
  });
});

test("no migration defines a function or a trigger: they are in src/server/db/functions", () => {
  const migrations = readdirSync(migrationsFolder).filter((file) => file.endsWith(".sql"));
  expect(migrations.length).toBeGreaterThan(20);
  for (const file of migrations) {
    const text = readFileSync(path.join(migrationsFolder, file), "utf8");
    expect(text, file).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|TRIGGER)/i);
  }
});
