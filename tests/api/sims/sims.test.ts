// The customer's SIMs (docs/product.md, Customer area › SIMs): GET, POST /api/sims and DELETE
// /api/sims/:id with the form's messages, duplicates, the active-SIM rule and other people's SIMs.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sims } from "../../../src/server/db/schema.ts";
import type { SimDto } from "../../../src/shared/sim-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";

let t: TestApp;
let admin: EnrolledAdmin;
let customer: SignedUpUser;
let other: SignedUpUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  customer = await t.signUp();
  other = await t.signUp();
});
afterAll(async () => {
  await t.close();
});

async function simCount(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(sims).where(eq(sims.userId, userId));
  return row?.n ?? 0;
}

async function addSim(user: SignedUpUser, phoneNumber: string, walletType = "Personal"): Promise<SimDto> {
  const response = await user.browser.post("/api/sims", { phoneNumber, walletType });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SimDto>();
}

async function listSims(user: SignedUpUser): Promise<SimDto[]> {
  const response = await user.browser.get("/api/sims");
  expect(response.statusCode).toBe(200);
  return response.json<{ items: SimDto[] }>().items;
}

describe("POST /api/sims", () => {
  test("adds a pending SIM and answers it with 201", async () => {
    const response = await customer.browser.post("/api/sims", { phoneNumber: " 01712345678 ", walletType: "Merchant" });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String) as string,
      userId: customer.userId,
      phoneNumber: "01712345678",
      walletType: "Merchant",
      operator: "any",
      status: "pending",
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
    });
  });

  test.each([
    [{ walletType: "Personal" }, "phoneNumber", "Phone number is required"],
    [{ phoneNumber: "", walletType: "Personal" }, "phoneNumber", "Phone number is required"],
    [{ phoneNumber: "   ", walletType: "Personal" }, "phoneNumber", "Phone number is required"],
    [{ phoneNumber: 1712345678, walletType: "Personal" }, "phoneNumber", "Phone number is required"],
    [{ phoneNumber: "01712-34567", walletType: "Personal" }, "phoneNumber", "Phone number should contain only digits"],
    // A plus sign is a digit-only number's mistake, unless the whole is a Bangladeshi mobile (normalised, below).
    [{ phoneNumber: "+4477009001234", walletType: "Personal" }, "phoneNumber", "Phone number should contain only digits"],
    [{ phoneNumber: "abcdefghijk", walletType: "Personal" }, "phoneNumber", "Phone number should contain only digits"],
    [{ phoneNumber: "017123456", walletType: "Personal" }, "phoneNumber", "Phone number should be at least 10 digits"],
    [{ phoneNumber: "1".repeat(16), walletType: "Personal" }, "phoneNumber", "Phone number should be at most 15 digits"],
    [{ phoneNumber: "01712345678" }, "walletType", "Wallet type is required"],
    [{ phoneNumber: "01712345678", walletType: "" }, "walletType", "Wallet type is required"],
    [{ phoneNumber: "01712345678", walletType: "bKash" }, "walletType", "Wallet type is required"],
  ])("%j → 400 %s: %j, nothing stored", async (body, field, message) => {
    const before = await simCount(customer.userId);
    const response = await customer.browser.post("/api/sims", body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: "VALIDATION_ERROR", message, fields: { [field]: message } });
    expect(await simCount(customer.userId)).toBe(before);
  });

  test("a Bangladeshi mobile typed with +880 is the same number as 01…: a duplicate of the one added above", async () => {
    const response = await customer.browser.post("/api/sims", { phoneNumber: "+8801712345678", walletType: "Personal" });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe("This phone number is already registered");
  });

  test("exactly 10 and 15 digits are accepted", async () => {
    await addSim(customer, "0171234567");
    await addSim(customer, "880171234567890");
  });

  test("the same number twice → 409 'This phone number is already registered'; another customer may register it", async () => {
    await addSim(customer, "01812345678");
    const before = await simCount(customer.userId);
    const again = await customer.browser.post("/api/sims", { phoneNumber: "01812345678", walletType: "Merchant" });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({
      code: "CONFLICT",
      message: "This phone number is already registered",
      fields: { phoneNumber: "This phone number is already registered" },
    });
    expect(await simCount(customer.userId)).toBe(before);
    expect((await addSim(other, "01812345678")).userId).toBe(other.userId);
  });
});

describe("GET /api/sims", () => {
  test("lists only the customer's own SIMs, newest first", async () => {
    const user = await t.signUp();
    const first = await addSim(user, "01911111111");
    const second = await addSim(user, "01922222222", "Merchant");
    await addSim(other, "01933333333");
    const items = await listSims(user);
    expect(items.map((sim) => sim.id)).toEqual([second.id, first.id]);
    expect(items.every((sim) => sim.userId === user.userId)).toBe(true);
  });

  test("a new customer has none", async () => {
    expect(await listSims(await t.signUp())).toEqual([]);
  });
});

describe("DELETE /api/sims/:id", () => {
  test("removes a pending SIM (204), which then leaves the list", async () => {
    const sim = await addSim(customer, "01644444444");
    const response = await customer.browser.request("DELETE", `/api/sims/${sim.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");
    expect((await listSims(customer)).map((s) => s.id)).not.toContain(sim.id);
    // Gone is gone: a second delete finds nothing.
    expect((await customer.browser.request("DELETE", `/api/sims/${sim.id}`)).statusCode).toBe(404);
  });

  test("an active SIM → 409 'Active SIMs cannot be deleted' and stays; a rejected one can be removed", async () => {
    const active = await addSim(customer, "01655555555");
    const rejected = await addSim(customer, "01666666666");
    expect((await admin.browser.request("PATCH", `/api/admin/sims/${active.id}`, { json: { status: "active" } })).statusCode).toBe(200);
    expect((await admin.browser.request("PATCH", `/api/admin/sims/${rejected.id}`, { json: { status: "rejected" } })).statusCode).toBe(200);

    const refused = await customer.browser.request("DELETE", `/api/sims/${active.id}`);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toEqual({ code: "CONFLICT", message: "Active SIMs cannot be deleted" });
    expect((await listSims(customer)).find((s) => s.id === active.id)).toMatchObject({ status: "active" });

    expect((await customer.browser.request("DELETE", `/api/sims/${rejected.id}`)).statusCode).toBe(204);
    // An admin may remove any SIM, active or not.
    expect((await admin.browser.request("DELETE", `/api/admin/sims/${active.id}`)).statusCode).toBe(204);
    expect((await listSims(customer)).map((s) => s.id)).not.toContain(active.id);
  });

  test("another customer's SIM → 404 'SIM not found', and it stays", async () => {
    const theirs = await addSim(other, "01777777777");
    const response = await customer.browser.request("DELETE", `/api/sims/${theirs.id}`);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: "NOT_FOUND", message: "SIM not found" });
    expect((await listSims(other)).map((s) => s.id)).toContain(theirs.id);
  });

  test("an unknown id → 404; a malformed id → 400 'Invalid id'", async () => {
    expect((await customer.browser.request("DELETE", "/api/sims/00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    const malformed = await customer.browser.request("DELETE", "/api/sims/not-a-uuid");
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed)).toEqual({ code: "VALIDATION_ERROR", message: "Invalid id", fields: { id: "Invalid id" } });
  });
});
