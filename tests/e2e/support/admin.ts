// Helpers for the back office journeys (admin.spec.ts): the super admin's signed-in browser state,
// TOTP codes, and API shortcuts for the customer steps a journey is not about.
import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { seriousAxeViolations } from "./axe.ts";
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from "@playwright/test";
import bs58check from "bs58check";
import * as OTPAuth from "otpauth";
import { newUser, signUpViaApi, type TestUser } from "./accounts.ts";
import { e2eBaseUrl, e2eDataDir, e2eSimulatorUrl } from "./e2e-env.ts";

export const originHeaders = { origin: e2eBaseUrl };
export const screenshotDir = process.env.UPDATE_SCREENSHOTS ? "tests/e2e/screenshots" : "test-results/screenshots";
// A real TRON address (base58check): the USDT contract itself.
export const tronAddress = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/** axe finds no serious or critical violation; then a picture of the page (or, for a dialog, of the screen). */
export async function checkScreen(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage });
}

/**
 * The super admin's otpauth:// URI, as first-admin.setup.ts saved it. TODO(lead): super-admin.ts
 * keeps the file name private; an exported reader there would replace this copy of it.
 */
export async function superAdminTotpUri(): Promise<string> {
  return readFile(path.join(e2eDataDir, "e2e-super-admin-totp.txt"), "utf8");
}

/** The code an authenticator app shows now for this otpauth:// URI. */
export function totpCode(totpUri: string, timestamp = Date.now()): string {
  const totp = OTPAuth.URI.parse(totpUri);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error("not a TOTP URI");
  return totp.generate({ timestamp });
}

