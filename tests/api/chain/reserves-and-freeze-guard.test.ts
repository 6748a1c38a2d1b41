// Reserves and Tether's freeze guard (decision 053), on PGlite and PostgreSQL, against the TronGrid
// simulator over real HTTP: after each poll the reserve addresses' USDT and blacklist flags are in
// reserve_readings (a failed read keeps the last value and records the error, and never stops the
// transfer polling); a deposit from a sender Tether blacklisted is matched but never credited
// automatically, one whose sender is not known yet waits for a later poll, and the back office sees
// the sender's state; the client refuses malformed answers.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { createChainWatcher, type ChainWatcher, type WatcherLog } from "../../../src/server/chain/chain-watcher.ts";
import { createTronGridClient, TronGridError } from "../../../src/server/chain/trongrid-client.ts";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../../src/server/chain/trongrid-simulator.ts";
import { queryRows } from "../../../src/server/db/client.ts";
import type { AdminTransactionDetailDto, AdminTransactionDto } from "../../../src/shared/admin-schemas.ts";
import { bdtForUsdt, parseUsdt } from "../../../src/shared/money.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { balanceOf, expectLedgerIntact } from "../../support/wallet/money.ts";

let sim: TronGridSimulator;
let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  sim = await startTronGridSimulator();
  t = await createTestApp({ env: { TRON_API_URL: sim.url, CHAIN_POLL_SECONDS: "5", DEPOSIT_AUTO_CREDIT: "confirmed" } });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});
beforeEach(() => {
  sim.fail(null);
  sim.setDelay(0);
});

const warnings: { obj: object; msg: string }[] = [];
const log: WatcherLog = { info: () => undefined, warn: (obj, msg) => warnings.push({ obj, msg }), error: () => undefined };

/** A watcher of its own deposit address and reserve addresses, as app.ts makes one from the configuration. */
function reserveWatcher(reserveAddresses: string[]): ChainWatcher {
  const chain = t.config.chain;
  if (!chain) throw new Error("the test app has no chain settings");
  const [depositAddress = ""] = reserveAddresses;
  return createChainWatcher({ database: t.database, chain, depositAddress, reserveAddresses, log, requestTimeoutMs: 1000 });
}

type ReadingRow = {
  address: string;
  amount_micro: string | null;
  read_at: string | null;
  blacklisted: boolean | null;
  blacklist_checked_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
};
async function reading(address: string): Promise<ReadingRow | undefined> {
  const [row] = await queryRows<ReadingRow>(
    t.db,
    sql`select address, amount_micro::text as amount_micro, read_at::text as read_at, blacklisted,
               blacklist_checked_at::text as blacklist_checked_at, last_error, last_error_at::text as last_error_at
        from reserve_readings where address = ${address}`,
  );
  return row;
}

