// A stolen password cannot take the money out (decision 039): every withdrawal is confirmed by its
// owner with a code e-mailed for that amount and number (or their authenticator's), waits after a
// security change, stops when the account is frozen, and needs a verified identity above
// UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT. The server runs with the product's defaults here.
//
// Each refusal is checked to change nothing that matters: balance, held money, transactions,
// ledger entries and audit entries stay as they were.
import { Writable } from "node:stream";
import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { bengaliDigits } from "../../../src/shared/money.ts";
import { auditLog, emailOutbox, ledgerEntries, profiles, transactions, withdrawalConfirmations } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, publicUrl, type Mail, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { markIdentityVerified } from "../../support/wallet/accounts.ts";
import { signUpAdmin, totpCode, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { expectLedgerIntact, fund } from "../../support/wallet/money.ts";

const logLines: string[] = [];
let t: TestApp;
let admin: EnrolledAdmin;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ customerProtection: "defaults", logger: { level: "trace", stream } });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const bkash = (amount: string, walletNumber = "01712345678") => ({ walletType: "bKash", walletNumber, amount });

/** A verified customer with `amount` BDT, as most tests here need one. */
async function verifiedCustomer(amount = "10000"): Promise<SignedUpUser> {
  const user = await t.signUp();
  await markIdentityVerified(t, user.userId);
  await fund(t, { userId: user.userId, amount, adminId: admin.userId });
  return user;
}

function withdraw(user: SignedUpUser, body: object, idempotencyKey?: string) {
  return user.browser.post("/api/withdrawals", body, idempotencyKey ? { headers: { "idempotency-key": idempotencyKey } } : {});
}

