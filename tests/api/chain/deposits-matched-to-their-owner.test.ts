// Deposits that cannot be stolen (decision 038), on PGlite and PostgreSQL, against the TronGrid
// simulator over real HTTP with automatic credit on (the strongest setting: a wrong match is money
// gone at once). Each request gets an exact amount to pay that no other open request holds; a
// transfer settles the one request whose amount it equals, made before its block time and not
// expired at it; a TXID claim only ever helps its own request; bait requests, copied and squatted
// TXIDs take and block nothing; a transfer dated after now is never credited; an admin can give an
// unclaimed transfer to a request by hand, with a reason. Every refusal changes no money row.
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../../src/server/chain/trongrid-simulator.ts";
import { matchChainTransfers } from "../../../src/server/chain/chain-matching.ts";
import { openDatabase, queryRows } from "../../../src/server/db/client.ts";
import { auditLog, depositPayAmounts, ledgerEntries, transactions } from "../../../src/server/db/schema.ts";
import type { AdminTransactionDetailDto } from "../../../src/shared/admin-schemas.ts";
import { messages } from "../../../src/shared/api-error.ts";
import { bdtForUsdt, formatBdt, parseUsdt } from "../../../src/shared/money.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { balanceOf, expectLedgerIntact, fund } from "../../support/wallet/money.ts";

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

const micro = (usdt: string) => parseUsdt(usdt);

