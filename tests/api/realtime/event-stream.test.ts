// GET /api/events (docs/architecture.md, Realtime): Server-Sent Events fed by LISTEN/NOTIFY, read over a
// real socket. A customer hears about their own rows only; an admin hears about everyone's.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { openEventStream, type EventStream, type ServerSentEvent } from "../../support/wallet/event-stream.ts";
import { tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
let baseUrl: string;
let admin: EnrolledAdmin;
let rahim: SignedUpUser;
let karim: SignedUpUser;
const streams: EventStream[] = [];

beforeAll(async () => {
  // One customer makes 24 deposit requests at once here: the open-request limit (decision 038) is not what this file is about.
  t = await createTestApp({ env: { DEPOSIT_OPEN_MAX: "0" } });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  admin = await signUpAdmin(t);
  rahim = await t.signUp();
  karim = await t.signUp();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(user: SignedUpUser | EnrolledAdmin): Promise<EventStream> {
  const stream = await openEventStream(baseUrl, user.browser);
  streams.push(stream);
  return stream;
}

async function depositBy(user: SignedUpUser): Promise<string> {
  const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
  expect(response.statusCode).toBe(201);
  return response.json<TransactionDto>().id;
}

const changeOf = (table: string, id: string) => (event: ServerSentEvent) =>
  event.event === "change" && event.data === JSON.stringify({ table, id });

describe("GET /api/events", () => {
  test("anonymous → 401, not a stream", async () => {
    const response = await fetch(`${baseUrl}/api/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "UNAUTHENTICATED" } });
  });

  test("a signed-in customer gets an event stream that is never cached", async () => {
    const stream = await open(rahim);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(stream.cacheControl).toBe("no-store");
  });

  test("a customer hears of their own deposit and not of another customer's; an admin hears of both", async () => {
    const rahimStream = await open(rahim);
    const karimStream = await open(karim);
    const adminStream = await open(admin);

    const karimsDeposit = await depositBy(karim);
    const rahimsDeposit = await depositBy(rahim);

    await rahimStream.waitFor(changeOf("transactions", rahimsDeposit));
    await karimStream.waitFor(changeOf("transactions", karimsDeposit));
    await adminStream.waitFor(changeOf("transactions", karimsDeposit));
    await adminStream.waitFor(changeOf("transactions", rahimsDeposit));
    // Notifications arrive in commit order: Rahim's own event came after Karim's, so had Karim's
    // been sent to him it would be here already.
    expect(rahimStream.events.some((event) => event.data.includes(karimsDeposit))).toBe(false);
    expect(karimStream.events.some((event) => event.data.includes(rahimsDeposit))).toBe(false);
    // The payload names the table and the row, nothing more.
    const received = await rahimStream.waitFor(changeOf("transactions", rahimsDeposit));
    expect(Object.keys(JSON.parse(received.data) as object).sort()).toEqual(["id", "table"]);
  });

  test("an admin's approval reaches the customer as a transaction change and a balance change", async () => {
    const stream = await open(rahim);
    const id = await depositBy(rahim);
    expect((await admin.browser.post(`/api/admin/transactions/${id}/approve`)).statusCode).toBe(200);
    await stream.waitFor(changeOf("profiles", rahim.userId));
    // A later change of Rahim's marks the point by which everything before it has arrived.
    const marker = await depositBy(rahim);
    await stream.waitFor(changeOf("transactions", marker));
    // One event for the request, one for the approval.
    expect(stream.events.filter(changeOf("transactions", id))).toHaveLength(2);
  });

  test("money actions in parallel: each one's change is told once", async () => {
    const stream = await open(rahim);
    const ids = await Promise.all(Array.from({ length: 24 }, () => depositBy(rahim)));
    // A later change of Rahim's marks the point by which everything before it has arrived.
    const marker = await depositBy(rahim);
    await stream.waitFor(changeOf("transactions", marker));
    for (const id of ids) expect(stream.events.filter(changeOf("transactions", id))).toHaveLength(1);
  });

  test("a refused request (a failed transaction) sends nothing", async () => {
    const stream = await open(karim);
    const refused = await karim.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "500" });
    expect(refused.statusCode).toBe(409);
    const later = await depositBy(karim);
    await stream.waitFor(changeOf("transactions", later));
    expect(stream.events.filter((event) => event.event === "change")).toHaveLength(1);
  });
});
