// Identity verification (docs/product.md, Customer area › Verification): GET /api/verification, PUT
// /api/verification/documents/:documentType/:side with real image bytes, the private file route
// GET /api/files/:userId/:fileName, and the verification state machine.
import { createHash } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { session, verificationDocuments, verifications } from "../../../src/server/db/schema.ts";
import type { VerificationDto } from "../../../src/shared/verification-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makeJpeg, makePng, makeWebp } from "../../support/wallet/images.ts";
import { multipartBody, uploadDocument } from "../../support/wallet/multipart.ts";

let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const sizeBytesMax = 5_242_880;

function uploadsOf(userId: string): string {
  return path.join(t.config.dataDir, "uploads", userId);
}

async function filesOnDisk(userId: string): Promise<string[]> {
  return (await readdir(uploadsOf(userId)).catch(() => [] as string[])).sort();
}

async function documentRows(userId: string) {
  return t.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, userId));
}

async function verificationOf(user: SignedUpUser): Promise<VerificationDto> {
  const response = await user.browser.get("/api/verification");
  expect(response.statusCode).toBe(200);
  return response.json<VerificationDto>();
}

function expectUploaded(response: TestResponse): VerificationDto {
  expect(response.statusCode, response.body).toBe(200);
  return response.json<VerificationDto>();
}

/** Everything a refused upload must leave as it was: files, rows and the verification itself. */
async function snapshot(user: SignedUpUser) {
  return {
    files: await filesOnDisk(user.userId),
    rows: (await documentRows(user.userId)).map((row) => ({ key: row.storageKey, sha256: row.sha256 })),
    verification: await verificationOf(user),
  };
}

describe("GET /api/verification", () => {
  test("a customer who uploaded nothing: status none, no documents", async () => {
    const user = await t.signUp();
    expect(await verificationOf(user)).toEqual({ id: null, status: "none", documentType: null, rejectReason: null, documents: [] });
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ verificationStatus: "none" });
  });
});

