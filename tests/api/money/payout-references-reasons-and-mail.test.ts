// Payout references, the reasons a customer sees, and the customer e-mail outbox (decision 020).
// A withdrawal's approval takes the wallet provider's transaction ID, which reaches the customer's
// lists and the admin list and search; a rejection's reason reaches the customer's API, for
// transactions and verifications; every admin decision writes exactly one outbox message in its own
// transaction, unless the customer turned decision mail off, and the sender delivers each once,
// also when it is stopped mid-batch or crashes between sending and marking.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, count, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { queryRows } from "../../../src/server/db/client.ts";
import { emailOutbox, transactions, verifications } from "../../../src/server/db/schema.ts";
import { createMailer, type Mailer } from "../../../src/server/mail/mailer.ts";
import { createOutboxSender, retryDelaySeconds } from "../../../src/server/mail/outbox-sender.ts";
import type { AdminTransactionDto } from "../../../src/shared/admin-schemas.ts";
import type { SimDto } from "../../../src/shared/sim-schemas.ts";
import type { VerificationDto } from "../../../src/shared/verification-schemas.ts";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { displayBdt } from "../../../src/shared/money.ts";
import { createTestApp, errorOf, publicUrl, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { creditOf, expectLedgerIntact, fund, tronAddress } from "../../support/wallet/money.ts";
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

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function expectError(response: TestResponse, status: number, message: string): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).message).toBe(message);
}

async function pendingWithdrawal(user: SignedUpUser, amount = "600"): Promise<TransactionDto> {
  await fund(t, { userId: user.userId, amount: "5000", adminId: admin.userId });
  const response = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

async function pendingDeposit(user: SignedUpUser): Promise<TransactionDto> {
  const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "12" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

async function pendingVerification(user: SignedUpUser): Promise<string> {
  const upload = await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: makePng() });
  expect(upload.statusCode, upload.body).toBe(200);
  return upload.json<VerificationDto>().id!;
}

