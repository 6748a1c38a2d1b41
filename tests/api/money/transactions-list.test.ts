// GET /api/transactions (docs/product.md, Customer area › Transactions): the customer's own rows, newest first, 5 to a
// page by default, filtered by type and searched by amount, method (reference) or status, with
// LIKE's wildcards taken literally.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { approveTransaction } from "../../../src/server/wallet/approve-transaction.ts";
import { rejectTransaction } from "../../../src/server/wallet/reject-transaction.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { fund, tronAddress } from "../../support/wallet/money.ts";

type Page = { items: TransactionDto[]; total: number; page: number; pageSize: number };

let t: TestApp;
let customer: SignedUpUser;
let other: SignedUpUser;
/** The customer's transactions in the order they were made (oldest first). */
const made: TransactionDto[] = [];
const address = tronAddress();
const otherAddress = tronAddress();
/** The other customer's deposit, as its request answered it. */
let othersDeposit: TransactionDto;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await t.signUp();
  customer = await t.signUp();
  other = await t.signUp();
  await fund(t, { userId: customer.userId, amount: "10000", adminId: staff.userId }); // completed deposit 10000.00
  const create = async (path: string, body: unknown) => {
    const response = await customer.browser.post(path, body);
    expect(response.statusCode).toBe(201);
    return response.json<TransactionDto>();
  };
  made.push(await firstRow());
  // Deposits are credited at their exact amount to pay (decision 038): 20 USDT asked is 2,500.01 to 2,501.25 BDT.
  made.push(await create("/api/deposits", { fromAddress: address, usdtAmount: "20" })); // 2500.xx pending
  const rejectedDeposit = await create("/api/deposits", { fromAddress: otherAddress, usdtAmount: "11" }); // 1375.00
  await rejectTransaction(t.db, { id: rejectedDeposit.id, adminId: staff.userId, reason: null });
  made.push({ ...rejectedDeposit, status: "rejected" });
  made.push(await create("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "600" }));
  const paid = await create("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "750.50" });
  await approveTransaction(t.db, { id: paid.id, adminId: staff.userId });
  made.push({ ...paid, status: "completed" });
  const refused = await create("/api/withdrawals", { walletType: "Upay", walletNumber: "01912345678", amount: "800" });
  await rejectTransaction(t.db, { id: refused.id, adminId: staff.userId, reason: "Number not registered" });
  made.push({ ...refused, status: "rejected" });
  made.push(await create("/api/deposits", { fromAddress: address, usdtAmount: "12" })); // 1500.xx pending

  // Someone else's rows that would match the same searches.
  const others = await other.browser.post("/api/deposits", { fromAddress: address, usdtAmount: "20" });
  expect(others.statusCode).toBe(201);
  othersDeposit = others.json<TransactionDto>();
});
afterAll(async () => {
  await t.close();
});

/** The funding row, read back through the API (it was made by the ledger service). */
async function firstRow(): Promise<TransactionDto> {
  const page = await list("pageSize=100");
  const funding = page.items.find((item) => item.reference === "Manual add by admin");
  if (!funding) throw new Error("the funding transaction is missing");
  return funding;
}

async function list(query = "", user: SignedUpUser = customer): Promise<Page> {
  const response = await user.browser.get(`/api/transactions${query ? `?${query}` : ""}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const newestFirst = () => [...made].reverse();
const idsOf = (items: { id: string }[]) => items.map((item) => item.id);

describe("paging", () => {
  test("by default: page 1 of 5 rows, newest first, with the total", async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 5 });
    expect(idsOf(page.items)).toEqual(idsOf(newestFirst().slice(0, 5)));
    expect(page.items[0]).toMatchObject({
      type: "deposit",
      amount: made.at(-1)?.amount,
      usdtAmount: "12",
      status: "pending",
      userId: customer.userId,
    });
  });

  test("page 2 has the rest; a page past the end is empty but keeps the total", async () => {
    expect(idsOf((await list("page=2")).items)).toEqual(idsOf(newestFirst().slice(5)));
    expect(await list("page=3")).toEqual({ items: [], total: 7, page: 3, pageSize: 5 });
  });

  test("pageSize chooses the page length; above 100 it is capped at 100", async () => {
    const three = await list("page=2&pageSize=3");
    expect(three).toMatchObject({ page: 2, pageSize: 3, total: 7 });
    expect(idsOf(three.items)).toEqual(idsOf(newestFirst().slice(3, 6)));
    const capped = await list("pageSize=1000");
    expect(capped.pageSize).toBe(100);
    expect(capped.items).toHaveLength(7);
    expect((await list("pageSize=100")).pageSize).toBe(100);
  });

  test.each([
    ["page=0", "page must be a whole number from 1", "page"],
    ["page=-1", "page must be a whole number from 1", "page"],
    ["page=1.5", "page must be a whole number from 1", "page"],
    ["page=abc", "page must be a whole number from 1", "page"],
    ["pageSize=0", "pageSize must be a whole number from 1 to 100", "pageSize"],
    ["pageSize=-5", "pageSize must be a whole number from 1 to 100", "pageSize"],
    ["pageSize=2.5", "pageSize must be a whole number from 1 to 100", "pageSize"],
    ["pageSize=ten", "pageSize must be a whole number from 1 to 100", "pageSize"],
    ["type=withdrawal", "type must be all, deposit or withdraw", "type"],
    [`q=${"x".repeat(101)}`, "Search text must be at most 100 characters", "q"],
  ])("%s → 400 %j", async (query, message, field) => {
    const response = await customer.browser.get(`/api/transactions?${query}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
  });
});