describe("PUT /api/verification/documents/:documentType/:side", () => {
  test("a PNG front of a national ID: stored at uploads/<userId>/national_id_front.png, status none → pending", async () => {
    const user = await t.signUp();
    const png = makePng({ width: 12, height: 8 });
    const body = expectUploaded(await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes: png }));
    expect(body).toEqual({
      id: expect.any(String) as string,
      status: "pending",
      documentType: "national_id",
      rejectReason: null,
      documents: [
        {
          documentType: "national_id",
          side: "front",
          url: `/api/files/${user.userId}/national_id_front.png`,
          contentType: "image/png",
          sizeBytes: png.length,
          uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) as string,
        },
      ],
    });
    expect(await readFile(path.join(uploadsOf(user.userId), "national_id_front.png"))).toEqual(png);
    const [row] = await documentRows(user.userId);
    expect(row).toMatchObject({
      storageKey: `${user.userId}/national_id_front.png`,
      contentType: "image/png",
      sizeBytes: png.length,
      sha256: createHash("sha256").update(png).digest("hex"),
    });
    expect(await verificationOf(user)).toEqual(body);
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ verificationStatus: "pending" });
  });

  test("the type comes from the content, not the name: a JPEG called .png is stored as .jpg, a WebP as .webp", async () => {
    const user = await t.signUp();
    const jpeg = makeJpeg();
    const webp = makeWebp();
    expectUploaded(await uploadDocument(user.browser, { documentType: "national_id", side: "back", bytes: jpeg, fileName: "back.png" }));
    const body = expectUploaded(
      await uploadDocument(user.browser, {
        documentType: "driving_license",
        side: "front",
        bytes: webp,
        fileName: "x",
        contentType: "text/plain",
      }),
    );
    expect(body.documents.map((d) => [d.url, d.contentType]).sort()).toEqual([
      [`/api/files/${user.userId}/driving_license_front.webp`, "image/webp"],
      [`/api/files/${user.userId}/national_id_back.jpg`, "image/jpeg"],
    ]);
    expect(await filesOnDisk(user.userId)).toEqual(["driving_license_front.webp", "national_id_back.jpg"]);
    expect(await readFile(path.join(uploadsOf(user.userId), "national_id_back.jpg"))).toEqual(jpeg);
    expect(await readFile(path.join(uploadsOf(user.userId), "driving_license_front.webp"))).toEqual(webp);
  });

  test("a replacement replaces the file, the row and its hash; another image type removes the old file", async () => {
    const user = await t.signUp();
    const blue = makePng({ rgb: [0, 0, 255] });
    const red = makePng({ rgb: [255, 0, 0], width: 6 });
    expectUploaded(await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: blue }));
    expectUploaded(await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: red }));
    expect(await readFile(path.join(uploadsOf(user.userId), "passport_front.png"))).toEqual(red);
    const rows = await documentRows(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sizeBytes: red.length, sha256: createHash("sha256").update(red).digest("hex") });
    expect((await user.browser.get(`/api/files/${user.userId}/passport_front.png`)).rawPayload).toEqual(red);

    const jpeg = makeJpeg();
    const body = expectUploaded(await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: jpeg }));
    expect(body.documents).toEqual([
      expect.objectContaining({ url: `/api/files/${user.userId}/passport_front.jpg`, contentType: "image/jpeg" }),
    ]);
    expect(await filesOnDisk(user.userId)).toEqual(["passport_front.jpg"]);
    expect((await user.browser.get(`/api/files/${user.userId}/passport_front.png`)).statusCode).toBe(404);
    expect((await user.browser.get(`/api/files/${user.userId}/passport_front.jpg`)).rawPayload).toEqual(jpeg);
  });

  test("exactly 5,242,880 bytes is accepted", async () => {
    const user = await t.signUp();
    const big = makePng({ sizeBytes: sizeBytesMax });
    const body = expectUploaded(await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes: big }));
    expect(body.documents[0]?.sizeBytes).toBe(sizeBytesMax);
    expect((await readFile(path.join(uploadsOf(user.userId), "national_id_front.png"))).length).toBe(sizeBytesMax);
  });

  describe("refused uploads store nothing: no file, no row, the verification unchanged", () => {
    let user: SignedUpUser;
    beforeAll(async () => {
      user = await t.signUp();
    });

    test("a text file named .png → 415", async () => {
      const before = await snapshot(user);
      const response = await uploadDocument(user.browser, {
        documentType: "national_id",
        side: "front",
        bytes: "This is not a picture of an identity card.\n",
        fileName: "national_id.png",
        contentType: "image/png",
      });
      expect(response.statusCode).toBe(415);
      expect(errorOf(response)).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Only JPEG, PNG or WebP images can be uploaded" });
      expect(await snapshot(user)).toEqual(before);
      expect(before).toMatchObject({ files: [], rows: [], verification: { status: "none" } });
    });

    test.each([
      ["a GIF (an image, but not one we take)", Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64")],
      ["a PDF", Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")],
      ["a PNG signature with nothing after it", Buffer.from([0x89, 0x50, 0x4e, 0x47])],
    ])("%s → 415", async (_what, bytes) => {
      const before = await snapshot(user);
      const response = await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes });
      expect(response.statusCode).toBe(415);
      expect(await snapshot(user)).toEqual(before);
    });

    test("5,242,881 bytes → 413 'The file is larger than 5 MB'", async () => {
      const before = await snapshot(user);
      const response = await uploadDocument(user.browser, {
        documentType: "national_id",
        side: "front",
        bytes: makePng({ sizeBytes: sizeBytesMax + 1 }),
      });
      expect(response.statusCode).toBe(413);
      expect(errorOf(response)).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The file is larger than 5 MB" });
      expect(await snapshot(user)).toEqual(before);
    });

    test("a passport's back → 400 'A passport has a front side only'", async () => {
      const before = await snapshot(user);
      const response = await uploadDocument(user.browser, { documentType: "passport", side: "back", bytes: makePng() });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: "VALIDATION_ERROR",
        message: "A passport has a front side only",
        fields: { side: "A passport has a front side only" },
      });
      expect(await snapshot(user)).toEqual(before);
    });

    test.each([
      ["/api/verification/documents/birth_certificate/front", "Document type must be national_id, driving_license or passport"],
      ["/api/verification/documents/national_id/left", "Side must be front or back"],
    ])("%s → 400 %j", async (url, message) => {
      const before = await snapshot(user);
      const { body, contentType } = multipartBody([{ name: "file", fileName: "a.png", contentType: "image/png", data: makePng() }]);
      const response = await user.browser.request("PUT", url, { raw: body, contentType });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).message).toBe(message);
      expect(await snapshot(user)).toEqual(before);
    });

    test("no file: another field name, an empty file → 400 'Choose a file to upload'; JSON instead of a form → 415", async () => {
      const before = await snapshot(user);
      const url = "/api/verification/documents/national_id/front";
      const otherField = multipartBody([{ name: "document", fileName: "a.png", contentType: "image/png", data: makePng() }]);
      const wrongField = await user.browser.request("PUT", url, { raw: otherField.body, contentType: otherField.contentType });
      expect(wrongField.statusCode).toBe(400);
      expect(errorOf(wrongField).message).toBe("Choose a file to upload");

      const empty = await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty).message).toBe("Choose a file to upload");

      const json = await user.browser.request("PUT", url, { json: { file: makePng().toString("base64") } });
      expect(json.statusCode).toBe(415);
      expect(await snapshot(user)).toEqual(before);
    });
  });
});

