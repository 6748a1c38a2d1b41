// The back office's lists (docs/architecture.md, HTTP API; docs/product.md, Back office): paginated, filtered
// and searched on the server. Transactions match user, email, amount and method; users match
// e-mail, username and full name; SIMs match phone, e-mail and username; verifications match
// e-mail, name and user id; all case-insensitively, with LIKE's % and _ taken literally. Every
// fixture is made here, in beforeAll, with names no other row shares, so every count is exact.
import { randomInt } from "node:crypto";
import { count, desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog } from "../../../src/server/db/schema.ts";
import { displayBdt, parseBdt } from "../../../src/shared/money.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { tronAddress } from "../../support/wallet/money.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
type AdminTransaction = {
  id: string;
  userId: string;
  username: string;
  email: string;
  type: string;
  amount: string;
  status: string;
  reference: string | null;
  origin: string;
};
type AdminUser = { id: string; email: string; username: string; fullName: string | null; isSuspended: boolean; adminRole: string | null };
type AdminSim = { id: string; userId: string; email: string; username: string; phoneNumber: string; status: string };
type AdminVerification = { id: string; userId: string; userName: string | null; userEmail: string; status: string };

/** Letters only, and none of them a hex digit: no search for an amount, a number or a uuid can hit it by chance. */
function tag(length = 8): string {
  const letters = "ghjkmnpqrstvwxyz";
  return Array.from({ length }, () => letters[randomInt(letters.length)]).join("");
}

let t: TestApp;
let admin: EnrolledAdmin;
const r = tag();
/** Four transactions (two deposits, two withdrawals); username with an underscore. */
let alice: SignedUpUser;
/** An admin's credit, a paid withdrawal and a pending deposit. */
let bob: SignedUpUser;
/** Twelve pending deposits, for paging; username like alice's but with an x where her _ is. */
let carol: SignedUpUser;
/** Suspended. */
let dave: SignedUpUser;
/** Full name "100% Sure". */
let percent: SignedUpUser;
/** Every transaction of the file, in the order made. */
const made: string[] = [];
const ids: Record<string, string> = {};
/**
 * Each transaction's amount as its request answered it. A deposit is credited at its exact amount to
 * pay, drawn by the database (decision 038): 10 USDT asked is 1,250.01 to 1,251.25 BDT. The searches
 * by amount below are checked against these figures by the search's documented rule.
 */
const amounts: Record<string, string> = {};
const simIds: Record<string, string> = {};
const verificationIds: Record<string, string> = {};

async function signUp(name: string, username: string): Promise<SignedUpUser> {
  return t.signUp({ username, email: `${name}.${r}@example.com` });
}

async function setFullName(user: SignedUpUser, fullName: string): Promise<void> {
  const response = await admin.browser.request("PUT", `/api/admin/users/${user.userId}/profile`, { json: { fullName } });
  expect(response.statusCode, response.body).toBe(200);
}

function created(response: TestResponse): string {
  expect(response.statusCode, response.body).toBe(201);
  const { id, amount } = response.json<TransactionDto>();
  made.push(id);
  amounts[id] = amount;
  return id;
}

/** The search's rule for a typed amount: "1250" is 1,250.00 to 1,250.99; "1250.5" or "1,250.50" that amount exactly. */
function amountMatches(amount: string, typed: string): boolean {
  const plain = typed.replace(/,/g, "");
  const poisha = parseBdt(amount);
  const from = parseBdt(plain);
  return plain.includes(".") ? poisha === from : poisha >= from && poisha <= from + 99n;
}

const deposit = async (user: SignedUpUser, usdtAmount: string) =>
  created(await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount }));
const withdraw = async (user: SignedUpUser, walletType: string, walletNumber: string, amount: string) =>
  created(await user.browser.post("/api/withdrawals", { walletType, walletNumber, amount }));
const decide = async (id: string, decision: "approve" | "reject") => {
  const response = await admin.browser.post(`/api/admin/transactions/${id}/${decision}`);
  expect(response.statusCode, response.body).toBe(200);
};

