// The chain watcher (decision 018): every CHAIN_POLL_SECONDS, one server process reads the confirmed
// USDT transfers to DEPOSIT_ADDRESS from a TronGrid-compatible API and stores each one once.
//
// - Cursor: the highest block time stored. Each poll asks from the cursor minus an overlap, because
//   several transfers can share a block time and the API may show a transfer late; the unique txid
//   absorbs what is read twice. The cursor moves only after a poll read every page, so a poll that
//   fails half-way skips nothing.
// - One poller: on PostgreSQL a transaction-level advisory lock, taken without waiting; a process
//   that does not get it skips the cycle. PGlite's files belong to one process, so no lock is needed
//   there, and no transaction is held open across HTTP calls (PGlite would queue every request behind it).
// - After a poll, the transfers not matched yet are matched to deposit requests (chain-matching.ts).
// - Failures (an error answer, a timeout, an odd body) are logged and noted in the state row, and the
//   next poll waits longer each time (doubling, capped at a few minutes). Requests never wait for it.
import { sql } from "drizzle-orm";
import type { ChainConfig } from "../config.ts";
import { queryRows, type Database, type Db } from "../db/client.ts";
import { matchChainTransfers } from "./chain-matching.ts";
import { readWatcherState, recordPollFailure, recordPollSuccess, storeTransfers } from "./chain-store.ts";
import { parseTransferItem, type ChainTransfer } from "./transfer-parsing.ts";
import { createTronGridClient, type TronGridClient } from "./trongrid-client.ts";

export type WatcherLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type PollResult =
  | { outcome: "polled"; pages: number; seen: number; stored: number; skipped: number; matched: number; credited: number }
  | { outcome: "busy" }
  | { outcome: "failed"; error: string };

export type ChainWatcher = {
  /** Polls now, then every pollSeconds (longer after failures), until stop(). Never throws. */
  start: () => void;
  /** Stops polling and cancels a poll under way; resolves once it has ended. */
  stop: () => Promise<void>;
  /** One poll cycle, for tests and for start()'s loop. Never throws: a failure is its answer. */
  pollOnce: () => Promise<PollResult>;
};

export type ChainWatcherOptions = {
  database: Database;
  chain: ChainConfig;
  depositAddress: string;
  log: WatcherLog;
  /** Per HTTP call (10 s unless a test needs less). */
  requestTimeoutMs?: number;
  /** Items per page, 1..200 (200 unless a test wants page boundaries). */
  pageSize?: number;
  /** Overrides pollSeconds (tests). */
  pollIntervalMs?: number;
  client?: TronGridClient;
};

/** How far back each poll looks from the cursor: same-time transfers and late-indexed ones are read again. */
export const cursorOverlapMs = 5 * 60 * 1000;
/** The longest wait between polls while the API fails (or the poll interval, if longer). */
export const maxBackoffMs = 5 * 60 * 1000;
/** A poll reads at most this many pages; the rest comes with the next poll, from the cursor. */
const maxPagesPerPoll = 50;
/** Any constant both processes share: the key of the "one poller" advisory lock. */
const pollLockSql = sql`select pg_try_advisory_xact_lock(hashtext('nexapay:chain-watcher')) as locked`;