describe("type filter", () => {
  test.each([
    ["deposit", 4],
    ["withdraw", 3],
    ["all", 7],
  ] as const)("type=%s → %i rows, all of that type", async (type, total) => {
    const page = await list(`type=${type}&pageSize=100`);
    expect(page.total).toBe(total);
    expect(page.items).toHaveLength(total);
    if (type !== "all") expect(page.items.every((item) => item.type === type)).toBe(true);
  });
});

describe("search (q): amount, method or status, case-insensitive", () => {
  const references = (page: Page) => page.items.map((item) => item.reference);

  test("an amount as people type it: '2500' finds the 2500.xx deposit, '750.5' the 750.50 withdrawal", async () => {
    const deposit = made[1];
    const page = await list(`q=${deposit?.amount.split(".")[0]}`); // the whole taka, as a person types it
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ id: deposit?.id, amount: deposit?.amount, userId: customer.userId });
    expect((await list(`q=${deposit?.amount}`)).items.map((item) => item.id)).toEqual([deposit?.id]);
    expect((await list("q=750.5")).items.map((item) => item.amount)).toEqual(["750.50"]);
    expect((await list("q=10000.00")).items.map((item) => item.amount)).toEqual(["10000.00"]);
  });

  test("the method: 'bKash' or 'bkash' finds the bKash withdrawal; the wallet number and the USDT address work too", async () => {
    expect(references(await list("q=bKash"))).toEqual(["bKash:01712345678"]);
    expect(references(await list("q=BKASH"))).toEqual(["bKash:01712345678"]);
    expect(references(await list("q=01812345678"))).toEqual(["Nagad:01812345678"]);
    expect(references(await list(`q=${address}`))).toEqual([made[6]?.reference, made[1]?.reference]);
    expect(made[1]?.reference).toMatch(new RegExp(`^20\\.\\d+ USDT from ${address}$`));
    expect(references(await list("q=manual"))).toEqual(["Manual add by admin"]);
  });

  test("the status: 'rejected' finds both rejected rows, 'pending' the three pending ones", async () => {
    const rejected = await list("q=rejected");
    expect(rejected.total).toBe(2);
    expect(rejected.items.every((item) => item.status === "rejected")).toBe(true);
    expect((await list("q=Rejected")).total).toBe(2);
    expect((await list("q=pending")).total).toBe(3);
  });

  test("search and type combine; the total counts the matches, not the page", async () => {
    expect(references(await list("q=rejected&type=withdraw"))).toEqual(["Upay:01912345678"]);
    const matches = await list("q=0&pageSize=2");
    expect(matches.items).toHaveLength(2);
    expect(matches.total).toBe(7);
  });

  test("surrounding spaces are ignored; an empty search lists everything", async () => {
    expect(references(await list("q=%20%20bKash%20"))).toEqual(["bKash:01712345678"]);
    expect((await list("q=")).total).toBe(7);
  });

  test.each(["%", "_", "Manual%admin", "Manual_add", "\\", "25_0"])("LIKE wildcards are literal: %j finds nothing", async (q) => {
    const page = await list(`q=${encodeURIComponent(q)}`);
    expect(page).toMatchObject({ items: [], total: 0 });
  });

  test("no match → an empty page", async () => {
    expect(await list("q=Rocket")).toEqual({ items: [], total: 0, page: 1, pageSize: 5 });
  });
});

describe("only one's own rows", () => {
  test("another customer sees only their own deposit, under the same searches", async () => {
    const page = await list("pageSize=100", other);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ userId: other.userId, amount: othersDeposit.amount });
    expect((await list(`q=${othersDeposit.amount.split(".")[0]}`, other)).total).toBe(1);
    expect((await list(`q=${address}`, other)).items.every((item) => item.userId === other.userId)).toBe(true);
    expect((await list("q=bKash", other)).total).toBe(0);
  });

  test("a new customer has none", async () => {
    const newcomer = await t.signUp();
    expect(await list("", newcomer)).toEqual({ items: [], total: 0, page: 1, pageSize: 5 });
  });
});
