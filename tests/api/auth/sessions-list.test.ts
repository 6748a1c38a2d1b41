// The owner sees where they are signed in and ends sessions (decision 039): GET /api/me/sessions,
// DELETE /api/me/sessions/:id and DELETE /api/me/sessions. A session is named by its row id, never
// its token; only the owner's own sessions can be ended; an ended one is refused on its next
// request; each ending is audited. A customer's use of a session is recorded at most every 5
// minutes, and the check inside the money requests' statement (decision 034) admits only a session
// with no such write due.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { selectQuietlyAdmittedUser } from "../../../src/server/auth/admission.ts";
import { quietUserAdmission, userActivityDue } from "../../../src/server/auth/who-may-act.ts";
import { findSession } from "../../../src/server/auth/session-lookup.ts";
import { auditLog, session } from "../../../src/server/db/schema.ts";
import type { OwnSession } from "../../../src/shared/session-schemas.ts";
import { createTestApp, errorOf, type Browser, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin } from "../../support/wallet/admin.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const minute = 60 * 1000;
const chromeOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** Signs in from a new browser that sends this user agent. */
async function signInWith(person: SignedUpUser, userAgent: string): Promise<Browser> {
  const browser = t.browser();
  const response = await browser.post(
    "/api/auth/sign-in/email",
    { email: person.email, password: person.password },
    { headers: { "user-agent": userAgent } },
  );
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function sessionsOf(browser: Browser): Promise<OwnSession[]> {
  const response = await browser.get("/api/me/sessions");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ items: OwnSession[] }>().items;
}

async function rowsOf(userId: string) {
  return t.db.select().from(session).where(eq(session.userId, userId));
}

async function endedEntriesOf(userId: string) {
  return t.db
    .select({ actorId: auditLog.actorId, targetId: auditLog.targetId, details: auditLog.details, ip: auditLog.ip })
    .from(auditLog)
    .where(sql`${auditLog.action} = 'user.session_ended' and ${auditLog.actorId} = ${userId}`);
}

describe("GET /api/me/sessions", () => {
  test("each live session by its row id (never the token), this browser first and marked, with device, address and times", async () => {
    const customer = await t.signUp();
    const laptop = await signInWith(customer, chromeOnWindows);
    const phone = await signInWith(customer, safariOnIphone);
    const rows = await rowsOf(customer.userId);
    expect(rows).toHaveLength(3);

    const response = await phone.get("/api/me/sessions");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    for (const row of rows) expect(response.body).not.toContain(row.token);
    const items = response.json<{ items: OwnSession[] }>().items;
    expect(items.map((item) => item.current)).toEqual([true, false, false]);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(rows.map((row) => row.id)));
    const { id, createdAt, lastSeenAt, ...described } = items[0]!;
    expect(rows.map((row) => row.id)).toContain(id);
    expect(Date.parse(createdAt)).toBeLessThanOrEqual(Date.parse(lastSeenAt));
    expect(described).toEqual({
      current: true,
      ipAddress: phone.ip,
      browser: "Safari",
      system: "iPhone",
      device: "Safari on iPhone",
    });
    expect(items.find((item) => item.ipAddress === laptop.ip)).toMatchObject({
      browser: "Chrome",
      system: "Windows",
      device: "Chrome on Windows",
    });
    // app.inject's own user agent names no browser.
    expect(items.find((item) => item.ipAddress === customer.browser.ip)).toMatchObject({
      browser: null,
      system: null,
      device: "Unknown device",
    });
    expect((await sessionsOf(laptop))[0]).toMatchObject({ current: true, device: "Chrome on Windows" });
  });

  test("the others by when they were last used, newest first; an expired one is not listed; another user's never", async () => {
    const customer = await t.signUp();
    const old = await signInWith(customer, chromeOnWindows);
    const recent = await signInWith(customer, safariOnIphone);
    const expired = await signInWith(customer, chromeOnWindows);
    const [oldRow, recentRow, expiredRow] = await Promise.all(
      [old, recent, expired].map(async (browser) => (await rowsOf(customer.userId)).find((row) => row.ipAddress === browser.ip)!),
    );
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 3 * 60 * minute) })
      .where(eq(session.id, oldRow!.id));
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 60 * minute) })
      .where(eq(session.id, recentRow!.id));
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(session.id, expiredRow!.id));
    await t.signUp(); // someone else, signed in meanwhile

    const items = await sessionsOf(customer.browser);
    expect(items.map((item) => item.id)).toEqual([
      (await rowsOf(customer.userId)).find((row) => row.ipAddress === customer.browser.ip)!.id,
      recentRow!.id,
      oldRow!.id,
    ]);
    expect(Date.parse(items[2]!.lastSeenAt)).toBeLessThan(Date.parse(items[1]!.lastSeenAt));
  });

  test("signed out → 401", async () => {
    const response = await t.browser().get("/api/me/sessions");
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("UNAUTHENTICATED");
  });
});

