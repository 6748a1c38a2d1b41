// Money in and out (docs/architecture.md, Money rules): POST /api/deposits and POST /api/withdrawals
// with their validation messages, limits, Idempotency-Key and the withdrawal hold; the admin's
// approve, reject and balance adjustment; and after every flow one ledger entry and one audit row
// per balance change, and no breach of the ledger's invariants.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, ledgerEntries, transactions } from "../../../src/server/db/schema.ts";
import { rejectTransaction } from "../../../src/server/wallet/reject-transaction.ts";
import { createdWithdrawal, createWithdrawal, unconfirmedOwnerChecks } from "../../../src/server/wallet/request-withdrawal.ts";
import { limitsFrom } from "../../../src/server/wallet/limits.ts";
import { messages } from "../../../src/shared/api-error.ts";
import { bdtForUsdt, formatBdt, formatUsdt, parseBdt, parseUsdt } from "../../../src/shared/money.ts";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import {
  auditCount,
  balanceOf,
  checksumBrokenAddress,
  expectLedgerIntact,
  fund,
  ledgerEntryCount,
  tronAddress,
} from "../../support/wallet/money.ts";

let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  // Four eyes off: the daily-limit journeys pay withdrawals of 30,000 BDT with one admin's approval.
  // Approvals at or above FOUR_EYES_MIN_BDT are tests/api/money/four-eyes.test.ts's subject.
  t = await createTestApp({ env: { FOUR_EYES_MIN_BDT: "0" } });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const amountMessage = "Please enter a valid amount greater than 0";
const invalidAmounts: unknown[] = ["0", "0.00", "-1", "1e3", "abc", "1.1234567", "", " ", "1,000", "Infinity", "0x10", 20, null];

async function transactionCount(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId));
  return row?.n ?? 0;
}

async function wallet(user: SignedUpUser): Promise<WalletDto> {
  const response = await user.browser.get("/api/wallet");
  expect(response.statusCode).toBe(200);
  return response.json<WalletDto>();
}

function deposit(user: SignedUpUser, body: unknown, headers: Record<string, string> = {}) {
  return user.browser.post("/api/deposits", body, { headers });
}

function withdraw(user: SignedUpUser, body: unknown, headers: Record<string, string> = {}) {
  return user.browser.post("/api/withdrawals", body, { headers });
}

const bkash = (amount: string) => ({ walletType: "bKash", walletNumber: "01712345678", amount });

/** A customer with `amount` BDT already credited. */
async function fundedCustomer(amount: string): Promise<SignedUpUser> {
  const user = await t.signUp();
  await fund(t, { userId: user.userId, amount, adminId: admin.userId });
  return user;
}

function approve(id: string) {
  return admin.browser.post(`/api/admin/transactions/${id}/approve`);
}

function reject(id: string, reason?: string) {
  return admin.browser.post(`/api/admin/transactions/${id}/reject`, reason === undefined ? undefined : { reason });
}

// ------------------------------------------------------------------ deposits

