// Deposit and withdrawal requests check the customer's session inside their own statement (one
// round trip instead of two, decision 034). That check, selectQuietlyAdmittedUser, may refuse more
// than requireUser (the guard then decides, as on every customer route) but must never admit more.
// Here it is held to the guard's own rules, state by state, at the boundaries and below the
// millisecond; and the two routes are shown to answer in the guard's order (who you are first,
// what you sent after), to refuse a revoked session or a suspended customer on the very next
// request, and to refresh a session through the guard when its sliding expiry is due.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { selectQuietlyAdmittedUser } from "../../../src/server/auth/admission.ts";
import { needsRefresh, quietUserAdmission } from "../../../src/server/auth/who-may-act.ts";
import { sessionLifetimeSeconds, sessionRefreshAgeSeconds } from "../../../src/server/auth/auth.ts";
import { findSession } from "../../../src/server/auth/session-lookup.ts";
import { profiles, session, transactions } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { fund, tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const refreshDueInMs = (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000;

async function tokenOf(userId: string): Promise<string> {
  const [row] = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, userId));
  return row!.token;
}

/** What requireUser decides without the database's help: admitted, with no write to make. */
async function guardAdmitsQuietly(token: string, now: Date): Promise<boolean> {
  const facts = await findSession(t.db, token);
  return facts !== null && facts.expiresAt >= now && !needsRefresh(facts, now) && !facts.isSuspended;
}

async function statementAdmits(token: string, now: Date): Promise<boolean> {
  const rows = await selectQuietlyAdmittedUser(t.db, {}).prepare("test_quiet_user").execute(quietUserAdmission(token, now));
  return rows.length === 1;
}

/** The session's expiry relative to `now`, to the microsecond: `expiresIn` in milliseconds, fractions allowed. */
async function setExpiry(token: string, now: Date, expiresIn: number) {
  await t.db.execute(
    sql`update session set expires_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${expiresIn / 1000}) where token = ${token}`,
  );
}

async function transactionCountOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId));
  return row!.n;
}

describe("the check in the requests' statement admits what requireUser admits without writing, and nothing else", () => {
  let customer: SignedUpUser;
  let token: string;
  const now = new Date();
  beforeAll(async () => {
    customer = await t.signUp();
    token = await tokenOf(customer.userId);
  });

  const cases: { name: string; expiresIn: number; admitted: boolean }[] = [
    { name: "a session just made", expiresIn: sessionLifetimeSeconds * 1000, admitted: true },
    { name: "expiring this very millisecond", expiresIn: 0, admitted: false /* its sliding expiry is long due */ },
    { name: "expired a millisecond ago", expiresIn: -1, admitted: false },
    { name: "its sliding expiry due (a write)", expiresIn: refreshDueInMs, admitted: false },
    {
      name: "its sliding expiry due 0.5 ms later (below the millisecond: due, as JavaScript reads it)",
      expiresIn: refreshDueInMs + 0.5,
      admitted: false,
    },
    { name: "its sliding expiry due in 1 ms", expiresIn: refreshDueInMs + 1, admitted: true },
  ];
  for (const { name, expiresIn, admitted } of cases) {
    test(`${name}: ${admitted ? "admitted" : "no row"}, as the guard decides`, async () => {
      await setExpiry(token, now, expiresIn);
      expect(await guardAdmitsQuietly(token, now)).toBe(admitted);
      expect(await statementAdmits(token, now)).toBe(admitted);
    });
  }

  test("a suspended customer, or an unknown token: no row", async () => {
    await setExpiry(token, now, sessionLifetimeSeconds * 1000);
    expect(await statementAdmits(token, now)).toBe(true);
    expect(await statementAdmits(`${token}x`, now)).toBe(false);
    await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, customer.userId));
    expect(await statementAdmits(token, now)).toBe(false);
    await t.db.update(profiles).set({ isSuspended: false }).where(eq(profiles.id, customer.userId));
    expect(await statementAdmits(token, now)).toBe(true);
  });
});