export function createChainWatcher(options: ChainWatcherOptions): ChainWatcher {
  const { database, chain, depositAddress, log } = options;
  const client =
    options.client ??
    createTronGridClient({ apiUrl: chain.apiUrl, apiKey: chain.apiKey, requestTimeoutMs: options.requestTimeoutMs ?? 10_000 });
  const pageSize = Math.min(200, Math.max(1, options.pageSize ?? 200));
  const intervalMs = options.pollIntervalMs ?? chain.pollSeconds * 1000;
  const stopController = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PollResult> | undefined;
  let failuresInARow = 0;
  let started = false;

  async function pollPages(db: Db): Promise<PollResult> {
    const cursor = (await readWatcherState(db))?.cursorBlockTimeMs ?? 0;
    const query = {
      address: depositAddress,
      contract: chain.usdtContract,
      minTimestampMs: Math.max(0, cursor - cursorOverlapMs),
      pageSize,
    };
    let fingerprint: string | null = null;
    let highest = cursor;
    const totals = { pages: 0, seen: 0, stored: 0, skipped: 0 };
    const fingerprintsSeen = new Set<string>();
    do {
      const page = await client.fetchIncomingTransfersPage(query, fingerprint, stopController.signal);
      const accepted: ChainTransfer[] = [];
      for (const item of page.items) {
        const parsed = parseTransferItem(item, { contract: chain.usdtContract, toAddress: depositAddress });
        const blockTimeMs = parsed.ok ? parsed.transfer.blockTimeMs : parsed.blockTimeMs;
        if (blockTimeMs !== null) highest = Math.max(highest, blockTimeMs);
        if (parsed.ok) accepted.push(parsed.transfer);
        else log.warn({ txid: parsed.txid, reason: parsed.reason }, "chain watcher: transfer refused, not stored");
      }
      const { stored, conflicting } = await storeTransfers(db, accepted);
      for (const transfer of conflicting) {
        log.error(
          { txid: transfer.txid, from: transfer.fromAddress, amountMicro: transfer.amountMicro.toString() },
          "chain watcher: another transfer with a txid already stored; not stored, check it by hand",
        );
      }
      totals.stored += stored;
      totals.pages += 1;
      totals.seen += page.items.length;
      totals.skipped += page.items.length - accepted.length;
      // A fingerprint that comes back would page forever: stop here, the cursor still moves on.
      fingerprint = page.fingerprint !== null && !fingerprintsSeen.has(page.fingerprint) ? page.fingerprint : null;
      if (fingerprint !== null) fingerprintsSeen.add(fingerprint);
    } while (fingerprint !== null && totals.pages < maxPagesPerPoll && !stopController.signal.aborted);
    if (stopController.signal.aborted) throw new Error("stopped");
    await recordPollSuccess(db, highest);
    return { outcome: "polled", ...totals, matched: 0, credited: 0 };
  }

  /** Runs `work` as the only poller: under the advisory lock on PostgreSQL, as it is on PGlite. */
  async function asOnlyPoller(work: (db: Db) => Promise<PollResult>): Promise<PollResult> {
    if (database.kind === "pglite") return work(database.db);
    return database.db.transaction(async (tx) => {
      const [row] = await queryRows<{ locked: boolean }>(tx, pollLockSql);
      if (row?.locked !== true) return { outcome: "busy" } as const;
      return work(tx);
    });
  }

  async function pollCycle(): Promise<PollResult> {
    try {
      const polled = await asOnlyPoller(pollPages);
      if (polled.outcome !== "polled") return polled;
      // Matching runs after the poll's transaction has committed, under its own lock (decision 019).
      const result = { ...polled, ...(await matchChainTransfers(database.db, { autoCredit: chain.autoCredit })) };
      failuresInARow = 0;
      if (result.stored > 0 || result.skipped > 0 || result.matched > 0) log.info({ ...result }, "chain watcher: poll done");
      return result;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (stopController.signal.aborted) return { outcome: "failed", error: message };
      failuresInARow += 1;
      log.error({ err: error, failuresInARow }, "chain watcher: poll failed; retrying later");
      await recordPollFailure(database.db, message).catch((recordError: unknown) =>
        log.error({ err: recordError }, "chain watcher: could not record the failure"),
      );
      return { outcome: "failed", error: message };
    }
  }

  function pollOnce(): Promise<PollResult> {
    // One cycle at a time in this process: a second call waits for the one under way.
    running ??= pollCycle().finally(() => (running = undefined));
    return running;
  }

  function scheduleNext(delayMs: number): void {
    if (stopController.signal.aborted) return;
    timer = setTimeout(() => {
      void pollOnce().then(() => scheduleNext(backoffDelayMs(intervalMs, failuresInARow)));
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (started || stopController.signal.aborted) return;
      started = true;
      scheduleNext(0);
    },
    async stop() {
      stopController.abort();
      clearTimeout(timer);
      await running;
    },
    pollOnce,
  };
}

/** The wait before the next poll: the interval, doubled for each failure in a row, at most maxBackoffMs (or the interval, if longer). */
export function backoffDelayMs(intervalMs: number, failuresInARow: number): number {
  if (failuresInARow === 0) return intervalMs;
  return Math.min(intervalMs * 2 ** Math.min(failuresInARow, 30), Math.max(intervalMs, maxBackoffMs));
}

export type ChainHealth = { state: "off" } | { state: "starting" | "ok" | "failing"; lastSuccessAt: string | null };

/** The watcher's state for /api/health, from the shared state row: right whichever process polls. */
export async function readChainHealth(db: Db): Promise<ChainHealth> {
  const row = await readWatcherState(db);
  const lastSuccessAt = row?.lastSuccessAt?.toISOString() ?? null;
  if (!row || (row.lastSuccessAt === null && row.lastErrorAt === null)) return { state: "starting", lastSuccessAt };
  const failing = row.lastErrorAt !== null && (row.lastSuccessAt === null || row.lastErrorAt > row.lastSuccessAt);
  return { state: failing ? "failing" : "ok", lastSuccessAt };
}
