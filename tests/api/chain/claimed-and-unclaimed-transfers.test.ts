// Unclaimed transfers can also list the claimed ones (GET /api/admin/chain/unclaimed-transfers?status=claimed),
// on PGlite and PostgreSQL, against the TronGrid simulator over real HTTP: a transfer the watcher matched to
// a request is listed as claimed, naming that request and its reference, and no longer as unclaimed; one no
// request matches stays unclaimed, in the shape the list always had. A status it does not know is a 400.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomTronAddress, startTronGridSimulator, type TronGridSimulator } from "../../../src/server/chain/trongrid-simulator.ts";
import type { ListedChainTransferDto } from "../../../src/shared/admin-schemas.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";

let sim: TronGridSimulator;
let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  sim = await startTronGridSimulator();
  t = await createTestApp({ env: { TRON_API_URL: sim.url, CHAIN_POLL_SECONDS: "5" } });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

type ListPage = { items: ListedChainTransferDto[]; total: number; page: number; pageSize: number; watcher: string };

async function list(query: string): Promise<ListPage> {
  const response = await admin.browser.get(`/api/admin/chain/unclaimed-transfers${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ListPage>();
}

async function poll() {
  const result = await t.chainWatcher?.pollOnce();
  expect(result?.outcome, JSON.stringify(result)).toBe("polled");
}

describe("claimed and unclaimed transfers", () => {
  let request: TransactionDto;
  let matchedTxid: string;
  let strayTxid: string;
  beforeAll(async () => {
    const customer = await t.signUp();
    const from = randomTronAddress();
    const created = await customer.browser.post("/api/deposits", { usdtAmount: "30", fromAddress: from });
    expect(created.statusCode, created.body).toBe(201);
    request = created.json<TransactionDto>();
    const to = t.config.depositAddress;
    // A round figure nobody asked to pay, sent earlier, then the request's exact amount.
    strayTxid = sim.addTransfer({ to, amount: "17", from: randomTronAddress(), blockTime: Date.now() - 1000 }).transaction_id;
    matchedTxid = sim.addTransfer({ to, amount: request.payAmount ?? "", from, blockTime: Date.now() }).transaction_id;
    await poll();
  });

  test("by default (and with status=unclaimed) only the transfer no request holds, without claimedBy", async () => {
    const byDefault = await list("");
    expect(byDefault.items.map((item) => item.txid)).toEqual([strayTxid]);
    expect(byDefault).toMatchObject({ total: 1, page: 1, pageSize: 20, watcher: "on" });
    expect(Object.keys(byDefault.items[0] ?? {}).sort()).toEqual([
      "amount",
      "blockTime",
      "firstSeenAt",
      "fromAddress",
      "id",
      "senderBlacklisted",
      "txid",
    ]);
    expect(await list("?status=unclaimed")).toEqual(byDefault);
  });

  test("status=claimed lists the matched transfer, naming the request it settled and its reference", async () => {
    const claimed = await list("?status=claimed");
    expect(claimed).toMatchObject({ total: 1, page: 1, pageSize: 20, watcher: "on" });
    expect(claimed.items).toHaveLength(1);
    expect(claimed.items[0]).toMatchObject({
      txid: matchedTxid,
      amount: request.payAmount?.replace(/\.?0+$/, ""),
      claimedBy: { transactionId: request.id, reference: request.reference },
    });
  });

  test("newest first, paged, and a page past the end still counts them all", async () => {
    const second = await t.signUp();
    const from = randomTronAddress();
    const created = await second.browser.post("/api/deposits", { usdtAmount: "31", fromAddress: from });
    const newer = created.json<TransactionDto>();
    const sent = sim.addTransfer({ to: t.config.depositAddress, amount: newer.payAmount ?? "", from, blockTime: Date.now() });
    await poll();
    const first = await list("?status=claimed&pageSize=1");
    expect(first.items.map((item) => [item.txid, item.claimedBy?.transactionId])).toEqual([[sent.transaction_id, newer.id]]);
    expect(first.total).toBe(2);
    expect((await list("?status=claimed&pageSize=1&page=2")).items.map((item) => item.txid)).toEqual([matchedTxid]);
    expect(await list("?status=claimed&pageSize=1&page=5")).toMatchObject({ items: [], total: 2 });
  });

  test("a status it does not know: 400 with our error object", async () => {
    const response = await admin.browser.get("/api/admin/chain/unclaimed-transfers?status=everything");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toContain("status must be unclaimed or claimed");
  });

  test("a customer may not list them", async () => {
    const customer = await t.signUp();
    const response = await customer.browser.get("/api/admin/chain/unclaimed-transfers?status=claimed");
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBeTruthy();
  });
});