async function requestDeposit(user: SignedUpUser, body: { usdtAmount: string; fromAddress?: string; txid?: string }) {
  const response = await user.browser.post("/api/deposits", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

/** Sends exactly `amount` USDT to the deposit address, dated now (after every request made so far). */
function send(amount: string, options: { from?: string; txid?: string; blockTime?: number } = {}) {
  return sim.addTransfer({ to: t.config.depositAddress, amount, blockTime: Date.now(), ...options });
}

async function poll() {
  const watcher = t.chainWatcher;
  if (!watcher) throw new Error("the app should have a chain watcher");
  const result = await watcher.pollOnce();
  expect(result.outcome, JSON.stringify(result)).toBe("polled");
  return result as { matched: number; credited: number; stored: number };
}

async function mine(user: SignedUpUser, id: string): Promise<TransactionDto> {
  const response = await user.browser.get(`/api/transactions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TransactionDto>();
}

async function adminRow(id: string): Promise<AdminTransactionDetailDto> {
  const response = await admin.browser.get(`/api/admin/transactions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminTransactionDetailDto>();
}

/** Counts of every row a refusal must leave alone. */
async function moneyRows() {
  const [[tx], [ledger], [audit], [amounts]] = await Promise.all([
    t.db.select({ n: count() }).from(transactions),
    t.db.select({ n: count() }).from(ledgerEntries),
    t.db.select({ n: count() }).from(auditLog),
    t.db.select({ n: count() }).from(depositPayAmounts),
  ]);
  return { transactions: tx?.n, ledger: ledger?.n, audit: audit?.n, payAmounts: amounts?.n };
}

describe("a unique amount for each request", () => {
  test("the amount to pay: above the amount asked by 0.000001 to 0.01, six decimals, credited at the rate, for a window", async () => {
    const customer = await t.signUp();
    const before = Date.now();
    const created = await requestDeposit(customer, { usdtAmount: "50" });
    const pay = micro(created.payAmount ?? "");
    expect(created.payAmount).toMatch(/^\d+\.\d{6}$/);
    expect(pay).toBeGreaterThan(50_000_000n);
    expect(pay).toBeLessThanOrEqual(50_010_000n);
    // Four decimals while those are free: easy to type into any wallet.
    expect(pay % 100n).toBe(0n);
    expect(created.usdtAmount).toBe("50");
    expect(created.amount).toBe(formatBdt(bdtForUsdt(pay, 12_500n)));
    expect(created.status).toBe("pending");
    expect(created.expired).toBe(false);
    const expiresAt = Date.parse(created.expiresAt ?? "");
    expect(expiresAt).toBeGreaterThan(before + 59 * 60_000);
    expect(expiresAt).toBeLessThan(Date.now() + 61 * 60_000);
    expect(created.reference).toBe(`${created.payAmount?.replace(/\.?0+$/, "")} USDT`);
    // The same request again with its Idempotency-Key answers the same amount; another amount under it is refused.
    const key = { headers: { "idempotency-key": "deposit-retry-1" } };
    const first = await customer.browser.post("/api/deposits", { usdtAmount: "20", fromAddress: randomTronAddress() }, key);
    expect(first.statusCode).toBe(201);
    const body = first.json<TransactionDto>();
    const again = await customer.browser.post("/api/deposits", { usdtAmount: "20", fromAddress: body.reference?.split(" ").at(-1) }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json<TransactionDto>()).toMatchObject({ id: body.id, payAmount: body.payAmount });
    const before2 = await moneyRows();
    const other = await customer.browser.post("/api/deposits", { usdtAmount: "21" }, key);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await moneyRows()).toEqual(before2);
  });

  test("100 parallel requests of the same amount are given 100 different amounts to pay", async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => t.signUp()));
    const responses = await Promise.all(
      customers.flatMap((customer) => Array.from({ length: 10 }, () => customer.browser.post("/api/deposits", { usdtAmount: "75" }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 100 }, () => 201));
    const amounts = responses.map((r) => r.json<TransactionDto>().payAmount);
    expect(new Set(amounts).size).toBe(100);
    // The database holds them apart: one reservation per amount, each held by its own request.
    const held = await queryRows<{ n: number }>(
      t.db,
      sql`select count(distinct pay_micro)::int as n from transactions where pay_micro between 75000001 and 75010000`,
    );
    expect(held[0]?.n).toBe(100);
  });

  test("when every amount near the one asked is held: 409 and nothing written; a reservation that ran out is taken over", async () => {
    const customer = await t.signUp();
    // Every offset of 33 USDT held by someone else's request, as 10,000 open requests would hold them.
    await t.db.execute(sql`insert into deposit_pay_amounts (pay_micro, transaction_id, reserved_until)
      select 33000000 + o, gen_random_uuid(), now() + interval '1 hour' from generate_series(1, 10000) o`);
    const before = await moneyRows();
    const refused = await customer.browser.post("/api/deposits", { usdtAmount: "33" });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: "PAY_AMOUNT_UNAVAILABLE",
      message: "Too many deposits of this amount are waiting right now. Try a slightly different amount.",
    });
    expect(await moneyRows()).toEqual(before);
    await t.db.execute(sql`update deposit_pay_amounts set reserved_until = now() - interval '1 second' where pay_micro = 33004242`);
    expect((await requestDeposit(customer, { usdtAmount: "33" })).payAmount).toBe("33.004242");
  });

  test("a customer holds at most 10 open requests; expired and settled ones do not count", async () => {
    const customer = await t.signUp();
    const open = [];
    for (let i = 0; i < 10; i += 1) open.push(await requestDeposit(customer, { usdtAmount: "12" }));
    const before = await moneyRows();
    const refused = await customer.browser.post("/api/deposits", { usdtAmount: "12" });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: "LIMIT_EXCEEDED",
      fields: { usdtAmount: expect.stringContaining("too many") as unknown },
    });
    expect(await moneyRows()).toEqual(before);
    // One is paid, one runs out of time: two more may be asked for.
    send(open[0]?.payAmount ?? "");
    await poll();
    await t.db.execute(sql`update transactions set expires_at = now() - interval '1 second' where id = ${open[1]?.id}`);
    expect((await mine(customer, open[1]?.id ?? "")).expired).toBe(true);
    await requestDeposit(customer, { usdtAmount: "12" });
    await requestDeposit(customer, { usdtAmount: "12" });
    expect((await customer.browser.post("/api/deposits", { usdtAmount: "12" })).statusCode).toBe(409);
  });
});

