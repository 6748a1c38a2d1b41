// Decisions that cannot go wrong (decision 040), on PGlite and PostgreSQL, with the chain watched
// through the TronGrid simulator over real HTTP:
// - a deposit whose transfer differs is credited exactly what arrived × the request's rate, when
//   the admin chooses that; "approve anyway" needs a written reason, and at or above the threshold
//   a second admin;
// - one TrxID pays one withdrawal of a provider;
// - four eyes one insider cannot get around: an admin confirms nothing of whoever appointed them,
//   nor anything in their first NEW_ADMIN_COOLDOWN_HOURS; adjustments made alone add up over 24
//   hours, as do one customer's withdrawals paid alone; suspending an admin declines their waiting
//   requests.
// Every refusal changes no balance, hold, ledger or audit row.
import { and, count, eq, like, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTronGridSimulator, type TronGridSimulator } from "../../../src/server/chain/trongrid-simulator.ts";
import {
  adminUsers,
  auditLog,
  emailOutbox,
  ledgerEntries,
  profiles,
  secondApprovals,
  transactions,
} from "../../../src/server/db/schema.ts";
import type { AdminTransactionDetailDto, AdminTransactionDto } from "../../../src/shared/admin-schemas.ts";
import { parseBdt } from "../../../src/shared/money.ts";
import type { SecondApprovalDto } from "../../../src/shared/second-approval-schemas.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { balanceOf, expectLedgerIntact, fund } from "../../support/wallet/money.ts";

