// Documents in a bucket (decision 042), as two machines would see them: a customer uploads through
// one server process (its own DATA_DIR), which then stops; a second process, with another DATA_DIR
// and a copy of the first one's database, shows the document to an admin in the back office. The
// bucket is s3rver, a real S3 endpoint; neither process has an uploads folder. Its own ports:
// E2E_PORT + 5 and + 6.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { startS3Server, type S3Server } from "../support/s3-server.ts";
import { freshTotpCode, idCardPng, totpCode } from "./support/admin.ts";
import { e2ePort } from "./support/e2e-env.ts";
import { startServerProcess, type ServerProcess } from "./support/object-storage.ts";

const admin = { email: "bucket-admin@example.test", password: "Admin-Passphrase-2025!" };
const customer = { email: `bucket-${randomBytes(4).toString("hex")}@example.test`, password: "Customer-Passphrase-2025!" };

let s3: S3Server;
let root: string;
const running: ServerProcess[] = [];

test.beforeAll(async () => {
  s3 = await startS3Server();
  root = await mkdtemp(path.join(tmpdir(), "nexapay-e2e-bucket-"));
});
test.afterAll(async () => {
  for (const server of running) await server.stop();
  await s3?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

test("a document uploaded through one server is shown by another, from the bucket", async ({ page }) => {
  test.setTimeout(180_000);
  const env = { ...s3.env("e2e"), AUTH_SECRET: randomBytes(32).toString("hex") };
  const dataA = path.join(root, "a");
  const dataB = path.join(root, "b");

  // Server A: the first admin (two-factor enrolled) and a customer who uploads both sides of an ID.
  const a = await startServerProcess({ port: e2ePort + 5, dataDir: dataA, env });
  running.push(a);
  const origin = { origin: a.baseUrl };
  const adminA = await playwrightRequest.newContext({ baseURL: a.baseUrl, extraHTTPHeaders: origin });
  expect((await adminA.post("/api/setup/first-admin", { data: admin })).status()).toBeLessThan(300);
  expect((await adminA.post("/api/auth/sign-in/email", { data: admin })).status()).toBe(200);
  const enable = await adminA.post("/api/auth/two-factor/enable", { data: { password: admin.password } });
  expect(enable.status(), await enable.text()).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const firstCode = totpCode(totpURI);
  expect((await adminA.post("/api/auth/two-factor/verify-totp", { data: { code: firstCode } })).status()).toBe(200);
  const customerA = await playwrightRequest.newContext({ baseURL: a.baseUrl, extraHTTPHeaders: origin });
  const signUp = await customerA.post("/api/auth/sign-up/email", {
    data: { ...customer, username: `bucket_${randomBytes(3).toString("hex")}`, country: "BD" },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const { user } = (await signUp.json()) as { user: { id: string } };
  const front = idCardPng([30, 90, 160], 600, 380);
  for (const [side, png] of [
    ["front", front],
    ["back", idCardPng([160, 60, 30], 600, 380)],
  ] as const) {
    const upload = await customerA.put(`/api/verification/documents/national_id/${side}`, {
      multipart: { file: { name: `${side}.png`, mimeType: "image/png", buffer: png } },
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  await adminA.dispose();
  await customerA.dispose();
  await a.stop();

  // Server B: another DATA_DIR, on a copy of A's database (a stopped server's folder may be copied).
  await cp(path.join(dataA, "db"), path.join(dataB, "db"), { recursive: true });
  const b = await startServerProcess({ port: e2ePort + 6, dataDir: dataB, env });
  running.push(b);

  // The admin signs in on B and opens the customer's documents in the back office.
  const signIn = await page.request.post(`${b.baseUrl}/api/auth/sign-in/email`, { data: admin, headers: { origin: b.baseUrl } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const code = await freshTotpCode(totpURI, firstCode);
  const verify = await page.request.post(`${b.baseUrl}/api/auth/two-factor/verify-totp`, {
    data: { code },
    headers: { origin: b.baseUrl },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  await page.goto(`${b.baseUrl}/admin/verifications?q=${encodeURIComponent(customer.email)}`);
  const row = page.getByRole("row").filter({ hasText: customer.email });
  await row.getByRole("button", { name: `View documents of ${customer.email}` }).click();
  const viewer = page.getByRole("dialog", { name: "Verification Documents" });
  const image = viewer.getByRole("img", { name: "national id front" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(600);
  await page.screenshot({ path: test.info().outputPath("object-storage-admin-viewer.png") });

  // The bytes B answered are the ones A stored; B's own disk holds none, nor did A's.
  const served = await page.request.get(`${b.baseUrl}/api/files/${user.id}/national_id_front.png`);
  expect(served.status()).toBe(200);
  expect(Buffer.from(await served.body())).toEqual(front);
  expect(existsSync(path.join(dataA, "uploads"))).toBe(false);
  expect(existsSync(path.join(dataB, "uploads"))).toBe(false);
  expect(existsSync(path.join(s3.directory, s3.bucket))).toBe(true);
});
