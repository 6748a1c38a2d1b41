// The customer's own account and wallet (docs/architecture.md, HTTP API › Customer): GET and PATCH /api/me, GET
// /api/wallet, GET /api/deposit-info, and who may call each customer endpoint at all: anonymous
// 401, a suspended customer 403 (and signed out), and nothing written by a refused request.
import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { developmentDepositAddress } from "../../../src/server/config.ts";
import { extendedProfiles, profiles, sims, transactions, verificationDocuments } from "../../../src/server/db/schema.ts";
import { approveTransaction } from "../../../src/server/wallet/approve-transaction.ts";
import { messages } from "../../../src/shared/api-error.ts";
import { parseBdt } from "../../../src/shared/money.ts";
import type { TransactionDto, WalletDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type Browser, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { markIdentityVerified, suspendInDatabase } from "../../support/wallet/accounts.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { balanceOf, expectLedgerIntact, fund, tronAddress } from "../../support/wallet/money.ts";
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

async function rowCount(table: typeof transactions | typeof sims | typeof verificationDocuments, userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
  return row?.n ?? 0;
}

// ------------------------------------------------------------------ roles on every endpoint

type Own = { userId: string; simId: string; fileName: string };

/** Every customer endpoint, called with a valid request as `browser` would send it. */
const customerEndpoints: { name: string; send: (browser: Browser, own: Own) => Promise<TestResponse> }[] = [
  { name: "GET /api/me", send: (b) => b.get("/api/me") },
  { name: "PATCH /api/me", send: (b) => b.request("PATCH", "/api/me", { json: { fullName: "Changed Name" } }) },
  { name: "GET /api/wallet", send: (b) => b.get("/api/wallet") },
  { name: "GET /api/deposit-info", send: (b) => b.get("/api/deposit-info") },
  { name: "POST /api/deposits", send: (b) => b.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" }) },
  {
    name: "POST /api/withdrawals",
    send: (b) => b.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "500" }),
  },
  { name: "GET /api/transactions", send: (b) => b.get("/api/transactions") },
  { name: "GET /api/sims", send: (b) => b.get("/api/sims") },
  { name: "POST /api/sims", send: (b) => b.post("/api/sims", { phoneNumber: "01712345678", walletType: "Personal" }) },
  { name: "DELETE /api/sims/:id", send: (b, own) => b.request("DELETE", `/api/sims/${own.simId}`) },
  { name: "GET /api/verification", send: (b) => b.get("/api/verification") },
  {
    name: "PUT /api/verification/documents/:documentType/:side",
    send: (b) => uploadDocument(b, { documentType: "national_id", side: "back", bytes: makePng() }),
  },
  { name: "GET /api/files/:userId/:fileName", send: (b, own) => b.get(`/api/files/${own.userId}/${own.fileName}`) },
  { name: "GET /api/events", send: (b) => b.get("/api/events") },
];

/** A customer with a balance, a SIM and an uploaded document: something for each endpoint to touch. */
async function customerWithEverything(): Promise<{ user: SignedUpUser; own: Own }> {
  const user = await t.signUp();
  await fund(t, { userId: user.userId, amount: "1000", adminId: admin.userId });
  const sim = await user.browser.post("/api/sims", { phoneNumber: "01812345678", walletType: "Merchant" });
  expect(sim.statusCode).toBe(201);
  const upload = await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes: makePng() });
  expect(upload.statusCode).toBe(200);
  return { user, own: { userId: user.userId, simId: sim.json<{ id: string }>().id, fileName: "national_id_front.png" } };
}

