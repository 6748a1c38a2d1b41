// Races (docs/architecture.md, Money rules and Testing): many requests at once through several real connections must never
// overdraw a wallet, create a row twice for one Idempotency-Key, or post one transaction twice.
// After every race the ledger's invariants hold (what `npm run ledger:check` checks).
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { ledgerEntries, transactions } from "../../../src/server/db/schema.ts";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { auditCount, balanceOf, creditOf, expectLedgerIntact, fund, ledgerEntryCount, tronAddress } from "../../support/wallet/money.ts";

const kind = inject("dbKind");

// Real PostgreSQL only. PGlite is a single in-process backend that runs one statement at a time, so
// "parallel" requests reach it one after another: a race there would pass whatever the locking, and
// prove nothing. Here the app's pool has 10 connections and the requests really overlap.
describe.skipIf(kind === "pglite")("races on a real PostgreSQL", () => {
  let t: TestApp;
  let admin: EnrolledAdmin;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const statuses = (responses: TestResponse[]) => responses.map((r) => r.statusCode).sort((a, b) => a - b);

  async function fundedCustomer(amount: string): Promise<SignedUpUser> {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount, adminId: admin.userId });
    return user;
  }

  async function pendingWithdrawalCount(userId: string): Promise<number> {
    const [row] = await t.db
      .select({ n: count() })
      .from(transactions)
      .where(and(eq(transactions.userId, userId), eq(transactions.type, "withdraw"), eq(transactions.status, "pending")));
    return row?.n ?? 0;
  }

  test("30 parallel withdrawals of 500 from 5,250: exactly 10 succeed, 20 get 'Insufficient balance', available never < 0", async () => {
    const user = await fundedCustomer("5250");
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "500" }),
      ),
    );
    expect(statuses(responses)).toEqual([...Array<number>(10).fill(201), ...Array<number>(20).fill(409)]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(refused)).toMatchObject({ code: "INSUFFICIENT_BALANCE", message: "Insufficient balance" });
    }
    expect(await pendingWithdrawalCount(user.userId)).toBe(10);
    expect((await user.browser.get("/api/wallet")).json<WalletDto>()).toMatchObject({
      balance: "5250.00",
      heldBalance: "5000.00",
      availableBalance: "250.00",
    });

    // Paying them all out at once takes exactly the held money.
    const approvals = await Promise.all(
      responses
        .filter((r) => r.statusCode === 201)
        .map((r) => admin.browser.post(`/api/admin/transactions/${r.json<TransactionDto>().id}/approve`)),
    );
    expect(statuses(approvals)).toEqual(Array<number>(10).fill(200));
    expect(await balanceOf(t, user.userId)).toBe(25_000n);
    await expectLedgerIntact(t);
  });

  test("withdrawals racing an admin's subtractions never overdraw either: 5,000 covers exactly ten 500s in all", async () => {
    const user = await fundedCustomer("5000");
    const requests = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0
        ? user.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "500" })
        : admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, { direction: "subtract", amount: "500" }),
    );
    const responses = await Promise.all(requests);
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(14);
    const subtracted = responses.filter((r, i) => i % 2 === 1 && r.statusCode === 201).length;
    expect(await balanceOf(t, user.userId)).toBe(500_000n - BigInt(subtracted) * 50_000n);
    expect((await user.browser.get("/api/wallet")).json<WalletDto>().availableBalance).toBe("0.00");
    await expectLedgerIntact(t);
  });

  test("20 parallel deposits with one Idempotency-Key: one row, and all twenty get the same answer", async () => {
    const user = await t.signUp();
    const body = { fromAddress: tronAddress(), usdtAmount: "20" };
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => user.browser.post("/api/deposits", body, { headers: { "idempotency-key": "one-deposit-please" } })),
    );
    expect(statuses(responses)).toEqual(Array<number>(20).fill(201));
    const first = responses[0]!.json<TransactionDto>();
    for (const response of responses) expect(response.json()).toEqual(first);
    expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(19);
    const [row] = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, user.userId));
    expect(row?.n).toBe(1);
    expect(await auditCount(t, "transaction.deposit_requested", first.id)).toBe(1);
    await expectLedgerIntact(t);
  });

  test("20 parallel withdrawals with one Idempotency-Key: one row, one hold, the same answer", async () => {
    const user = await fundedCustomer("1000");
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        user.browser.post(
          "/api/withdrawals",
          { walletType: "Upay", walletNumber: "01912345678", amount: "600" },
          { headers: { "idempotency-key": "pay-me-once" } },
        ),
      ),
    );
    expect(statuses(responses)).toEqual(Array<number>(20).fill(201));
    const first = responses[0]!.json<TransactionDto>();
    for (const response of responses) expect(response.json()).toEqual(first);
    expect(await pendingWithdrawalCount(user.userId)).toBe(1);
    expect((await user.browser.get("/api/wallet")).json<WalletDto>()).toMatchObject({ heldBalance: "600.00", availableBalance: "400.00" });
    await expectLedgerIntact(t);
  });

  test("50 parallel approvals of one deposit: one 200, 49 'This transaction is already processed.', credited once", async () => {
    const user = await t.signUp();
    const deposit = (await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`)),
    );
    expect(statuses(responses)).toEqual([200, ...Array<number>(49).fill(409)]);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(refused)).toEqual({ code: "ALREADY_PROCESSED", message: "This transaction is already processed." });
    }
    expect(await balanceOf(t, user.userId)).toBe(creditOf(deposit));
    expect(await ledgerEntryCount(t, deposit.id)).toBe(1);
    expect(await auditCount(t, "transaction.approved", deposit.id)).toBe(1);
    await expectLedgerIntact(t);
  });

  test("approvals and rejections of one withdrawal racing: exactly one decision wins, and the money matches it", async () => {
    const user = await fundedCustomer("2000");
    const withdrawal = (
      await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "1500" })
    ).json<TransactionDto>();
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        admin.browser.post(`/api/admin/transactions/${withdrawal.id}/${i % 2 === 0 ? "approve" : "reject"}`),
      ),
    );
    const winners = responses.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(29);
    const outcome = winners[0]!.json<TransactionDto>().status;
    const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, withdrawal.id));
    expect(row?.status).toBe(outcome);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, withdrawal.id));
    if (outcome === "completed") {
      expect(entries).toHaveLength(1);
      expect(await balanceOf(t, user.userId)).toBe(50_000n);
    } else {
      expect(entries).toHaveLength(0);
      expect(await balanceOf(t, user.userId)).toBe(200_000n);
    }
    expect((await user.browser.get("/api/wallet")).json<WalletDto>().heldBalance).toBe("0.00");
    await expectLedgerIntact(t);
  });
});
