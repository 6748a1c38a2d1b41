// The chain watcher against a hostile or broken TRON API (decision 038, "A watcher a hostile or
// broken API cannot blind"), through the simulator over real HTTP, on a real database: an item dated
// in 2100 no longer moves the cursor, a cursor already in the future is repaired, a 250 MB page is
// abandoned at 2 MB while the server keeps answering, a page of more than 200 items is refused whole,
// refused items make one log line per poll, and health tells a stalled watcher from a quiet address.
// No refusal changes a balance, a ledger entry or an audit row.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import {
  createChainWatcher,
  type ChainWatcher,
  type ChainWatcherOptions,
  type WatcherLog,
} from "../../../src/server/chain/chain-watcher.ts";
import {
  farFutureBlockTimeMs,
  randomTronAddress,
  startTronGridSimulator,
  type TronGridSimulator,
} from "../../../src/server/chain/trongrid-simulator.ts";
import { queryRows } from "../../../src/server/db/client.ts";
import type { ChainWatcherStatusDto } from "../../../src/shared/admin-schemas.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { expectLedgerIntact } from "../../support/wallet/money.ts";

const apiKey = "hostile-test-api-key";
const overlapMs = 5 * 60 * 1000;
const twoMbMessage = "the TRON API answered a page larger than 2 MB";

let sim: TronGridSimulator;
let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  // One block every 20 ms: two polls a moment apart see the API's chain move on.
  sim = await startTronGridSimulator({ apiKey, blockIntervalMs: 20 });
  t = await createTestApp({
    env: { TRON_API_URL: sim.url, TRON_API_KEY: apiKey, CHAIN_POLL_SECONDS: "5", CHAIN_STALL_MINUTES: "5" },
  });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

// Every test starts from no transfers, no cursor and a normal API, on a deposit address of its own
// (the simulator keeps every item, so another test's hostile items stay on another address's list).
let depositAddress: string;
beforeEach(async () => {
  await t.db.execute(sql`update transactions set chain_transfer_id = null where chain_transfer_id is not null`);
  await t.db.execute(sql`delete from chain_transfers`);
  await t.db.execute(sql`delete from chain_watcher_state`);
  sim.fail(null);
  sim.setDelay(0);
  sim.setOversizedPage(null);
  sim.setOverfullPages(false);
  sim.freezeBlocks(false);
  sim.failBlocks(false);
  depositAddress = randomTronAddress();
});

