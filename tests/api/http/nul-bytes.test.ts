// A NUL character (U+0000) in any query parameter, path parameter or JSON body string, at any
// depth, is refused with 400 naming the field, before any handler runs: PostgreSQL cannot store
// one and used to fail the whole query (a 500). Each case shows that nothing changed.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sims, user } from "../../../src/server/db/schema.ts";
import type { SimDto } from "../../../src/shared/sim-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";

const nulMessage = "Text must not contain a NUL character.";

let t: TestApp;
let customer: SignedUpUser;
let admin: EnrolledAdmin;
let sim: SimDto;
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signUp();
  admin = await signUpAdmin(t);
  const added = await customer.browser.post("/api/sims", { phoneNumber: "01712345678", walletType: "Personal" });
  expect(added.statusCode, added.body).toBe(201);
  sim = added.json<SimDto>();
});
afterAll(async () => {
  await t.close();
});

/** The exact answer for a NUL in these fields. */
function expectRefused(response: TestResponse, fields: string[]): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({
    error: { code: "VALIDATION_ERROR", message: nulMessage, fields: Object.fromEntries(fields.map((field) => [field, nulMessage])) },
  });
}

async function simRows(): Promise<{ id: string; phoneNumber: string; status: string }[]> {
  return t.db.select({ id: sims.id, phoneNumber: sims.phoneNumber, status: sims.status }).from(sims).orderBy(sims.id);
}

async function me(browser: SignedUpUser["browser"]): Promise<unknown> {
  const response = await browser.get("/api/me");
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("in a query parameter", () => {
  test("a customer's transaction search: 400 on q (it was a 500 from the database)", async () => {
    expectRefused(await customer.browser.get("/api/transactions?q=%00"), ["q"]);
    expectRefused(await customer.browser.get("/api/transactions?q=abc%00def&page=1"), ["q"]);
    expect((await customer.browser.get("/api/transactions?q=abc")).statusCode).toBe(200);
  });

  test("an admin's transaction search: 400 on q", async () => {
    expectRefused(await admin.browser.get("/api/admin/transactions?q=%00"), ["q"]);
    expect((await admin.browser.get("/api/admin/transactions?q=abc")).statusCode).toBe(200);
  });

  test("a NUL in a parameter's name is refused too", async () => {
    expectRefused(await customer.browser.get("/api/transactions?q%00=abc"), ["q\u0000"]);
  });
});

describe("in a path parameter", () => {
  test("a customer's SIM id with a NUL: 400 on id, and the SIM is still there", async () => {
    const before = await simRows();
    expectRefused(await customer.browser.request("DELETE", `/api/sims/${sim.id}%00`), ["id"]);
    expectRefused(await customer.browser.request("DELETE", "/api/sims/%00"), ["id"]);
    expect(await simRows()).toEqual(before);
  });

  test("an admin's SIM decision with a NUL in the id: 400 on id, and the SIM is still pending", async () => {
    expectRefused(await admin.browser.request("PATCH", `/api/admin/sims/${sim.id}%00`, { json: { status: "active" } }), ["id"]);
    expect((await simRows()).find((row) => row.id === sim.id)?.status).toBe("pending");
  });

  test("a NUL in a path no route has is a 404, not a 500", async () => {
    const response = await customer.browser.get("/api/sims/%00");
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe("NOT_FOUND");
  });
});

describe("in a JSON body", () => {
  test("a top-level field of a customer's profile: 400 on that field, and the profile is unchanged", async () => {
    const before = await me(customer.browser);
    expectRefused(await customer.browser.request("PATCH", "/api/me", { json: { fullName: "Rahim\u0000Khan", address: "Dhaka" } }), [
      "fullName",
    ]);
    expect(await me(customer.browser)).toEqual(before);
  });

  test("nested at any depth, in objects and arrays, even in fields the route ignores: nothing is saved", async () => {
    const before = await me(customer.browser);
    const response = await customer.browser.request("PATCH", "/api/me", {
      json: { fullName: "Rahim Khan", extra: { notes: ["fine", "not\u0000fine"], deeper: { deepest: "\u0000" } } },
    });
    expectRefused(response, ["extra.notes.1", "extra.deeper.deepest"]);
    // Without the NULs, the route would have saved the full name: it did not run.
    expect(await me(customer.browser)).toEqual(before);
  });

  test("a NUL in a key is refused too", async () => {
    const before = await me(customer.browser);
    expectRefused(await customer.browser.request("PATCH", "/api/me", { json: { fullName: "Rahim Khan", "x\u0000": 1 } }), ["x\u0000"]);
    expect(await me(customer.browser)).toEqual(before);
  });

  test("a new SIM: 400 on the NUL, not on the digits rule, and no SIM is added", async () => {
    const before = await simRows();
    const response = await customer.browser.post("/api/sims", { phoneNumber: "01712345670\u0000", walletType: "Personal" });
    expectRefused(response, ["phoneNumber"]);
    expect(await simRows()).toEqual(before);
  });

  test("an admin editing a customer's profile: 400 on the field, and the profile is unchanged", async () => {
    const before = await me(customer.browser);
    const response = await admin.browser.request("PUT", `/api/admin/users/${customer.userId}/profile`, {
      json: { fullName: "Rahim Khan", address: "Road 1\u0000" },
    });
    expectRefused(response, ["address"]);
    expect(await me(customer.browser)).toEqual(before);
  });

  test("a sign-up with a NUL in the username creates no account", async () => {
    const [before] = await t.db.select({ n: count() }).from(user);
    const response = await t.browser().post("/api/auth/sign-up/email", {
      email: t.uniqueEmail(),
      password: "Correct-Horse-42",
      username: "rahim\u0000",
      country: "BD",
    });
    expectRefused(response, ["username"]);
    const [after] = await t.db.select({ n: count() }).from(user);
    expect(after?.n).toBe(before?.n);
  });

  test("a body nested 30,000 arrays deep is walked without running out of stack", async () => {
    const depth = 30_000;
    const raw = `{"fullName":${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}}`;
    const response = await customer.browser.request("PATCH", "/api/me", { raw, contentType: "application/json" });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(nulMessage);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([`fullName${".0".repeat(depth)}`]);
  });

  test("a NUL in a query, a path and a body at once: every field is named", async () => {
    const response = await admin.browser.request("PATCH", `/api/admin/sims/${sim.id}%00?x=%00`, { json: { status: "active\u0000" } });
    expectRefused(response, ["id", "x", "status"]);
    const [row] = await t.db.select({ status: sims.status }).from(sims).where(eq(sims.id, sim.id));
    expect(row?.status).toBe("pending");
  });
});
