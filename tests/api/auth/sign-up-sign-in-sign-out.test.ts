// The auth endpoints under /api/auth: sign-up, sign-in, sign-out, get-session and change-password,
// with our security rules (throttling, lockout, suspension, common passwords, admin password
// length, origin check) and the forms' validation messages. Password reset has
// its own file (auth/password-reset.test.ts); malformed bodies are in http/bad-input.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count, eq, sql } from "drizzle-orm";
import { messages } from "../../../src/shared/api-error.ts";
import { profiles, session, user } from "../../../src/server/db/schema.ts";
import { Browser, createTestApp, errorOf, goodPassword, publicUrl, type TestApp } from "../../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(user);
  return row?.n ?? 0;
}

async function sessionCountOf(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}

function signUpBody(overrides: Record<string, unknown> = {}) {
  return { email: t.uniqueEmail(), password: goodPassword, username: t.uniqueUsername(), country: "BD", ...overrides };
}

describe("POST /api/auth/sign-up/email", () => {
  test("creates the account, a profile with balance 0, the username and the country, and signs the user in", async () => {
    const browser = t.browser();
    const username = t.uniqueUsername("Rahim");
    const email = t.uniqueEmail("Rahim.Khan");
    // The address as typed, with capitals and spaces: it is stored trimmed and in lower case.
    const response = await browser.post("/api/auth/sign-up/email", {
      email: `  ${email.toUpperCase()} `,
      password: goodPassword,
      username,
      country: "BD",
    });

    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: { id: string; email: string; name: string }; token?: unknown }>();
    expect(body.user.email).toBe(email.toLowerCase());
    expect(body.user.name).toBe(username);
    expect(body).not.toHaveProperty("token");

    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, body.user.id));
    expect(profile).toMatchObject({ username, country: "BD", balanceMinor: 0n, isSuspended: false, fullName: null, phone: null });

    const cookie = response.cookies.find((c) => c.name.endsWith("session_token"));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    const me = await browser.get("/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: body.user.id,
      email: email.toLowerCase(),
      username,
      country: "BD",
      isAdmin: false,
      adminRole: null,
    });
  });

  test("refuses a username that is taken, in any case, with 409 on the username field", async () => {
    const first = await t.signUp();
    const before = await userCount();
    const response = await t.browser().post("/api/auth/sign-up/email", signUpBody({ username: first.username.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: "CONFLICT",
      message: "This username is already taken",
      fields: { username: "This username is already taken" },
    });
    expect(await userCount()).toBe(before);
  });

  test("refuses an e-mail that is taken, in any case, with 409 on the email field", async () => {
    const first = await t.signUp();
    const before = await userCount();
    const response = await t.browser().post("/api/auth/sign-up/email", signUpBody({ email: first.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: "CONFLICT",
      message: "An account with this email already exists",
      fields: { email: "An account with this email already exists" },
    });
    expect(await userCount()).toBe(before);
  });

  test("a double-submitted form creates one account and tells the other request the e-mail is taken", async () => {
    const email = t.uniqueEmail("double");
    const responses = await Promise.all(
      Array.from({ length: 4 }, () => t.browser().post("/api/auth/sign-up/email", signUpBody({ email }))),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response).fields).toEqual({ email: "An account with this email already exists" });
    }
    const [row] = await t.db.select({ n: count() }).from(user).where(eq(user.email, email));
    expect(row?.n).toBe(1);
    const [profileRow] = await t.db
      .select({ n: count() })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(user.email, email));
    expect(profileRow?.n).toBe(1);
  });

  test("refuses a common password with the common-password message, and creates nothing", async () => {
    const before = await userCount();
    for (const password of ["password", "Password1", "qwerty123456"]) {
      const response = await t.browser().post("/api/auth/sign-up/email", signUpBody({ password }));
      expect(response.statusCode, password).toBe(400);
      expect(errorOf(response)).toEqual({
        code: "PASSWORD_TOO_COMMON",
        message: "This password is too common. Choose another.",
        fields: { password: "This password is too common. Choose another." },
      });
    }
    expect(await userCount()).toBe(before);
  });

  // Sign-up validation (the confirmation rule is the form's: the wire body has no confirmation).
  test.each([
    { case: "username of 2 characters", patch: { username: "ab" }, field: "username", message: "Username must be at least 3 characters" },
    { case: "username missing", patch: { username: undefined }, field: "username", message: "Username must be at least 3 characters" },
    { case: "username of spaces", patch: { username: "   " }, field: "username", message: "Username must be at least 3 characters" },
    { case: "e-mail without a domain", patch: { email: "rahim@" }, field: "email", message: "Please enter a valid email address" },
    { case: "e-mail missing", patch: { email: undefined }, field: "email", message: "Please enter a valid email address" },
    { case: "country missing", patch: { country: undefined }, field: "country", message: "Please select your country" },
    { case: "country empty", patch: { country: "" }, field: "country", message: "Please select your country" },
    { case: "country not a country", patch: { country: "XX" }, field: "country", message: "Please select your country" },
    {
      case: "password of 7 characters",
      patch: { password: "Abc-de7" },
      field: "password",
      message: "Password must be at least 8 characters",
    },
    { case: "password missing", patch: { password: undefined }, field: "password", message: "Password is required" },
  ])("sign-up with $case → 400 '$message'", async ({ patch, field, message }) => {
    const before = await userCount();
    const response = await t.browser().post("/api/auth/sign-up/email", signUpBody(patch));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe("VALIDATION_ERROR");
    expect(error.message).toBe(message);
    expect(error.fields).toEqual({ [field]: message });
    expect(await userCount()).toBe(before);
  });

  test("sign-up with every field wrong names each field", async () => {
    const response = await t.browser().post("/api/auth/sign-up/email", { email: "x", password: "short", username: "ab", country: "ZZ" });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({
      email: "Please enter a valid email address",
      password: "Password must be at least 8 characters",
      username: "Username must be at least 3 characters",
      country: "Please select your country",
    });
  });
});