describe("the verification state machine", () => {
  async function decide(id: string, decision: "approve" | "reject") {
    const response = await admin.browser.post(
      `/api/admin/verifications/${id}/${decision}`,
      decision === "reject" ? { reason: "Photo is blurred" } : undefined,
    );
    expect(response.statusCode, response.body).toBe(200);
  }

  test("pending stays pending, with its first document type, when more documents arrive", async () => {
    const user = await t.signUp();
    expectUploaded(await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes: makePng() }));
    const body = expectUploaded(await uploadDocument(user.browser, { documentType: "driving_license", side: "front", bytes: makePng() }));
    expect(body).toMatchObject({ status: "pending", documentType: "national_id" });
    expect(body.documents).toHaveLength(2);
  });

  test("rejected → pending with the new document type after an upload", async () => {
    const user = await t.signUp();
    const first = expectUploaded(await uploadDocument(user.browser, { documentType: "national_id", side: "front", bytes: makePng() }));
    await decide(first.id!, "reject");
    expect(await verificationOf(user)).toMatchObject({ status: "rejected", documentType: "national_id" });
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ verificationStatus: "rejected" });

    // A refused upload is not an upload: the verification stays rejected.
    const refused = await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: "not an image" });
    expect(refused.statusCode).toBe(415);
    expect(await verificationOf(user)).toMatchObject({ status: "rejected", documentType: "national_id" });

    const again = expectUploaded(await uploadDocument(user.browser, { documentType: "passport", side: "front", bytes: makeJpeg() }));
    expect(again).toMatchObject({ id: first.id, status: "pending", documentType: "passport" });
    const rows = await t.db.select({ n: count() }).from(verifications).where(eq(verifications.userId, user.userId));
    expect(rows[0]?.n).toBe(1);
  });

  test("approved documents are locked: another upload is 409, and the verification stays approved with its document type", async () => {
    const user = await t.signUp();
    const first = expectUploaded(await uploadDocument(user.browser, { documentType: "driving_license", side: "front", bytes: makePng() }));
    // Both sides: an incomplete request cannot be approved.
    expectUploaded(await uploadDocument(user.browser, { documentType: "driving_license", side: "back", bytes: makePng() }));
    await decide(first.id!, "approve");
    const refused = await uploadDocument(user.browser, { documentType: "national_id", side: "back", bytes: makeWebp() });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe("Your identity is already verified. Contact support to change your documents.");
    const after = (await user.browser.get("/api/verification")).json<VerificationDto>();
    expect(after).toMatchObject({ id: first.id, status: "approved", documentType: "driving_license" });
    expect(after.documents).toHaveLength(2);
    expect((await user.browser.get("/api/me")).json()).toMatchObject({ verificationStatus: "approved" });
  });
});