describe("POST /api/deposits", () => {
  let customer: SignedUpUser;
  beforeAll(async () => {
    customer = await t.signUp();
  });

  test("20 USDT at 125 → 201 with a pending deposit of its exact amount to pay (20.0001 to 20.01) at 125, the rate and the reference; the balance does not move yet", async () => {
    const fromAddress = tronAddress();
    const response = await deposit(customer, { fromAddress, usdtAmount: "20" });
    expect(response.statusCode).toBe(201);
    expect(response.headers["idempotent-replayed"]).toBeUndefined();
    const body = response.json<TransactionDto>();
    // The amount to pay is drawn by the database (decision 038): whatever it is, the rest follows from it.
    const payMicro = parseUsdt(body.payAmount ?? "");
    expect(payMicro > 20_000_000n && payMicro <= 20_010_000n).toBe(true);
    const creditPoisha = bdtForUsdt(payMicro, 12_500n);
    expect(body).toEqual({
      id: expect.any(String) as string,
      userId: customer.userId,
      type: "deposit",
      amount: formatBdt(creditPoisha),
      usdtAmount: "20",
      rate: "125",
      status: "pending",
      reference: `${formatUsdt(payMicro)} USDT from ${fromAddress}`,
      txid: null,
      receivedOnChain: false,
      payAmount: expect.stringMatching(/^20\.\d{6}$/) as string,
      expiresAt: expect.stringMatching(isoDate) as string,
      expired: false,
      payoutReference: null,
      rejectReason: null,
      createdAt: expect.stringMatching(isoDate) as string,
      processedAt: null,
      // What the customer sees beyond the row (decision 040): nothing for this one.
      beingPaid: false,
      receivedUsdt: null,
      chainIssue: null,
    });
    expect(Date.parse(body.expiresAt ?? "") - Date.parse(body.createdAt)).toBe(60 * 60_000);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, body.id));
    expect(row).toMatchObject({
      amountMinor: creditPoisha,
      payMicro,
      usdtMicro: 20_000_000n,
      rate: "125",
      origin: "customer",
      idempotencyKey: null,
      fromAddress,
      txid: null,
      chainTransferId: null,
    });
    expect(await auditCount(t, "transaction.deposit_requested", body.id)).toBe(1);
    expect(await ledgerEntryCount(t, body.id)).toBe(0);
    expect(await wallet(customer)).toMatchObject({ balance: "0.00", availableBalance: "0.00", heldBalance: "0.00" });
  });

  // The database works out the credit in SQL; it must agree with money.ts's exact half-up rounding
  // for any amount to pay, six decimals included.
  test.each([
    ["10", "10"],
    ["10.5", "10.5"],
    ["12.345678", "12.345678"],
    ["10.000004", "10.000004"],
    ["10.000040", "10.00004"],
    [" 20.50 ", "20.5"],
  ])(
    "%j USDT asked: the amount to pay is at most 0.01 above it and credited at 125 exactly, half-up to the poisha",
    async (usdtAmount, shown) => {
      const fromAddress = tronAddress();
      const response = await deposit(customer, { fromAddress, usdtAmount });
      expect(response.statusCode).toBe(201);
      const body = response.json<TransactionDto>();
      const asked = parseUsdt(shown);
      const payMicro = parseUsdt(body.payAmount ?? "");
      expect(payMicro - asked >= 1n && payMicro - asked <= 10_000n).toBe(true);
      expect(body).toMatchObject({
        amount: formatBdt(bdtForUsdt(payMicro, 12_500n)),
        usdtAmount: shown,
        reference: `${formatUsdt(payMicro)} USDT from ${fromAddress}`,
      });
    },
  );

  test("the sending address is optional: none, empty or blank → 201 with no address, and a reference without one", async () => {
    const other = await t.signUp();
    for (const body of [{ usdtAmount: "20" }, { fromAddress: "", usdtAmount: "20" }, { fromAddress: "   ", usdtAmount: "20" }]) {
      const response = await deposit(other, body);
      expect(response.statusCode, response.body).toBe(201);
      const created = response.json<TransactionDto>();
      expect(created.reference).toBe(`${formatUsdt(parseUsdt(created.payAmount ?? ""))} USDT`);
      const [row] = await t.db.select({ fromAddress: transactions.fromAddress }).from(transactions).where(eq(transactions.id, created.id));
      expect(row?.fromAddress).toBeNull();
    }
  });

  test.each([
    [{ fromAddress: 12345, usdtAmount: "20" }, "Enter a valid TRON (TRC-20) address"],
    [{ fromAddress: "not-an-address", usdtAmount: "20" }, "Enter a valid TRON (TRC-20) address"],
    [{ fromAddress: checksumBrokenAddress, usdtAmount: "20" }, "Enter a valid TRON (TRC-20) address"],
    [{ fromAddress: "0x52908400098527886E0F7030069857D2E4169EE7", usdtAmount: "20" }, "Enter a valid TRON (TRC-20) address"],
    [{ fromAddress: `T${"1".repeat(200)}`, usdtAmount: "20" }, "Enter a valid TRON (TRC-20) address"],
  ])("%j → 400 %j on fromAddress, nothing stored", async (body, message) => {
    const before = await transactionCount(customer.userId);
    const response = await deposit(customer, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { fromAddress: message } });
    expect(await transactionCount(customer.userId)).toBe(before);
  });

  test.each(invalidAmounts)("usdtAmount %j → 400 'Please enter a valid amount greater than 0', nothing stored", async (usdtAmount) => {
    const before = await transactionCount(customer.userId);
    const response = await deposit(customer, { fromAddress: tronAddress(), usdtAmount });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message: amountMessage, fields: { usdtAmount: amountMessage } });
    expect(await transactionCount(customer.userId)).toBe(before);
  });

  test("a missing amount gets the same message", async () => {
    const response = await deposit(customer, { fromAddress: tronAddress() });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ usdtAmount: amountMessage });
  });

  test.each(["9.999999", "1", "0.000001"])("below the 10 USDT minimum (%s) → 400 'The minimum deposit is 10 USDT'", async (usdtAmount) => {
    const before = await transactionCount(customer.userId);
    const response = await deposit(customer, { fromAddress: tronAddress(), usdtAmount });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "LIMIT_EXCEEDED",
      message: "The minimum deposit is 10 USDT",
      fields: { usdtAmount: "The minimum deposit is 10 USDT" },
    });
    expect(await transactionCount(customer.userId)).toBe(before);
  });

  test("a body that is not JSON, or not an object, is a 400 and stores nothing", async () => {
    const before = await transactionCount(customer.userId);
    const broken = await customer.browser.post("/api/deposits", undefined, { raw: "{not json", contentType: "application/json" });
    expect(broken.statusCode).toBe(400);
    const array = await deposit(customer, [{ fromAddress: tronAddress(), usdtAmount: "20" }]);
    expect(array.statusCode).toBe(400);
    expect(await transactionCount(customer.userId)).toBe(before);
  });
});

