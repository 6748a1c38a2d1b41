// Customer protection (decision 039): the owner is told of a sign-in from a new device or network
// by an e-mail whose "This wasn't me" link freezes the account (everyone signed out, withdrawals
// stopped, a reset e-mail sent); only another admin unfreezes it, with a note; and the back office
// sees the facts beside each withdrawal. The freeze token is never in a log line.
import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { and, count, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { AdminTransactionDetailDto, AdminTransactionDto, AdminUserDto } from "../../../src/shared/admin-schemas.ts";
import {
  accountFreezeLinks,
  auditLog,
  emailOutbox,
  profiles,
  session,
  signInPlaces,
  transactions,
  user as userTable,
} from "../../../src/server/db/schema.ts";
import { newSignInWithin } from "../../../src/server/account-security/sign-in-places.ts";
import { freezeTokenHash } from "../../../src/server/account-security/security-alerts.ts";
import type { Mailer } from "../../../src/server/mail/mailer.ts";
import { createOutboxSender } from "../../../src/server/mail/outbox-sender.ts";
import { createTestApp, errorOf, publicUrl, type Browser, type Mail, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { fund } from "../../support/wallet/money.ts";

const chromeOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";
const safariOnIphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

const logLines: string[] = [];
let t: TestApp;
let admin: EnrolledAdmin;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  // The app logs at its most talkative level into memory: the last test searches it for every freeze token seen.
  t = await createTestApp({ logger: { level: "trace", stream } });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

// ------------------------------------------------------------------ reading the alerts' .eml files

type Alert = { file: Mail; subject: string; text: string; html: string };

/** RFC 2047 encoded words, as nodemailer writes a non-ASCII subject. */
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

function splitMessage(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r?\n[ \t]+/g, " ")
    .split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split).replace(/^\r?\n\r?\n/, "") };
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

/** A templated message (text and HTML parts), its subject and parts decoded. */
function decodedAlert(mail: Mail): Alert {
  const { headers, body } = splitMessage(mail.raw);
  const alert: Alert = { file: mail, subject: decodeWords(headers.get("subject") ?? ""), text: "", html: "" };
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  const parts = boundary === undefined ? [] : body.split(`--${boundary}`).slice(1, -1);
  for (const part of parts) {
    const partOf = splitMessage(part.replace(/^\r?\n/, "").replace(/\r?\n$/, ""));
    const type = partOf.headers.get("content-type") ?? "text/plain";
    if (type.startsWith("text/html")) alert.html = decodeBody(partOf.headers, partOf.body);
    else if (type.startsWith("text/plain")) alert.text = decodeBody(partOf.headers, partOf.body);
  }
  return alert;
}

/** The newest message to `email`, after delivering what is due. */
async function latestAlert(email: string): Promise<Alert> {
  await t.outboxSender.deliverDue();
  return decodedAlert(await t.readLatestMail(email));
}

/** Every freeze token the tests saw; none may appear in the log. */
const freezeTokens = new Set<string>();