type Logged = { level: string; obj: Record<string, unknown>; msg: string };
function watcher(overrides: Partial<ChainWatcherOptions> = {}): { watcher: ChainWatcher; logged: Logged[] } {
  const logged: Logged[] = [];
  const push = (level: string) => (obj: object, msg: string) => logged.push({ level, obj: obj as Record<string, unknown>, msg });
  const log: WatcherLog = { info: push("info"), warn: push("warn"), error: push("error") };
  const chain = t.config.chain;
  if (!chain) throw new Error("the test app has no chain settings");
  return {
    watcher: createChainWatcher({ database: t.database, chain, depositAddress, log, requestTimeoutMs: 2000, ...overrides }),
    logged,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storedTxids(): Promise<string[]> {
  const rows = await queryRows<{ txid: string }>(t.db, sql`select txid from chain_transfers order by block_time, txid`);
  return rows.map((row) => row.txid);
}

async function cursorMs(): Promise<number | null> {
  const [row] = await queryRows<{ ms: number }>(t.db, sql`select cursor_block_time_ms::float8 as ms from chain_watcher_state where id = 1`);
  return row?.ms ?? null;
}

/** min_timestamp of the last request for this test's address: where the watcher asked from. */
function lastMinTimestamp(): number {
  const urls = sim.requests.map((r) => r.url).filter((url) => url.includes(`/v1/accounts/${depositAddress}/`));
  return Number(new URL(urls.at(-1) ?? "", sim.url).searchParams.get("min_timestamp"));
}

async function health(): Promise<{ state: string; lastSuccessAt?: string | null }> {
  const response = await t.browser().get("/api/health");
  expect(response.statusCode).toBe(200);
  return response.json<{ chain: { state: string; lastSuccessAt?: string | null } }>().chain;
}

async function status(): Promise<ChainWatcherStatusDto> {
  const response = await admin.browser.get("/api/admin/chain/status");
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toContain(apiKey);
  return response.json<ChainWatcherStatusDto>();
}

/** What a refusal must never change: balances, ledger entries, audit rows, transactions. */
async function moneyRows(): Promise<Record<string, string>> {
  const [row] = await queryRows<Record<string, string>>(
    t.db,
    sql`select (select count(*) from ledger_entries)::text as ledger, (select count(*) from audit_log)::text as audit,
               (select count(*) from transactions)::text as transactions,
               (select coalesce(sum(balance_minor), 0) from profiles)::text as balances`,
  );
  return row ?? {};
}

async function expectMoneyUnchanged(before: Record<string, string>): Promise<void> {
  expect(await moneyRows()).toEqual(before);
  await expectLedgerIntact(t);
}

function refusalLines(logged: Logged[]): Logged[] {
  return logged.filter((l) => l.level === "warn" && l.msg === "chain watcher: items refused this poll, not stored");
}

describe("an item dated in the future", () => {
  test.each([
    { variant: "USDT", add: () => sim.addFutureItem({ to: depositAddress, token: "usdt" }) },
    { variant: "another token", add: () => sim.addFutureItem({ to: depositAddress, token: "other" }) },
    {
      variant: "USDT's contract with 18 decimals",
      add: () => sim.addOtherTokenItems({ to: depositAddress, contract: "usdt", decimals: 18, blockTime: farFutureBlockTimeMs })[0]!,
    },
  ])("($variant) is refused and counted, the cursor stays, and the next real transfer is seen", async ({ add }) => {
    const before = await moneyRows();
    const firstTime = Date.now() - 10 * 60 * 1000;
    const first = sim.addTransfer({ to: depositAddress, amount: "5", blockTime: firstTime });
    const future = add();
    expect(future.block_timestamp).toBe(4102444500000);
    const { watcher: w, logged } = watcher();

    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, skipped: 1, complete: true });
    expect(await storedTxids()).toEqual([first.transaction_id]);
    expect(await cursorMs()).toBe(firstTime);
    const lines = refusalLines(logged);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.obj).toMatchObject({ refusedTotal: 1, refused: { "block time in the future": 1 } });
    expect(await health()).toMatchObject({ state: "ok" });
    expect(await status()).toMatchObject({ state: "ok", reason: null, lastPollRefused: { "block time in the future": 1 } });

    // The next real transfer is asked for from a sane time, stored and followed.
    const nextTime = Date.now() - 1000;
    const next = sim.addTransfer({ to: depositAddress, amount: "6", blockTime: nextTime });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, skipped: 1 });
    expect(lastMinTimestamp()).toBe(firstTime - overlapMs);
    expect(await storedTxids()).toEqual([first.transaction_id, next.transaction_id]);
    expect(await cursorMs()).toBe(nextTime);
    await w.pollOnce();
    expect(lastMinTimestamp()).toBe(nextTime - overlapMs);
    expect(await storedTxids()).not.toContain(future.transaction_id);
    await expectMoneyUnchanged(before);
  });

  test("a block time up to a minute ahead of the database's clock is accepted (clocks differ a little)", async () => {
    const soon = Date.now() + 30_000;
    const item = sim.addTransfer({ to: depositAddress, amount: "1", blockTime: soon });
    sim.addTransfer({ to: depositAddress, amount: "1", blockTime: Date.now() + 5 * 60_000 }); // five minutes is not
    const { watcher: w } = watcher();
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, skipped: 1 });
    expect(await storedTxids()).toEqual([item.transaction_id]);
    expect(await cursorMs()).toBe(soon);
  });
});