describe("Idempotency-Key on POST /api/deposits", () => {
  let customer: SignedUpUser;
  beforeAll(async () => {
    customer = await t.signUp();
  });

  test("a retry with the same key answers the first row, marked idempotent-replayed, and stores nothing new", async () => {
    const body = { fromAddress: tronAddress(), usdtAmount: "25" };
    const key = "deposit-retry-1";
    const first = await deposit(customer, body, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const before = await transactionCount(customer.userId);

    const retry = await deposit(customer, body, { "idempotency-key": key });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await transactionCount(customer.userId)).toBe(before);
    expect(await auditCount(t, "transaction.deposit_requested", first.json<TransactionDto>().id)).toBe(1);
  });

  test("the same key with different parameters → 409 IDEMPOTENCY_KEY_REUSED, nothing stored", async () => {
    const fromAddress = tronAddress();
    const key = "deposit-reuse-1";
    expect((await deposit(customer, { fromAddress, usdtAmount: "30" }, { "idempotency-key": key })).statusCode).toBe(201);
    const before = await transactionCount(customer.userId);
    for (const body of [
      { fromAddress, usdtAmount: "31" },
      { fromAddress: tronAddress(), usdtAmount: "30" },
    ]) {
      const response = await deposit(customer, body, { "idempotency-key": key });
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: "IDEMPOTENCY_KEY_REUSED", message: messages.idempotencyConflict });
    }
    // A key once used for a deposit cannot create a withdrawal either.
    const user = await fundedCustomer("1000");
    await deposit(user, { fromAddress, usdtAmount: "30" }, { "idempotency-key": "shared-key" });
    const asWithdrawal = await withdraw(user, bkash("500"), { "idempotency-key": "shared-key" });
    expect(asWithdrawal.statusCode).toBe(409);
    expect(errorOf(asWithdrawal).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await transactionCount(customer.userId)).toBe(before);
  });

  test("keys belong to one customer: another customer's same key makes their own row", async () => {
    const other = await t.signUp();
    const body = { fromAddress: tronAddress(), usdtAmount: "40" };
    const mine = await deposit(customer, body, { "idempotency-key": "everyones-favourite-key" });
    const theirs = await deposit(other, body, { "idempotency-key": "everyones-favourite-key" });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers["idempotent-replayed"]).toBeUndefined();
    expect(theirs.json<TransactionDto>().id).not.toBe(mine.json<TransactionDto>().id);
    expect(theirs.json<TransactionDto>().userId).toBe(other.userId);
  });

  test("a key of 255 characters is accepted; 256 characters → 400; an empty key → 400", async () => {
    const body = { fromAddress: tronAddress(), usdtAmount: "11" };
    expect((await deposit(customer, body, { "idempotency-key": "k".repeat(255) })).statusCode).toBe(201);
    const before = await transactionCount(customer.userId);
    for (const key of ["k".repeat(256), ""]) {
      const response = await deposit(customer, body, { "idempotency-key": key });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
    expect(await transactionCount(customer.userId)).toBe(before);
  });
});

// ------------------------------------------------------------------ withdrawals

