// Who is asking is resolved on every request from the rows as they are now (auth/session-lookup.ts):
// a revoked session, a suspended user and an idle admin are refused on the very next request, and
// the cookie must carry our signature. Also better-auth's rules that the lookup keeps: an expired
// session is refused and deleted, and a session used a day after its last push gets a full lifetime.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { profiles, session } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";

let t: TestApp;
let admin: EnrolledAdmin;
const minute = 60 * 1000;
const day = 24 * 60 * minute;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const sessionOf = async (userId: string) => (await t.db.select().from(session).where(eq(session.userId, userId)))[0];

describe("refused on the very next request", () => {
  test("a revoked session: after a password change elsewhere, the other browser's next read is 401", async () => {
    const customer = await t.signUp();
    const laptop = await t.signIn(customer.email, customer.password);
    expect((await laptop.get("/api/wallet")).statusCode).toBe(200);
    const changed = await customer.browser.post("/api/auth/change-password", {
      currentPassword: customer.password,
      newPassword: "Another-Horse-43",
    });
    expect(changed.statusCode).toBe(200);
    const next = await laptop.get("/api/wallet");
    expect(next.statusCode).toBe(401);
    expect(errorOf(next).code).toBe("UNAUTHENTICATED");
    expect((await customer.browser.get("/api/wallet")).statusCode).toBe(200);
  });

  test("a suspended user: suspending ends their sessions, so the customer's next read is 401", async () => {
    const customer = await t.signUp();
    expect((await customer.browser.get("/api/me")).statusCode).toBe(200);
    const suspended = await admin.browser.request("PATCH", `/api/admin/users/${customer.userId}`, { json: { isSuspended: true } });
    expect(suspended.statusCode).toBe(200);
    const next = await customer.browser.get("/api/me");
    expect(next.statusCode).toBe(401);
    expect(await sessionOf(customer.userId)).toBeUndefined();
  });

  test("a session that outlived its user's suspension (set in the database) → 403 on the next read, and it is deleted", async () => {
    const customer = await t.signUp();
    expect((await customer.browser.get("/api/me")).statusCode).toBe(200);
    await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, customer.userId));
    const next = await customer.browser.get("/api/wallet");
    expect(next.statusCode).toBe(403);
    expect(errorOf(next).code).toBe("ACCOUNT_SUSPENDED");
    expect(await sessionOf(customer.userId)).toBeUndefined();
  });

  test("an idle admin: 16 minutes without a person, the next back-office request is 401 and the session is deleted", async () => {
    const idle = await signUpAdmin(t);
    expect((await idle.browser.get("/api/admin/stats")).statusCode).toBe(200);
    await t.db
      .update(session)
      .set({ lastActiveAt: new Date(Date.now() - 16 * minute) })
      .where(eq(session.userId, idle.userId));
    const next = await idle.browser.get("/api/admin/stats");
    expect(next.statusCode).toBe(401);
    expect(errorOf(next).code).toBe("SESSION_IDLE_TIMEOUT");
    expect(await sessionOf(idle.userId)).toBeUndefined();
  });
});

describe("the session cookie", () => {
  test("a real token with a signature that is not ours → 401", async () => {
    const customer = await t.signUp();
    const name = [...customer.browser.cookies.keys()].find((cookie) => cookie.endsWith("session_token"))!;
    const token = decodeURIComponent(customer.browser.sessionCookie!).split(".")[0]!;
    const forged = t.browser();
    forged.cookies.set(name, encodeURIComponent(`${token}.${"A".repeat(43)}=`));
    expect((await forged.get("/api/wallet")).statusCode).toBe(401);
    const unsigned = t.browser();
    unsigned.cookies.set(name, token);
    expect((await unsigned.get("/api/wallet")).statusCode).toBe(401);
    expect((await customer.browser.get("/api/wallet")).statusCode).toBe(200);
  });

  test("an expired session → 401, and its row is deleted", async () => {
    const customer = await t.signUp();
    await t.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - minute) })
      .where(eq(session.userId, customer.userId));
    expect((await customer.browser.get("/api/wallet")).statusCode).toBe(401);
    expect(await sessionOf(customer.userId)).toBeUndefined();
  });

  test("a session last pushed out two days ago is given a full 7 days again; one pushed out an hour ago is left alone", async () => {
    const customer = await t.signUp();
    const fiveDaysLeft = new Date(Date.now() + 5 * day);
    await t.db.update(session).set({ expiresAt: fiveDaysLeft }).where(eq(session.userId, customer.userId));
    expect((await customer.browser.get("/api/wallet")).statusCode).toBe(200);
    const pushed = (await sessionOf(customer.userId))!.expiresAt.getTime();
    expect(pushed).toBeGreaterThan(Date.now() + 7 * day - minute);

    const almostSeven = new Date(Date.now() + 7 * day - 60 * minute);
    await t.db.update(session).set({ expiresAt: almostSeven }).where(eq(session.userId, customer.userId));
    expect((await customer.browser.get("/api/wallet")).statusCode).toBe(200);
    expect((await sessionOf(customer.userId))!.expiresAt.getTime()).toBe(almostSeven.getTime());
  });
});