describe("DELETE /api/me/sessions/:id", () => {
  test("ends one of the owner's other sessions: 204, that browser gets 401 next, this one goes on; audited by id", async () => {
    const customer = await t.signUp();
    const laptop = await signInWith(customer, chromeOnWindows);
    const laptopItem = (await sessionsOf(customer.browser)).find((item) => item.ipAddress === laptop.ip)!;
    const token = (await rowsOf(customer.userId)).find((row) => row.id === laptopItem.id)!.token;

    const ended = await customer.browser.request("DELETE", `/api/me/sessions/${laptopItem.id}`);
    expect(ended.statusCode, ended.body).toBe(204);
    expect(ended.body).toBe("");
    const next = await laptop.get("/api/me");
    expect(next.statusCode).toBe(401);
    expect((await customer.browser.get("/api/me")).statusCode).toBe(200);
    expect((await sessionsOf(customer.browser)).map((item) => item.id)).not.toContain(laptopItem.id);

    const entries = await endedEntriesOf(customer.userId);
    expect(entries).toEqual([
      {
        actorId: customer.userId,
        targetId: customer.userId,
        details: { sessionId: laptopItem.id, thisDevice: false },
        ip: customer.browser.ip,
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(token);

    // Already ended: nothing to end.
    const again = await customer.browser.request("DELETE", `/api/me/sessions/${laptopItem.id}`);
    expect(again.statusCode).toBe(404);
  });

  test("another user's session id → 404 NOT_FOUND, and it still works for its owner; nothing is audited", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const [ownerItem] = await sessionsOf(owner.browser);
    const response = await stranger.browser.request("DELETE", `/api/me/sessions/${ownerItem!.id}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("NOT_FOUND");
    expect((await owner.browser.get("/api/me")).statusCode).toBe(200);
    expect(await rowsOf(owner.userId)).toHaveLength(1);
    expect(await endedEntriesOf(stranger.userId)).toEqual([]);

    const unknown = await stranger.browser.request("DELETE", `/api/me/sessions/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
  });

  test("a malformed id → 400; signed out → 401", async () => {
    const customer = await t.signUp();
    const malformed = await customer.browser.request("DELETE", "/api/me/sessions/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe("VALIDATION_ERROR");
    // A token in the place of an id names nothing either.
    const token = (await rowsOf(customer.userId))[0]!.token;
    expect((await customer.browser.request("DELETE", `/api/me/sessions/${token}`)).statusCode).toBe(400);
    expect(await rowsOf(customer.userId)).toHaveLength(1);
    expect((await t.browser().request("DELETE", `/api/me/sessions/${crypto.randomUUID()}`)).statusCode).toBe(401);
  });

  test("ending this browser's own session signs it out", async () => {
    const customer = await t.signUp();
    const [current] = await sessionsOf(customer.browser);
    expect(current!.current).toBe(true);
    expect((await customer.browser.request("DELETE", `/api/me/sessions/${current!.id}`)).statusCode).toBe(204);
    expect((await customer.browser.get("/api/me")).statusCode).toBe(401);
    expect((await endedEntriesOf(customer.userId)).map((entry) => entry.details)).toEqual([{ sessionId: current!.id, thisDevice: true }]);
  });
});

describe("DELETE /api/me/sessions", () => {
  test("ends every session but this one: each audited, the others get 401, this one goes on", async () => {
    const customer = await t.signUp();
    const others = [await signInWith(customer, chromeOnWindows), await signInWith(customer, safariOnIphone)];
    const otherIds = (await sessionsOf(customer.browser)).filter((item) => !item.current).map((item) => item.id);
    expect(otherIds).toHaveLength(2);
    const bystander = await t.signUp();

    const response = await customer.browser.request("DELETE", "/api/me/sessions");
    expect(response.statusCode, response.body).toBe(204);
    for (const browser of others) expect((await browser.get("/api/me")).statusCode).toBe(401);
    expect((await customer.browser.get("/api/me")).statusCode).toBe(200);
    expect(await sessionsOf(customer.browser)).toHaveLength(1);
    expect((await bystander.browser.get("/api/me")).statusCode).toBe(200);
    const entries = await endedEntriesOf(customer.userId);
    expect(new Set(entries.map((entry) => (entry.details as { sessionId: string }).sessionId))).toEqual(new Set(otherIds));

    // Nothing else to end: still 204, nothing more audited.
    expect((await customer.browser.request("DELETE", "/api/me/sessions")).statusCode).toBe(204);
    expect(await endedEntriesOf(customer.userId)).toHaveLength(2);
  });
});

describe("a customer's use of a session is recorded at most every 5 minutes", () => {
  async function lastActiveOf(userId: string): Promise<Date> {
    return (await rowsOf(userId))[0]!.lastActiveAt;
  }

  test("used 4 minutes after the last record: unchanged; 6 minutes after: now", async () => {
    const customer = await t.signUp();
    const fourMinutesAgo = new Date(Date.now() - 4 * minute);
    await t.db.update(session).set({ lastActiveAt: fourMinutesAgo }).where(eq(session.userId, customer.userId));
    expect((await customer.browser.get("/api/me")).statusCode).toBe(200);
    expect((await lastActiveOf(customer.userId)).getTime()).toBe(fourMinutesAgo.getTime());

    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 6 * minute) })
      .where(eq(session.userId, customer.userId));
    const before = Date.now();
    expect((await customer.browser.get("/api/wallet")).statusCode).toBe(200);
    expect((await lastActiveOf(customer.userId)).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse((await sessionsOf(customer.browser))[0]!.lastSeenAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  test("an admin's is not: the back office's idle rule records it, from the person's own activity", async () => {
    const admin = await signUpAdmin(t);
    const sixMinutesAgo = new Date(Date.now() - 6 * minute);
    await t.db.update(session).set({ lastActiveAt: sixMinutesAgo }).where(eq(session.userId, admin.userId));
    // A customer route: the guard writes nothing for an admin.
    expect((await admin.browser.get("/api/me")).statusCode).toBe(200);
    expect((await lastActiveOf(admin.userId)).getTime()).toBe(sixMinutesAgo.getTime());
  });

  test("the check in the money requests' statement admits only a session with no use due to be recorded, as the guard decides", async () => {
    const customer = await t.signUp();
    const [row] = await rowsOf(customer.userId);
    const now = new Date();
    const setLastActive = (token: string, agoMs: number) =>
      t.db.execute(
        sql`update session set last_active_at = ${now.toISOString()}::timestamptz - make_interval(secs => ${agoMs / 1000}) where token = ${token}`,
      );
    const statementAdmits = async (token: string) =>
      (await selectQuietlyAdmittedUser(t.db, {}).prepare("test_quiet_activity").execute(quietUserAdmission(token, now))).length === 1;
    const guardWrites = async (token: string) => userActivityDue((await findSession(t.db, token))!, now);

    const cases = [
      { agoMs: 5 * minute, due: false },
      { agoMs: 5 * minute - 0.5, due: false },
      { agoMs: 5 * minute + 0.5, due: true }, // below the millisecond: due, as JavaScript reads it
      { agoMs: 5 * minute + 1, due: true },
    ];
    for (const { agoMs, due } of cases) {
      await setLastActive(row!.token, agoMs);
      expect(await guardWrites(row!.token), `${agoMs} ms ago`).toBe(due);
      expect(await statementAdmits(row!.token), `${agoMs} ms ago`).toBe(!due);
    }

    // An admin's session: the guard records no use of it, so the check has none to wait for.
    const admin = await signUpAdmin(t);
    const [adminRow] = await rowsOf(admin.userId);
    await setLastActive(adminRow!.token, 6 * minute);
    expect(await guardWrites(adminRow!.token)).toBe(false);
    expect(await statementAdmits(adminRow!.token)).toBe(true);
  });
});
