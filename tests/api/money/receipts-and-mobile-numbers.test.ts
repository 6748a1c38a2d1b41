// One transaction for its receipt (GET /api/transactions/:id), Bangladeshi mobile numbers stored
// in their national form however they are typed, and SIMs as payout numbers with their operator
// and history (docs/decisions/022-sims-as-payout-numbers.md, 023-customer-review-receipt-and-drafts.md).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, sims, transactions } from "../../../src/server/db/schema.ts";
import type { AdminSimDto } from "../../../src/shared/admin-schemas.ts";
import type { SimDto } from "../../../src/shared/sim-schemas.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { fund } from "../../support/wallet/money.ts";

let t: TestApp;
let admin: EnrolledAdmin;
let customer: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  customer = await t.signUp();
  other = await t.signUp();
  await fund(t, { userId: customer.userId, amount: "10000.00", adminId: admin.userId });
  await fund(t, { userId: other.userId, amount: "10000.00", adminId: admin.userId });
});
afterAll(async () => {
  await t.close();
});

async function withdraw(user: SignedUpUser, walletNumber: string, walletType = "bKash"): Promise<TransactionDto> {
  const response = await user.browser.post("/api/withdrawals", { walletType, walletNumber, amount: "600" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>();
}

describe("GET /api/transactions/:id", () => {
  test("answers the caller's own transaction as the list shows it", async () => {
    const created = await withdraw(customer, "01712345678");
    const response = await customer.browser.get(`/api/transactions/${created.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(created);
  });

  test("another customer's transaction is 404, as an unknown id is", async () => {
    const theirs = await withdraw(other, "01812345678");
    for (const id of [theirs.id, "00000000-0000-4000-8000-000000000000"]) {
      const response = await customer.browser.get(`/api/transactions/${id}`);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).message).toBe("Transaction not found");
    }
  });

  test.each(["not-a-uuid", "1", "00000000-0000-4000-8000-00000000000Z", "%00"])("a malformed id %j is 400, never 500", async (id) => {
    const response = await customer.browser.get(`/api/transactions/${id}`);
    expect(response.statusCode).toBe(400);
  });

  test("signed out is 401", async () => {
    const created = await withdraw(customer, "01712345678");
    const response = await t.browser().get(`/api/transactions/${created.id}`);
    expect(response.statusCode).toBe(401);
  });
});

describe("Bangladeshi mobile numbers are stored as 01XXXXXXXXX", () => {
  test.each(["+8801712345678", "8801712345678", "+880 1712-345678", "01712 345 678"])("a withdrawal to %j", async (typed) => {
    const created = await withdraw(customer, typed);
    expect(created.reference).toBe("bKash:01712345678");
    const [row] = await t.db.select({ reference: transactions.reference }).from(transactions).where(eq(transactions.id, created.id));
    expect(row?.reference).toBe("bKash:01712345678");
  });

  test("a withdrawal to a number that is not a Bangladeshi mobile is refused and creates nothing", async () => {
    const before = await t.db.select().from(transactions).where(eq(transactions.userId, customer.userId));
    const response = await customer.browser.post("/api/withdrawals", {
      walletType: "bKash",
      walletNumber: "+8801212345678",
      amount: "600",
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.walletNumber).toBe("Enter a valid Bangladeshi mobile number");
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, customer.userId))).toHaveLength(before.length);
  });

  test("a SIM typed with +880 is stored in its national form, and the same number typed otherwise is a duplicate", async () => {
    const user = await t.signUp();
    const response = await user.browser.post("/api/sims", { phoneNumber: "+880 1911-223344", walletType: "Personal" });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<SimDto>().phoneNumber).toBe("01911223344");
    const again = await user.browser.post("/api/sims", { phoneNumber: "8801911223344", walletType: "Personal" });
    expect(again.statusCode).toBe(409);
  });

  test("the profile's phone is stored in its national form when it is a Bangladeshi mobile, as typed otherwise", async () => {
    const user = await t.signUp();
    expect((await user.browser.request("PATCH", "/api/me", { json: { phone: "+880 1712-345678" } })).statusCode).toBe(200);
    let [row] = await t.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, user.userId));
    expect(row?.phone).toBe("01712345678");
    expect((await user.browser.request("PATCH", "/api/me", { json: { phone: "+44 20 7946 0958" } })).statusCode).toBe(200);
    [row] = await t.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, user.userId));
    expect(row?.phone).toBe("+44 20 7946 0958");
  });
});

describe("SIMs as payout numbers", () => {
  test("the operator is optional and defaults to any; a chosen one is kept", async () => {
    const user = await t.signUp();
    const plain = await user.browser.post("/api/sims", { phoneNumber: "01511223344", walletType: "Personal" });
    expect(plain.json<SimDto>().operator).toBe("any");
    const nagad = await user.browser.post("/api/sims", { phoneNumber: "01611223344", walletType: "Merchant", operator: "Nagad" });
    expect(nagad.statusCode).toBe(201);
    expect(nagad.json<SimDto>()).toMatchObject({ walletType: "Merchant", operator: "Nagad" });
    const listed = (await user.browser.get("/api/sims")).json<{ items: SimDto[] }>().items;
    expect(listed.map((sim) => sim.operator).sort()).toEqual(["Nagad", "any"]);
  });

  test.each(["Rocket", "", 1, null])("an unknown operator %j is 400 and adds nothing", async (operator) => {
    const user = await t.signUp();
    const response = await user.browser.post("/api/sims", { phoneNumber: "01311223344", walletType: "Personal", operator });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields?.operator).toBe("Operator must be any, bKash, Nagad or Upay");
    expect(await t.db.select().from(sims).where(eq(sims.userId, user.userId))).toHaveLength(0);
  });

  test("the back office sees the operator and the number's history", async () => {
    const owner = await t.signUp();
    const number = "01399887766";
    const created = (
      await owner.browser.post("/api/sims", { phoneNumber: number, walletType: "Personal", operator: "bKash" })
    ).json<SimDto>();
    // Another account registered the same number, and withdrew to it twice; the owner once.
    const stranger = await t.signUp();
    await stranger.browser.post("/api/sims", { phoneNumber: number, walletType: "Personal" });
    await fund(t, { userId: owner.userId, amount: "5000.00", adminId: admin.userId });
    await fund(t, { userId: stranger.userId, amount: "5000.00", adminId: admin.userId });
    await withdraw(stranger, number);
    await withdraw(stranger, `+880${number.slice(1)}`, "Nagad");
    await withdraw(owner, number);
    // Another number of the owner's is not this one.
    await withdraw(owner, "01799887766");

    const response = await admin.browser.get(`/api/admin/sims?q=${number}&status=all`);
    expect(response.statusCode).toBe(200);
    const row = response.json<{ items: AdminSimDto[] }>().items.find((sim) => sim.id === created.id);
    expect(row).toMatchObject({ operator: "bKash", history: { withdrawals: 3, withdrawalsByOthers: 2, otherAccounts: 1 } });
  });
});
