// GET /api/me: who is signed in, and whether they are an admin, for each role.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test("anonymous → 401 'You must be signed in.'", async () => {
  const response = await t.browser().get("/api/me");
  expect(response.statusCode).toBe(401);
  expect(errorOf(response)).toEqual({ code: "UNAUTHENTICATED", message: "You must be signed in." });
});

test("a forged session cookie → 401", async () => {
  const browser = t.browser();
  browser.cookies.set("better-auth.session_token", "forged-token.c2lnbmF0dXJl");
  expect((await browser.get("/api/me")).statusCode).toBe(401);
});

test("a customer sees their own account, and not someone else's", async () => {
  const rahim = await t.signUp({ country: "BD" });
  const karim = await t.signUp({ country: "IN" });
  const response = await rahim.browser.get("/api/me");
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    id: rahim.userId,
    email: rahim.email,
    username: rahim.username,
    country: "BD",
    fullName: null,
    phone: null,
    isAdmin: false,
    adminRole: null,
  });
  expect((await karim.browser.get("/api/me")).json()).toMatchObject({ id: karim.userId, country: "IN" });
});

test.each(["admin", "super_admin"] as const)("an %s is told their role, read from the database on every request", async (role) => {
  const account = await t.signUp();
  expect((await account.browser.get("/api/me")).json()).toMatchObject({ isAdmin: false, adminRole: null });
  await t.makeAdmin(account.userId, role);
  // Promotion ended the session; the new one is told the role.
  await t.signIn(account.email, account.password, account.browser);
  expect((await account.browser.get("/api/me")).json()).toMatchObject({ isAdmin: true, adminRole: role });
});

test("the answer is never cached by a shared cache", async () => {
  const account = await t.signUp();
  const response = await account.browser.get("/api/me");
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"] ?? "").not.toMatch(/public/);
});
