// Admins' second factor (decision 006): enrolment rules, and the code step of an admin's sign-in. A
// wrong code is refused and leaves the browser signed out; a recovery code works once.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, errorOf, type Browser, type TestApp } from "../../support/test-app.ts";
import { totpCode, type EnrolledAdmin } from "../../support/wallet/admin.ts";

let t: TestApp;
let admin: EnrolledAdmin & { backupCodes: string[] };
beforeAll(async () => {
  t = await createTestApp();
  const account = await t.signUp();
  await t.makeAdmin(account.userId, "admin");
  await t.signIn(account.email, account.password, account.browser);
  const enable = await account.browser.post("/api/auth/two-factor/enable", { password: account.password });
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  expect((await account.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).statusCode).toBe(200);
  admin = { ...account, totpUri: totpURI, backupCodes };
});
afterAll(async () => {
  await t.close();
});

/** The password step: answers a browser that holds only the pending second-factor cookie. */
async function passwordStep(): Promise<Browser> {
  const browser = t.browser();
  const response = await browser.post("/api/auth/sign-in/email", { email: admin.email, password: admin.password });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ twoFactorRedirect: true });
  return browser;
}

function otherCodeThan(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
}

test("the password alone does not open the back office", async () => {
  const browser = await passwordStep();
  expect((await browser.get("/api/admin/stats")).statusCode).toBe(401);
  expect((await browser.get("/api/me")).statusCode).toBe(401);
});

test("a wrong code is refused with the message, and the browser stays signed out; the right code then signs in", async () => {
  const browser = await passwordStep();
  const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: otherCodeThan(totpCode(admin.totpUri)) });
  expect(wrong.statusCode).toBe(400);
  expect(errorOf(wrong)).toEqual({
    code: "INVALID_CREDENTIALS",
    message: "Invalid code. Check your authenticator app and try again.",
    fields: { code: "Invalid code. Check your authenticator app and try again." },
  });
  expect((await browser.get("/api/admin/stats")).statusCode).toBe(401);

  const right = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(admin.totpUri) });
  expect(right.statusCode, right.body).toBe(200);
  expect((await browser.get("/api/admin/stats")).statusCode).toBe(200);
});

test.each([["12345"], ["1234567"], ["abcdef"], [""]])("code %j → 400 asking for the 6 digits", async (code) => {
  const browser = await passwordStep();
  const response = await browser.post("/api/auth/two-factor/verify-totp", { code });
  expect(response.statusCode).toBe(400);
  expect(errorOf(response).fields).toEqual({ code: "Enter the 6-digit code from your authenticator app" });
});

test("a code without the password step first is refused", async () => {
  const response = await t.browser().post("/api/auth/two-factor/verify-totp", { code: totpCode(admin.totpUri) });
  expect(response.statusCode).toBe(400);
});

test("a recovery code signs in once; used again it is refused; another one still works", async () => {
  const [first, second] = admin.backupCodes;
  const once = await passwordStep();
  const used = await once.post("/api/auth/two-factor/verify-backup-code", { code: first });
  expect(used.statusCode, used.body).toBe(200);
  expect((await once.get("/api/admin/stats")).statusCode).toBe(200);

  const again = await passwordStep();
  const reused = await again.post("/api/auth/two-factor/verify-backup-code", { code: first });
  expect(reused.statusCode).toBe(400);
  expect(errorOf(reused)).toEqual({
    code: "INVALID_CREDENTIALS",
    message: "Invalid recovery code.",
    fields: { code: "Invalid recovery code." },
  });
  expect((await again.get("/api/admin/stats")).statusCode).toBe(401);

  const other = await again.post("/api/auth/two-factor/verify-backup-code", { code: second });
  expect(other.statusCode, other.body).toBe(200);
  expect((await again.get("/api/admin/stats")).statusCode).toBe(200);
});

test("a made-up recovery code is refused", async () => {
  const browser = await passwordStep();
  const response = await browser.post("/api/auth/two-factor/verify-backup-code", { code: "abcde-fghij" });
  expect(response.statusCode).toBe(400);
  expect(errorOf(response).message).toBe("Invalid recovery code.");
});

