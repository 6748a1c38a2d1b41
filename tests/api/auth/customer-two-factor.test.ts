// Customers may turn on an authenticator app (decision 039): enrolment, the code step of their
// sign-in (the app's code or a recovery code), and turning it off again with the password AND a
// current code. Turning it on or off starts the withdrawal hold and queues the owner's alert; a
// wrong password or code changes nothing. Admins keep their rules: they cannot turn it off.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, emailOutbox, profiles, session, twoFactor, user } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, type Browser, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, totpCode } from "../../support/wallet/admin.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ customerProtection: "defaults" });
});
afterAll(async () => {
  await t.close();
});

type Enrolled = SignedUpUser & { totpUri: string; backupCodes: string[] };

/** "123456" → "623456": a well-formed code that is not the current one. */
function otherCodeThan(code: string): string {
  return String((Number(code) + 500_000) % 1_000_000).padStart(6, "0");
}

/** "123456" → "১২৩৪৫৬", as a Bangla keyboard types it. */
function inBengaliDigits(code: string): string {
  return code.replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
}

async function enrolledCustomer(): Promise<Enrolled> {
  const customer = await t.signUp();
  const enable = await customer.browser.post("/api/auth/two-factor/enable", { password: customer.password });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  const verify = await customer.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) });
  expect(verify.statusCode, verify.body).toBe(200);
  return { ...customer, totpUri: totpURI, backupCodes };
}

/** The password step of a sign-in: answers a browser that holds only the pending second-factor cookie. */
async function passwordStep(person: SignedUpUser): Promise<Browser> {
  const browser = t.browser();
  const response = await browser.post("/api/auth/sign-in/email", { email: person.email, password: person.password });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ twoFactorRedirect: true });
  return browser;
}

async function standingOf(userId: string) {
  const [row] = await t.db
    .select({ twoFactorEnabled: user.twoFactorEnabled, securityChangedAt: profiles.securityChangedAt })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const secrets = await t.db
    .select({ secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));
  const [alerts] = await t.db
    .select({ n: count() })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.template, "security.two_factor_changed")));
  const sessions = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  return { ...row!, secrets, alerts: alerts!.n, sessions: sessions.length };
}

async function auditActionsOf(userId: string): Promise<{ action: string; details: unknown }[]> {
  return t.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(auditLog.createdAt);
}

describe("turning it on", () => {
  test("enable answers the secret and 10 recovery codes; the first code completes it: hold, alert, audit, other sessions ended", async () => {
    const customer = await t.signUp();
    const laptop = await t.signIn(customer.email, customer.password);
    expect(await standingOf(customer.userId)).toMatchObject({ twoFactorEnabled: false, securityChangedAt: null, alerts: 0, sessions: 2 });

    const enable = await customer.browser.post("/api/auth/two-factor/enable", { password: customer.password });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Nexapay:.+secret=/);
    expect(backupCodes).toHaveLength(10);
    // Not on until a code proves the app works: sign-in still takes the password alone.
    expect((await standingOf(customer.userId)).twoFactorEnabled).toBe(false);

    const wrong = await customer.browser.post("/api/auth/two-factor/verify-totp", { code: otherCodeThan(totpCode(totpURI)) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ code: "Invalid code. Check your authenticator app and try again." });
    expect(await standingOf(customer.userId)).toMatchObject({ twoFactorEnabled: false, securityChangedAt: null, alerts: 0 });

    const before = Date.now();
    const right = await customer.browser.post("/api/auth/two-factor/verify-totp", { code: inBengaliDigits(totpCode(totpURI)) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).not.toHaveProperty("token");
    const after = await standingOf(customer.userId);
    expect(after).toMatchObject({ twoFactorEnabled: true, alerts: 1, sessions: 1 });
    expect(after.securityChangedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await customer.browser.get("/api/me")).json()).toMatchObject({ twoFactorEnabled: true });
    // The laptop was signed in with the password alone: it is signed out.
    expect((await laptop.get("/api/me")).statusCode).toBe(401);
    expect((await auditActionsOf(customer.userId)).map((entry) => entry.action)).toContain("user.two_factor_enabled");
    expect((await auditActionsOf(customer.userId)).map((entry) => entry.action)).not.toContain("admin.two_factor_enabled");
  });

  test("a wrong password → 400 naming password, and nothing starts; twice → 409; signed out → 401", async () => {
    const customer = await t.signUp();
    const wrong = await customer.browser.post("/api/auth/two-factor/enable", { password: "Not-The-Password-9" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ code: "INVALID_CREDENTIALS", fields: { password: "Password is incorrect" } });
    expect((await standingOf(customer.userId)).secrets).toEqual([]);

    const enrolled = await enrolledCustomer();
    const twice = await enrolled.browser.post("/api/auth/two-factor/enable", { password: enrolled.password });
    expect(twice.statusCode).toBe(409);
    expect((await t.browser().post("/api/auth/two-factor/enable", { password: "x" })).statusCode).toBe(401);
  });
});

