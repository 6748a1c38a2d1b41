// Forgot and reset password (docs/product.md, Signing up and signing in): the reset mail and its link, the
// single-use one-hour token, the same answer for unknown e-mails, and the new-password rules.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, eq, like } from "drizzle-orm";
import { session, user, verification } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, publicUrl, type Mail, type SignedUpUser, type TestApp } from "../../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const newPassword = "Fresh-Start-2025";
const invalidLink = "Invalid or expired reset link.";

/** Asks for a reset link for this account and reads it from the outbox. */
async function requestReset(account: SignedUpUser, after?: Mail): Promise<Mail & { resetToken: string }> {
  const response = await t
    .browser()
    .post("/api/auth/request-password-reset", { email: account.email, redirectTo: `${publicUrl}/reset-password` });
  expect(response.statusCode).toBe(200);
  const mail = await t.readLatestMail(account.email, after ? { after } : {});
  if (mail.resetToken === null) throw new Error(`no reset link in the mail:\n${mail.text}`);
  return { ...mail, resetToken: mail.resetToken };
}

async function resetTokenCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(verification).where(like(verification.identifier, "reset-password:%"));
  return row?.n ?? 0;
}

async function verify(token: string): Promise<boolean> {
  const response = await t.browser().post("/api/auth/reset-password/verify", { token });
  expect(response.statusCode).toBe(200);
  return response.json<{ valid: boolean }>().valid;
}

