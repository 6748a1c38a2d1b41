// Every request body is validated; bad input gets a 4xx with a clear message, never a
// 500 and never a partial write. Table-driven over every endpoint of the auth area (two-factor
// included) and setup:
// broken JSON, wrong content types, bodies that are not objects, missing fields, oversized strings
// and fields, wrong types, and a body over the 64 KiB limit.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { count } from "drizzle-orm";
import { adminUsers, user } from "../../../src/server/db/schema.ts";
import {
  createTestApp,
  goodPassword,
  publicUrl,
  type JsonRequest,
  type SignedUpUser,
  type TestApp,
  type TestResponse,
} from "../../support/test-app.ts";

/** `fields` lists the body's fields; validBody() builds a body that passes validation. */
type Endpoint = { url: string; fields: string[]; validBody: () => Record<string, unknown> };

let t: TestApp;
let account: SignedUpUser;
let usersBefore: number;

beforeAll(async () => {
  t = await createTestApp();
  // Every request below carries a session, so that change-password and sign-out meet their bad
  // bodies as a signed-in user would send them.
  account = await t.signUp();
  const [row] = await t.db.select({ n: count() }).from(user);
  usersBefore = row?.n ?? 0;
});
afterAll(async () => {
  await t.close();
});

const endpoints: Endpoint[] = [
  {
    url: "/api/auth/sign-up/email",
    fields: ["email", "password", "username", "country", "name"],
    validBody: () => ({ email: t.uniqueEmail(), password: goodPassword, username: t.uniqueUsername(), country: "BD", name: "Rahim Khan" }),
  },
  {
    url: "/api/auth/sign-in/email",
    fields: ["email", "password"],
    validBody: () => ({ email: account.email, password: account.password }),
  },
  { url: "/api/auth/sign-out", fields: [], validBody: () => ({}) },
  {
    url: "/api/auth/request-password-reset",
    fields: ["email", "redirectTo"],
    validBody: () => ({ email: account.email, redirectTo: `${publicUrl}/reset-password` }),
  },
  { url: "/api/auth/reset-password/verify", fields: ["token"], validBody: () => ({ token: "abcdefghijklmnopqrstuvwx" }) },
  {
    url: "/api/auth/reset-password",
    fields: ["newPassword", "token"],
    validBody: () => ({ newPassword: "Fresh-Start-2025", token: "abcdefghijklmnopqrstuvwx" }),
  },
  {
    url: "/api/auth/change-password",
    fields: ["currentPassword", "newPassword"],
    validBody: () => ({ currentPassword: account.password, newPassword: "Fresh-Start-2025" }),
  },
  {
    url: "/api/setup/first-admin",
    fields: ["email", "password"],
    validBody: () => ({ email: t.uniqueEmail("admin"), password: goodPassword }),
  },
  { url: "/api/auth/two-factor/enable", fields: ["password"], validBody: () => ({ password: account.password }) },
  { url: "/api/auth/two-factor/verify-totp", fields: ["code"], validBody: () => ({ code: "123456" }) },
  { url: "/api/auth/two-factor/verify-backup-code", fields: ["code"], validBody: () => ({ code: "abcde-fghij" }) },
  // Decision 039: turning a customer's authenticator off, and the "This wasn't me" link.
  { url: "/api/auth/two-factor/disable", fields: ["password", "code"], validBody: () => ({ password: account.password, code: "123456" }) },
  { url: "/api/account/freeze", fields: ["token"], validBody: () => ({ token: "a".repeat(43) }) },
];

const tenThousand = "a".repeat(10_000);

/** Every field of the endpoint set to `value` (a made-up field for an endpoint without any). */
function everyField(endpoint: Endpoint, value: unknown): Record<string, unknown> {
  const names = endpoint.fields.length > 0 ? endpoint.fields : ["note"];
  return Object.fromEntries(names.map((name) => [name, value]));
}

type BadInput = { case: string; request: (endpoint: Endpoint) => JsonRequest; status: number };

