import { describe, expect, test } from "vitest";
import type { WatcherStateRow } from "./chain-store.ts";
import { backoffDelayMs, futureToleranceMs, judgeWatcher, maxBackoffMs } from "./chain-watcher.ts";
import { futureBlockTimeReason, parseTransferItem } from "./transfer-parsing.ts";

describe("backoffDelayMs", () => {
  test("the poll interval while polls succeed, doubling with each failure in a row, capped at five minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 100].map((failures) => backoffDelayMs(30_000, failures))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      maxBackoffMs,
      maxBackoffMs,
      maxBackoffMs,
    ]);
  });

  test("an interval longer than the cap is never shortened", () => {
    expect(backoffDelayMs(3_600_000, 3)).toBe(3_600_000);
  });
});

describe("judgeWatcher (decision 038)", () => {
  const minute = 60_000;
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const stallMs = 30 * minute;
  // A watcher stuck for an hour: its cursor stood still, the API's chain moved on, the last poll hit its page limit.
  const stuck: WatcherStateRow = {
    cursorBlockTimeMs: now - 2 * 60 * minute,
    cursorMovedAtMs: now - 60 * minute,
    lastSuccessAtMs: now - minute,
    lastErrorAtMs: null,
    lastError: null,
    apiBlock: { number: 70_000_000, timeMs: now - 3000, movedAtMs: now - minute },
    lastPollComplete: false,
    lastPollRefused: { "token is not the configured USDT contract": 10_000 },
  };
  const judge = (row: Partial<WatcherStateRow> | null) => judgeWatcher({ dbNowMs: now, row: row && { ...stuck, ...row } }, stallMs);

  test("starting before any poll is recorded", () => {
    expect(judge(null)).toEqual({ state: "starting", reason: "No poll has finished yet." });
    expect(judge({ lastSuccessAtMs: null, lastErrorAtMs: null })).toMatchObject({ state: "starting" });
  });

  test("a stall needs all four: the cursor still for longer than the limit, the API's block moved since, the page limit hit, polls succeeding", () => {
    expect(judge({})).toMatchObject({ state: "failing", reason: expect.stringMatching(/^Stalled: .* block 70000000/) as unknown });
    expect(judge({ cursorMovedAtMs: now - 29 * minute })).toEqual({ state: "ok", reason: null });
    expect(judge({ lastPollComplete: true })).toEqual({ state: "ok", reason: null }); // a quiet address
    expect(judge({ lastPollComplete: null })).toEqual({ state: "ok", reason: null });
    expect(judge({ apiBlock: null })).toEqual({ state: "ok", reason: null }); // the block could not be read
    expect(judge({ apiBlock: { number: 1, timeMs: now, movedAtMs: null } })).toEqual({ state: "ok", reason: null });
    expect(judge({ apiBlock: { number: 1, timeMs: now, movedAtMs: now - 61 * minute } })).toEqual({ state: "ok", reason: null });
  });

  test("a cursor that never moved counts from the last success recorded", () => {
    expect(
      judge({ cursorMovedAtMs: null, lastSuccessAtMs: now - 45 * minute, apiBlock: { ...stuck.apiBlock!, movedAtMs: now - minute } }),
    ).toMatchObject({
      state: "failing",
    });
    expect(judge({ cursorMovedAtMs: null })).toEqual({ state: "ok", reason: null });
  });

  test("failing when the last poll failed, in its own words", () => {
    expect(judge({ lastErrorAtMs: now, lastError: "the TRON API answered 500" })).toEqual({
      state: "failing",
      reason: "The last poll failed: the TRON API answered 500.",
    });
  });

  test("failing while the cursor is ahead of now plus a minute, whatever else; within the minute is fine", () => {
    const complete = { lastPollComplete: true };
    expect(judge({ ...complete, cursorBlockTimeMs: now + futureToleranceMs })).toEqual({ state: "ok", reason: null });
    const ahead = judge({ ...complete, cursorBlockTimeMs: 4102444500000 });
    expect(ahead.state).toBe("failing");
    expect(ahead.reason).toMatch(/^Cursor ahead of now: it stands at 2099-12-31T23:55:00.000Z/);
    const both = judge({ ...complete, cursorBlockTimeMs: 4102444500000, lastErrorAtMs: now, lastError: "x" });
    expect(both.reason).toMatch(/^The last poll failed: x\. Cursor ahead of now/);
  });
});

describe("parseTransferItem: block times", () => {
  const contract = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
  const toAddress = "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74";
  const item = (blockTimeMs: number) => ({
    transaction_id: "ab".repeat(32),
    token_info: { address: contract, decimals: 6 },
    block_timestamp: blockTimeMs,
    from: toAddress,
    to: toAddress,
    type: "Transfer",
    value: "1000000",
  });

  test("an item dated after the latest block time we believe is refused, and a refusal carries no block time", () => {
    const expected = { contract, toAddress, maxBlockTimeMs: 1_000_000 };
    expect(parseTransferItem(item(1_000_000), expected)).toMatchObject({ ok: true, transfer: { blockTimeMs: 1_000_000 } });
    expect(parseTransferItem(item(1_000_001), expected)).toEqual({ ok: false, reason: futureBlockTimeReason, txid: "ab".repeat(32) });
  });
});
