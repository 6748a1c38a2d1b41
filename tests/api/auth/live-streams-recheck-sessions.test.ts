// Live streams re-check their session: before each event and, here, every 300 ms (in production
// every 25 s). A stream whose session is gone ends at once and delivers nothing more: signed out,
// password changed, suspended, idle, role removed. One person holds at most five streams.
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminUsers, session } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { openEventStream, type EventStream, type ServerSentEvent } from "../../support/wallet/event-stream.ts";
import { fund, tronAddress } from "../../support/wallet/money.ts";

const recheckMs = 300;
let t: TestApp;
let baseUrl: string;
let superAdmin: EnrolledAdmin;
const streams: EventStream[] = [];

beforeAll(async () => {
  t = await createTestApp({ eventStreamRecheckMs: recheckMs });
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  superAdmin = await signUpAdmin(t, "super_admin");
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

async function open(user: SignedUpUser): Promise<EventStream> {
  const stream = await openEventStream(baseUrl, user.browser);
  streams.push(stream);
  return stream;
}

async function depositBy(user: SignedUpUser): Promise<string> {
  const response = await user.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TransactionDto>().id;
}

const changeOf = (table: string, id: string) => (event: ServerSentEvent) =>
  event.event === "change" && event.data === JSON.stringify({ table, id });

describe("a stream ends with its session, before delivering anything more", () => {
  test("the finding: a suspended customer's open stream ends, and the suspension's own event is not delivered", async () => {
    const customer = await t.signUp();
    const stream = await open(customer);
    expect(stream.status).toBe(200);
    const before = await depositBy(customer);
    await stream.waitFor(changeOf("transactions", before));

    const suspended = await superAdmin.browser.request("PATCH", `/api/admin/users/${customer.userId}`, { json: { isSuspended: true } });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await stream.waitForEnd();
    // After suspension, an admin's change to this customer's money reaches no stream of theirs.
    await fund(t, { userId: customer.userId, amount: "100.00", adminId: superAdmin.userId });
    expect(stream.events.filter((event) => event.event === "change").map((event) => event.data)).toEqual([
      JSON.stringify({ table: "transactions", id: before }),
    ]);
  });

  test("signing out ends the stream within the re-check interval, with no event needed", async () => {
    const customer = await t.signUp();
    const stream = await open(customer);
    expect((await customer.browser.post("/api/auth/sign-out")).statusCode).toBe(200);
    await stream.waitForEnd(recheckMs * 10);
  });

  test("a password change ends the streams of the customer's other sessions", async () => {
    const customer = await t.signUp();
    const elsewhere = await t.signIn(customer.email, customer.password);
    const stream = await openEventStream(baseUrl, elsewhere);
    streams.push(stream);
    const changed = await customer.browser.post("/api/auth/change-password", {
      currentPassword: customer.password,
      newPassword: "Another-Horse-43",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await stream.waitForEnd(recheckMs * 10);
  });

  test("an event for a session that just ended is not delivered: the check comes before each event", async () => {
    const customer = await t.signUp();
    const stream = await open(customer);
    // Delete the session and at once cause an event for this customer.
    await t.db.delete(session).where(eq(session.userId, customer.userId));
    await fund(t, { userId: customer.userId, amount: "50.00", adminId: superAdmin.userId });
    await stream.waitForEnd(recheckMs * 10);
    expect(stream.events.filter((event) => event.event === "change")).toEqual([]);
  });

  test("an admin's stream ends when their role is removed, and when they go idle", async () => {
    const admin = await signUpAdmin(t);
    const stream = await open(admin);
    const customer = await t.signUp();
    const seen = await depositBy(customer);
    await stream.waitFor(changeOf("transactions", seen));
    await t.db.delete(adminUsers).where(eq(adminUsers.userId, admin.userId));
    await stream.waitForEnd(recheckMs * 10);

    const idle = await signUpAdmin(t);
    const idleStream = await open(idle);
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(session.userId, idle.userId));
    await idleStream.waitForEnd(recheckMs * 10);
  });

  test("an admin session that did not pass the code step hears only of its own rows", async () => {
    const admin = await signUpAdmin(t);
    await t.db.update(session).set({ twoFactorVerifiedAt: null }).where(eq(session.userId, admin.userId));
    const stream = await open(admin);
    expect(stream.status).toBe(200);
    const customer = await t.signUp();
    const others = await depositBy(customer);
    const own = await depositBy(admin);
    await stream.waitFor(changeOf("transactions", own));
    expect(stream.events.some((event) => event.data.includes(others))).toBe(false);
  });

  test("a stream whose session lives on keeps going past several re-checks", async () => {
    const customer = await t.signUp();
    const stream = await open(customer);
    await new Promise((resolve) => setTimeout(resolve, recheckMs * 4));
    const id = await depositBy(customer);
    await stream.waitFor(changeOf("transactions", id));
  });
});

test("at most five open streams per person: the sixth is 429; closing one makes room", async () => {
  const customer = await t.signUp();
  const five: EventStream[] = [];
  for (let i = 0; i < 5; i += 1) {
    const stream = await open(customer);
    expect(stream.status).toBe(200);
    five.push(stream);
  }
  const sixth = await open(customer);
  expect(sixth.status).toBe(429);
  // Another person is not affected.
  expect((await open(await t.signUp())).status).toBe(200);

  five[0]!.close();
  // The server notices the closed socket; a new stream is then allowed.
  const deadline = Date.now() + 5000;
  let again = await open(customer);
  while (again.status !== 200 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    again = await open(customer);
  }
  expect(again.status).toBe(200);
});

test("a browser that leaves while its stream is being opened is not counted against the five", async () => {
  const customer = await t.signUp();
  const cookie = [...customer.browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  // The session table is held, so each stream request waits on its session lookup while its
  // browser gives up: the socket is gone before the server would start the stream.
  let release: () => void = () => {};
  let taken: () => void = () => {};
  const lockTaken = new Promise<void>((resolve) => (taken = resolve));
  const holding = t.db.transaction(async (tx) => {
    await tx.execute(sql`lock table session in access exclusive mode`);
    taken();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await lockTaken;
  const abandoned: Promise<unknown>[] = [];
  for (let i = 0; i < 6; i += 1) {
    const controller = new AbortController();
    abandoned.push(fetch(`${baseUrl}/api/events`, { headers: { cookie }, signal: controller.signal }).catch(() => undefined));
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
  }
  await Promise.all(abandoned);
  release();
  await holding;
  // Give the six requests time to find their browsers gone.
  await new Promise((resolve) => setTimeout(resolve, 500));

  for (let i = 0; i < 5; i += 1) expect((await open(customer)).status).toBe(200);
  expect((await open(customer)).status).toBe(429);
});
