// The chain watcher (decisions 018 and 038): every CHAIN_POLL_SECONDS, one server process reads the
// confirmed USDT transfers to DEPOSIT_ADDRESS from a TronGrid-compatible API and stores each one once.
//
// - Cursor: the highest block time of the transfers accepted. Each poll asks from the cursor minus an
//   overlap, because several transfers can share a block time and the API may show a transfer late;
//   the unique txid absorbs what is read twice. The cursor moves only after a poll read its pages, so
//   a poll that fails half-way skips nothing.
// - The API is not trusted to be honest or sane (decision 038): a refused item never moves the
//   cursor, an item dated after the database's now() plus a minute is refused, a cursor found ahead
//   of now is taken back to the latest stored transfer, and each page is bounded in items and bytes
//   (trongrid-client.ts). Refused items are counted, one log line per poll, never one per item.
// - One poller: on PostgreSQL a transaction-level advisory lock, taken without waiting; a process
//   that does not get it skips the cycle. PGlite's files belong to one process, so no lock is needed
//   there, and no transaction is held open across HTTP calls (PGlite would queue every request behind it).
// - Each new transfer's sender is asked about (isBlackListed, sender-checks.ts) in the poll that
//   stored it, before matching: a deposit from a sender Tether froze is never credited automatically.
// - After a poll, the transfers not matched yet are matched to deposit requests (chain-matching.ts).
// - After each poll, whatever its outcome, the reserve addresses' USDT and blacklist flags are read
//   (reserve-reader.ts, decision 053). Neither failure stops the other; a process that is not the
//   poller (it did not get the lock) reads no reserves either.
// - Failures (an error answer, a timeout, an odd body) are logged and noted in the state row, and the
//   next poll waits longer each time (doubling, capped at a few minutes). Requests never wait for it.
// - Health (readChainStatus) also says "failing" when the cursor is ahead of now, or when polls succeed
//   but the cursor stands still while the API's chain moves on and polls stop at their page limit.
import { sql } from "drizzle-orm";
import type { ChainConfig } from "../config.ts";
import { queryRows, type Database, type Db } from "../db/client.ts";
import { matchChainTransfers } from "./chain-matching.ts";
import { readReserves } from "./reserve-reader.ts";
import { checkSenders } from "./sender-checks.ts";
import {
  latestStoredBlockTimeMs,
  readWatcherState,
  recordPollFailure,
  recordPollSuccess,
  storeTransfers,
  type WatcherState,
  type WatcherStateRow,
} from "./chain-store.ts";
import { parseTransferItem, type ChainTransfer } from "./transfer-parsing.ts";
import { createTronGridClient, type IncomingTransfersQuery, type LatestBlock, type TronGridClient } from "./trongrid-client.ts";

