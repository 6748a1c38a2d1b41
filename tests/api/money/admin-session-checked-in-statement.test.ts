// Approve checks the admin's session inside its own statement (one round trip instead of two). That
// check, selectQuietlyAdmittedAdmin, may refuse more than the admin guard (the guard then decides, as on
// every admin route) but must never admit more. Here it is held to the guard's own rules, state by
// state, at the boundaries and below the millisecond; and approve's answers are shown to come in
// the guard's order: who you are first, what you sent after.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { selectQuietlyAdmittedAdmin } from "../../../src/server/auth/admission.ts";
import { adminSessionLifetimeMs, adminSessionVerdict, needsRefresh, quietAdmission } from "../../../src/server/auth/who-may-act.ts";
import { sessionLifetimeSeconds, sessionRefreshAgeSeconds } from "../../../src/server/auth/auth.ts";
import { findSession } from "../../../src/server/auth/session-lookup.ts";
import { adminUsers, profiles, session, transactions, user } from "../../../src/server/db/schema.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { tronAddress } from "../../support/wallet/money.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const second = 1000;
const minute = 60 * second;
const idleTimeoutMs = 15 * minute;

async function tokenOf(userId: string): Promise<string> {
  const [row] = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, userId));
  return row!.token;
}

/** What the admin guard decides without the database's help: admitted, with no write to make. */
async function guardAdmitsQuietly(token: string, now: Date, idleMs: number): Promise<boolean> {
  const facts = await findSession(t.db, token);
  if (!facts || facts.expiresAt < now || needsRefresh(facts, now) || facts.isSuspended) return false;
  if (!facts.adminRole || !facts.twoFactorEnabled) return false;
  if (adminSessionVerdict(facts, now, idleMs) !== "active") return false;
  return now.getTime() - idleMs - facts.lastActiveAt.getTime() <= 30 * second;
}

async function statementAdmits(token: string, now: Date, idleMs: number): Promise<boolean> {
  const rows = await selectQuietlyAdmittedAdmin(t.db, {})
    .prepare("test_quiet_admin")
    .execute(quietAdmission(token, now, idleMs));
  return rows.length === 1;
}

/** Session times relative to `now`, to the microsecond: `ago` in milliseconds, fractions allowed. */
async function setTimes(token: string, now: Date, times: { createdAgo?: number; lastActiveAgo?: number; expiresIn?: number }) {
  const at = (offsetMs: number) => sql`${now.toISOString()}::timestamptz + make_interval(secs => ${offsetMs / 1000})`;
  await t.db.execute(sql`update session set
    created_at = ${at(-(times.createdAgo ?? 0))},
    last_active_at = ${at(-(times.lastActiveAgo ?? 0))},
    expires_at = ${at(times.expiresIn ?? sessionLifetimeSeconds * 1000)}
    where token = ${token}`);
}

