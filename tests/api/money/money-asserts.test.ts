// The money paths assert what only a bug could break (node:assert in the use cases of src/server/wallet/, e.g. transaction-dto.ts and money-function.ts),
// and a failed assertion is a 500 in our error shape with an "unhandled error" log line, and rolls
// the whole money transaction back. The bug is arranged in the database: a trigger that skews every
// balance update by one poisha, so that the balance after is no longer the balance before + delta.
import { Writable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { transactions } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { auditCount, balanceOf, creditOf, expectLedgerIntact, fund, ledgerEntryCount, tronAddress } from "../../support/wallet/money.ts";

const logLines: string[] = [];
let t: TestApp;
let admin: EnrolledAdmin;
let customer: SignedUpUser;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ logger: { level: "error", stream } });
  admin = await signUpAdmin(t);
  customer = await t.signUp();
  await fund(t, { userId: customer.userId, amount: "1000", adminId: admin.userId });
});
afterAll(async () => {
  await t.close();
});

const internal = { code: "INTERNAL", message: "Something went wrong on our side. Please try again." };

/** Runs `act` while every UPDATE of a balance adds one poisha more than it was asked to. */
async function whileBalancesSkew<T>(act: () => Promise<T>): Promise<T> {
  await t.db.execute(
    sql.raw(`create function test_skew_balance() returns trigger language plpgsql as $$
      begin new.balance_minor := new.balance_minor + 1; return new; end $$`),
  );
  await t.db.execute(
    sql.raw(`create trigger test_skew_balance before update of balance_minor on profiles
      for each row execute function test_skew_balance()`),
  );
  try {
    return await act();
  } finally {
    await t.db.execute(sql.raw("drop trigger test_skew_balance on profiles"));
    await t.db.execute(sql.raw("drop function test_skew_balance()"));
  }
}

/** The log lines written since `from`, parsed. */
function logSince(from: number): { msg?: string; err?: { type?: string; message?: string } }[] {
  return logLines.slice(from).map((line) => JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } });
}

/** Exactly one "unhandled error" line since `from`: the failed assertion, with its message. */
function expectOneAssertionLogged(from: number, message: string): void {
  const unhandled = logSince(from).filter((line) => line.msg === "unhandled error");
  expect(unhandled).toHaveLength(1);
  expect(unhandled[0]?.err?.type).toBe("AssertionError");
  expect(unhandled[0]?.err?.message).toContain(message);
}

describe("balance after = balance before + delta", () => {
  test("an approval whose balance update comes out wrong → 500 INTERNAL, logged, and nothing of it is written", async () => {
    const deposit = (await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" })).json<TransactionDto>();
    const balanceBefore = await balanceOf(t, customer.userId);
    const logFrom = logLines.length;

    const response = await whileBalancesSkew(() => admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`));
    expect(response.statusCode, response.body).toBe(500);
    // A 5xx carries the request's id, to find its log lines (decision 045).
    expect(errorOf(response)).toEqual({ ...internal, requestId: response.headers["x-request-id"] });
    expectOneAssertionLogged(logFrom, "balance after = balance before + delta");

    // The status change, the balance, the ledger entry and the audit entry went back together.
    const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, deposit.id));
    expect(row?.status).toBe("pending");
    expect(await balanceOf(t, customer.userId)).toBe(balanceBefore);
    expect(await ledgerEntryCount(t, deposit.id)).toBe(0);
    expect(await auditCount(t, "transaction.approved", deposit.id)).toBe(0);
    await expectLedgerIntact(t);

    // Without the bug, the same approval goes through.
    expect((await admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`)).statusCode).toBe(200);
    expect(await balanceOf(t, customer.userId)).toBe(balanceBefore + creditOf(deposit));
    await expectLedgerIntact(t);
  });

  test("a balance adjustment likewise: 500 INTERNAL, and no transaction, ledger or audit entry is left", async () => {
    const balanceBefore = await balanceOf(t, customer.userId);
    const adjustments = () =>
      t.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.userId, customer.userId), eq(transactions.origin, "admin_adjustment")));
    const adjustmentsBefore = await adjustments();
    const logFrom = logLines.length;

    const response = await whileBalancesSkew(() =>
      admin.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, { direction: "add", amount: "10", note: "asserted" }),
    );
    expect(response.statusCode, response.body).toBe(500);
    // A 5xx carries the request's id, to find its log lines (decision 045).
    expect(errorOf(response)).toEqual({ ...internal, requestId: response.headers["x-request-id"] });
    expectOneAssertionLogged(logFrom, "balance after = balance before + delta");

    expect(await balanceOf(t, customer.userId)).toBe(balanceBefore);
    expect(await adjustments()).toEqual(adjustmentsBefore);
    expect(await auditCount(t, "balance.adjusted", customer.userId)).toBe(1); // the set-up's fund() only
    await expectLedgerIntact(t);
  });
});