/** Signs in with a user agent of its own, in `browser` (a new one, with its own IP, unless given). */
async function signInAs(user: SignedUpUser, options: { userAgent?: string; ip?: string; browser?: Browser } = {}): Promise<Browser> {
  const browser = options.browser ?? t.browser();
  const response = await browser.post(
    "/api/auth/sign-in/email",
    { email: user.email, password: user.password },
    {
      ...(options.userAgent ? { headers: { "user-agent": options.userAgent } } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
    },
  );
  expect(response.statusCode, response.body).toBe(200);
  return browser;
}

async function mailsTo(email: string): Promise<number> {
  await t.outboxSender.deliverDue();
  return (await t.mailFilesTo(email)).length;
}

function freezeLinkOf(mail: Alert): { link: string; token: string } {
  const link = /https?:\/\/\S+\/freeze\?token=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no freeze link in ${mail.subject}`);
  const token = new URL(link).searchParams.get("token")!;
  freezeTokens.add(token);
  return { link, token };
}

/** A sign-in from a new device, and the alert it sends. */
async function alertFromNewDevice(user: SignedUpUser): Promise<{ mail: Alert; link: string; token: string; browser: Browser }> {
  const browser = await signInAs(user, { userAgent: chromeOnWindows });
  const mail = await latestAlert(user.email);
  expect(mail.subject).toBe("New sign-in to your Nexapay account");
  return { mail, browser, ...freezeLinkOf(mail) };
}

function freeze(token: unknown, browser: Browser = t.browser()) {
  return browser.post("/api/account/freeze", { token });
}

async function frozenAtOf(userId: string): Promise<Date | null> {
  const [row] = await t.db.select({ frozenAt: profiles.frozenAt }).from(profiles).where(eq(profiles.id, userId));
  return row!.frozenAt;
}

async function auditRows(action: string, targetId: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt));
}

async function sessionCount(userId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(session).where(eq(session.userId, userId));
  return row?.n ?? 0;
}

describe("sign-ins from new devices and networks", () => {
  test("sign-up records the account's first device and network, as not new, and sends no alert", async () => {
    const user = await t.signUp();
    const places = await t.db.select().from(signInPlaces).where(eq(signInPlaces.userId, user.userId));
    expect(places.map((place) => place.kind).sort()).toEqual(["device", "network"]);
    expect(places.every((place) => !place.newToAccount && /^[0-9a-f]{64}$/.test(place.valueHash))).toBe(true);
    expect(await mailsTo(user.email)).toBe(0);
    expect(await newSignInWithin(t.db, user.userId, 24)).toBe(false);
  });

  test("the same device on the same network again: no alert", async () => {
    const user = await t.signUp();
    // Another browser of the test app: the same user agent, an address in the same /24.
    await signInAs(user);
    await signInAs(user);
    expect(await mailsTo(user.email)).toBe(0);
    expect(await newSignInWithin(t.db, user.userId, 24)).toBe(false);
  });

  test("a new device: an alert with the device, the IP address, the time and a freeze link; the same device again: none", async () => {
    const user = await t.signUp();
    const { mail, link } = await alertFromNewDevice(user);
    expect(mail.text).toContain("Device: Chrome, Windows\n");
    expect(mail.text).toMatch(/IP address: 10\.\d+\.\d+\.\d+\n/);
    expect(mail.text).toMatch(/Time: \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Dhaka time\)/);
    expect(link).toMatch(new RegExp(`^${publicUrl}/freeze\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail.text).toContain(`If this wasn't you, freeze your account now: ${link}\n`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(await newSignInWithin(t.db, user.userId, 24)).toBe(true);

    await signInAs(user, { userAgent: chromeOnWindows });
    expect(await mailsTo(user.email)).toBe(1);
  });

  test("a new network, same device: an alert; an address in the same /24 afterwards: none", async () => {
    const user = await t.signUp();
    await signInAs(user, { ip: "198.51.100.7" });
    expect(await mailsTo(user.email)).toBe(1);
    await signInAs(user, { ip: "198.51.100.200" });
    expect(await mailsTo(user.email)).toBe(1);
    await signInAs(user, { ip: "2001:db8:abcd:12::1" });
    await signInAs(user, { ip: "2001:db8:abcd:ffff::2" });
    expect(await mailsTo(user.email)).toBe(2);
  });

  test("security mail goes even to a customer who turned decision e-mails off, in their language", async () => {
    const user = await t.signUp();
    await t.db.update(profiles).set({ emailNotifications: false }).where(eq(profiles.id, user.userId));
    expect((await user.browser.request("PUT", "/api/me/language", { json: { language: "bn" } })).statusCode).toBe(200);
    await signInAs(user, { userAgent: safariOnIphone });
    const mail = await latestAlert(user.email);
    expect(mail.subject).toBe("আপনার Nexapay অ্যাকাউন্টে নতুন সাইন ইন");
    expect(mail.text).toContain("ডিভাইস: Safari, iOS\n");
    freezeLinkOf(mail);
  });
});

