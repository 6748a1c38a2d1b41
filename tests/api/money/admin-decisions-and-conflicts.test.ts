// What admins do, and every way it can conflict (docs/architecture.md, Money rules; docs/product.md, States and transitions): approving
// and rejecting transactions (each once only; never below zero), balance adjustments, the
// verification decisions, SIM approval, rejection and removal, suspending and reactivating users,
// editing profiles, and the audit log that records each of these under its action name.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, ledgerEntries, profiles, sims, transactions, verifications } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { auditCount, balanceOf, expectLedgerIntact, fund, ledgerEntryCount, tronAddress } from "../../support/wallet/money.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const unknownId = "00000000-0000-4000-8000-000000000000";
const alreadyProcessed = { code: "ALREADY_PROCESSED", message: "This transaction is already processed." };

function approve(id: string) {
  return admin.browser.post(`/api/admin/transactions/${id}/approve`);
}

function reject(id: string, reason?: string) {
  return admin.browser.post(`/api/admin/transactions/${id}/reject`, reason === undefined ? undefined : { reason });
}

function adjust(userId: string, body: unknown) {
  return admin.browser.post(`/api/admin/users/${userId}/balance-adjustments`, body);
}

async function pendingDeposit(user: SignedUpUser, usdtAmount = "20"): Promise<TransactionDto> {
  const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

async function pendingWithdrawal(user: SignedUpUser, amount: string): Promise<TransactionDto> {
  const response = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

async function totalAuditRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

/** What a refused money action must leave as it was: the balance, the rows, the ledger, the audit log. */
async function moneyState(userId: string) {
  return {
    balance: await balanceOf(t, userId),
    transactions: await t.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id),
    ledger: await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id),
    auditRows: await totalAuditRows(),
  };
}

async function statusOf(transactionId: string) {
  const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, transactionId));
  return row?.status;
}

function expectError(response: TestResponse, status: number, error: { code: string; message: string; fields?: Record<string, string> }) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response)).toEqual(error);
}

// ------------------------------------------------------------------ transactions

describe("approving and rejecting transactions: each happens once", () => {
  let customer: SignedUpUser;
  beforeAll(async () => {
    customer = await t.signUp();
  });

  test("approve twice → 409 'This transaction is already processed.'; credited once", async () => {
    const deposit = await pendingDeposit(customer);
    expect((await approve(deposit.id)).statusCode).toBe(200);
    const after = await moneyState(customer.userId);
    expectError(await approve(deposit.id), 409, alreadyProcessed);
    expect(await moneyState(customer.userId)).toEqual(after);
    expect(await ledgerEntryCount(t, deposit.id)).toBe(1);
    expect(await auditCount(t, "transaction.approved", deposit.id)).toBe(1);
    await expectLedgerIntact(t);
  });

  test("approve a rejected one → 409, and no money moves", async () => {
    const deposit = await pendingDeposit(customer);
    expect((await reject(deposit.id, "Nothing arrived")).statusCode).toBe(200);
    const after = await moneyState(customer.userId);
    expectError(await approve(deposit.id), 409, alreadyProcessed);
    expect(await moneyState(customer.userId)).toEqual(after);
    expect(await statusOf(deposit.id)).toBe("rejected");
    expect(await ledgerEntryCount(t, deposit.id)).toBe(0);
  });

  test("reject a completed one → 409, and it stays completed and credited", async () => {
    const deposit = await pendingDeposit(customer);
    expect((await approve(deposit.id)).statusCode).toBe(200);
    const after = await moneyState(customer.userId);
    expectError(await reject(deposit.id, "Too late"), 409, alreadyProcessed);
    expect(await moneyState(customer.userId)).toEqual(after);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, deposit.id));
    expect(row).toMatchObject({ status: "completed", rejectReason: null });
  });

  test("reject twice → 409; the first reason stays", async () => {
    const deposit = await pendingDeposit(customer);
    expect((await reject(deposit.id, "First reason")).statusCode).toBe(200);
    const after = await moneyState(customer.userId);
    expectError(await reject(deposit.id, "Second reason"), 409, alreadyProcessed);
    expect(await moneyState(customer.userId)).toEqual(after);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, deposit.id));
    expect(row?.rejectReason).toBe("First reason");
    expect(await auditCount(t, "transaction.rejected", deposit.id)).toBe(1);
  });

  test("an admin's adjustment is completed at once: approving or rejecting it → 409", async () => {
    const response = await adjust(customer.userId, { direction: "add", amount: "10" });
    expect(response.statusCode).toBe(201);
    const id = response.json<TransactionDto>().id;
    const after = await moneyState(customer.userId);
    expectError(await approve(id), 409, alreadyProcessed);
    expectError(await reject(id), 409, alreadyProcessed);
    expect(await moneyState(customer.userId)).toEqual(after);
  });

  test("unknown → 404 'Transaction not found'; a malformed id → 400 'Invalid id'", async () => {
    for (const response of [await approve(unknownId), await reject(unknownId)]) {
      expectError(response, 404, { code: "NOT_FOUND", message: "Transaction not found" });
    }
    for (const response of [await approve("not-a-uuid"), await reject("12345")]) {
      expectError(response, 400, { code: "VALIDATION_ERROR", message: "Invalid id", fields: { id: "Invalid id" } });
    }
  });

  test("approving a withdrawal the balance can no longer cover → 409 'Insufficient balance'; it stays pending, nothing moves", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "1000", adminId: admin.userId });
    const covered = await pendingWithdrawal(user, "800");
    // A second pending withdrawal that the hold rule would refuse today (a row from before that
    // rule, say): together the two exceed the balance, so whichever is approved second cannot be paid.
    const [uncovered] = await t.db
      .insert(transactions)
      .values({ userId: user.userId, type: "withdraw", amountMinor: 50_000n, reference: "Nagad:01812345678" })
      .returning();
    expect((await approve(covered.id)).statusCode).toBe(200);
    expect(await balanceOf(t, user.userId)).toBe(20_000n);

    const before = await moneyState(user.userId);
    expectError(await approve(uncovered!.id), 409, { code: "INSUFFICIENT_BALANCE", message: "Insufficient balance" });
    expect(await moneyState(user.userId)).toEqual(before);
    expect(await statusOf(uncovered!.id)).toBe("pending");
    expect(await ledgerEntryCount(t, uncovered!.id)).toBe(0);
    expect(await auditCount(t, "transaction.approved", uncovered!.id)).toBe(0);
    // It can still be rejected, which frees nothing but ends it.
    expect((await reject(uncovered!.id, "Insufficient funds")).statusCode).toBe(200);
    await expectLedgerIntact(t);
  });
});

