// Segregation of duties: no admin decides on their own account. Approving or rejecting their own
// deposit or withdrawal, adjusting their own balance, deciding their own verification, approving,
// rejecting or deleting their own SIM, suspending or reactivating themselves, and editing their own
// profile through the admin route are each a 403 "You cannot decide on your own account." that
// changes nothing; a second admin then does the same thing successfully, which proves the item was
// decidable. An unknown id stays a 404; the admin's own item is a 403 even once it is decided.
import { count, eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  auditLog,
  extendedProfiles,
  ledgerEntries,
  profiles,
  sims,
  transactions,
  verificationDocuments,
  verifications,
} from "../../../src/server/db/schema.ts";
import { parseBdt } from "../../../src/shared/money.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { auditCount, balanceOf, expectLedgerIntact, fund, tronAddress } from "../../support/wallet/money.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

let t: TestApp;
/** The admin who tries to decide on their own account. */
let self: EnrolledAdmin;
/** A second admin, who may decide on `self`'s items. */
let other: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  self = await signUpAdmin(t);
  other = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const ownAccount = { code: "FORBIDDEN", message: "You cannot decide on your own account." };
const unknownId = "00000000-0000-4000-8000-000000000000";

function expectOwnAccountRefusal(response: TestResponse): void {
  expect(response.statusCode, response.body).toBe(403);
  expect(errorOf(response)).toEqual(ownAccount);
}

/** Everything a refused action must leave as it was, for this user, and the audit log's size overall. */
async function snapshot(userId: string) {
  const [auditTotal] = await t.db.select({ n: count() }).from(auditLog);
  return {
    balance: await balanceOf(t, userId),
    profile: await t.db.select().from(profiles).where(eq(profiles.id, userId)),
    extendedProfile: await t.db.select().from(extendedProfiles).where(eq(extendedProfiles.userId, userId)),
    transactions: await t.db.select().from(transactions).where(eq(transactions.userId, userId)).orderBy(transactions.id),
    ledger: await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id),
    audit: await t.db
      .select()
      .from(auditLog)
      .where(or(eq(auditLog.actorId, userId), eq(auditLog.targetId, userId)))
      .orderBy(auditLog.id),
    auditTotal: auditTotal?.n ?? 0,
    verifications: await t.db.select().from(verifications).where(eq(verifications.userId, userId)),
    verificationDocuments: await t.db
      .select()
      .from(verificationDocuments)
      .where(eq(verificationDocuments.userId, userId))
      .orderBy(verificationDocuments.id),
    sims: await t.db.select().from(sims).where(eq(sims.userId, userId)).orderBy(sims.id),
  };
}

/** The admin's action on their own item is refused, and nothing anywhere changed. */
async function expectRefusedAndUnchanged(admin: SignedUpUser, act: () => Promise<TestResponse>): Promise<void> {
  const before = await snapshot(admin.userId);
  expectOwnAccountRefusal(await act());
  expect(await snapshot(admin.userId)).toEqual(before);
}