describe("the freeze link", () => {
  test("freezes: everyone signed out, frozen_at set, the link used, audited, a reset e-mail sent; a second click answers the same", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "5000", adminId: admin.userId });
    const pending = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "500" });
    expect(pending.statusCode, pending.body).toBe(201);
    const { token, browser: thief, mail } = await alertFromNewDevice(user);
    expect((await thief.get("/api/me")).statusCode).toBe(200);

    const page = t.browser();
    const answer = await freeze(token, page);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ frozen: true });

    // Both browsers' sessions are gone.
    expect((await user.browser.get("/api/me")).statusCode).toBe(401);
    expect((await thief.get("/api/me")).statusCode).toBe(401);
    expect(await sessionCount(user.userId)).toBe(0);
    const frozenAt = await frozenAtOf(user.userId);
    expect(frozenAt).toBeInstanceOf(Date);
    const [link] = await t.db
      .select()
      .from(accountFreezeLinks)
      .where(eq(accountFreezeLinks.tokenHash, freezeTokenHash(token)));
    expect(link!.usedAt).toBeInstanceOf(Date);
    const audits = await auditRows("user.frozen_by_owner", user.userId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: user.userId, targetType: "user", ip: page.ip });

    // The reset e-mail, through the outbox like every other (decision 046).
    const reset = await t.readLatestMail(user.email, { after: mail.file });
    expect(reset.subject).toBe("Reset your Nexapay password");
    expect(reset.resetToken).not.toBeNull();

    // The withdrawal asked for before the freeze stays pending: the admins decide.
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, pending.json<{ id: string }>().id));
    expect(row!.status).toBe("pending");

    // A second click (another tab, a second look): the same answer, nothing more changes.
    const again = await freeze(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ frozen: true });
    expect(await frozenAtOf(user.userId)).toEqual(frozenAt);
    expect(await auditRows("user.frozen_by_owner", user.userId)).toHaveLength(1);

    // The owner signs in again (after the reset, say): withdrawals are refused while frozen.
    const back = await signInAs(user);
    const refused = await back.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "100" });
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
  });

  test("an unknown, expired or malformed token is a 400 that changes nothing", async () => {
    const user = await t.signUp();
    const { token } = await alertFromNewDevice(user);
    const invalid = { code: "VALIDATION_ERROR", message: "This link is not valid or has expired." };

    expect(errorOf(await freeze("A".repeat(43)))).toMatchObject(invalid);
    for (const body of ["short", "", "x".repeat(201), "bad token with spaces!", 42, null]) {
      const response = await freeze(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe(invalid.message);
    }
    const noBody = await t.browser().post("/api/account/freeze", {});
    expect(noBody.statusCode).toBe(400);
    expect(errorOf(noBody).message).toBe(invalid.message);

    // Expired: the link's 30 days are over.
    await t.db
      .update(accountFreezeLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountFreezeLinks.tokenHash, freezeTokenHash(token)));
    const expired = await freeze(token);
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toEqual({ ...invalid, fields: { token: invalid.message } });

    expect(await frozenAtOf(user.userId)).toBeNull();
    expect((await user.browser.get("/api/me")).statusCode).toBe(200);
    expect(await auditRows("user.frozen_by_owner", user.userId)).toHaveLength(0);
  });

  test("from another site, refused like every state-changing request", async () => {
    const user = await t.signUp();
    const { token } = await alertFromNewDevice(user);
    const response = await t.browser().post("/api/account/freeze", { token }, { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(await frozenAtOf(user.userId)).toBeNull();
  });
});

