// The chain watcher (decision 018) against the TronGrid simulator over real HTTP, on a real database:
// each transfer stored once and exactly, page boundaries, failures and recovery, refused items,
// two pollers on one database, and what /api/health says. Matching and automatic credit:
// chain/deposits-matched-to-their-owner.test.ts; a hostile API: chain/hostile-tron-api.test.ts (decision 038).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { inject } from "vitest";
import {
  createChainWatcher,
  type ChainWatcher,
  type ChainWatcherOptions,
  type WatcherLog,
} from "../../../src/server/chain/chain-watcher.ts";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../../src/server/chain/trongrid-simulator.ts";
import { queryRows, openDatabase } from "../../../src/server/db/client.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

const apiKey = "test-api-key";
const t0 = Date.UTC(2026, 10, 1, 12, 0, 0);

let sim: TronGridSimulator;
let t: TestApp;
beforeAll(async () => {
  sim = await startTronGridSimulator({ apiKey });
  t = await createTestApp({ env: { TRON_API_URL: sim.url, TRON_API_KEY: apiKey, CHAIN_POLL_SECONDS: "5" } });
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
// Every test starts from no transfers and no cursor, on a deposit address of its own. Requests
// matched by an earlier test let go of their transfer first (its foreign key would stop the delete;
// TRUNCATE refuses any table another one references, so these are deletes).
let depositAddress: string;
beforeEach(async () => {
  await t.db.execute(sql`update transactions set chain_transfer_id = null where chain_transfer_id is not null`);
  await t.db.execute(sql`delete from chain_transfers`);
  await t.db.execute(sql`delete from chain_watcher_state`);
  sim.fail(null);
  sim.setDelay(0);
  depositAddress = randomTronAddress();
});

type Logged = { level: string; obj: object; msg: string };
function watcher(overrides: Partial<ChainWatcherOptions> = {}): { watcher: ChainWatcher; logged: Logged[] } {
  const logged: Logged[] = [];
  const log: WatcherLog = {
    info: (obj, msg) => logged.push({ level: "info", obj, msg }),
    warn: (obj, msg) => logged.push({ level: "warn", obj, msg }),
    error: (obj, msg) => logged.push({ level: "error", obj, msg }),
  };
  const chain = t.config.chain;
  if (!chain) throw new Error("the test app has no chain settings");
  return { watcher: createChainWatcher({ database: t.database, chain, depositAddress, log, requestTimeoutMs: 500, ...overrides }), logged };
}

type StoredRow = {
  txid: string;
  from_address: string;
  to_address: string;
  contract_address: string;
  amount_micro: string;
  block_ms: string;
};
async function storedTransfers(): Promise<StoredRow[]> {
  return queryRows<StoredRow>(
    t.db,
    sql`select txid, from_address, to_address, contract_address, amount_micro::text as amount_micro,
               (extract(epoch from block_time) * 1000)::bigint::text as block_ms
        from chain_transfers order by block_time, txid`,
  );
}

async function health(): Promise<{ status: string; chain: { state: string; lastSuccessAt?: string | null } }> {
  const response = await t.browser().get("/api/health");
  expect(response.statusCode).toBe(200);
  return response.json();
}

function requestsFor(address: string): string[] {
  return sim.requests.map((r) => r.url).filter((url) => url.includes(`/v1/accounts/${address}/`));
}

describe("chain watcher", () => {
  test("stores each transfer once, with exact micro-USDT amounts, and sends the API key", async () => {
    const a = sim.addTransfer({ to: depositAddress, amount: "0.000001", blockTime: t0 });
    const b = sim.addTransfer({ to: depositAddress, amount: "123456.789012", blockTime: t0 + 3000 });
    const c = sim.addTransfer({ to: depositAddress, amount: 90071992547409930n, blockTime: t0 + 6000 }); // above 2^53: no float survives this
    sim.addTransfer({ to: randomTronAddress(), amount: "5", blockTime: t0 }); // someone else's transfer
    const { watcher: w } = watcher();

    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 3, skipped: 0 });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 0 });

    const rows = await storedTransfers();
    expect(rows).toEqual([
      {
        txid: a.transaction_id,
        from_address: a.from,
        to_address: depositAddress,
        contract_address: a.token_info.address,
        amount_micro: "1",
        block_ms: String(t0),
      },
      {
        txid: b.transaction_id,
        from_address: b.from,
        to_address: depositAddress,
        contract_address: b.token_info.address,
        amount_micro: "123456789012",
        block_ms: String(t0 + 3000),
      },
      {
        txid: c.transaction_id,
        from_address: c.from,
        to_address: depositAddress,
        contract_address: c.token_info.address,
        amount_micro: "90071992547409930",
        block_ms: String(t0 + 6000),
      },
    ]);
    expect(sim.requests.at(-1)?.apiKey).toBe(apiKey);
    // The query is exactly what TronGrid's endpoint takes (the simulator answers 400 to anything else).
    const query = new URL(requestsFor(depositAddress)[0] ?? "", sim.url).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      only_confirmed: "true",
      only_to: "true",
      contract_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      min_timestamp: "0",
      limit: "200",
      order_by: "block_timestamp,asc",
    });
  });

  test("a page boundary loses and doubles nothing, and the overlap catches transfers shown late", async () => {
    const times = [t0, t0 + 1000, t0 + 1000, t0 + 1000, t0 + 2000]; // equal times across the page boundaries
    const added = times.map((blockTime) => sim.addTransfer({ to: depositAddress, amount: "1.5", blockTime }));
    const { watcher: w } = watcher({ pageSize: 2 });

    expect(await w.pollOnce()).toEqual({
      outcome: "polled",
      pages: 3,
      seen: 5,
      stored: 5,
      skipped: 0,
      matched: 0,
      credited: 0,
      complete: true,
    });
    const pageUrls = requestsFor(depositAddress);
    expect(pageUrls).toHaveLength(3);
    expect(pageUrls.slice(1).every((url) => url.includes("fingerprint="))).toBe(true);
    expect((await storedTransfers()).map((r) => r.txid).sort()).toEqual(added.map((a) => a.transaction_id).sort());

    // Shown by the API only now: one at the cursor's very time, one a minute before it.
    const late = [
      sim.addTransfer({ to: depositAddress, amount: "2", blockTime: t0 + 2000 }),
      sim.addTransfer({ to: depositAddress, amount: "3", blockTime: t0 + 2000 - 60_000 }),
    ];
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 2 });
    const rows = await storedTransfers();
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.txid)).size).toBe(7);
    for (const l of late) expect(rows.map((r) => r.txid)).toContain(l.transaction_id);
    // The next poll starts from the cursor minus the overlap (5 minutes), not from 0.
    const lastQuery = new URL(requestsFor(depositAddress).at(-1) ?? "", sim.url).searchParams;
    expect(lastQuery.get("min_timestamp")).toBe(String(t0 + 2000 - 5 * 60 * 1000));
  });

  test("errors, 503s and a stalled API lose nothing; health says failing, then ok; requests never wait", async () => {
    const { watcher: w, logged } = watcher({ pageSize: 2 });
    sim.addTransfer({ to: depositAddress, amount: "10", blockTime: t0 });
    expect((await health()).chain).toEqual({ state: "starting", lastSuccessAt: null });

    sim.fail("error");
    expect(await w.pollOnce()).toMatchObject({ outcome: "failed", error: "the TRON API answered 500" });
    expect((await health()).chain).toEqual({ state: "failing", lastSuccessAt: null });

    sim.addTransfer({ to: depositAddress, amount: "11", blockTime: t0 + 1000 });
    sim.fail("unavailable");
    expect(await w.pollOnce()).toMatchObject({ outcome: "failed", error: "the TRON API answered 503" });

    sim.addTransfer({ to: depositAddress, amount: "12", blockTime: t0 + 2000 });
    sim.fail("stall");
    let pollEnded = false;
    const stalledPoll = w.pollOnce().finally(() => (pollEnded = true));
    const started = Date.now();
    const during = await health(); // answered while the poll still waits on the API
    expect(pollEnded).toBe(false);
    expect(during.status).toBe("ok");
    expect(await stalledPoll).toMatchObject({ outcome: "failed", error: "the TRON API did not answer within 500 ms" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(logged.filter((l) => l.level === "error")).toHaveLength(3);

    sim.addTransfer({ to: depositAddress, amount: "13", blockTime: t0 + 3000 });
    sim.fail(null);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 4 });
    const rows = await storedTransfers();
    expect(rows.map((r) => r.amount_micro)).toEqual(["10000000", "11000000", "12000000", "13000000"]);
    const recovered = (await health()).chain;
    expect(recovered.state).toBe("ok");
    expect(Date.parse(recovered.lastSuccessAt ?? "")).toBeGreaterThan(Date.now() - 60_000);

    // Failing again after a success keeps the last success.
    sim.fail("error");
    await w.pollOnce();
    expect((await health()).chain).toEqual({ state: "failing", lastSuccessAt: recovered.lastSuccessAt });
  });

  test("a poll that fails on its second page keeps its cursor, and the next poll reads everything", async () => {
    const added = [0, 1000, 2000, 3000].map((dt) => sim.addTransfer({ to: depositAddress, amount: "7", blockTime: t0 + dt }));
    const { watcher: w } = watcher({ pageSize: 2 });
    // The first request answers, the next one fails: the simulator is switched between them.
    sim.setDelay(300);
    const poll = w.pollOnce();
    await new Promise((resolve) => setTimeout(resolve, 450));
    sim.fail("error");
    expect(await poll).toMatchObject({ outcome: "failed" });
    expect(requestsFor(depositAddress)).toHaveLength(2);
    sim.fail(null);
    sim.setDelay(0);
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled" });
    expect((await storedTransfers()).map((r) => r.txid).sort()).toEqual(added.map((a) => a.transaction_id).sort());
  });

  test("an item of another token, with other decimals or with an odd value is counted in one log line and not stored", async () => {
    const good = sim.addTransfer({ to: depositAddress, amount: "1", blockTime: t0 });
    sim.addTransfer({ to: depositAddress, amount: "1", token: { decimals: 18 }, rawValue: "1000000000000000000", blockTime: t0 + 1 });
    const base = { ...good, to: depositAddress };
    const hex = (n: number) => n.toString(16).padStart(64, "0");
    sim.addRawItem({ ...base, transaction_id: hex(1), token_info: { ...good.token_info, address: randomTronAddress() } }, t0 + 2);
    sim.addRawItem({ ...base, transaction_id: hex(2), value: "-5" }, t0 + 3);
    sim.addRawItem({ ...base, transaction_id: hex(3), value: "1.5" }, t0 + 4);
    sim.addRawItem({ ...base, transaction_id: hex(4), value: "1e6" }, t0 + 5);
    sim.addRawItem({ ...base, transaction_id: hex(5), value: 1000000 }, t0 + 6);
    sim.addRawItem({ ...base, transaction_id: hex(6), value: "99999999999999999999" }, t0 + 7);
    sim.addRawItem({ ...base, transaction_id: "not-a-txid" }, t0 + 8);
    sim.addRawItem({ ...base, transaction_id: hex(7), to: randomTronAddress() }, t0 + 9);
    sim.addRawItem({ ...base, transaction_id: hex(8), block_timestamp: "soon" }, t0 + 10);
    sim.addRawItem("garbage", t0 + 11);
    sim.addRawItem(null, t0 + 12);
    const { watcher: w, logged } = watcher();

    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, skipped: 12 });
    expect((await storedTransfers()).map((r) => r.txid)).toEqual([good.transaction_id]);
    // One line for the poll, with the refused items counted by reason (decision 038), not one line each.
    const warnings = logged.filter((l) => l.level === "warn");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.obj).toMatchObject({
      refusedTotal: 12,
      refused: {
        "token decimals are not 6": 1,
        "token is not the configured USDT contract": 1,
        "value is not a non-negative integer string within range": 5,
        "transaction_id is not 64 hexadecimal characters": 1,
        "to is not the deposit address": 1,
        "block_timestamp is not a time in milliseconds": 1,
        "not an object": 2,
      },
    });
  });

  test("a second, different transfer under a txid already stored is not stored but logged as an error", async () => {
    const first = sim.addTransfer({ to: depositAddress, amount: "5", blockTime: t0 });
    sim.addTransfer({ to: depositAddress, amount: "5", blockTime: t0, txid: first.transaction_id, from: first.from }); // the same, seen twice
    const { watcher: w, logged } = watcher();
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1 });
    expect(logged.filter((l) => l.level === "error")).toEqual([]);

    sim.addTransfer({ to: depositAddress, amount: "6", blockTime: t0 + 1000, txid: first.transaction_id });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 0 });
    expect((await storedTransfers()).map((r) => r.amount_micro)).toEqual(["5000000"]);
    const errors = logged.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.obj).toMatchObject({ txid: first.transaction_id, amountMicro: "6000000" });
  });

  test.skipIf(inject("dbKind") === "pglite")(
    "two watchers on one database, as in two processes: one polls, the other skips, each transfer stored once",
    async () => {
      // PostgreSQL only: a PGlite database belongs to one process, so there is no second poller to exclude.
      const second = await openDatabase({ kind: "postgres", url: t.databaseUrl ?? "" });
      try {
        const added = [0, 0, 1000].map((dt) => sim.addTransfer({ to: depositAddress, amount: "4.2", blockTime: t0 + dt }));
        const first = watcher().watcher;
        const other = watcher({ database: second }).watcher;
        sim.setDelay(300); // the first poller holds the lock while the second one tries
        const outcomes = await Promise.all([first.pollOnce(), other.pollOnce()]);
        expect(outcomes.map((o) => o.outcome).sort()).toEqual(["busy", "polled"]);
        expect(requestsFor(depositAddress)).toHaveLength(1);
        sim.setDelay(0);
        // One after the other, both poll; the unique txid absorbs the repeats.
        expect(await other.pollOnce()).toMatchObject({ outcome: "polled", stored: 0 });
        expect(await first.pollOnce()).toMatchObject({ outcome: "polled", stored: 0 });
        expect((await storedTransfers()).map((r) => r.txid).sort()).toEqual(added.map((a) => a.transaction_id).sort());
      } finally {
        await second.close();
      }
    },
  );

  test("start() polls in the background and health follows; stop() ends it", async () => {
    sim.addTransfer({ to: t.config.depositAddress, amount: "3", blockTime: t0 });
    const w = t.chainWatcher;
    if (!w) throw new Error("the app should have a chain watcher");
    w.start();
    const deadline = Date.now() + 5000;
    while ((await health()).chain.state !== "ok" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await health()).chain.state).toBe("ok");
    expect((await storedTransfers()).length).toBeGreaterThanOrEqual(1);
    await w.stop();
  });
});

describe("chain watcher off", () => {
  test("without TRON_API_URL there is no watcher and health says off", async () => {
    const off = await createTestApp();
    try {
      expect(off.chainWatcher).toBeNull();
      const response = await off.browser().get("/api/health");
      expect(response.json()).toEqual({ status: "ok", database: off.kind, chain: { state: "off" } });
    } finally {
      await off.close();
    }
  });
});

// Matching transfers to deposit requests, automatic credit and assignment by hand: chain/deposits-matched-to-their-owner.test.ts (decision 038).