describe("a cursor already in the future", () => {
  test("is taken back to the latest stored transfer; health says failing until a poll succeeds", async () => {
    const before = await moneyRows();
    const storedTime = Date.now() - 20 * 60 * 1000;
    const earlier = sim.addTransfer({ to: depositAddress, amount: "2", blockTime: storedTime });
    const { watcher: w, logged } = watcher();
    await w.pollOnce();
    // As the rule before decision 038 left it after one hostile item, or a clock that jumped.
    await t.db.execute(sql`update chain_watcher_state set cursor_block_time_ms = ${farFutureBlockTimeMs} where id = 1`);

    expect(await health()).toMatchObject({ state: "failing" });
    const ahead = await status();
    expect(ahead).toMatchObject({ watcher: "on", state: "failing", cursorAt: "2099-12-31T23:55:00.000Z" });
    expect(ahead.reason).toMatch(/^Cursor ahead of now/);

    const nextTime = Date.now() - 1000;
    const next = sim.addTransfer({ to: depositAddress, amount: "3", blockTime: nextTime });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1 });
    expect(lastMinTimestamp()).toBe(storedTime - overlapMs);
    expect(logged.filter((l) => l.level === "error").map((l) => l.msg)).toEqual([
      "chain watcher: the cursor is ahead of now; this poll starts again from the latest transfer stored",
    ]);
    expect(await storedTxids()).toEqual([earlier.transaction_id, next.transaction_id]);
    expect(await cursorMs()).toBe(nextTime);
    expect(await health()).toMatchObject({ state: "ok" });
    expect(await status()).toMatchObject({ state: "ok", reason: null, cursorAt: new Date(nextTime).toISOString() });
    await expectMoneyUnchanged(before);
  });

  test("with no transfer stored, the poll starts from the beginning", async () => {
    await t.db.execute(
      sql`insert into chain_watcher_state (id, cursor_block_time_ms, last_success_at) values (1, ${farFutureBlockTimeMs}, now())`,
    );
    const item = sim.addTransfer({ to: depositAddress, amount: "4", blockTime: Date.now() - 60_000 });
    const { watcher: w } = watcher();
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1 });
    expect(lastMinTimestamp()).toBe(0);
    expect(await storedTxids()).toEqual([item.transaction_id]);
    expect(await cursorMs()).toBe(item.block_timestamp);
  });
});