// ------------------------------------------------------------------ balance adjustments

describe("balance adjustments (POST /api/admin/users/:id/balance-adjustments)", () => {
  let customer: SignedUpUser;
  beforeAll(async () => {
    customer = await t.signUp();
  });

  test.each([
    [{ direction: "add", amount: "" }],
    [{ direction: "add", amount: "   " }],
    [{ direction: "add", amount: "abc" }],
    [{ direction: "add", amount: "0" }],
    [{ direction: "add", amount: "0.00" }],
    [{ direction: "add", amount: "-5" }],
    [{ direction: "subtract", amount: "-5" }],
    [{ direction: "add", amount: "1.234" }],
    [{ direction: "add", amount: "1,000" }],
    [{ direction: "add", amount: "1e3" }],
    [{ direction: "add", amount: 100 }],
    [{ direction: "add", amount: null }],
    [{ direction: "add" }],
  ])("%j → 400 'Please enter a valid amount', nothing stored", async (body) => {
    const before = await moneyState(customer.userId);
    const message = "Please enter a valid amount";
    expectError(await adjust(customer.userId, body), 400, { code: "VALIDATION_ERROR", message, fields: { amount: message } });
    expect(await moneyState(customer.userId)).toEqual(before);
  });

  test.each([[{ amount: "10" }], [{ direction: "", amount: "10" }], [{ direction: "Add", amount: "10" }]])(
    "%j → 400 'Choose add or subtract'",
    async (body) => {
      const before = await moneyState(customer.userId);
      expectError(await adjust(customer.userId, body), 400, {
        code: "VALIDATION_ERROR",
        message: "Choose add or subtract",
        fields: { direction: "Choose add or subtract" },
      });
      expect(await moneyState(customer.userId)).toEqual(before);
    },
  );

  test("a note longer than 500 characters → 400", async () => {
    const before = await moneyState(customer.userId);
    const message = "Note must be at most 500 characters";
    const response = await adjust(customer.userId, { direction: "add", amount: "10", note: "n".repeat(501) });
    expectError(response, 400, { code: "VALIDATION_ERROR", message, fields: { note: message } });
    expect(await moneyState(customer.userId)).toEqual(before);
  });

  test("add then subtract: each a completed transaction of origin admin_adjustment, with a ledger entry and an audit entry", async () => {
    const user = await t.signUp();
    const add = await adjust(user.userId, { direction: "add", amount: " 1250.75 ", note: " Welcome bonus " });
    expect(add.statusCode, add.body).toBe(201);
    const added = add.json<TransactionDto>();
    expect(added).toEqual({
      id: expect.any(String) as string,
      userId: user.userId,
      type: "deposit",
      amount: "1250.75",
      usdtAmount: null,
      rate: null,
      status: "completed",
      reference: "Manual add by admin",
      txid: null,
      receivedOnChain: false,
      payAmount: null,
      expiresAt: null,
      expired: false,
      payoutReference: null,
      rejectReason: null,
      createdAt: expect.any(String) as string,
      processedAt: expect.any(String) as string,
      // What the customer sees beyond the row (decision 040): nothing for this one.
      beingPaid: false,
      receivedUsdt: null,
      chainIssue: null,
    });

    const subtract = await adjust(user.userId, { direction: "subtract", amount: "250.75" });
    expect(subtract.statusCode, subtract.body).toBe(201);
    const subtracted = subtract.json<TransactionDto>();
    expect(subtracted).toMatchObject({ type: "withdraw", amount: "250.75", status: "completed", reference: "Manual subtract by admin" });

    expect(await balanceOf(t, user.userId)).toBe(100_000n);
    const rows = await t.db.select().from(transactions).where(eq(transactions.userId, user.userId));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ origin: "admin_adjustment", status: "completed", processedBy: admin.userId });
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.userId));
    expect(ledger.map((e) => [e.transactionId, e.deltaMinor, e.balanceAfterMinor])).toEqual(
      expect.arrayContaining([
        [added.id, 125_075n, 125_075n],
        [subtracted.id, -25_075n, 100_000n],
      ]),
    );
    expect(ledger).toHaveLength(2);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.userId));
    expect(audits.map((a) => [a.action, a.actorId, a.targetType, a.details])).toEqual(
      expect.arrayContaining([
        [
          "balance.adjusted",
          admin.userId,
          "user",
          { direction: "add", amount: "1250.75", note: "Welcome bonus", transactionId: added.id, balanceAfter: "1250.75" },
        ],
        [
          "balance.adjusted",
          admin.userId,
          "user",
          { direction: "subtract", amount: "250.75", note: null, transactionId: subtracted.id, balanceAfter: "1000.00" },
        ],
      ]),
    );
    expect(audits).toHaveLength(2);

    // The back office's list shows both with their origin.
    const list = await admin.browser.get(`/api/admin/transactions?q=${encodeURIComponent(user.username)}`);
    expect(list.json<{ items: unknown[] }>().items).toEqual([
      expect.objectContaining({ id: subtracted.id, origin: "admin_adjustment", status: "completed", type: "withdraw" }),
      expect.objectContaining({ id: added.id, origin: "admin_adjustment", status: "completed", type: "deposit" }),
    ]);
    // And the customer's wallet.
    expect((await user.browser.get("/api/wallet")).json()).toMatchObject({ balance: "1000.00", availableBalance: "1000.00" });
    await expectLedgerIntact(t);
  });

  test("subtracting below zero → 409 'Insufficient balance'; balance, transactions, ledger and audit log unchanged", async () => {
    const user = await t.signUp();
    expect((await adjust(user.userId, { direction: "add", amount: "100" })).statusCode).toBe(201);
    const before = await moneyState(user.userId);
    for (const amount of ["100.01", "5000"]) {
      expectError(await adjust(user.userId, { direction: "subtract", amount }), 409, {
        code: "INSUFFICIENT_BALANCE",
        message: "Insufficient balance",
        fields: { amount: "Insufficient balance" },
      });
      expect(await moneyState(user.userId)).toEqual(before);
    }
    // From nothing, too.
    const empty = await t.signUp();
    const emptyBefore = await moneyState(empty.userId);
    expect((await adjust(empty.userId, { direction: "subtract", amount: "0.01" })).statusCode).toBe(409);
    expect(await moneyState(empty.userId)).toEqual(emptyBefore);
    // Exactly everything is allowed, down to 0.00.
    expect((await adjust(user.userId, { direction: "subtract", amount: "100.00" })).statusCode).toBe(201);
    expect(await balanceOf(t, user.userId)).toBe(0n);
    await expectLedgerIntact(t);
  });

  test("an unknown user → 404 'User not found'; a malformed id → 400; nothing stored", async () => {
    const auditBefore = await totalAuditRows();
    expectError(await adjust(unknownId, { direction: "add", amount: "10" }), 404, { code: "NOT_FOUND", message: "User not found" });
    expectError(await adjust("nobody", { direction: "add", amount: "10" }), 400, {
      code: "VALIDATION_ERROR",
      message: "Invalid id",
      fields: { id: "Invalid id" },
    });
    expect(await totalAuditRows()).toBe(auditBefore);
  });
});

