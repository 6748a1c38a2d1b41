// Identity documents in an S3-compatible bucket (decision 042), on s3rver, a real S3 endpoint:
// what one server stores, a second server with another DATA_DIR reads; no local folder is used;
// files still leave only through the authorised route; a store that is down answers 503 and
// writes no row; keys built from the path never reach the store unchecked; storage:copy copies and
// catches an object that differs from its file.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { verificationDocuments, verifications } from "../../../src/server/db/schema.ts";
import { startS3Server, s3rverCredentials, type S3Server } from "../../support/s3-server.ts";
import { createTestApp, errorOf, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin } from "../../support/wallet/admin.ts";
import { makeJpeg, makePng } from "../../support/wallet/images.ts";
import { uploadDocument } from "../../support/wallet/multipart.ts";

const prefix = "kyc/documents";
let s3: S3Server;
let client: S3Client;
let first: TestApp;
let second: TestApp;
let storeDown: TestApp;

beforeAll(async () => {
  // The servers' S3 client takes its credentials from the SDK's default chain, as in production:
  // the environment of this test process.
  for (const [name, value] of Object.entries(s3rverCredentials)) vi.stubEnv(name, value);
  s3 = await startS3Server();
  client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3rverCredentials.AWS_ACCESS_KEY_ID, secretAccessKey: s3rverCredentials.AWS_SECRET_ACCESS_KEY },
  });
  // Both servers sign sessions with one secret, as two machines of one deployment do.
  const authSecret = randomBytes(32).toString("hex");
  first = await createTestApp({ env: { ...s3.env(prefix), AUTH_SECRET: authSecret } });
  second = await createTestApp({ env: { ...s3.env(prefix), AUTH_SECRET: authSecret }, databaseOf: first });
  // A third server on the same database whose store does not answer (nothing listens on the port).
  const dead = await startS3Server();
  await dead.stop();
  storeDown = await createTestApp({ env: { ...dead.env(prefix), AUTH_SECRET: authSecret }, databaseOf: first });
});
afterAll(async () => {
  await storeDown?.close();
  await second?.close();
  await first?.close();
  client?.destroy();
  await s3?.stop();
  vi.unstubAllEnvs();
});

async function objectBytes(key: string): Promise<Buffer | null> {
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  } catch (error) {
    if ((error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
}

async function objectKeys(): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (answer.Contents ?? []).map((object) => object.Key!).sort();
}

function localUploadsOf(t: TestApp): string {
  return path.join(t.dataDir, "uploads");
}

describe("documents in a bucket, two servers", () => {
  test("one server stores, another reads; no local folder; only the owner and admins", async () => {
    const customer = await first.signUp();
    const png = makePng({ rgb: [12, 34, 56] });
    const uploaded = await uploadDocument(customer.browser, { documentType: "national_id", side: "front", bytes: png });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileUrl = `/api/files/${customer.userId}/national_id_front.png`;

    // In the bucket, under the prefix, with the very bytes sent.
    expect(await objectBytes(`${prefix}/${customer.userId}/national_id_front.png`)).toEqual(png);

    // The second server (another DATA_DIR) answers the same file to its owner and to an admin.
    const onSecond = await second.signIn(customer.email, customer.password);
    const read = await onSecond.get(fileUrl);
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload).toEqual(png);
    expect(read.headers["content-type"]).toBe("image/png");
    expect(read.headers["cache-control"]).toBe("private, no-store");
    const admin = await signUpAdmin(second);
    const byAdmin = await admin.browser.get(fileUrl);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload).toEqual(png);

    // Anyone else: not found (its existence is private too); nobody signed in: 401.
    const stranger = await second.signUp();
    const refused = await stranger.browser.get(fileUrl);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).code).toBe("NOT_FOUND");
    const anonymous = await second.browser().get(fileUrl);
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBeTruthy();

    // Replaced with another image type through the second server: the old object goes.
    const jpeg = makeJpeg();
    const replaced = await uploadDocument(onSecond, { documentType: "national_id", side: "front", bytes: jpeg, fileName: "a.jpg" });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await objectBytes(`${prefix}/${customer.userId}/national_id_front.jpg`)).toEqual(jpeg);
    expect(await objectBytes(`${prefix}/${customer.userId}/national_id_front.png`)).toBeNull();
    expect((await customer.browser.get(`/api/files/${customer.userId}/national_id_front.jpg`)).rawPayload).toEqual(jpeg);

    expect(existsSync(localUploadsOf(first))).toBe(false);
    expect(existsSync(localUploadsOf(second))).toBe(false);
  });

  test("a store that does not answer: 503 STORAGE_UNAVAILABLE, no row written, reads 503 too", async () => {
    const customer = await storeDown.signUp();
    const response = await uploadDocument(customer.browser, { documentType: "passport", side: "front", bytes: makePng() });
    expect(response.statusCode, response.body).toBe(503);
    const error = errorOf(response);
    expect(error.code).toBe("STORAGE_UNAVAILABLE");
    expect(error.message).toMatch(/try again/);
    expect(await first.db.select().from(verificationDocuments).where(eq(verificationDocuments.userId, customer.userId))).toEqual([]);
    expect(await first.db.select().from(verifications).where(eq(verifications.userId, customer.userId))).toEqual([]);

    // A document stored while the store was up, read while it is down: 503, not 404 nor 500.
    const owner = await first.signUp();
    const stored = await uploadDocument(owner.browser, { documentType: "passport", side: "front", bytes: makePng() });
    expect(stored.statusCode, stored.body).toBe(200);
    const onDeadStore = await storeDown.signIn(owner.email, owner.password);
    const read = await onDeadStore.get(`/api/files/${owner.userId}/passport_front.png`);
    expect(read.statusCode).toBe(503);
    expect(errorOf(read).code).toBe("STORAGE_UNAVAILABLE");
    expect(existsSync(localUploadsOf(storeDown))).toBe(false);
  });

  test("keys built from hostile paths are refused with 4xx and never reach the store", async () => {
    const attacker = await first.signUp();
    const victim = await first.signUp();
    const before = await objectKeys();
    const hostile: [string, string][] = [
      ["..", "front"],
      ["%2e%2e", "front"],
      ["national_id", "..%2F..%2Fx"],
      ["national_id%2F..%2F..", "front"],
      ["national_id", "front%00.png"],
      ["national_id%00", "front"],
      ["national_id", "fr%5Cont"],
      ["a".repeat(5000), "front"],
      ["national_id", "b".repeat(5000)],
    ];
    for (const [documentType, side] of hostile) {
      const response = await uploadDocument(attacker.browser, { documentType, side, bytes: makePng() });
      expect(response.statusCode, `${documentType.slice(0, 40)}/${side.slice(0, 40)}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(errorOf(response).code).toBeTruthy();
    }
    // Reading: another user's key, a way out of the user's folder, an encoded one.
    const reads = [
      `/api/files/${victim.userId}/..%2F${attacker.userId}%2Fnational_id_front.png`,
      `/api/files/${attacker.userId}/..%2f..%2fnational_id_front.png`,
      `/api/files/${attacker.userId}/%2e%2e`,
      `/api/files/${attacker.userId}/national_id_front.png%00.png`,
      `/api/files/..%2F${victim.userId}/national_id_front.png`,
      `/api/files/${attacker.userId}/${"c".repeat(5000)}_front.png`,
    ];
    for (const url of reads) {
      const response = await attacker.browser.get(url);
      expect(response.statusCode, `${url.slice(0, 120)}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await objectKeys()).toEqual(before);
  });
});

