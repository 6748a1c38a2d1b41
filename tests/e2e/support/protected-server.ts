// The third e2e server, with customer protection as shipped (decision 039): its own first admin
// (made through the API the first time a journey needs one, enrolled in two-factor sign-in, kept in
// a file of its data folder), and shortcuts for the steps its journeys are not about: a customer
// whose identity an admin approved, with money an admin added.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, type APIRequestContext } from "@playwright/test";
import { idCardPng, totpCode } from "./admin.ts";
import { e2eProtectedBaseUrl, e2eProtectedDataDir, e2eProtectedOutboxDir } from "./e2e-env.ts";
import { fundCustomer } from "./funding.ts";

export const protectedOrigin = { origin: e2eProtectedBaseUrl };
const admin = { email: "protected-admin@example.test", password: "Admin-Passphrase-2025!" };
const totpFile = path.join(e2eProtectedDataDir, "e2e-admin-totp.txt");

/** Signs `request` (a context on the protected server) in as its admin, creating and enrolling it the first time. */
export async function signInAsProtectedAdmin(request: APIRequestContext): Promise<void> {
  const setup = (await (await request.get(`${e2eProtectedBaseUrl}/api/setup`)).json()) as { needsFirstAdmin: boolean };
  if (setup.needsFirstAdmin) {
    const made = await request.post(`${e2eProtectedBaseUrl}/api/setup/first-admin`, { data: admin, headers: protectedOrigin });
    expect(made.status(), await made.text()).toBeLessThan(300);
    const signIn = await request.post(`${e2eProtectedBaseUrl}/api/auth/sign-in/email`, { data: admin, headers: protectedOrigin });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const enable = await request.post(`${e2eProtectedBaseUrl}/api/auth/two-factor/enable`, {
      data: { password: admin.password },
      headers: protectedOrigin,
    });
    expect(enable.status(), await enable.text()).toBe(200);
    const { totpURI } = (await enable.json()) as { totpURI: string };
    await writeFile(totpFile, totpURI);
    const verify = await request.post(`${e2eProtectedBaseUrl}/api/auth/two-factor/verify-totp`, {
      data: { code: totpCode(totpURI) },
      headers: protectedOrigin,
    });
    expect(verify.status(), await verify.text()).toBe(200);
    return;
  }
  const signIn = await request.post(`${e2eProtectedBaseUrl}/api/auth/sign-in/email`, { data: admin, headers: protectedOrigin });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const verify = await request.post(`${e2eProtectedBaseUrl}/api/auth/two-factor/verify-totp`, {
    data: { code: totpCode(await readFile(totpFile, "utf8")) },
    headers: protectedOrigin,
  });
  expect(verify.status(), await verify.text()).toBe(200);
}

/** The customer behind `customer` (signed in) uploads an ID; the admin (signed in on `adminRequest`) approves it. */
export async function verifyIdentity(customer: APIRequestContext, adminRequest: APIRequestContext, email: string): Promise<void> {
  for (const side of ["front", "back"]) {
    const upload = await customer.put(`${e2eProtectedBaseUrl}/api/verification/documents/national_id/${side}`, {
      multipart: { file: { name: `${side}.png`, mimeType: "image/png", buffer: idCardPng([16, 120, 90]) } },
      headers: protectedOrigin,
    });
    expect(upload.status(), await upload.text()).toBe(200);
  }
  const list = await adminRequest.get(`${e2eProtectedBaseUrl}/api/admin/verifications?status=pending&q=${encodeURIComponent(email)}`);
  const { items } = (await list.json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  const approve = await adminRequest.post(`${e2eProtectedBaseUrl}/api/admin/verifications/${items[0]!.id}/approve`, {
    headers: protectedOrigin,
  });
  expect(approve.status(), await approve.text()).toBe(200);
}

/** Adds `amount` BDT to the customer's balance (an admin adjustment, by a funding admin: support/funding.ts). */
export async function addMoney(adminRequest: APIRequestContext, userId: string, amount: string): Promise<void> {
  await fundCustomer(adminRequest, e2eProtectedBaseUrl, userId, amount);
}

/** The newest message to `email` in the protected server's outbox, newer than `after` (a file name), with its file name. */
export async function newestProtectedMail(email: string, after?: string, timeoutMs = 10_000): Promise<{ file: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  const safe = email.replace(/[^A-Za-z0-9@._-]/g, "_");
  for (;;) {
    const files = (await readdir(e2eProtectedOutboxDir).catch(() => [] as string[])).filter((f) => f.endsWith(`-${safe}.eml`)).sort();
    const newest = files.at(-1);
    if (newest && (after === undefined || newest > after)) {
      return { file: newest, text: await readFile(path.join(e2eProtectedOutboxDir, newest), "utf8") };
    }
    if (Date.now() > deadline) throw new Error(`no new mail to ${email} in ${e2eProtectedOutboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A message's text body, its transfer encoding (base64 or quoted-printable, as the mailer chose) undone. */
export function mailText(mail: string): string {
  const split = mail.search(/\r?\n\r?\n/);
  const head = mail.slice(0, split);
  const body = mail.slice(split).trim();
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  const bytes = Buffer.from(
    body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  );
  return /content-transfer-encoding:\s*quoted-printable/i.test(head) ? bytes.toString("utf8") : body;
}

/** The 6-digit code of a withdrawal's confirmation e-mail. */
export function withdrawalCodeIn(mail: string): string {
  const code = /^(\d{6})\b/m.exec(mailText(mail))?.[1];
  if (!code) throw new Error(`no withdrawal code in:\n${mail}`);
  return code;
}