describe("the check in approve's statement admits what the admin guard admits without writing, and nothing else", () => {
  let admin: EnrolledAdmin;
  let token: string;
  const now = new Date();
  beforeAll(async () => {
    admin = await signUpAdmin(t);
    token = await tokenOf(admin.userId);
  });

  const cases: { name: string; times: Parameters<typeof setTimes>[2]; idleMs?: number; admitted: boolean }[] = [
    { name: "a session just used", times: {}, admitted: true },
    { name: "12 hours old exactly", times: { createdAgo: adminSessionLifetimeMs }, admitted: true },
    { name: "12 hours and 1 ms old", times: { createdAgo: adminSessionLifetimeMs + 1 }, admitted: false },
    // 0.4 ms past the 12 hours: JavaScript reads the time truncated to the millisecond, 12 h + 1 ms.
    { name: "12 hours and 0.4 ms old (below the millisecond)", times: { createdAgo: adminSessionLifetimeMs + 0.4 }, admitted: false },
    { name: "last active 30 s ago (no activity to record)", times: { lastActiveAgo: 30 * second }, admitted: true },
    { name: "last active 30.001 s ago (activity to record)", times: { lastActiveAgo: 30 * second + 1 }, admitted: false },
    { name: "last active 14 minutes ago", times: { lastActiveAgo: 14 * minute }, admitted: false },
    { name: "idle 15 minutes, reported and recorded", times: { lastActiveAgo: idleTimeoutMs }, idleMs: idleTimeoutMs, admitted: true },
    { name: "idle 15 minutes and 1 ms reported", times: { lastActiveAgo: idleTimeoutMs }, idleMs: idleTimeoutMs + 1, admitted: false },
    { name: "15 minutes and 1 ms on the record", times: { lastActiveAgo: idleTimeoutMs + 1 }, idleMs: idleTimeoutMs, admitted: false },
    { name: "16 minutes on the record, no report", times: { lastActiveAgo: 16 * minute }, admitted: false },
    { name: "expired a millisecond ago", times: { expiresIn: -1 }, admitted: false },
    {
      name: "its sliding expiry due (a write)",
      times: { expiresIn: (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000 },
      admitted: false,
    },
    {
      name: "its sliding expiry due 0.5 ms later (below the millisecond: due, as JavaScript reads it)",
      times: { expiresIn: (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000 + 0.5 },
      admitted: false,
    },
    {
      name: "its sliding expiry due in 1 ms",
      times: { expiresIn: (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000 + 1 },
      admitted: true,
    },
  ];
  for (const { name, times, idleMs = 0, admitted } of cases) {
    test(`${name}: ${admitted ? "admitted" : "no row"}, as the guard decides`, async () => {
      await setTimes(token, now, times);
      expect(await guardAdmitsQuietly(token, now, idleMs)).toBe(admitted);
      expect(await statementAdmits(token, now, idleMs)).toBe(admitted);
    });
  }

  test("password only, no second factor, suspended, no longer an admin, or an unknown token: no row", async () => {
    await setTimes(token, now, {});
    expect(await statementAdmits(token, now, 0)).toBe(true);
    expect(await statementAdmits(`${token}x`, now, 0)).toBe(false);

    await t.db.update(session).set({ twoFactorVerifiedAt: null }).where(eq(session.token, token));
    expect(await statementAdmits(token, now, 0)).toBe(false);
    await t.db.update(session).set({ twoFactorVerifiedAt: now }).where(eq(session.token, token));

    await t.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, admin.userId));
    expect(await statementAdmits(token, now, 0)).toBe(false);
    await t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, admin.userId));

    await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, admin.userId));
    expect(await statementAdmits(token, now, 0)).toBe(false);
    await t.db.update(profiles).set({ isSuspended: false }).where(eq(profiles.id, admin.userId));

    expect(await statementAdmits(token, now, 0)).toBe(true);
    await t.db.delete(adminUsers).where(eq(adminUsers.userId, admin.userId));
    expect(await statementAdmits(token, now, 0)).toBe(false);
  });

  test("a customer's session: no row", async () => {
    const customer = await t.signUp();
    expect(await statementAdmits(await tokenOf(customer.userId), new Date(), 0)).toBe(false);
  });
});

describe("approve answers in the guard's order: who you are, then what you sent", () => {
  let customer: SignedUpUser;
  let deposit: TransactionDto;
  beforeAll(async () => {
    customer = await t.signUp();
    const response = await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "20" });
    expect(response.statusCode, response.body).toBe(201);
    deposit = response.json<TransactionDto>();
  });
  const badBody = { payoutReference: "no" };

  async function stillPending() {
    const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.id, deposit.id));
    expect(row?.status).toBe("pending");
  }

  test("no session cookie: 401 before the body is looked at", async () => {
    const response = await t.browser().post(`/api/admin/transactions/not-an-id/approve`, badBody);
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("UNAUTHENTICATED");
  });

  test("a customer: 403 for a bad id or body too, not its validation message", async () => {
    for (const path of [`/api/admin/transactions/not-an-id/approve`, `/api/admin/transactions/${deposit.id}/approve`]) {
      const response = await customer.browser.post(path, badBody);
      expect(response.statusCode, response.body).toBe(403);
      expect(errorOf(response).code).toBe("FORBIDDEN");
    }
    await stillPending();
  });

  test("an admin gone idle: 401 SESSION_IDLE_TIMEOUT for a bad body too, and the session ends", async () => {
    const admin = await signUpAdmin(t);
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 16 * minute) })
      .where(eq(session.userId, admin.userId));
    const response = await admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`, badBody);
    expect(response.statusCode, response.body).toBe(401);
    expect(errorOf(response).code).toBe("SESSION_IDLE_TIMEOUT");
    expect(await t.db.select().from(session).where(eq(session.userId, admin.userId))).toEqual([]);
    await stillPending();
  });

  test("an admin: the validation message, and nothing changes", async () => {
    const admin = await signUpAdmin(t);
    const response = await admin.browser.post(`/api/admin/transactions/not-an-id/approve`, {});
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).code).toBe("VALIDATION_ERROR");
    await stillPending();
  });

  test("an admin whose activity is due to be recorded approves through the guard, and the activity is recorded", async () => {
    const admin = await signUpAdmin(t);
    const twoMinutesAgo = new Date(Date.now() - 2 * minute);
    await t.db.update(session).set({ lastActiveAt: twoMinutesAgo }).where(eq(session.userId, admin.userId));
    const response = await admin.browser.post(`/api/admin/transactions/${deposit.id}/approve`, { acknowledgeNoChainEvidence: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<TransactionDto>().status).toBe("completed");
    const [row] = await t.db.select().from(session).where(eq(session.userId, admin.userId));
    expect(row!.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - minute);
  });
});
