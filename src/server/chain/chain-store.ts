// What the chain watcher keeps in the database: the transfers (each once, by txid) and its one
// state row (cursor, last success, last error), shared by every server process (decision 018).
import { inArray, sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import { chainTransfers, chainWatcherState } from "../db/schema.ts";
import type { ChainTransfer } from "./transfer-parsing.ts";

export type WatcherStateRow = { cursorBlockTimeMs: number; lastSuccessAt: Date | null; lastErrorAt: Date | null };

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

export async function readWatcherState(db: Db): Promise<WatcherStateRow | null> {
  const rows = await db
    .select({
      cursorBlockTimeMs: chainWatcherState.cursorBlockTimeMs,
      lastSuccessAt: chainWatcherState.lastSuccessAt,
      lastErrorAt: chainWatcherState.lastErrorAt,
    })
    .from(chainWatcherState)
    .where(sql`${chainWatcherState.id} = 1`);
  return rows[0] ?? null;
}

/** A poll read everything up to `highestBlockTimeMs`: the cursor moves there (never back) and the success is noted. */
export async function recordPollSuccess(db: Db, highestBlockTimeMs: number): Promise<void> {
  await queryRows(
    db,
    sql`insert into chain_watcher_state (id, cursor_block_time_ms, last_success_at)
        values (1, ${highestBlockTimeMs}, now())
        on conflict (id) do update
        set cursor_block_time_ms = greatest(chain_watcher_state.cursor_block_time_ms, excluded.cursor_block_time_ms),
            last_success_at = now()`,
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