describe("signing in", () => {
  let customer: Enrolled;
  beforeAll(async () => {
    customer = await enrolledCustomer();
  });

  test("the password alone answers twoFactorRedirect and opens nothing", async () => {
    const browser = await passwordStep(customer);
    expect((await browser.get("/api/me")).statusCode).toBe(401);
    expect((await browser.get("/api/wallet")).statusCode).toBe(401);
  });

  test("a wrong code is refused and the browser stays signed out; the right code signs in ('user.signed_in', totp)", async () => {
    const browser = await passwordStep(customer);
    const wrong = await browser.post("/api/auth/two-factor/verify-totp", { code: otherCodeThan(totpCode(customer.totpUri)) });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).fields).toEqual({ code: "Invalid code. Check your authenticator app and try again." });
    expect((await browser.get("/api/me")).statusCode).toBe(401);

    const right = await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(customer.totpUri) });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).not.toHaveProperty("token");
    expect((await browser.get("/api/me")).json()).toMatchObject({ id: customer.userId, twoFactorEnabled: true, isAdmin: false });
    const signedIn = (await auditActionsOf(customer.userId)).filter((entry) => entry.action === "user.signed_in");
    expect(signedIn.at(-1)?.details).toEqual({ method: "totp" });
    // A sign-in is no security change: no new hold, no alert.
    expect((await standingOf(customer.userId)).alerts).toBe(1);
  });

  test("a recovery code signs in once; used again it is refused ('user.signed_in', recovery_code)", async () => {
    const [code] = customer.backupCodes;
    const once = await passwordStep(customer);
    const used = await once.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(used.statusCode, used.body).toBe(200);
    expect((await once.get("/api/me")).statusCode).toBe(200);
    const entries = (await auditActionsOf(customer.userId)).filter((entry) => entry.action === "user.signed_in");
    expect(entries.at(-1)?.details).toEqual({ method: "recovery_code" });

    const again = await passwordStep(customer);
    const reused = await again.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.statusCode).toBe(400);
    expect(errorOf(reused).fields).toEqual({ code: "Invalid recovery code." });
    expect((await again.get("/api/me")).statusCode).toBe(401);
    customer = { ...customer, backupCodes: customer.backupCodes.slice(1) };
  });

  test("new recovery codes for a signed-in customer replace the old ones; not enrolled → 409", async () => {
    const browser = await passwordStep(customer);
    expect((await browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(customer.totpUri) })).statusCode).toBe(200);
    const renewed = await browser.post("/api/auth/two-factor/generate-backup-codes", { password: customer.password });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { backupCodes } = renewed.json<{ backupCodes: string[] }>();
    const withOld = await passwordStep(customer);
    expect((await withOld.post("/api/auth/two-factor/verify-backup-code", { code: customer.backupCodes[0] })).statusCode).toBe(400);
    customer = { ...customer, backupCodes };
    expect((await auditActionsOf(customer.userId)).map((entry) => entry.action)).toContain("user.recovery_codes_regenerated");

    const plain = await t.signUp();
    const refused = await plain.browser.post("/api/auth/two-factor/generate-backup-codes", { password: plain.password });
    expect(refused.statusCode).toBe(409);
  });
});

