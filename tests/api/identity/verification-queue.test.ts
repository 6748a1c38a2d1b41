// The back office's verification queue (docs/product.md, Back office › Verifications): the default
// list ("pending") holds complete requests only; a request whose chosen document misses a side is
// listed under "incomplete", and approving it is refused (409) with nothing changed. Real uploads,
// a real admin, both databases.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { auditLog, emailOutbox, verifications } from "../../../src/server/db/schema.ts";
import type { adminVerificationSchema } from "../../../src/shared/admin-schemas.ts";
import type { z } from "zod";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

type Row = z.infer<typeof adminVerificationSchema>;
type Page = { items: Row[]; total: number; page: number; pageSize: number };

let t: TestApp;
let admin: EnrolledAdmin;
/** National ID, both sides: complete. */
let complete: Customer;
/** Passport, its one side: complete. */
let passport: Customer;
/** National ID, front only. */
let frontOnly: Customer;
/** Driving License, back only. */
let backOnly: Customer;

type Customer = { user: SignedUpUser; verificationId: string };

async function customerWith(uploads: [documentType: string, side: string][]): Promise<Customer> {
  const user = await t.signUp();
  let verificationId = "";
  for (const [documentType, side] of uploads) {
    const response = await uploadDocument(user.browser, { documentType, side, bytes: makePng() });
    expect(response.statusCode, response.body).toBe(200);
    verificationId = response.json<{ id: string }>().id;
  }
  return { user, verificationId };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  complete = await customerWith([
    ["national_id", "front"],
    ["national_id", "back"],
  ]);
  passport = await customerWith([["passport", "front"]]);
  frontOnly = await customerWith([["national_id", "front"]]);
  backOnly = await customerWith([["driving_license", "back"]]);
});
afterAll(async () => {
  await t.close();
});

