// Every error answer has our error object, including the ones the framework raises before any
// route of ours runs: the router (a malformed or over-long path), the body parsers (content type,
// JSON, size, length), the multipart parser and Node's HTTP parser. Each gets a status, one of our
// codes and a message for people; the framework's own codes (FST_ERR_…) never reach the client.
import { connect } from "node:net";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sims } from "../../../src/server/db/schema.ts";
import { createTestApp, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { multipartBody } from "../../support/wallet/multipart.ts";
import { makePng } from "../../support/wallet/images.ts";

let t: TestApp;
let customer: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

/** The answer is exactly our error object, as JSON, with no trace of the framework's own. */
function expectError(response: TestResponse, status: number, error: { code: string; message: string }): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ error });
  expect(response.body).not.toMatch(/FST_|statusCode/);
}

async function simCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sims);
  return row?.n ?? 0;
}

const unsupportedType = {
  code: "UNSUPPORTED_MEDIA_TYPE",
  message: "This Content-Type is not accepted here. Send the body as JSON (application/json).",
};

describe("the router", () => {
  test("a path parameter over the router's length limit: 414 URI_TOO_LONG", async () => {
    const tooLong = "a".repeat(200);
    const expected = { code: "URI_TOO_LONG", message: "This address is too long." };
    expectError(await t.browser().get(`/api/admin/users/${tooLong}/profile`), 414, expected);
    expectError(await customer.browser.request("DELETE", `/api/sims/${tooLong}`), 414, expected);
    // At the limit (100 characters) the route answers as usual: here, not a valid id.
    expect((await customer.browser.request("DELETE", `/api/sims/${"a".repeat(100)}`)).statusCode).toBe(400);
  });

  test("a malformed percent-encoding in the path: 400", async () => {
    const expected = { code: "VALIDATION_ERROR", message: "This address is not valid: part of it is wrongly percent-encoded." };
    expectError(await customer.browser.get("/api/sims/%E0%A4%A"), 400, expected);
    expectError(await customer.browser.request("DELETE", "/api/sims/%E0%A4%A"), 400, expected);
  });
});