describe("deposit and withdrawal requests answer in the guard's order and refuse a stale session at once", () => {
  const requests = [
    {
      name: "deposit",
      path: "/api/deposits",
      good: () => ({ fromAddress: tronAddress(), usdtAmount: "20" }),
      belowMinimum: () => ({ fromAddress: tronAddress(), usdtAmount: "5" }),
    },
    {
      name: "withdrawal",
      path: "/api/withdrawals",
      good: () => ({ walletType: "bKash", walletNumber: "01712345678", amount: "600" }),
      belowMinimum: () => ({ walletType: "bKash", walletNumber: "01712345678", amount: "100" }),
    },
  ] as const;
  let funder: SignedUpUser;
  beforeAll(async () => {
    funder = await t.signUp();
  });

  async function fundedCustomer(): Promise<SignedUpUser> {
    const customer = await t.signUp();
    await fund(t, { userId: customer.userId, amount: "5000", adminId: funder.userId });
    return customer;
  }

  for (const { name, path, good, belowMinimum } of requests) {
    test(`${name}: no session cookie, or one we did not sign: 401 before the body is looked at`, async () => {
      const stranger = t.browser();
      for (const body of [{ nonsense: true }, belowMinimum(), good()]) {
        const response = await stranger.post(path, body);
        expect(response.statusCode, response.body).toBe(401);
        expect(errorOf(response).code).toBe("UNAUTHENTICATED");
      }
      const customer = await fundedCustomer();
      const forged = t.browser();
      forged.cookies.set("better-auth.session_token", `${await tokenOf(customer.userId)}.${"A".repeat(43)}=`);
      const response = await forged.post(path, good());
      expect(response.statusCode, response.body).toBe(401);
      expect(await transactionCountOf(customer.userId)).toBe(1); // the funding only
    });

    test(`${name}: a session signed out, or expired, is refused on the very next request, whatever the body`, async () => {
      const customer = await fundedCustomer();
      const replay = t.browser();
      for (const [cookie, value] of customer.browser.cookies) replay.cookies.set(cookie, value);
      expect((await customer.browser.post("/api/auth/sign-out")).statusCode).toBe(200);
      for (const body of [good(), belowMinimum(), { nonsense: true }]) {
        const response = await replay.post(path, body);
        expect(response.statusCode, response.body).toBe(401);
      }

      const other = await fundedCustomer();
      await t.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1) })
        .where(eq(session.userId, other.userId));
      const expired = await other.browser.post(path, good());
      expect(expired.statusCode, expired.body).toBe(401);
      // The guard ended it, as on every route.
      expect(await t.db.select().from(session).where(eq(session.userId, other.userId))).toEqual([]);
      expect(await transactionCountOf(customer.userId)).toBe(1);
      expect(await transactionCountOf(other.userId)).toBe(1);
    });

    test(`${name}: a suspended customer gets 403 for a bad body too, every session ends, and nothing is created`, async () => {
      const customer = await fundedCustomer();
      await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, customer.userId));
      // A bad body changes nothing: who is asking is answered first, and the answer ends the sessions.
      const first = await customer.browser.post(path, { nonsense: true });
      expect(first.statusCode, first.body).toBe(403);
      expect(errorOf(first).code).toBe("ACCOUNT_SUSPENDED");
      const after = await customer.browser.post(path, good());
      expect(after.statusCode, after.body).toBe(401);
      expect(await t.db.select().from(session).where(eq(session.userId, customer.userId))).toEqual([]);
      expect(await transactionCountOf(customer.userId)).toBe(1);
    });

    test(`${name}: a customer gets the validation message and the minimum's, and nothing is created`, async () => {
      const customer = await fundedCustomer();
      const invalid = await customer.browser.post(path, { nonsense: true });
      expect(invalid.statusCode, invalid.body).toBe(400);
      expect(errorOf(invalid).code).toBe("VALIDATION_ERROR");
      const badKey = await customer.browser.post(path, good(), { headers: { "idempotency-key": "" } });
      expect(badKey.statusCode, badKey.body).toBe(400);
      const tooLittle = await customer.browser.post(path, belowMinimum());
      expect(tooLittle.statusCode, tooLittle.body).toBe(400);
      expect(errorOf(tooLittle).code).toBe("LIMIT_EXCEEDED");
      expect(errorOf(tooLittle).message).toMatch(/^The minimum (deposit|withdrawal) is /);
      expect(await transactionCountOf(customer.userId)).toBe(1);
      const made = await customer.browser.post(path, good());
      expect(made.statusCode, made.body).toBe(201);
      expect(await transactionCountOf(customer.userId)).toBe(2);
    });

    test(`${name}: a session whose sliding expiry is due goes through the guard, which pushes it out, and the request is made once`, async () => {
      const customer = await fundedCustomer();
      const token = await tokenOf(customer.userId);
      const dueAt = new Date(Date.now() + refreshDueInMs - 60_000);
      await t.db.update(session).set({ expiresAt: dueAt }).where(eq(session.token, token));
      const body = good();
      const response = await customer.browser.post(path, body, { headers: { "idempotency-key": `refresh-${name}` } });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers["idempotent-replayed"]).toBeUndefined();
      const [row] = await t.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.token, token));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + refreshDueInMs);
      // Replayed with the same key, now on the statement's path: the first request's answer.
      const again = await customer.browser.post(path, body, { headers: { "idempotency-key": `refresh-${name}` } });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.headers["idempotent-replayed"]).toBe("true");
      expect(again.json<{ id: string }>().id).toBe(response.json<{ id: string }>().id);
      expect(await transactionCountOf(customer.userId)).toBe(2);
    });

    test(`${name}: a customer whose request the database refuses hears why (more than the balance), and nothing is created`, async () => {
      const customer = await t.signUp();
      const response = await customer.browser.post(path, good());
      if (name === "deposit") {
        expect(response.statusCode, response.body).toBe(201);
      } else {
        expect(response.statusCode, response.body).toBe(409);
        expect(errorOf(response).code).toBe("INSUFFICIENT_BALANCE");
        expect(await transactionCountOf(customer.userId)).toBe(0);
      }
    });
  }
});
