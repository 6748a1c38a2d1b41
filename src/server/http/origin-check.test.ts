import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isTrustedOrigin } from "./origin-check.ts";

// Decision 004 (OWASP CSRF cheat sheet, "verifying origin with standard headers"): a state-changing
// request is trusted when its Origin, or failing that its Referer, is ours; a request with neither
// is trusted only when it carries no cookie. Checked on real Fastify requests.
const publicUrl = "https://pay.example.com";
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.post("/probe", (request) => ({ trusted: isTrustedOrigin(request, publicUrl) }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

async function trusted(headers: Record<string, string>): Promise<boolean> {
  const response = await app.inject({ method: "POST", url: "/probe", headers: { host: "pay.example.com", ...headers } });
  return response.json<{ trusted: boolean }>().trusted;
}

describe("isTrustedOrigin", () => {
  const cases: { case: string; headers: Record<string, string>; expected: boolean }[] = [
    { case: "Origin is the public URL", headers: { origin: "https://pay.example.com", cookie: "s=1" }, expected: true },
    {
      case: "Origin is the host the request was sent to (http)",
      headers: { host: "localhost:3000", origin: "http://localhost:3000", cookie: "s=1" },
      expected: true,
    },
    {
      case: "Origin is the host the request was sent to (https)",
      headers: { host: "internal:8443", origin: "https://internal:8443", cookie: "s=1" },
      expected: true,
    },
    {
      case: "no Origin, Referer on our site",
      headers: { referer: "https://pay.example.com/dashboard?tab=1", cookie: "s=1" },
      expected: true,
    },
    { case: "no Origin, no Referer, no cookie (curl, a script)", headers: {}, expected: true },
    { case: "Origin of another site", headers: { origin: "https://evil.example", cookie: "s=1" }, expected: false },
    { case: "Origin of another site, even without a cookie", headers: { origin: "https://evil.example" }, expected: false },
    {
      case: "Origin of a look-alike subdomain",
      headers: { origin: "https://pay.example.com.evil.example", cookie: "s=1" },
      expected: false,
    },
    { case: "Origin with our host on another port", headers: { origin: "https://pay.example.com:8443", cookie: "s=1" }, expected: false },
    {
      case: "Origin with our host over plain http",
      headers: { origin: "http://pay.example.com:80", host: "other.example", cookie: "s=1" },
      expected: false,
    },
    { case: "Origin 'null' (sandboxed frame, file:)", headers: { origin: "null", cookie: "s=1" }, expected: false },
    { case: "Origin 'null' without a cookie", headers: { origin: "null" }, expected: false },
    {
      case: "no Origin, Referer of another site",
      headers: { referer: "https://evil.example/pay.example.com", cookie: "s=1" },
      expected: false,
    },
    { case: "no Origin, Referer that is not a URL", headers: { referer: "not a url", cookie: "s=1" }, expected: false },
    { case: "no Origin, no Referer, with a cookie", headers: { cookie: "s=1" }, expected: false },
  ];
  test.each(cases)("$case → trusted: $expected", async ({ headers, expected }) => {
    expect(await trusted(headers)).toBe(expected);
  });

  test("Origin wins over Referer: our Referer does not excuse a foreign Origin", async () => {
    expect(await trusted({ origin: "https://evil.example", referer: "https://pay.example.com/", cookie: "s=1" })).toBe(false);
  });

  test("the public URL's path and trailing slash do not matter, only its origin", async () => {
    const request = { headers: { origin: "https://pay.example.com", cookie: "s=1" } };
    const probe = Fastify();
    probe.post("/p", (r) => ({ a: isTrustedOrigin(r, "https://pay.example.com/"), b: isTrustedOrigin(r, "https://pay.example.com/app") }));
    const response = await probe.inject({ method: "POST", url: "/p", headers: request.headers });
    expect(response.json()).toEqual({ a: true, b: true });
    await probe.close();
  });
});
