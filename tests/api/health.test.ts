// GET /api/health (asks the database) and GET /api/openapi.json (documents the API).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("GET /api/openapi.json", () => {
  test("documents the auth, setup and account endpoints with their methods", async () => {
    const response = await t.browser().get("/api/openapi.json");
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(spec.openapi).toMatch(/^3\./);
    const expected: [string, string][] = [
      ["/api/auth/sign-up/email", "post"],
      ["/api/auth/sign-in/email", "post"],
      ["/api/auth/sign-out", "post"],
      ["/api/auth/get-session", "get"],
      ["/api/auth/request-password-reset", "post"],
      ["/api/auth/reset-password", "post"],
      ["/api/auth/reset-password/verify", "post"],
      ["/api/auth/change-password", "post"],
      ["/api/setup", "get"],
      ["/api/setup/first-admin", "post"],
      ["/api/me", "get"],
      ["/api/health", "get"],
    ];
    for (const [path, method] of expected) expect(spec.paths[path], `${method.toUpperCase()} ${path}`).toHaveProperty(method);
  });

  test("describes the sign-up body with its fields", async () => {
    const spec = (await t.browser().get("/api/openapi.json")).json<{
      paths: Record<
        string,
        {
          post?: { requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }> } };
        }
      >;
    }>();
    const schema = spec.paths["/api/auth/sign-up/email"]?.post?.requestBody?.content?.["application/json"]?.schema;
    expect(Object.keys(schema?.properties ?? {})).toEqual(expect.arrayContaining(["email", "password", "username", "country"]));
    expect(schema?.required).toEqual(expect.arrayContaining(["email", "password", "username", "country"]));
  });
});

// Last in this file: it closes the database under the running app.
describe("GET /api/health", () => {
  test("reports ok and the database kind after querying it, and stops reporting ok once the database is gone", async () => {
    const response = await t.browser().get("/api/health");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", database: t.kind, chain: { state: "off" } });

    // The answer comes from a real query: without a database there is no "ok".
    await t.database.close();
    const down = await t.browser().get("/api/health");
    expect(down.statusCode).toBeGreaterThanOrEqual(500);
    expect(down.body).not.toContain('"ok"');
    expect(errorOf(down).message.length).toBeGreaterThan(0);
  });
});