const badInputs: BadInput[] = [
  { case: "malformed JSON", request: () => ({ raw: '{"email": "rahim@example.com", ', contentType: "application/json" }), status: 400 },
  { case: "JSON with a trailing comma", request: () => ({ raw: '{"a": 1,}', contentType: "application/json" }), status: 400 },
  { case: "an empty body declared as JSON", request: () => ({ raw: "", contentType: "application/json" }), status: 400 },
  {
    case: "a JSON body sent as text/plain",
    request: (e) => ({ raw: JSON.stringify(e.validBody()), contentType: "text/plain" }),
    status: 415,
  },
  {
    case: "a form-encoded body",
    request: () => ({ raw: "email=rahim%40example.com&password=x", contentType: "application/x-www-form-urlencoded" }),
    status: 415,
  },
  { case: "an XML body", request: () => ({ raw: "<email>rahim@example.com</email>", contentType: "application/xml" }), status: 415 },
  { case: "a body without a content type", request: () => ({ raw: "email=rahim" }), status: 415 },
  { case: "a JSON array", request: (e) => ({ json: [e.validBody()] }), status: 400 },
  { case: "a JSON number", request: () => ({ json: 42 }), status: 400 },
  { case: "JSON null", request: () => ({ raw: "null", contentType: "application/json" }), status: 400 },
  { case: "a JSON string", request: () => ({ json: "rahim@example.com" }), status: 400 },
  { case: "JSON true", request: () => ({ json: true }), status: 400 },
  {
    case: "10,000-character strings in every field",
    request: (e) => ({ json: everyField(e, tenThousand) }),
    status: 400,
  },
  {
    case: "a body over 64 KiB",
    request: (e) => ({ json: { ...e.validBody(), padding: "x".repeat(65 * 1024) } }),
    status: 413,
  },
  {
    case: "numbers in place of every string",
    request: (e) => ({ json: everyField(e, 12345) }),
    status: 400,
  },
];

/** Sends from a fresh IP each time: the per-IP rate limits must not answer in place of validation. */
function send(url: string, request: JsonRequest): Promise<TestResponse> {
  return account.browser.request("POST", url, { ...request, remoteAddress: t.nextIp() });
}

function expectClientError(response: TestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  const body = response.json<{ error?: { code?: unknown; message?: unknown } }>();
  expect(typeof body.error?.code).toBe("string");
  expect(typeof body.error?.message).toBe("string");
  expect((body.error?.message as string).length).toBeGreaterThan(0);
}

describe.each(endpoints)("POST $url", (endpoint) => {
  test("the table's valid body has exactly the listed fields", () => {
    expect(Object.keys(endpoint.validBody())).toEqual(endpoint.fields);
  });

  test.each(badInputs)("$case → $status with an error message", async (bad) => {
    expectClientError(await send(endpoint.url, bad.request(endpoint)), bad.status);
  });

  const { fields } = endpoint;
  if (fields.length > 0) {
    test("an empty object → 400 naming the required fields", async () => {
      const response = await send(endpoint.url, { json: {} });
      expectClientError(response, 400);
      const errorFields = response.json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {};
      expect(Object.keys(errorFields).length).toBeGreaterThan(0);
      for (const name of Object.keys(errorFields)) expect(fields).toContain(name);
    });

    test.each(fields)("a 10,000-character %s, everything else valid → 400 on that field", async (field) => {
      const response = await send(endpoint.url, { json: { ...endpoint.validBody(), [field]: tenThousand } });
      expectClientError(response, 400);
      expect(response.json<{ error: { fields?: Record<string, string> } }>().error.fields).toHaveProperty(field);
    });

    test.each(fields)("an object in place of %s → 400 on that field", async (field) => {
      const response = await send(endpoint.url, { json: { ...endpoint.validBody(), [field]: { $ne: "" } } });
      expectClientError(response, 400);
      expect(response.json<{ error: { fields?: Record<string, string> } }>().error.fields).toHaveProperty(field);
    });
  } else {
    test("an empty JSON object or no body at all is accepted; any field is refused", async () => {
      const withField = await send(endpoint.url, { json: { everywhere: true } });
      expectClientError(withField, 400);
      expect((await account.browser.get("/api/me")).statusCode).toBe(200);
    });
  }
});

describe("GET /api/auth/get-session", () => {
  test("a body on the GET is ignored, never a 500", async () => {
    const plain = await account.browser.get("/api/auth/get-session");
    for (const request of [
      { raw: "{broken", contentType: "application/json" },
      { raw: "x".repeat(70 * 1024), contentType: "application/json" },
      { raw: "a=b", contentType: "application/x-www-form-urlencoded" },
    ]) {
      const response = await account.browser.get("/api/auth/get-session", request);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(plain.json());
    }
  });
});

describe("after all of the above", () => {
  test("nothing was written: no account, no admin, and the session still works", async () => {
    const [users] = await t.db.select({ n: count() }).from(user);
    expect(users?.n).toBe(usersBefore);
    const [admins] = await t.db.select({ n: count() }).from(adminUsers);
    expect(admins?.n).toBe(0);
    expect((await account.browser.get("/api/me")).statusCode).toBe(200);
  });
});
