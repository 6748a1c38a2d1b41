// `npm run db:move -- --to postgres://…` (decision 043): the embedded database in $DATA_DIR/db,
// copied whole into an empty PostgreSQL database, then checked. The order matters:
//   1. the embedded database is opened (migrated to HEAD, and locked: a running server makes this refuse);
//   2. the target is checked on a plain connection, and refused unless empty, untouched;
//   3. the target is migrated by openDatabase, exactly as a fresh PostgreSQL install is;
//   4. every table's rows are copied in one transaction, triggers quiet, sequences set after;
//   5. row counts, recorded migrations and the ledger are checked on the target.
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase, type Database, type Db } from "../client.ts";
import { assertSameTables, compareRecordedMigrations, countRows, type RecordedMigrations } from "./compare.ts";
import { copyTableRows } from "./copy-rows.ts";
import { setSequences, type SequenceSet } from "./sequences.ts";
import { assertTargetEmpty, redactUrl } from "./target-emptiness.ts";
import { disableUserTriggers, enableTriggers } from "./target-triggers.ts";
import { listTablesToMove, type TableToMove } from "./tables.ts";

export class MoveRefusedError extends Error {}

/** One way the ledger's rules are broken (the wallet's ledger check, wallet/ledger-check.ts). */
export type LedgerBreach = { rule: string; detail: Record<string, unknown> };

/**
 * The ledger check run on the target once the rows are in. The caller passes the wallet's
 * (cli/db-move.ts): db/ is infrastructure and knows no domain (decision 049).
 */
export type LedgerCheck = (db: Db) => Promise<LedgerBreach[]>;

export type MovedTable = { name: string; source: number; copied: number; target: number; ms: number };

export type MoveReport = {
  source: string;
  target: string;
  tables: MovedTable[];
  sequences: SequenceSet[];
  quietTriggers: number;
  migrations: RecordedMigrations;
  ledgerBreaches: LedgerBreach[];
  seconds: number;
  /** Every count equal, the same migrations recorded, no ledger breach. */
  ok: boolean;
};

export async function moveToPostgres(input: { dataDir: string; targetUrl: string; findLedgerBreaches: LedgerCheck }): Promise<MoveReport> {
  const started = Date.now();
  const dbDir = path.join(input.dataDir, "db");
  // openDatabase would create an empty database where there is none: moving that would copy nothing, silently.
  if (!existsSync(path.join(dbDir, "PG_VERSION"))) {
    throw new MoveRefusedError(`There is no embedded database in ${dbDir} (no PG_VERSION file). Check DATA_DIR.`);
  }
  const source = await openDatabase({ kind: "pglite", dataDir: input.dataDir });
  try {
    const shownTarget = redactUrl(input.targetUrl);
    await withClient(input.targetUrl, shownTarget, (client) => assertTargetEmpty(client, shownTarget));
    const target = await openDatabase({ kind: "postgres", url: input.targetUrl });
    try {
      const tables = await listTablesToMove(source.db);
      assertSameTables(tables, await listTablesToMove(target.db));
      const copied = await withClient(input.targetUrl, shownTarget, (client) => copyAll(source, client, tables));
      const sourceCounts = await countRows(source.db, tables);
      const targetCounts = await countRows(target.db, tables);
      const migrations = await compareRecordedMigrations(source.db, target.db);
      const ledgerBreaches = await input.findLedgerBreaches(target.db);
      const moved = tables.map((table) => ({
        name: table.name,
        source: sourceCounts.get(table.name) ?? 0,
        copied: copied.rows.get(table.name)?.count ?? 0,
        target: targetCounts.get(table.name) ?? 0,
        ms: copied.rows.get(table.name)?.ms ?? 0,
      }));
      const countsMatch = moved.every((t) => t.source === t.copied && t.copied === t.target);
      return {
        source: dbDir,
        target: shownTarget,
        tables: moved,
        sequences: copied.sequences,
        quietTriggers: copied.quietTriggers,
        migrations,
        ledgerBreaches,
        seconds: (Date.now() - started) / 1000,
        ok: countsMatch && migrations.same && ledgerBreaches.length === 0,
      };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/** The copy, all or nothing: one transaction on the target, rolled back on any error. */
async function copyAll(
  source: Database,
  target: pg.ClientBase,
  tables: TableToMove[],
): Promise<{ rows: Map<string, { count: number; ms: number }>; sequences: SequenceSet[]; quietTriggers: number }> {
  const rows = new Map<string, { count: number; ms: number }>();
  await target.query("begin");
  try {
    const quiet = await disableUserTriggers(target);
    for (const table of tables) {
      const tableStarted = Date.now();
      const count = await copyTableRows(source.db, target, table);
      rows.set(table.name, { count, ms: Date.now() - tableStarted });
    }
    await enableTriggers(target, quiet);
    const sequences = await setSequences(source.db, target);
    await target.query("commit");
    return { rows, sequences, quietTriggers: quiet.length };
  } catch (error) {
    await target.query("rollback").catch(() => undefined);
    throw new Error(
      `The copy failed and was rolled back: the target now has this version's tables (made by the migrations) and no rows. ` +
        `Drop that database and create it empty again before the next try. The cause: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}

async function withClient<T>(url: string, shownUrl: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new MoveRefusedError(`Could not connect to the target ${shownUrl}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
