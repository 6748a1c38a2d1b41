// Amounts typed in Bengali digits (a Bangla phone keyboard gives ৫০০): the server reads them as the
// same exact amount as Latin digits, and answers in the wire form ("500.00"). What the Latin form
// refuses, the Bengali form refuses too, and changes nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { transactions } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { balanceOf, creditOf, expectLedgerIntact, fund, tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

async function transactionCount(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId));
  return row?.n ?? 0;
}

describe("amounts in Bengali digits", () => {
  test("a withdrawal of ৫০০ BDT and a deposit of ২০.৫ USDT are 500.00 BDT and 20.5 USDT", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "1000", adminId: admin.userId });
    const withdrawal = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "৫০০" });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    expect(withdrawal.json<TransactionDto>()).toMatchObject({ type: "withdraw", amount: "500.00", status: "pending" });

    const deposit = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "২০.৫" });
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json<TransactionDto>()).toMatchObject({ type: "deposit", usdtAmount: "20.5" });
    // Credited at its exact amount to pay, 20.5001 to 20.51 USDT (decision 038).
    const credit = creditOf(deposit.json<TransactionDto>());
    expect(credit > 256_250n && credit <= 256_375n).toBe(true);

    const adjusted = await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, { direction: "add", amount: "১০.২৫" });
    expect(adjusted.statusCode, adjusted.body).toBeLessThan(300);
    expect(await balanceOf(t, user.userId)).toBe(100000n + 1025n);
    await expectLedgerIntact(t);
  });

  test("what Latin digits refuse, Bengali ones refuse too: 400, nothing written", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "1000", adminId: admin.userId });
    const before = await transactionCount(user.userId);
    for (const amount of ["-৫০০", "৫০০.১২৩", "৫ ০০", "০", "৳৫০০"]) {
      const response = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount });
      expect(response.statusCode, `${amount}: ${response.body}`).toBe(400);
    }
    expect(await transactionCount(user.userId)).toBe(before);
  });
});

describe("mobile numbers in Bengali digits", () => {
  test("a withdrawal to ০১৭১২-৩৪৫৬৭৮ and a SIM ০১৮১২৩৪৫৬৭৮ are stored as 01712345678 and 01812345678", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "1000", adminId: admin.userId });
    const withdrawal = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "০১৭১২-৩৪৫৬৭৮", amount: "৫০০" });
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const [row] = await t.db.select({ reference: transactions.reference }).from(transactions).where(eq(transactions.userId, user.userId));
    expect(row?.reference).toContain("01712345678");

    const sim = await user.browser.post("/api/sims", { phoneNumber: "০১৮১২৩৪৫৬৭৮", walletType: "Personal" });
    expect(sim.statusCode, sim.body).toBe(201);
    expect(sim.json<{ phoneNumber: string }>().phoneNumber).toBe("01812345678");
  });
});
