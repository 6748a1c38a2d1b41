// A second factor belongs to the session that proved it, and the server alone decides when an
// admin session ends.
// - Admin routes accept only a session that itself passed the code step (TOTP or recovery code).
// - Promotion, a role change, enrolment and a second-factor reset end the user's other sessions, so
//   a session opened with a password alone never becomes a back-office session.
// - An admin session lives at most 12 hours, and ends after 15 minutes without a person: the stored
//   last activity decides; the browser's idle report can only end it sooner.
// Each refused request is shown to change nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, ledgerEntries, session, transactions } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type Browser, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, totpCode, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { balanceOf, tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
let superAdmin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signUpAdmin(t, "super_admin");
});
afterAll(async () => {
  await t.close();
});

const minute = 60 * 1000;

async function sessionsOf(userId: string) {
  return t.db.select().from(session).where(eq(session.userId, userId));
}

async function auditRows(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

async function pendingDeposit(customer: SignedUpUser): Promise<TransactionDto> {
  const response = await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

/** An approval attempt that must be refused, with proof that no money moved and nothing was written. */
async function expectApprovalRefused(browser: Browser, status: number, code: string) {
  const customer = await t.signUp();
  const deposit = await pendingDeposit(customer);
  const auditBefore = await auditRows();
  const response = await browser.post(`/api/admin/transactions/${deposit.id}/approve`);
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).code).toBe(code);
  const [row] = await t.db.select().from(transactions).where(eq(transactions.id, deposit.id));
  expect(row?.status).toBe("pending");
  expect(await balanceOf(t, customer.userId)).toBe(0n);
  expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, deposit.id))).toEqual([]);
  expect(await auditRows()).toBe(auditBefore);
  return response;
}

/** Enrols TOTP in this browser (signed in with the password) and answers the otpauth URI. */
async function enrol(user: SignedUpUser, browser: Browser): Promise<string> {
  const enable = await browser.post("/api/auth/two-factor/enable", { password: user.password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI } = enable.json<{ totpURI: string }>();
  const verify = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
  expect(verify.statusCode, verify.body).toBe(200);
  return totpURI;
}

describe("a password-only session never becomes an admin session", () => {
  test("the finding: signed in on device 1, promoted, enrolled on device 2 → device 1 cannot read the back office", async () => {
    const customer = await t.signUp();
    const device1 = customer.browser;
    // Promotion by a super admin through the back office.
    const promoted = await superAdmin.browser.post("/api/admin/admins/promote", { email: customer.email, adminRole: "admin" });
    expect(promoted.statusCode, promoted.body).toBe(200);
    // Promotion ended device 1's session.
    expect((await device1.get("/api/me")).statusCode).toBe(401);
    expect(await sessionsOf(customer.userId)).toEqual([]);

    // Signed in again on device 1 with the password (before any second factor exists), then
    // enrolled on device 2: enrolment ends device 1's session.
    await t.signIn(customer.email, customer.password, device1);
    const device2 = await t.signIn(customer.email, customer.password);
    await enrol(customer, device2);
    expect((await device1.get("/api/admin/stats")).statusCode).toBe(401);
    expect((await device1.get("/api/me")).statusCode).toBe(401);
    // Device 2, which proved the code, is in; it holds the only session left.
    expect((await device2.get("/api/admin/stats")).statusCode).toBe(200);
    expect(await sessionsOf(customer.userId)).toHaveLength(1);
  });

  test("a session of an enrolled admin that did not pass the code step is refused (401) and ended, and approves nothing", async () => {
    const admin = await signUpAdmin(t);
    // However such a session came about, the mark on the session is what counts.
    await t.db.update(session).set({ twoFactorVerifiedAt: null }).where(eq(session.userId, admin.userId));
    const response = await expectApprovalRefused(admin.browser, 401, "SESSION_NEEDS_SECOND_FACTOR");
    expect(errorOf(response).message).toBe(
      "This session has not passed the code step. Sign in again with the code from your authenticator app.",
    );
    expect(await sessionsOf(admin.userId)).toEqual([]);
  });

  test("signing in with the password and then a TOTP code, or a recovery code, marks that session only", async () => {
    const account = await t.signUp();
    await t.makeAdmin(account.userId);
    await t.signIn(account.email, account.password, account.browser);
    const enable = await account.browser.post("/api/auth/two-factor/enable", { password: account.password });
    const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
    expect((await account.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).statusCode).toBe(200);

    for (const secondStep of [
      (b: Browser) => b.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) }),
      (b: Browser) => b.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] }),
    ]) {
      const browser = t.browser();
      const password = await browser.post("/api/auth/sign-in/email", { email: account.email, password: account.password });
      expect(password.json()).toMatchObject({ twoFactorRedirect: true });
      expect((await browser.get("/api/admin/stats")).statusCode).toBe(401);
      expect((await secondStep(browser)).statusCode).toBe(200);
      expect((await browser.get("/api/admin/stats")).statusCode).toBe(200);
    }
    const marks = (await sessionsOf(account.userId)).map((s) => s.twoFactorVerifiedAt);
    expect(marks).toHaveLength(3);
    for (const mark of marks) expect(mark).toBeInstanceOf(Date);
  });
});