async function addSim(user: SignedUpUser, phoneNumber: string): Promise<string> {
  const response = await user.browser.post("/api/sims", { phoneNumber, walletType: "Personal" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** Both sides of a national ID: a complete request, which the default list shows and an admin may approve. */
async function upload(user: SignedUpUser, sides: readonly ("front" | "back")[] = ["front", "back"]): Promise<string> {
  let id = "";
  for (const side of sides) {
    const response = await uploadDocument(user.browser, { documentType: "national_id", side, bytes: makePng() });
    expect(response.statusCode, response.body).toBe(200);
    id = response.json<{ id: string }>().id;
  }
  return id;
}

beforeAll(async () => {
  // Carol makes 12 deposit requests: more than the open-request limit (decision 038), which is not what this file is about.
  t = await createTestApp({ env: { DEPOSIT_OPEN_MAX: "0" } });
  admin = await signUpAdmin(t);
  alice = await signUp("alice", `tx_${r}`);
  bob = await signUp("bob", `bob-${r}`);
  carol = await signUp("carol", `txx${r}`);
  dave = await signUp("dave", `dave-${r}`);
  percent = await signUp("percent", `pct-${r}`);
  await setFullName(alice, "Alice Rahman");
  await setFullName(bob, "Bob Chowdhury");
  await setFullName(carol, "Carol Sarkar");
  await setFullName(dave, "Dave Mitra");
  await setFullName(percent, "100% Sure");

  // Transactions, oldest first.
  ids.aliceDeposit1250 = await deposit(alice, "10"); // 1250.00, pending
  ids.aliceDeposit12500 = await deposit(alice, "100"); // 12500.00
  await decide(ids.aliceDeposit12500, "approve");
  ids.aliceBkash = await withdraw(alice, "bKash", "01998877665", "600"); // pending
  ids.aliceNagad = await withdraw(alice, "Nagad", "01887766554", "700");
  await decide(ids.aliceNagad, "reject");
  ids.bobCredit = created(
    await admin.browser.post(`/api/admin/users/${bob.userId}/balance-adjustments`, { direction: "add", amount: "3000" }),
  ); // completed deposit, "Manual add by admin"
  ids.bobUpay = await withdraw(bob, "Upay", "01776655443", "1250"); // 1250.00
  await decide(ids.bobUpay, "approve");
  ids.bobDeposit = await deposit(bob, "59.45"); // 7431.25, pending
  for (let i = 0; i < 12; i += 1) await deposit(carol, "11"); // 1375.00 each, pending

  // SIMs.
  simIds.alicePending = await addSim(alice, "01711122233");
  simIds.aliceActive = await addSim(alice, "01711122244");
  simIds.bobRejected = await addSim(bob, "01822233344");
  simIds.carolPending = await addSim(carol, "01933344455");
  for (const [id, status] of [
    [simIds.aliceActive, "active"],
    [simIds.bobRejected, "rejected"],
  ] as const) {
    expect((await admin.browser.request("PATCH", `/api/admin/sims/${id}`, { json: { status } })).statusCode).toBe(200);
  }

  // Verifications.
  verificationIds.alice = await upload(alice);
  verificationIds.bob = await upload(bob);
  verificationIds.carol = await upload(carol);
  verificationIds.dave = await upload(dave);
  expect((await admin.browser.post(`/api/admin/verifications/${verificationIds.alice}/approve`)).statusCode).toBe(200);
  expect(
    (await admin.browser.post(`/api/admin/verifications/${verificationIds.carol}/reject`, { reason: "Photo is blurred" })).statusCode,
  ).toBe(200);

  // Suspended last: a suspended customer cannot act.
  expect((await admin.browser.request("PATCH", `/api/admin/users/${dave.userId}`, { json: { isSuspended: true } })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

async function list<T>(path: string, query = ""): Promise<Page<T>> {
  const response = await admin.browser.get(`${path}${query ? `?${query}` : ""}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page<T>>();
}

const idsOf = (items: { id: string }[]) => items.map((item) => item.id);
// Pages are compared with toMatchObject: the four keys items, total, page, pageSize exactly (an empty `items`
// still has to be empty), while a list may add keys of its own beside them.
const q = (text: string) => `q=${encodeURIComponent(text)}`;

// ------------------------------------------------------------------ transactions

describe("GET /api/admin/transactions", () => {
  const transactions = (query = "") => list<AdminTransaction>("/api/admin/transactions", query);
  const newestFirst = () => [...made].reverse();

  test("19 in all: page 1 has the 10 newest (the default page size), page 2 the other 9, page 3 none but the total", async () => {
    expect(made).toHaveLength(19);
    const first = await transactions();
    expect(first).toMatchObject({ total: 19, page: 1, pageSize: 10 });
    expect(idsOf(first.items)).toEqual(newestFirst().slice(0, 10));
    const second = await transactions("page=2");
    expect(idsOf(second.items)).toEqual(newestFirst().slice(10));
    expect(await transactions("page=3")).toMatchObject({ items: [], total: 19, page: 3, pageSize: 10 });
    expect(await transactions("page=1000")).toMatchObject({ items: [], total: 19, page: 1000, pageSize: 10 });
  });

  test("each row names the user and e-mail, with amount, method, status and origin", async () => {
    const page = await transactions(q("01776655443"));
    expect(page.items).toEqual([
      {
        id: ids.bobUpay,
        userId: bob.userId,
        username: bob.username,
        email: bob.email,
        type: "withdraw",
        amount: "1250.00",
        usdtAmount: null,
        status: "completed",
        reference: "Upay:01776655443",
        origin: "customer",
        rejectReason: null,
        payoutReference: null,
        createdAt: expect.any(String) as string,
        processedAt: expect.any(String) as string,
        // A withdrawal has no sending address, TXID, amount to pay, window or chain evidence.
        fromAddress: null,
        txid: null,
        payAmount: null,
        expiresAt: null,
        expired: false,
        chain: null,
        // The facts beside a withdrawal (decision 039): no other payment to this number, and none of the rest.
        risk: { newNumber: true, newDeviceSignIn24h: false, frozenByCustomer: false, secondFactor: false },
        // Decided already: nothing for four eyes, nothing that differs (decision 040).
        fourEyes: false,
        secondApproval: null,
        receivedCredit: null,
      },
    ]);
  });

  test("pageSize chooses the length; above 100 it is capped at 100, not refused", async () => {
    const three = await transactions("pageSize=3&page=2");
    expect(three).toMatchObject({ total: 19, page: 2, pageSize: 3 });
    expect(idsOf(three.items)).toEqual(newestFirst().slice(3, 6));
    const capped = await transactions("pageSize=101");
    expect(capped).toMatchObject({ total: 19, pageSize: 100 });
    expect(capped.items).toHaveLength(19);
    expect((await transactions("pageSize=100")).pageSize).toBe(100);
  });

  test.each([
    ["page=0", "page", "page must be a whole number from 1"],
    ["page=x", "page", "page must be a whole number from 1"],
    ["pageSize=0", "pageSize", "pageSize must be a whole number from 1 to 100"],
    ["pageSize=-1", "pageSize", "pageSize must be a whole number from 1 to 100"],
    ["pageSize=1.5", "pageSize", "pageSize must be a whole number from 1 to 100"],
    ["type=withdrawal", "type", "type must be all, deposit or withdraw"],
    ["status=approved", "status", "status must be all, pending, completed or rejected"],
    [`q=${"x".repeat(101)}`, "q", "Search text must be at most 100 characters"],
  ])("%s → 400 %s: %j", async (query, field, message) => {
    const response = await admin.browser.get(`/api/admin/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
  });

  test.each([
    ["type=deposit", 16],
    ["type=withdraw", 3],
    ["type=all", 19],
    ["status=pending", 15],
    ["status=completed", 3],
    ["status=rejected", 1],
    ["status=all", 19],
    ["type=withdraw&status=completed", 1],
    ["type=deposit&status=rejected", 0],
  ])("%s → %i, the total counting the filter", async (query, total) => {
    const page = await transactions(`${query}&pageSize=100`);
    expect(page.total).toBe(total);
    expect(page.items).toHaveLength(total);
    const params = new URLSearchParams(query);
    for (const item of page.items) {
      if (params.get("type") && params.get("type") !== "all") expect(item.type).toBe(params.get("type"));
      if (params.get("status") && params.get("status") !== "all") expect(item.status).toBe(params.get("status"));
    }
  });

  // Sorting (decision 021): by date or amount, either way; the id breaks ties in the same direction.
  const byAmountThenId = (a: AdminTransaction, b: AdminTransaction) =>
    Number(a.amount) - Number(b.amount) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

  test("direction=asc is oldest first: the queue's order, page by page", async () => {
    expect(idsOf((await transactions("direction=asc")).items)).toEqual(made.slice(0, 10));
    expect(idsOf((await transactions("sort=createdAt&direction=asc&page=2")).items)).toEqual(made.slice(10));
    // Pending, oldest first: alice's 1,250 deposit waited longest.
    expect((await transactions("status=pending&direction=asc&pageSize=1")).items.map((item) => item.id)).toEqual([ids.aliceDeposit1250]);
  });

  test("sort=amount, both ways, with and without filters", async () => {
    const all = (await transactions("pageSize=100")).items;
    const ascending = [...all].sort(byAmountThenId);
    expect(idsOf((await transactions("sort=amount&direction=asc&pageSize=100")).items)).toEqual(idsOf(ascending));
    expect(idsOf((await transactions("sort=amount&direction=desc&pageSize=100")).items)).toEqual(idsOf(ascending).reverse());
    expect(idsOf((await transactions("sort=amount&direction=desc&pageSize=5&page=2")).items)).toEqual(
      idsOf(ascending).reverse().slice(5, 10),
    );
    const pendingDeposits = ascending.filter((item) => item.type === "deposit" && item.status === "pending");
    const filtered = await transactions("type=deposit&status=pending&sort=amount&direction=asc&pageSize=100");
    expect(idsOf(filtered.items)).toEqual(idsOf(pendingDeposits));
    expect(filtered.total).toBe(pendingDeposits.length);
    // A search keeps the order it is asked for.
    const searched = await transactions(`${q(alice.username)}&sort=amount&direction=desc`);
    expect(searched.items.map((item) => item.amount)).toEqual([
      amounts[ids.aliceDeposit12500!],
      amounts[ids.aliceDeposit1250!],
      "700.00",
      "600.00",
    ]);
  });

  test.each([
    ["sort=date", "sort", "sort must be createdAt or amount"],
    ["sort=", "sort", "sort must be createdAt or amount"],
    ["direction=up", "direction", "direction must be asc or desc"],
    ["direction=ASC", "direction", "direction must be asc or desc"],
  ])("%s → 400 %s: %j", async (query, field, message) => {
    const response = await admin.browser.get(`/api/admin/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
  });

  test("the total counts the filter, not the page: carol's 12 deposits in pages of 5", async () => {
    const third = await transactions(`${q(carol.username)}&pageSize=5&page=3`);
    expect(third.total).toBe(12);
    expect(third.items).toHaveLength(2);
    expect(third.items.every((item) => item.userId === carol.userId)).toBe(true);
  });

  test.each<[string, string, string[]]>([
    ["the username", `tx_${r}`, ["aliceNagad", "aliceBkash", "aliceDeposit12500", "aliceDeposit1250"]],
    ["the username in capitals", `TX_${r.toUpperCase()}`, ["aliceNagad", "aliceBkash", "aliceDeposit12500", "aliceDeposit1250"]],
    ["the e-mail", `bob.${r}@example.com`, ["bobDeposit", "bobUpay", "bobCredit"]],
    ["part of the e-mail, in capitals", `BOB.${r.toUpperCase()}@EXAMPLE`, ["bobDeposit", "bobUpay", "bobCredit"]],
    ["the method: bKash", "bKash", ["aliceBkash"]],
    ["the method in capitals: BKASH", "BKASH", ["aliceBkash"]],
    ["the method in small letters: nagad", "nagad", ["aliceNagad"]],
    ["the wallet number", "01998877665", ["aliceBkash"]],
    ["the admin's reference", "manual ADD", ["bobCredit"]],
  ])("q = %s finds exactly those, newest first", async (_label, text, expected) => {
    const page = await transactions(`${q(text)}&pageSize=100`);
    expect(idsOf(page.items)).toEqual(expected.map((key) => ids[key]));
    expect(page.total).toBe(expected.length);
  });

  // An amount is matched as an amount (decision 010): "1250" is 1,250.00–1,250.99, not 12,500.00.
  // Deposits' amounts are drawn (decision 038), so each case names the candidates and the rule picks.
  test.each<[string, () => string, string[]]>([
    ["an amount as typed: 1250", () => "1250", ["bobUpay", "aliceDeposit1250"]],
    ["an amount grouped: 1,250", () => "1,250", ["bobUpay", "aliceDeposit1250"]],
    ["a larger amount: 12500 (or 12501, as drawn)", () => amounts[ids.aliceDeposit12500!]!.split(".")[0]!, ["aliceDeposit12500"]],
    ["an amount with its decimals: 1,250.00", () => "1,250.00", ["bobUpay", "aliceDeposit1250"]],
    ["an odd amount: bob's deposit, as it was credited", () => amounts[ids.bobDeposit!]!, ["bobDeposit"]],
    ["an odd amount grouped", () => displayBdt(parseBdt(amounts[ids.bobDeposit!]!)).replace(" BDT", ""), ["bobDeposit"]],
  ])("q = %s finds exactly the rows of that amount, newest first", async (_label, typed, candidates) => {
    const text = typed();
    const expected = made.filter((id) => amountMatches(amounts[id]!, text)).reverse();
    // Every candidate the rule picks is found, and nothing else: withdrawals' exact amounts always match.
    for (const key of candidates) if (amountMatches(amounts[ids[key]!]!, text)) expect(expected).toContain(ids[key]);
    expect(expected.length).toBeGreaterThan(0);
    const page = await transactions(`${q(text)}&pageSize=100`);
    expect(idsOf(page.items)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  test("the deposit's address is part of its method text", async () => {
    const page = await transactions(`${q(carol.username)}&pageSize=1`);
    const reference = page.items[0]!.reference!;
    const address = reference.split(" from ")[1]!;
    const found = await transactions(q(address.toLowerCase()));
    expect(idsOf(found.items)).toEqual([page.items[0]!.id]);
  });

  test("search and filters combine", async () => {
    expect(idsOf((await transactions(`${q(`tx_${r}`)}&status=pending`)).items)).toEqual([ids.aliceBkash, ids.aliceDeposit1250]);
    expect(idsOf((await transactions(`${q("1250")}&type=withdraw`)).items)).toEqual([ids.bobUpay]);
    expect(idsOf((await transactions(`${q("1250")}&status=completed`)).items)).toEqual([ids.bobUpay]);
    const wholeTaka = amounts[ids.aliceDeposit12500!]!.split(".")[0]!; // 12500 or 12501: the credit is drawn (decision 038)
    expect(idsOf((await transactions(`${q(wholeTaka)}&status=completed`)).items)).toEqual([ids.aliceDeposit12500]);
  });

  test("% and _ are literal: 'tx_…' is alice's alone (not carol's 'txx…'), and '%' matches nothing", async () => {
    // As a wildcard, _ would match carol's x as well (16 rows), and % would match everything.
    expect((await transactions(q(`tx_${r}`))).total).toBe(4);
    expect((await transactions(q(`tx%${r}`))).total).toBe(0);
    expect((await transactions(q("%"))).total).toBe(0);
    expect((await transactions(q("1%5"))).total).toBe(0);
    expect((await transactions(q("12_0"))).total).toBe(0);
    expect((await transactions(q("\\"))).total).toBe(0);
  });

  test("surrounding spaces are ignored; no match → an empty page", async () => {
    expect((await transactions(q(`  ${bob.email}  `))).total).toBe(3);
    expect(await transactions(q(`nobody-${r}`))).toMatchObject({ items: [], total: 0, page: 1, pageSize: 10 });
  });
});

// ------------------------------------------------------------------ users

describe("GET /api/admin/users", () => {
  const users = (query = "") => list<AdminUser>("/api/admin/users", query);
  let underscore: SignedUpUser;
  let lookalike: SignedUpUser;
  beforeAll(async () => {
    underscore = await signUp("under", `und_${r}`);
    lookalike = await signUp("lookalike", `undx${r}`);
  });

  test("e-mail, username and full name, case-insensitively", async () => {
    expect(idsOf((await users(q(alice.email.toUpperCase()))).items)).toEqual([alice.userId]);
    expect(idsOf((await users(q(`BOB-${r.toUpperCase()}`))).items)).toEqual([bob.userId]);
    expect(idsOf((await users(q("rahman"))).items)).toEqual([alice.userId]);
    expect(idsOf((await users(q("CAROL SARKAR"))).items)).toEqual([carol.userId]);
    const [row] = (await users(q(alice.email))).items;
    expect(row).toMatchObject({
      id: alice.userId,
      email: alice.email,
      username: alice.username,
      fullName: "Alice Rahman",
      country: "BD",
      balance: amounts[ids.aliceDeposit12500!],
      isSuspended: false,
      verificationStatus: "approved",
      adminRole: null,
    });
    expect((await users(q(admin.email))).items[0]).toMatchObject({ id: admin.userId, adminRole: "admin" });
  });

  test("status: suspended lists dave alone; active lists everyone else; combined with a search", async () => {
    const total = (await users()).total;
    expect(idsOf((await users("status=suspended")).items)).toEqual([dave.userId]);
    const active = await users("status=active&pageSize=100");
    expect(active.total).toBe(total - 1);
    expect(active.items.some((u) => u.id === dave.userId)).toBe(false);
    expect(active.items.every((u) => !u.isSuspended)).toBe(true);
    expect((await users(`status=active&${q("Dave Mitra")}`)).total).toBe(0);
    expect((await users(`status=suspended&${q("dave")}`)).items).toEqual([expect.objectContaining({ id: dave.userId, isSuspended: true })]);
  });

  test("newest first, 10 a page by default; a page past the end is empty with the total", async () => {
    const all = await users("pageSize=100");
    // Everyone this file signed up: the admin, five in beforeAll, two in this block's.
    expect(all.total).toBe(8);
    expect(idsOf(all.items).slice(0, 2)).toEqual([lookalike.userId, underscore.userId]);
    const first = await users();
    expect(first).toMatchObject({ total: 8, page: 1, pageSize: 10 });
    expect(first.items).toHaveLength(8);
    expect(idsOf((await users("pageSize=3&page=3")).items)).toEqual(idsOf(all.items).slice(6, 8));
    expect(await users("page=2")).toMatchObject({ items: [], total: 8, page: 2, pageSize: 10 });
    expect((await users("pageSize=101")).pageSize).toBe(100);
  });

  test("% and _ are literal", async () => {
    // As wildcards each of these would match both 'und_…' and 'undx…' (and '10%' the '100% Sure').
    expect(idsOf((await users(q(`und_${r}`))).items)).toEqual([underscore.userId]);
    expect((await users(q(`und%${r}`))).total).toBe(0);
    expect(idsOf((await users(q("100%"))).items)).toEqual([percent.userId]);
    expect((await users(q("10%"))).total).toBe(0);
    expect((await users(q("%"))).items).toEqual([expect.objectContaining({ id: percent.userId })]);
  });

  test.each([
    ["status=banned", "status", "status must be all, active or suspended"],
    ["page=0", "page", "page must be a whole number from 1"],
  ])("%s → 400 %s: %j", async (query, field, message) => {
    const response = await admin.browser.get(`/api/admin/users?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
  });
});

// ------------------------------------------------------------------ SIMs

describe("GET /api/admin/sims", () => {
  const simList = (query = "") => list<AdminSim>("/api/admin/sims", query);

  test("all four, newest first, each with the owner's e-mail and username", async () => {
    const page = await simList();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 10 });
    expect(idsOf(page.items)).toEqual([simIds.carolPending, simIds.bobRejected, simIds.aliceActive, simIds.alicePending]);
    expect(page.items[1]).toMatchObject({
      userId: bob.userId,
      email: bob.email,
      username: bob.username,
      phoneNumber: "01822233344",
      walletType: "Personal",
      status: "rejected",
    });
  });

  test.each([
    ["status=pending", ["carolPending", "alicePending"]],
    ["status=active", ["aliceActive"]],
    ["status=rejected", ["bobRejected"]],
    ["status=all", ["carolPending", "bobRejected", "aliceActive", "alicePending"]],
    [q("0171112"), ["aliceActive", "alicePending"]],
    [q("01933344455"), ["carolPending"]],
    [q(`BOB.${r.toUpperCase()}@EXAMPLE.COM`), ["bobRejected"]],
    [q(`TXX${r.toUpperCase()}`), ["carolPending"]],
    [`${q(`tx_${r}`)}&status=pending`, ["alicePending"]],
    [q("%"), []],
    [q("0171_12"), []],
  ])("%s → exactly those", async (query, expected) => {
    const page = await simList(query);
    expect(idsOf(page.items)).toEqual(expected.map((key) => simIds[key]));
    expect(page.total).toBe(expected.length);
  });

  test("pages: 3 a page, page 2 has the last one, page 3 none", async () => {
    expect(idsOf((await simList("pageSize=3&page=2")).items)).toEqual([simIds.alicePending]);
    expect(await simList("pageSize=3&page=3")).toMatchObject({ items: [], total: 4, page: 3, pageSize: 3 });
  });

  test("direction=asc is oldest first, with the status filter", async () => {
    expect(idsOf((await simList("direction=asc")).items)).toEqual([
      simIds.alicePending,
      simIds.aliceActive,
      simIds.bobRejected,
      simIds.carolPending,
    ]);
    expect(idsOf((await simList("status=pending&direction=asc&pageSize=1")).items)).toEqual([simIds.alicePending]);
  });

  test("direction=oldest → 400", async () => {
    const response = await admin.browser.get("/api/admin/sims?direction=oldest");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "VALIDATION_ERROR",
      message: "direction must be asc or desc",
      fields: { direction: "direction must be asc or desc" },
    });
  });

  test("status=approved → 400", async () => {
    const response = await admin.browser.get("/api/admin/sims?status=approved");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("status must be all, pending, active or rejected");
  });
});

// ------------------------------------------------------------------ verifications

describe("GET /api/admin/verifications", () => {
  const verificationList = (query = "") => list<AdminVerification>("/api/admin/verifications", query);

  test("pending by default, newest first, with the user's name and e-mail", async () => {
    const page = await verificationList();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(idsOf(page.items)).toEqual([verificationIds.dave, verificationIds.bob]);
    expect(page.items[1]).toEqual({
      id: verificationIds.bob,
      userId: bob.userId,
      userName: "Bob Chowdhury",
      userEmail: bob.email,
      documentType: "national_id",
      status: "pending",
      rejectReason: null,
      backSideMissing: false,
      missingSides: [],
      createdAt: expect.any(String) as string,
      updatedAt: expect.any(String) as string,
    });
  });

  test.each([
    ["status=all", ["dave", "carol", "bob", "alice"]],
    ["status=approved", ["alice"]],
    ["status=rejected", ["carol"]],
    ["status=pending", ["dave", "bob"]],
    [`status=all&${q("RAHMAN")}`, ["alice"]],
    [`status=approved&${q("alice rahman")}`, ["alice"]],
    [`status=pending&${q("alice")}`, []],
    [q(`BOB.${r.toUpperCase()}@EXAMPLE.COM`), ["bob"]],
    [`status=all&${q("sarkar")}`, ["carol"]],
    [`status=all&${q("%")}`, []],
    [`status=all&${q("_")}`, []],
  ])("%s → exactly those", async (query, expected) => {
    const page = await verificationList(query);
    expect(idsOf(page.items)).toEqual(expected.map((key) => verificationIds[key]));
    expect(page.total).toBe(expected.length);
  });

  test("the user id, whole or in part, in any case", async () => {
    for (const text of [dave.userId, dave.userId.toUpperCase(), dave.userId.slice(0, 13), dave.userId.slice(-12).toUpperCase()]) {
      expect(idsOf((await verificationList(`status=all&${q(text)}`)).items), text).toEqual([verificationIds.dave]);
    }
  });

  test("pages: 1 a page, page 4 of status=all is alice's, page 5 is empty with the total", async () => {
    expect(idsOf((await verificationList("status=all&pageSize=1&page=4")).items)).toEqual([verificationIds.alice]);
    expect(await verificationList("status=all&pageSize=1&page=5")).toMatchObject({ items: [], total: 4, page: 5, pageSize: 1 });
  });

  test("direction=asc: the pending one that waited longest comes first", async () => {
    expect(idsOf((await verificationList("direction=asc")).items)).toEqual([verificationIds.bob, verificationIds.dave]);
    expect(idsOf((await verificationList("status=all&direction=asc&pageSize=2&page=2")).items)).toEqual([
      verificationIds.carol,
      verificationIds.dave,
    ]);
  });

  test("only the front of a national ID: listed under incomplete with backSideMissing; with the back, in the default list", async () => {
    const erin = await signUp("erin", `vq_${r}`);
    const id = await upload(erin, ["front"]);
    const byErin = (query: string) => verificationList(`${query}&${q(erin.email)}`);
    expect((await byErin("status=incomplete")).items).toMatchObject([{ id, backSideMissing: true, missingSides: ["back"] }]);
    expect((await byErin("status=pending")).items).toEqual([]);
    const back = await uploadDocument(erin.browser, { documentType: "national_id", side: "back", bytes: makePng() });
    expect(back.statusCode, back.body).toBe(200);
    expect((await byErin("status=incomplete")).items).toEqual([]);
    expect((await byErin("status=pending")).items).toMatchObject([{ id, backSideMissing: false, missingSides: [] }]);
  });

  test("direction=1 → 400", async () => {
    const response = await admin.browser.get("/api/admin/verifications?direction=1");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("direction must be asc or desc");
  });

  test("status=none → 400 (a verification that exists is pending, approved or rejected)", async () => {
    const response = await admin.browser.get("/api/admin/verifications?status=none");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("status must be all, pending, incomplete, approved or rejected");
  });
});

// ------------------------------------------------------------------ dashboard

describe("GET /api/admin/stats", () => {
  test("today's approved deposits and withdrawals are the customers' own; bob's 3,000 credit is an adjustment", async () => {
    const response = await admin.browser.get("/api/admin/stats");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      todayApprovedDeposits: amounts[ids.aliceDeposit12500!],
      todayApprovedWithdrawals: "1250.00",
      todayAdjustmentsAdded: "3000.00",
      todayAdjustmentsSubtracted: "0.00",
    });
  });
});