describe("who may call each customer endpoint", () => {
  test.each(customerEndpoints)("$name: anonymous → 401 'You must be signed in.'", async ({ send }) => {
    const response = await send(t.browser(), { userId: randomUUID(), simId: randomUUID(), fileName: "national_id_front.png" });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: "UNAUTHENTICATED", message: messages.unauthenticated });
  });

  test.each(customerEndpoints)("$name: a suspended customer → 403, is signed out, and nothing changes", async ({ send }) => {
    const { user, own } = await customerWithEverything();
    const before = {
      balance: await balanceOf(t, user.userId),
      transactions: await rowCount(transactions, user.userId),
      sims: await rowCount(sims, user.userId),
      documents: await rowCount(verificationDocuments, user.userId),
    };
    await suspendInDatabase(t, user.userId);

    const response = await send(user.browser, own);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ code: "ACCOUNT_SUSPENDED", message: messages.suspended });
    // The refused request ended the session that outlived the suspension.
    expect((await user.browser.get("/api/me")).statusCode).toBe(401);

    expect({
      balance: await balanceOf(t, user.userId),
      transactions: await rowCount(transactions, user.userId),
      sims: await rowCount(sims, user.userId),
      documents: await rowCount(verificationDocuments, user.userId),
    }).toEqual(before);
    const [profile] = await t.db.select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, user.userId));
    expect(profile?.fullName).toBeNull();
  });

  test("suspension by an admin (PATCH /api/admin/users/:id) ends the customer's sessions at once: 401 everywhere", async () => {
    const { user, own } = await customerWithEverything();
    const suspend = await admin.browser.request("PATCH", `/api/admin/users/${user.userId}`, { json: { isSuspended: true } });
    expect(suspend.statusCode).toBe(200);
    for (const { send } of customerEndpoints) {
      const response = await send(user.browser, own);
      expect(response.statusCode).toBe(401);
    }
    // And they cannot sign back in while suspended.
    const signIn = await t.browser().post("/api/auth/sign-in/email", { email: user.email, password: user.password });
    expect(signIn.statusCode).toBe(403);
    expect(errorOf(signIn).message).toBe(messages.suspended);
  });
});

// ------------------------------------------------------------------ /api/me

describe("GET and PATCH /api/me", () => {
  /** One customer for the refused changes: a refused change leaves nothing behind to trip the next. */
  let validating: SignedUpUser | undefined;

  test("a new customer has an empty profile and verification status none", async () => {
    const user = await t.signUp();
    const response = await user.browser.get("/api/me");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.userId,
      email: user.email,
      username: user.username,
      country: "BD",
      fullName: null,
      phone: null,
      address: null,
      documentNumber: null,
      verificationStatus: "none",
      isAdmin: false,
      adminRole: null,
      twoFactorEnabled: false,
      emailNotifications: true,
      // No language sent at sign-up and no Accept-Language: English (decision 025).
      language: "en",
    });
  });

  test("saves name, phone, address and document number (trimmed) and answers the updated account", async () => {
    const user = await t.signUp();
    const response = await user.browser.request("PATCH", "/api/me", {
      json: {
        fullName: "  Rahim Uddin ",
        phone: "+880 1712-345678",
        address: "House 12, Road 5, Dhanmondi, Dhaka",
        documentNumber: "1990123456789",
      },
    });
    expect(response.statusCode).toBe(200);
    const expected = {
      fullName: "Rahim Uddin",
      // A Bangladeshi mobile is stored in its national form however it is typed (decision 023).
      phone: "01712345678",
      address: "House 12, Road 5, Dhanmondi, Dhaka",
      documentNumber: "1990123456789",
    };
    expect(response.json()).toMatchObject({ id: user.userId, ...expected });
    expect((await user.browser.get("/api/me")).json()).toMatchObject(expected);
    const [extended] = await t.db.select().from(extendedProfiles).where(eq(extendedProfiles.userId, user.userId));
    expect(extended).toMatchObject({ address: expected.address, documentNumber: expected.documentNumber });
  });

  test("a field left out keeps its value; an empty or blank field is saved as null", async () => {
    const user = await t.signUp();
    await user.browser.request("PATCH", "/api/me", {
      json: { fullName: "Karim", phone: "01712345678", address: "Chattogram", documentNumber: "AB1234567" },
    });
    const partial = await user.browser.request("PATCH", "/api/me", { json: { phone: "01812345678" } });
    expect(partial.json()).toMatchObject({ fullName: "Karim", phone: "01812345678", address: "Chattogram", documentNumber: "AB1234567" });

    const cleared = await user.browser.request("PATCH", "/api/me", {
      json: { fullName: "", phone: "   ", address: "", documentNumber: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ fullName: null, phone: null, address: null, documentNumber: null });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(profile).toMatchObject({ fullName: null, phone: null });
  });

  test.each([
    ["fullName", "x".repeat(101), "Full name must be at most 100 characters"],
    ["phone", "1".repeat(21), "Phone must be at most 20 characters"],
    ["phone", "call me", "Phone number should contain only digits"],
    ["address", "x".repeat(301), "Address must be at most 300 characters"],
    ["documentNumber", "x".repeat(51), "Document number must be at most 50 characters"],
    ["fullName", 42, "Full name must be text"],
  ])("%s = %j → 400 %j, and nothing is saved", async (field, value, message) => {
    const user = (validating ??= await t.signUp());
    await user.browser.request("PATCH", "/api/me", { json: { fullName: "Before", address: "Before" } });
    const response = await user.browser.request("PATCH", "/api/me", { json: { fullName: "After", address: "After", [field]: value } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ fullName: "Before", address: "Before" });
  });

  test("the maximum lengths themselves are accepted", async () => {
    const user = await t.signUp();
    const json = { fullName: "n".repeat(100), phone: "1".repeat(20), address: "a".repeat(300), documentNumber: "d".repeat(50) };
    const response = await user.browser.request("PATCH", "/api/me", { json });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject(json);
  });

  test("a customer cannot change their balance, e-mail, username or suspension through the profile", async () => {
    const user = await t.signUp();
    const response = await user.browser.request("PATCH", "/api/me", {
      json: {
        fullName: "Honest",
        balance: "1000000.00",
        balanceMinor: 100000000,
        email: "boss@example.com",
        username: "boss",
        isSuspended: true,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: "Honest", email: user.email, username: user.username });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, user.userId));
    expect(profile).toMatchObject({ balanceMinor: 0n, isSuspended: false, username: user.username });
  });

  test("one customer's PATCH never touches another's profile", async () => {
    const rahim = await t.signUp();
    const karim = await t.signUp();
    await karim.browser.request("PATCH", "/api/me", { json: { fullName: "Karim" } });
    await rahim.browser.request("PATCH", "/api/me", { json: { fullName: "Rahim", id: karim.userId } });
    expect((await karim.browser.get("/api/me")).json()).toMatchObject({ id: karim.userId, fullName: "Karim" });
    expect((await rahim.browser.get("/api/me")).json()).toMatchObject({ id: rahim.userId, fullName: "Rahim" });
  });
});