describe("POST /api/withdrawals", () => {
  test("1500 to bKash → 201 pending with reference 'bKash:01712345678'; the money is held, not gone", async () => {
    const user = await fundedCustomer("10000");
    const response = await withdraw(user, bkash("1500"));
    expect(response.statusCode).toBe(201);
    const body = response.json<TransactionDto>();
    expect(body).toEqual({
      id: expect.any(String) as string,
      userId: user.userId,
      type: "withdraw",
      amount: "1500.00",
      usdtAmount: null,
      rate: null,
      status: "pending",
      reference: "bKash:01712345678",
      txid: null,
      receivedOnChain: false,
      payAmount: null,
      expiresAt: null,
      expired: false,
      payoutReference: null,
      rejectReason: null,
      createdAt: expect.stringMatching(isoDate) as string,
      processedAt: null,
      // What the customer sees beyond the row (decision 040): nothing for this one.
      beingPaid: false,
      receivedUsdt: null,
      chainIssue: null,
    });
    expect(await wallet(user)).toMatchObject({ balance: "10000.00", availableBalance: "8500.00", heldBalance: "1500.00" });
    expect(await balanceOf(t, user.userId)).toBe(1_000_000n);
    expect(await auditCount(t, "transaction.withdrawal_requested", body.id)).toBe(1);
    expect(await ledgerEntryCount(t, body.id)).toBe(0);
    await expectLedgerIntact(t);
  });

  test.each([
    ["Nagad", "01812345678", "Nagad:01812345678"],
    // Stored in the national form however it is typed (decision 023).
    ["Upay", "+8801912345678", "Upay:01912345678"],
    ["bKash", " 01512345678 ", "bKash:01512345678"],
  ])("wallet type %s and number %j → reference %j", async (walletType, walletNumber, reference) => {
    const user = await fundedCustomer("1000");
    const response = await withdraw(user, { walletType, walletNumber, amount: "500.00" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ reference, amount: "500.00" });
  });

  describe("validation", () => {
    let user: SignedUpUser;
    beforeAll(async () => {
      user = await fundedCustomer("100000");
    });

    test.each([
      [{ walletNumber: "01712345678", amount: "500" }, "walletType", "Wallet type is required"],
      [{ walletType: "", walletNumber: "01712345678", amount: "500" }, "walletType", "Wallet type is required"],
      [{ walletType: "PayPal", walletNumber: "01712345678", amount: "500" }, "walletType", "Wallet type is required"],
      [{ walletType: "bkash", walletNumber: "01712345678", amount: "500" }, "walletType", "Wallet type is required"],
      [{ walletType: "bKash", amount: "500" }, "walletNumber", "Wallet number is required"],
      [{ walletType: "bKash", walletNumber: "", amount: "500" }, "walletNumber", "Wallet number is required"],
      [{ walletType: "bKash", walletNumber: "   ", amount: "500" }, "walletNumber", "Wallet number is required"],
      [{ walletType: "bKash", walletNumber: "12345", amount: "500" }, "walletNumber", "Enter a valid Bangladeshi mobile number"],
      [{ walletType: "bKash", walletNumber: "0171234567a", amount: "500" }, "walletNumber", "Enter a valid Bangladeshi mobile number"],
      [{ walletType: "bKash", walletNumber: "0".repeat(21), amount: "500" }, "walletNumber", "Wallet number is too long"],
    ])("%j → 400 on %s: %j, nothing stored", async (body, field, message) => {
      const before = await transactionCount(user.userId);
      const response = await withdraw(user, body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
      expect(await transactionCount(user.userId)).toBe(before);
    });

    test.each([...invalidAmounts, "100.001"])(
      "amount %j → 400 'Please enter a valid amount greater than 0', nothing stored",
      async (amount) => {
        const before = await transactionCount(user.userId);
        const response = await withdraw(user, { walletType: "bKash", walletNumber: "01712345678", amount });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message: amountMessage, fields: { amount: amountMessage } });
        expect(await transactionCount(user.userId)).toBe(before);
      },
    );

    test.each(["499.99", "1", "0.01"])("below the 500 BDT minimum (%s) → 400 'The minimum withdrawal is 500.00 BDT'", async (amount) => {
      const before = await transactionCount(user.userId);
      const response = await withdraw(user, bkash(amount));
      expect(response.statusCode).toBe(400);
      const message = "The minimum withdrawal is 500.00 BDT";
      expect(errorOf(response)).toEqual({ code: "LIMIT_EXCEEDED", message, fields: { amount: message } });
      expect(await transactionCount(user.userId)).toBe(before);
    });
  });

  test("above the available balance → 409 'Insufficient balance'; held money cannot be spent twice", async () => {
    const user = await fundedCustomer("10000");
    const tooMuch = await withdraw(user, bkash("10000.01"));
    expect(tooMuch.statusCode).toBe(409);
    expect(errorOf(tooMuch)).toEqual({
      code: "INSUFFICIENT_BALANCE",
      message: "Insufficient balance",
      fields: { amount: "Insufficient balance" },
    });

    expect((await withdraw(user, bkash("6000"))).statusCode).toBe(201);
    // The balance is still 10,000, but 6,000 of it is promised.
    const again = await withdraw(user, bkash("6000"));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe("Insufficient balance");
    expect((await withdraw(user, bkash("4000"))).statusCode).toBe(201);
    expect((await withdraw(user, bkash("500"))).statusCode).toBe(409);

    expect(await wallet(user)).toMatchObject({ balance: "10000.00", availableBalance: "0.00", heldBalance: "10000.00" });
    expect(await transactionCount(user.userId)).toBe(3); // the funding and the two accepted withdrawals
    await expectLedgerIntact(t);
  });

  test("a customer with nothing cannot withdraw", async () => {
    const user = await t.signUp();
    const response = await withdraw(user, bkash("500"));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("INSUFFICIENT_BALANCE");
    expect(await transactionCount(user.userId)).toBe(0);
  });

  test("Idempotency-Key: a retry answers the first withdrawal and holds the money once; other parameters → 409", async () => {
    const user = await fundedCustomer("2000");
    const first = await withdraw(user, bkash("1500"), { "idempotency-key": "withdraw-once" });
    expect(first.statusCode).toBe(201);
    // The retry is answered although a new withdrawal of 1500 would no longer fit.
    const retry = await withdraw(user, bkash("1500"), { "idempotency-key": "withdraw-once" });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await wallet(user)).toMatchObject({ availableBalance: "500.00", heldBalance: "1500.00" });

    for (const body of [bkash("500"), { walletType: "Nagad", walletNumber: "01712345678", amount: "1500" }]) {
      const reused = await withdraw(user, body, { "idempotency-key": "withdraw-once" });
      expect(reused.statusCode).toBe(409);
      expect(errorOf(reused)).toEqual({ code: "IDEMPOTENCY_KEY_REUSED", message: messages.idempotencyConflict });
    }
    const tooLong = await withdraw(user, bkash("500"), { "idempotency-key": "x".repeat(256) });
    expect(tooLong.statusCode).toBe(400);
    expect(await transactionCount(user.userId)).toBe(2);
  });

  describe("daily limit: 50,000 BDT per Asia/Dhaka day, pending and completed customer withdrawals", () => {
    test("the 50,000th taka is allowed, one more is not; a rejected withdrawal frees its share; admin adjustments do not count", async () => {
      const user = await fundedCustomer("200000");
      const first = await withdraw(user, bkash("30000"));
      expect(first.statusCode).toBe(201);
      const second = await withdraw(user, bkash("20000"));
      expect(second.statusCode).toBe(201);
      const over = await withdraw(user, bkash("500"));
      expect(over.statusCode).toBe(409);
      const message = "This exceeds the daily withdrawal limit of 50,000.00 BDT. You can withdraw up to 0.00 BDT more today.";
      expect(errorOf(over)).toEqual({ code: "LIMIT_EXCEEDED", message, fields: { amount: message } });

      // Paid out still counts.
      expect((await approve(first.json<TransactionDto>().id)).statusCode).toBe(200);
      expect((await withdraw(user, bkash("500"))).statusCode).toBe(409);

      // Rejected does not.
      expect((await reject(second.json<TransactionDto>().id)).statusCode).toBe(200);
      const partly = await withdraw(user, bkash("20000.01"));
      expect(partly.statusCode).toBe(409);
      expect(errorOf(partly).message).toBe(
        "This exceeds the daily withdrawal limit of 50,000.00 BDT. You can withdraw up to 20,000.00 BDT more today.",
      );
      expect((await withdraw(user, bkash("20000"))).statusCode).toBe(201);

      // An admin's subtraction is not the customer's withdrawal.
      const subtract = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, {
        direction: "subtract",
        amount: "1000",
      });
      expect(subtract.statusCode).toBe(201);
      expect((await withdraw(user, bkash("500"))).statusCode).toBe(409);
      await expectLedgerIntact(t);
    });

    test("the day starts at midnight in Dhaka (18:00 UTC the day before), not at midnight UTC", async () => {
      const user = await fundedCustomer("100000");
      const lateOnThe9th = await withdraw(user, bkash("45000"));
      const earlyOnThe10th = await withdraw(user, bkash("5000"));
      // Move them in time: 23:59 on 9 March and 00:01 on 10 March 2025 in Dhaka (UTC+6, no daylight saving).
      await t.db
        .update(transactions)
        .set({ createdAt: new Date("2025-03-09T17:59:00Z") })
        .where(eq(transactions.id, lateOnThe9th.json<TransactionDto>().id));
      await t.db
        .update(transactions)
        .set({ createdAt: new Date("2025-03-09T18:01:00Z") })
        .where(eq(transactions.id, earlyOnThe10th.json<TransactionDto>().id));
      const limits = limitsFrom(t.config);
      const withdrawAt = async (now: string, amount: string) =>
        createdWithdrawal(
          await createWithdrawal(t.db, {
            userId: user.userId,
            walletType: "bKash",
            walletNumber: "01712345678",
            amountPoisha: parseBdt(amount),
            idempotencyKey: null,
            limits,
            ownerChecks: unconfirmedOwnerChecks(limits.withdrawalDailyMaxPoisha),
            now: new Date(now),
          }),
        );

      // 11:00 on 10 March in Dhaka (05:00 UTC): the 5,000 of 00:01 counts, the 45,000 of the evening before
      // does not. (Counted by the UTC day, neither would, and 45,000.01 would pass.)
      await expect(withdrawAt("2025-03-10T05:00:00Z", "45000.01")).rejects.toMatchObject({
        status: 409,
        code: "LIMIT_EXCEEDED",
        message: "This exceeds the daily withdrawal limit of 50,000.00 BDT. You can withdraw up to 45,000.00 BDT more today.",
      });
      const fits = await withdrawAt("2025-03-10T05:00:00Z", "45000");
      expect(fits.transaction.amountMinor).toBe(4_500_000n);
      await rejectTransaction(t.db, { id: fits.transaction.id, adminId: admin.userId, reason: null });

      // 00:30 on 11 March in Dhaka (18:30 UTC on the 10th): a new day, nothing counts.
      const nextDay = await withdrawAt("2025-03-10T18:30:00Z", "50000");
      expect(nextDay.transaction.status).toBe("pending");
      await expectLedgerIntact(t);
    });
  });
});