/** POSTs a control to the simulator over HTTP, as curl would. */
async function control(path: string, body: object): Promise<Response> {
  return fetch(`${sim.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("reserve readings", () => {
  test("a poll reads every reserve address's USDT exactly, and whether Tether blacklisted it", async () => {
    const [deposit, cold, unused] = [randomTronAddress(), randomTronAddress(), randomTronAddress()];
    expect((await control("/simulator/balances", { address: deposit, amount: "1500.25" })).status).toBe(200);
    sim.setBalance(cold, 90071992547409930n); // above 2^53 micro-USDT: no float survives this
    const watcher = reserveWatcher([deposit, cold, unused]);

    expect(await watcher.pollOnce()).toMatchObject({ outcome: "polled" });
    expect(await reading(deposit)).toMatchObject({ amount_micro: "1500250000", blacklisted: false, last_error: null });
    expect(await reading(cold)).toMatchObject({ amount_micro: "90071992547409930", blacklisted: false, last_error: null });
    // An account never activated holds nothing.
    const never = await reading(unused);
    expect(never).toMatchObject({ amount_micro: "0", blacklisted: false, last_error: null, last_error_at: null });
    expect(never?.read_at).not.toBeNull();
    expect(never?.blacklist_checked_at).not.toBeNull();

    // A new balance and a blacklisting show at the next poll.
    expect((await control("/simulator/blacklist", { address: cold, blacklisted: true })).status).toBe(200);
    sim.setBalance(deposit, "0.000001");
    await watcher.pollOnce();
    expect(await reading(cold)).toMatchObject({ amount_micro: "90071992547409930", blacklisted: true });
    expect(await reading(deposit)).toMatchObject({ amount_micro: "1", blacklisted: false });
    sim.setBlacklisted(cold, false);
    await watcher.pollOnce();
    expect(await reading(cold)).toMatchObject({ blacklisted: false });
  });

  test("a failed read keeps the last value and records the error; a good read clears it", async () => {
    const [deposit, cold] = [randomTronAddress(), randomTronAddress()];
    sim.setBalance(deposit, "10");
    sim.setBalance(cold, "20");
    const watcher = reserveWatcher([deposit, cold]);
    await watcher.pollOnce();
    const good = await reading(cold);
    expect(good).toMatchObject({ amount_micro: "20000000", last_error: null });

    // The whole API fails: the transfer poll fails, and so do the reserve reads, which keep their values.
    sim.fail("error");
    expect(await watcher.pollOnce()).toMatchObject({ outcome: "failed" });
    const failed = await reading(cold);
    expect(failed).toMatchObject({ amount_micro: "20000000", blacklisted: false, read_at: good?.read_at });
    expect(failed?.last_error).toBe("balance: the TRON API answered 500; isBlackListed: the TRON API answered 500");
    expect(failed?.last_error_at).not.toBeNull();

    sim.fail(null);
    expect(await watcher.pollOnce()).toMatchObject({ outcome: "polled" });
    const again = await reading(cold);
    expect(again).toMatchObject({ amount_micro: "20000000", last_error: null, last_error_at: null });
    expect(Date.parse(again?.read_at ?? "")).toBeGreaterThan(Date.parse(good?.read_at ?? ""));

    // Only the transfer list fails (pages too large to read): the reserves are read all the same.
    sim.setOversizedPage({ bytes: 3 * 1024 * 1024 });
    sim.setBalance(cold, "21");
    try {
      expect(await watcher.pollOnce()).toMatchObject({ outcome: "failed", error: "the TRON API answered a page larger than 2 MB" });
    } finally {
      sim.setOversizedPage(null);
    }
    expect(await reading(cold)).toMatchObject({ amount_micro: "21000000", last_error: null });
  });

  test("malformed balances and blacklist answers are refused, recorded, and stop neither the other reads nor the transfers", async () => {
    const [deposit, floaty, oddWord] = [randomTronAddress(), randomTronAddress(), randomTronAddress()];
    sim.setBalance(deposit, "5");
    sim.setBalance(floaty, "7");
    sim.setBalance(oddWord, "9");
    const watcher = reserveWatcher([deposit, floaty, oddWord]);
    await watcher.pollOnce();

    sim.setBalance(floaty, { raw: "1.5" });
    sim.setBlacklisted(oddWord, "zz".repeat(32));
    const transfer = sim.addTransfer({ to: deposit, amount: "3" });
    expect(await watcher.pollOnce()).toMatchObject({ outcome: "polled", stored: 1 });
    const [stored] = await queryRows<{ amount_micro: string }>(
      t.db,
      sql`select amount_micro::text as amount_micro from chain_transfers where txid = ${transfer.transaction_id}`,
    );
    expect(stored?.amount_micro).toBe("3000000");
    expect(await reading(deposit)).toMatchObject({ amount_micro: "5000000", last_error: null });
    // The float is refused, the old amount stays; the flag, read well, is news.
    const refusedBalance = await reading(floaty);
    expect(refusedBalance).toMatchObject({ amount_micro: "7000000", blacklisted: false });
    expect(refusedBalance?.last_error).toMatch(/^balance: .*not one integer string of micro-USDT$/);
    expect(warnings.at(-1)).toMatchObject({ msg: "reserves: a reserve address could not be read; its last reading stays" });
    // The odd word is refused, the flag stays; the balance, read well, is news.
    sim.setBalance(oddWord, "11");
    await watcher.pollOnce();
    const refusedFlag = await reading(oddWord);
    expect(refusedFlag).toMatchObject({ amount_micro: "11000000", blacklisted: false });
    expect(refusedFlag?.last_error).toMatch(/^isBlackListed: .*not 64 hexadecimal characters$/);
  });
});

describe("the client refuses what it cannot read exactly", () => {
  const usdt = () => t.config.chain?.usdtContract ?? "";
  const client = () => createTronGridClient({ apiUrl: sim.url, apiKey: undefined, requestTimeoutMs: 1000, usdtContract: usdt() });

  test("balances: exact micro-USDT, 0 for no account; floats, numbers, negatives and overflows refused", async () => {
    const address = randomTronAddress();
    expect(await client().fetchUsdtBalance(address)).toBe(0n);
    sim.setBalance(address, "0.000001");
    expect(await client().fetchUsdtBalance(address)).toBe(1n);
    sim.setBalance(address, 9223372036854775807n);
    expect(await client().fetchUsdtBalance(address)).toBe(9223372036854775807n);
    for (const raw of ["1.5", 1500000, "-1", "1e6", "", "9223372036854775808", null]) {
      sim.setBalance(address, { raw });
      await expect(client().fetchUsdtBalance(address), String(raw)).rejects.toThrow(TronGridError);
    }
  });

  test("isBlackListed: the address as its 32-byte word; 1 or 0, anything else refused", async () => {
    const address = randomTronAddress();
    expect(await client().isBlackListed(address)).toBe(false);
    sim.setBlacklisted(address, true);
    expect(await client().isBlackListed(address)).toBe(true);
    sim.setBlacklisted(randomTronAddress(), true); // someone else's flag changes nothing for this address
    sim.setBlacklisted(address, false);
    expect(await client().isBlackListed(address)).toBe(false);
    for (const word of ["zz".repeat(32), "2".padStart(64, "0"), "01", "", "1".padStart(65, "0")]) {
      sim.setBlacklisted(address, word);
      await expect(client().isBlackListed(address), word).rejects.toThrow(TronGridError);
    }
    // Another contract: the API answers no result.result true and no constant_result.
    const elsewhere = createTronGridClient({
      apiUrl: sim.url,
      apiKey: undefined,
      requestTimeoutMs: 1000,
      usdtContract: randomTronAddress(),
    });
    await expect(elsewhere.isBlackListed(address)).rejects.toThrow(/without result.result true and constant_result/);
  });

  test("the simulator's controls refuse bad input", async () => {
    expect((await control("/simulator/balances", { address: "TNotAnAddress", amount: "1" })).status).toBe(400);
    expect((await control("/simulator/balances", { address: randomTronAddress(), amount: "1.1234567" })).status).toBe(400);
    expect((await control("/simulator/blacklist", { address: randomTronAddress(), blacklisted: "yes" })).status).toBe(400);
  });
});

describe("Tether's freeze guard on deposits", () => {
  async function requestDeposit(user: SignedUpUser, usdtAmount: string): Promise<TransactionDto> {
    const response = await user.browser.post("/api/deposits", { usdtAmount });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TransactionDto>();
  }

  function send(request: TransactionDto, from: string) {
    return sim.addTransfer({ to: t.config.depositAddress, amount: request.payAmount ?? "", from, blockTime: Date.now() });
  }

  async function poll() {
    const result = await t.chainWatcher?.pollOnce();
    expect(result?.outcome, JSON.stringify(result)).toBe("polled");
    return result as { matched: number; credited: number };
  }

  async function status(user: SignedUpUser, id: string): Promise<string> {
    const response = await user.browser.get(`/api/transactions/${id}`);
    return response.json<TransactionDto>().status;
  }

  async function senderBlacklistedSeenByAdmin(id: string): Promise<{ detail: unknown; listed: unknown }> {
    const detail = await admin.browser.get(`/api/admin/transactions/${id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    const list = await admin.browser.get("/api/admin/transactions?type=all&pageSize=50");
    const listed = list.json<{ items: AdminTransactionDto[] }>().items.find((item) => item.id === id);
    return {
      detail: detail.json<AdminTransactionDetailDto>().chain?.transfer?.senderBlacklisted,
      listed: listed?.chain?.transfer?.senderBlacklisted,
    };
  }

  test("a deposit from a blacklisted sender is matched but not credited, while a clear one is credited", async () => {
    const [frozenCustomer, clearCustomer] = [await t.signUp(), await t.signUp()];
    const frozenRequest = await requestDeposit(frozenCustomer, "20");
    const clearRequest = await requestDeposit(clearCustomer, "30");
    const frozenSender = randomTronAddress();
    sim.setBlacklisted(frozenSender, true);
    send(frozenRequest, frozenSender);
    send(clearRequest, randomTronAddress());

    expect(await poll()).toMatchObject({ matched: 2, credited: 1 });
    expect(await status(frozenCustomer, frozenRequest.id)).toBe("pending");
    expect(await balanceOf(t, frozenCustomer.userId)).toBe(0n);
    expect(await status(clearCustomer, clearRequest.id)).toBe("completed");
    expect(await balanceOf(t, clearCustomer.userId)).toBe(bdtForUsdt(parseUsdt(clearRequest.payAmount ?? ""), 12_500n));
    expect(await senderBlacklistedSeenByAdmin(frozenRequest.id)).toEqual({ detail: true, listed: true });
    expect(await senderBlacklistedSeenByAdmin(clearRequest.id)).toEqual({ detail: false, listed: false });

    // Later polls leave it to an admin, even if Tether lifts the freeze.
    sim.setBlacklisted(frozenSender, false);
    expect(await poll()).toMatchObject({ credited: 0 });
    expect(await status(frozenCustomer, frozenRequest.id)).toBe("pending");
    await expectLedgerIntact(t);
  });

  test("a sender not known yet: matched, not credited; credited at the poll that finds it clear", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, "40");
    const sender = randomTronAddress();
    sim.setBlacklisted(sender, "not an answer");
    const transfer = send(request, sender);

    expect(await poll()).toMatchObject({ matched: 1, credited: 0 });
    expect(await status(customer, request.id)).toBe("pending");
    const [unknown] = await queryRows<{ sender_blacklisted: boolean | null }>(
      t.db,
      sql`select sender_blacklisted from chain_transfers where txid = ${transfer.transaction_id}`,
    );
    expect(unknown?.sender_blacklisted).toBeNull();
    expect(await senderBlacklistedSeenByAdmin(request.id)).toEqual({ detail: null, listed: null });

    // Still unknown: still waiting.
    expect(await poll()).toMatchObject({ credited: 0 });
    expect(await status(customer, request.id)).toBe("pending");

    sim.setBlacklisted(sender, false);
    expect(await poll()).toMatchObject({ matched: 0, credited: 1 });
    expect(await status(customer, request.id)).toBe("completed");
    expect(await balanceOf(t, customer.userId)).toBe(bdtForUsdt(parseUsdt(request.payAmount ?? ""), 12_500n));
    expect(await poll()).toMatchObject({ credited: 0 });
    await expectLedgerIntact(t);
  });

  test("a sender not known yet and then found blacklisted is never credited", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, "41");
    const sender = randomTronAddress();
    sim.setBlacklisted(sender, "not an answer");
    send(request, sender);
    expect(await poll()).toMatchObject({ matched: 1, credited: 0 });

    sim.setBlacklisted(sender, true);
    expect(await poll()).toMatchObject({ credited: 0 });
    expect(await status(customer, request.id)).toBe("pending");
    expect(await senderBlacklistedSeenByAdmin(request.id)).toEqual({ detail: true, listed: true });
    expect(await balanceOf(t, customer.userId)).toBe(0n);
  });

  test("a transfer an admin linked by hand is not credited by the watcher when its sender turns out clear", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, "42");
    const sender = randomTronAddress();
    sim.setBlacklisted(sender, "not an answer");
    // An amount no request holds: nothing matches it, and an admin gives it to the request by hand.
    const transfer = sim.addTransfer({ to: t.config.depositAddress, amount: "42.5", from: sender, blockTime: Date.now() });
    expect(await poll()).toMatchObject({ matched: 0 });
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from chain_transfers where txid = ${transfer.transaction_id}`);
    const assigned = await admin.browser.post(`/api/admin/chain/transfers/${row?.id}/assign`, {
      transactionId: request.id,
      reason: "The customer sent a rounded amount",
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);

    sim.setBlacklisted(sender, false);
    expect(await poll()).toMatchObject({ credited: 0 });
    expect(await status(customer, request.id)).toBe("pending");
    expect(await senderBlacklistedSeenByAdmin(request.id)).toEqual({ detail: false, listed: false });
  });
});