describe("matching by amount and window", () => {
  test("bait: 200 open requests for a popular sender and a round amount receive nothing that is not theirs", async () => {
    const exchange = randomTronAddress(); // an exchange's hot wallet: many customers send from it
    const attackers = await Promise.all(Array.from({ length: 20 }, () => t.signUp()));
    const bait = await Promise.all(
      attackers.flatMap((attacker) =>
        Array.from({ length: 10 }, () => requestDeposit(attacker, { usdtAmount: "100", fromAddress: exchange })),
      ),
    );
    expect(bait).toHaveLength(200);
    const victim = await t.signUp();
    const real = await requestDeposit(victim, { usdtAmount: "100", fromAddress: exchange });

    // The victim sends exactly what they were told; someone else sends a round 100 from the same exchange.
    send(real.payAmount ?? "", { from: exchange });
    const round = send("100", { from: exchange });
    expect(await poll()).toMatchObject({ matched: 1, credited: 1 });

    expect(await mine(victim, real.id)).toMatchObject({ status: "completed", receivedOnChain: true });
    expect(await balanceOf(t, victim.userId)).toBe(BigInt(real.amount.replace(".", "")));
    for (const attacker of attackers) expect(await balanceOf(t, attacker.userId)).toBe(0n);
    const baitRows = await t.db
      .select({ status: transactions.status, transfer: transactions.chainTransferId })
      .from(transactions)
      .where(eq(transactions.fromAddress, exchange));
    expect(baitRows.filter((row) => row.transfer !== null)).toHaveLength(1);
    expect(baitRows.filter((row) => row.status === "completed")).toHaveLength(1);
    // The round amount settles nobody: it waits under Unclaimed transfers for an admin.
    const unclaimed = (await admin.browser.get("/api/admin/chain/unclaimed-transfers?pageSize=100")).json<{ items: { txid: string }[] }>();
    expect(unclaimed.items.map((item) => item.txid)).toContain(round.transaction_id);
    await expectLedgerIntact(t);
  });

  test("a copied TXID credits nobody but its owner, also after the owner's earlier request was rejected", async () => {
    const [owner, thief] = [await t.signUp(), await t.signUp()];
    const from = randomTronAddress();
    const request = await requestDeposit(owner, { usdtAmount: "40", fromAddress: from });
    const sent = send(request.payAmount ?? "", { from });
    // The thief reads the TXID off the public chain before the watcher polls and names it, with the same sender and amount.
    const copied = await requestDeposit(thief, { usdtAmount: "40", fromAddress: from, txid: sent.transaction_id });
    expect(copied.txid).toBe(sent.transaction_id);
    await poll();
    expect(await mine(owner, request.id)).toMatchObject({ status: "completed", receivedOnChain: true });
    expect(await mine(thief, copied.id)).toMatchObject({ status: "pending", receivedOnChain: false });
    expect((await adminRow(copied.id)).chain).toEqual({ state: "not_seen", transfer: null });
    expect(await balanceOf(t, thief.userId)).toBe(0n);
    // An admin cannot be misled either: approving the copy still asks for a reason to skip the evidence.
    expect((await admin.browser.post(`/api/admin/transactions/${copied.id}/approve`)).statusCode).toBe(409);

    // The owner's request is rejected by mistake; their transfer then comes within its window: it settles nobody.
    const second = await requestDeposit(owner, { usdtAmount: "40", fromAddress: from });
    expect((await admin.browser.post(`/api/admin/transactions/${second.id}/reject`, { reason: "Checked too early" })).statusCode).toBe(200);
    const late = send(second.payAmount ?? "", { from });
    const copy2 = await requestDeposit(thief, { usdtAmount: "40", fromAddress: from, txid: late.transaction_id });
    expect(await poll()).toMatchObject({ matched: 0, credited: 0 });
    expect(await mine(thief, copy2.id)).toMatchObject({ status: "pending", receivedOnChain: false });
    expect(await balanceOf(t, thief.userId)).toBe(0n);
    await expectLedgerIntact(t);
  });

  test("a squatted TXID does not stop the owner's request from settling; two customers may name one TXID", async () => {
    const [owner, squatter] = [await t.signUp(), await t.signUp()];
    const request = await requestDeposit(owner, { usdtAmount: "60" });
    const sent = send(request.payAmount ?? "");
    // The squatter names the transfer with a wrong sender and amount before the watcher sees it: 201, no refusal for anyone.
    const squat = await requestDeposit(squatter, { usdtAmount: "61", fromAddress: randomTronAddress(), txid: sent.transaction_id });
    await poll();
    expect(await mine(owner, request.id)).toMatchObject({ status: "completed", receivedOnChain: true });
    expect((await adminRow(squat.id)).chain?.state).toBe("not_seen");
    // The owner names their own TXID afterwards on a new request: accepted, never "already claimed".
    const named = await owner.browser.post("/api/deposits", { usdtAmount: "60", txid: sent.transaction_id.toUpperCase() });
    expect(named.statusCode, named.body).toBe(201);
    expect(await balanceOf(t, squatter.userId)).toBe(0n);
  });

  test("a claimed TXID with another amount that settled nothing shows 'Amount differs' beside the claimant's request", async () => {
    const customer = await t.signUp();
    const sender = randomTronAddress();
    const request = await requestDeposit(customer, { usdtAmount: "25", fromAddress: sender });
    const round = send("25", { from: sender }); // the round figure, not the amount to pay
    const named = await requestDeposit(customer, { usdtAmount: "25", txid: round.transaction_id });
    expect(await poll()).toMatchObject({ credited: 0 });
    expect((await adminRow(named.id)).chain).toEqual({
      state: "amount_differs",
      transfer: expect.objectContaining({ txid: round.transaction_id, fromAddress: sender, amount: "25" }) as unknown,
    });
    expect((await adminRow(request.id)).chain?.state).toBe("not_seen");
    expect(await balanceOf(t, customer.userId)).toBe(0n);
  });

  test("a transfer after the window settles nothing, and the request is 'Expired' to its customer", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, { usdtAmount: "18" });
    await t.db.execute(sql`update transactions set created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
      where id = ${request.id}`);
    expect(await mine(customer, request.id)).toMatchObject({ status: "pending", expired: true });
    send(request.payAmount ?? "");
    expect(await poll()).toMatchObject({ matched: 0, credited: 0 });
    expect(await mine(customer, request.id)).toMatchObject({ status: "pending", expired: true, receivedOnChain: false });
    expect((await adminRow(request.id)).expired).toBe(true);
    expect(await balanceOf(t, customer.userId)).toBe(0n);
  });

  test("automatic credit refuses a transfer from the future, and credits it once its time has come", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, { usdtAmount: "22" });
    const before = await moneyRows();
    send(request.payAmount ?? "", { blockTime: Date.now() + 2500 });
    expect(await poll()).toMatchObject({ matched: 0, credited: 0 });
    expect(await mine(customer, request.id)).toMatchObject({ status: "pending", receivedOnChain: false });
    expect(await balanceOf(t, customer.userId)).toBe(0n);
    const after = await moneyRows();
    expect({ ledger: after.ledger, audit: after.audit }).toEqual({ ledger: before.ledger, audit: before.audit });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await poll()).toMatchObject({ matched: 1, credited: 1 });
    expect(await mine(customer, request.id)).toMatchObject({ status: "completed", receivedOnChain: true });
    await expectLedgerIntact(t);
  });
});

