// The customer's language on the server (decision 025): chosen at sign-up (the form's, else the
// browser's Accept-Language), shown by GET /api/me, changed by PUT /api/me/language for oneself
// only; and the e-mails written in it when they are sent: decisions from the outbox, and the
// password reset. English e-mails stay as they were.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { profiles, user } from "../../../src/server/db/schema.ts";
import type { SimDto } from "../../../src/shared/sim-schemas.ts";
import type { VerificationDto } from "../../../src/shared/verification-schemas.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, publicUrl, type SignedUpUser, type TestApp, type TestResponse } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { makePng } from "../../support/wallet/images.ts";
import { fund } from "../../support/wallet/money.ts";
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

const languageMessage = 'Language must be "en" or "bn"';

async function languageInDb(userId: string): Promise<string | undefined> {
  const [row] = await t.db.select({ language: user.language }).from(user).where(eq(user.id, userId));
  return row?.language;
}

async function meLanguage(account: SignedUpUser): Promise<unknown> {
  const response = await account.browser.get("/api/me");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ language: unknown }>().language;
}

/** Signs up through the API as the browser would, with these extra body fields and headers. */
async function signUpWith(extra: Record<string, unknown>, headers: Record<string, string> = {}) {
  const browser = t.browser();
  const email = t.uniqueEmail();
  const body = { email, password: "Correct-Horse-42", username: t.uniqueUsername(), country: "BD", ...extra };
  const response = await browser.post("/api/auth/sign-up/email", body, { headers });
  return { response, browser, email };
}

function putLanguage(account: SignedUpUser, json: unknown, options: { origin?: string | null } = {}): Promise<TestResponse> {
  return account.browser.request("PUT", "/api/me/language", { json, ...options });
}

function expectValidationError(response: TestResponse, field: string): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorOf(response).code).toBe("VALIDATION_ERROR");
  expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
}

// ------------------------------------------------------------------ reading .eml files

type DecodedMail = { to: string; subject: string; text: string; html: string };

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=), as nodemailer writes a non-ASCII subject. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, data: string) =>
      encoding.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

function headersOf(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  return { headers: headersOf(raw.slice(0, split)), body: raw.slice(split).replace(/^\r?\n\r?\n/, "") };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const decoded =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return decoded.replace(/\r\n/g, "\n");
}

/** The newest .eml file to this address, its subject and its text and HTML parts decoded. */
async function newestMailTo(to: string): Promise<DecodedMail> {
  const file = (await t.mailFilesTo(to)).at(-1);
  if (file === undefined) throw new Error(`no mail to ${to}`);
  const { headers, body } = splitMessage(await readFile(path.join(t.dataDir, "mail", file), "utf8"));
  const mail: DecodedMail = { to: headers.get("to") ?? "", subject: decodeWords(headers.get("subject") ?? ""), text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  const parts = boundary === undefined ? [body] : body.split(`--${boundary}`).slice(1, -1);
  for (const part of parts) {
    const partOf = boundary === undefined ? { headers, body } : splitMessage(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")); // the line break before a boundary is the boundary's;
    const type = partOf.headers.get("content-type") ?? "text/plain";
    if (type.startsWith("text/html")) mail.html = decodeBody(partOf.headers, partOf.body);
    else if (type.startsWith("text/plain")) mail.text = decodeBody(partOf.headers, partOf.body);
  }
  return mail;
}

/** Each payout its own TrxID: one TrxID pays one withdrawal of a provider (decision 040). */
let payouts = 0;
const trxIdOf = (n: number) => `9K3LQ2PA${String(n).padStart(2, "0")}`;

async function paidWithdrawal(account: SignedUpUser): Promise<TransactionDto & { trxId: string }> {
  await fund(t, { userId: account.userId, amount: "20000", adminId: admin.userId });
  const requested = await account.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "12500" });
  expect(requested.statusCode, requested.body).toBe(201);
  const withdrawal = requested.json<TransactionDto>();
  const trxId = trxIdOf((payouts += 1));
  const approved = await admin.browser.post(`/api/admin/transactions/${withdrawal.id}/approve`, { payoutReference: trxId });
  expect(approved.statusCode, approved.body).toBe(200);
  return { ...withdrawal, trxId };
}

// ------------------------------------------------------------------ sign-up