export type WatcherLog = {
  info: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type PollResult =
  | {
      outcome: "polled";
      pages: number;
      seen: number;
      stored: number;
      skipped: number;
      matched: number;
      credited: number;
      /** The list was read to its end (false: the poll stopped at its page limit, or at a repeated fingerprint). */
      complete: boolean;
    }
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
  /** Whose USDT counts as reserves (config.reserveAddresses); the deposit address alone unless given. */
  reserveAddresses?: readonly string[];
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
/** How far after the database's now() a block time may be: clocks differ a little; more is a wrong or hostile API. */
export const futureToleranceMs = 60 * 1000;
/** A poll reads at most this many pages; the rest comes with the next poll, from the cursor. */
export const maxPagesPerPoll = 50;
/** A hostile API could send thousands of txid conflicts: the first few are logged one by one, the rest counted. */
const maxConflictLinesPerPoll = 10;
/** Any constant both processes share: the key of the "one poller" advisory lock. */
const pollLockSql = sql`select pg_try_advisory_xact_lock(hashtext('nexapay:chain-watcher')) as locked`;

/** Where a poll starts, and the latest block time it will believe. */
type PollStart = { cursorMs: number; repair: boolean; maxBlockTimeMs: number };

/** What a poll's pages came to. */
type PagesRead = { pages: number; seen: number; stored: number; skipped: number; highest: number; complete: boolean };

/** What every step of a poll needs: where to read, what to accept, where to log, when to stop. */
type PollContext = {
  database: Database;
  chain: ChainConfig;
  depositAddress: string;
  log: WatcherLog;
  client: TronGridClient;
  pageSize: number;
  signal: AbortSignal;
};

export function createChainWatcher(options: ChainWatcherOptions): ChainWatcher {
  const { database, chain, log } = options;
  const stopController = new AbortController();
  const context: PollContext = {
    database,
    chain,
    depositAddress: options.depositAddress,
    log,
    client: options.client ?? clientFor(chain, options.requestTimeoutMs ?? 10_000),
    pageSize: Math.min(200, Math.max(1, options.pageSize ?? 200)),
    signal: stopController.signal,
  };
  const intervalMs = options.pollIntervalMs ?? chain.pollSeconds * 1000;
  const reserveAddresses = options.reserveAddresses ?? [options.depositAddress];
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<PollResult> | undefined;
  let failuresInARow = 0;
  let started = false;

  async function pollCycle(): Promise<PollResult> {
    try {
      const result = await pollAndMatch(context);
      if (result.outcome === "polled") failuresInARow = 0;
      return result;
    } catch (error) {
      const message = withoutApiKey(error instanceof Error ? error.message : String(error), chain.apiKey);
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
    running ??= pollCycle()
      .then((result) => readReservesAfterPoll(context, reserveAddresses, result))
      .finally(() => (running = undefined));
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

function clientFor(chain: ChainConfig, requestTimeoutMs: number): TronGridClient {
  return createTronGridClient({ apiUrl: chain.apiUrl, apiKey: chain.apiKey, requestTimeoutMs, usdtContract: chain.usdtContract });
}

/**
 * The reserves after a poll, whatever its outcome (decision 053), unless another process is the
 * poller (it reads them). Answers the poll's result as it was; never throws.
 */
async function readReservesAfterPoll(context: PollContext, reserveAddresses: readonly string[], result: PollResult): Promise<PollResult> {
  const { database, client, log, signal, chain } = context;
  if (result.outcome === "busy" || signal.aborted) return result;
  const hideSecret = (text: string) => withoutApiKey(text, chain.apiKey);
  await readReserves(database.db, client, reserveAddresses, { log, signal, hideSecret }).catch((error: unknown) =>
    log.warn({ err: error }, "chain watcher: reading the reserves failed"),
  );
  return result;
}

/** One poll as the only poller, then the matching of what is not matched yet. Throws on a failure. */
async function pollAndMatch(context: PollContext): Promise<PollResult> {
  const { database, chain, log } = context;
  const polled = await asOnlyPoller(database, (db) => pollPages(context, db));
  if (polled.outcome !== "polled") return polled;
  // Matching runs after the poll's transaction has committed, under its own lock (decision 019).
  const result = { ...polled, ...(await matchChainTransfers(database.db, { autoCredit: chain.autoCredit })) };
  if (result.stored > 0 || result.skipped > 0 || result.matched > 0) log.info({ ...result }, "chain watcher: poll done");
  return result;
}

/**
 * The cursor as stored, unless it is ahead of the database's now() plus the tolerance (a clock
 * that jumped, or the rule before decision 038 followed a hostile item to 2100): then every poll
 * would ask for transfers after that time and see none, so this one starts again from the latest
 * transfer stored at or before now, and may set the cursor back.
 */
async function pollStart(log: WatcherLog, db: Db): Promise<PollStart> {
  const { dbNowMs, row } = await readWatcherState(db);
  const maxBlockTimeMs = dbNowMs + futureToleranceMs;
  const cursorMs = row?.cursorBlockTimeMs ?? 0;
  if (cursorMs <= maxBlockTimeMs) return { cursorMs, repair: false, maxBlockTimeMs };
  const restartMs = await latestStoredBlockTimeMs(db);
  log.error(
    { cursorAt: isoTime(cursorMs), restartAt: isoTime(restartMs) },
    "chain watcher: the cursor is ahead of now; this poll starts again from the latest transfer stored",
  );
  return { cursorMs: restartMs, repair: true, maxBlockTimeMs };
}

/** Reads up to maxPagesPerPoll pages from the start, storing what it accepts page by page. */
async function readPages(context: PollContext, db: Db, start: PollStart, refusals: Refusals): Promise<PagesRead> {
  const { client, signal } = context;
  const query: IncomingTransfersQuery = {
    address: context.depositAddress,
    contract: context.chain.usdtContract,
    minTimestampMs: Math.max(0, start.cursorMs - cursorOverlapMs),
    pageSize: context.pageSize,
  };
  const read: PagesRead = { pages: 0, seen: 0, stored: 0, skipped: 0, highest: start.cursorMs, complete: false };
  const fingerprintsSeen = new Set<string>();
  let fingerprint: string | null = null;
  let conflicts = 0;
  do {
    const page = await client.fetchIncomingTransfersPage(query, fingerprint, signal);
    const accepted = acceptItems(context, page.items, start.maxBlockTimeMs, refusals);
    const { stored, conflicting } = await storeTransfers(db, accepted);
    conflicts += conflicting.length;
    logConflicts(context.log, conflicting, conflicts);
    // Only what we accepted tells how far the list has been read: a refused item never moves the cursor.
    for (const transfer of accepted) read.highest = Math.max(read.highest, transfer.blockTimeMs);
    read.stored += stored;
    read.pages += 1;
    read.seen += page.items.length;
    read.skipped += page.items.length - accepted.length;
    read.complete = page.fingerprint === null;
    // A fingerprint that comes back would page forever: stop here (the list is not read to its end).
    fingerprint = page.fingerprint !== null && !fingerprintsSeen.has(page.fingerprint) ? page.fingerprint : null;
    if (fingerprint !== null) fingerprintsSeen.add(fingerprint);
  } while (fingerprint !== null && read.pages < maxPagesPerPoll && !signal.aborted);
  return read;
}

function acceptItems(context: PollContext, items: unknown[], maxBlockTimeMs: number, refusals: Refusals): ChainTransfer[] {
  const accepted: ChainTransfer[] = [];
  for (const item of items) {
    const parsed = parseTransferItem(item, { contract: context.chain.usdtContract, toAddress: context.depositAddress, maxBlockTimeMs });
    if (parsed.ok) accepted.push(parsed.transfer);
    else refusals.add(parsed.reason, parsed.txid);
  }
  return accepted;
}

/** A second, different transfer under a stored txid: one error line each, for the first few of a poll. */
function logConflicts(log: WatcherLog, conflicting: ChainTransfer[], conflictsSoFar: number): void {
  const firstIndex = conflictsSoFar - conflicting.length;
  conflicting.forEach((transfer, index) => {
    if (firstIndex + index >= maxConflictLinesPerPoll) return;
    log.error(
      { txid: transfer.txid, from: transfer.fromAddress, amountMicro: transfer.amountMicro.toString() },
      "chain watcher: another transfer with a txid already stored; not stored, check it by hand",
    );
  });
  if (firstIndex < maxConflictLinesPerPoll && conflictsSoFar >= maxConflictLinesPerPoll && conflicting.length > 0) {
    log.error({ limit: maxConflictLinesPerPoll }, "chain watcher: more txid conflicts this poll are not logged one by one");
  }
}

/**
 * The API's own latest block, which tells a stalled watcher from a quiet address. Its failure
 * alone does not fail the poll: it is logged, and the state row then holds no block, so stall
 * detection cannot fire on a stale reading.
 */
async function readLatestBlock(context: PollContext): Promise<LatestBlock | null> {
  try {
    return await context.client.fetchLatestBlock(context.signal);
  } catch (error) {
    if (context.signal.aborted) throw error;
    context.log.warn({ err: error }, "chain watcher: could not read the TRON API's latest block; stall detection waits for it");
    return null;
  }
}

async function pollPages(context: PollContext, db: Db): Promise<PollResult> {
  const { signal, log } = context;
  const start = await pollStart(log, db);
  const refusals = new Refusals();
  const read = await readPages(context, db, start, refusals);
  // The block is asked for after the pages, so that a poll that fails on its pages asks for nothing more.
  const apiBlock = signal.aborted ? null : await readLatestBlock(context);
  // Before matching, so that a deposit is matched knowing whether its sender is frozen (its failures are logged, not thrown).
  if (!signal.aborted) await checkSenders(db, context.client, { log, signal });
  if (signal.aborted) throw new Error("stopped");
  refusals.log(log);
  await recordPollSuccess(db, {
    cursorMs: read.highest,
    repair: start.repair,
    complete: read.complete,
    refused: refusals.counts,
    apiBlock,
  });
  const { pages, seen, stored, skipped, complete } = read;
  return { outcome: "polled", pages, seen, stored, skipped, matched: 0, credited: 0, complete };
}

/** Runs `work` as the only poller: under the advisory lock on PostgreSQL, as it is on PGlite. */
async function asOnlyPoller(database: Database, work: (db: Db) => Promise<PollResult>): Promise<PollResult> {
  if (database.kind === "pglite") return work(database.db);
  return database.db.transaction(async (tx) => {
    const [row] = await queryRows<{ locked: boolean }>(tx, pollLockSql);
    if (row?.locked !== true) return { outcome: "busy" } as const;
    return work(tx);
  });
}

/**
 * The items a poll refused, counted by reason, with a few txids to look up. One log line per poll:
 * a line per item once made 1.3 million lines of one big page, and the same items come back at
 * every poll while they sit in the overlap window.
 */
class Refusals {
  readonly counts: Record<string, number> = {};
  private readonly examples: { reason: string; txid: string | null }[] = [];
  private total = 0;

  add(reason: string, txid: string | null): void {
    this.counts[reason] = (this.counts[reason] ?? 0) + 1;
    this.total += 1;
    if (this.examples.length < 5) this.examples.push({ reason, txid });
  }

  log(log: WatcherLog): void {
    if (this.total === 0) return;
    log.warn(
      { refusedTotal: this.total, refused: this.counts, examples: this.examples },
      "chain watcher: items refused this poll, not stored",
    );
  }
}

/** The wait before the next poll: the interval, doubled for each failure in a row, at most maxBackoffMs (or the interval, if longer). */
export function backoffDelayMs(intervalMs: number, failuresInARow: number): number {
  if (failuresInARow === 0) return intervalMs;
  return Math.min(intervalMs * 2 ** Math.min(failuresInARow, 30), Math.max(intervalMs, maxBackoffMs));
}

export type ChainState = "off" | "starting" | "ok" | "failing";

/** What /api/health says of the watcher, publicly: exactly these two fields (monitoring reads them). */
export type ChainHealth = { state: "off" } | { state: "starting" | "ok" | "failing"; lastSuccessAt: string | null };

/** What an admin sees at GET /api/admin/chain/status: the state with its reason in plain words, and what it rests on. */
export type ChainStatus = {
  watcher: "on" | "off";
  state: ChainState;
  lastSuccessAt: string | null;
  reason: string | null;
  cursorAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  apiBlock: { number: number; time: string } | null;
  lastPollRefused: Record<string, number> | null;
  lastPollComplete: boolean | null;
};

/** The watcher's state for /api/health, from the shared state row: right whichever process polls. */
export async function readChainHealth(db: Db, chain: ChainConfig): Promise<ChainHealth> {
  const { state, lastSuccessAt } = await readChainStatus(db, chain);
  return state === "off" ? { state } : { state, lastSuccessAt };
}

/** The watcher's state, its reason and the facts behind it, for admins; `chain` null: no watcher configured. */
export async function readChainStatus(db: Db, chain: ChainConfig | null): Promise<ChainStatus> {
  if (chain === null) return offStatus;
  const watcherState = await readWatcherState(db);
  const { state, reason } = judgeWatcher(watcherState, chain.stallMinutes * 60 * 1000);
  const row = watcherState.row;
  return {
    watcher: "on",
    state,
    reason: reason === null ? null : withoutApiKey(reason, chain.apiKey),
    lastSuccessAt: isoTimeOrNull(row?.lastSuccessAtMs),
    cursorAt: row && row.cursorBlockTimeMs > 0 ? isoTime(row.cursorBlockTimeMs) : null,
    lastErrorAt: isoTimeOrNull(row?.lastErrorAtMs),
    lastError: row?.lastError == null ? null : withoutApiKey(row.lastError, chain.apiKey),
    apiBlock: row?.apiBlock ? { number: row.apiBlock.number, time: isoTime(row.apiBlock.timeMs) } : null,
    lastPollRefused: row?.lastPollRefused ?? null,
    lastPollComplete: row?.lastPollComplete ?? null,
  };
}

const offStatus: ChainStatus = {
  watcher: "off",
  state: "off",
  reason: "TRON_API_URL is not set: the chain is not watched.",
  lastSuccessAt: null,
  cursorAt: null,
  lastErrorAt: null,
  lastError: null,
  apiBlock: null,
  lastPollRefused: null,
  lastPollComplete: null,
};

/**
 * The watcher's state and why, judged on the database's clock (decision 038): no poll yet; or
 * failing because the last poll failed, or the cursor is ahead of now (every poll would ask for the
 * future and see nothing), or both; or failing because polls succeed but stall. Otherwise ok.
 */
export function judgeWatcher(watcherState: WatcherState, stallMs: number): { state: Exclude<ChainState, "off">; reason: string | null } {
  const { row, dbNowMs } = watcherState;
  if (!row || (row.lastSuccessAtMs === null && row.lastErrorAtMs === null))
    return { state: "starting", reason: "No poll has finished yet." };
  const failed = row.lastErrorAtMs !== null && (row.lastSuccessAtMs === null || row.lastErrorAtMs > row.lastSuccessAtMs);
  const reasons = [
    failed ? `The last poll failed: ${row.lastError ?? "no message was recorded"}.` : null,
    row.cursorBlockTimeMs > dbNowMs + futureToleranceMs ? cursorAheadReason(row.cursorBlockTimeMs) : null,
  ].filter((reason) => reason !== null);
  if (reasons.length > 0) return { state: "failing", reason: reasons.join(" ") };
  const stalledSinceMs = stalledSince(row, dbNowMs, stallMs);
  if (stalledSinceMs !== null) return { state: "failing", reason: stallReason(stalledSinceMs, row.apiBlock?.number) };
  return { state: "ok", reason: null };
}

function cursorAheadReason(cursorMs: number): string {
  return (
    `Cursor ahead of now: it stands at ${isoTime(cursorMs)}, after the database's clock, so polls would see no new ` +
    "transfer. The next poll that succeeds starts again from the latest transfer stored."
  );
}

function stallReason(sinceMs: number, apiBlockNumber: number | undefined): string {
  return (
    `Stalled: polls succeed, but the cursor has not moved since ${isoTime(sinceMs)} while the TRON API's latest block ` +
    `has (now block ${apiBlockNumber ?? "unknown"}), and the last poll stopped at its limit of ${maxPagesPerPoll} pages. ` +
    "Look at what the last poll refused, and at the API."
  );
}

/**
 * When the cursor last moved, if that counts as a stall: polls succeed, the cursor has stood still
 * for longer than `stallMs`, the API's latest block has grown since, and the last poll stopped at
 * its page limit. A quiet address is no stall: a poll that read the list to its end saw everything.
 */
function stalledSince(row: WatcherStateRow, dbNowMs: number, stallMs: number): number | null {
  const since = row.cursorMovedAtMs ?? row.lastSuccessAtMs;
  const blockMovedAtMs = row.apiBlock?.movedAtMs ?? null;
  if (row.lastPollComplete !== false || since === null || blockMovedAtMs === null) return null;
  return dbNowMs - since > stallMs && blockMovedAtMs > since ? since : null;
}

/** An API error could quote the request: the API key never leaves in a log line, the state row or an answer. */
function withoutApiKey(text: string, apiKey: string | undefined): string {
  return apiKey ? text.split(apiKey).join("[API key]") : text;
}

function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}

function isoTimeOrNull(ms: number | null | undefined): string | null {
  return ms === null || ms === undefined ? null : isoTime(ms);
}