describe("POST /api/auth/request-password-reset", () => {
  test("sends a mail with a one-hour link to our /reset-password page", async () => {
    const account = await t.signUp();
    const response = await t.browser().post("/api/auth/request-password-reset", { email: account.email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ status: boolean; message: string }>();
    expect(body.status).toBe(true);
    expect(body.message).toBe("If this email exists in our system, check your email for the reset link");

    const mail = await t.readLatestMail(account.email);
    expect(mail.subject).toBe("Reset your Nexapay password");
    expect(mail.raw).toMatch(new RegExp(`^To: ${account.email}$`, "m"));
    expect(mail.resetLink).toBe(`${publicUrl}/reset-password?token=${mail.resetToken}`);
    expect(mail.text).toContain("within one hour");

    const [row] = await t.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${mail.resetToken}`));
    expect(row?.value).toBe(account.userId);
    const minutesLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  test("an unknown e-mail is answered exactly like a known one, and no mail is written for it", async () => {
    const account = await t.signUp();
    const unknownEmail = t.uniqueEmail("nobody");
    const tokensBefore = await resetTokenCount();
    const unknown = await t.browser().post("/api/auth/request-password-reset", { email: unknownEmail });
    const known = await t.browser().post("/api/auth/request-password-reset", { email: account.email });

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers["content-type"]).toBe(known.headers["content-type"]);
    expect(unknown.headers["set-cookie"]).toBe(known.headers["set-cookie"]);

    // The known mail arrives; by then a mail to the unknown address would have been written too.
    await t.readLatestMail(account.email);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.mailFilesTo(unknownEmail)).toEqual([]);
    expect(await resetTokenCount()).toBe(tokensBefore + 1);
  });

  test.each([
    { case: "an invalid e-mail", body: { email: "rahim(at)example.com" } },
    { case: "an empty e-mail", body: { email: "" } },
    { case: "no e-mail", body: {} },
  ])("forgot password with $case → 400 'Please enter a valid email address'", async ({ body }) => {
    const response = await t.browser().post("/api/auth/request-password-reset", body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "VALIDATION_ERROR",
      message: "Please enter a valid email address",
      fields: { email: "Please enter a valid email address" },
    });
  });

  test("the 6th request in a minute from one IP for one e-mail is answered 429", async () => {
    const account = await t.signUp();
    const browser = t.browser();
    for (let request = 1; request <= 5; request += 1) {
      expect((await browser.post("/api/auth/request-password-reset", { email: account.email })).statusCode).toBe(200);
    }
    const sixth = await browser.post("/api/auth/request-password-reset", { email: account.email });
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe("RATE_LIMITED");
  });
});

describe("POST /api/auth/reset-password", () => {
  test("with the mailed token sets the new password, ends every session and lets the user sign in with it", async () => {
    const account = await t.signUp();
    const otherBrowser = await t.signIn(account.email, account.password);
    const mail = await requestReset(account);
    expect(await verify(mail.resetToken)).toBe(true);

    const response = await t.browser().post("/api/auth/reset-password", { newPassword, token: mail.resetToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true });

    expect((await account.browser.get("/api/me")).statusCode).toBe(401);
    expect((await otherBrowser.get("/api/me")).statusCode).toBe(401);
    const [sessions] = await t.db.select({ id: session.id }).from(session).where(eq(session.userId, account.userId));
    expect(sessions).toBeUndefined();

    expect((await t.browser().post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(401);
    await t.signIn(account.email, newPassword);
  });

  test("a token works once: the second use is answered 400 and the link no longer verifies", async () => {
    const account = await t.signUp();
    const mail = await requestReset(account);
    expect((await t.browser().post("/api/auth/reset-password", { newPassword, token: mail.resetToken })).statusCode).toBe(200);

    const again = await t.browser().post("/api/auth/reset-password", { newPassword: "Second-Try-2026", token: mail.resetToken });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toEqual({ code: "VALIDATION_ERROR", message: invalidLink, fields: { token: invalidLink } });
    expect(await verify(mail.resetToken)).toBe(false);
    await t.signIn(account.email, newPassword);
  });

  test("an expired token is answered 400, does not verify, and changes nothing", async () => {
    const account = await t.signUp();
    const mail = await requestReset(account);
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${mail.resetToken}`));

    expect(await verify(mail.resetToken)).toBe(false);
    const response = await t.browser().post("/api/auth/reset-password", { newPassword, token: mail.resetToken });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message: invalidLink, fields: { token: invalidLink } });
    await t.signIn(account.email, account.password);
  });

  test("a token nobody was sent is answered 400 and does not verify", async () => {
    const response = await t.browser().post("/api/auth/reset-password", { newPassword, token: "not-a-real-token-123456" });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(invalidLink);
    expect(await verify("not-a-real-token-123456")).toBe(false);
  });

  test("a newer request leaves the earlier link working until one of them is used", async () => {
    const account = await t.signUp();
    const first = await requestReset(account);
    const second = await requestReset(account, first);
    expect(second.resetToken).not.toBe(first.resetToken);
    expect(await verify(first.resetToken)).toBe(true);
    expect(await verify(second.resetToken)).toBe(true);
  });

  // Reset-password validation
  test.each([
    { case: "7 characters", password: "Abcde12", field: "newPassword", message: "Password must be at least 8 characters" },
    {
      case: "no uppercase letter",
      password: "abcdefg1",
      field: "newPassword",
      message: "Password must contain at least one uppercase letter",
    },
    {
      case: "no lowercase letter",
      password: "ABCDEFG1",
      field: "newPassword",
      message: "Password must contain at least one lowercase letter",
    },
    { case: "no number", password: "Abcdefgh", field: "newPassword", message: "Password must contain at least one number" },
    { case: "no password", password: undefined, field: "newPassword", message: "Password is required" },
  ])("reset with a password of $case → 400 '$message', and the token still works", async ({ password, field, message }) => {
    const account = await t.signUp();
    const mail = await requestReset(account);
    const response = await t.browser().post("/api/auth/reset-password", { newPassword: password, token: mail.resetToken });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect(await verify(mail.resetToken)).toBe(true);
  });

  test.each([
    { case: "an empty token", body: { newPassword, token: "" } },
    { case: "no token", body: { newPassword } },
  ])("reset with $case → 400 '" + invalidLink + "'", async ({ body }) => {
    const response = await t.browser().post("/api/auth/reset-password", body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message: invalidLink, fields: { token: invalidLink } });
  });

  test("a common password is refused with the common-password message, and the token still works", async () => {
    const account = await t.signUp();
    const mail = await requestReset(account);
    const response = await t.browser().post("/api/auth/reset-password", { newPassword: "Password123", token: mail.resetToken });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "PASSWORD_TOO_COMMON",
      message: "This password is too common. Choose another.",
      fields: { newPassword: "This password is too common. Choose another." },
    });
    expect(await verify(mail.resetToken)).toBe(true);
    await t.signIn(account.email, account.password);
  });

  test("an admin's new password needs at least 12 characters", async () => {
    const admin = await t.signUp();
    await t.makeAdmin(admin.userId, "super_admin");
    const mail = await requestReset(admin);
    const short = await t.browser().post("/api/auth/reset-password", { newPassword: "Short-Pass1", token: mail.resetToken });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short)).toEqual({
      code: "VALIDATION_ERROR",
      message: "Password must be at least 12 characters",
      fields: { newPassword: "Password must be at least 12 characters" },
    });
    expect((await t.browser().post("/api/auth/reset-password", { newPassword, token: mail.resetToken })).statusCode).toBe(200);
    await t.signIn(admin.email, newPassword);
  });

  test("a reset ends a sign-in lock: proving the mailbox is enough to get back in", async () => {
    const account = await t.signUp();
    await t.db
      .update(user)
      .set({ failedSignInCount: 10, lockedUntil: new Date(Date.now() + 30 * 60_000) })
      .where(eq(user.id, account.userId));
    expect((await t.browser().post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(403);
    const mail = await requestReset(account);
    expect((await t.browser().post("/api/auth/reset-password", { newPassword, token: mail.resetToken })).statusCode).toBe(200);
    await t.signIn(account.email, newPassword);
    const [row] = await t.db
      .select({ failures: user.failedSignInCount, lockedUntil: user.lockedUntil })
      .from(user)
      .where(eq(user.id, account.userId));
    expect(row).toEqual({ failures: 0, lockedUntil: null });
  });
});