describe("what a session may do changes → the user's other sessions end", () => {
  test("a role change (admin → super_admin) ends every session of that admin", async () => {
    const admin = await signUpAdmin(t);
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(200);
    const changed = await superAdmin.browser.post("/api/admin/admins/promote", { email: admin.email, adminRole: "super_admin" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(401);
    expect(await sessionsOf(admin.userId)).toEqual([]);
  });

  test("a second-factor reset ends every session of that admin", async () => {
    const admin = await signUpAdmin(t);
    const reset = await superAdmin.browser.post(`/api/admin/admins/${admin.userId}/reset-two-factor`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(401);
    expect(await sessionsOf(admin.userId)).toEqual([]);
  });

  test("an admin created by a super admin starts with no session at all", async () => {
    const email = t.uniqueEmail("new-admin");
    const created = await superAdmin.browser.post("/api/admin/admins", { email, password: "Correct-Horse-42", adminRole: "admin" });
    expect(created.statusCode, created.body).toBe(201);
    const { userId } = created.json<{ userId: string }>();
    expect(await sessionsOf(userId)).toEqual([]);
  });
});

describe("admin sessions end on the server's clock", () => {
  test("12 hours after it began, an admin session ends however busy it is (401 SESSION_EXPIRED) and approves nothing", async () => {
    const admin = await signUpAdmin(t);
    const twelveHoursAgo = new Date(Date.now() - 12 * 60 * minute - minute);
    await t.db.update(session).set({ createdAt: twelveHoursAgo, lastActiveAt: new Date() }).where(eq(session.userId, admin.userId));
    const response = await expectApprovalRefused(admin.browser, 401, "SESSION_EXPIRED");
    expect(errorOf(response).message).toBe("Your admin session ended after 12 hours. Please sign in again.");
    expect(await sessionsOf(admin.userId)).toEqual([]);
  });

  test("just under 12 hours, it still works", async () => {
    const admin = await signUpAdmin(t);
    await t.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 12 * 60 * minute + 5 * minute) })
      .where(eq(session.userId, admin.userId));
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(200);
  });

  test("16 idle minutes on the server's record: a request with no idle report is refused, not revived", async () => {
    const admin = await signUpAdmin(t);
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 16 * minute) })
      .where(eq(session.userId, admin.userId));
    // The old rule took the browser's word (no header = active now) before looking at the record.
    const response = await expectApprovalRefused(admin.browser, 401, "SESSION_IDLE_TIMEOUT");
    expect(errorOf(response).message).toBe("Your admin session ended after 15 minutes of inactivity. Please sign in again.");
    expect(await sessionsOf(admin.userId)).toEqual([]);
    expect((await admin.browser.get("/api/admin/stats", { headers: { "x-idle-ms": "0" } })).statusCode).toBe(401);
  });

  test("an idle report of 0 after 16 minutes is refused too", async () => {
    const admin = await signUpAdmin(t);
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 16 * minute) })
      .where(eq(session.userId, admin.userId));
    const response = await admin.browser.get("/api/admin/stats", { headers: { "x-idle-ms": "0" } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("SESSION_IDLE_TIMEOUT");
  });

  test("the browser's idle report can end a session sooner: 16 minutes reported on a fresh record → 401", async () => {
    const admin = await signUpAdmin(t);
    const response = await admin.browser.get("/api/admin/stats", { headers: { "x-idle-ms": String(16 * minute) } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("SESSION_IDLE_TIMEOUT");
    expect(await sessionsOf(admin.userId)).toEqual([]);
  });

  test("14 idle minutes on the record: still in, and the request counts as activity", async () => {
    const admin = await signUpAdmin(t);
    const fourteenMinutesAgo = new Date(Date.now() - 14 * minute);
    await t.db.update(session).set({ lastActiveAt: fourteenMinutesAgo }).where(eq(session.userId, admin.userId));
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(200);
    const [row] = await sessionsOf(admin.userId);
    expect(row!.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - minute);
  });

  test("a polling page whose person has been away 10 minutes does not move the record forward past that", async () => {
    const admin = await signUpAdmin(t);
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 12 * minute) })
      .where(eq(session.userId, admin.userId));
    expect((await admin.browser.get("/api/admin/stats", { headers: { "x-idle-ms": String(10 * minute) } })).statusCode).toBe(200);
    const [row] = await sessionsOf(admin.userId);
    expect(row!.lastActiveAt.getTime()).toBeLessThanOrEqual(Date.now() - 10 * minute + 1000);
    expect(row!.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - 11 * minute);
  });
});

test("a session records the address the server resolved, not one the client wrote in X-Forwarded-For", async () => {
  const browser = t.browser();
  const account = await t.signUp({ browser });
  const spoofed = await t
    .browser()
    .post(
      "/api/auth/sign-in/email",
      { email: account.email, password: account.password },
      { headers: { "x-forwarded-for": "203.0.113.7", "x-nexapay-client-ip": "198.51.100.9" }, remoteAddress: "10.200.0.1" },
    );
  expect(spoofed.statusCode).toBe(200);
  const addresses = (await sessionsOf(account.userId)).map((s) => s.ipAddress);
  expect(addresses).toContain("10.200.0.1");
  expect(addresses).not.toContain("203.0.113.7");
  expect(addresses).not.toContain("198.51.100.9");
});