async function pendingSim(user: SignedUpUser, phoneNumber: string): Promise<SimDto> {
  const response = await user.browser.post("/api/sims", { phoneNumber, walletType: "Personal" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SimDto>();
}

async function customerTransactions(user: SignedUpUser): Promise<TransactionDto[]> {
  const response = await user.browser.get("/api/transactions?pageSize=100");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: TransactionDto[] }>().items;
}

async function adminSearch(q: string): Promise<AdminTransactionDto[]> {
  const response = await admin.browser.get(`/api/admin/transactions?q=${encodeURIComponent(q)}&pageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: AdminTransactionDto[] }>().items;
}

/**
 * The decision messages queued for a customer. Security alerts (decision 039: a withdrawal to a
 * number never paid to) share the outbox but are not decisions; tests/api/auth/security-alerts-and-freeze.test.ts
 * counts those.
 */
function outboxOf(userId: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.category, "decision")))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.eventKey));
}

const mailDir = () => path.join(t.dataDir, "mail");
const fileKeyOf = (eventKey: string) => eventKey.replace(/[^A-Za-z0-9._-]/g, "_");

/** The .eml files written for one event. */
async function filesOf(eventKey: string): Promise<string[]> {
  const names = await readdir(mailDir()).catch(() => [] as string[]);
  return names.filter((name) => name.includes(`-${fileKeyOf(eventKey)}-`) && name.endsWith(".eml"));
}

/** The one .eml file of an event, its quoted-printable parts decoded (our messages are ASCII or UTF-8). */
async function decodedMailOf(eventKey: string): Promise<string> {
  const [file] = await filesOf(eventKey);
  const raw = await readFile(path.join(mailDir(), file!), "utf8");
  return Buffer.from(
    raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  )
    .toString("utf8")
    .replace(/\r\n/g, "\n");
}

function mailerInto(dir: string): Mailer {
  return createMailer({ smtpUrl: undefined, from: "Nexapay <no-reply@nexapay.local>", outboxDir: dir, log: silentLog });
}

// ------------------------------------------------------------------ payout reference

describe("payout reference", () => {
  test("given on approval: stored upper-case, in the customer's list and wallet, in the admin list and its search", async () => {
    const rahim = await t.signUp();
    const withdrawal = await pendingWithdrawal(rahim);
    const approved = await admin.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: " 9k3lq2pa7x " });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TransactionDto>()).toMatchObject({ status: "completed", payoutReference: "9K3LQ2PA7X", rejectReason: null });

    const listed = (await customerTransactions(rahim)).find((row) => row.id === withdrawal.id);
    expect(listed).toMatchObject({ status: "completed", reference: "bKash:01712345678", payoutReference: "9K3LQ2PA7X" });
    const wallet = (await rahim.browser.get("/api/wallet")).json<WalletDto>();
    expect(wallet.recentTransactions.find((row) => row.id === withdrawal.id)?.payoutReference).toBe("9K3LQ2PA7X");

    for (const q of ["9K3LQ2PA7X", "9k3lq2", "LQ2PA"]) {
      const found = await adminSearch(q);
      expect(found.map((row) => row.id)).toEqual([withdrawal.id]);
      expect(found[0]).toMatchObject({ payoutReference: "9K3LQ2PA7X", status: "completed" });
    }
    await expectLedgerIntact(t);
  });

  test("optional: an approval without one (no body, or null) still pays, with none stored", async () => {
    const user = await t.signUp();
    const first = await pendingWithdrawal(user);
    const second = await user.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "700" });
    const noBody = await admin.browser.post(`/api/admin/transactions/${first.id}/approve`);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json<TransactionDto>().payoutReference).toBeNull();
    const nullRef = await admin.browser.post(`/api/admin/transactions/${second.json<TransactionDto>().id}/approve`, {
      payoutReference: null,
    });
    expect(nullRef.statusCode, nullRef.body).toBe(200);
    expect(nullRef.json<TransactionDto>().payoutReference).toBeNull();
  });

  const invalid = "Payout reference must be 8 to 20 letters and digits";
  for (const payoutReference of [
    "",
    "   ",
    "9K3LQ2P",
    "A".repeat(21),
    "9K3L Q2PA7X",
    "9K3L-Q2PA7X",
    "ÄBCDEFGH1",
    12345678,
    true,
    ["9K3LQ2PA7X"],
  ]) {
    test(`${JSON.stringify(payoutReference)} → 400 '${invalid}', the withdrawal stays pending`, async () => {
      const user = await t.signUp();
      const withdrawal = await pendingWithdrawal(user);
      const response = await admin.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference });
      expectError(response, 400, invalid);
      expect(errorOf(response).fields).toEqual({ payoutReference: invalid });
      const [row] = await t.db.select().from(transactions).where(eq(transactions.id, withdrawal.id));
      expect(row).toMatchObject({ status: "pending", payoutReference: null });
    });
  }

  test("on a deposit → 400 'A payout reference is only for withdrawals'; the deposit stays pending, no mail", async () => {
    const user = await t.signUp();
    const deposit = await pendingDeposit(user);
    const response = await admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`, { payoutReference: "9K3LQ2PA7X" });
    expectError(response, 400, "A payout reference is only for withdrawals");
    expect(errorOf(response).fields).toEqual({ payoutReference: "A payout reference is only for withdrawals" });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, deposit.id));
    expect(row).toMatchObject({ status: "pending", payoutReference: null });
    expect(await outboxOf(user.userId)).toEqual([]);
  });
});

// ------------------------------------------------------------------ reasons

