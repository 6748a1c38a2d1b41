// Four eyes on big money (decisions 020 and 040). With FOUR_EYES_MIN_BDT at its default of 25,000: a
// balance adjustment or a withdrawal's approval below it takes effect at once; at or above it, it
// becomes a request (202) that moves no money until a different admin confirms it (a withdrawal is
// then ready to pay, and paid with its TrxID afterwards); the requester never
// confirms their own (403), nor does anyone decide on their own account (decision 013); parallel
// confirmations move the money once; a decline leaves everything as it was; each step is audited
// naming both admins; and the ledger stays clean.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, emailOutbox, ledgerEntries, profiles, secondApprovals, transactions } from "../../../src/server/db/schema.ts";
import { parseBdt } from "../../../src/shared/money.ts";
import type { SecondApprovalDto } from "../../../src/shared/second-approval-schemas.ts";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { auditCount, balanceOf, creditOf, expectLedgerIntact, fund, tronAddress } from "../../support/wallet/money.ts";

/** The customer's decision e-mails; security alerts (decision 039: a withdrawal to a new number) are not decisions. */
const decisionMailOf = (userId: string) => and(eq(emailOutbox.userId, userId), eq(emailOutbox.category, "decision"));

let t: TestApp;
/** The admin who asks. */
let maker: EnrolledAdmin;
/** The second admin, who confirms. */
let checker: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  maker = await signUpAdmin(t);
  checker = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const unknownId = "00000000-0000-4000-8000-000000000000";

function expectError(response: TestResponse, status: number, error: { code: string; message?: string }): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toMatchObject(error);
}

const adjust = (admin: SignedUpUser, userId: string, body: unknown) =>
  admin.browser.post(`/api/admin/users/${userId}/balance-adjustments`, body);
const confirm = (admin: SignedUpUser, id: string) => admin.browser.post(`/api/admin/second-approvals/${id}/confirm`);
const decline = (admin: SignedUpUser, id: string, body?: unknown) => admin.browser.post(`/api/admin/second-approvals/${id}/decline`, body);

async function ledgerCount(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return row?.n ?? 0;
}

function requested(response: TestResponse): SecondApprovalDto {
  expect(response.statusCode, response.body).toBe(202);
  return response.json<SecondApprovalDto>();
}