// ------------------------------------------------------------------ /api/wallet

describe("GET /api/wallet", () => {
  test("a new customer has 0.00 everywhere and no transactions", async () => {
    const user = await t.signUp();
    const response = await user.browser.get("/api/wallet");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      balance: "0.00",
      availableBalance: "0.00",
      heldBalance: "0.00",
      recentTransactions: [],
      // The default of WITHDRAWAL_MIN_BDT (decision 037); an unverified customer's daily maximum
      // (decision 039), here the test apps' UNVERIFIED_WITHDRAWAL_DAILY_MAX_BDT, all of it left.
      withdrawalLimits: { minimum: "500.00", dailyMaximum: "50000.00", level: "unverified", leftToday: "50000.00" },
    });
  });

  test("the withdrawal limits are the ones the server enforces, as configured; 0 is none", async () => {
    const configured = await createTestApp({ env: { WITHDRAWAL_MIN_BDT: "1000", WITHDRAWAL_DAILY_MAX_BDT: "0" } });
    try {
      const configuredAdmin = await signUpAdmin(configured);
      const user = await configured.signUp();
      // A verified customer: the level whose maximum WITHDRAWAL_DAILY_MAX_BDT sets (decision 039).
      await markIdentityVerified(configured, user.userId);
      const wallet = (await user.browser.get("/api/wallet")).json<WalletDto>();
      expect(wallet.withdrawalLimits).toEqual({ minimum: "1000.00", dailyMaximum: "0.00", level: "verified", leftToday: null });

      // Under the minimum the wallet shows: refused with the amount it names; at it, and far above
      // any daily maximum (none here), accepted.
      await fund(configured, { userId: user.userId, amount: "200000", adminId: configuredAdmin.userId });
      const request = (amount: string) =>
        user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount });
      const under = await request("999.99");
      expect(under.statusCode).toBe(400);
      expect(errorOf(under).message).toBe("The minimum withdrawal is 1,000.00 BDT");
      expect((await request("1000")).statusCode).toBe(201);
      expect((await request("150000")).statusCode).toBe(201);
      await expectLedgerIntact(configured);
    } finally {
      await configured.close();
    }
  });

  test("money held for a pending withdrawal is not available; approving it takes it from the balance", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "10000", adminId: admin.userId });
    const withdrawal = await user.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "1500.50" });
    expect(withdrawal.statusCode).toBe(201);
    // A pending deposit is promised to nobody: it changes neither figure.
    expect((await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" })).statusCode).toBe(201);

    expect((await user.browser.get("/api/wallet")).json()).toMatchObject({
      balance: "10000.00",
      availableBalance: "8499.50",
      heldBalance: "1500.50",
    });

    await approveTransaction(t.db, { id: withdrawal.json<{ id: string }>().id, adminId: admin.userId });
    expect((await user.browser.get("/api/wallet")).json()).toMatchObject({
      balance: "8499.50",
      availableBalance: "8499.50",
      heldBalance: "0.00",
    });
    await expectLedgerIntact(t);
  });

  test("while withdrawals are approved, every answer's balance and held money agree: available never moves", async () => {
    // An approval takes a withdrawal out of the balance and out of the held money in one database
    // transaction, so "available" (balance − held) stays the same throughout. Both figures are read
    // in one statement; read one after the other, an approval in between overstated "available".
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "10000", adminId: admin.userId });
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "500" });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<{ id: string }>().id);
    }
    const answers: WalletDto[] = [];
    let approving = true;
    const approvals = Promise.all(ids.map((id) => approveTransaction(t.db, { id, adminId: admin.userId }))).finally(() => {
      approving = false;
    });
    const readers = Array.from({ length: 3 }, async () => {
      do {
        const response = await user.browser.get("/api/wallet");
        expect(response.statusCode).toBe(200);
        answers.push(response.json<WalletDto>());
      } while (approving);
    });
    await Promise.all([approvals, ...readers]);

    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const answer of answers) {
      // However many approvals an answer saw, it saw each of them in both figures.
      expect(answer.availableBalance).toBe("4000.00");
      expect(parseBdt(answer.balance) - parseBdt(answer.heldBalance)).toBe(parseBdt("4000"));
    }
    expect((await user.browser.get("/api/wallet")).json()).toMatchObject({
      balance: "4000.00",
      availableBalance: "4000.00",
      heldBalance: "0.00",
    });
    await expectLedgerIntact(t);
  });

  test("recentTransactions holds the 5 newest, newest first, of this customer only", async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await fund(t, { userId: user.userId, amount: "5000", adminId: admin.userId });
    const created: string[] = [];
    let newest: TransactionDto | undefined;
    for (const usdtAmount of ["10", "11", "12", "13", "14", "15"]) {
      const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount });
      newest = response.json<TransactionDto>();
      created.push(newest.id);
    }
    expect((await other.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "99" })).statusCode).toBe(201);

    const wallet = (await user.browser.get("/api/wallet")).json<WalletDto>();
    expect(wallet.recentTransactions.map((item) => item.id)).toEqual(created.slice(-5).reverse());
    expect(wallet.recentTransactions[0]).toMatchObject({
      type: "deposit",
      // 15 USDT asked: credited at its exact amount to pay, as the request answered it (decision 038).
      amount: newest?.amount,
      payAmount: newest?.payAmount,
      usdtAmount: "15",
      status: "pending",
      userId: user.userId,
    });
    expect(wallet.balance).toBe("5000.00");
  });

  test("the answer is never cached by a shared cache", async () => {
    const user = await t.signUp();
    const response = await user.browser.get("/api/wallet");
    expect(response.headers["cache-control"] ?? "").not.toMatch(/public/);
  });
});

// ------------------------------------------------------------------ /api/deposit-info

describe("GET /api/deposit-info", () => {
  test("answers the network, the company's TRC-20 address, the rate and the minimum", async () => {
    const user = await t.signUp();
    const response = await user.browser.get("/api/deposit-info");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ network: "TRC-20", address: developmentDepositAddress, rate: "125", minUsdt: "10" });
  });
});