describe("POST /api/auth/sign-in/email", () => {
  test("sets an httpOnly session cookie, answers the user without the token, and /api/me works", async () => {
    const account = await t.signUp();
    const browser = t.browser();
    expect((await browser.get("/api/me")).statusCode).toBe(401);

    const response = await browser.post("/api/auth/sign-in/email", { email: account.email.toUpperCase(), password: account.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: { id: string; email: string } }>();
    expect(body.user).toMatchObject({ id: account.userId, email: account.email });
    expect(body).not.toHaveProperty("token");
    expect(response.cookies.find((c) => c.name.endsWith("session_token"))).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    const me = await browser.get("/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: account.userId, username: account.username });
  });

  test("a wrong password is answered 401 'Invalid email or password' and sets no cookie", async () => {
    const account = await t.signUp();
    const browser = t.browser();
    const response = await browser.post("/api/auth/sign-in/email", { email: account.email, password: "Not-The-Password-1" });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: "INVALID_CREDENTIALS", message: "Invalid email or password" });
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect((await browser.get("/api/me")).statusCode).toBe(401);
  });

  test("an unknown e-mail is answered exactly like a wrong password", async () => {
    const account = await t.signUp();
    const wrongPassword = await t.browser().post("/api/auth/sign-in/email", { email: account.email, password: "Not-The-Password-1" });
    const unknown = await t.browser().post("/api/auth/sign-in/email", { email: t.uniqueEmail("nobody"), password: "Not-The-Password-1" });
    expect(unknown.statusCode).toBe(wrongPassword.statusCode);
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  // Sign-in validation
  test.each([
    {
      case: "an invalid e-mail",
      body: { email: "rahim.example.com", password: "x" },
      field: "email",
      message: "Please enter a valid email address",
    },
    { case: "no e-mail", body: { password: "x" }, field: "email", message: "Please enter a valid email address" },
    { case: "an empty password", body: { email: "rahim@example.com", password: "" }, field: "password", message: "Password is required" },
    { case: "no password", body: { email: "rahim@example.com" }, field: "password", message: "Password is required" },
  ])("sign-in with $case → 400 '$message'", async ({ body, field, message }) => {
    const response = await t.browser().post("/api/auth/sign-in/email", body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
  });

  test("signing in again in the same browser ends the earlier session", async () => {
    const account = await t.signUp();
    const earlierCookie = account.browser.sessionCookie;
    expect(earlierCookie).toBeDefined();
    await t.signIn(account.email, account.password, account.browser);
    expect(account.browser.sessionCookie).not.toBe(earlierCookie);
    expect((await account.browser.get("/api/me")).statusCode).toBe(200);

    // The earlier cookie, replayed from anywhere, no longer opens a session.
    const replay = t.browser();
    replay.cookies.set("better-auth.session_token", earlierCookie!);
    expect((await replay.get("/api/me")).statusCode).toBe(401);
    expect(await sessionCountOf(account.userId)).toBe(1);
  });

  test("the 6th attempt in a minute from one IP for one e-mail is answered 429, even with the right password", async () => {
    const account = await t.signUp();
    const browser = t.browser();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await browser.post("/api/auth/sign-in/email", { email: account.email, password: `Wrong-Password-${attempt}` });
      expect(response.statusCode, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await browser.post("/api/auth/sign-in/email", { email: account.email, password: account.password });
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toEqual({ code: "RATE_LIMITED", message: "Too many attempts. Please wait a minute and try again." });
    expect(sixth.headers["set-cookie"]).toBeUndefined();
    // The same address written differently is the same key.
    const differentCase = await browser.post("/api/auth/sign-in/email", { email: account.email.toUpperCase(), password: account.password });
    expect(differentCase.statusCode).toBe(429);

    // The limit is per IP and e-mail: another IP, or another e-mail from this IP, is answered.
    const other = await t.signUp();
    expect((await browser.post("/api/auth/sign-in/email", { email: other.email, password: other.password })).statusCode).toBe(200);
    expect((await t.browser().post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(200);
  });

  describe("lockout after 10 failures in a row (PCI DSS 8.3.4)", () => {
    // Each failure from another IP, so the per-IP limit above never answers first.
    async function failSignIns(email: string, times: number): Promise<void> {
      for (let attempt = 1; attempt <= times; attempt += 1) {
        const response = await t.browser().post("/api/auth/sign-in/email", { email, password: `Wrong-Password-${attempt}` });
        expect(response.statusCode, `failure ${attempt}`).toBe(401);
      }
    }

    test("9 failures do not lock, and a success starts the count again", async () => {
      const account = await t.signUp();
      await failSignIns(account.email, 9);
      await t.signIn(account.email, account.password);
      await failSignIns(account.email, 9);
      await t.signIn(account.email, account.password);
      const [row] = await t.db
        .select({ failures: user.failedSignInCount, lockedUntil: user.lockedUntil })
        .from(user)
        .where(eq(user.id, account.userId));
      expect(row).toEqual({ failures: 0, lockedUntil: null });
    });

    test("the 10th failure locks the account for 30 minutes: even the right password is refused with 403 ACCOUNT_LOCKED, until the lock ends", async () => {
      const account = await t.signUp();
      await failSignIns(account.email, 10);

      const [row] = await t.db.select({ lockedUntil: user.lockedUntil }).from(user).where(eq(user.id, account.userId));
      const lockMinutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
      expect(lockMinutes).toBeGreaterThan(29);
      expect(lockMinutes).toBeLessThanOrEqual(30);

      for (const password of [account.password, "Wrong-Password-11"]) {
        const browser = t.browser();
        const response = await browser.post("/api/auth/sign-in/email", { email: account.email, password });
        expect(response.statusCode).toBe(403);
        expect(errorOf(response)).toEqual({ code: "ACCOUNT_LOCKED", message: messages.locked });
        expect(response.headers["set-cookie"]).toBeUndefined();
        expect((await browser.get("/api/me")).statusCode).toBe(401);
      }

      // 30 minutes later (the lock moved into the past): the right password works again.
      await t.db
        .update(user)
        .set({ lockedUntil: sql`${user.lockedUntil} - interval '30 minutes'` })
        .where(eq(user.id, account.userId));
      await t.signIn(account.email, account.password);
      const [after] = await t.db
        .select({ failures: user.failedSignInCount, lockedUntil: user.lockedUntil })
        .from(user)
        .where(eq(user.id, account.userId));
      expect(after).toEqual({ failures: 0, lockedUntil: null });
    });

    test("after a lock has run out, one more failure does not lock again at once", async () => {
      const account = await t.signUp();
      await failSignIns(account.email, 10);
      await t.db
        .update(user)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(user.id, account.userId));
      await failSignIns(account.email, 1);
      await t.signIn(account.email, account.password);
    });
  });

  describe("a suspended user", () => {
    test("is refused at sign-in with 403 and the suspension message, and gets no session", async () => {
      const account = await t.signUp();
      await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, account.userId));
      const sessionsBefore = await sessionCountOf(account.userId);
      const browser = t.browser();
      const response = await browser.post("/api/auth/sign-in/email", { email: account.email, password: account.password });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ code: "ACCOUNT_SUSPENDED", message: "Your account has been suspended. Please contact support." });
      expect(response.headers["set-cookie"]).toBeUndefined();
      expect(await sessionCountOf(account.userId)).toBe(sessionsBefore);
    });

    test("loses an existing session: /api/me answers 403, and the session is ended", async () => {
      const account = await t.signUp();
      const otherBrowser = await t.signIn(account.email, account.password);
      expect((await account.browser.get("/api/me")).statusCode).toBe(200);

      await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, account.userId));
      const me = await account.browser.get("/api/me");
      expect(me.statusCode).toBe(403);
      expect(errorOf(me)).toEqual({ code: "ACCOUNT_SUSPENDED", message: "Your account has been suspended. Please contact support." });
      // Suspension ends every session of the user, not only the one that asked.
      expect(await sessionCountOf(account.userId)).toBe(0);
      expect((await account.browser.get("/api/me")).statusCode).toBe(401);
      expect((await otherBrowser.get("/api/me")).statusCode).toBe(401);
      expect((await otherBrowser.get("/api/auth/get-session")).json()).toBeNull();
    });
  });
});