async function pendingDeposit(user: SignedUpUser): Promise<TransactionDto> {
  const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

async function pendingWithdrawal(user: SignedUpUser): Promise<TransactionDto> {
  await fund(t, { userId: user.userId, amount: "1000", adminId: other.userId });
  const response = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "600" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

const pendingOf = { deposit: pendingDeposit, withdrawal: pendingWithdrawal } as const;

function decideTransaction(admin: SignedUpUser, id: string, decision: "approve" | "reject"): Promise<TestResponse> {
  return admin.browser.post(
    `/api/admin/transactions/${id}/${decision}`,
    decision === "reject" ? { reason: "Not mine to decide" } : undefined,
  );
}

// ------------------------------------------------------------------ money

describe("transactions: no admin approves or rejects their own", () => {
  for (const kind of ["deposit", "withdrawal"] as const) {
    for (const decision of ["approve", "reject"] as const) {
      test(`${decision} of their own pending ${kind} → 403, nothing changes; another admin may ${decision} it`, async () => {
        const transaction = await pendingOf[kind](self);
        await expectRefusedAndUnchanged(self, () => decideTransaction(self, transaction.id, decision));

        const byOther = await decideTransaction(other, transaction.id, decision);
        expect(byOther.statusCode, byOther.body).toBe(200);
        expect(byOther.json()).toMatchObject({ id: transaction.id, status: decision === "approve" ? "completed" : "rejected" });
        const [row] = await t.db.select().from(transactions).where(eq(transactions.id, transaction.id));
        expect(row).toMatchObject({ processedBy: other.userId });
        await expectLedgerIntact(t);
      });
    }
  }

  test("their own transaction once decided is still a 403 (not the 409 of someone else's); an unknown id is a 404", async () => {
    const transaction = await pendingDeposit(self);
    expect((await decideTransaction(other, transaction.id, "approve")).statusCode).toBe(200);
    for (const decision of ["approve", "reject"] as const) {
      await expectRefusedAndUnchanged(self, () => decideTransaction(self, transaction.id, decision));
      // The same transaction, asked by an admin whose it is not: already processed, as always.
      const again = await decideTransaction(other, transaction.id, decision);
      expect(again.statusCode, again.body).toBe(409);
      expect(errorOf(again)).toEqual({ code: "ALREADY_PROCESSED", message: "This transaction is already processed." });
      const unknown = await decideTransaction(self, unknownId, decision);
      expect(unknown.statusCode).toBe(404);
      expect(errorOf(unknown)).toEqual({ code: "NOT_FOUND", message: "Transaction not found" });
    }
  });

  test("racing approvals: every one of the owner's is a 403, exactly one of the other admin's credits, the rest are 409", async () => {
    const transaction = await pendingDeposit(self);
    const balanceBefore = await balanceOf(t, self.userId);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => decideTransaction(i % 2 === 0 ? self : other, transaction.id, "approve")),
    );
    const own = responses.filter((_, i) => i % 2 === 0);
    const others = responses.filter((_, i) => i % 2 === 1);
    for (const response of own) expectOwnAccountRefusal(response);
    expect(others.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(t, self.userId)).toBe(balanceBefore + parseBdt(transaction.amount));
    expect(await auditCount(t, "transaction.approved", transaction.id)).toBe(1);
    await expectLedgerIntact(t);
  });
});

describe("balance adjustments: no admin adjusts their own balance", () => {
  const adjust = (admin: SignedUpUser, userId: string, body: unknown) =>
    admin.browser.post(`/api/admin/users/${userId}/balance-adjustments`, body);

  test("add and subtract on their own account → 403, nothing changes; another admin may adjust it", async () => {
    await fund(t, { userId: self.userId, amount: "100", adminId: other.userId });
    for (const direction of ["add", "subtract"] as const) {
      await expectRefusedAndUnchanged(self, () => adjust(self, self.userId, { direction, amount: "10", note: "For myself" }));
    }
    const balanceBefore = await balanceOf(t, self.userId);
    const byOther = await adjust(other, self.userId, { direction: "add", amount: "10" });
    expect(byOther.statusCode, byOther.body).toBe(201);
    expect(byOther.json()).toMatchObject({ userId: self.userId, status: "completed", amount: "10.00" });
    expect(await balanceOf(t, self.userId)).toBe(balanceBefore + 1000n);
    // An unknown user is still a 404.
    expect((await adjust(self, unknownId, { direction: "add", amount: "10" })).statusCode).toBe(404);
    await expectLedgerIntact(t);
  });
});

// ------------------------------------------------------------------ verification and SIMs

describe("verifications: no admin decides their own", () => {
  const decide = (admin: SignedUpUser, id: string, decision: "approve" | "reject") =>
    admin.browser.post(`/api/admin/verifications/${id}/${decision}`, decision === "reject" ? { reason: "Photo is blurred" } : undefined);

  test("approve and reject of their own → 403, nothing changes, also once decided; another admin may decide it", async () => {
    const upload = await uploadDocument(self.browser, { documentType: "passport", side: "front", bytes: makePng() });
    expect(upload.statusCode, upload.body).toBe(200);
    const id = upload.json<{ id: string }>().id;
    for (const decision of ["approve", "reject"] as const) {
      await expectRefusedAndUnchanged(self, () => decide(self, id, decision));
    }

    const approved = await decide(other, id, "approve");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id, status: "approved" });
    const [row] = await t.db.select().from(verifications).where(eq(verifications.id, id));
    expect(row).toMatchObject({ status: "approved", reviewedBy: other.userId });

    // Decided by someone else, it is still not theirs to undo.
    await expectRefusedAndUnchanged(self, () => decide(self, id, "reject"));
    expect((await decide(self, unknownId, "reject")).statusCode).toBe(404);
  });
});