describe("bounded pages", () => {
  test("a 250 MB page is abandoned at 2 MB: the poll fails, memory stays low and the API keeps answering", async () => {
    const before = await moneyRows();
    const item = sim.addTransfer({ to: depositAddress, amount: "7", blockTime: Date.now() - 60_000 });
    // 64 KB chunks with a pause between them, so that the poll lasts long enough to ask for health during it.
    sim.setOversizedPage({ bytes: 250 * 1024 * 1024, chunkDelayMs: 10 });
    const sentBefore = sim.oversizedStats().bytesSent;
    const { watcher: w } = watcher({ requestTimeoutMs: 10_000 });

    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
    let ended = false;
    const poll = w.pollOnce().finally(() => (ended = true));
    const healthTimes: number[] = [];
    try {
      while (!ended) {
        const started = Date.now();
        expect((await t.browser().get("/api/health")).statusCode).toBe(200);
        healthTimes.push(Date.now() - started);
        await sleep(20);
      }
      expect(await poll).toEqual({ outcome: "failed", error: twoMbMessage });
      await sleep(200);
    } finally {
      clearInterval(sampler);
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    // Reading the whole page once took the server to 1.39 GB. PGlite's own memory puts this process
    // near 700 MB before the poll, so the 300 MB ceiling is checked where the database is elsewhere
    // (PostgreSQL); on both, the poll may add only a little to what the process held before it.
    expect(peakRss - rssBefore).toBeLessThan(64 * 1024 * 1024);
    if (t.kind === "postgres") expect(peakRss).toBeLessThan(300 * 1024 * 1024);
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(Math.max(...healthTimes)).toBeLessThan(1000);
    // The watcher hung up: the simulator stopped after a few MB, and no answer is left open.
    const stats = sim.oversizedStats();
    expect(stats.bytesSent - sentBefore).toBeLessThan(32 * 1024 * 1024);
    expect(stats.open).toBe(0);

    expect(await storedTxids()).toEqual([]);
    expect(await health()).toMatchObject({ state: "failing" });
    expect(await status()).toMatchObject({ state: "failing", lastError: twoMbMessage, reason: `The last poll failed: ${twoMbMessage}.` });

    sim.setOversizedPage(null);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1 });
    expect(await storedTxids()).toEqual([item.transaction_id]);
    expect(await health()).toMatchObject({ state: "ok" });
    await expectMoneyUnchanged(before);
  });

  test("a page that declares more than 2 MB is refused before it is read", async () => {
    sim.setOversizedPage({ bytes: 3 * 1024 * 1024, declareLength: true });
    const { watcher: w } = watcher();
    expect(await w.pollOnce()).toEqual({ outcome: "failed", error: twoMbMessage });
  });

  test("a page of more than 200 items fails the poll and nothing of it is stored", async () => {
    const before = await moneyRows();
    const base = Date.now() - 60 * 60 * 1000;
    const items = Array.from({ length: 201 }, (_, i) => sim.addTransfer({ to: depositAddress, amount: "1", blockTime: base + i * 1000 }));
    sim.setOverfullPages(true);
    const { watcher: w } = watcher();
    expect(await w.pollOnce()).toEqual({ outcome: "failed", error: "the TRON API answered a page of 201 items, more than 200" });
    expect(await storedTxids()).toEqual([]);
    expect(await cursorMs()).toBe(0);
    await expectMoneyUnchanged(before);

    sim.setOverfullPages(false);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", pages: 2, stored: 201, complete: true });
    expect((await storedTxids()).sort()).toEqual(items.map((item) => item.transaction_id).sort());
  });
});

describe("refused items", () => {
  test("150 items of another token make one log line per poll, counted by reason and kept in the state row", async () => {
    const before = await moneyRows();
    sim.addOtherTokenItems({ to: depositAddress, count: 150, blockTime: Date.now() - 60_000 });
    const good = sim.addTransfer({ to: depositAddress, amount: "8", blockTime: Date.now() - 30_000 });
    const { watcher: w, logged } = watcher();

    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", pages: 1, seen: 151, stored: 1, skipped: 150 });
    expect(logged.filter((l) => l.level === "warn")).toHaveLength(1);
    const [line] = refusalLines(logged);
    expect(line?.obj).toMatchObject({ refusedTotal: 150, refused: { "token is not the configured USDT contract": 150 } });
    expect(line?.obj.examples).toHaveLength(5);
    expect(await status()).toMatchObject({
      state: "ok",
      lastPollRefused: { "token is not the configured USDT contract": 150 },
      lastPollComplete: true,
    });
    expect(await storedTxids()).toEqual([good.transaction_id]);

    await w.pollOnce();
    expect(refusalLines(logged)).toHaveLength(2);
    await expectMoneyUnchanged(before);
  });
});