// ------------------------------------------------------------------ verifications

describe("verification decisions (approved on any non-approved, rejected on any non-rejected)", () => {
  async function pendingVerification(): Promise<{ id: string; user: SignedUpUser }> {
    const user = await t.signUp();
    const response = await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: makePng() });
    expect(response.statusCode, response.body).toBe(200);
    return { id: response.json<{ id: string }>().id, user };
  }
  const decide = (id: string, decision: "approve" | "reject") =>
    admin.browser.post(`/api/admin/verifications/${id}/${decision}`, decision === "reject" ? { reason: "Photo is blurred" } : undefined);
  const statusOfVerification = async (id: string) =>
    (await t.db.select({ status: verifications.status }).from(verifications).where(eq(verifications.id, id)))[0]?.status;

  test("approve twice → 409 'This verification is already approved.', one audit entry", async () => {
    const { id, user } = await pendingVerification();
    const first = await decide(id, "approve");
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id, status: "approved" });
    expect((await user.browser.get("/api/verification")).json()).toMatchObject({ status: "approved" });
    const auditBefore = await totalAuditRows();
    expectError(await decide(id, "approve"), 409, { code: "CONFLICT", message: "This verification is already approved." });
    expect(await totalAuditRows()).toBe(auditBefore);
    expect(await auditCount(t, "verification.approved", id)).toBe(1);
  });

  test("reject twice → 409 'This verification is already rejected.'", async () => {
    const { id } = await pendingVerification();
    expect((await decide(id, "reject")).statusCode).toBe(200);
    expectError(await decide(id, "reject"), 409, { code: "CONFLICT", message: "This verification is already rejected." });
    expect(await statusOfVerification(id)).toBe("rejected");
  });

  test("reject then approve, and approve then reject, are both allowed", async () => {
    const { id, user } = await pendingVerification();
    expect((await decide(id, "reject")).statusCode).toBe(200);
    const approved = await decide(id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await statusOfVerification(id)).toBe("approved");
    const rejected = await decide(id, "reject");
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await statusOfVerification(id)).toBe("rejected");
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ verificationStatus: "rejected" });
    const [row] = await t.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row).toMatchObject({ reviewedBy: admin.userId, reviewedAt: expect.any(Date) as Date });
    expect(await auditCount(t, "verification.rejected", id)).toBe(2);
    expect(await auditCount(t, "verification.approved", id)).toBe(1);
  });

  test("an unknown verification → 404 'Verification not found'; a malformed id → 400 'Invalid id'", async () => {
    for (const decision of ["approve", "reject"] as const) {
      expectError(await decide(unknownId, decision), 404, { code: "NOT_FOUND", message: "Verification not found" });
      expectError(await decide("not-a-uuid", decision), 400, {
        code: "VALIDATION_ERROR",
        message: "Invalid id",
        fields: { id: "Invalid id" },
      });
    }
  });

  test("the :id of a decision is the verification's id, not the user's", async () => {
    const { id, user } = await pendingVerification();
    expectError(await decide(user.userId, "approve"), 404, { code: "NOT_FOUND", message: "Verification not found" });
    expect(await statusOfVerification(id)).toBe("pending");
  });
});