describe("reasons the customer sees", () => {
  test("a rejected withdrawal's reason reaches the customer's list and the admin list", async () => {
    const user = await t.signUp();
    const withdrawal = await pendingWithdrawal(user);
    const rejected = await admin.browser.post(`/api/admin/transactions/${withdrawal.id}/reject`, {
      reason: "Number not registered with bKash",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<TransactionDto>()).toMatchObject({ status: "rejected", rejectReason: "Number not registered with bKash" });
    expect((await customerTransactions(user)).find((row) => row.id === withdrawal.id)).toMatchObject({
      status: "rejected",
      rejectReason: "Number not registered with bKash",
      payoutReference: null,
    });
    const admins = await adminSearch(user.username);
    expect(admins.find((row) => row.id === withdrawal.id)).toMatchObject({ rejectReason: "Number not registered with bKash" });
  });

  describe("verification", () => {
    const choose = "Choose a reason for the rejection";
    for (const [name, body] of [
      ["no body", undefined],
      ["an empty body", {}],
      ["an empty reason", { reason: "" }],
      ["a blank reason", { reason: "   " }],
      ["a reason that is not text", { reason: 5 }],
    ] as const) {
      test(`reject with ${name} → 400 '${choose}', nothing changes`, async () => {
        const user = await t.signUp();
        const id = await pendingVerification(user);
        expectError(await admin.browser.post(`/api/admin/verifications/${id}/reject`, body), 400, choose);
        const [row] = await t.db.select().from(verifications).where(eq(verifications.id, id));
        expect(row).toMatchObject({ status: "pending", rejectReason: null, reviewedBy: null });
      });
    }

    test("a reason over 500 characters → 400", async () => {
      const user = await t.signUp();
      const id = await pendingVerification(user);
      expectError(
        await admin.browser.post(`/api/admin/verifications/${id}/reject`, { reason: "x".repeat(501) }),
        400,
        "Reason must be at most 500 characters",
      );
    });

    test("the reason reaches GET /api/verification and the admin list; a new upload clears it", async () => {
      const user = await t.signUp();
      const id = await pendingVerification(user);
      const rejected = await admin.browser.post(`/api/admin/verifications/${id}/reject`, { reason: " Photo is blurred " });
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect((await user.browser.get("/api/verification")).json<VerificationDto>()).toMatchObject({
        status: "rejected",
        rejectReason: "Photo is blurred",
      });
      const list = await admin.browser.get(`/api/admin/verifications?status=rejected&q=${encodeURIComponent(user.email)}`);
      expect(list.json<{ items: unknown[] }>().items).toEqual([expect.objectContaining({ id, rejectReason: "Photo is blurred" })]);

      await pendingVerification(user);
      expect((await user.browser.get("/api/verification")).json<VerificationDto>()).toMatchObject({
        status: "pending",
        rejectReason: null,
      });
      const [row] = await t.db.select().from(verifications).where(eq(verifications.id, id));
      expect(row?.rejectReason).toBeNull();
    });
  });
});

// ------------------------------------------------------------------ the outbox

describe("every decision writes exactly one outbox message", () => {
  test("deposits, withdrawals, verification and SIMs: one row each, with its event key and subject; adjustments and requests none", async () => {
    const user = await t.signUp();
    const credited = await pendingDeposit(user);
    const refused = await pendingDeposit(user); // pendingWithdrawal's fund() writes no mail: an adjustment
    const paid = await pendingWithdrawal(user, "1500");
    const declined = await user.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "700" });
    const verificationId = await pendingVerification(user);
    const sim = await pendingSim(user, "01712345678");
    expect(await outboxOf(user.userId)).toEqual([]);

    const ok = (response: TestResponse) => expect(response.statusCode, response.body).toBeLessThan(300);
    ok(await admin.browser.post(`/api/admin/transactions/${credited.id}/approve`));
    ok(await admin.browser.post(`/api/admin/transactions/${refused.id}/reject`, { reason: "Not <b>received</b>" }));
    ok(await admin.browser.post(`/api/admin/transactions/${paid.id}/approve`, { payoutReference: "7M4NB8QW2R" }));
    ok(await admin.browser.post(`/api/admin/transactions/${declined.json<TransactionDto>().id}/reject`, { reason: "Wrong number" }));
    ok(await admin.browser.post(`/api/admin/verifications/${verificationId}/reject`, { reason: "Document expired" }));
    ok(await admin.browser.post(`/api/admin/verifications/${verificationId}/approve`));
    ok(await admin.browser.request("PATCH", `/api/admin/sims/${sim.id}`, { json: { status: "rejected" } }));
    ok(await admin.browser.request("PATCH", `/api/admin/sims/${sim.id}`, { json: { status: "active" } }));
    ok(await admin.browser.post(`/api/admin/users/${user.userId}/balance-adjustments`, { direction: "add", amount: "10" }));

    const rows = await outboxOf(user.userId);
    const byKey = new Map(rows.map((row) => [row.eventKey.replace(/:\d+$/, ""), row]));
    expect(rows).toHaveLength(8);
    expect(new Set(rows.map((row) => row.eventKey)).size).toBe(8);
    expect([...byKey.keys()].sort()).toEqual(
      [
        `transaction.completed:${credited.id}`,
        `transaction.rejected:${refused.id}`,
        `transaction.completed:${paid.id}`,
        `transaction.rejected:${declined.json<TransactionDto>().id}`,
        `verification.rejected:${verificationId}`,
        `verification.approved:${verificationId}`,
        `sim.rejected:${sim.id}`,
        `sim.active:${sim.id}`,
      ].sort(),
    );
    // Each row holds the decision's facts; the words are composed when it is sent (migration 0014).
    for (const row of rows) expect(row).toMatchObject({ category: "decision", toAddress: null, subject: null, sentAt: null, attempts: 0 });
    expect(byKey.get(`transaction.completed:${paid.id}`)).toMatchObject({
      template: "withdraw.completed",
      params: { amountMinor: "150000", reference: "bKash:01712345678", payoutReference: "7M4NB8QW2R" },
    });
    expect(byKey.get(`sim.active:${sim.id}`)).toMatchObject({ template: "sim.active", params: { phoneNumber: "01712345678" } });

    // Delivered once each: one .eml file per event, to the customer, and every row marked sent.
    expect(await t.outboxSender.deliverDue()).toBeGreaterThanOrEqual(8);
    for (const row of await outboxOf(user.userId)) {
      expect(row.sentAt).not.toBeNull();
      expect(row.lastError).toBeNull();
      expect(await filesOf(row.eventKey)).toHaveLength(1);
    }
    const mails = new Map<string, string>();
    for (const key of byKey.keys()) mails.set(key, await decodedMailOf(byKey.get(key)!.eventKey));
    const subject = (key: string) => /^Subject: (.*)$/m.exec(mails.get(key) ?? "")?.[1];
    // 12 USDT asked: 12.0001 to 12.01 at 125, 1,500.01 to 1,501.25 BDT (decision 038).
    const creditText = displayBdt(creditOf(credited)).replace(" BDT", "");
    expect(subject(`transaction.completed:${credited.id}`)).toBe(`Your deposit of ${creditText} BDT has been credited`);
    expect(subject(`transaction.rejected:${refused.id}`)).toBe("Your deposit request was rejected");
    expect(subject(`transaction.completed:${paid.id}`)).toBe("Your withdrawal of 1,500.00 BDT has been paid");
    expect(subject(`transaction.rejected:${declined.json<TransactionDto>().id}`)).toBe("Your withdrawal request was rejected");
    expect(subject(`verification.approved:${verificationId}`)).toBe("Your identity has been verified");
    expect(subject(`verification.rejected:${verificationId}`)).toBe("Your identity verification was rejected");
    expect(subject(`sim.active:${sim.id}`)).toBe("Your SIM 01712-345678 has been approved");
    expect(subject(`sim.rejected:${sim.id}`)).toBe("Your SIM 01712-345678 was rejected");
    for (const mail of mails.values()) expect(mail).toMatch(new RegExp(`^To: ${user.email.replace(/\./g, "\\.")}$`, "m"));

    // What each says: the payout reference and method, the reasons; user text is escaped in HTML.
    const paidMail = mails.get(`transaction.completed:${paid.id}`)!;
    expect(paidMail).toContain(`bKash transaction ID (TrxID): 7M4NB8QW2R\nReference: ${paid.id.slice(0, 8)}\n`);
    expect(paidMail).toContain("We have paid 1,500.00 BDT to your bKash wallet 01712-345678.");
    // Each leads to its page in the app: the transaction's receipt, the Verification and SIMs pages.
    expect(paidMail).toContain(`View transaction: ${publicUrl}/transactions/${paid.id}\n`);
    expect(mails.get(`verification.rejected:${verificationId}`)).toContain(`Open Verification: ${publicUrl}/verification\n`);
    expect(mails.get(`sim.active:${sim.id}`)).toContain(`Open SIMs: ${publicUrl}/sims\n`);
    expect(mails.get(`transaction.rejected:${declined.json<TransactionDto>().id}`)).toContain("Reason: Wrong number");
    expect(mails.get(`verification.rejected:${verificationId}`)).toContain("Reason: Document expired");
    const refusedMail = mails.get(`transaction.rejected:${refused.id}`)!;
    expect(refusedMail).toContain("\nReason: Not <b>received</b>\n");
    expect(refusedMail).toContain("Reason: Not &lt;b&gt;received&lt;/b&gt;");
    expect(refusedMail).not.toMatch(/<p[^>]*>Reason: Not <b>/);
    expect(paidMail).toMatch(/^Message-ID: <outbox\.[0-9a-f]{32}@nexapay\.local>$/im);
    expect(paidMail).toContain("text/html");
    expect(await t.outboxSender.deliverDue()).toBe(0);
    await expectLedgerIntact(t);
  });

  test("racing approvals of one deposit: one credit, one message", async () => {
    const user = await t.signUp();
    const deposit = await pendingDeposit(user);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`)),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await outboxOf(user.userId)).toHaveLength(1);
  });

  test("a customer with decision mail turned off gets none; turned on again, they do", async () => {
    const user = await t.signUp();
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ emailNotifications: true });
    const off = await user.browser.request("PATCH", "/api/me", { json: { emailNotifications: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ emailNotifications: false });
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ emailNotifications: false });

    const deposit = await pendingDeposit(user);
    expect((await admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`)).statusCode).toBe(200);
    const verificationId = await pendingVerification(user);
    expect((await admin.browser.post(`/api/admin/verifications/${verificationId}/reject`, { reason: "Photo is blurred" })).statusCode).toBe(
      200,
    );
    const sim = await pendingSim(user, "01912345678");
    expect((await admin.browser.request("PATCH", `/api/admin/sims/${sim.id}`, { json: { status: "active" } })).statusCode).toBe(200);
    expect(await outboxOf(user.userId)).toEqual([]);

    // With the other fields, and back on.
    const on = await user.browser.request("PATCH", "/api/me", { json: { fullName: "Rahim Uddin", emailNotifications: true } });
    expect(on.json()).toMatchObject({ fullName: "Rahim Uddin", emailNotifications: true });
    const second = await pendingDeposit(user);
    expect((await admin.browser.post(`/api/admin/transactions/${second.id}/reject`)).statusCode).toBe(200);
    const rows = await outboxOf(user.userId);
    expect(rows.map((row) => row.eventKey)).toEqual([`transaction.rejected:${second.id}`]);
    // The greeting uses the name the customer has when the message is sent.
    await t.outboxSender.deliverDue();
    expect(await decodedMailOf(rows[0]!.eventKey)).toContain("\n\nHello Rahim Uddin,\n\n");
  });

  test("PATCH /api/me with emailNotifications that is not true or false → 400, nothing changes", async () => {
    const user = await t.signUp();
    for (const emailNotifications of ["no", 0, null]) {
      const response = await user.browser.request("PATCH", "/api/me", { json: { emailNotifications } });
      expectError(response, 400, "emailNotifications must be true or false");
    }
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ emailNotifications: true });
  });
});