describe("stall detection", () => {
  /** Moves when the cursor last moved back by `minutes`, as if that much time had passed. */
  async function cursorStillFor(minutes: number): Promise<void> {
    await t.db.execute(sql`update chain_watcher_state set cursor_moved_at = now() - make_interval(mins => ${minutes}) where id = 1`);
  }

  test("polls stopping at their page limit while the API's chain moves on: failing after CHAIN_STALL_MINUTES, with the reason", async () => {
    const before = await moneyRows();
    // 55 refused items at one item per page: each poll reads 50 pages and never gets past them.
    sim.addOtherTokenItems({ to: depositAddress, count: 55, blockTime: Date.now() - 60_000 });
    const { watcher: w } = watcher({ pageSize: 1 });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", pages: 50, stored: 0, skipped: 50, complete: false });
    await sleep(60);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", complete: false });
    const first = await status();
    expect(first).toMatchObject({ state: "ok", lastPollComplete: false, cursorAt: null });
    expect(first.apiBlock?.number).toBeGreaterThan(60_000_000);

    await cursorStillFor(4); // CHAIN_STALL_MINUTES is 5
    expect(await health()).toMatchObject({ state: "ok" });
    await cursorStillFor(6);
    expect(await health()).toMatchObject({ state: "failing" });
    const stalled = await status();
    expect(stalled).toMatchObject({ state: "failing", lastError: null, lastPollComplete: false });
    expect(stalled.reason).toMatch(/^Stalled: polls succeed, but the cursor has not moved since .* while the TRON API's latest block has/);
    expect(stalled.reason).toContain("stopped at its limit of 50 pages");

    // A poll that gets through (bigger pages) accepts a transfer, moves the cursor and ends the stall.
    const good = sim.addTransfer({ to: depositAddress, amount: "9", blockTime: Date.now() - 1000 });
    expect(await watcher().watcher.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, complete: true });
    expect(await storedTxids()).toEqual([good.transaction_id]);
    expect(await health()).toMatchObject({ state: "ok" });
    await expectMoneyUnchanged(before);
  });

  test("a quiet address (polls complete, no transfer) is not a stall", async () => {
    const { watcher: w } = watcher();
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", seen: 0, complete: true });
    await sleep(60);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", complete: true });
    await cursorStillFor(120);
    expect(await health()).toMatchObject({ state: "ok" });
    const quiet = await status();
    expect(quiet).toMatchObject({ state: "ok", reason: null, lastPollComplete: true, lastPollRefused: {} });
    expect(quiet.apiBlock).not.toBeNull();
  });

  test("an API whose chain stands still is not taken for a stalled watcher", async () => {
    sim.freezeBlocks(true);
    sim.addOtherTokenItems({ to: depositAddress, count: 55, blockTime: Date.now() - 60_000 });
    const { watcher: w } = watcher({ pageSize: 1 });
    await w.pollOnce();
    await sleep(60);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", complete: false });
    await cursorStillFor(60);
    expect(await health()).toMatchObject({ state: "ok" });
  });

  test("when the latest block cannot be read, the poll still succeeds and stall detection cannot fire", async () => {
    sim.addOtherTokenItems({ to: depositAddress, count: 55, blockTime: Date.now() - 60_000 });
    const { watcher: w, logged } = watcher({ pageSize: 1 });
    await w.pollOnce();
    await sleep(60);
    await w.pollOnce(); // the block moved between these two polls
    sim.failBlocks(true);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", complete: false });
    expect(logged.filter((l) => l.msg.startsWith("chain watcher: could not read the TRON API's latest block"))).toHaveLength(1);
    await cursorStillFor(60);
    expect(await health()).toMatchObject({ state: "ok" });
    expect(await status()).toMatchObject({ state: "ok", apiBlock: null });
  });
});

describe("GET /api/admin/chain/status", () => {
  test("is for admins only, and never shows the API key", async () => {
    expect((await t.browser().get("/api/admin/chain/status")).statusCode).toBe(401);
    const customer = await t.signUp();
    expect((await customer.browser.get("/api/admin/chain/status")).statusCode).toBe(403);
    expect(await status()).toEqual({
      watcher: "on",
      state: "starting",
      lastSuccessAt: null,
      reason: "No poll has finished yet.",
      cursorAt: null,
      lastErrorAt: null,
      lastError: null,
      apiBlock: null,
      lastPollRefused: null,
      lastPollComplete: null,
    });
    sim.fail("error");
    await watcher().watcher.pollOnce();
    expect(await status()).toMatchObject({ state: "failing", reason: "The last poll failed: the TRON API answered 500." });
    // /api/health keeps its public shape: the state and the last success, nothing more.
    expect(await health()).toEqual({ state: "failing", lastSuccessAt: null });
  });
});