// ------------------------------------------------------------------ SIMs

describe("SIMs: approve, reject, delete (PATCH and DELETE /api/admin/sims/:id)", () => {
  let owner: SignedUpUser;
  let phoneCount = 0;
  beforeAll(async () => {
    owner = await t.signUp();
  });
  async function pendingSim(): Promise<string> {
    phoneCount += 1;
    const response = await owner.browser.post("/api/sims", {
      phoneNumber: `0181${String(phoneCount).padStart(7, "0")}`,
      walletType: "Merchant",
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  const simStatus = async (id: string) => (await t.db.select({ status: sims.status }).from(sims).where(eq(sims.id, id)))[0]?.status;
  const setStatus = (id: string, json: unknown) => admin.browser.request("PATCH", `/api/admin/sims/${id}`, { json });

  test("approve → active, reject → rejected, each with its audit entry; the customer sees it", async () => {
    const a = await pendingSim();
    const b = await pendingSim();
    const approved = await setStatus(a, { status: "active" });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toEqual({ id: a, status: "active" });
    const rejected = await setStatus(b, { status: "rejected" });
    expect(rejected.json()).toEqual({ id: b, status: "rejected" });
    expect(await simStatus(a)).toBe("active");
    expect(await simStatus(b)).toBe("rejected");
    expect(await auditCount(t, "sim.approved", a)).toBe(1);
    expect(await auditCount(t, "sim.rejected", b)).toBe(1);
    const mine = (await owner.browser.get("/api/sims")).json<{ items: { id: string; status: string }[] }>().items;
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: a, status: "active" }),
        expect.objectContaining({ id: b, status: "rejected" }),
      ]),
    );
  });

  test("approving twice → the second is 409 'This SIM is already active.' and writes no audit entry; rejecting twice likewise", async () => {
    const a = await pendingSim();
    expect((await setStatus(a, { status: "active" })).statusCode).toBe(200);
    const auditBefore = await totalAuditRows();
    expectError(await setStatus(a, { status: "active" }), 409, { code: "CONFLICT", message: "This SIM is already active." });
    expect(await simStatus(a)).toBe("active");
    expect(await auditCount(t, "sim.approved", a)).toBe(1);
    expect(await totalAuditRows()).toBe(auditBefore);

    const b = await pendingSim();
    expect((await setStatus(b, { status: "rejected" })).statusCode).toBe(200);
    expectError(await setStatus(b, { status: "rejected" }), 409, { code: "CONFLICT", message: "This SIM is already rejected." });
    expect(await simStatus(b)).toBe("rejected");
    expect(await auditCount(t, "sim.rejected", b)).toBe(1);
  });

  test("like a verification, a decided SIM can be decided the other way: active → rejected → active, an audit entry each", async () => {
    const id = await pendingSim();
    for (const status of ["active", "rejected", "active"] as const) {
      const response = await setStatus(id, { status });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ id, status });
      expect(await simStatus(id)).toBe(status);
    }
    expect(await auditCount(t, "sim.approved", id)).toBe(2);
    expect(await auditCount(t, "sim.rejected", id)).toBe(1);
  });

  test("two admins approving the same SIM at once: one 200, one 409, one audit entry", async () => {
    const second = await signUpAdmin(t);
    const id = await pendingSim();
    const responses = await Promise.all(
      [admin, second].map((who) => who.browser.request("PATCH", `/api/admin/sims/${id}`, { json: { status: "active" } })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused && errorOf(refused)).toEqual({ code: "CONFLICT", message: "This SIM is already active." });
    expect(await simStatus(id)).toBe("active");
    expect(await auditCount(t, "sim.approved", id)).toBe(1);
  });

  test("delete → 204 and an audit entry with what was removed; deleting it again → 404", async () => {
    const id = await pendingSim();
    expect((await setStatus(id, { status: "active" })).statusCode).toBe(200);
    const response = await admin.browser.request("DELETE", `/api/admin/sims/${id}`);
    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(sims).where(eq(sims.id, id))).toEqual([]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sim.deleted"), eq(auditLog.targetId, id)));
    expect(audits).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        targetType: "sim",
        details: expect.objectContaining({ userId: owner.userId, status: "active" }) as unknown,
      }),
    ]);
    expectError(await admin.browser.request("DELETE", `/api/admin/sims/${id}`), 404, { code: "NOT_FOUND", message: "SIM not found" });
  });

  test("an unknown SIM → 404 'SIM not found' for approve, reject and delete; nothing is written", async () => {
    const auditBefore = await totalAuditRows();
    expectError(await setStatus(unknownId, { status: "active" }), 404, { code: "NOT_FOUND", message: "SIM not found" });
    expectError(await setStatus(unknownId, { status: "rejected" }), 404, { code: "NOT_FOUND", message: "SIM not found" });
    expectError(await admin.browser.request("DELETE", `/api/admin/sims/${unknownId}`), 404, {
      code: "NOT_FOUND",
      message: "SIM not found",
    });
    expect(await totalAuditRows()).toBe(auditBefore);
  });

  test("a malformed id → 400 'Invalid id'", async () => {
    const invalid = { code: "VALIDATION_ERROR", message: "Invalid id", fields: { id: "Invalid id" } };
    expectError(await setStatus("not-a-uuid", { status: "active" }), 400, invalid);
    expectError(await admin.browser.request("DELETE", "/api/admin/sims/not-a-uuid"), 400, invalid);
  });

  test.each([[{ status: "pending" }], [{ status: "approved" }], [{ status: "ACTIVE" }], [{}], [{ status: null }]])(
    "%j → 400 'status must be active or rejected', and the SIM stays pending",
    async (body) => {
      const id = await pendingSim();
      const message = "status must be active or rejected";
      expectError(await setStatus(id, body), 400, { code: "VALIDATION_ERROR", message, fields: { status: message } });
      expect(await simStatus(id)).toBe("pending");
    },
  );
});

