// Logs carry no secrets: a password-reset token, a session cookie (or the session token in it), a
// TOTP secret or its otpauth:// URI, a recovery code or a password never appears in a log line.
// The app logs at "trace", its most talkative level, into memory while people go through every
// flow that handles those secrets; then the whole log is searched for each of them.
import { Writable } from "node:stream";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, publicUrl, type TestApp } from "../../support/test-app.ts";
import { totpCode } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ logger: { level: "trace", stream } });
});
afterAll(async () => {
  await t.close();
});

/** Every secret seen during the flows, by what it is; the log must contain none of them. */
const secrets = new Map<string, string>();

function keepSecret(what: string, value: string | null | undefined): void {
  if (!value) throw new Error(`the flow did not produce ${what}`);
  secrets.set(what, value);
}

/** A cookie's value as sent, decoded, and the session token before its signature. */
function keepSessionCookie(whose: string, cookie: string | undefined): void {
  keepSecret(`${whose} session cookie`, cookie);
  const decoded = decodeURIComponent(cookie!);
  keepSecret(`${whose} session cookie, decoded`, decoded);
  keepSecret(`${whose} session token`, decoded.split(".")[0]);
}

test("a password reset, sign-ins, an upload and an admin's second factor leave no secret in the log", async () => {
  // A customer forgets their password and follows the link in the e-mail.
  const customer = await t.signUp();
  keepSecret("the first password", customer.password);
  keepSessionCookie("the new customer's", customer.browser.sessionCookie);
  const ask = await t
    .browser()
    .post("/api/auth/request-password-reset", { email: customer.email, redirectTo: `${publicUrl}/reset-password` });
  expect(ask.statusCode).toBe(200);
  const mail = await t.readLatestMail(customer.email);
  keepSecret("the reset token", mail.resetToken);
  keepSecret("the reset link", mail.resetLink);
  const token = mail.resetToken!;

  const page = t.browser();
  // The page the link opens (the web app is not served in tests, so 404: still a logged request).
  expect((await page.get(`/reset-password?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);
  const verify = await page.post("/api/auth/reset-password/verify", { token });
  expect(verify.json()).toEqual({ valid: true });
  const newPassword = "Fresh-Start-2025";
  keepSecret("the new password", newPassword);
  expect((await page.post("/api/auth/reset-password", { token, newPassword })).statusCode).toBe(200);

  const signedIn = await t.signIn(customer.email, newPassword);
  keepSessionCookie("the customer's", signedIn.sessionCookie);
  expect((await signedIn.get("/api/me")).statusCode).toBe(200);
  // A multipart upload: the multipart parser logs its options, request headers included, at trace.
  const upload = await uploadDocument(signedIn, { documentType: "national_id", side: "front", bytes: makePng() });
  expect(upload.statusCode, upload.body).toBe(200);

  // An admin enrols an authenticator app, signs in again and uses a recovery code.
  const adminAccount = await t.signUp({ username: t.uniqueUsername("admin") });
  await t.makeAdmin(adminAccount.userId, "admin");
  // A new admin signs in again with the password (promotion may end the sessions it had).
  await t.signIn(adminAccount.email, adminAccount.password, adminAccount.browser);
  const enable = await adminAccount.browser.post("/api/auth/two-factor/enable", { password: adminAccount.password });
  expect(enable.statusCode).toBe(200);
  const { totpURI, backupCodes } = enable.json<{ totpURI: string; backupCodes: string[] }>();
  keepSecret("the otpauth URI", totpURI);
  keepSecret("the TOTP secret", new URL(totpURI).searchParams.get("secret"));
  backupCodes.forEach((code, i) => keepSecret(`recovery code ${i + 1}`, code));
  const code = totpCode(totpURI);
  expect((await adminAccount.browser.post("/api/auth/two-factor/verify-totp", { code })).statusCode).toBe(200);
  keepSessionCookie("the enrolled admin's", adminAccount.browser.sessionCookie);

  const later = t.browser();
  const passwordStep = await later.post("/api/auth/sign-in/email", { email: adminAccount.email, password: adminAccount.password });
  expect(passwordStep.json()).toMatchObject({ twoFactorRedirect: true });
  expect((await later.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] })).statusCode).toBe(200);
  keepSessionCookie("the admin's recovery-code", later.sessionCookie);
  expect((await later.get("/api/admin/stats")).statusCode).toBe(200);

  const log = logLines.join("");
  // The log is really there and about these requests, so that the search below can fail.
  expect(logLines.filter((line) => line.includes('"incoming request"')).length).toBeGreaterThan(10);
  expect(log).toContain("mail written to outbox");
  expect(log).toContain("Providing options to busboy");
  const leaked = [...secrets].filter(([, value]) => log.includes(value)).map(([what]) => what);
  expect(leaked).toEqual([]);
  // The reset page's request is still logged, with its token replaced.
  expect(log).toContain('"url":"/reset-password?token=[redacted]"');
});