async function pendingWithdrawal(user: SignedUpUser, amount: string): Promise<TransactionDto> {
  await fund(t, { userId: user.userId, amount: "60000", adminId: checker.userId });
  const response = await user.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

describe("balance adjustments", () => {
  test("below the threshold (24,999.99) it completes at once: 201, as before", async () => {
    const user = await t.signUp();
    const response = await adjust(maker, user.userId, { direction: "add", amount: "24999.99" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TransactionDto>()).toMatchObject({ status: "completed", amount: "24999.99" });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("24999.99"));
  });

  test("at the threshold (25,000) it waits: 202 with the request, and no money moves until a second admin confirms", async () => {
    const user = await t.signUp();
    await t.db.update(profiles).set({ fullName: "Karim Ahmed" }).where(eq(profiles.id, user.userId));
    const request = requested(await adjust(maker, user.userId, { direction: "add", amount: "25000", note: " Refund of fees " }));
    expect(request).toEqual({
      id: expect.any(String) as string,
      kind: "balance_adjustment",
      status: "awaiting",
      userId: user.userId,
      username: user.username,
      fullName: "Karim Ahmed",
      amount: "25000.00",
      direction: "add",
      note: "Refund of fees",
      transactionId: null,
      method: null,
      walletNumber: null,
      payoutReference: null,
      requestedBy: { id: maker.userId, username: maker.username },
      requestedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
      decidedBy: null,
      decidedAt: null,
      declineReason: null,
      resultTransactionId: null,
    });
    expect(await balanceOf(t, user.userId)).toBe(0n);
    expect(await ledgerCount(user.userId)).toBe(0);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, user.userId))).toEqual([]);
    expect(await auditCount(t, "second_approval.requested", user.userId)).toBe(1);

    // In the queue and the dashboard.
    const queue = await checker.browser.get("/api/admin/second-approvals");
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json<{ items: SecondApprovalDto[] }>().items.map((item) => item.id)).toContain(request.id);
    const stats = await checker.browser.get("/api/admin/stats");
    expect(stats.json<{ awaitingSecondApproval: number }>().awaitingSecondApproval).toBeGreaterThanOrEqual(1);

    // The requester cannot confirm it.
    expectError(await confirm(maker, request.id), 403, { code: "FORBIDDEN", message: "You cannot confirm your own request." });
    expect(await balanceOf(t, user.userId)).toBe(0n);

    // A second admin does: the money moves, once, with both admins in the audit log.
    const confirmed = await confirm(checker, request.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = confirmed.json<{ secondApproval: SecondApprovalDto; transaction: TransactionDto }>();
    expect(body.transaction).toMatchObject({ status: "completed", type: "deposit", amount: "25000.00", userId: user.userId });
    expect(body.secondApproval).toMatchObject({
      status: "confirmed",
      decidedBy: { id: checker.userId, username: checker.username },
      resultTransactionId: body.transaction.id,
    });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("25000"));
    expect(await ledgerCount(user.userId)).toBe(1);
    const [adjusted] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "balance.adjusted"), eq(auditLog.targetId, user.userId)));
    expect(adjusted).toMatchObject({ actorId: checker.userId });
    expect(adjusted?.details).toMatchObject({ requestedBy: maker.userId, confirmedBy: checker.userId, transactionId: body.transaction.id });
    const [confirmedEntry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "second_approval.confirmed"), eq(auditLog.targetId, user.userId)));
    expect(confirmedEntry?.details).toMatchObject({
      secondApprovalId: request.id,
      requestedBy: maker.userId,
      requestedByEmail: maker.email,
      confirmedBy: checker.userId,
      confirmedByEmail: checker.email,
    });

    // Decided: a second confirmation or a decline is a 409; no more money moves.
    expectError(await confirm(checker, request.id), 409, { code: "ALREADY_PROCESSED" });
    expectError(await decline(maker, request.id), 409, { code: "ALREADY_PROCESSED" });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("25000"));
    // Adjustments send no e-mail.
    expect(await t.db.select().from(emailOutbox).where(decisionMailOf(user.userId))).toEqual([]);
    await expectLedgerIntact(t);
  });

  test("a subtraction beyond the available balance is refused at the request, and again at the confirmation", async () => {
    const user = await t.signUp();
    expectError(await adjust(maker, user.userId, { direction: "subtract", amount: "30000" }), 409, { code: "INSUFFICIENT_BALANCE" });
    expect(await t.db.select().from(secondApprovals).where(eq(secondApprovals.userId, user.userId))).toEqual([]);

    await fund(t, { userId: user.userId, amount: "30000", adminId: checker.userId });
    const request = requested(await adjust(maker, user.userId, { direction: "subtract", amount: "30000" }));
    // Meanwhile the customer asks to withdraw: that money is held, the subtraction no longer fits.
    expect(
      (await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "1000" })).statusCode,
    ).toBe(201);
    expectError(await confirm(checker, request.id), 409, { code: "INSUFFICIENT_BALANCE" });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("30000"));
    const [row] = await t.db.select().from(secondApprovals).where(eq(secondApprovals.id, request.id));
    expect(row).toMatchObject({ status: "awaiting", decidedBy: null });
    await expectLedgerIntact(t);
  });

  test("20 parallel confirmations by other admins: exactly one 200, the money moves once", async () => {
    const user = await t.signUp();
    const request = requested(await adjust(maker, user.userId, { direction: "add", amount: "40000" }));
    const responses = await Promise.all(Array.from({ length: 20 }, () => confirm(checker, request.id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const response of responses.filter((r) => r.statusCode !== 200)) expectError(response, 409, { code: "ALREADY_PROCESSED" });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("40000"));
    expect(await ledgerCount(user.userId)).toBe(1);
    expect(await auditCount(t, "second_approval.confirmed", user.userId)).toBe(1);
    await expectLedgerIntact(t);
  });

  test("decline: by the checker with a reason, or withdrawn by the maker; no money moves, confirm is then 409", async () => {
    const user = await t.signUp();
    const first = requested(await adjust(maker, user.userId, { direction: "add", amount: "25000" }));
    const declined = await decline(checker, first.id, { reason: " Not agreed with finance " });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json<{ secondApproval: SecondApprovalDto }>().secondApproval).toMatchObject({
      status: "declined",
      declineReason: "Not agreed with finance",
      decidedBy: { id: checker.userId },
    });
    expectError(await confirm(checker, first.id), 409, { code: "ALREADY_PROCESSED" });

    const second = requested(await adjust(maker, user.userId, { direction: "add", amount: "26000" }));
    const withdrawn = await decline(maker, second.id);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json<{ secondApproval: SecondApprovalDto }>().secondApproval).toMatchObject({
      status: "declined",
      declineReason: null,
    });
    expect(await balanceOf(t, user.userId)).toBe(0n);
    expect(await ledgerCount(user.userId)).toBe(0);
    expect(await auditCount(t, "second_approval.declined", user.userId)).toBe(2);
    const declinedList = await checker.browser.get("/api/admin/second-approvals?status=declined&pageSize=100");
    expect(declinedList.json<{ items: SecondApprovalDto[] }>().items.map((item) => item.id)).toEqual(
      expect.arrayContaining([first.id, second.id]),
    );
    await expectLedgerIntact(t);
  });

  test("no admin asks for, confirms or declines a request on their own account (decision 013)", async () => {
    // The maker asks for the checker's money: the checker may neither confirm nor decline it.
    const request = requested(await adjust(maker, checker.userId, { direction: "add", amount: "25000" }));
    const ownAccount = { code: "FORBIDDEN", message: "You cannot decide on your own account." };
    expectError(await confirm(checker, request.id), 403, ownAccount);
    expectError(await decline(checker, request.id), 403, ownAccount);
    expectError(await adjust(maker, maker.userId, { direction: "add", amount: "25000" }), 403, ownAccount);
    expect(await balanceOf(t, checker.userId)).toBe(0n);
    // A third admin may.
    const third = await signUpAdmin(t);
    expect((await confirm(third, request.id)).statusCode).toBe(200);
    expect(await balanceOf(t, checker.userId)).toBe(parseBdt("25000"));
    await expectLedgerIntact(t);
  });

  test("bad input → 4xx, never 500, nothing changes", async () => {
    expectError(await confirm(checker, unknownId), 404, { code: "NOT_FOUND", message: "Second approval not found" });
    expectError(await decline(checker, unknownId), 404, { code: "NOT_FOUND" });
    expectError(await confirm(checker, "nope"), 400, { code: "VALIDATION_ERROR", message: "Invalid id" });
    const user = await t.signUp();
    const request = requested(await adjust(maker, user.userId, { direction: "add", amount: "25000" }));
    expectError(await decline(checker, request.id, { reason: "x".repeat(501) }), 400, {
      code: "VALIDATION_ERROR",
      message: "Reason must be at most 500 characters",
    });
    expectError(await decline(checker, request.id, { reason: 5 }), 400, { code: "VALIDATION_ERROR" });
    for (const query of ["status=maybe", "page=0", "pageSize=abc"]) {
      expect((await checker.browser.get(`/api/admin/second-approvals?${query}`)).statusCode).toBe(400);
    }
    const customer = await t.signUp();
    expect((await customer.browser.get("/api/admin/second-approvals")).statusCode).toBe(403);
    expect((await confirm(customer, request.id)).statusCode).toBe(403);
    expect((await t.browser().post(`/api/admin/second-approvals/${request.id}/confirm`)).statusCode).toBe(401);
    const [row] = await t.db.select().from(secondApprovals).where(eq(secondApprovals.id, request.id));
    expect(row?.status).toBe("awaiting");
  });
});

