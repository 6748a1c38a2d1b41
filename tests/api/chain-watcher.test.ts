// The chain watcher (decision 018) against the TronGrid simulator over real HTTP, on a real database:
// each transfer stored once and exactly, page boundaries, failures and recovery, refused items,
// two pollers on one database, and what /api/health says. Then matching (decision 019): what the
// back office sees of each deposit request, TXIDs claimed once, approving without evidence, the
// unclaimed transfers, and automatic credit, each deposit credited once.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { inject } from "vitest";
import { createChainWatcher, type ChainWatcher, type ChainWatcherOptions, type WatcherLog } from "../../src/server/chain/chain-watcher.ts";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../src/server/chain/trongrid-simulator.ts";
import { matchChainTransfers } from "../../src/server/chain/chain-matching.ts";
import { queryRows, openDatabase } from "../../src/server/db/client.ts";
import { auditLog, emailOutbox, transactions } from "../../src/server/db/schema.ts";
import type { AdminTransactionDto } from "../../src/shared/admin-schemas.ts";
import { messages } from "../../src/shared/api-error.ts";
import { parseBdt } from "../../src/shared/money.ts";
import type { TransactionDto } from "../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../support/wallet/admin.ts";
import { auditCount, balanceOf, expectLedgerIntact, ledgerEntryCount } from "../support/wallet/money.ts";

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

    expect(await w.pollOnce()).toEqual({ outcome: "polled", pages: 3, seen: 5, stored: 5, skipped: 0, matched: 0, credited: 0 });
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

  test("an item of another token, with other decimals or with an odd value is logged and not stored", async () => {
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
    const reasons = logged.filter((l) => l.level === "warn").map((l) => (l.obj as { reason: string }).reason);
    expect(reasons).toHaveLength(12);
    expect(reasons).toContain("token is not the configured USDT contract");
    expect(reasons).toContain("token decimals are not 6");
    expect(reasons).toContain("value is not a non-negative integer string within range");
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

// Matching (decision 019). Deposits are requested now, so transfers get block times near now; each
// test sends from addresses of its own, so no test's transfers can match another's requests.
describe("matching transfers to deposit requests", () => {
  let admin: EnrolledAdmin;
  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  async function requestDeposit(user: SignedUpUser, body: { fromAddress: string; usdtAmount: string; txid?: string }) {
    const response = await user.browser.post("/api/deposits", body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TransactionDto>();
  }

  /** The back office's row for one transaction, found through the list's search and chain filter. */
  async function adminRows(query: Record<string, string>): Promise<AdminTransactionDto[]> {
    const response = await admin.browser.get(`/api/admin/transactions?${new URLSearchParams({ pageSize: "100", ...query })}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: AdminTransactionDto[] }>().items;
  }

  async function adminRow(id: string): Promise<AdminTransactionDto> {
    const response = await admin.browser.get(`/api/admin/transactions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminTransactionDto>();
  }

  async function unclaimedTxids(): Promise<string[]> {
    const response = await admin.browser.get("/api/admin/chain/unclaimed-transfers?pageSize=100");
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<{ items: { txid: string }[]; watcher: string }>();
    expect(page.watcher).toBe("on");
    return page.items.map((item) => item.txid);
  }

  function approve(id: string, body?: unknown) {
    return admin.browser.post(`/api/admin/transactions/${id}/approve`, body);
  }

  async function approvalAudit(id: string): Promise<Record<string, unknown>[]> {
    const rows = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "transaction.approved"), eq(auditLog.targetId, id)));
    return rows.map((row) => row.details as Record<string, unknown>);
  }

  test("two transfers of the same amount from one address confirm two requests, oldest first; the admin sees the evidence", async () => {
    const customer = await t.signUp();
    const from = randomTronAddress();
    const older = await requestDeposit(customer, { fromAddress: from, usdtAmount: "10" });
    const newer = await requestDeposit(customer, { fromAddress: from, usdtAmount: "10" });
    const { watcher: w } = watcher();

    const first = sim.addTransfer({ to: depositAddress, from, amount: "10", blockTime: Date.now() });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, matched: 1, credited: 0 });
    const olderRow = await adminRow(older.id);
    expect(olderRow.chain).toEqual({
      state: "confirmed",
      transfer: expect.objectContaining({ txid: first.transaction_id, fromAddress: from, amount: "10" }) as unknown,
    });
    expect(olderRow.status).toBe("pending"); // matched, not credited: an admin approves
    expect((await adminRow(newer.id)).chain).toEqual({ state: "not_seen", transfer: null });

    const second = sim.addTransfer({ to: depositAddress, from, amount: "10", blockTime: Date.now() + 1000 });
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", stored: 1, matched: 1 });
    expect((await adminRow(newer.id)).chain?.transfer?.txid).toBe(second.transaction_id);
    // Matching again changes nothing: each transfer is given once.
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", matched: 0 });
    expect((await adminRows({ q: from, chain: "confirmed" })).map((row) => row.id).sort()).toEqual([older.id, newer.id].sort());

    // The customer sees it too; the admin approves without being asked, and the audit names the transfer.
    const mine = (await customer.browser.get("/api/transactions")).json<{ items: TransactionDto[] }>().items;
    expect(
      mine
        .filter((row) => row.receivedOnChain)
        .map((row) => row.id)
        .sort(),
    ).toEqual([older.id, newer.id].sort());
    expect((await approve(older.id)).statusCode).toBe(200);
    expect(await approvalAudit(older.id)).toEqual([
      expect.objectContaining({ chainState: "confirmed", approvedWithoutChainEvidence: false, chainTxid: first.transaction_id }),
    ]);
    expect(await balanceOf(t, customer.userId)).toBe(125_000n);
    expect(await unclaimedTxids()).not.toContain(first.transaction_id);
  });

  test("another amount from the address shows 'Amount differs' and the transfer waits under Unclaimed transfers", async () => {
    const customer = await t.signUp();
    const from = randomTronAddress();
    const request = await requestDeposit(customer, { fromAddress: from, usdtAmount: "10" });
    const transfer = sim.addTransfer({ to: depositAddress, from, amount: "9.5", blockTime: Date.now() });
    const stranger = sim.addTransfer({ to: depositAddress, amount: "42", blockTime: Date.now() }); // nobody asked for this one
    expect(await watcher().watcher.pollOnce()).toMatchObject({ outcome: "polled", stored: 2, matched: 0 });

    const row = await adminRow(request.id);
    expect(row.chain).toEqual({
      state: "amount_differs",
      transfer: expect.objectContaining({ txid: transfer.transaction_id, amount: "9.5" }) as unknown,
    });
    expect((await adminRows({ chain: "amount_differs" })).map((r) => r.id)).toContain(request.id);
    expect((await adminRows({ chain: "not_seen" })).map((r) => r.id)).not.toContain(request.id);
    expect(await unclaimedTxids()).toEqual(expect.arrayContaining([transfer.transaction_id, stranger.transaction_id]));
    // Customers' transactions list shows nothing about it.
    const mine = (await customer.browser.get("/api/transactions")).json<{ items: TransactionDto[] }>().items;
    expect(mine.find((r) => r.id === request.id)?.receivedOnChain).toBe(false);
  });

  test("approving without chain evidence asks first: 409 and nothing changes; acknowledged, the audit says so", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, { fromAddress: randomTronAddress(), usdtAmount: "12" });
    const auditBefore = await auditCount(t, "transaction.approved", request.id);

    for (const body of [undefined, {}, { acknowledgeNoChainEvidence: false }]) {
      const refused = await approve(request.id, body);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: "CHAIN_UNCONFIRMED", message: messages.chainUnconfirmed });
    }
    const bad = await approve(request.id, { acknowledgeNoChainEvidence: "yes" });
    expect(bad.statusCode).toBe(400);
    expect((await adminRow(request.id)).status).toBe("pending");
    expect(await balanceOf(t, customer.userId)).toBe(0n);
    expect(await auditCount(t, "transaction.approved", request.id)).toBe(auditBefore);

    expect((await approve(request.id, { acknowledgeNoChainEvidence: true })).statusCode).toBe(200);
    expect(await approvalAudit(request.id)).toEqual([
      expect.objectContaining({ chainState: "not_seen", approvedWithoutChainEvidence: true, chainTxid: null }),
    ]);
    expect(await balanceOf(t, customer.userId)).toBe(150_000n);
    const again = await approve(request.id, { acknowledgeNoChainEvidence: true });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("ALREADY_PROCESSED");
    await expectLedgerIntact(t);
  });

  test("a TXID names its transfer: it matches at once, is claimed by one request only (also in parallel), and a rejection frees it", async () => {
    const [alice, bob] = [await t.signUp(), await t.signUp()];
    const from = randomTronAddress();
    const sent = sim.addTransfer({ to: depositAddress, from, amount: "15", blockTime: Date.now() - 60_000 });
    await watcher().watcher.pollOnce();
    // The transfer arrived before the request: the request matches it when it is made.
    const named = await requestDeposit(alice, { fromAddress: from, usdtAmount: "15", txid: sent.transaction_id.toUpperCase() });
    expect(named.txid).toBe(sent.transaction_id);
    expect((await adminRow(named.id)).chain).toMatchObject({ state: "confirmed", transfer: { txid: sent.transaction_id } });

    const copied = await bob.browser.post("/api/deposits", { fromAddress: from, usdtAmount: "15", txid: sent.transaction_id });
    expect(copied.statusCode).toBe(409);
    expect(errorOf(copied)).toMatchObject({ code: "TXID_ALREADY_CLAIMED", message: "This transaction has already been claimed." });

    // Two requests naming one TXID at the same moment: one wins.
    const racedTxid = "ab".repeat(32);
    const raced = await Promise.all(
      [alice, bob].map((user) =>
        user.browser.post("/api/deposits", { fromAddress: randomTronAddress(), usdtAmount: "20", txid: racedTxid }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const winner = raced.find((r) => r.statusCode === 201)?.json<TransactionDto>();
    const rejected = await admin.browser.post(`/api/admin/transactions/${winner?.id}/reject`, { reason: "Not our transfer" });
    expect(rejected.statusCode).toBe(200);
    expect((await bob.browser.post("/api/deposits", { fromAddress: from, usdtAmount: "20", txid: racedTxid })).statusCode).toBe(201);

    // A named TXID that came from elsewhere, or with another amount, is not a match: the request shows the difference.
    const other = sim.addTransfer({ to: depositAddress, amount: "16", blockTime: Date.now() });
    const wrong = await requestDeposit(alice, { fromAddress: from, usdtAmount: "15", txid: other.transaction_id });
    await watcher().watcher.pollOnce();
    expect((await adminRow(wrong.id)).chain).toMatchObject({ state: "amount_differs", transfer: { txid: other.transaction_id } });
    expect(await unclaimedTxids()).toContain(other.transaction_id);

    for (const txid of ["12345", "g".repeat(64), "ab".repeat(33)]) {
      const refused = await alice.browser.post("/api/deposits", { fromAddress: from, usdtAmount: "15", txid });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).fields).toHaveProperty("txid");
    }
  });
});

