// ledger_entries and audit_log are insert-only (docs/architecture.md, Money rules), and the
// database itself enforces it (migration 0005): an UPDATE, DELETE or TRUNCATE on either table is
// refused with SQLSTATE NX001 and changes nothing, whoever sends it, while the normal money path
// (an admin's approval writes a ledger entry and audit entries) still inserts.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, ledgerEntries, transactions, user } from "../../../src/server/db/schema.ts";
import { findLedgerBreaches } from "../../../src/server/wallet/ledger-check.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { auditCount, balanceOf, creditOf, ledgerEntryCount, tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
let admin: EnrolledAdmin;
let customer: SignedUpUser;
/** A deposit of the customer's, approved through the API: one ledger entry, audit entries. */
let depositId: string;
/** What the approved deposit credited: 40 USDT's exact amount to pay at 125 (decision 038). */
let depositCredit: bigint;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  customer = await t.signUp();
  const deposit = await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "40" });
  expect(deposit.statusCode, deposit.body).toBe(201);
  depositId = deposit.json<TransactionDto>().id;
  depositCredit = creditOf(deposit.json<TransactionDto>());
  const approved = await admin.browser.post(`/api/admin/transactions/${depositId}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

/** The SQLSTATE of a failed query: drizzle wraps the driver's error, which carries it. */
function sqlStateOf(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = e.cause?.code ?? e.code;
  return typeof code === "string" ? code : undefined;
}

/** Runs `query`, which must fail; answers the SQLSTATE and the database's message. */
async function refusal(query: () => Promise<unknown>): Promise<{ code: string | undefined; message: string }> {
  try {
    await query();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause ?? error;
    return { code: sqlStateOf(error), message: (cause as Error).message };
  }
  throw new Error("the query succeeded; it should have been refused");
}

const everyLedgerEntry = () => t.db.select().from(ledgerEntries).orderBy(ledgerEntries.id);
const everyAuditEntry = () => t.db.select().from(auditLog).orderBy(auditLog.id);

describe("inserts still work: the normal money path", () => {
  test("an admin's approval wrote the ledger entry and the audit entries; the ledger check is clean", async () => {
    expect(await ledgerEntryCount(t, depositId)).toBe(1);
    expect(await auditCount(t, "transaction.deposit_requested", depositId)).toBe(1);
    expect(await auditCount(t, "transaction.approved", depositId)).toBe(1);
    expect(await balanceOf(t, customer.userId)).toBe(depositCredit); // 40.0001 to 40.01 USDT at 125
    expect(depositCredit >= 500_001n && depositCredit <= 501_250n).toBe(true);
    expect(await findLedgerBreaches(t.db)).toEqual([]);
  });
});

describe("ledger_entries refuses UPDATE, DELETE and TRUNCATE", () => {
  test("an UPDATE of an entry → NX001 'ledger_entries is append-only: UPDATE is refused'; nothing changes", async () => {
    const before = await everyLedgerEntry();
    expect(
      await refusal(() => t.db.update(ledgerEntries).set({ deltaMinor: 1n }).where(eq(ledgerEntries.transactionId, depositId))),
    ).toEqual({ code: "NX001", message: "ledger_entries is append-only: UPDATE is refused" });
    // Moving an entry to another account is an UPDATE too, and so is one that touches every row.
    const other = await t.signUp();
    expect(
      (await refusal(() => t.db.update(ledgerEntries).set({ userId: other.userId }).where(eq(ledgerEntries.transactionId, depositId))))
        .code,
    ).toBe("NX001");
    expect((await refusal(() => t.db.execute(sql`update ledger_entries set created_at = created_at`))).code).toBe("NX001");
    expect(await everyLedgerEntry()).toEqual(before);
  });

  test("a DELETE of an entry → NX001 'ledger_entries is append-only: DELETE is refused'; nothing changes", async () => {
    const before = await everyLedgerEntry();
    expect(await refusal(() => t.db.delete(ledgerEntries).where(eq(ledgerEntries.transactionId, depositId)))).toEqual({
      code: "NX001",
      message: "ledger_entries is append-only: DELETE is refused",
    });
    expect((await refusal(() => t.db.execute(sql`delete from ledger_entries`))).code).toBe("NX001");
    expect(await everyLedgerEntry()).toEqual(before);
  });

  test("TRUNCATE → NX001 'ledger_entries is append-only: TRUNCATE is refused'; nothing changes", async () => {
    const before = await everyLedgerEntry();
    expect(await refusal(() => t.db.execute(sql`truncate ledger_entries`))).toEqual({
      code: "NX001",
      message: "ledger_entries is append-only: TRUNCATE is refused",
    });
    expect(await everyLedgerEntry()).toEqual(before);
  });
});

describe("audit_log refuses UPDATE, DELETE and TRUNCATE", () => {
  test("an UPDATE of an entry → NX001 'audit_log is append-only: UPDATE is refused'; nothing changes", async () => {
    const before = await everyAuditEntry();
    expect(
      await refusal(() => t.db.update(auditLog).set({ action: "transaction.rejected" }).where(eq(auditLog.targetId, depositId))),
    ).toEqual({ code: "NX001", message: "audit_log is append-only: UPDATE is refused" });
    expect((await refusal(() => t.db.update(auditLog).set({ actorId: null }).where(eq(auditLog.actorId, admin.userId)))).code).toBe(
      "NX001",
    );
    expect(await everyAuditEntry()).toEqual(before);
  });

  test("a DELETE of an entry → NX001 'audit_log is append-only: DELETE is refused'; nothing changes", async () => {
    const before = await everyAuditEntry();
    expect(await refusal(() => t.db.delete(auditLog).where(eq(auditLog.targetId, depositId)))).toEqual({
      code: "NX001",
      message: "audit_log is append-only: DELETE is refused",
    });
    expect((await refusal(() => t.db.execute(sql`delete from audit_log`))).code).toBe("NX001");
    expect(await everyAuditEntry()).toEqual(before);
  });

  test("TRUNCATE → NX001 'audit_log is append-only: TRUNCATE is refused'; nothing changes", async () => {
    const before = await everyAuditEntry();
    expect(await refusal(() => t.db.execute(sql`truncate audit_log`))).toEqual({
      code: "NX001",
      message: "audit_log is append-only: TRUNCATE is refused",
    });
    expect(await everyAuditEntry()).toEqual(before);
  });

  test("a refused change inside a transaction aborts all of it", async () => {
    const before = await everyAuditEntry();
    const code = sqlStateOf(
      await t.db
        .transaction(async (tx) => {
          await tx.insert(auditLog).values({ actorId: admin.userId, action: "test.inserted_then_rolled_back" });
          await tx.delete(auditLog).where(eq(auditLog.targetId, depositId));
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        ),
    );
    expect(code).toBe("NX001");
    expect(await everyAuditEntry()).toEqual(before);
  });
});

describe("users with money history", () => {
  test("cannot be deleted (their transactions and ledger entries refuse it); a new user without any can", async () => {
    // transactions.user_id and ledger_entries.user_id are ON DELETE RESTRICT. PGlite answers 23001
    // restrict_violation, PostgreSQL 15 answers 23503 foreign_key_violation (the code depends on the
    // version); either way the message names one of those two keys.
    const refused = await refusal(() => t.db.delete(user).where(eq(user.id, customer.userId)));
    expect(["23001", "23503"]).toContain(refused.code);
    expect(refused.message).toMatch(/(transactions|ledger_entries)_user_id_user_id_fk/);
    expect(await ledgerEntryCount(t, depositId)).toBe(1);
    expect(await t.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.id, depositId))).toHaveLength(1);

    // What undoing a sign-up that lost a race for its username does: the user has no money rows.
    const fresh = await t.signUp();
    const auditBefore = (await t.db.select({ n: count() }).from(auditLog))[0]?.n;
    await t.db.delete(user).where(eq(user.id, fresh.userId));
    expect(await t.db.select().from(user).where(eq(user.id, fresh.userId))).toEqual([]);
    // audit_log has no foreign key to user: deleting a user never touches it.
    expect((await t.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(auditBefore);
  });

  test("the ledger check is still clean after every refusal above", async () => {
    expect(await findLedgerBreaches(t.db)).toEqual([]);
  });
});