describe("turning it off", () => {
  test("needs the password AND a current code: each wrong one is refused and nothing changes", async () => {
    const customer = await enrolledCustomer();
    const before = await standingOf(customer.userId);
    const attempts = [
      { body: { password: "Not-The-Password-9", code: totpCode(customer.totpUri) }, field: "password" },
      { body: { password: customer.password, code: otherCodeThan(totpCode(customer.totpUri)) }, field: "code" },
      { body: { password: customer.password, code: "abcde-12345" }, field: "code" },
      { body: { password: "Not-The-Password-9", code: customer.backupCodes[0] }, field: "password" },
    ];
    for (const { body, field } of attempts) {
      const response = await customer.browser.post("/api/auth/two-factor/disable", body);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe("INVALID_CREDENTIALS");
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
      expect(await standingOf(customer.userId)).toEqual(before);
    }
    // The recovery code tried with a wrong password was not used up: it still signs in.
    const browser = await passwordStep(customer);
    expect((await browser.post("/api/auth/two-factor/verify-backup-code", { code: customer.backupCodes[0] })).statusCode).toBe(200);

    expect((await auditActionsOf(customer.userId)).map((entry) => entry.action)).not.toContain("user.two_factor_disabled");
  });

  test("a body without both, or empty ones → 400 VALIDATION_ERROR", async () => {
    const customer = await t.signUp();
    for (const body of [{ password: customer.password }, { code: "123456" }, { password: "", code: "" }]) {
      const response = await customer.browser.post("/api/auth/two-factor/disable", body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    }
  });

  test("with the password and the app's code: off, the hold starts again, an alert, the audit entry; sign-in is the password alone", async () => {
    const customer = await enrolledCustomer();
    await t.db
      .update(profiles)
      .set({ securityChangedAt: new Date(Date.now() - 48 * 3_600_000) })
      .where(eq(profiles.id, customer.userId));
    const before = Date.now();
    const response = await customer.browser.post("/api/auth/two-factor/disable", {
      password: customer.password,
      code: ` ${inBengaliDigits(totpCode(customer.totpUri)).slice(0, 3)} ${totpCode(customer.totpUri).slice(3)} `,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await standingOf(customer.userId);
    expect(after).toMatchObject({ twoFactorEnabled: false, secrets: [], alerts: 2 });
    expect(after.securityChangedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // better-auth replaced this browser's session; it stays signed in.
    expect((await customer.browser.get("/api/me")).json()).toMatchObject({ twoFactorEnabled: false });
    const disabled = (await auditActionsOf(customer.userId)).filter((entry) => entry.action === "user.two_factor_disabled");
    expect(disabled).toEqual([{ action: "user.two_factor_disabled", details: { method: "totp" } }]);

    const signIn = await t.browser().post("/api/auth/sign-in/email", { email: customer.email, password: customer.password });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).not.toHaveProperty("twoFactorRedirect");

    const again = await customer.browser.post("/api/auth/two-factor/disable", { password: customer.password, code: "123456" });
    expect(again.statusCode).toBe(409);
  });

  test("a recovery code works in place of the app's code", async () => {
    const customer = await enrolledCustomer();
    const response = await customer.browser.post("/api/auth/two-factor/disable", {
      password: customer.password,
      code: customer.backupCodes[3],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await standingOf(customer.userId)).toMatchObject({ twoFactorEnabled: false, secrets: [] });
    const disabled = (await auditActionsOf(customer.userId)).filter((entry) => entry.action === "user.two_factor_disabled");
    expect(disabled.map((entry) => entry.details)).toEqual([{ method: "recovery_code" }]);
  });

  test("not enrolled → 409; signed out → 401; an admin → 403, and theirs stays on", async () => {
    const plain = await t.signUp();
    const notSetUp = await plain.browser.post("/api/auth/two-factor/disable", { password: plain.password, code: "123456" });
    expect(notSetUp.statusCode).toBe(409);
    expect(errorOf(notSetUp).code).toBe("CONFLICT");
    expect((await t.browser().post("/api/auth/two-factor/disable", { password: "x", code: "123456" })).statusCode).toBe(401);

    const admin = await signUpAdmin(t);
    const refused = await admin.browser.post("/api/auth/two-factor/disable", { password: admin.password, code: totpCode(admin.totpUri) });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).message).toBe("The back office requires two-factor sign-in: it cannot be turned off.");
    expect((await standingOf(admin.userId)).twoFactorEnabled).toBe(true);
    expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(200);
    // The admin's own entries keep their names.
    expect((await auditActionsOf(admin.userId)).map((entry) => entry.action)).toContain("admin.two_factor_enabled");
  });
});
