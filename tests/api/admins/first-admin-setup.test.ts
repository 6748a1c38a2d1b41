// First-run setup (docs/operations.md, Creating the first admin): GET /api/setup and POST /api/setup/first-admin, which works
// only while no admin exists, and only once even when many people race for it.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { count, eq, isNotNull } from "drizzle-orm";
import { messages } from "../../../src/shared/api-error.ts";
import { adminUsers, auditLog, profiles, user } from "../../../src/server/db/schema.ts";
import { createTestApp, errorOf, goodPassword, type TestApp } from "../../support/test-app.ts";

async function counts(app: TestApp): Promise<{ users: number; admins: number; profiles: number }> {
  const [users] = await app.db.select({ n: count() }).from(user);
  const [admins] = await app.db.select({ n: count() }).from(adminUsers);
  const [profileRows] = await app.db.select({ n: count() }).from(profiles);
  return { users: users?.n ?? 0, admins: admins?.n ?? 0, profiles: profileRows?.n ?? 0 };
}

async function needsFirstAdmin(app: TestApp): Promise<boolean> {
  const response = await app.browser().get("/api/setup");
  expect(response.statusCode).toBe(200);
  return response.json<{ needsFirstAdmin: boolean }>().needsFirstAdmin;
}

describe("first admin, one at a time", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  test("GET /api/setup says a first admin is needed on a fresh install", async () => {
    expect(await needsFirstAdmin(t)).toBe(true);
  });

  test.each([
    {
      case: "an invalid e-mail",
      body: { email: "admin@", password: goodPassword },
      field: "email",
      message: "Please enter a valid email address",
    },
    { case: "no e-mail", body: { password: goodPassword }, field: "email", message: "Please enter a valid email address" },
    {
      case: "a password of 11 characters",
      body: { email: "admin@example.com", password: "Tiger-Moth7" },
      field: "password",
      message: "Password must be at least 12 characters",
    },
    { case: "no password", body: { email: "admin@example.com" }, field: "password", message: "Password is required" },
  ])("first-admin with $case → 400 '$message', and no admin", async ({ body, field, message }) => {
    const response = await t.browser().post("/api/setup/first-admin", body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect(await counts(t)).toEqual({ users: 0, admins: 0, profiles: 0 });
  });

  test("a common password of 12 characters or more is refused with the common-password message", async () => {
    const response = await t.browser().post("/api/setup/first-admin", { email: "admin@example.com", password: "qwerty123456" });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: "PASSWORD_TOO_COMMON",
      message: "This password is too common. Choose another.",
      fields: { password: "This password is too common. Choose another." },
    });
    expect(await counts(t)).toEqual({ users: 0, admins: 0, profiles: 0 });
  });

  test("creates a super_admin with a profile, audited, who can sign in; then setup is complete", async () => {
    const email = t.uniqueEmail("Founder");
    const response = await t.browser().post("/api/setup/first-admin", { email, password: goodPassword });
    expect(response.statusCode).toBe(201);
    const { userId } = response.json<{ userId: string; email: string }>();
    expect(response.json()).toEqual({ userId, email: email.toLowerCase() });

    const [admin] = await t.db.select().from(adminUsers).where(eq(adminUsers.userId, userId));
    expect(admin?.adminRole).toBe("super_admin");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile).toMatchObject({ country: "BD", balanceMinor: 0n, isSuspended: false });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, "admin.first_admin_created"));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: userId, targetId: userId });

    const browser = await t.signIn(email, goodPassword);
    expect((await browser.get("/api/me")).json()).toMatchObject({ id: userId, isAdmin: true, adminRole: "super_admin" });
    expect(await needsFirstAdmin(t)).toBe(false);
  });

  test("once an admin exists, first-admin is refused with 409 and creates nothing", async () => {
    const before = await counts(t);
    const response = await t.browser().post("/api/setup/first-admin", { email: t.uniqueEmail("late"), password: goodPassword });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: "CONFLICT", message: messages.setupComplete });
    expect(await counts(t)).toEqual(before);
  });
});

describe("first admin, many at once", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  // Each race starts from a fresh install: no account at all (profiles, admins and sessions go
  // with their user).
  beforeEach(async () => {
    await t.db.delete(user).where(isNotNull(user.id));
    expect(await needsFirstAdmin(t)).toBe(true);
  });
  afterAll(async () => {
    await t.close();
  });

  // Races belong on a real PostgreSQL, where the requests truly run in parallel on
  // separate connections; on PGlite (one connection) it checks the same outcome.
  test("20 parallel requests create exactly one admin; the other 19 are answered 409 and leave no account", async () => {
    const emails = Array.from({ length: 20 }, (_, i) => t.uniqueEmail(`racer${i}`));
    const responses = await Promise.all(
      emails.map((email) => t.browser().post("/api/setup/first-admin", { email, password: goodPassword })),
    );

    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(errorOf(response).message).toBe(messages.setupComplete);
    }
    expect(await counts(t)).toEqual({ users: 1, admins: 1, profiles: 1 });

    const winner = responses.find((r) => r.statusCode === 201)!.json<{ userId: string; email: string }>();
    const [admin] = await t.db.select().from(adminUsers);
    expect(admin).toMatchObject({ userId: winner.userId, adminRole: "super_admin" });
    await t.signIn(winner.email, goodPassword);
    expect(await needsFirstAdmin(t)).toBe(false);
  });

  test.each([
    { case: "one e-mail", email: (_i: number) => "owner@example.com" },
    // The username comes from the part before the @: these all want the same one.
    { case: "e-mails with one local part", email: (i: number) => `owner@example${i}.com` },
  ])("20 parallel requests with $case still make one admin, no 500 and no stray account", async ({ email }) => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.browser().post("/api/setup/first-admin", { email: email(i), password: goodPassword })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await counts(t)).toEqual({ users: 1, admins: 1, profiles: 1 });
  });
});
