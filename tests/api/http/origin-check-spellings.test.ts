// The Origin check guards every state-changing request, however its path is spelt. The router
// decodes `%61` to `a`, so `/%61pi/…` reaches the /api/ routes; a check that looked at the raw URL's
// prefix let a cross-site request approve a deposit. Each spelling below, sent from another site
// with an admin's cookie, is refused and changes nothing.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { transactions } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { auditCount, balanceOf, creditOf, ledgerEntryCount, tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const spellings = [
  (id: string) => `/api/admin/transactions/${id}/approve`,
  (id: string) => `/%61pi/admin/transactions/${id}/approve`,
  (id: string) => `/%61%70%69/admin/transactions/${id}/approve`,
  (id: string) => `/api/%61dmin/transactions/${id}/approve`,
  (id: string) => `/api/admin/transactions/${id}/%61pprove`,
  (id: string) => `//api/admin/transactions/${id}/approve`,
  (id: string) => `/api/admin/transactions/${id}/approve/`,
  (id: string) => `/api/admin/transactions/${id}/approve?x=1`,
  (id: string) => `/API/admin/transactions/${id}/approve`,
];

for (const spell of spellings) {
  const example = spell("ID");
  test(`a cross-site POST to ${example} is refused and approves nothing`, async () => {
    const customer = await t.signUp();
    const created = await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
    expect(created.statusCode, created.body).toBe(201);
    const deposit = created.json<TransactionDto>();

    const response = await admin.browser.post(spell(deposit.id), undefined, { origin: "https://evil.example" });
    expect(response.statusCode, response.body).toBe(403);
    expect(errorOf(response)).toEqual({ code: "FORBIDDEN", message: "This request did not come from a Nexapay page." });

    const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, deposit.id));
    expect(row?.status).toBe("pending");
    expect(await balanceOf(t, customer.userId)).toBe(0n);
    expect(await ledgerEntryCount(t, deposit.id)).toBe(0);
    expect(await auditCount(t, "transaction.approved", deposit.id)).toBe(0);
  });
}

test("the same spellings from our own pages reach the route (so the refusal above is the Origin check's)", async () => {
  const customer = await t.signUp();
  const created = await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
  const deposit = created.json<TransactionDto>();
  const response = await admin.browser.post(`/%61pi/admin/transactions/${deposit.id}/approve`);
  expect(response.statusCode, response.body).toBe(200);
  expect(await balanceOf(t, customer.userId)).toBe(creditOf(deposit));
});

test("a cross-site request with a Referer of another site and no Origin is refused on a re-spelt path", async () => {
  const response = await admin.browser.post("/%61pi/auth/sign-out", undefined, {
    origin: null,
    headers: { referer: "https://evil.example/page" },
  });
  expect(response.statusCode).toBe(403);
  expect((await admin.browser.get("/api/admin/stats")).statusCode).toBe(200);
});
