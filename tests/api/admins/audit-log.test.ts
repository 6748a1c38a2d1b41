// The audit log's security entries (every admin action is in audit_log): an admin
// account created or its role changed, two-factor enrolment, admin sign-ins with their second
// factor, and password changes and resets, each with who, what, which record and from where.
import { afterAll, beforeAll, expect, test } from "vitest";
import type { z } from "zod";
import type { auditEntrySchema } from "../../../src/shared/admin-schemas.ts";
import { createTestApp, goodPassword, type Browser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, totpCode, type EnrolledAdmin } from "../../support/wallet/admin.ts";

type AuditEntryDto = z.infer<typeof auditEntrySchema>;

let t: TestApp;
let superAdmin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await signUpAdmin(t, "super_admin");
});
afterAll(async () => {
  await t.close();
});

async function entries(action: string, targetId: string): Promise<AuditEntryDto[]> {
  const response = await superAdmin.browser.get(`/api/admin/audit-log?action=${encodeURIComponent(action)}&pageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: AuditEntryDto[] }>().items.filter((entry) => entry.targetId === targetId);
}

async function signInWithCode(email: string, password: string, totpUri: string): Promise<Browser> {
  const browser = t.browser();
  expect((await browser.post("/api/auth/sign-in/email", { email, password })).json()).toMatchObject({ twoFactorRedirect: true });
  const verified = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpUri) });
  expect(verified.statusCode, verified.body).toBe(200);
  return browser;
}

test("creating an admin is 'admin.created' by the super admin; promoting one is 'admin.role_granted' with the role before", async () => {
  const email = t.uniqueEmail("new-admin");
  const created = await superAdmin.browser.post("/api/admin/admins", { email, password: "A-Long-Admin-Pass-2026", adminRole: "admin" });
  expect(created.statusCode, created.body).toBe(201);
  const { userId } = created.json<{ userId: string }>();
  expect(await entries("admin.created", userId)).toEqual([
    expect.objectContaining({
      actorId: superAdmin.userId,
      actorEmail: superAdmin.email,
      targetType: "user",
      details: { adminRole: "admin", previousRole: null },
    }),
  ]);

  const promoted = await superAdmin.browser.post("/api/admin/admins/promote", { email, adminRole: "super_admin" });
  expect(promoted.statusCode, promoted.body).toBe(200);
  expect(await entries("admin.role_granted", userId)).toEqual([
    expect.objectContaining({ actorId: superAdmin.userId, details: { adminRole: "super_admin", previousRole: "admin" } }),
  ]);

  const customer = await t.signUp();
  expect((await superAdmin.browser.post("/api/admin/admins/promote", { email: customer.email, adminRole: "admin" })).statusCode).toBe(200);
  expect(await entries("admin.role_granted", customer.userId)).toEqual([
    expect.objectContaining({ details: { adminRole: "admin", previousRole: null } }),
  ]);
});

test("a refused creation writes nothing", async () => {
  const email = t.uniqueEmail("short");
  const refused = await superAdmin.browser.post("/api/admin/admins", { email, password: "short", adminRole: "admin" });
  expect(refused.statusCode).toBe(400);
  const response = await superAdmin.browser.get("/api/admin/audit-log?action=admin.created&pageSize=100");
  expect(response.json<{ items: AuditEntryDto[] }>().items.some((entry) => JSON.stringify(entry).includes(email))).toBe(false);
});

test("enrolling two-factor sign-in is 'admin.two_factor_enabled'; each sign-in with a code or a recovery code is 'admin.signed_in'", async () => {
  const account = await t.signUp();
  await t.makeAdmin(account.userId, "admin");
  await t.signIn(account.email, account.password, account.browser);
  const enable = await account.browser.post("/api/auth/two-factor/enable", { password: account.password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();

  // A wrong code enrols nothing and writes nothing.
  const wrong = await account.browser.post("/api/auth/two-factor/verify-totp", {
    code: totpCode(totpURI) === "000000" ? "111111" : "000000",
  });
  expect(wrong.statusCode).toBe(400);
  expect(await entries("admin.two_factor_enabled", account.userId)).toEqual([]);

  expect((await account.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).statusCode).toBe(200);
  const enrolled = await entries("admin.two_factor_enabled", account.userId);
  expect(enrolled).toEqual([expect.objectContaining({ actorId: account.userId, details: { method: "totp" }, ip: account.browser.ip })]);
  expect(await entries("admin.signed_in", account.userId)).toEqual([]);

  const withCode = await signInWithCode(account.email, account.password, totpURI);
  expect(await entries("admin.signed_in", account.userId)).toEqual([
    expect.objectContaining({ actorId: account.userId, details: { method: "totp" }, ip: withCode.ip }),
  ]);

  const withRecovery = t.browser();
  await withRecovery.post("/api/auth/sign-in/email", { email: account.email, password: account.password });
  const recovered = await withRecovery.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] });
  expect(recovered.statusCode, recovered.body).toBe(200);
  const signIns = await entries("admin.signed_in", account.userId);
  expect(signIns.map((entry) => entry.details)).toEqual([{ method: "recovery_code" }, { method: "totp" }]);
});

test("changing a password is 'user.password_changed'; a wrong current password writes nothing", async () => {
  const customer = await t.signUp();
  const wrong = await customer.browser.post("/api/auth/change-password", {
    currentPassword: "Not-The-Password-1",
    newPassword: "Another-Good-Pass-77",
  });
  expect(wrong.statusCode).toBe(400);
  expect(await entries("user.password_changed", customer.userId)).toEqual([]);

  const changed = await customer.browser.post("/api/auth/change-password", {
    currentPassword: goodPassword,
    newPassword: "Another-Good-Pass-77",
  });
  expect(changed.statusCode, changed.body).toBe(200);
  expect(await entries("user.password_changed", customer.userId)).toEqual([
    expect.objectContaining({ actorId: customer.userId, targetType: "user", ip: customer.browser.ip }),
  ]);
});

test("resetting a password through the e-mailed link is 'user.password_reset'", async () => {
  const customer = await t.signUp();
  const requested = await t.browser().post("/api/auth/request-password-reset", { email: customer.email, redirectTo: "/reset-password" });
  expect(requested.statusCode, requested.body).toBe(200);
  const mail = await t.readLatestMail(customer.email);
  const reset = await t.browser().post("/api/auth/reset-password", { token: mail.resetToken, newPassword: "Reset-Good-Pass-88" });
  expect(reset.statusCode, reset.body).toBe(200);
  expect(await entries("user.password_reset", customer.userId)).toEqual([expect.objectContaining({ actorId: customer.userId })]);
});

test("a super admin resets another admin's two-factor sign-in: their sessions end, they enrol again, 'admin.two_factor_reset'", async () => {
  const admin = await signUpAdmin(t);
  const reset = await superAdmin.browser.post(`/api/admin/admins/${admin.userId}/reset-two-factor`);
  expect(reset.statusCode, reset.body).toBe(200);
  expect(await entries("admin.two_factor_reset", admin.userId)).toEqual([
    expect.objectContaining({ actorId: superAdmin.userId, ip: superAdmin.browser.ip }),
  ]);
  expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(401);

  // The password alone now signs in, and the back office asks for a new authenticator app.
  const again = await t.signIn(admin.email, admin.password);
  expect((await again.get("/api/admin/stats")).json()).toMatchObject({ error: { code: "TWO_FACTOR_REQUIRED" } });
  const enable = await again.post("/api/auth/two-factor/enable", { password: admin.password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI } = enable.json<{ totpURI: string }>();
  expect(totpURI).not.toBe(admin.totpUri);
  expect((await again.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).statusCode).toBe(200);
  expect((await again.get("/api/admin/stats")).statusCode).toBe(200);

  // A second reset of the new enrolment is allowed; of one not set up, it is a 409.
  expect((await superAdmin.browser.post(`/api/admin/admins/${admin.userId}/reset-two-factor`)).statusCode).toBe(200);
  const twice = await superAdmin.browser.post(`/api/admin/admins/${admin.userId}/reset-two-factor`);
  expect(twice.statusCode).toBe(409);
  expect(twice.json()).toMatchObject({ error: { message: "This admin has not set up two-factor sign-in yet." } });
});

test("resetting two-factor: one's own → 409, a customer → 404, an unknown id → 404, a malformed id → 400; nothing written", async () => {
  const before = (await entries("admin.two_factor_reset", superAdmin.userId)).length;
  const own = await superAdmin.browser.post(`/api/admin/admins/${superAdmin.userId}/reset-two-factor`);
  expect(own.statusCode).toBe(409);
  expect(own.json()).toMatchObject({
    error: { code: "CONFLICT", message: "You cannot reset your own two-factor sign-in. Use one of your recovery codes." },
  });
  const customer = await t.signUp();
  const notAdmin = await superAdmin.browser.post(`/api/admin/admins/${customer.userId}/reset-two-factor`);
  expect(notAdmin.statusCode).toBe(404);
  expect(notAdmin.json()).toMatchObject({ error: { code: "NOT_FOUND", message: "Admin not found" } });
  expect((await superAdmin.browser.post("/api/admin/admins/00000000-0000-4000-8000-000000000000/reset-two-factor")).statusCode).toBe(404);
  expect((await superAdmin.browser.post("/api/admin/admins/abc/reset-two-factor")).statusCode).toBe(400);
  expect((await entries("admin.two_factor_reset", superAdmin.userId)).length).toBe(before);
  expect((await superAdmin.browser.get("/api/admin/stats")).statusCode).toBe(200);
});