describe("the body parsers", () => {
  test("an unsupported content type (text/plain, XML, form-encoded, none, a malformed one): 415, nothing stored", async () => {
    const before = await simCount();
    const json = JSON.stringify({ phoneNumber: "01712345678", walletType: "Personal" });
    for (const contentType of ["text/plain", "text/plain; charset=utf-8", "application/xml", "application/x-www-form-urlencoded", "/"]) {
      expectError(await customer.browser.request("POST", "/api/sims", { raw: json, contentType }), 415, unsupportedType);
    }
    expectError(await customer.browser.request("POST", "/api/sims", { raw: json }), 415, unsupportedType);
    expect(await simCount()).toBe(before);
  });

  test("malformed JSON: 400", async () => {
    const expected = { code: "VALIDATION_ERROR", message: "The request body is not valid JSON." };
    expectError(
      await customer.browser.request("POST", "/api/sims", { raw: '{"phoneNumber": ', contentType: "application/json" }),
      400,
      expected,
    );
    // A key that would reach the object's prototype is refused as the parser refuses it: as bad JSON.
    const poisoned = '{"__proto__": {"isAdmin": true}, "phoneNumber": "01712345678", "walletType": "Personal"}';
    expectError(await customer.browser.request("POST", "/api/sims", { raw: poisoned, contentType: "application/json" }), 400, expected);
  });

  test("an empty body declared as JSON: 400", async () => {
    expectError(await customer.browser.request("POST", "/api/sims", { raw: "", contentType: "application/json" }), 400, {
      code: "VALIDATION_ERROR",
      message: "The request body is empty, but its Content-Type says JSON. Send a JSON object.",
    });
  });

  test("a body over 64 KiB, sent or only announced: 413", async () => {
    const expected = { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." };
    const big = JSON.stringify({ phoneNumber: "01712345678", walletType: "Personal", padding: "x".repeat(65 * 1024) });
    expectError(await customer.browser.request("POST", "/api/sims", { raw: big, contentType: "application/json" }), 413, expected);
    const announced = { raw: "{}", contentType: "application/json", headers: { "content-length": String(65 * 1024) } };
    expectError(await customer.browser.request("POST", "/api/sims", announced), 413, expected);
  });

  test("a Content-Length that does not match the body: 400", async () => {
    expectError(
      await customer.browser.request("POST", "/api/sims", {
        raw: "{}",
        contentType: "application/json",
        headers: { "content-length": "10" },
      }),
      400,
      { code: "VALIDATION_ERROR", message: "The request body's length does not match its Content-Length header." },
    );
  });

  test("a QUERY request without a Content-Type: 400", async () => {
    const expected = { code: "VALIDATION_ERROR", message: "This request needs a Content-Type header." };
    expectError(await customer.browser.request("QUERY", "/api/sims"), 400, expected);
    expectError(await customer.browser.request("QUERY", "/api/no-such-thing"), 400, expected);
  });
});

describe("the multipart parser, on a document upload", () => {
  const url = "/api/verification/documents/national_id/front";
  const file = { name: "file", fileName: "front.png", contentType: "image/png", data: makePng() };

  async function verification(): Promise<unknown> {
    return (await customer.browser.get("/api/verification")).json();
  }

  test("more form fields than an upload has: 413, nothing stored", async () => {
    const before = await verification();
    const fields = Array.from({ length: 8 }, (_, i) => ({ name: `field${i}`, data: "x" }));
    const { body, contentType } = multipartBody([...fields, file]);
    expectError(await customer.browser.request("PUT", url, { raw: body, contentType }), 413, {
      code: "PAYLOAD_TOO_LARGE",
      message: 'This upload has too many parts. Send one file, in the field "file".',
    });
    expect(await verification()).toEqual(before);
  });

  test("an upload cut short, or with no boundary: 400 (it was a 500), nothing stored", async () => {
    const before = await verification();
    const expected = { code: "VALIDATION_ERROR", message: "This upload is not valid multipart/form-data, or it was cut short." };
    const { body, contentType } = multipartBody([file]);
    const cut = body.subarray(0, body.length - 30);
    expectError(await customer.browser.request("PUT", url, { raw: cut, contentType }), 400, expected);
    expectError(await customer.browser.request("PUT", url, { raw: body, contentType: "multipart/form-data" }), 400, expected);
    expect(await verification()).toEqual(before);
  });
});

/** Sends raw bytes to the listening server and answers everything it writes back before closing. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
    // Not ended from this side: the server closes the connection once it has answered.
    socket.write(request);
  });
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
function parseRaw(answer: string): { status: number; contentType: string | undefined; body: unknown } {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const contentType = headerLines
    .find((line) => line.toLowerCase().startsWith("content-type:"))
    ?.split(":")[1]
    ?.trim();
  return { status: Number(statusLine.split(" ")[1]), contentType, body: JSON.parse(body) as unknown };
}

describe("Node's HTTP parser, on a real connection", () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (address === null || typeof address === "string") throw new Error("the server has no port");
    port = address.port;
  });

  test("a request that is not HTTP: 400", async () => {
    const answer = parseRaw(await rawExchange(port, "HELLO THERE\r\n\r\n"));
    expect(answer).toEqual({
      status: 400,
      contentType: "application/json; charset=utf-8",
      body: { error: { code: "VALIDATION_ERROR", message: "This request is not valid HTTP." } },
    });
  });

  test("headers over Node's size limit: 431", async () => {
    const answer = parseRaw(await rawExchange(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Filler: ${"a".repeat(20_000)}\r\n\r\n`));
    expect(answer).toEqual({
      status: 431,
      contentType: "application/json; charset=utf-8",
      body: { error: { code: "HEADERS_TOO_LARGE", message: "The request's headers are too large." } },
    });
  });

  test("the server still answers ordinary requests on that port", async () => {
    const answer = await rawExchange(port, "GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 200 OK");
  });
});