describe("withdrawal approvals", () => {
  test("below the threshold: paid at once, as before", async () => {
    const user = await t.signUp();
    const withdrawal = await pendingWithdrawal(user, "24999");
    const response = await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: "AB12CD34EF" });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TransactionDto>()).toMatchObject({ status: "completed", payoutReference: "AB12CD34EF" });
  });

  test("at or above it: 202 with no TrxID; a second admin confirms before anyone pays (nothing moves then); then paid, with its reference and e-mail", async () => {
    const user = await t.signUp();
    const withdrawal = await pendingWithdrawal(user, "30000");
    const before = {
      balance: await balanceOf(t, user.userId),
      ledger: await ledgerCount(user.userId),
      audit: await auditCount(t, "transaction.approved", withdrawal.id),
    };
    // A TrxID before a second admin confirmed is refused (decision 040): nobody pays first.
    expectError(await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: "9k3lq2pa7x" }), 409, {
      code: "AWAITING_SECOND_APPROVAL",
      message: "A second admin must confirm this withdrawal before anyone pays it.",
    });
    expect(await t.db.select().from(secondApprovals).where(eq(secondApprovals.transactionId, withdrawal.id))).toEqual([]);
    const request = requested(await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`));
    expect(request).toMatchObject({
      kind: "withdrawal_approval",
      status: "awaiting",
      userId: user.userId,
      amount: "30000.00",
      direction: null,
      transactionId: withdrawal.id,
      method: "Nagad",
      walletNumber: "01812345678",
      payoutReference: null,
      requestedBy: { id: maker.userId, username: maker.username },
    });
    const [pending] = await t.db.select().from(transactions).where(eq(transactions.id, withdrawal.id));
    expect(pending).toMatchObject({ status: "pending", payoutReference: null });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("60000"));
    const wallet = (await user.browser.get("/api/wallet")).json<WalletDto>();
    expect(wallet).toMatchObject({ heldBalance: "30000.00", availableBalance: "30000.00" });
    // The customer sees one state from here on: approved, being paid.
    expect(wallet.recentTransactions.find((row) => row.id === withdrawal.id)).toMatchObject({ status: "pending", beingPaid: true });
    expect(await t.db.select().from(emailOutbox).where(decisionMailOf(user.userId))).toEqual([]);

    // While it awaits: another request → 409, and a TrxID from anyone → 409; nothing is paid.
    for (const admin of [maker, checker]) {
      expectError(await admin.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`), 409, {
        code: "ALREADY_PROCESSED",
        message: "This withdrawal is already awaiting a second approval.",
      });
      expectError(await admin.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: "9K3LQ2PA7X" }), 409, {
        code: "AWAITING_SECOND_APPROVAL",
      });
    }
    expectError(await confirm(maker, request.id), 403, { code: "FORBIDDEN", message: "You cannot confirm your own request." });

    // The confirmation moves no money: the withdrawal is ready to pay.
    const confirmed = await confirm(checker, request.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<{ transaction: TransactionDto }>().transaction).toMatchObject({
      id: withdrawal.id,
      status: "pending",
      payoutReference: null,
    });
    expect(await balanceOf(t, user.userId)).toBe(before.balance);
    expect(await ledgerCount(user.userId)).toBe(before.ledger);
    expect(await auditCount(t, "transaction.approved", withdrawal.id)).toBe(before.audit);
    expect(await auditCount(t, "second_approval.confirmed", withdrawal.id)).toBe(1);
    expect(
      (await user.browser.get("/api/transactions")).json<{ items: TransactionDto[] }>().items.find((row) => row.id === withdrawal.id),
    ).toMatchObject({
      beingPaid: true,
    });

    // Now the payer pays and records the TrxID (here the requester; the checker could as well).
    const paid = await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: "9k3lq2pa7x" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<TransactionDto>()).toMatchObject({ id: withdrawal.id, status: "completed", payoutReference: "9K3LQ2PA7X" });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("30000"));
    const [approved] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "transaction.approved"), eq(auditLog.targetId, withdrawal.id)));
    expect(approved).toMatchObject({ actorId: maker.userId });
    expect(approved?.details).toMatchObject({ requestedBy: maker.userId, confirmedBy: checker.userId, payoutReference: "9K3LQ2PA7X" });
    expect(await auditCount(t, "second_approval.requested", withdrawal.id)).toBe(1);
    const [closed] = await t.db.select().from(secondApprovals).where(eq(secondApprovals.id, request.id));
    expect(closed).toMatchObject({ status: "confirmed", decidedBy: checker.userId, resultTransactionId: withdrawal.id });
    const customerRow = (await user.browser.get("/api/wallet"))
      .json<WalletDto>()
      .recentTransactions.find((row) => row.id === withdrawal.id);
    expect(customerRow).toMatchObject({ status: "completed", beingPaid: false, payoutReference: "9K3LQ2PA7X" });
    const mails = await t.db.select().from(emailOutbox).where(decisionMailOf(user.userId));
    expect(mails.map((mail) => [mail.eventKey, mail.template])).toEqual([[`transaction.completed:${withdrawal.id}`, "withdraw.completed"]]);
    await t.outboxSender.deliverDue();
    const mail = await t.readLatestMail(user.email);
    expect(mail.subject).toBe("Your withdrawal of 30,000.00 BDT has been paid");
    expect(mail.raw).toContain("9K3LQ2PA7X");
    await expectLedgerIntact(t);
  });

  test("20 parallel confirmations of a withdrawal: one 200; then 20 parallel payouts: paid once", async () => {
    const user = await t.signUp();
    const withdrawal = await pendingWithdrawal(user, "25000");
    const request = requested(await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`));
    const responses = await Promise.all(Array.from({ length: 20 }, () => confirm(checker, request.id)));
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.statusCode)).toEqual(Array.from({ length: 19 }, () => 409));
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("60000"));
    const payouts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? maker : checker).browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, {
          payoutReference: `PARALLEL${String(i).padStart(4, "0")}`,
        }),
      ),
    );
    expect(payouts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("35000"));
    expect(await auditCount(t, "transaction.approved", withdrawal.id)).toBe(1);
    expect(await t.db.select().from(emailOutbox).where(decisionMailOf(user.userId))).toHaveLength(1);
    await expectLedgerIntact(t);
  });

  test("declined: the withdrawal stays pending and can be asked for again; rejecting it closes an awaiting request", async () => {
    const user = await t.signUp();
    const withdrawal = await pendingWithdrawal(user, "26000");
    const first = requested(await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`));
    expect((await decline(checker, first.id, { reason: "Call the customer first" })).statusCode).toBe(200);
    const [still] = await t.db.select().from(transactions).where(eq(transactions.id, withdrawal.id));
    expect(still?.status).toBe("pending");
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("60000"));

    const second = requested(await checker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`));
    const rejected = await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/reject`, { reason: "Customer asked to cancel" });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [closed] = await t.db.select().from(secondApprovals).where(eq(secondApprovals.id, second.id));
    expect(closed).toMatchObject({ status: "declined", declineReason: "The withdrawal was rejected.", decidedBy: maker.userId });
    expectError(await confirm(maker, second.id), 409, { code: "ALREADY_PROCESSED" });
    expect(await balanceOf(t, user.userId)).toBe(parseBdt("60000"));
    expect((await user.browser.get("/api/wallet")).json<WalletDto>().heldBalance).toBe("0.00");
    await expectLedgerIntact(t);
  });

  test("a confirmation racing a rejection of the same withdrawal: the rejection stands, nothing is paid, never a 500", async () => {
    for (let round = 0; round < 3; round += 1) {
      const user = await t.signUp();
      const withdrawal = await pendingWithdrawal(user, "25000");
      const request = requested(await maker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`));
      const [confirmed, rejected] = await Promise.all([
        confirm(checker, request.id),
        maker.browser.post(`/api/admin/transactions/${withdrawal.id}/reject`, { reason: "Cancelled" }),
      ]);
      // A confirmation pays nothing, so a withdrawal ready to pay can still be rejected: the
      // rejection always wins; the confirmation either came first (200) or found it closed (409).
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect([200, 409]).toContain(confirmed.statusCode);
      const [row] = await t.db.select().from(transactions).where(eq(transactions.id, withdrawal.id));
      expect(row?.status).toBe("rejected");
      expect(await balanceOf(t, user.userId)).toBe(parseBdt("60000"));
      expectError(
        await checker.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: `RACE${round}XXXXX` }),
        409,
        {
          code: "ALREADY_PROCESSED",
        },
      );
    }
    await expectLedgerIntact(t);
  });

  test("a deposit with no chain watcher (no evidence to weigh) is not under four eyes: a 30,000 BDT deposit is credited at once", async () => {
    const user = await t.signUp();
    const deposit = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "240" });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const credit = creditOf(deposit.json<TransactionDto>()); // 240.0001 to 240.01 USDT: just over 30,000 BDT
    expect(credit > parseBdt("30000")).toBe(true);
    const response = await maker.browser.post(`/api/admin/transactions/${deposit.json<TransactionDto>().id}/approve`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(t, user.userId)).toBe(credit);
  });
});

describe("FOUR_EYES_MIN_BDT=0 turns it off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { FOUR_EYES_MIN_BDT: "0" } });
  });
  afterAll(async () => {
    await off.close();
  });

  test("a 1,000,000 BDT adjustment completes at once", async () => {
    const admin = await signUpAdmin(off);
    const user = await off.signUp();
    const response = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, {
      direction: "add",
      amount: "1000000",
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await off.db.select({ n: count() }).from(secondApprovals);
    expect(row?.n).toBe(0);
  });
});