describe("POST /api/auth/sign-out", () => {
  test("ends the session: the cookie is cleared, /api/me answers 401 and the old cookie is refused", async () => {
    const account = await t.signUp();
    const cookie = account.browser.sessionCookie!;
    const response = await account.browser.post("/api/auth/sign-out");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(account.browser.sessionCookie).toBeUndefined();
    expect((await account.browser.get("/api/me")).statusCode).toBe(401);
    expect((await account.browser.get("/api/auth/get-session")).json()).toBeNull();

    const replay = t.browser();
    replay.cookies.set("better-auth.session_token", cookie);
    expect((await replay.get("/api/me")).statusCode).toBe(401);
    expect(await sessionCountOf(account.userId)).toBe(0);
  });

  test("ends only this browser's session", async () => {
    const account = await t.signUp();
    const other = await t.signIn(account.email, account.password);
    await account.browser.post("/api/auth/sign-out");
    expect((await account.browser.get("/api/me")).statusCode).toBe(401);
    expect((await other.get("/api/me")).statusCode).toBe(200);
  });
});

describe("GET /api/auth/get-session", () => {
  test("answers null without a session", async () => {
    const response = await t.browser().get("/api/auth/get-session");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toBeNull();
  });

  test("answers the user and the session, but never the session token (it lives in the httpOnly cookie)", async () => {
    const account = await t.signUp();
    const response = await account.browser.get("/api/auth/get-session");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json<{ user: Record<string, unknown>; session: Record<string, unknown> }>();
    expect(body.user).toMatchObject({ id: account.userId, email: account.email });
    expect(body.session).toMatchObject({ userId: account.userId });
    expect(body.session).not.toHaveProperty("token");
    expect(response.body).not.toContain(account.browser.sessionCookie!.split(".")[0]!);
  });
});

