// Every answer carries the security headers (helmet, set in app.ts): the content security policy
// that keeps scripts and frames to our own origin, and the rest. API answers, refusals and 404s
// alike, because a browser may render any of them.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

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
