// GET /api/health (asks the database) and GET /api/openapi.json (documents the API); and the
// security headers every answer carries (helmet, set in app.ts): the content security policy that
// keeps scripts and frames to our own origin, and the rest, on API answers, refusals and 404s
// alike, because a browser may render any of them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, errorOf, type TestApp } from "../../support/test-app.ts";

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
describe("security headers", () => {
  test.each([
    ["an API answer", "/api/health", 200],
    ["a refusal", "/api/wallet", 401],
    ["a path no route has", "/api/no-such-thing", 404],
  ])("%s carries the content security policy and the other helmet headers", async (_what, url, status) => {
    const response = await t.browser().get(url);
    expect(response.statusCode).toBe(status);
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    // Not in tests: only in production, behind HTTPS.
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(response.headers["referrer-policy"]).toBe("no-referrer");
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  test("each answer gets its own headers: one request's answer does not change the next", async () => {
    const first = await t.browser().get("/api/health");
    const second = await t.browser().get("/api/health");
    expect(second.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
  });
});

// Last: this one closes the database.
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