test("enrolment: a customer may start it too (decision 039); a wrong password → 400; an admin already enrolled → 409", async () => {
  // Customers turn on an authenticator app from Profile (tests/api/auth/customer-two-factor.test.ts).
  const customer = await t.signUp();
  const started = await customer.browser.post("/api/auth/two-factor/enable", { password: customer.password });
  expect(started.statusCode).toBe(200);
  expect(started.json<{ totpURI: string }>().totpURI).toMatch(/^otpauth:\/\/totp\//);

  const fresh = await t.signUp();
  await t.makeAdmin(fresh.userId, "admin");
  await t.signIn(fresh.email, fresh.password, fresh.browser);
  const wrongPassword = await fresh.browser.post("/api/auth/two-factor/enable", { password: "Not-The-Password-9" });
  expect(wrongPassword.statusCode).toBe(400);
  expect(errorOf(wrongPassword).fields).toEqual({ password: "Password is incorrect" });

  const signedIn = await passwordStep();
  await signedIn.post("/api/auth/two-factor/verify-totp", { code: totpCode(admin.totpUri) });
  const twice = await signedIn.post("/api/auth/two-factor/enable", { password: admin.password });
  expect(twice.statusCode).toBe(409);
  expect(errorOf(twice).message).toBe("Two-factor sign-in is already set up.");
});

describe("POST /api/auth/two-factor/generate-backup-codes", () => {
  test("new codes replace the old ones: an old unused code is refused, a new one works; 'admin.recovery_codes_regenerated'", async () => {
    const signedIn = await passwordStep();
    await signedIn.post("/api/auth/two-factor/verify-totp", { code: totpCode(admin.totpUri) });
    const response = await signedIn.post("/api/auth/two-factor/generate-backup-codes", { password: admin.password });
    expect(response.statusCode, response.body).toBe(200);
    const { backupCodes } = response.json<{ backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(admin.backupCodes.length);
    expect(backupCodes.some((code) => admin.backupCodes.includes(code))).toBe(false);

    const oldCode = admin.backupCodes.at(-1);
    const withOld = await passwordStep();
    expect((await withOld.post("/api/auth/two-factor/verify-backup-code", { code: oldCode })).statusCode).toBe(400);
    const withNew = await passwordStep();
    expect((await withNew.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).statusCode).toBe(200);
    expect((await withNew.get("/api/admin/stats")).statusCode).toBe(200);

    const log = await withNew.get("/api/admin/audit-log?action=admin.recovery_codes_regenerated");
    expect(log.json()).toMatchObject({ total: 1, items: [{ actorId: admin.userId, targetId: admin.userId }] });
    admin = { ...admin, backupCodes: backupCodes.slice(1) };
  });

  test("a wrong password → 400 and the codes stay; without the second factor, or without an authenticator, it is refused", async () => {
    const signedIn = await passwordStep();
    await signedIn.post("/api/auth/two-factor/verify-totp", { code: totpCode(admin.totpUri) });
    const wrong = await signedIn.post("/api/auth/two-factor/generate-backup-codes", { password: "Not-The-Password-9" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ password: "Password is incorrect" });
    const stillWorks = await passwordStep();
    expect((await stillWorks.post("/api/auth/two-factor/verify-backup-code", { code: admin.backupCodes[0] })).statusCode).toBe(200);

    const passwordOnly = await passwordStep();
    expect((await passwordOnly.post("/api/auth/two-factor/generate-backup-codes", { password: admin.password })).statusCode).toBe(401);
    // A customer without an authenticator has no codes to replace (decision 039: customers may enrol).
    const customer = await t.signUp();
    const refused = await customer.browser.post("/api/auth/two-factor/generate-backup-codes", { password: customer.password });
    expect(refused.statusCode).toBe(409);
    expect((await t.browser().post("/api/auth/two-factor/generate-backup-codes", { password: "x" })).statusCode).toBe(401);
  });
});