// ------------------------------------------------------------------ users

describe("suspending and reactivating users (PATCH /api/admin/users/:id)", () => {
  const setSuspended = (userId: string, json: unknown) => admin.browser.request("PATCH", `/api/admin/users/${userId}`, { json });
  const isSuspended = async (userId: string) =>
    (await t.db.select({ s: profiles.isSuspended }).from(profiles).where(eq(profiles.id, userId)))[0]?.s;

  test("suspending ends the user's sessions at once and refuses their sign-in; activating lets them back in", async () => {
    const user = await t.signUp();
    const secondBrowser = await t.signIn(user.email, user.password);
    expect((await user.browser.get("/api/me")).statusCode).toBe(200);

    const suspended = await setSuspended(user.userId, { isSuspended: true });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toEqual({ id: user.userId, isSuspended: true });
    expect(await isSuspended(user.userId)).toBe(true);
    // Not 403 on the next request: the sessions are already gone.
    expectError(await user.browser.get("/api/me"), 401, { code: "UNAUTHENTICATED", message: "You must be signed in." });
    expect((await secondBrowser.get("/api/me")).statusCode).toBe(401);
    const signIn = await t.browser().post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expectError(signIn, 403, { code: "ACCOUNT_SUSPENDED", message: "Your account has been suspended. Please contact support." });
    expect(await auditCount(t, "user.suspended", user.userId)).toBe(1);
    const listed = await admin.browser.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(listed.json()).toMatchObject({ total: 1, items: [{ id: user.userId, isSuspended: true }] });

    const activated = await setSuspended(user.userId, { isSuspended: false });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ id: user.userId, isSuspended: false });
    expect(await auditCount(t, "user.activated", user.userId)).toBe(1);
    const browser = await t.signIn(user.email, user.password);
    expect((await browser.get("/api/me")).statusCode).toBe(200);
  });

  test("an admin can neither suspend nor reactivate themself → 403, and keeps working", async () => {
    const auditBefore = await totalAuditRows();
    // No admin decides on their own account, in either direction (another admin does).
    for (const isSuspendedNow of [true, false]) {
      expectError(await setSuspended(admin.userId, { isSuspended: isSuspendedNow }), 403, {
        code: "FORBIDDEN",
        message: "You cannot decide on your own account.",
      });
    }
    expect(await isSuspended(admin.userId)).toBe(false);
    expect(await totalAuditRows()).toBe(auditBefore);
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(200);
  });

  test("only a super admin may suspend a super admin: an admin → 403, nothing changes; a super admin may", async () => {
    const boss = await signUpAdmin(t, "super_admin");
    const auditBefore = await totalAuditRows();
    expectError(await setSuspended(boss.userId, { isSuspended: true }), 403, {
      code: "FORBIDDEN",
      message: "Only a super admin can suspend or activate a super admin.",
    });
    expect(await isSuspended(boss.userId)).toBe(false);
    expect(await totalAuditRows()).toBe(auditBefore);
    expect((await boss.browser.get("/api/admin/stats")).statusCode).toBe(200);

    const otherBoss = await signUpAdmin(t, "super_admin");
    const bySuper = await otherBoss.browser.request("PATCH", `/api/admin/users/${boss.userId}`, { json: { isSuspended: true } });
    expect(bySuper.statusCode, bySuper.body).toBe(200);
    expect(await isSuspended(boss.userId)).toBe(true);
  });

  test("suspending another admin ends that admin's back-office session too", async () => {
    const other = await signUpAdmin(t);
    expect((await setSuspended(other.userId, { isSuspended: true })).statusCode).toBe(200);
    expect((await other.browser.get("/api/admin/stats")).statusCode).toBe(401);
    expect((await setSuspended(other.userId, { isSuspended: false })).statusCode).toBe(200);
  });

  test("unknown user → 404 'User not found'; malformed id → 400; a body that is not a boolean → 400", async () => {
    const auditBefore = await totalAuditRows();
    expectError(await setSuspended(unknownId, { isSuspended: true }), 404, { code: "NOT_FOUND", message: "User not found" });
    expectError(await setSuspended("abc", { isSuspended: true }), 400, {
      code: "VALIDATION_ERROR",
      message: "Invalid id",
      fields: { id: "Invalid id" },
    });
    const user = await t.signUp();
    const message = "isSuspended must be true or false";
    for (const body of [{ isSuspended: "true" }, { isSuspended: 1 }, {}]) {
      expectError(await setSuspended(user.userId, body), 400, { code: "VALIDATION_ERROR", message, fields: { isSuspended: message } });
    }
    expect(await isSuspended(user.userId)).toBe(false);
    expect(await totalAuditRows()).toBe(auditBefore);
    expect((await user.browser.get("/api/me")).statusCode).toBe(200);
  });
});