/** A code from a 30-second step later than `after` (waiting for it), so no code is used twice. */
export async function freshTotpCode(totpUri: string, after: string | undefined): Promise<string> {
  for (;;) {
    const code = totpCode(totpUri);
    if (code !== after) return code;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export async function myUserId(request: APIRequestContext): Promise<string> {
  const me = await request.get("/api/me");
  expect(me.status()).toBe(200);
  return ((await me.json()) as { id: string }).id;
}

/** A new customer, signed up through the API, in a browser of their own (their own cookies). */
export async function customerInNewBrowser(
  browser: Browser,
  prefix: string,
): Promise<{ context: BrowserContext; page: Page; user: TestUser; id: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = newUser(prefix);
  await signUpViaApi(page, user);
  return { context, page, user, id: await myUserId(page.request) };
}

/** A fresh, well-formed TRON address nobody holds: a sender that no other journey's transfers share. */
export function randomTronAddress(): string {
  return bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

/** A fresh TXID: 64 lower-case hexadecimal characters. */
export function randomTxid(): string {
  return randomBytes(32).toString("hex");
}

/**
 * A confirmed USDT transfer to the deposit address, added to the TronGrid simulator that the e2e
 * server's chain watcher polls (every second in this run).
 */
export async function sendOnChain(request: APIRequestContext, transfer: { amount: string; from: string; txid: string }): Promise<void> {
  const response = await request.post(`${e2eSimulatorUrl}/simulator/transfers`, { data: transfer });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Approves through the API. The chain watcher runs in this run, and these deposits were never sent on
 * the chain, so the admin says they checked the transfer themselves ("Approve anyway"), and why
 * (decision 040: the reason is required). Under FOUR_EYES_MIN_BDT: a bigger one waits for a second admin.
 */
export function approveWithoutChainEvidence(request: APIRequestContext, id: string) {
  return request.post(`/api/admin/transactions/${id}/approve`, {
    data: { acknowledgeNoChainEvidence: true, reason: approveAnywayReason },
    headers: originHeaders,
  });
}

/** What the journeys write as the reason of an "approve anyway" of a deposit never sent on the chain. */
export const approveAnywayReason = "Set up by the test run: never sent on the chain";

/**
 * A deposit request through the API, as the customer's form sends it. The sending address is optional
 * (decision 038): `fromAddress: null` gives none; left out, it is `tronAddress`, as journeys always had.
 * The answer carries `payAmount` ("50.013700"), the exact USDT to send, and the window's end.
 */
export async function requestDeposit(
  request: APIRequestContext,
  usdtAmount: string,
  options: { fromAddress?: string | null; txid?: string } = {},
): Promise<{ id: string; amount: string; payAmount: string | null; expiresAt: string | null }> {
  const fromAddress = options.fromAddress === undefined ? tronAddress : options.fromAddress;
  const response = await request.post("/api/deposits", {
    data: { usdtAmount, ...(fromAddress === null ? {} : { fromAddress }), ...(options.txid ? { txid: options.txid } : {}) },
    headers: { ...originHeaders, "idempotency-key": randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; amount: string; payAmount: string | null; expiresAt: string | null };
}

export async function requestWithdrawal(request: APIRequestContext, amount: string): Promise<{ id: string }> {
  const response = await request.post("/api/withdrawals", {
    data: { walletType: "bKash", walletNumber: "01712345678", amount },
    headers: { ...originHeaders, "idempotency-key": randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

export async function addSim(
  request: APIRequestContext,
  phoneNumber: string,
  walletType: "Personal" | "Merchant",
): Promise<{ id: string }> {
  const response = await request.post("/api/sims", { data: { phoneNumber, walletType }, headers: originHeaders });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

export async function uploadDocument(request: APIRequestContext, documentType: string, side: string, png: Buffer): Promise<void> {
  const response = await request.put(`/api/verification/documents/${documentType}/${side}`, {
    multipart: { file: { name: `${side}.png`, mimeType: "image/png", buffer: png } },
    headers: originHeaders,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A real PNG drawn in memory: a pale card with a coloured band and a grey photo box, like an ID card. */
export function idCardPng(band: readonly [number, number, number], width = 240, height = 150): Buffer {
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    pixels[y * row] = 0;
    for (let x = 0; x < width; x += 1) {
      const inBand = y < 30;
      const inPhoto = x >= 16 && x < 76 && y >= 44 && y < 124;
      const [r, g, b] = inBand ? band : inPhoto ? [148, 163, 184] : [248, 250, 252];
      pixels.set([r, g, b], y * row + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The audit log, filtered to one action, has a row that mentions `text` (e.g. a record id's first 8 characters). */
export async function expectAudited(page: Page, action: string, label: string, text: string): Promise<void> {
  await page.goto(`/admin/audit-log?action=${encodeURIComponent(action)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  await expect(page.getByLabel("Action")).toHaveValue(action);
  const row = page.getByRole("row").filter({ hasText: label }).filter({ hasText: text });
  await expect(row.first()).toBeVisible();
}

/**
 * A TrxID no other payout of the run has: one TrxID pays one withdrawal of a provider, and the
 * journeys share one server (decision 040). Ten upper-case letters and digits, starting with `prefix`.
 */
export function uniqueTrxId(prefix = "E2E"): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  let id = prefix.toUpperCase();
  while (id.length < 10) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return id;
}

/**
 * Makes `account` an admin through the back office (the super admin's `superAdmin` context creates
 * it), then signs `context` in as it and enrols its two-factor sign-in, so that `context` can act as
 * that admin. An admin made so is appointed by the super admin (decision 040): it never confirms the
 * super admin's requests. `baseURL` names the server (the main one unless given).
 */
export async function appointAdmin(
  superAdmin: APIRequestContext,
  context: APIRequestContext,
  account: { email: string; password: string },
  baseURL = e2eBaseUrl,
): Promise<void> {
  const headers = { origin: baseURL };
  const created = await superAdmin.post(`${baseURL}/api/admin/admins`, { data: { ...account, adminRole: "admin" }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const signIn = await context.post(`${baseURL}/api/auth/sign-in/email`, { data: account, headers });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const enable = await context.post(`${baseURL}/api/auth/two-factor/enable`, { data: { password: account.password }, headers });
  expect(enable.status(), await enable.text()).toBe(200);
  const { totpURI } = (await enable.json()) as { totpURI: string };
  const verify = await context.post(`${baseURL}/api/auth/two-factor/verify-totp`, { data: { code: totpCode(totpURI) }, headers });
  expect(verify.status(), await verify.text()).toBe(200);
}