describe("SIMs: no admin approves, rejects or deletes their own through the back office", () => {
  let phoneCount = 0;
  async function pendingSim(owner: SignedUpUser): Promise<string> {
    phoneCount += 1;
    const response = await owner.browser.post("/api/sims", {
      phoneNumber: `0171${String(phoneCount).padStart(7, "0")}`,
      walletType: "Personal",
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }
  const setStatus = (admin: SignedUpUser, id: string, status: "active" | "rejected") =>
    admin.browser.request("PATCH", `/api/admin/sims/${id}`, { json: { status } });
  const remove = (admin: SignedUpUser, id: string) => admin.browser.request("DELETE", `/api/admin/sims/${id}`);

  test("approve, reject and delete of their own SIM → 403, nothing changes; another admin may do each", async () => {
    const id = await pendingSim(self);
    for (const status of ["active", "rejected"] as const) {
      await expectRefusedAndUnchanged(self, () => setStatus(self, id, status));
    }
    await expectRefusedAndUnchanged(self, () => remove(self, id));

    const approved = await setStatus(other, id, "active");
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toEqual({ id, status: "active" });
    // Their own SIM is a 403 whatever its status: approving it again is not the 409 another admin gets.
    await expectRefusedAndUnchanged(self, () => setStatus(self, id, "active"));
    await expectRefusedAndUnchanged(self, () => setStatus(self, id, "rejected"));
    await expectRefusedAndUnchanged(self, () => remove(self, id));
    expect((await remove(other, id)).statusCode).toBe(204);
    expect(await t.db.select().from(sims).where(eq(sims.id, id))).toEqual([]);

    // An unknown SIM is still a 404.
    expect((await setStatus(self, unknownId, "active")).statusCode).toBe(404);
    expect((await remove(self, unknownId)).statusCode).toBe(404);
  });

  test("the customer route for one's own SIMs is unchanged: the admin removes their own pending SIM there", async () => {
    const id = await pendingSim(self);
    const removed = await self.browser.request("DELETE", `/api/sims/${id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await t.db.select().from(sims).where(eq(sims.id, id))).toEqual([]);
  });
});

// ------------------------------------------------------------------ access and profile

describe("users: no admin suspends, reactivates or edits themselves through the back office", () => {
  const setSuspended = (admin: SignedUpUser, userId: string, isSuspended: boolean) =>
    admin.browser.request("PATCH", `/api/admin/users/${userId}`, { json: { isSuspended } });

  test("suspending or reactivating themself → 403, nothing changes; another admin may do both", async () => {
    // An admin of its own: being suspended ends its sessions, which the other tests here still use.
    const subject = await signUpAdmin(t);
    for (const isSuspended of [true, false]) {
      await expectRefusedAndUnchanged(subject, () => setSuspended(subject, subject.userId, isSuspended));
    }
    expect((await subject.browser.get("/api/admin/stats")).statusCode).toBe(200);

    const suspended = await setSuspended(other, subject.userId, true);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toEqual({ id: subject.userId, isSuspended: true });
    const activated = await setSuspended(other, subject.userId, false);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toEqual({ id: subject.userId, isSuspended: false });
    expect(await auditCount(t, "user.suspended", subject.userId)).toBe(1);
    expect(await auditCount(t, "user.activated", subject.userId)).toBe(1);
  });

  test("editing their own profile through the admin route → 403, nothing changes; PATCH /api/me works, and another admin may", async () => {
    const editAsAdmin = (admin: SignedUpUser, body: unknown) =>
      admin.browser.request("PUT", `/api/admin/users/${self.userId}/profile`, { json: body });
    await expectRefusedAndUnchanged(self, () => editAsAdmin(self, { fullName: "Self Approved", documentNumber: "X1234567" }));

    const asCustomer = await self.browser.request("PATCH", "/api/me", { json: { fullName: "Mina Rahman" } });
    expect(asCustomer.statusCode, asCustomer.body).toBe(200);
    expect(asCustomer.json()).toMatchObject({ id: self.userId, fullName: "Mina Rahman" });

    const byOther = await editAsAdmin(other, { phone: "01712345678" });
    expect(byOther.statusCode, byOther.body).toBe(200);
    expect(byOther.json()).toMatchObject({ userId: self.userId, fullName: "Mina Rahman", phone: "01712345678" });
    // Reading one's own profile in the back office stays allowed: only decisions are refused.
    expect((await self.browser.get(`/api/admin/users/${self.userId}/profile`)).statusCode).toBe(200);
    const unknown = await self.browser.request("PUT", `/api/admin/users/${unknownId}/profile`, { json: { fullName: "Nobody" } });
    expect(unknown.statusCode).toBe(404);
  });
});