describe("the language at sign-up", () => {
  test("no language and no Accept-Language → English", async () => {
    const account = await t.signUp();
    expect(await meLanguage(account)).toBe("en");
    expect(await languageInDb(account.userId)).toBe("en");
  });

  test("Accept-Language: bn-BD,bn;q=0.9 → Bangla", async () => {
    const { response, browser } = await signUpWith({}, { "accept-language": "bn-BD,bn;q=0.9" });
    expect(response.statusCode, response.body).toBe(200);
    const me = await browser.get("/api/me");
    expect(me.json()).toMatchObject({ language: "bn" });
  });

  test.each([
    ["en-US,en;q=0.9,bn;q=0.8", "en"],
    ["fr-FR,fr;q=0.9,bn;q=0.5", "bn"],
    ["de-DE,de;q=0.9", "en"],
    ["en;q=0.4,bn-IN;q=0.6", "bn"],
  ])("Accept-Language %j → %s", async (acceptLanguage, expected) => {
    const { response, browser } = await signUpWith({}, { "accept-language": acceptLanguage });
    expect(response.statusCode, response.body).toBe(200);
    expect((await browser.get("/api/me")).json()).toMatchObject({ language: expected });
  });

  test("the form's language comes before the browser's", async () => {
    const english = await signUpWith({ language: "en" }, { "accept-language": "bn-BD,bn;q=0.9" });
    expect(english.response.statusCode, english.response.body).toBe(200);
    expect((await english.browser.get("/api/me")).json()).toMatchObject({ language: "en" });
    const bangla = await signUpWith({ language: "bn" }, { "accept-language": "en-US" });
    expect(bangla.response.statusCode, bangla.response.body).toBe(200);
    expect((await bangla.browser.get("/api/me")).json()).toMatchObject({ language: "bn" });
  });

  for (const language of ["fr", "BN", "bn-BD", "", null, 1, true, ["bn"], { code: "bn" }]) {
    test(`language ${JSON.stringify(language)} → 400 naming the field, no account`, async () => {
      const { response, email } = await signUpWith({ language });
      expectValidationError(response, "language");
      expect(errorOf(response).fields?.language).toBe(languageMessage);
      expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    });
  }
});

// ------------------------------------------------------------------ PUT /api/me/language

