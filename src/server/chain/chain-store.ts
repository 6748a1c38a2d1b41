// What the chain watcher keeps in the database: the transfers (each once, by txid) and its one
// state row (cursor, last success, last error), shared by every server process (decision 018).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import { chainTransfers, chainWatcherState } from "../db/schema.ts";
import type { ChainTransfer } from "./transfer-parsing.ts";

export type WatcherStateRow = { cursorBlockTimeMs: number; lastSuccessAt: Date | null; lastErrorAt: Date | null };

/** Stores the transfers not stored yet; answers how many were new. A repeat (same txid) changes nothing. */
export async function storeTransfers(db: Db, transfers: ChainTransfer[]): Promise<number> {
  if (transfers.length === 0) return 0;
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
  return inserted.length;
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