describe("automatic credit (DEPOSIT_AUTO_CREDIT=confirmed)", () => {
  let auto: TestApp;
  let autoSim: TronGridSimulator;
  beforeAll(async () => {
    autoSim = await startTronGridSimulator();
    auto = await createTestApp({ env: { TRON_API_URL: autoSim.url, CHAIN_POLL_SECONDS: "5", DEPOSIT_AUTO_CREDIT: "confirmed" } });
  });
  afterAll(async () => {
    await auto?.close();
    await autoSim?.close();
  });

  test("50 matched deposits are credited exactly once each, however many matchers run at once, and the ledger stays clean", async () => {
    const customer = await auto.signUp();
    const w = auto.chainWatcher;
    if (!w) throw new Error("the app should have a chain watcher");
    const requests: TransactionDto[] = [];
    for (let i = 0; i < 50; i += 1) {
      const response = await customer.browser.post("/api/deposits", { fromAddress: randomTronAddress(), usdtAmount: `${10 + i}.5` });
      expect(response.statusCode, response.body).toBe(201);
      requests.push(response.json<TransactionDto>());
    }
    const sentAfterRequests = Date.now() + 1000;
    for (const request of requests) {
      const reference = request.reference ?? "";
      const from = reference.slice(reference.lastIndexOf(" ") + 1);
      autoSim.addTransfer({ to: auto.config.depositAddress, from, amount: request.usdtAmount ?? "", blockTime: sentAfterRequests });
    }
    // A request made after its transfer's block time is matched but left to an admin.
    const lateFrom = randomTronAddress();
    autoSim.addTransfer({ to: auto.config.depositAddress, from: lateFrom, amount: "11", blockTime: Date.now() - 60_000 });

    // The app's watcher and two more matchers at once; on PostgreSQL also a second watcher and two
    // matchers on a second handle, as another server process would. (pollOnce() answers a call made
    // during a poll with that poll's own result, so each watcher is counted once.)
    const second = auto.kind === "postgres" ? await openDatabase({ kind: "postgres", url: auto.databaseUrl ?? "" }) : null;
    try {
      const silent: WatcherLog = { info: () => {}, warn: () => {}, error: () => {} };
      const chain = auto.config.chain;
      if (!chain) throw new Error("the auto-credit app has no chain settings");
      const results = await Promise.all([
        w.pollOnce(),
        matchChainTransfers(auto.db, { autoCredit: true }),
        matchChainTransfers(auto.db, { autoCredit: true }),
        ...(second
          ? [
              createChainWatcher({ database: second, chain, depositAddress: auto.config.depositAddress, log: silent }).pollOnce(),
              matchChainTransfers(second.db, { autoCredit: true }),
              matchChainTransfers(second.db, { autoCredit: true }),
            ]
          : []),
      ]);
      const credited = results.reduce((sum, result) => sum + ("credited" in result ? result.credited : 0), 0);
      expect(credited).toBe(50);
    } finally {
      await second?.close();
    }
    expect(await w.pollOnce()).toMatchObject({ outcome: "polled", matched: 0, credited: 0 });
    const late = await customer.browser.post("/api/deposits", { fromAddress: lateFrom, usdtAmount: "11" });
    expect(late.statusCode).toBe(201);

    const expected = requests.reduce((sum, r) => sum + BigInt(parseBdt(r.amount)), 0n);
    expect(await balanceOf(auto, customer.userId)).toBe(expected);
    const rows = await auto.db
      .select({ id: transactions.id, status: transactions.status, processedBy: transactions.processedBy })
      .from(transactions)
      .where(eq(transactions.userId, customer.userId));
    for (const request of requests) {
      expect(rows.find((row) => row.id === request.id)).toEqual({ id: request.id, status: "completed", processedBy: null });
      expect(await ledgerEntryCount(auto, request.id)).toBe(1);
      expect(await auditCount(auto, "transaction.approved", request.id)).toBe(1);
    }
    // Each automatic credit tells the customer once, as an admin's approval would; the late one not yet.
    const mails = await auto.db
      .select({ eventKey: emailOutbox.eventKey, template: emailOutbox.template })
      .from(emailOutbox)
      .where(eq(emailOutbox.userId, customer.userId));
    expect(mails.map((mail) => mail.eventKey).sort()).toEqual(requests.map((r) => `transaction.completed:${r.id}`).sort());
    expect(new Set(mails.map((mail) => mail.template))).toEqual(new Set(["deposit.completed"]));
    const lateRow = rows.find((row) => row.id === late.json<TransactionDto>().id);
    expect(lateRow?.status).toBe("pending");
    expect(await auditCount(auto, "transaction.chain_matched", late.json<TransactionDto>().id)).toBe(1);
    await expectLedgerIntact(auto);
  });
});
