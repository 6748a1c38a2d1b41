// What the chain watcher keeps in the database: the transfers (each once, by txid) and its one
// state row (cursor, last success, last error, and what health needs to tell a blinded or stalled
// watcher from a quiet address: decision 038), shared by every server process (decision 018).
import { inArray, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import { chainTransfers } from "../db/schema.ts";
import type { ChainTransfer } from "./transfer-parsing.ts";

/** The state row, every time in ms since 1970 (null: not yet). */
export type WatcherStateRow = {
  cursorBlockTimeMs: number;
  cursorMovedAtMs: number | null;
  lastSuccessAtMs: number | null;
  lastErrorAtMs: number | null;
  lastError: string | null;
  /** The API's latest block as last read; movedAtMs is when its number was last seen growing. */
  apiBlock: { number: number; timeMs: number; movedAtMs: number | null } | null;
  lastPollComplete: boolean | null;
  lastPollRefused: Record<string, number> | null;
};

export type WatcherState = { dbNowMs: number; row: WatcherStateRow | null };

type WatcherStateSql = {
  db_now_ms: number;
  has_row: boolean;
  cursor_ms: number | null;
  cursor_moved_ms: number | null;
  last_success_ms: number | null;
  last_error_ms: number | null;
  last_error: string | null;
  api_block_number: number | null;
  api_block_time_ms: number | null;
  api_block_moved_ms: number | null;
  last_poll_complete: boolean | null;
  last_poll_refused: unknown;
};

/**
 * Stores the transfers not stored yet; answers how many were new and which ones differ from the row
 * already stored under their txid. A repeat (same txid, same transfer) changes nothing. A different
 * transfer under a stored txid (one transaction moving USDT to us twice) is not stored: the caller
 * logs it, because the txid is our key (decision 018).
 */
export async function storeTransfers(db: Db, transfers: ChainTransfer[]): Promise<{ stored: number; conflicting: ChainTransfer[] }> {
  if (transfers.length === 0) return { stored: 0, conflicting: [] };
  const inserted = await db
    .insert(chainTransfers)
    .values(
      transfers.map((t) => ({
        txid: t.txid,
        fromAddress: t.fromAddress,
        toAddress: t.toAddress,
        contractAddress: t.contractAddress,
        amountMicro: t.amountMicro,
        blockTime: new Date(t.blockTimeMs),
      })),
    )
    .onConflictDoNothing({ target: chainTransfers.txid })
    .returning({ txid: chainTransfers.txid });
  const insertedTxids = new Set(inserted.map((row) => row.txid));
  const repeats = transfers.filter((t) => !insertedTxids.has(t.txid));
  return { stored: inserted.length, conflicting: repeats.length === 0 ? [] : await differingFromStored(db, repeats) };
}

async function differingFromStored(db: Db, repeats: ChainTransfer[]): Promise<ChainTransfer[]> {
  const rows = await db
    .select({ txid: chainTransfers.txid, fromAddress: chainTransfers.fromAddress, amountMicro: chainTransfers.amountMicro })
    .from(chainTransfers)
    .where(
      inArray(
        chainTransfers.txid,
        repeats.map((t) => t.txid),
      ),
    );
  const storedByTxid = new Map(rows.map((row) => [row.txid, row]));
  return repeats.filter((t) => {
    const stored = storedByTxid.get(t.txid);
    return stored !== undefined && (stored.fromAddress !== t.fromAddress || stored.amountMicro !== t.amountMicro);
  });
}

/** Every time in the state row as ms since 1970 (a float8), so PostgreSQL and PGlite answer alike. */
const ms = (column: string) => sql.raw(`floor(extract(epoch from s.${column}) * 1000)::float8`);

/**
 * The state row (null before the first poll is recorded) and the database's now(), read together:
 * every judgement about time (a block time in the future, a stall) is made on the database's clock,
 * the one all server processes share.
 */
export async function readWatcherState(db: Db): Promise<WatcherState> {
  const [row] = await queryRows<WatcherStateSql>(
    db,
    sql`select floor(extract(epoch from now()) * 1000)::float8 as db_now_ms, s.id is not null as has_row,
               s.cursor_block_time_ms::float8 as cursor_ms, ${ms("cursor_moved_at")} as cursor_moved_ms,
               ${ms("last_success_at")} as last_success_ms, ${ms("last_error_at")} as last_error_ms, s.last_error,
               s.api_block_number::float8 as api_block_number, s.api_block_time_ms::float8 as api_block_time_ms,
               ${ms("api_block_moved_at")} as api_block_moved_ms, s.last_poll_complete, s.last_poll_refused
        from (select 1) as one left join chain_watcher_state s on s.id = 1`,
  );
  if (!row) throw new Error("the database answered no row to a select of now()");
  return { dbNowMs: row.db_now_ms, row: row.has_row ? toStateRow(row) : null };
}

function toStateRow(row: WatcherStateSql): WatcherStateRow {
  return {
    cursorBlockTimeMs: row.cursor_ms ?? 0,
    cursorMovedAtMs: row.cursor_moved_ms,
    lastSuccessAtMs: row.last_success_ms,
    lastErrorAtMs: row.last_error_ms,
    lastError: row.last_error,
    apiBlock:
      row.api_block_number === null || row.api_block_time_ms === null
        ? null
        : { number: row.api_block_number, timeMs: row.api_block_time_ms, movedAtMs: row.api_block_moved_ms },
    lastPollComplete: row.last_poll_complete,
    lastPollRefused: isCounts(row.last_poll_refused) ? row.last_poll_refused : null,
  };
}

function isCounts(value: unknown): value is Record<string, number> {
  return typeof value === "object" && value !== null && Object.values(value).every((n) => typeof n === "number");
}

/**
 * Where a poll starts when the cursor is ahead of now (decision 038): the latest transfer stored at
 * or before now, in ms, or 0. Everything stored up to it was read; what came after is read again.
 */
export async function latestStoredBlockTimeMs(db: Db): Promise<number> {
  const [row] = await queryRows<{ ms: number | null }>(
    db,
    sql`select floor(extract(epoch from max(block_time)) * 1000)::float8 as ms from chain_transfers where block_time <= now()`,
  );
  return row?.ms ?? 0;
}

export type PollOutcome = {
  /** The highest block time accepted (or where the poll started, if it accepted nothing). */
  cursorMs: number;
  /** The cursor was found ahead of now and this poll started from the latest stored transfer: it may go back. */
  repair: boolean;
  /** Whether the poll read the list to its end, rather than stopping at its page limit. */
  complete: boolean;
  refused: Record<string, number>;
  /** The API's latest block, or null when asking for it failed (stall detection then cannot fire). */
  apiBlock: { number: number; timeMs: number } | null;
};

/**
 * A poll read everything up to `cursorMs`: the cursor moves there (forward only, unless repairing a
 * cursor ahead of now) and the success is noted. `cursor_moved_at` is when the cursor took its
 * present value, or the first success if it never moved: how long it has stood still.
 * `api_block_moved_at` is set only when two readings in a row show the API's block number growing.
 */
export async function recordPollSuccess(db: Db, outcome: PollOutcome): Promise<void> {
  const blockNumber = outcome.apiBlock?.number ?? null;
  await queryRows(
    db,
    sql`insert into chain_watcher_state as s (id, cursor_block_time_ms, last_success_at, cursor_moved_at, last_poll_complete,
                                              last_poll_refused, api_block_number, api_block_time_ms, api_block_moved_at)
        values (1, ${outcome.cursorMs}, now(), now(), ${outcome.complete}, ${JSON.stringify(outcome.refused)}::jsonb,
                ${blockNumber}::bigint, ${outcome.apiBlock?.timeMs ?? null}::bigint, null)
        on conflict (id) do update
        set cursor_block_time_ms = case when ${outcome.repair}::boolean then excluded.cursor_block_time_ms
                                        else greatest(s.cursor_block_time_ms, excluded.cursor_block_time_ms) end,
            cursor_moved_at = case when excluded.cursor_block_time_ms > s.cursor_block_time_ms
                                     or (${outcome.repair}::boolean and excluded.cursor_block_time_ms <> s.cursor_block_time_ms) then now()
                                   else coalesce(s.cursor_moved_at, now()) end,
            last_success_at = now(),
            last_poll_complete = excluded.last_poll_complete,
            last_poll_refused = excluded.last_poll_refused,
            api_block_number = excluded.api_block_number,
            api_block_time_ms = excluded.api_block_time_ms,
            api_block_moved_at = case when excluded.api_block_number is null then null
                                      when excluded.api_block_number > s.api_block_number then now()
                                      else s.api_block_moved_at end`,
  );
}

/** A poll failed: noted for /api/health and the logs; the cursor stays where it was, so nothing is skipped. */
export async function recordPollFailure(db: Db, message: string): Promise<void> {
  await queryRows(
    db,
    sql`insert into chain_watcher_state (id, last_error_at, last_error)
        values (1, now(), ${message.slice(0, 500)})
        on conflict (id) do update set last_error_at = now(), last_error = excluded.last_error`,
  );
}