/** The 6-digit code in a confirmation e-mail. */
function codeIn(mail: Mail): string {
  const code = /^(\d{6})\b/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.file}: ${mail.text}`);
  return code;
}

/** Asks for a withdrawal without a code and reads the code the answer e-mailed. */
async function codeFor(user: SignedUpUser, body: object): Promise<{ code: string; mail: Mail }> {
  const before = (await t.mailFilesTo(user.email)).length;
  const asked = await withdraw(user, body);
  expect(asked.statusCode, asked.body).toBe(403);
  expect(errorOf(asked)).toMatchObject({ code: "CONFIRMATION_REQUIRED", method: "email" });
  expect((await t.mailFilesTo(user.email)).length).toBe(before + 1);
  const mail = await t.readLatestMail(user.email);
  return { code: codeIn(mail), mail };
}

/** Everything a refused request must leave as it was. */
async function moneyState(userId: string) {
  const [profile] = await t.db
    .select({ balance: profiles.balanceMinor, held: profiles.heldMinor })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [txCount] = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId));
  const [ledgerCount] = await t.db.select({ n: count() }).from(ledgerEntries);
  const [auditCount] = await t.db.select({ n: count() }).from(auditLog);
  return { profile, transactions: txCount?.n, ledger: ledgerCount?.n, audit: auditCount?.n };
}

async function expectUnchanged(userId: string, act: () => Promise<void>): Promise<void> {
  const before = await moneyState(userId);
  await act();
  expect(await moneyState(userId)).toEqual(before);
}

describe("the e-mailed code", () => {
  test("without a code: 403 CONFIRMATION_REQUIRED, nothing created, and a code e-mailed for this amount and number", async () => {
    const user = await verifiedCustomer();
    await expectUnchanged(user.userId, async () => {
      const asked = await withdraw(user, bkash("1500"));
      expect(asked.statusCode).toBe(403);
      const error = errorOf(asked);
      expect(error).toMatchObject({ code: "CONFIRMATION_REQUIRED", method: "email" });
      // The address, masked: the first letter and the domain.
      expect(error.sentTo).toBe(`${user.email.slice(0, 1)}•••@example.com`);
      expect(Date.parse(error.resendAt ?? "")).toBeGreaterThan(Date.now());
    });
    const mail = await t.readLatestMail(user.email);
    expect(mail.subject).toBe("Your code to confirm a Nexapay withdrawal");
    expect(mail.text).toContain("1,500.00 BDT to bKash 01712345678");
    expect(codeIn(mail)).toMatch(/^\d{6}$/);
    // The "This wasn't me" link, with a token of its own.
    expect(mail.text).toMatch(new RegExp(`${publicUrl}/freeze\\?token=[\\w-]{43}`));
  });

  test("the code confirms the withdrawal once; a replay of it with the same Idempotency-Key needs no second code", async () => {
    const user = await verifiedCustomer();
    const { code } = await codeFor(user, bkash("1500"));
    const key = randomUUID();
    const created = await withdraw(user, { ...bkash("1500"), confirmationCode: code }, key);
    expect(created.statusCode, created.body).toBe(201);
    const withdrawal = created.json<TransactionDto>();
    expect(withdrawal).toMatchObject({ type: "withdraw", status: "pending", amount: "1500.00" });

    const replay = await withdraw(user, bkash("1500"), key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json<TransactionDto>().id).toBe(withdrawal.id);

    // Used: the same code does not make a second one.
    await expectUnchanged(user.userId, async () => {
      const again = await withdraw(user, { ...bkash("1500"), confirmationCode: code });
      expect(again.statusCode).toBe(400);
      expect(errorOf(again).code).toBe("CONFIRMATION_INVALID");
      expect(errorOf(again).fields?.confirmationCode).toBe("This code is wrong or has expired. Check it, or send a new code.");
    });
    const [audit] = await t.db.select({ details: auditLog.details }).from(auditLog).where(eq(auditLog.targetId, withdrawal.id));
    expect(audit?.details).toMatchObject({ confirmedBy: "email" });
    await expectLedgerIntact(t);
  });

  test("Bengali digits and spaces in the code are read as typed", async () => {
    const user = await verifiedCustomer();
    const { code } = await codeFor(user, bkash("700"));
    const typed = `${bengaliDigits(code.slice(0, 3))} ${bengaliDigits(code.slice(3))}`;
    expect((await withdraw(user, { ...bkash("700"), confirmationCode: typed })).statusCode).toBe(201);
  });

  test("a code for one amount or number does not confirm another", async () => {
    const user = await verifiedCustomer();
    const { code } = await codeFor(user, bkash("1500"));
    await expectUnchanged(user.userId, async () => {
      for (const other of [bkash("1500.01"), bkash("1500", "01812345678"), { ...bkash("1500"), walletType: "Nagad" }]) {
        const response = await withdraw(user, { ...other, confirmationCode: code });
        expect(response.statusCode).toBe(400);
        expect(errorOf(response).code).toBe("CONFIRMATION_INVALID");
      }
    });
    // Three wrong tries of five: the code still works for its own amount and number.
    expect((await withdraw(user, { ...bkash("1500"), confirmationCode: code })).statusCode).toBe(201);
  });

  test("five wrong codes burn it: the right one no longer works", async () => {
    const user = await verifiedCustomer();
    const { code } = await codeFor(user, bkash("900"));
    const wrong = code === "000000" ? "111111" : "000000";
    await expectUnchanged(user.userId, async () => {
      for (let i = 0; i < 5; i += 1) {
        expect((await withdraw(user, { ...bkash("900"), confirmationCode: wrong })).statusCode).toBe(400);
      }
      const right = await withdraw(user, { ...bkash("900"), confirmationCode: code });
      expect(right.statusCode).toBe(400);
      expect(errorOf(right).code).toBe("CONFIRMATION_INVALID");
    });
  });

  test("a code older than 10 minutes is stale", async () => {
    const user = await verifiedCustomer();
    const { code } = await codeFor(user, bkash("800"));
    await t.db
      .update(withdrawalConfirmations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(withdrawalConfirmations.userId, user.userId));
    await expectUnchanged(user.userId, async () => {
      const response = await withdraw(user, { ...bkash("800"), confirmationCode: code });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe("CONFIRMATION_INVALID");
    });
  });

  test("a new code is sent at most once a minute, and replaces the one before", async () => {
    const user = await verifiedCustomer();
    const first = await codeFor(user, bkash("600"));
    const files = (await t.mailFilesTo(user.email)).length;
    const soon = await withdraw(user, bkash("600"));
    expect(soon.statusCode).toBe(403);
    expect(errorOf(soon)).toMatchObject({ code: "CONFIRMATION_REQUIRED", method: "email" });
    expect(errorOf(soon).sentTo).toBeUndefined();
    expect((await t.mailFilesTo(user.email)).length).toBe(files);

    // A minute later (moved back in the database), a new code goes out, and the first one is dead.
    await t.db
      .update(withdrawalConfirmations)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(withdrawalConfirmations.userId, user.userId));
    const second = await codeFor(user, bkash("600"));
    if (second.code !== first.code) {
      expect((await withdraw(user, { ...bkash("600"), confirmationCode: first.code })).statusCode).toBe(400);
    }
    expect((await withdraw(user, { ...bkash("600"), confirmationCode: second.code })).statusCode).toBe(201);
  });

  test("twenty parallel requests with one valid code create one withdrawal", async () => {
    const user = await verifiedCustomer();
    const { code } = await codeFor(user, bkash("500"));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(user, { ...bkash("500"), confirmationCode: code }, randomUUID())),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => errorOf(a).code === "CONFIRMATION_INVALID")).toBe(true);
    const [made] = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, user.userId));
    // The funding (a completed deposit) and the one withdrawal.
    expect(made?.n).toBe(2);
    await expectLedgerIntact(t);
  });

  test("a refusal that comes before the code sends none: insufficient balance", async () => {
    const user = await verifiedCustomer("1000");
    const files = (await t.mailFilesTo(user.email)).length;
    const response = await withdraw(user, bkash("1000.01"));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe("INSUFFICIENT_BALANCE");
    expect((await t.mailFilesTo(user.email)).length).toBe(files);
  });

  test("a malformed code is a 400 naming confirmationCode", async () => {
    const user = await verifiedCustomer();
    for (const confirmationCode of ["12345", "1234567", "abcdef", 123456, ""]) {
      const response = await withdraw(user, { ...bkash("500"), confirmationCode });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).fields).toHaveProperty("confirmationCode");
    }
  });

  test("a stranger is refused before anything they sent is looked at", async () => {
    const response = await t.browser().post("/api/withdrawals", { ...bkash("500"), confirmationCode: "123456" });
    expect(response.statusCode).toBe(401);
  });
});

describe("an authenticator instead of e-mail", () => {
  test("with an authenticator enrolled, the method is totp, no e-mail goes out, and one code confirms one withdrawal", async () => {
    const user = await verifiedCustomer();
    const enable = await user.browser.post("/api/auth/two-factor/enable", { password: user.password });
    expect(enable.statusCode, enable.body).toBe(200);
    const { totpURI } = enable.json<{ totpURI: string }>();
    expect((await user.browser.post("/api/auth/two-factor/verify-totp", { code: totpCode(totpURI) })).statusCode).toBe(200);
    // Turning it on starts the hold; set-up moves the change a day back.
    await t.db
      .update(profiles)
      .set({ securityChangedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(profiles.id, user.userId));

    const files = (await t.mailFilesTo(user.email)).length;
    const asked = await withdraw(user, bkash("1200"));
    expect(asked.statusCode).toBe(403);
    expect(errorOf(asked)).toMatchObject({ code: "CONFIRMATION_REQUIRED", method: "totp" });
    // No code is e-mailed to an authenticator's user.
    expect((await t.mailFilesTo(user.email)).length).toBe(files);
    const wrong = await withdraw(user, { ...bkash("1200"), confirmationCode: totpCode(totpURI) === "000000" ? "111111" : "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe("CONFIRMATION_INVALID");

    const code = totpCode(totpURI);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(user, { ...bkash("1200"), confirmationCode: code }, randomUUID())),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    // The same code again (the same time step) is a replay.
    expect((await withdraw(user, { ...bkash("1200"), confirmationCode: code })).statusCode).toBe(400);
    await expectLedgerIntact(t);
  });
});

describe("the hold after a security change", () => {
  test("after a password change, withdrawals wait 24 hours (403 SECURITY_HOLD with until); deposits go on", async () => {
    const user = await verifiedCustomer();
    const changed = await user.browser.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "Another-Horse-77",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectUnchanged(user.userId, async () => {
      const refused = await withdraw(user, bkash("500"));
      expect(refused.statusCode).toBe(403);
      const error = errorOf(refused);
      expect(error.code).toBe("SECURITY_HOLD");
      const until = Date.parse(error.until ?? "");
      expect(until).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
      expect(until).toBeLessThan(Date.now() + 24.1 * 3_600_000);
      expect(error.message).toContain("Dhaka time");
    });
    expect((await user.browser.post("/api/deposits", { usdtAmount: "20" })).statusCode).toBe(201);
    // The owner heard of it: the alert was queued with the change.
    const [alerts] = await t.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, user.userId), eq(emailOutbox.template, "security.password_changed")));
    expect(alerts?.n).toBe(1);

    // When the hold is over, the withdrawal goes on to its code.
    await t.db
      .update(profiles)
      .set({ securityChangedAt: new Date(Date.now() - 24 * 3_600_000 - 1000) })
      .where(eq(profiles.id, user.userId));
    expect(errorOf(await withdraw(user, bkash("500"))).code).toBe("CONFIRMATION_REQUIRED");
  });

  test("a reset link issued before a password change dies with it; an older link dies when a newer one is used", async () => {
    const user = await verifiedCustomer();
    const ask = () =>
      t.browser().post("/api/auth/request-password-reset", { email: user.email, redirectTo: `${publicUrl}/reset-password` });
    expect((await ask()).statusCode).toBe(200);
    const beforeChange = await t.readLatestMail(user.email);
    const changed = await user.browser.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "Another-Horse-77",
    });
    expect(changed.statusCode).toBe(200);
    const stale = await t.browser().post("/api/auth/reset-password", { token: beforeChange.resetToken, newPassword: "Stolen-Horse-11" });
    expect(stale.statusCode).toBe(400);

    expect((await ask()).statusCode).toBe(200);
    const older = await t.readLatestMail(user.email, { after: beforeChange });
    expect((await ask()).statusCode).toBe(200);
    const newer = await t.readLatestMail(user.email, { after: older });
    const used = await t.browser().post("/api/auth/reset-password", { token: newer.resetToken, newPassword: "Newest-Horse-55" });
    expect(used.statusCode, used.body).toBe(200);
    const reused = await t.browser().post("/api/auth/reset-password", { token: older.resetToken, newPassword: "Stolen-Horse-11" });
    expect(reused.statusCode).toBe(400);
    // And the reset started the hold.
    const signedIn = await t.signIn(user.email, "Newest-Horse-55");
    expect(errorOf(await signedIn.post("/api/withdrawals", bkash("500"))).code).toBe("SECURITY_HOLD");
  });
});

describe("a frozen account", () => {
  test("withdraws nothing: 403 ACCOUNT_FROZEN, and nothing changes", async () => {
    const user = await verifiedCustomer();
    await t.db.update(profiles).set({ frozenAt: new Date() }).where(eq(profiles.id, user.userId));
    await expectUnchanged(user.userId, async () => {
      const refused = await withdraw(user, bkash("500"));
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("ACCOUNT_FROZEN");
    });
    await t.db.update(profiles).set({ frozenAt: null }).where(eq(profiles.id, user.userId));
  });
});

describe("identity levels", () => {
  test("an unverified customer withdraws nothing by default: 403 VERIFICATION_REQUIRED, and the wallet says so", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "5000", adminId: admin.userId });
    const wallet = (await user.browser.get("/api/wallet")).json<WalletDto>();
    expect(wallet.withdrawalLimits).toEqual({ minimum: "500.00", dailyMaximum: "0.00", level: "unverified", leftToday: "0.00" });
    await expectUnchanged(user.userId, async () => {
      const refused = await withdraw(user, bkash("500"));
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused)).toMatchObject({ code: "VERIFICATION_REQUIRED", message: "Verify your identity to withdraw" });
    });
    // Deposits are open to them.
    expect((await user.browser.post("/api/deposits", { usdtAmount: "20" })).statusCode).toBe(201);

    await markIdentityVerified(t, user.userId);
    const verified = (await user.browser.get("/api/wallet")).json<WalletDto>();
    expect(verified.withdrawalLimits).toEqual({ minimum: "500.00", dailyMaximum: "50000.00", level: "verified", leftToday: "50000.00" });
    expect(errorOf(await withdraw(user, bkash("500"))).code).toBe("CONFIRMATION_REQUIRED");
  });

  test("with UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT set, an unverified customer withdraws up to it a day, and parallel requests cannot pass it together", async () => {
    const small = await createTestApp({
      customerProtection: "defaults",
      env: { UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT: "1100", WITHDRAWAL_CONFIRMATION: "off" },
    });
    try {
      const smallAdmin = await signUpAdmin(small);
      const user = await small.signUp();
      await fund(small, { userId: user.userId, amount: "10000", adminId: smallAdmin.userId });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          user.browser.post("/api/withdrawals", bkash("600"), { headers: { "idempotency-key": randomUUID() } }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
      const refused = answers.find((a) => a.statusCode !== 201)!;
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe("VERIFICATION_REQUIRED");
      expect(errorOf(refused).message).toBe("Verify your identity to withdraw: without it you can withdraw up to 500.00 BDT more today.");
      const wallet = (await user.browser.get("/api/wallet")).json<WalletDto>();
      expect(wallet.withdrawalLimits).toMatchObject({ dailyMaximum: "1100.00", level: "unverified", leftToday: "500.00" });
      expect((await user.browser.post("/api/withdrawals", bkash("500"))).statusCode).toBe(201);
      expect(errorOf(await user.browser.post("/api/withdrawals", bkash("500"))).code).toBe("VERIFICATION_REQUIRED");
      await expectLedgerIntact(small);
    } finally {
      await small.close();
    }
  });
});

describe("deployments that confirm another way, and what never leaks", () => {
  test("WITHDRAWAL_CONFIRMATION=off creates the withdrawal at once", async () => {
    const off = await createTestApp({ customerProtection: "defaults", env: { WITHDRAWAL_CONFIRMATION: "off" } });
    try {
      const offAdmin = await signUpAdmin(off);
      const user = await off.signUp();
      await markIdentityVerified(off, user.userId);
      await fund(off, { userId: user.userId, amount: "1000", adminId: offAdmin.userId });
      expect((await user.browser.post("/api/withdrawals", bkash("500"))).statusCode).toBe(201);
    } finally {
      await off.close();
    }
  });

  test("private answers are not cached", async () => {
    const user = await verifiedCustomer();
    for (const url of ["/api/wallet", "/api/me", "/api/transactions", "/api/deposit-info", "/api/verification"]) {
      expect((await user.browser.get(url)).headers["cache-control"], url).toBe("no-store");
    }
  });

  test("neither the e-mailed code nor the freeze link appears in a log line", async () => {
    const user = await verifiedCustomer();
    const { code, mail } = await codeFor(user, bkash("550"));
    expect((await withdraw(user, { ...bkash("550"), confirmationCode: code })).statusCode).toBe(201);
    const token = /freeze\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const log = logLines.join("");
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(token);
    expect(log).not.toContain(`"confirmationCode":"${code}"`);
    expect(log).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
