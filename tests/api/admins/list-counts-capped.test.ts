// The two big admin lists count only so far (decision 010): a filter alone counts up to 10,000
// rows and a search up to 1,000 matches; past that, `total` is the cap and `totalCapped` is true.
// Below the caps the totals are exact. The rows are made with one INSERT … generate_series: no
// endpoint can make ten thousand transactions quickly, and what is tested here is the lists.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { listCountCaps } from "../../../src/server/db/paged-list.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";

type CappedPage = { items: { id: string; amount: string; createdAt: string }[]; total: number; totalCapped: boolean };

let t: TestApp;
let admin: EnrolledAdmin;
const many = listCountCaps.filtered + 1;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  const customer = await t.signUp({ username: "capped_customer" });
  // 10,001 rejected withdrawals, one a minute, each amount distinct: 1,000.00 BDT and up.
  await t.db.execute(sql`
    insert into transactions (user_id, type, amount_minor, status, reference, created_at, processed_at)
    select ${customer.userId}::uuid, 'withdraw', 100000 + g * 100, 'rejected', 'Nagad:0181' || lpad(g::text, 7, '0'),
           now() - g * interval '1 minute', now()
    from generate_series(1, ${many}) g`);
}, 60_000);
afterAll(async () => {
  await t.close();
});

async function list(query: string): Promise<CappedPage> {
  const response = await admin.browser.get(`/api/admin/transactions?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CappedPage>();
}

test("a filter matching 10,001 rows answers total 10,000 and totalCapped; page 1,000 is still served", async () => {
  const all = await list("status=rejected");
  expect(all).toMatchObject({ total: listCountCaps.filtered, totalCapped: true });
  expect(all.items).toHaveLength(10);
  expect(all.items[0]?.amount).toBe("1001.00"); // the newest: one minute old

  const last = await list(`status=rejected&page=${listCountCaps.filtered / 10}`);
  expect(last.items.map((row) => row.amount)).toEqual(Array.from({ length: 10 }, (_, i) => `${(100000 + (9991 + i) * 100) / 100}.00`));
});

test("below the cap the total is exact and totalCapped false", async () => {
  expect(await list("status=pending")).toMatchObject({ total: 0, totalCapped: false, items: [] });
  expect(await list("type=deposit")).toMatchObject({ total: 0, totalCapped: false });
});

test("a search matching more than 1,000 rows answers total 1,000 and totalCapped; its pages end at the cap", async () => {
  const searched = await list("q=nagad:0181");
  expect(searched).toMatchObject({ total: listCountCaps.searched, totalCapped: true });
  expect(searched.items).toHaveLength(10);
  const lastPage = await list(`q=nagad:0181&page=${listCountCaps.searched / 10}`);
  expect(lastPage.items).toHaveLength(10);
  expect(lastPage.items.at(-1)?.amount).toBe(`${(100000 + 1000 * 100) / 100}.00`);
  expect((await list(`q=nagad:0181&page=${listCountCaps.searched / 10 + 1}`)).items).toEqual([]);
});

test("a search matching fewer than 1,000 is exact: one wallet number, one amount", async () => {
  expect(await list("q=nagad:01810000042")).toMatchObject({ total: 1, totalCapped: false, items: [{ amount: "1042.00" }] });
  expect(await list("q=1,042.00")).toMatchObject({ total: 1, totalCapped: false, items: [{ amount: "1042.00" }] });
});

test("the users list says totalCapped too, false on a small database", async () => {
  const response = await admin.browser.get("/api/admin/users?q=capped_customer");
  expect(response.json()).toMatchObject({ total: 1, totalCapped: false });
});
