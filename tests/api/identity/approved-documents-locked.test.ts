// Approved identity documents are locked: once an admin approved what they looked at, no upload
// replaces it (409, nothing stored, the approved file kept byte for byte). Before approval, and after
// a rejection, uploads work as before.
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { verificationDocuments, verifications } from "../../../src/server/db/schema.ts";
import type { VerificationDto } from "../../../src/shared/verification-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makeJpeg, makePng } from "../../support/wallet/images.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const locked = {
  code: "DOCUMENTS_LOCKED",
  message: "Your identity is already verified. Contact support to change your documents.",
};

async function documentState(userId: string) {
  const uploadsDir = path.join(t.dataDir, "uploads", userId);
  const names = (await readdir(uploadsDir).catch(() => [] as string[])).sort();
  const files = await Promise.all(names.map(async (name) => [name, await readFile(path.join(uploadsDir, name))] as const));
  return {
    verification: await t.db.select().from(verifications).where(eq(verifications.userId, userId)),
    documents: await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId)),
    files,
  };
}

async function uploadBoth(customer: SignedUpUser, rgb: [number, number, number]): Promise<VerificationDto> {
  for (const side of ["front", "back"]) {
    const response = await uploadDocument(customer.browser, { documentType: "national_id", side, bytes: makePng({ rgb }) });
    expect(response.statusCode, response.body).toBe(200);
  }
  return (await customer.browser.get("/api/verification")).json<VerificationDto>();
}

test("after approval, an upload of another image (same type, another type, another format) is 409 and stores nothing", async () => {
  const customer = await t.signUp();
  const verification = await uploadBoth(customer, [10, 20, 30]);
  const approved = await admin.browser.post(`/api/admin/verifications/${verification.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  const before = await documentState(customer.userId);
  expect(before.files).toHaveLength(2);

  for (const attempt of [
    { documentType: "national_id", side: "front", bytes: makePng({ rgb: [200, 0, 0] }) },
    { documentType: "national_id", side: "front", bytes: makeJpeg() },
    { documentType: "passport", side: "front", bytes: makePng({ rgb: [0, 200, 0] }) },
    { documentType: "driving_license", side: "back", bytes: makePng() },
  ]) {
    const response = await uploadDocument(customer.browser, attempt);
    expect(response.statusCode, `${attempt.documentType} ${attempt.side}: ${response.body}`).toBe(409);
    expect(errorOf(response)).toEqual(locked);
  }
  expect(await documentState(customer.userId)).toEqual(before);

  // The admin still sees the very image they approved.
  const front = before.documents.find((d) => d.side === "front")!;
  const served = await admin.browser.get(`/api/files/${front.storageKey}`);
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload).toEqual(before.files.find(([name]) => front.storageKey.endsWith(name))![1]);
});

test("while pending, and after a rejection, a new upload replaces the document as before", async () => {
  const customer = await t.signUp();
  const verification = await uploadBoth(customer, [1, 2, 3]);
  const whilePending = await uploadDocument(customer.browser, { documentType: "national_id", side: "front", bytes: makeJpeg() });
  expect(whilePending.statusCode, whilePending.body).toBe(200);
  const front = whilePending.json<VerificationDto>().documents.find((d) => d.documentType === "national_id" && d.side === "front");
  expect(front?.contentType).toBe("image/jpeg");

  expect((await admin.browser.post(`/api/admin/verifications/${verification.id}/reject`, { reason: "Photo is blurred" })).statusCode).toBe(
    200,
  );
  const afterRejection = await uploadDocument(customer.browser, {
    documentType: "passport",
    side: "front",
    bytes: makePng({ rgb: [9, 9, 9] }),
  });
  expect(afterRejection.statusCode, afterRejection.body).toBe(200);
  expect(afterRejection.json<VerificationDto>()).toMatchObject({ status: "pending", documentType: "passport" });
  const documents = await t.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, customer.userId));
  expect(documents.some((d) => d.documentType === "passport" && d.side === "front")).toBe(true);
});
