// The reserves (decision 053): on the chain watcher's schedule, the USDT each reserve address
// (DEPOSIT_ADDRESS, then RESERVE_ADDRESSES) holds and whether Tether's contract has it blacklisted,
// one row per address in reserve_readings. The solvency screen and the proof of reserves read them.
//
// - A good read sets the amount and its time and clears the last error; a failed read keeps the last
//   good amount and records the error with its time, so the screen can say how old the figure is.
//   The balance and the blacklist flag are read and kept apart: one failing leaves the other's news.
// - It never throws: reading reserves must not stop the polling of transfers, nor the other way round
//   (the watcher calls it after each poll, whatever the poll's outcome, and its own failure is only logged).
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import type { TronGridClient } from "./trongrid-client.ts";

export type ReserveReadOutcome = { address: string; balanceRead: boolean; blacklistRead: boolean };

type ReserveLog = { warn: (obj: object, msg: string) => void };

/** What one address's reads came to: each a value or the failure's message. */
type AddressReads = {
  balance: { ok: true; micro: bigint } | { ok: false; error: string };
  blacklist: { ok: true; blacklisted: boolean } | { ok: false; error: string };
};

/**
 * Reads every reserve address (one at a time: a few addresses, and the API's rate limit is shared
 * with the transfer polling) and records each. Answers what was read, for tests and logs.
 */
export async function readReserves(
  db: Db,
  client: TronGridClient,
  addresses: readonly string[],
  options: { log: ReserveLog; signal?: AbortSignal; hideSecret?: (text: string) => string },
): Promise<ReserveReadOutcome[]> {
  const outcomes: ReserveReadOutcome[] = [];
  for (const address of addresses) {
    if (options.signal?.aborted) break;
    const reads = await readAddress(client, address, options.signal, options.hideSecret ?? ((text) => text));
    // Stopping cancels the calls: that is no failure of the API to record.
    if (options.signal?.aborted) break;
    try {
      await recordReads(db, address, reads);
    } catch (error) {
      options.log.warn({ err: error, address }, "reserves: could not record a reading");
      continue;
    }
    if (!reads.balance.ok || !reads.blacklist.ok) {
      const errors = [reads.balance, reads.blacklist].flatMap((read) => (read.ok ? [] : [read.error]));
      options.log.warn({ address, errors }, "reserves: a reserve address could not be read; its last reading stays");
    }
    outcomes.push({ address, balanceRead: reads.balance.ok, blacklistRead: reads.blacklist.ok });
  }
  return outcomes;
}

async function readAddress(client: TronGridClient, address: string, signal: AbortSignal | undefined, hide: (text: string) => string) {
  const failure = (error: unknown) => ({ ok: false as const, error: hide(error instanceof Error ? error.message : String(error)) });
  const [balance, blacklist] = await Promise.all([
    client.fetchUsdtBalance(address, signal).then((micro) => ({ ok: true as const, micro }), failure),
    client.isBlackListed(address, signal).then((blacklisted) => ({ ok: true as const, blacklisted }), failure),
  ]);
  return { balance, blacklist } satisfies AddressReads;
}

/**
 * One upsert per address. Each value changes only with a good read of it; last_error and
 * last_error_at are this round's failures and their time, both null when both reads were good.
 */
async function recordReads(db: Db, address: string, reads: AddressReads): Promise<void> {
  // A decimal string: exact on both drivers, whatever they make of a JS bigint.
  const micro = reads.balance.ok ? reads.balance.micro.toString() : null;
  const blacklisted = reads.blacklist.ok ? reads.blacklist.blacklisted : null;
  const errors = [
    reads.balance.ok ? null : `balance: ${reads.balance.error}`,
    reads.blacklist.ok ? null : `isBlackListed: ${reads.blacklist.error}`,
  ].filter((error) => error !== null);
  const lastError = errors.length === 0 ? null : errors.join("; ").slice(0, 500);
  await queryRows(
    db,
    sql`insert into reserve_readings as r (address, amount_micro, read_at, blacklisted, blacklist_checked_at, last_error, last_error_at)
        values (${address}, ${micro}::bigint, case when ${reads.balance.ok}::boolean then now() end,
                ${blacklisted}::boolean, case when ${reads.blacklist.ok}::boolean then now() end,
                ${lastError}::text, case when ${lastError}::text is not null then now() end)
        on conflict (address) do update
        set amount_micro = case when ${reads.balance.ok}::boolean then excluded.amount_micro else r.amount_micro end,
            read_at = case when ${reads.balance.ok}::boolean then now() else r.read_at end,
            blacklisted = case when ${reads.blacklist.ok}::boolean then excluded.blacklisted else r.blacklisted end,
            blacklist_checked_at = case when ${reads.blacklist.ok}::boolean then now() else r.blacklist_checked_at end,
            last_error = excluded.last_error,
            last_error_at = excluded.last_error_at`,
  );
}