describe("the sender delivers each message once", () => {
  /** Eight undelivered decision messages for a new customer. */
  async function queuedMessages(): Promise<{ user: SignedUpUser; keys: string[] }> {
    const user = await t.signUp();
    for (let i = 0; i < 8; i += 1) {
      const deposit = await pendingDeposit(user);
      expect((await admin.browser.post(`/api/admin/transactions/${deposit.id}/reject`, { reason: `Test ${i}` })).statusCode).toBe(200);
    }
    const rows = await outboxOf(user.userId);
    expect(rows).toHaveLength(8);
    return { user, keys: rows.map((row) => row.eventKey) };
  }

  test("a claim takes the due rows oldest due first, then by id, and reads them off the index however many wait", async () => {
    await t.outboxSender.deliverDue(); // what earlier tests left
    const user = await t.signUp();
    // 3,000 messages queued after the table's statistics were taken: 2,100 due, two or three to
    // each due time (ties broken by id); 300 already sent; 600 not due for an hour.
    await t.db.execute(sql`insert into email_outbox (user_id, event_key, category, template, params, next_attempt_at, sent_at)
      select ${user.userId}, 'claim-order-' || g, 'decision', 'deposit.completed', '{"amountMinor":"100"}'::jsonb,
             now() - make_interval(secs => (g % 1000) + 10) + case when g > 2400 then interval '1 hour' else interval '0' end,
             case when g <= 300 then now() end
      from generate_series(1, 3000) g`);
    const waiting = await queryRows<{ id: string }>(
      t.db,
      sql`select id from email_outbox where event_key like 'claim-order-%' and sent_at is null and next_attempt_at <= now()
          order by next_attempt_at, id limit 7`,
    );
    try {
      const claimed = await queryRows<{ id: string; event_key: string; recipient_email: string; attempts: number }>(
        t.db,
        sql`select * from nexapay_claim_outbox(7, 120)`,
      );
      expect(claimed.map((row) => row.id)).toEqual(waiting.map((row) => row.id));
      expect(claimed.every((row) => row.recipient_email === user.email && row.attempts === 1)).toBe(true);
      // The claim's plan is the index's order whatever the statistics say: the function turns off
      // bitmap scans and sorts for itself, and under those settings its query reads the index.
      const [settings] = await queryRows<{ config: string[] }>(
        t.db,
        sql`select proconfig as config from pg_proc where proname = 'nexapay_claim_outbox'`,
      );
      expect(settings?.config.toSorted()).toEqual(["enable_bitmapscan=off", "enable_sort=off"]);
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const explained = await tx.execute(
          sql.raw(`explain select d.id from email_outbox d where d.sent_at is null and d.next_attempt_at <= now()
                   order by d.next_attempt_at, d.id limit 50 for update skip locked`),
        );
        return (explained as { rows: { "QUERY PLAN": string }[] }).rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
      expect(plan).toContain("Index Scan using email_outbox_due_order_idx");
      expect(plan).not.toMatch(/Sort|Bitmap/);
    } finally {
      await t.db.execute(sql`delete from email_outbox where event_key like 'claim-order-%'`);
    }
  });

  test("stopped mid-batch and started again: the rest is delivered, nothing twice", async () => {
    await t.outboxSender.deliverDue(); // what earlier tests left
    const { user, keys } = await queuedMessages();
    const real = mailerInto(mailDir());
    let sentByFirst = 0;
    let stopFirst: () => void = () => undefined;
    const stopping = new Promise<void>((resolve) => (stopFirst = resolve));
    const slow: Mailer = {
      async send(message) {
        await real.send(message);
        sentByFirst += 1;
        if (sentByFirst === 3) stopFirst();
        await new Promise((resolve) => setTimeout(resolve, 20));
      },
    };
    const first = createOutboxSender({ db: t.db, mailer: slow, pollSeconds: 3600, domain: "nexapay.local", log: silentLog, batchSize: 5 });
    first.start();
    await stopping;
    await first.stop();
    const afterFirst = await outboxOf(user.userId);
    const sentCount = afterFirst.filter((row) => row.sentAt !== null).length;
    expect(sentCount).toBeGreaterThanOrEqual(3);
    expect(sentCount).toBeLessThan(8);
    // What the stopped sender had claimed and not sent is due again at once, its attempt given back.
    for (const row of afterFirst.filter((r) => r.sentAt === null)) {
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(row.attempts).toBe(0);
    }

    const second = createOutboxSender({ db: t.db, mailer: real, pollSeconds: 3600, domain: "nexapay.local", log: silentLog, batchSize: 5 });
    expect(await second.deliverDue()).toBe(8 - sentCount);
    for (const row of await outboxOf(user.userId)) expect(row.sentAt).not.toBeNull();
    for (const key of keys) expect(await filesOf(key)).toHaveLength(1);
  });

  test("a crash between sending and marking: sent again after the lease, to the same file with the same Message-ID", async () => {
    await t.outboxSender.deliverDue();
    const { keys } = await queuedMessages();
    const key = keys[0]!;
    // The crashed sender: it claimed the row (attempt counted, leased) and sent it, then died.
    const crashed: Mailer = {
      async send(message) {
        await mailerInto(mailDir()).send(message);
        throw new Error("process killed before marking");
      },
    };
    const doomed = createOutboxSender({
      db: t.db,
      mailer: crashed,
      pollSeconds: 3600,
      domain: "nexapay.local",
      log: silentLog,
      batchSize: 1,
    });
    // Only this row is due: the others wait as if claimed by someone else.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(like(emailOutbox.eventKey, "transaction.rejected:%"));
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.eventKey, key));
    await doomed.deliverDue();
    const [file] = await filesOf(key);
    const firstCopy = await readFile(path.join(mailDir(), file!), "utf8");

    // Its lease (or retry wait) ends; a new sender sends it again, and it lands in the same file.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(like(emailOutbox.eventKey, "transaction.rejected:%"));
    await t.outboxSender.deliverDue();
    expect(await filesOf(key)).toEqual([file]);
    const secondCopy = await readFile(path.join(mailDir(), file!), "utf8");
    const messageId = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1];
    expect(messageId(secondCopy)).toBe(messageId(firstCopy));
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.eventKey, key));
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row?.sentAt).not.toBeNull();
    for (const other of keys) expect(await filesOf(other)).toHaveLength(1);
  });

  test("a failing mailer: the error is kept and the row retried later with a growing wait, then sent", async () => {
    await t.outboxSender.deliverDue();
    const user = await t.signUp();
    const deposit = await pendingDeposit(user);
    expect((await admin.browser.post(`/api/admin/transactions/${deposit.id}/reject`)).statusCode).toBe(200);
    const failing: Mailer = {
      send: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25")),
    };
    const sender = createOutboxSender({ db: t.db, mailer: failing, pollSeconds: 3600, domain: "nexapay.local", log: silentLog });
    const before = Date.now();
    expect(await sender.deliverDue()).toBe(0);
    const [failed] = await outboxOf(user.userId);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null, lastError: "connect ECONNREFUSED 127.0.0.1:25" });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + (retryDelaySeconds(1) - 5) * 1000);
    expect(await sender.deliverDue()).toBe(0); // not due yet
    expect(retryDelaySeconds(2)).toBeGreaterThan(retryDelaySeconds(1));
    expect(retryDelaySeconds(100)).toBe(3600);

    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, failed!.id));
    expect(await t.outboxSender.deliverDue()).toBe(1);
    const [sent] = await outboxOf(user.userId);
    expect(sent).toMatchObject({ attempts: 2, lastError: null });
    expect(await filesOf(sent!.eventKey)).toHaveLength(1);
  });

  test("the outbox holds one row per event key (the database refuses a second)", async () => {
    const [row] = await t.db.select().from(emailOutbox).limit(1);
    expect(row).toBeDefined();
    const { id: _id, ...copy } = row!;
    await expect(t.db.insert(emailOutbox).values(copy)).rejects.toThrow();
    const [n] = await t.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.eventKey, row!.eventKey)));
    expect(n?.n).toBe(1);
  });
});