describe("POST /api/auth/change-password", () => {
  const newPassword = "Brand-New-Secret-73";

  test("changes the password, keeps this session and ends the user's other sessions", async () => {
    const account = await t.signUp();
    const otherBrowser = await t.signIn(account.email, account.password);

    const response = await account.browser.post("/api/auth/change-password", { currentPassword: account.password, newPassword });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/"token"/);

    expect((await account.browser.get("/api/me")).statusCode).toBe(200);
    expect((await otherBrowser.get("/api/me")).statusCode).toBe(401);
    expect(await sessionCountOf(account.userId)).toBe(1);

    expect((await t.browser().post("/api/auth/sign-in/email", { email: account.email, password: account.password })).statusCode).toBe(401);
    await t.signIn(account.email, newPassword);
  });

  test("a wrong current password is refused with 400 on currentPassword, and nothing changes", async () => {
    const account = await t.signUp();
    const otherBrowser = await t.signIn(account.email, account.password);
    const response = await account.browser.post("/api/auth/change-password", { currentPassword: "Not-My-Password-9", newPassword });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "VALIDATION_ERROR",
      message: "Current password is incorrect",
      fields: { currentPassword: "Current password is incorrect" },
    });
    expect((await otherBrowser.get("/api/me")).statusCode).toBe(200);
    await t.signIn(account.email, account.password);
    expect((await t.browser().post("/api/auth/sign-in/email", { email: account.email, password: newPassword })).statusCode).toBe(401);
  });

  test("without a session it is answered 401", async () => {
    const response = await t.browser().post("/api/auth/change-password", { currentPassword: goodPassword, newPassword });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response)).toEqual({ code: "UNAUTHENTICATED", message: "You must be signed in." });
  });

  // Change password: a customer's new password needs at least 8 characters.
  test.each([
    {
      case: "an empty current password",
      body: { currentPassword: "", newPassword },
      field: "currentPassword",
      message: "Current password is required",
    },
    { case: "no current password", body: { newPassword }, field: "currentPassword", message: "Current password is required" },
    {
      case: "a new password of 7 characters",
      body: { currentPassword: goodPassword, newPassword: "Abc-de7" },
      field: "newPassword",
      message: "New password must be at least 8 characters",
    },
    {
      case: "no new password",
      body: { currentPassword: goodPassword },
      field: "newPassword",
      message: "New password must be at least 8 characters",
    },
  ])("change-password with $case → 400 '$message'", async ({ body, field, message }) => {
    const account = await t.signUp();
    const response = await account.browser.post("/api/auth/change-password", body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
  });

  test("a common new password is refused with the common-password message", async () => {
    const account = await t.signUp();
    const response = await account.browser.post("/api/auth/change-password", {
      currentPassword: account.password,
      newPassword: "password123",
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "PASSWORD_TOO_COMMON",
      message: "This password is too common. Choose another.",
      fields: { newPassword: "This password is too common. Choose another." },
    });
    await t.signIn(account.email, account.password);
  });

  test("an admin's new password needs at least 12 characters; a customer's does not", async () => {
    const elevenCharacters = "Tiger-Moth7";
    const admin = await t.signUp();
    await t.makeAdmin(admin.userId, "admin");
    await t.signIn(admin.email, admin.password, admin.browser);
    const refused = await admin.browser.post("/api/auth/change-password", {
      currentPassword: admin.password,
      newPassword: elevenCharacters,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toEqual({
      code: "VALIDATION_ERROR",
      message: "Password must be at least 12 characters",
      fields: { newPassword: "Password must be at least 12 characters" },
    });
    await t.signIn(admin.email, admin.password);
    const twelve = `${elevenCharacters}!`;
    expect(
      (await admin.browser.post("/api/auth/change-password", { currentPassword: admin.password, newPassword: twelve })).statusCode,
    ).toBe(200);
    await t.signIn(admin.email, twelve);

    const customer = await t.signUp();
    const accepted = await customer.browser.post("/api/auth/change-password", {
      currentPassword: customer.password,
      newPassword: elevenCharacters,
    });
    expect(accepted.statusCode).toBe(200);
  });
});

describe("origin check", () => {
  test("a POST that carries the session cookie from another site is refused 403 and changes nothing", async () => {
    const account = await t.signUp();
    const fromEvil = await account.browser.post("/api/auth/sign-out", undefined, { origin: "https://evil.example" });
    expect(fromEvil.statusCode).toBe(403);
    expect(errorOf(fromEvil)).toEqual({ code: "FORBIDDEN", message: "This request did not come from a Nexapay page." });
    expect((await account.browser.get("/api/me")).statusCode).toBe(200);

    const change = await account.browser.post(
      "/api/auth/change-password",
      { currentPassword: account.password, newPassword: "Stolen-Password-99" },
      { origin: null, headers: { referer: "https://evil.example/page" } },
    );
    expect(change.statusCode).toBe(403);
    await t.signIn(account.email, account.password);
  });

  test("a POST with the cookie and neither Origin nor Referer is refused; our own Referer is accepted", async () => {
    const account = await t.signUp();
    expect((await account.browser.post("/api/auth/sign-out", undefined, { origin: null })).statusCode).toBe(403);
    expect((await account.browser.get("/api/me")).statusCode).toBe(200);
    const ours = await account.browser.post("/api/auth/sign-out", undefined, {
      origin: null,
      headers: { referer: `${publicUrl}/dashboard` },
    });
    expect(ours.statusCode).toBe(200);
    expect((await account.browser.get("/api/me")).statusCode).toBe(401);
  });

  test("a client without cookies and without Origin (curl, a script) may still sign in", async () => {
    const account = await t.signUp();
    const client = new Browser(t.app, t.nextIp());
    const response = await client.post("/api/auth/sign-in/email", { email: account.email, password: account.password }, { origin: null });
    expect(response.statusCode).toBe(200);
  });
});