describe("editing a user's profile (GET|PUT /api/admin/users/:id/profile)", () => {
  const put = (userId: string, json: unknown) => admin.browser.request("PUT", `/api/admin/users/${userId}/profile`, { json });

  test("saves name, phone, address and document number; the customer sees them; an audit entry names the fields", async () => {
    const user = await t.signUp();
    expect((await admin.browser.get(`/api/admin/users/${user.userId}/profile`)).json()).toEqual({
      userId: user.userId,
      email: user.email,
      fullName: null,
      phone: null,
      address: null,
      documentNumber: null,
    });
    const response = await put(user.userId, {
      fullName: "  Rahim Uddin ",
      phone: "01712345678",
      address: "House 1, Road 2, Dhaka",
      documentNumber: "NID-12345",
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = {
      userId: user.userId,
      email: user.email,
      fullName: "Rahim Uddin",
      phone: "01712345678",
      address: "House 1, Road 2, Dhaka",
      documentNumber: "NID-12345",
    };
    expect(response.json()).toEqual(saved);
    expect((await admin.browser.get(`/api/admin/users/${user.userId}/profile`)).json()).toEqual(saved);
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ fullName: "Rahim Uddin", address: "House 1, Road 2, Dhaka" });
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, user.userId));
    expect(audit).toMatchObject({ action: "user.profile_updated", actorId: admin.userId, targetType: "user" });
    expect((audit?.details as { fields: string[] }).fields.sort()).toEqual(["address", "documentNumber", "fullName", "phone"]);
  });

  test("empty strings (and blanks) are saved as null; absent fields keep their value", async () => {
    const user = await t.signUp();
    expect(
      (await put(user.userId, { fullName: "Karim", phone: "01812345678", address: "Sylhet", documentNumber: "P123" })).statusCode,
    ).toBe(200);
    const cleared = await put(user.userId, { fullName: "", phone: "", address: "   " });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toEqual({
      userId: user.userId,
      email: user.email,
      fullName: null,
      phone: null,
      address: null,
      documentNumber: "P123",
    });
    const [row] = await t.db
      .select({ fullName: profiles.fullName, phone: profiles.phone })
      .from(profiles)
      .where(eq(profiles.id, user.userId));
    expect(row).toEqual({ fullName: null, phone: null });
  });

  test("validation: a phone with letters → 400 'Phone number should contain only digits'; nothing saved", async () => {
    const user = await t.signUp();
    const response = await put(user.userId, { fullName: "Should Not Save", phone: "call me" });
    expectError(response, 400, {
      code: "VALIDATION_ERROR",
      message: "Phone number should contain only digits",
      fields: { phone: "Phone number should contain only digits" },
    });
    expect((await admin.browser.get(`/api/admin/users/${user.userId}/profile`)).json()).toMatchObject({ fullName: null, phone: null });
  });

  test("an unknown user → 404 'User not found' for GET and PUT, and nothing is written; a malformed id → 400", async () => {
    const auditBefore = await totalAuditRows();
    expectError(await admin.browser.get(`/api/admin/users/${unknownId}/profile`), 404, { code: "NOT_FOUND", message: "User not found" });
    expectError(await put(unknownId, { fullName: "Ghost" }), 404, { code: "NOT_FOUND", message: "User not found" });
    expect(await totalAuditRows()).toBe(auditBefore);
    expect((await admin.browser.get("/api/admin/users/nope/profile")).statusCode).toBe(400);
    expect((await put("nope", { fullName: "Ghost" })).statusCode).toBe(400);
  });
});