describe("GET /api/files/:userId/:fileName (private documents)", () => {
  let owner: SignedUpUser;
  let png: Buffer;
  let url: string;
  beforeAll(async () => {
    owner = await t.signUp();
    png = makePng({ width: 3, height: 5, rgb: [10, 200, 30] });
    expectUploaded(await uploadDocument(owner.browser, { documentType: "national_id", side: "front", bytes: png }));
    url = `/api/files/${owner.userId}/national_id_front.png`;
  });

  test("the owner gets the exact bytes, their type, and 'cache-control: private, no-store'", async () => {
    const response = await owner.browser.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  test("the url listed by GET /api/verification is the one that works", async () => {
    const listed = (await verificationOf(owner)).documents[0]!.url;
    expect(listed).toBe(url);
    expect((await owner.browser.get(listed)).statusCode).toBe(200);
  });

  test("another customer → 404 'File not found' (its existence is private too); anonymous → 401", async () => {
    const stranger = await t.signUp();
    const response = await stranger.browser.get(url);
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: "NOT_FOUND", message: "File not found" });
    expect(response.body).not.toContain("PNG");
    const anonymous = await t.browser().get(url);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe("UNAUTHENTICATED");
  });

  test("an admin (second factor enrolled) gets it, privately", async () => {
    const response = await admin.browser.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(png);
    expect(response.headers["cache-control"]).toBe("private, no-store");
  });

  test("an admin who has not enrolled a second factor → 403, as for the rest of the back office", async () => {
    const halfAdmin = await t.signUp();
    await t.makeAdmin(halfAdmin.userId);
    await t.signIn(halfAdmin.email, halfAdmin.password, halfAdmin.browser);
    const response = await halfAdmin.browser.get(url);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe("TWO_FACTOR_REQUIRED");
    expect(response.rawPayload).not.toEqual(png);
  });

  test("an admin whose page reports more than 15 idle minutes → 401, as for the rest of the back office", async () => {
    const idleAdmin = await signUpAdmin(t);
    // Sixteen minutes ago the admin last touched the page, which has been polling since: the web app
    // sends the time since the person's last input with each request (x-idle-ms).
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60 * 1000);
    await t.db.update(session).set({ lastActiveAt: sixteenMinutesAgo }).where(eq(session.userId, idleAdmin.userId));
    const response = await idleAdmin.browser.get(url, { headers: { "x-idle-ms": String(16 * 60 * 1000) } });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe("SESSION_IDLE_TIMEOUT");
    expect((await idleAdmin.browser.get(url)).statusCode).toBe(401);
  });

  test("a file that does not exist → 404, for the owner and for an admin", async () => {
    for (const browser of [owner.browser, admin.browser]) {
      expect((await browser.get(`/api/files/${owner.userId}/national_id_back.png`)).statusCode).toBe(404);
      expect((await browser.get(`/api/files/${owner.userId}/passport_front.jpg`)).statusCode).toBe(404);
    }
  });

  test.each([
    "national_id_front.png%2F..%2F..%2Fsecret",
    "..%2F..%2Fauth-secret",
    "national_id_front.gif",
    "NATIONAL_ID_FRONT.PNG",
    "national_id_front.png.tmp",
  ])("a malformed file name (%s) never reaches the disk: 400 or 404", async (fileName) => {
    const response = await owner.browser.get(`/api/files/${owner.userId}/${fileName}`);
    expect([400, 404]).toContain(response.statusCode);
    expect(response.rawPayload).not.toEqual(png);
  });
});