describe("the admin's unfreeze", () => {
  async function frozenUser(): Promise<SignedUpUser> {
    const user = await t.signUp();
    const { token } = await alertFromNewDevice(user);
    expect((await freeze(token)).statusCode).toBe(200);
    return user;
  }

  const unfreeze = (id: string, body: unknown, browser: Browser = admin.browser) => browser.post(`/api/admin/users/${id}/unfreeze`, body);

  test("shows the freeze in the users list, needs a note, and unfreezes with an audit entry", async () => {
    const user = await frozenUser();
    const listed = await admin.browser.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
    const row = listed.json<{ items: AdminUserDto[] }>().items.find((item) => item.id === user.userId)!;
    expect(row.frozenAt).toEqual((await frozenAtOf(user.userId))!.toISOString());

    for (const body of [{}, { note: "" }, { note: "   " }, { note: 5 }, null]) {
      const response = await unfreeze(user.userId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).message).toBe("Write why you are unfreezing this account");
    }
    const tooLong = await unfreeze(user.userId, { note: "x".repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toBe("Note must be at most 500 characters");
    expect(await frozenAtOf(user.userId)).not.toBeNull();

    const done = await unfreeze(user.userId, { note: " Called the owner on 017…: it was them. " });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ id: user.userId, frozenAt: null });
    expect(await frozenAtOf(user.userId)).toBeNull();
    const [entry] = await auditRows("user.unfrozen", user.userId);
    expect(entry).toMatchObject({ actorId: admin.userId, targetType: "user", details: { note: "Called the owner on 017…: it was them." } });

    const after = await admin.browser.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(after.json<{ items: AdminUserDto[] }>().items.find((item) => item.id === user.userId)!.frozenAt).toBeNull();

    // Not frozen any more: 409.
    const twice = await unfreeze(user.userId, { note: "again" });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice)).toEqual({ code: "CONFLICT", message: "This account is not frozen." });
  });

  test("never the admin's own account, an unknown user is 404, and customers may not", async () => {
    await t.db.update(profiles).set({ frozenAt: new Date() }).where(eq(profiles.id, admin.userId));
    const own = await unfreeze(admin.userId, { note: "it was me" });
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toEqual({ code: "FORBIDDEN", message: "You cannot decide on your own account." });
    expect(await frozenAtOf(admin.userId)).not.toBeNull();
    await t.db.update(profiles).set({ frozenAt: null }).where(eq(profiles.id, admin.userId));

    const unknown = await unfreeze(randomUUID(), { note: "who?" });
    expect(unknown.statusCode).toBe(404);

    const user = await frozenUser();
    const customer = await t.signUp();
    expect((await unfreeze(user.userId, { note: "me too" }, customer.browser)).statusCode).toBe(403);
    expect(await frozenAtOf(user.userId)).not.toBeNull();
  });
});