// ------------------------------------------------------------------ the audit log

describe("GET /api/admin/audit-log: every admin action, under its name", () => {
  type AuditItem = {
    id: string;
    actorId: string | null;
    actorEmail: string | null;
    action: string;
    targetType: string | null;
    targetId: string | null;
    ip: string | null;
  };
  type AuditPage = { items: AuditItem[]; total: number; page: number; pageSize: number };

  async function auditPage(query: string): Promise<AuditPage> {
    const response = await admin.browser.get(`/api/admin/audit-log?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  }

  test("each action of one admin appears with its name, target, actor and IP; the action filter finds exactly those", async () => {
    const customer = await t.signUp();
    await fund(t, { userId: customer.userId, amount: "5000", adminId: admin.userId });
    const toApprove = await pendingDeposit(customer);
    const toReject = await pendingWithdrawal(customer, "600");
    const simA = (await customer.browser.post("/api/sims", { phoneNumber: "01999999901", walletType: "Personal" })).json<{ id: string }>()
      .id;
    const simB = (await customer.browser.post("/api/sims", { phoneNumber: "01999999902", walletType: "Personal" })).json<{ id: string }>()
      .id;
    // A passport has one side: uploaded, the request is complete and can be approved.
    const upload = await uploadDocument(customer.browser, { documentType: "passport", side: "front", bytes: makePng() });
    const verificationId = upload.json<{ id: string }>().id;
    const promoted = await t.signUp();
    const superAdmin = await signUpAdmin(t, "super_admin");

    const steps: [string, string, Promise<TestResponse>][] = [];
    const run = async (action: string, targetId: string, response: Promise<TestResponse>) => {
      const answered = await response;
      expect(answered.statusCode, `${action}: ${answered.body}`).toBeLessThan(300);
      steps.push([action, targetId, response]);
    };
    await run("transaction.approved", toApprove.id, approve(toApprove.id));
    await run("transaction.rejected", toReject.id, reject(toReject.id, "Wrong number"));
    const adjusted = adjust(customer.userId, { direction: "add", amount: "1" });
    await run("balance.adjusted", customer.userId, adjusted);
    await run(
      "user.profile_updated",
      customer.userId,
      admin.browser.request("PUT", `/api/admin/users/${customer.userId}/profile`, { json: { fullName: "Audited" } }),
    );
    await run("sim.approved", simA, admin.browser.request("PATCH", `/api/admin/sims/${simA}`, { json: { status: "active" } }));
    await run("sim.rejected", simB, admin.browser.request("PATCH", `/api/admin/sims/${simB}`, { json: { status: "rejected" } }));
    await run("sim.deleted", simB, admin.browser.request("DELETE", `/api/admin/sims/${simB}`));
    await run("verification.approved", verificationId, admin.browser.post(`/api/admin/verifications/${verificationId}/approve`));
    await run(
      "verification.rejected",
      verificationId,
      admin.browser.post(`/api/admin/verifications/${verificationId}/reject`, { reason: "Photo is blurred" }),
    );
    await run(
      "user.suspended",
      customer.userId,
      admin.browser.request("PATCH", `/api/admin/users/${customer.userId}`, { json: { isSuspended: true } }),
    );
    await run(
      "user.activated",
      customer.userId,
      admin.browser.request("PATCH", `/api/admin/users/${customer.userId}`, { json: { isSuspended: false } }),
    );

    for (const [action, targetId] of steps) {
      const page = await auditPage(`action=${encodeURIComponent(action)}&pageSize=100`);
      const [dbCount] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, action));
      expect(page.total, action).toBe(dbCount?.n);
      expect(page.items.every((item) => item.action === action)).toBe(true);
      expect(
        page.items.find((item) => item.targetId === targetId && item.actorId === admin.userId),
        action,
      ).toMatchObject({
        actorEmail: admin.email,
        ip: admin.browser.ip,
      });
    }

    // Granting a role is a super_admin's action, recorded the same way.
    const promote = await superAdmin.browser.post("/api/admin/admins/promote", { email: promoted.email, adminRole: "admin" });
    expect(promote.statusCode).toBe(200);
    const grants = await auditPage("action=admin.role_granted&pageSize=100");
    expect(grants.items.find((item) => item.targetId === promoted.userId)).toMatchObject({
      actorId: superAdmin.userId,
      actorEmail: superAdmin.email,
      targetType: "user",
    });

    // The newest entry comes first, and without a filter every action is listed.
    const newest = await auditPage("pageSize=1");
    expect(newest.items[0]).toMatchObject({ action: "admin.role_granted", targetId: promoted.userId });
    const [all] = await t.db.select({ n: count() }).from(auditLog);
    expect(newest.total).toBe(all?.n);
  });

  test("an action nobody took → an empty page; surrounding spaces are ignored", async () => {
    expect(await auditPage("action=nothing.happened")).toMatchObject({ items: [], total: 0, page: 1, pageSize: 20 });
    const spaced = await auditPage(`action=${encodeURIComponent("  sim.deleted ")}`);
    expect(spaced.total).toBeGreaterThan(0);
    expect(spaced.items.every((item) => item.action === "sim.deleted")).toBe(true);
  });

  test("a refused action leaves no audit entry", async () => {
    const customer = await t.signUp();
    const deposit = await pendingDeposit(customer);
    expect((await approve(deposit.id)).statusCode).toBe(200);
    const before = await totalAuditRows();
    expect((await approve(deposit.id)).statusCode).toBe(409);
    expect((await adjust(customer.userId, { direction: "subtract", amount: "999999" })).statusCode).toBe(409);
    expect(
      (await customer.browser.post(`/api/admin/users/${customer.userId}/balance-adjustments`, { direction: "add", amount: "1" }))
        .statusCode,
    ).toBe(403);
    expect(await totalAuditRows()).toBe(before);
  });
});

test("documents of a user nobody has → 404 'User not found'; a malformed id → 400", async () => {
  const unknown = await admin.browser.get(`/api/admin/verifications/${unknownId}/documents`);
  expect(unknown.statusCode).toBe(404);
  expect(errorOf(unknown)).toEqual({ code: "NOT_FOUND", message: "User not found" });
  expect((await admin.browser.get("/api/admin/verifications/abc/documents")).statusCode).toBe(400);
});