async function list(query = ""): Promise<Page> {
  const response = await admin.browser.get(`/api/admin/verifications${query === "" ? "" : `?${query}`}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
}

const ids = (page: Page) => page.items.map((item) => item.id);
const every = (query: string) => `${query}${query === "" ? "" : "&"}pageSize=100`;

/** Everything a refused approval must leave as it was. */
async function stateOf(verificationId: string) {
  return {
    verification: await t.db.select().from(verifications).where(eq(verifications.id, verificationId)),
    audit: await t.db.select().from(auditLog).where(eq(auditLog.targetId, verificationId)),
    outbox: (await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).length,
  };
}

describe("GET /api/admin/verifications", () => {
  test("by default: only complete pending requests, each with no missing side", async () => {
    const page = await list(every(""));
    expect(ids(page)).toEqual(expect.arrayContaining([complete.verificationId, passport.verificationId]));
    expect(ids(page)).not.toContain(frontOnly.verificationId);
    expect(ids(page)).not.toContain(backOnly.verificationId);
    expect(page.total).toBe(2);
    for (const item of page.items) expect(item).toMatchObject({ status: "pending", missingSides: [], backSideMissing: false });
    // status=pending is the same list.
    expect(await list(every("status=pending"))).toEqual(page);
  });

  test("status=incomplete: the pending requests missing a side, each naming it", async () => {
    const page = await list(every("status=incomplete"));
    expect(page.total).toBe(2);
    const byId = Object.fromEntries(page.items.map((item) => [item.id, item]));
    expect(byId[frontOnly.verificationId]).toMatchObject({
      userEmail: frontOnly.user.email,
      documentType: "national_id",
      status: "pending",
      missingSides: ["back"],
      backSideMissing: true,
    });
    expect(byId[backOnly.verificationId]).toMatchObject({
      userEmail: backOnly.user.email,
      documentType: "driving_license",
      status: "pending",
      missingSides: ["front"],
      backSideMissing: false,
    });
  });

  test("a search keeps the filter: an incomplete request is found under incomplete and all, not by default", async () => {
    const q = `q=${encodeURIComponent(frontOnly.user.email)}`;
    expect(await list(q)).toMatchObject({ items: [], total: 0 });
    expect(ids(await list(`status=incomplete&${q}`))).toEqual([frontOnly.verificationId]);
    expect(ids(await list(`status=all&${q}`))).toEqual([frontOnly.verificationId]);
  });

  test("status=all lists every request, complete or not", async () => {
    const page = await list(every("status=all"));
    expect(page.total).toBe(4);
  });

  test("status=ready → 400 naming the filters", async () => {
    const response = await admin.browser.get("/api/admin/verifications?status=ready");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe("status must be all, pending, incomplete, approved or rejected");
  });
});

describe("POST /api/admin/verifications/:id/approve on an incomplete request", () => {
  test("a national ID without its back → 409 naming the missing side; nothing changes", async () => {
    const before = await stateOf(frontOnly.verificationId);
    const response = await admin.browser.post(`/api/admin/verifications/${frontOnly.verificationId}/approve`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: "CONFLICT",
      message: "This request is incomplete: the back side of the National ID is missing. It can be approved once every side is in.",
    });
    expect(await stateOf(frontOnly.verificationId)).toEqual(before);
    expect(before.verification[0]).toMatchObject({ status: "pending", reviewedBy: null });
    expect(before.audit).toEqual([]);
  });

  test("a driving licence without its front → 409 naming the front", async () => {
    const before = await stateOf(backOnly.verificationId);
    const response = await admin.browser.post(`/api/admin/verifications/${backOnly.verificationId}/approve`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      "This request is incomplete: the front side of the Driving License is missing. It can be approved once every side is in.",
    );
    expect(await stateOf(backOnly.verificationId)).toEqual(before);
  });

  test("a request with no document at all (made outside the upload route) names both sides", async () => {
    const user = await t.signUp();
    const [row] = await t.db
      .insert(verifications)
      .values({ userId: user.userId, documentType: "national_id", status: "pending" })
      .returning();
    const response = await admin.browser.post(`/api/admin/verifications/${row!.id}/approve`);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).message).toBe(
      "This request is incomplete: the front and back sides of the National ID are missing. It can be approved once every side is in.",
    );
    const [after] = await t.db.select().from(verifications).where(eq(verifications.id, row!.id));
    expect(after?.status).toBe("pending");
    await t.db.delete(verifications).where(eq(verifications.id, row!.id));
  });

  test("reject stays open (the customer reads why); approving the rejected, still incomplete request is refused too", async () => {
    const customer = await customerWith([["national_id", "front"]]);
    const rejected = await admin.browser.post(`/api/admin/verifications/${customer.verificationId}/reject`, {
      reason: "Upload the back side",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const before = await stateOf(customer.verificationId);
    const approve = await admin.browser.post(`/api/admin/verifications/${customer.verificationId}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(await stateOf(customer.verificationId)).toEqual(before);
    expect(before.verification[0]?.status).toBe("rejected");
  });

  test("once the missing side is in, the request moves to the default list and approves", async () => {
    const back = await uploadDocument(frontOnly.user.browser, { documentType: "national_id", side: "back", bytes: makePng() });
    expect(back.statusCode, back.body).toBe(200);
    const q = `q=${encodeURIComponent(frontOnly.user.email)}`;
    expect(await list(`status=incomplete&${q}`)).toMatchObject({ items: [], total: 0 });
    expect(ids(await list(q))).toEqual([frontOnly.verificationId]);
    const approved = await admin.browser.post(`/api/admin/verifications/${frontOnly.verificationId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const { audit } = await stateOf(frontOnly.verificationId);
    expect(audit.map((entry) => entry.action)).toEqual(["verification.approved"]);
  });

  test("an unknown request is still 404, and a complete one already approved still 409 'already approved'", async () => {
    const unknown = await admin.browser.post("/api/admin/verifications/00000000-0000-4000-8000-000000000000/approve");
    expect(unknown.statusCode).toBe(404);
    expect((await admin.browser.post(`/api/admin/verifications/${passport.verificationId}/approve`)).statusCode).toBe(200);
    const again = await admin.browser.post(`/api/admin/verifications/${passport.verificationId}/approve`);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe("This verification is already approved.");
  });
});