describe("npm run storage:copy", () => {
  const run = promisify(execFile);
  let folder: string;
  const copyPrefix = "moved";
  const users = [randomUUID(), randomUUID()];
  const files = [
    { key: `${users[0]}/national_id_front.png`, bytes: makePng({ rgb: [1, 2, 3] }) },
    { key: `${users[0]}/national_id_back.jpg`, bytes: makeJpeg() },
    { key: `${users[1]}/passport_front.png`, bytes: makePng({ rgb: [200, 100, 50] }) },
  ];

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "nexapay-uploads-"));
    for (const file of files) {
      await mkdir(path.join(folder, path.dirname(file.key)), { recursive: true });
      await writeFile(path.join(folder, file.key), file.bytes);
    }
    // What a crash mid-write leaves behind: not a document, not copied.
    await writeFile(path.join(folder, `${files[0]!.key}.123.456.tmp`), "half");
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function storageCopy(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const env = { ...process.env, ...s3.env(), DATA_DIR: folder };
    try {
      const { stdout, stderr } = await run("node", ["--import", "tsx", "src/server/cli/storage-copy.ts", ...args], { env });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code: number; stdout: string; stderr: string };
      return { code: e.code, stdout: e.stdout, stderr: e.stderr };
    }
  }

  test("copies every document, verifies each, and catches an object that differs from its file", async () => {
    const to = `s3://${s3.bucket}/${copyPrefix}`;
    const copied = await storageCopy("--to", to, "--from", folder);
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toContain("all 3 objects match their files");
    expect(copied.stdout).toMatch(/ignored .*\.tmp/);
    for (const file of files) expect(await objectBytes(`${copyPrefix}/${file.key}`)).toEqual(file.bytes);
    expect(await objectBytes(`${copyPrefix}/${files[0]!.key}.123.456.tmp`)).toBeNull();
    expect(existsSync(path.join(folder, files[0]!.key))).toBe(true);

    // One object with one byte changed (same size), another with a different body.
    const flipped = Buffer.from(files[0]!.bytes);
    flipped[flipped.length - 5]! ^= 0xff;
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${copyPrefix}/${files[0]!.key}`, Body: flipped }));
    await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: `${copyPrefix}/${files[2]!.key}`, Body: "not the image" }));
    const verified = await storageCopy("--to", to, "--from", folder, "--verify-only");
    expect(verified.code).toBe(1);
    expect(verified.stderr).toContain(`MISMATCH ${files[0]!.key}: different SHA-256`);
    expect(verified.stderr).toContain(`MISMATCH ${files[2]!.key}: different size`);
    expect(verified.stderr).not.toContain(files[1]!.key);
    expect(verified.stderr).toContain("2 of 3 objects do not match");
    // --verify-only changed nothing in the bucket.
    expect(await objectBytes(`${copyPrefix}/${files[0]!.key}`)).toEqual(flipped);

    // Without --from, the folder is $DATA_DIR/uploads: here there is none, which is said, not copied.
    const noFolder = await storageCopy("--to", to);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain(`there is no folder ${path.join(folder, "uploads")}`);
  });
});