// ------------------------------------------------------------------ audit log

describe("GET /api/admin/audit-log", () => {
  type AuditItem = { id: string; action: string };
  const audit = (query = "") => list<AuditItem>("/api/admin/audit-log", query);

  test("20 a page by default, newest first, the total counting every entry; a page past the end is empty", async () => {
    const rows = await t.db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
    expect(rows.length).toBeGreaterThan(20);
    const first = await audit();
    expect(first).toMatchObject({ total: rows.length, page: 1, pageSize: 20 });
    expect(idsOf(first.items)).toEqual(idsOf(rows.slice(0, 20)));
    expect(idsOf((await audit("page=2&pageSize=7")).items)).toEqual(idsOf(rows.slice(7, 14)));
    const lastPage = Math.ceil(rows.length / 20);
    expect(idsOf((await audit(`page=${lastPage}`)).items)).toEqual(idsOf(rows.slice((lastPage - 1) * 20)));
    expect(await audit(`page=${lastPage + 1}`)).toMatchObject({ items: [], total: rows.length, page: lastPage + 1, pageSize: 20 });
    expect((await audit("pageSize=500")).pageSize).toBe(100);
  });

  test("the action filter pages too", async () => {
    const [row] = await t.db.select({ n: count() }).from(auditLog);
    const approved = await audit("action=transaction.approved");
    expect(approved.total).toBe(2);
    expect(approved.items.map((item) => item.action)).toEqual(["transaction.approved", "transaction.approved"]);
    const requested = await audit("action=transaction.deposit_requested&pageSize=5&page=3");
    expect(requested.total).toBe(15);
    expect(requested.items).toHaveLength(5);
    expect((await audit()).total).toBe(row?.n);
  });

  test("an action filter over 100 characters → 400 with its message", async () => {
    const response = await admin.browser.get(`/api/admin/audit-log?action=${"a".repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "VALIDATION_ERROR",
      message: "Action must be at most 100 characters",
      fields: { action: "Action must be at most 100 characters" },
    });
  });
});