describe("risk facts beside a withdrawal", () => {
  async function listed(id: string): Promise<AdminTransactionDto> {
    const response = await admin.browser.get("/api/admin/transactions?type=all&pageSize=50");
    expect(response.statusCode, response.body).toBe(200);
    const row = response.json<{ items: AdminTransactionDto[] }>().items.find((item) => item.id === id);
    if (!row) throw new Error(`transaction ${id} not in the first page`);
    return row;
  }

  async function detail(id: string): Promise<AdminTransactionDetailDto> {
    const response = await admin.browser.get(`/api/admin/transactions/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminTransactionDetailDto>();
  }

  async function withdraw(browser: Browser, walletNumber: string): Promise<string> {
    const response = await browser.post("/api/withdrawals", { walletType: "bKash", walletNumber, amount: "500" });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  test("a new number vs one paid before; a new device in 24 hours; frozen; the second factor; none for deposits", async () => {
    const user = await t.signUp();
    await fund(t, { userId: user.userId, amount: "5000", adminId: admin.userId });
    const first = await withdraw(user.browser, "01812345678");
    expect((await listed(first)).risk).toEqual({
      newNumber: true,
      newDeviceSignIn24h: false,
      frozenByCustomer: false,
      secondFactor: false,
    });
    expect((await detail(first)).risk).toEqual((await listed(first)).risk);

    // The new number's alert went to the owner, with its own freeze link.
    const alert = await latestAlert(user.email);
    expect(alert.subject).toBe("Withdrawal to a new number: 500.00 BDT to bKash 01812-345678");
    freezeLinkOf(alert);

    // Another withdrawal to the same number, while the first is still pending: still new.
    const second = await withdraw(user.browser, "01812345678");
    expect((await listed(second)).risk!.newNumber).toBe(true);

    const approve = await admin.browser.post(`/api/admin/transactions/${first}/approve`, { payoutReference: "9K3LQ2PA7X" });
    expect(approve.statusCode, approve.body).toBe(200);
    // Paid once: the other withdrawal to it is no longer to a new number; the paid one itself is not either (no other paid).
    expect((await listed(second)).risk!.newNumber).toBe(false);
    expect((await listed(first)).risk!.newNumber).toBe(true);

    // A sign-in from a new device, then a withdrawal to another number.
    const { token } = await alertFromNewDevice(user);
    const third = await withdraw(user.browser, "01912345678");
    expect((await listed(third)).risk).toMatchObject({ newNumber: true, newDeviceSignIn24h: true });
    // 25 hours later, the sign-in is no longer recent.
    await t.db
      .update(signInPlaces)
      .set({ firstSeenAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(signInPlaces.userId, user.userId));
    expect((await listed(third)).risk!.newDeviceSignIn24h).toBe(false);

    expect((await freeze(token)).statusCode).toBe(200);
    expect((await listed(third)).risk!.frozenByCustomer).toBe(true);
    expect((await detail(third)).risk!.frozenByCustomer).toBe(true);

    // The second factor: the user's own flag.
    await t.db.update(userTable).set({ twoFactorEnabled: true }).where(eq(userTable.id, user.userId));
    expect((await listed(third)).risk!.secondFactor).toBe(true);

    // A deposit (here the admin's set-up credit, and a customer's request) has none.
    const deposit = await admin.browser.get("/api/admin/transactions?type=deposit&pageSize=50");
    const deposits = deposit.json<{ items: AdminTransactionDto[] }>().items;
    expect(deposits.length).toBeGreaterThan(0);
    expect(deposits.every((row) => row.risk === null)).toBe(true);
  });
});

describe("the freeze token in logs", () => {
  test("a failed send of an alert logs and keeps no token, even when the mail server quotes the message", async () => {
    const user = await t.signUp();
    await signInAs(user, { userAgent: "curl/8.5.0", ip: "192.0.2.10" });
    const [row] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.userId, user.userId), eq(emailOutbox.template, "security.new_sign_in")));
    const token = (row!.params as { freezeToken: string }).freezeToken;
    freezeTokens.add(token);

    const lines: string[] = [];
    const log = {
      info: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })),
      warn: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })),
      error: (obj: object, msg: string) => lines.push(JSON.stringify({ ...obj, msg })),
    };
    // A mail server that refuses the message and, as some do, quotes it back in its error.
    const quoting: Mailer = { send: (message) => Promise.reject(new Error(`550 refused: ${message.text}`)) };
    const sender = createOutboxSender({ db: t.db, mailer: quoting, pollSeconds: 3600, domain: "nexapay.test", publicUrl, log });
    await sender.deliverDue();
    await sender.stop();

    expect(lines.join("\n")).toContain("outbox: sending failed, will retry");
    expect(lines.join("\n")).toContain("550 refused");
    expect(lines.join("\n")).not.toContain(token);
    const [failed] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(failed!.lastError).toContain("[redacted]");
    expect(failed!.lastError).not.toContain(token);

    // The real sender then sends it.
    await t.db.update(emailOutbox).set({ nextAttemptAt: new Date() }).where(eq(emailOutbox.id, row!.id));
    expect((await latestAlert(user.email)).text).toContain(token);
  });

  test("no freeze token seen by these tests is in the app's log, though its link was opened and posted", async () => {
    const user = await t.signUp();
    const { token } = await alertFromNewDevice(user);
    // The page the link opens (the web app is not served in tests: a logged 404 with the query).
    expect((await t.browser().get(`/freeze?token=${token}`)).statusCode).toBe(404);
    expect((await freeze(token)).statusCode).toBe(200);
    expect(freezeTokens.size).toBeGreaterThan(5);
    const log = logLines.join("");
    expect(log).toContain("/freeze?token=[redacted]");
    for (const seen of freezeTokens) expect(log.includes(seen), "a freeze token in the log").toBe(false);
  });
});