let sim: TronGridSimulator;
let t: TestApp;
let admin: EnrolledAdmin;
let checker: EnrolledAdmin;
beforeAll(async () => {
  sim = await startTronGridSimulator();
  t = await createTestApp({ env: { TRON_API_URL: sim.url, CHAIN_POLL_SECONDS: "5" } });
  admin = await signUpAdmin(t);
  checker = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

function expectError(response: TestResponse, status: number, error: { code: string; message?: string }): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject(error);
}

/** Every row a refusal must leave alone: balances and holds, transactions, ledger, audit, requests. */
async function moneyState() {
  const [[tx], [ledger], [audit], [requests], [held]] = await Promise.all([
    t.db.select({ n: count() }).from(transactions),
    t.db.select({ n: count() }).from(ledgerEntries),
    t.db.select({ n: count() }).from(auditLog),
    t.db.select({ n: count() }).from(secondApprovals),
    t.db
      .select({ balance: sql<string>`sum(${profiles.balanceMinor})::text`, held: sql<string>`sum(${profiles.heldMinor})::text` })
      .from(profiles),
  ]);
  const statuses = await t.db
    .select({ id: transactions.id, status: transactions.status, amount: transactions.amountMinor })
    .from(transactions);
  return {
    transactions: tx?.n,
    ledger: ledger?.n,
    audit: audit?.n,
    requests: requests?.n,
    held,
    statuses: JSON.stringify(
      statuses.sort((a, b) => a.id.localeCompare(b.id)),
      (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v),
    ),
  };
}

const approve = (by: SignedUpUser, id: string, body?: unknown) => by.browser.post(`/api/admin/transactions/${id}/approve`, body);
const confirm = (by: SignedUpUser, id: string) => by.browser.post(`/api/admin/second-approvals/${id}/confirm`);

async function poll(): Promise<void> {
  const watcher = t.chainWatcher;
  if (!watcher) throw new Error("the app should have a chain watcher");
  const result = await watcher.pollOnce();
  expect(result.outcome, JSON.stringify(result)).toBe("polled");
}

/** A deposit request naming a TXID, and a transfer with that TXID of another amount: "Amount differs". */
async function differingDeposit(customer: SignedUpUser, asked: string, sent: string): Promise<TransactionDto> {
  const txid = Array.from({ length: 64 }, () => "0123456789abcdef"[Math.floor(Math.random() * 16)]).join("");
  const response = await customer.browser.post("/api/deposits", { usdtAmount: asked, txid });
  expect(response.statusCode, response.body).toBe(201);
  sim.addTransfer({ to: t.config.depositAddress, amount: sent, blockTime: Date.now(), txid });
  await poll();
  return response.json<TransactionDto>();
}

async function adminDetail(id: string): Promise<AdminTransactionDetailDto> {
  const response = await admin.browser.get(`/api/admin/transactions/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminTransactionDetailDto>();
}

describe("crediting what arrived", () => {
  test("50 USDT asked, 45 arrived: the admin sees the credit of what arrived; choosing it credits exactly 45 × 125, audited with both figures", async () => {
    const customer = await t.signUp();
    const deposit = await differingDeposit(customer, "50", "45");
    const row = await adminDetail(deposit.id);
    expect(row.chain?.state).toBe("amount_differs");
    expect(row.receivedCredit).toBe("5625.00");
    // The customer is told the amount differed, with what arrived.
    const mine = (await customer.browser.get(`/api/transactions/${deposit.id}`)).json<TransactionDto>();
    expect(mine).toMatchObject({ status: "pending", chainIssue: "amount_differs", receivedUsdt: "45" });

    const credited = await approve(admin, deposit.id, { credit: "received" });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json<TransactionDto>()).toMatchObject({ status: "completed", amount: "5625.00" });
    expect(await balanceOf(t, customer.userId)).toBe(parseBdt("5625"));
    const [audit] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "transaction.approved"), eq(auditLog.targetId, deposit.id)));
    expect(audit?.details).toMatchObject({ credit: "received", amount: "5625.00", receivedUsdt: "45", claimedAmount: deposit.amount });
    const after = (await customer.browser.get(`/api/transactions/${deposit.id}`)).json<TransactionDto>();
    expect(after).toMatchObject({ status: "completed", amount: "5625.00", usdtAmount: "50", receivedUsdt: "45", chainIssue: null });
    await expectLedgerIntact(t);
  });

  test('"credit what arrived" where nothing differs → 409 CHAIN_NO_DIFFERENCE, nothing changes', async () => {
    const customer = await t.signUp();
    const response = await customer.browser.post("/api/deposits", { usdtAmount: "20" });
    const deposit = response.json<TransactionDto>();
    const before = await moneyState();
    expectError(await approve(admin, deposit.id, { credit: "received" }), 409, { code: "CHAIN_NO_DIFFERENCE" });
    expectError(await approve(admin, deposit.id, { credit: "everything" }), 400, { code: "VALIDATION_ERROR" });
    expect(await moneyState()).toEqual(before);
  });

  test('"approve anyway" without a reason → 400 naming reason, nothing changes; with one, credited and the reason shown', async () => {
    const customer = await t.signUp();
    const deposit = await differingDeposit(customer, "40", "35");
    const before = await moneyState();
    for (const body of [
      { acknowledgeNoChainEvidence: true },
      { acknowledgeNoChainEvidence: true, reason: "" },
      { acknowledgeNoChainEvidence: true, reason: "   " },
      { acknowledgeNoChainEvidence: true, credit: "claimed" },
    ]) {
      const response = await approve(admin, deposit.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: "VALIDATION_ERROR",
        fields: { reason: "Write why you approve it without the chain's confirmation" },
      });
    }
    expectError(await approve(admin, deposit.id, { reason: "Checked by phone" }), 409, { code: "CHAIN_UNCONFIRMED" });
    expect(await moneyState()).toEqual(before);

    const reason = "The customer sent the rest by a second transfer, ticket 5120";
    const approved = await approve(admin, deposit.id, { acknowledgeNoChainEvidence: true, reason });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceOf(t, customer.userId)).toBe(parseBdt(deposit.amount));
    expect((await adminDetail(deposit.id)).approvalReason).toBe(reason);
  });

  test('"approve anyway" at or above the threshold waits for a second admin, who credits it', async () => {
    const customer = await t.signUp();
    const response = await customer.browser.post("/api/deposits", { usdtAmount: "250" }); // just over 31,250 BDT, nothing seen
    const deposit = response.json<TransactionDto>();
    const row = (await admin.browser.get(`/api/admin/transactions/${deposit.id}`)).json<AdminTransactionDto>();
    expect(row).toMatchObject({ fourEyes: true, secondApproval: null });
    const request = await approve(admin, deposit.id, { acknowledgeNoChainEvidence: true, reason: "Seen on the customer's screen share" });
    expect(request.statusCode, request.body).toBe(202);
    const secondApproval = request.json<SecondApprovalDto>();
    expect(secondApproval).toMatchObject({ kind: "deposit_approval", status: "awaiting", note: "Seen on the customer's screen share" });
    expect(await balanceOf(t, customer.userId)).toBe(0n);
    expect((await adminDetail(deposit.id)).secondApproval).toMatchObject({ status: "awaiting", requestedBy: { id: admin.userId } });
    expectError(await confirm(admin, secondApproval.id), 403, { code: "FORBIDDEN" });
    const confirmed = await confirm(checker, secondApproval.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await balanceOf(t, customer.userId)).toBe(parseBdt(deposit.amount));
    expect((await adminDetail(deposit.id)).approvalReason).toBe("Seen on the customer's screen share");
    await expectLedgerIntact(t);
  });
});

describe("one TrxID, one payout", () => {
  async function withdrawal(walletType: "bKash" | "Nagad", number: string): Promise<{ customer: SignedUpUser; id: string }> {
    const customer = await t.signUp();
    await fund(t, { userId: customer.userId, amount: "5000", adminId: checker.userId });
    const response = await customer.browser.post("/api/withdrawals", { walletType, walletNumber: number, amount: "1000" });
    expect(response.statusCode, response.body).toBe(201);
    return { customer, id: response.json<TransactionDto>().id };
  }

  test("a TrxID that paid another bKash withdrawal → 409 naming it, nothing changes; another provider may carry the same one", async () => {
    const first = await withdrawal("bKash", "01712345678");
    const second = await withdrawal("bKash", "01812345678");
    const nagad = await withdrawal("Nagad", "01912345678");
    const paid = await approve(admin, first.id, { payoutReference: "TRX7788AB" });
    expect(paid.statusCode, paid.body).toBe(200);

    const before = await moneyState();
    for (const spelling of ["TRX7788AB", "trx7788ab", "  Trx7788Ab "]) {
      const reused = await approve(checker, second.id, { payoutReference: spelling });
      expect(reused.statusCode, reused.body).toBe(409);
      expect(reused.json()).toEqual({
        error: {
          code: "PAYOUT_REFERENCE_USED",
          message: `This transaction ID already paid another withdrawal (${first.id.slice(0, 8)}).`,
          fields: { payoutReference: `This transaction ID already paid another withdrawal (${first.id.slice(0, 8)}).` },
          transactionId: first.id,
        },
      });
    }
    expect(await moneyState()).toEqual(before);
    expect((await second.customer.browser.get("/api/wallet")).json<{ heldBalance: string }>().heldBalance).toBe("1000.00");

    // Per provider: a Nagad TrxID may read the same as a bKash one.
    expect((await approve(checker, nagad.id, { payoutReference: "TRX7788AB" })).statusCode).toBe(200);
    expect((await approve(checker, second.id, { payoutReference: "TRX7788AC" })).statusCode).toBe(200);
    await expectLedgerIntact(t);
  });

  test("two payouts racing with one TrxID: one is paid, the other refused, never a 500", async () => {
    const a = await withdrawal("bKash", "01711111111");
    const b = await withdrawal("bKash", "01722222222");
    const [one, two] = await Promise.all([
      approve(admin, a.id, { payoutReference: "RACE12345" }),
      approve(checker, b.id, { payoutReference: "RACE12345" }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(errorOf(one.statusCode === 409 ? one : two).code).toBe("PAYOUT_REFERENCE_USED");
    await expectLedgerIntact(t);
  });
});

describe("four eyes one insider cannot get around", () => {
  test("a puppet: every other admin is e-mailed of the promotion; the promoted admin cannot confirm the promoter's request; nothing moves", async () => {
    const boss = await signUpAdmin(t, "super_admin");
    const puppet = await signUpAdmin(t, "admin", { promotedBy: boss });
    // Every other admin is told by e-mail, at once; the new admin is not.
    const told = await t.db
      .select({ userId: emailOutbox.userId, subject: emailOutbox.subject, text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(like(emailOutbox.eventKey, "admin.appointed:%"));
    const others = await t.db.select({ id: adminUsers.userId }).from(adminUsers).where(ne(adminUsers.userId, puppet.userId));
    const toldAboutPuppet = told.filter((mail) => mail.subject === `${puppet.email} is now an admin of Nexapay`);
    expect(toldAboutPuppet.map((mail) => mail.userId).sort()).toEqual(others.map((other) => other.id).sort());
    expect(toldAboutPuppet[0]?.text).toContain(`${puppet.email} was made an admin by ${boss.email}.`);
    await t.outboxSender.deliverDue();
    expect((await t.readLatestMail(checker.email)).subject).toMatch(/is now an admin of Nexapay$/);
    // Past the cooldown, so that only the appointment stands in the way.
    await t.db.execute(sql`update admin_appointments set appointed_at = now() - interval '30 days' where admin_id = ${puppet.userId}`);
    const customer = await t.signUp();
    const request = await boss.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, {
      direction: "add",
      amount: "1000000",
    });
    expect(request.statusCode, request.body).toBe(202);
    const id = request.json<SecondApprovalDto>().id;
    const before = await moneyState();
    expectError(await confirm(puppet, id), 403, {
      code: "FORBIDDEN",
      message: "You cannot confirm a request of the admin who appointed you: another admin must confirm it.",
    });
    expect(await moneyState()).toEqual(before);
    // An admin nobody of them appointed can.
    expect((await confirm(checker, id)).statusCode).toBe(200);
    expect(await balanceOf(t, customer.userId)).toBe(parseBdt("1000000"));
  });

  test("a new admin confirms nothing in their first NEW_ADMIN_COOLDOWN_HOURS (24)", async () => {
    const fresh = await signUpAdmin(t, "admin", { appointed: "now" });
    const customer = await t.signUp();
    const request = await admin.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, {
      direction: "add",
      amount: "30000",
    });
    const id = request.json<SecondApprovalDto>().id;
    const before = await moneyState();
    const refused = await confirm(fresh, id);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).message).toMatch(/^A new admin confirms nothing until .+ \(Dhaka time\): another admin must confirm it\.$/);
    expect(await moneyState()).toEqual(before);
  });

  test("adjustments made alone add up over 24 hours: 4 × 24,999.99 by one admin → the first at once, the rest wait", async () => {
    const splitter = await signUpAdmin(t);
    const customers = await Promise.all(Array.from({ length: 4 }, () => t.signUp()));
    const statuses: number[] = [];
    for (const customer of customers) {
      const response = await splitter.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, {
        direction: "add",
        amount: "24999.99",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 202, 202, 202]);
    const balances = await Promise.all(customers.map((customer) => balanceOf(t, customer.userId)));
    expect(balances).toEqual([parseBdt("24999.99"), 0n, 0n, 0n]);
  });

  test("one customer's withdrawals paid alone add up: the one that reaches the threshold waits for a second admin", async () => {
    const payer = await signUpAdmin(t);
    const customer = await t.signUp();
    await fund(t, { userId: customer.userId, amount: "45000", adminId: checker.userId });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await customer.browser.post("/api/withdrawals", {
        walletType: "bKash",
        walletNumber: "01733333333",
        amount: "10000",
      });
      ids.push(response.json<TransactionDto>().id);
    }
    const [first, second, third] = ids as [string, string, string];
    expect((await approve(payer, first, { payoutReference: `SPLITA${first.slice(0, 4)}` })).statusCode).toBe(200);
    expect((await approve(payer, second, { payoutReference: `SPLITB${second.slice(0, 4)}` })).statusCode).toBe(200);
    const row = (await payer.browser.get(`/api/admin/transactions/${third}`)).json<AdminTransactionDto>();
    expect(row.fourEyes).toBe(true);
    const before = await moneyState();
    expectError(await approve(payer, third, { payoutReference: `SPLITC${third.slice(0, 4)}` }), 409, { code: "AWAITING_SECOND_APPROVAL" });
    expect(await moneyState()).toEqual(before);
    expect((await approve(payer, third)).statusCode).toBe(202);
    // Another admin, who paid this customer nothing today, is not held back by the payer's sum.
    const other = (await checker.browser.get(`/api/admin/transactions/${third}`)).json<AdminTransactionDto>();
    expect(other.secondApproval).toMatchObject({ status: "awaiting", requestedBy: { id: payer.userId } });
  });

  test("suspending an admin declines their waiting requests, audited; nothing moves", async () => {
    const boss = await signUpAdmin(t, "super_admin");
    const leaving = await signUpAdmin(t);
    const customer = await t.signUp();
    const request = await leaving.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, {
      direction: "add",
      amount: "40000",
    });
    const id = request.json<SecondApprovalDto>().id;
    const suspended = await boss.browser.request("PATCH", `/api/admin/users/${leaving.userId}`, { json: { isSuspended: true } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const [row] = await t.db.select().from(secondApprovals).where(eq(secondApprovals.id, id));
    expect(row).toMatchObject({
      status: "declined",
      decidedBy: boss.userId,
      declineReason: "The requesting admin was suspended or demoted.",
    });
    const [audit] = await t.db
      .select({ actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "second_approval.declined"), sql`${auditLog.details} ->> 'secondApprovalId' = ${id}`));
    expect(audit).toMatchObject({ actorId: boss.userId, details: { requesterRemoved: true } });
    const before = await moneyState();
    expectError(await confirm(checker, id), 409, { code: "ALREADY_PROCESSED" });
    expect(await moneyState()).toEqual(before);
    expect(await balanceOf(t, customer.userId)).toBe(0n);
  });
});