// ------------------------------------------------------------------ admins' decisions

describe("approve and reject (POST /api/admin/transactions/:id/approve|reject)", () => {
  test("approving a deposit credits it once, with one ledger entry and one audit row; approving again → 409", async () => {
    const user = await t.signUp();
    const created = (await deposit(user, { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
    // Credited at its exact amount to pay (20.0001 to 20.01 USDT at 125: 2,500.01 to 2,501.25 BDT).
    const credit = bdtForUsdt(parseUsdt(created.payAmount ?? ""), 12_500n);
    expect(credit >= 250_001n && credit <= 250_125n).toBe(true);

    const approved = await approve(created.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({
      id: created.id,
      status: "completed",
      amount: formatBdt(credit),
      processedAt: expect.stringMatching(isoDate) as string,
    });
    expect(await wallet(user)).toMatchObject({ balance: formatBdt(credit), availableBalance: formatBdt(credit) });
    expect(await ledgerEntryCount(t, created.id)).toBe(1);
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, created.id));
    expect(entry).toMatchObject({ userId: user.userId, deltaMinor: credit, balanceAfterMinor: credit });
    expect(await auditCount(t, "transaction.approved", created.id)).toBe(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "transaction.approved"), eq(auditLog.targetId, created.id)));
    expect(audit).toMatchObject({ actorId: admin.userId, targetType: "transaction" });

    const twice = await approve(created.id);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toEqual({ code: "ALREADY_PROCESSED", message: "This transaction is already processed." });
    const rejectCompleted = await reject(created.id);
    expect(rejectCompleted.statusCode).toBe(409);
    expect(errorOf(rejectCompleted).message).toBe("This transaction is already processed.");

    expect(await balanceOf(t, user.userId)).toBe(credit);
    expect(await ledgerEntryCount(t, created.id)).toBe(1);
    expect(await auditCount(t, "transaction.approved", created.id)).toBe(1);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, created.id));
    expect(row).toMatchObject({ status: "completed", processedBy: admin.userId });
    await expectLedgerIntact(t);
  });

  test("rejecting a deposit moves no money; approving or rejecting it afterwards → 409", async () => {
    const user = await t.signUp();
    const created = (await deposit(user, { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
    const rejected = await reject(created.id, "  No USDT arrived from this address  ");
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ id: created.id, status: "rejected", processedAt: expect.stringMatching(isoDate) as string });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, created.id));
    expect(row).toMatchObject({ status: "rejected", rejectReason: "No USDT arrived from this address", processedBy: admin.userId });
    expect(await auditCount(t, "transaction.rejected", created.id)).toBe(1);

    for (const again of [approve(created.id), reject(created.id)]) {
      const response = await again;
      expect(response.statusCode).toBe(409);
      expect(errorOf(response)).toEqual({ code: "ALREADY_PROCESSED", message: "This transaction is already processed." });
    }
    expect(await wallet(user)).toMatchObject({ balance: "0.00", availableBalance: "0.00", heldBalance: "0.00" });
    expect(await ledgerEntryCount(t, created.id)).toBe(0);
    await expectLedgerIntact(t);
  });

  test("approving a withdrawal debits the balance and releases the hold; rejecting one restores the available balance", async () => {
    const user = await fundedCustomer("5000");
    const paid = (await withdraw(user, bkash("1200"))).json<TransactionDto>();
    const refused = (await withdraw(user, { walletType: "Upay", walletNumber: "01912345678", amount: "800.25" })).json<TransactionDto>();
    expect(await wallet(user)).toMatchObject({ balance: "5000.00", availableBalance: "2999.75", heldBalance: "2000.25" });

    const approved = await approve(paid.id);
    expect(approved.statusCode).toBe(200);
    expect(await wallet(user)).toMatchObject({ balance: "3800.00", availableBalance: "2999.75", heldBalance: "800.25" });
    const [entry] = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, paid.id));
    expect(entry).toMatchObject({ deltaMinor: -120000n, balanceAfterMinor: 380000n });
    expect(await auditCount(t, "transaction.approved", paid.id)).toBe(1);

    const rejected = await reject(refused.id);
    expect(rejected.statusCode).toBe(200);
    expect(await wallet(user)).toMatchObject({ balance: "3800.00", availableBalance: "3800.00", heldBalance: "0.00" });
    expect(await ledgerEntryCount(t, refused.id)).toBe(0);
    // The restored money can be withdrawn again.
    expect((await withdraw(user, bkash("3800"))).statusCode).toBe(201);
    await expectLedgerIntact(t);
  });

  test("the reason is optional: no body at all, {} and an empty reason each reject, storing no reason", async () => {
    const user = await t.signUp();
    const bodies: { raw?: string; json?: unknown }[] = [{}, { json: {} }, { json: { reason: "   " } }];
    for (const body of bodies) {
      const created = (await deposit(user, { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
      const response = await admin.browser.request("POST", `/api/admin/transactions/${created.id}/reject`, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: "rejected" });
      const [row] = await t.db
        .select({ rejectReason: transactions.rejectReason })
        .from(transactions)
        .where(eq(transactions.id, created.id));
      expect(row?.rejectReason).toBeNull();
    }
  });

  test("an unknown transaction → 404 'Transaction not found'; a malformed id → 400", async () => {
    const unknown = await approve("00000000-0000-4000-8000-000000000000");
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toEqual({ code: "NOT_FOUND", message: "Transaction not found" });
    expect((await reject("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await approve("not-a-uuid")).statusCode).toBe(400);
  });

  test("a reason longer than 500 characters → 400, and the transaction stays pending", async () => {
    const user = await t.signUp();
    const created = (await deposit(user, { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
    const response = await reject(created.id, "x".repeat(501));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("Reason must be at most 500 characters");
    const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, created.id));
    expect(row?.status).toBe("pending");
  });

  test("customers cannot decide: their own deposit → 403 'Access denied. Admin privileges required.'; anonymous → 401", async () => {
    const user = await t.signUp();
    const created = (await deposit(user, { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
    for (const path of [`/api/admin/transactions/${created.id}/approve`, `/api/admin/transactions/${created.id}/reject`]) {
      const asCustomer = await user.browser.post(path);
      expect(asCustomer.statusCode).toBe(403);
      expect(errorOf(asCustomer)).toEqual({ code: "FORBIDDEN", message: "Access denied. Admin privileges required." });
      expect((await t.browser().post(path)).statusCode).toBe(401);
    }
    const adjust = await user.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, { direction: "add", amount: "1000" });
    expect(adjust.statusCode).toBe(403);
    expect(await balanceOf(t, user.userId)).toBe(0n);
    const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, created.id));
    expect(row?.status).toBe("pending");
  });
});

describe("balance adjustments (POST /api/admin/users/:id/balance-adjustments)", () => {
  test("add and subtract are completed at once, each with a ledger entry and an audit row", async () => {
    const user = await t.signUp();
    const add = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, {
      direction: "add",
      amount: "1000.50",
      note: "Goodwill",
    });
    expect(add.statusCode).toBe(201);
    const added = add.json<TransactionDto>();
    expect(added).toMatchObject({
      type: "deposit",
      amount: "1000.50",
      status: "completed",
      reference: "Manual add by admin",
      userId: user.userId,
    });

    const subtract = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, {
      direction: "subtract",
      amount: "0.50",
    });
    expect(subtract.statusCode).toBe(201);
    const subtracted = subtract.json<TransactionDto>();
    expect(subtracted).toMatchObject({ type: "withdraw", amount: "0.50", status: "completed", reference: "Manual subtract by admin" });

    expect(await wallet(user)).toMatchObject({ balance: "1000.00", availableBalance: "1000.00" });
    for (const id of [added.id, subtracted.id]) expect(await ledgerEntryCount(t, id)).toBe(1);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "balance.adjusted"), eq(auditLog.targetId, user.userId)));
    expect(audits.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          direction: "add",
          amount: "1000.50",
          note: "Goodwill",
          transactionId: added.id,
          balanceAfter: "1000.50",
        }),
        expect.objectContaining({ direction: "subtract", amount: "0.50", transactionId: subtracted.id, balanceAfter: "1000.00" }),
      ]),
    );
    expect(audits).toHaveLength(2);
    await expectLedgerIntact(t);
  });

  test("subtracting more than is available (money held for a withdrawal stays held) → 409 'Insufficient balance', nothing changes", async () => {
    const user = await fundedCustomer("3000");
    expect((await withdraw(user, bkash("2000"))).statusCode).toBe(201);
    const before = await transactionCount(user.userId);
    const response = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, {
      direction: "subtract",
      amount: "1000.01",
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: "INSUFFICIENT_BALANCE",
      message: "Insufficient balance",
      fields: { amount: "Insufficient balance" },
    });
    expect(await transactionCount(user.userId)).toBe(before);
    expect(await wallet(user)).toMatchObject({ balance: "3000.00", availableBalance: "1000.00", heldBalance: "2000.00" });
    // Exactly the available amount is fine.
    const all = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, { direction: "subtract", amount: "1000" });
    expect(all.statusCode).toBe(201);
    expect(await wallet(user)).toMatchObject({ balance: "2000.00", availableBalance: "0.00", heldBalance: "2000.00" });
    await expectLedgerIntact(t);
  });

  test.each([
    [{ direction: "add", amount: "0" }, "amount", "Please enter a valid amount"],
    [{ direction: "add", amount: "abc" }, "amount", "Please enter a valid amount"],
    [{ direction: "add", amount: "" }, "amount", "Please enter a valid amount"],
    [{ direction: "add" }, "amount", "Please enter a valid amount"],
    [{ direction: "multiply", amount: "10" }, "direction", "Choose add or subtract"],
  ])("%j → 400 %s: %j", async (body, field, message) => {
    const user = await t.signUp();
    const response = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect(await transactionCount(user.userId)).toBe(0);
  });

  test("an unknown user → 404", async () => {
    const response = await admin.browser.post("/api/admin/users/00000000-0000-4000-8000-000000000000/balance-adjustments", {
      direction: "add",
      amount: "10",
    });
    expect(response.statusCode).toBe(404);
    await expectLedgerIntact(t);
  });
});