describe("evidence and approval", () => {
  test("approving without chain evidence asks first: 409 and nothing changes; acknowledged with a reason, the audit says so", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, { usdtAmount: "12" });
    const before = await moneyRows();
    for (const body of [undefined, {}, { acknowledgeNoChainEvidence: false }]) {
      const refused = await admin.browser.post(`/api/admin/transactions/${request.id}/approve`, body);
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: "CHAIN_UNCONFIRMED", message: messages.chainUnconfirmed });
    }
    expect(
      (await admin.browser.post(`/api/admin/transactions/${request.id}/approve`, { acknowledgeNoChainEvidence: "yes" })).statusCode,
    ).toBe(400);
    // Acknowledged, but with no written reason: 400 naming it (decision 040).
    const unexplained = await admin.browser.post(`/api/admin/transactions/${request.id}/approve`, { acknowledgeNoChainEvidence: true });
    expect(unexplained.statusCode).toBe(400);
    expect(errorOf(unexplained).fields).toHaveProperty("reason");
    expect(await moneyRows()).toEqual(before);
    const approved = await admin.browser.post(`/api/admin/transactions/${request.id}/approve`, {
      acknowledgeNoChainEvidence: true,
      reason: "Checked the customer's wallet history by hand",
    });
    expect(approved.statusCode).toBe(200);
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "transaction.approved"), eq(auditLog.targetId, request.id)));
    expect(audit?.details).toMatchObject({
      chainState: "not_seen",
      approvedWithoutChainEvidence: true,
      chainTxid: null,
      reason: "Checked the customer's wallet history by hand",
    });
    // The credit is the amount to pay at the rate, as the request said from the start.
    expect(await balanceOf(t, customer.userId)).toBe(bdtForUsdt(micro(request.payAmount ?? ""), 12_500n));
    // Its transfer, arriving later within the window, is recorded against it and credits nothing more.
    send(request.payAmount ?? "");
    expect(await poll()).toMatchObject({ matched: 1, credited: 0 });
    expect(await mine(customer, request.id)).toMatchObject({ status: "completed", receivedOnChain: true });
    expect(await balanceOf(t, customer.userId)).toBe(bdtForUsdt(micro(request.payAmount ?? ""), 12_500n));
    await expectLedgerIntact(t);
  });

  test("50 settled deposits are credited exactly once each, however many matchers run at once", async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => t.signUp()));
    const requests = (
      await Promise.all(
        customers.map(async (c) => Promise.all(Array.from({ length: 10 }, (_, i) => requestDeposit(c, { usdtAmount: `${10 + i}.5` })))),
      )
    ).flat();
    for (const request of requests) send(request.payAmount ?? "");
    await new Promise((resolve) => setTimeout(resolve, 5));
    // The app's watcher, two more matchers at once and, on PostgreSQL, two on a second handle, as another server process would.
    const second = t.kind === "postgres" ? await openDatabase({ kind: "postgres", url: t.databaseUrl ?? "" }) : null;
    try {
      const watcher = t.chainWatcher;
      if (!watcher) throw new Error("the app should have a chain watcher");
      const results = await Promise.all([
        watcher.pollOnce(),
        matchChainTransfers(t.db, { autoCredit: true }),
        matchChainTransfers(t.db, { autoCredit: true }),
        ...(second ? [matchChainTransfers(second.db, { autoCredit: true }), matchChainTransfers(second.db, { autoCredit: true })] : []),
      ]);
      expect(results.reduce((sum, r) => sum + ("credited" in r ? r.credited : 0), 0)).toBe(50);
    } finally {
      await second?.close();
    }
    for (const request of requests) {
      expect(await ledgerCount(request.id)).toBe(1);
    }
    for (const customer of customers) {
      const expected = requests
        .filter((r) => r.userId === customer.userId)
        .reduce((sum, r) => sum + bdtForUsdt(micro(r.payAmount ?? ""), 12_500n), 0n);
      expect(await balanceOf(t, customer.userId)).toBe(expected);
    }
    // Each customer hears of each credit once, through the outbox.
    const mails = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from email_outbox where event_key like 'transaction.completed:%'
          and user_id in (${sql.join(
            customers.map((c) => sql`${c.userId}::uuid`),
            sql`, `,
          )})`,
    );
    expect(mails[0]?.n).toBe(50);
    await expectLedgerIntact(t);
  });
});

async function ledgerCount(transactionId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
  return row?.n ?? 0;
}

describe("an unclaimed transfer assigned by hand (POST /api/admin/chain/transfers/:id/assign)", () => {
  async function transferId(txid: string): Promise<string> {
    const [row] = await queryRows<{ id: string }>(t.db, sql`select id from chain_transfers where txid = ${txid}`);
    if (!row) throw new Error(`transfer ${txid} not stored`);
    return row.id;
  }
  function assign(id: string, body: unknown) {
    return admin.browser.post(`/api/admin/chain/transfers/${id}/assign`, body);
  }

  test("links the transfer with a reason, audited, moving no money; refusals change nothing", async () => {
    const customer = await t.signUp();
    const request = await requestDeposit(customer, { usdtAmount: "30" });
    const round = send("30"); // sent as a round figure: settles nothing
    await poll();
    const id = await transferId(round.transaction_id);
    const before = await moneyRows();

    for (const body of [{ transactionId: request.id }, { transactionId: request.id, reason: "   " }, { reason: "x" }, {}]) {
      const bad = await assign(id, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await assign("00000000-0000-4000-8000-000000000000", { transactionId: request.id, reason: "x" })).statusCode).toBe(404);
    expect((await assign(id, { transactionId: "00000000-0000-4000-8000-000000000000", reason: "x" })).statusCode).toBe(404);
    const stranger = t.browser();
    expect((await stranger.post(`/api/admin/chain/transfers/${id}/assign`, { transactionId: request.id, reason: "x" })).statusCode).toBe(
      401,
    );
    expect(
      (await customer.browser.post(`/api/admin/chain/transfers/${id}/assign`, { transactionId: request.id, reason: "x" })).statusCode,
    ).toBe(403);
    expect(await moneyRows()).toEqual(before);

    const assigned = await assign(id, { transactionId: request.id, reason: "Customer sent 30 instead of the amount shown; ticket 4411" });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const row = assigned.json<AdminTransactionDetailDto>();
    expect(row.chain).toMatchObject({ state: "amount_differs", transfer: { txid: round.transaction_id, amount: "30" } });
    expect(row.status).toBe("pending");
    expect(await balanceOf(t, customer.userId)).toBe(0n);
    const [audit] = await t.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "transaction.chain_assigned"), eq(auditLog.targetId, request.id)));
    expect(audit).toMatchObject({
      actorId: admin.userId,
      details: { reason: "Customer sent 30 instead of the amount shown; ticket 4411", txid: round.transaction_id, transferAmount: "30" },
    });

    // Once given, the transfer is nobody else's; a request that has one takes no other.
    const other = await requestDeposit(await t.signUp(), { usdtAmount: "30" });
    const again = await assign(id, { transactionId: other.id, reason: "again" });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe("TRANSFER_ALREADY_ASSIGNED");
    const another = send("31");
    await poll();
    const afterRefusals = await moneyRows();
    const taken = await assign(await transferId(another.transaction_id), { transactionId: request.id, reason: "x" });
    expect(taken.statusCode).toBe(409);
    expect(await moneyRows()).toEqual(afterRefusals);
    // An admin approves it as any deposit whose evidence differs: with the acknowledgement.
    expect((await admin.browser.post(`/api/admin/transactions/${request.id}/approve`)).statusCode).toBe(409);
  });

  test("a withdrawal or the admin's own request cannot take a transfer", async () => {
    const round = send("44");
    await poll();
    const id = await transferId(round.transaction_id);
    const own = await admin.browser.post("/api/deposits", { usdtAmount: "44" });
    expect(own.statusCode, own.body).toBe(201);
    const before = await moneyRows();
    const refused = await assign(id, { transactionId: own.json<TransactionDto>().id, reason: "mine" });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe("You cannot decide on your own account.");
    expect(await moneyRows()).toEqual(before);
    const customer = await t.signUp();
    await fund(t, { userId: customer.userId, amount: "1000", adminId: admin.userId });
    const withdrawal = await customer.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "600" });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const beforeWithdrawal = await moneyRows();
    const notADeposit = await assign(id, { transactionId: withdrawal.json<TransactionDto>().id, reason: "x" });
    expect(notADeposit.statusCode).toBe(409);
    expect(await moneyRows()).toEqual(beforeWithdrawal);
  });
});
