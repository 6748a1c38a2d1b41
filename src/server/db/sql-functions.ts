// Our SQL functions (and the triggers that call them) are not in the migrations: each lives in one
// file, src/server/db/functions/<name>.sql, holding its one live definition (decision 048). They
// are applied after the migrations, at every start, under the same lock, and only when a file
// changed: drizzle.nexapay_sql_functions keeps the SHA-256 of each file as last applied.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./db-handle.ts";

export const functionsFolder = fileURLToPath(new URL("./functions", import.meta.url));

/**
 * Every function file, in the order they are applied. A LANGUAGE sql function is checked against
 * the functions and tables it names when it is created, so it comes after those it calls; this is
 * the order in which the migrations last defined them, which satisfied that. A new file goes after
 * those it calls (the end of the list is always safe). PL/pgSQL bodies are checked only when run.
 */
export const sqlFunctionOrder: readonly string[] = [
  "profiles_set_search_text",
  "refuse_append_only_change",
  "nexapay_format_bdt",
  "nexapay_post_to_ledger",
  "nexapay_refuse_decision",
  "nexapay_replay",
  "transactions_set_search_text",
  "nexapay_second_approval_json",
  "nexapay_close_awaiting_approval",
  "nexapay_request_withdrawal_approval",
  "nexapay_reject_transaction",
  "nexapay_check_adjustment",
  "nexapay_apply_adjustment",
  "nexapay_queue_transaction_mail",
  "nexapay_queue_verification_mail",
  "nexapay_queue_sim_mail",
  "nexapay_queue_decision_event",
  "nexapay_notify_change",
  "nexapay_relay_change_events",
  "nexapay_claim_outbox",
  "nexapay_keep_held_money",
  "nexapay_held_poisha",
  "nexapay_transaction_json",
  "nexapay_format_usdt",
  "nexapay_take_pay_amount",
  "nexapay_deposit_replay",
  "nexapay_request_deposit",
  "nexapay_differing_transfer",
  "nexapay_chain_state",
  "nexapay_credit_from_chain",
  "nexapay_match_chain_transfers",
  "nexapay_assign_chain_transfer",
  "nexapay_queue_security_alert",
  "nexapay_request_withdrawal",
  "nexapay_decided_alone_poisha",
  "nexapay_needs_four_eyes",
  "nexapay_current_second_approval",
  "nexapay_complete_withdrawal",
  "nexapay_request_second_approval",
  "nexapay_credit_deposit",
  "nexapay_arrived_transfer",
  "nexapay_credit_at_rate",
  "nexapay_approve_transaction",
  "nexapay_adjust_balance",
  "nexapay_audit_second_approval",
  "nexapay_refuse_second_approval",
  "nexapay_confirm_second_approval",
  "nexapay_decline_second_approval",
  "nexapay_decline_requests_of",
  "nexapay_customer_transaction_facts",
];

export type SqlFunctionFile = { name: string; text: string; sha256: string };

/** The files, read and hashed, in the order they are applied. */
export function readSqlFunctionFiles(folder = functionsFolder): SqlFunctionFile[] {
  return sqlFunctionOrder.map((name) => {
    const text = readFileSync(path.join(folder, `${name}.sql`), "utf8");
    return { name, text, sha256: createHash("sha256").update(text).digest("hex") };
  });
}

/** A file's statements: like a migration's, separated by `--> statement-breakpoint` lines. */
export function sqlStatements(text: string): string[] {
  return text.split("--> statement-breakpoint").filter((statement) => statement.trim() !== "");
}

// Bookkeeping beside drizzle's own migrations table: not in schema public, so a move between
// databases (db/move) neither copies it nor finds the target holding data.
const createLedgerOfFiles = [
  "create schema if not exists drizzle;",
  "create table if not exists drizzle.nexapay_sql_functions (name text primary key, sha256 text not null, applied_at timestamptz not null default now());",
];

/**
 * Applies the function files that changed since they were last applied (all of them on a new or
 * upgraded database), in one transaction: a file that fails leaves every function as it was and
 * stops the start. Call it after the migrations, under the migration lock. Answers the names applied.
 */
export async function applySqlFunctions(db: Db, files = readSqlFunctionFiles()): Promise<string[]> {
  for (const statement of createLedgerOfFiles) await db.execute(sql.raw(statement));
  const applied = await queryRows<{ name: string; sha256: string }>(db, sql`select name, sha256 from drizzle.nexapay_sql_functions`);
  const appliedHash = new Map(applied.map((row) => [row.name, row.sha256]));
  const changed = files.filter((file) => appliedHash.get(file.name) !== file.sha256);
  const gone = applied.map((row) => row.name).filter((name) => !files.some((file) => file.name === name));
  if (changed.length === 0 && gone.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const file of changed) await applyFile(tx, file);
    // A function whose file was removed is dropped by a migration; its line here goes with it.
    for (const name of gone) await tx.execute(sql`delete from drizzle.nexapay_sql_functions where name = ${name}`);
  });
  return changed.map((file) => file.name);
}

type Overload = { oid: number; args: string };

async function overloadsOf(db: Db, name: string): Promise<Overload[]> {
  return queryRows<Overload>(
    db,
    sql`select p.oid::int as oid, pg_get_function_identity_arguments(p.oid) as args
        from pg_proc p where p.pronamespace = 'public'::regnamespace and p.proname = ${name}`,
  );
}

/**
 * Runs one file and records its hash. CREATE OR REPLACE keeps a function's identity when its
 * arguments stay the same; new arguments make a second function of that name, and the old one is
 * dropped here, so that a caller still using the old arguments fails at once instead of running
 * old rules. (A new return type with the same arguments cannot be replaced: such a file starts with
 * its own `DROP FUNCTION IF EXISTS`.)
 */
async function applyFile(db: Db, file: SqlFunctionFile): Promise<void> {
  const before = await overloadsOf(db, file.name);
  for (const statement of sqlStatements(file.text)) await db.execute(sql.raw(statement));
  const after = await overloadsOf(db, file.name);
  const created = after.some((fn) => !before.some((old) => old.oid === fn.oid));
  if (created) {
    for (const old of before.filter((fn) => after.some((now) => now.oid === fn.oid)))
      await db.execute(sql.raw(`drop function public.${file.name}(${old.args})`));
  }
  await db.execute(sql`insert into drizzle.nexapay_sql_functions (name, sha256) values (${file.name}, ${file.sha256})
                       on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`);
}

/**
 * What applySqlFunctions does on a database that has no functions yet, as one script of plain SQL:
 * for the short-lived process that creates a new embedded database (client.ts), which runs
 * JavaScript without our TypeScript and executes the script in one go.
 */
export function firstApplyScript(files = readSqlFunctionFiles()): string {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return [
    "begin;",
    ...createLedgerOfFiles,
    ...files.flatMap((file) => [
      ...sqlStatements(file.text).map((statement) => statement.trim()),
      `insert into drizzle.nexapay_sql_functions (name, sha256) values (${quote(file.name)}, ${quote(file.sha256)});`,
    ]),
    "commit;",
  ].join("\n");
}