describe("PUT /api/me/language", () => {
  test("sets the signed-in customer's language; GET /api/me shows it; and back", async () => {
    const account = await t.signUp();
    const toBangla = await putLanguage(account, { language: "bn" });
    expect(toBangla.statusCode, toBangla.body).toBe(200);
    expect(toBangla.json()).toEqual({ language: "bn" });
    expect(await meLanguage(account)).toBe("bn");
    const toEnglish = await putLanguage(account, { language: "en" });
    expect(toEnglish.json()).toEqual({ language: "en" });
    expect(await meLanguage(account)).toBe("en");
  });

  test("an admin sets their own too", async () => {
    const response = await putLanguage(admin, { language: "bn" });
    expect(response.statusCode, response.body).toBe(200);
    expect(await meLanguage(admin)).toBe("bn");
    await putLanguage(admin, { language: "en" });
  });

  for (const body of [
    {},
    { language: "fr" },
    { language: "EN" },
    { language: "" },
    { language: null },
    { language: 1 },
    { language: ["bn"] },
  ]) {
    test(`${JSON.stringify(body)} → 400 naming the field, nothing changes`, async () => {
      const account = await t.signUp();
      await putLanguage(account, { language: "bn" });
      const response = await putLanguage(account, body);
      expectValidationError(response, "language");
      expect(errorOf(response).message).toBe(languageMessage);
      expect(await languageInDb(account.userId)).toBe("bn");
    });
  }

  test("a body that is not a JSON object → 400, nothing changes", async () => {
    const account = await t.signUp();
    for (const raw of ['"bn"', "[]", "null", "{", "language=bn"]) {
      const response = await account.browser.request("PUT", "/api/me/language", { raw, contentType: "application/json" });
      expect(response.statusCode, `${raw}: ${response.body}`).toBe(400);
    }
    const form = await account.browser.request("PUT", "/api/me/language", {
      raw: "language=bn",
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    expect(await languageInDb(account.userId)).toBe("en");
  });

  test("signed out → 401; from another site → 403; nothing changes", async () => {
    const account = await t.signUp();
    const anonymous = await t.browser().request("PUT", "/api/me/language", { json: { language: "bn" } });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe("UNAUTHENTICATED");
    const forged = await putLanguage(account, { language: "bn" }, { origin: "https://evil.example" });
    expect(forged.statusCode).toBe(403);
    const noOrigin = await putLanguage(account, { language: "bn" }, { origin: null });
    expect(noOrigin.statusCode).toBe(403);
    expect(await languageInDb(account.userId)).toBe("en");
  });

  test("a suspended customer cannot", async () => {
    const account = await t.signUp();
    await t.db.update(profiles).set({ isSuspended: true }).where(eq(profiles.id, account.userId));
    const response = await putLanguage(account, { language: "bn" });
    expect(response.statusCode).toBe(403);
    expect(await languageInDb(account.userId)).toBe("en");
  });

  test("only one's own: another user's id in the body or the path changes nobody else", async () => {
    const rahim = await t.signUp();
    const karim = await t.signUp();
    const withId = await putLanguage(rahim, { language: "bn", userId: karim.userId, id: karim.userId });
    expect(withId.statusCode, withId.body).toBe(200);
    expect(await languageInDb(rahim.userId)).toBe("bn");
    expect(await languageInDb(karim.userId)).toBe("en");
    const inPath = await rahim.browser.request("PUT", `/api/me/language/${karim.userId}`, { json: { language: "bn" } });
    expect(inPath.statusCode).toBe(404);
    const onUsers = await rahim.browser.request("PUT", `/api/users/${karim.userId}/language`, { json: { language: "bn" } });
    expect(onUsers.statusCode).toBe(404);
    expect(await languageInDb(karim.userId)).toBe("en");
  });

  test("PATCH /api/me does not take a language (it has its own route)", async () => {
    const account = await t.signUp();
    const response = await account.browser.request("PATCH", "/api/me", { json: { language: "bn", fullName: "Rahim" } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ fullName: "Rahim", language: "en" });
  });

  test("the database refuses a language we have no words for", async () => {
    const account = await t.signUp();
    await expect(
      t.db
        .update(user)
        .set({ language: "fr" as "en" })
        .where(eq(user.id, account.userId)),
    ).rejects.toThrow();
    expect(await languageInDb(account.userId)).toBe("en");
  });
});

// ------------------------------------------------------------------ e-mails

describe("e-mails in the customer's language", () => {
  test("a Bangla customer's paid withdrawal: Bangla subject and body, the amount in Bengali digits and the number as the app shows it, TrxID in Latin", async () => {
    const { response, browser, email } = await signUpWith({ language: "bn" });
    expect(response.statusCode, response.body).toBe(200);
    const rahim: SignedUpUser = {
      browser,
      email,
      userId: response.json<{ user: { id: string } }>().user.id,
      password: "",
      username: "",
      country: "BD",
    };
    await t.outboxSender.deliverDue();
    const paid = await paidWithdrawal(rahim);
    await t.outboxSender.deliverDue();
    const mail = await newestMailTo(email);
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe("আপনার ১২,৫০০.০০ ৳ উত্তোলন সম্পন্ন হয়েছে");
    expect(mail.text).toContain("আমরা আপনার bKash ওয়ালেট 01712-345678 নম্বরে ১২,৫০০.০০ ৳ পাঠিয়েছি।");
    expect(mail.text).toContain(`bKash লেনদেন আইডি (TrxID): ${paid.trxId}`);
    expect(mail.text).toContain("ব্যালেন্স ও লেনদেন দেখতে Nexapay-তে সাইন ইন করুন।");
    expect(mail.text).not.toMatch(/Hello|We have paid|BDT/);
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.html).toContain("আপনার ১২,৫০০.০০ ৳ উত্তোলন সম্পন্ন হয়েছে</h1>");
  });

  test("an English customer's is as it always was", async () => {
    const karim = await t.signUp();
    await t.outboxSender.deliverDue();
    const paid = await paidWithdrawal(karim);
    await t.outboxSender.deliverDue();
    const mail = await newestMailTo(karim.email);
    expect(mail.subject).toBe("Your withdrawal of 12,500.00 BDT has been paid");
    expect(mail.text).toBe(
      [
        `Hello ${karim.username},`,
        "We have paid 12,500.00 BDT to your bKash wallet 01712-345678.",
        `bKash transaction ID (TrxID): ${paid.trxId}\nReference: ${paid.id.slice(0, 8)}`,
        "Sign in to Nexapay to see your balance and transactions.",
        `View transaction: ${publicUrl}/transactions/${paid.id}`,
        "Nexapay",
      ].join("\n\n") + "\n",
    );
    expect(mail.html).toContain('<!doctype html><html lang="en"><head>');
  });

  test("the language at sending time decides: PUT /api/me/language changes the e-mails queued before and after", async () => {
    const account = await t.signUp();
    await t.outboxSender.deliverDue();
    await fund(t, { userId: account.userId, amount: "5000", adminId: admin.userId });
    const first = await account.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "700" });
    expect(first.statusCode, first.body).toBe(201);
    const rejected = await admin.browser.post(`/api/admin/transactions/${first.json<TransactionDto>().id}/reject`, {
      reason: "Wrong number",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // Queued while English, sent after the change: written in Bangla.
    expect((await putLanguage(account, { language: "bn" })).statusCode).toBe(200);
    await t.outboxSender.deliverDue();
    const bangla = await newestMailTo(account.email);
    expect(bangla.subject).toBe("আপনার উত্তোলনের অনুরোধ প্রত্যাখ্যাত হয়েছে");
    expect(bangla.text).toContain("আপনার Nagad ওয়ালেট 01812-345678 নম্বরে ৭০০.০০ ৳ উত্তোলনের অনুরোধ প্রত্যাখ্যাত হয়েছে।");
    expect(bangla.text).toContain("কারণ: Wrong number");

    // And back to English.
    expect((await putLanguage(account, { language: "en" })).statusCode).toBe(200);
    const second = await account.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "800" });
    const approved = await admin.browser.post(`/api/admin/transactions/${second.json<TransactionDto>().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    await t.outboxSender.deliverDue();
    const english = await newestMailTo(account.email);
    expect(english.subject).toBe("Your withdrawal of 800.00 BDT has been paid");
  });

  test("a SIM approved and a verification rejected, in Bangla; the back office's reason in Bangla too", async () => {
    const account = await t.signUp();
    expect((await putLanguage(account, { language: "bn" })).statusCode).toBe(200);
    await t.outboxSender.deliverDue();

    const sim = await account.browser.post("/api/sims", { phoneNumber: "01712345670", walletType: "Personal" });
    expect(sim.statusCode, sim.body).toBe(201);
    const approved = await admin.browser.request("PATCH", `/api/admin/sims/${sim.json<SimDto>().id}`, { json: { status: "active" } });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.outboxSender.deliverDue();
    const simMail = await newestMailTo(account.email);
    expect(simMail.subject).toBe("আপনার সিম 01712-345670 অনুমোদিত হয়েছে");
    expect(simMail.text).toContain("আপনার সিম 01712-345670 (পার্সোনাল) অনুমোদিত হয়েছে এবং এখন সক্রিয়।");

    const upload = await uploadDocument(account.browser, { documentType: "passport", side: "front", bytes: makePng() });
    expect(upload.statusCode, upload.body).toBe(200);
    const rejected = await admin.browser.post(`/api/admin/verifications/${upload.json<VerificationDto>().id}/reject`, {
      reason: "Document expired",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await t.outboxSender.deliverDue();
    const verificationMail = await newestMailTo(account.email);
    expect(verificationMail.subject).toBe("আপনার পরিচয় যাচাই প্রত্যাখ্যাত হয়েছে");
    expect(verificationMail.text).toContain("কারণ: ডকুমেন্টের মেয়াদ শেষ");
  });

  test("the password-reset e-mail follows the language too", async () => {
    const account = await t.signUp();
    const ask = () => t.browser().post("/api/auth/request-password-reset", { email: account.email });

    expect((await ask()).statusCode).toBe(200);
    const english = await t.readLatestMail(account.email);
    expect(english.subject).toBe("Reset your Nexapay password");
    expect(english.text).toContain("Someone asked to reset the password of your Nexapay account.");

    await putLanguage(account, { language: "bn" });
    expect((await ask()).statusCode).toBe(200);
    const banglaRaw = await t.readLatestMail(account.email, { after: english });
    const bangla = await newestMailTo(account.email);
    expect(bangla.subject).toBe("আপনার Nexapay পাসওয়ার্ড রিসেট করুন");
    expect(bangla.text).toContain("আপনার Nexapay অ্যাকাউন্টের পাসওয়ার্ড রিসেট করার অনুরোধ এসেছে।");
    expect(bangla.text).toContain("এক ঘণ্টার মধ্যে এই লিংকটি খুলুন:");
    // The link is the same kind of link, and it works.
    expect(banglaRaw.resetToken).not.toBeNull();
    expect(bangla.text).toContain(`/reset-password?token=${encodeURIComponent(banglaRaw.resetToken!)}`);
    const reset = await t.browser().post("/api/auth/reset-password", { token: banglaRaw.resetToken, newPassword: "Fresh-Start-2025" });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});
