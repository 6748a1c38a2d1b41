// Replays, against a running server with the product's defaults, what a thief with only a
// customer's e-mail and password once did (decision 039; docs/security.md, "A stolen password"):
//
//   DATA_DIR=/tmp/nexapay-probe npm start            # a fresh data folder, so /make-admin is open
//   node scripts/stolen-password-probe.mjs http://localhost:3000 /tmp/nexapay-probe
//
// It makes the first admin through the API (enrolling its authenticator as an app would), a victim
// customer whose identity that admin approves and whose balance it funds, and then acts as the thief
// from another "device": a withdrawal to a new bKash number in one request; a password change, then
// a withdrawal; the owner's view (their sessions, the alert e-mails in DATA_DIR/mail); a customer's
// authenticator; an unverified stranger's cash-out. Each line says what was tried and what came of
// it; the exit code is non-zero if an attack worked or a protection is missing.
import { createHmac } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { probeBrowser } from "./probe-browser.mjs";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const dataDir = process.argv[3] ?? "./data";
const run = Date.now().toString(36);
const password = "Probe-Password-2026";
let failures = 0;

function check(finding, refused, said) {
  if (!refused) failures += 1;
  console.log(`${refused ? "refused    " : "NOT REFUSED"}  ${finding} → ${said}`);
}

/** A browser: a cookie jar, our Origin, a user agent of its own. */
const browser = (userAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0 Safari/537.36") => probeBrowser(base, { userAgent });

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of an otpauth:// URI, as an authenticator app computes it. */
function totp(uri) {
  const secret = new URL(uri).searchParams.get("secret");
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g).map((byte) => parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = mac[mac.length - 1] & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

// A 1×1 PNG: the document content check wants a real image.
const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC", "base64");

async function signUp(name) {
  const b = browser();
  const email = `${name}-${run}@probe.example`;
  const answer = await b.post("/api/auth/sign-up/email", { email, password, name, username: `${name}_${run}`.slice(0, 20), country: "BD" });
  if (answer.status !== 200) throw new Error(`sign-up of ${name}: ${answer.status} ${JSON.stringify(answer.data)}`);
  const me = await b.get("/api/me");
  return { b, email, id: me.data.id };
}

async function makeAdmin() {
  const admin = browser();
  const email = `admin-${run}@probe.example`;
  const adminPassword = "Probe-Admin-Passphrase-2026";
  const made = await admin.post("/api/setup/first-admin", { email, password: adminPassword });
  if (made.status >= 300)
    throw new Error(`the first admin could not be made (is the data folder fresh?): ${made.status} ${JSON.stringify(made.data)}`);
  await admin.post("/api/auth/sign-in/email", { email, password: adminPassword });
  const enable = await admin.post("/api/auth/two-factor/enable", { password: adminPassword });
  const verify = await admin.post("/api/auth/two-factor/verify-totp", { code: totp(enable.data.totpURI) });
  if (verify.status !== 200) throw new Error(`admin enrolment: ${verify.status} ${JSON.stringify(verify.data)}`);
  return admin;
}

async function mailsTo(email) {
  const safe = email.replace(/[^A-Za-z0-9@._-]/g, "_");
  const dir = path.join(dataDir, "mail");
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(`-${safe}.eml`)).sort();
  return Promise.all(files.map(async (f) => (await readFile(path.join(dir, f), "utf8")).match(/^Subject: (.*)$/m)?.[1] ?? f));
}

const admin = await makeAdmin();
const victim = await signUp("victim");
for (const side of ["front", "back"]) await victim.b.putFile(`/api/verification/documents/national_id/${side}`, png);
const pending = await admin.get(`/api/admin/verifications?status=pending&q=${encodeURIComponent(victim.email)}`);
await admin.post(`/api/admin/verifications/${pending.data.items[0].id}/approve`);
await admin.post(`/api/admin/users/${victim.id}/balance-adjustments`, { direction: "add", amount: "20000", note: "probe" });

// 1. The thief signs in from a new device and asks for everything to a new bKash number.
const thief = browser("Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0");
await thief.post("/api/auth/sign-in/email", { email: victim.email, password });
const grab = await thief.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01999999999", amount: "20000" });
check(
  "a new device withdraws the balance to a new bKash number in one request",
  grab.status === 403 && grab.data.error?.code === "CONFIRMATION_REQUIRED",
  `${grab.status} ${grab.data.error?.code} (method ${grab.data.error?.method}, code sent to ${grab.data.error?.sentTo})`,
);
const guess = await thief.post("/api/withdrawals", {
  walletType: "bKash",
  walletNumber: "01999999999",
  amount: "20000",
  confirmationCode: "123456",
});
check("a guessed code confirms it", guess.status === 400, `${guess.status} ${guess.data.error?.code}`);

// 2. The thief changes the password first, then asks again.
const changed = await thief.post("/api/auth/change-password", { currentPassword: password, newPassword: "Thief-Owns-It-2026" });
const afterChange = await thief.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01999999999", amount: "20000" });
check(
  "a password change, then a withdrawal",
  changed.status === 200 && afterChange.status === 403 && afterChange.data.error?.code === "SECURITY_HOLD",
  `change ${changed.status}; withdrawal ${afterChange.status} ${afterChange.data.error?.code} until ${afterChange.data.error?.until}`,
);

// 3. What the owner sees: the alerts, each with its freeze link.
await new Promise((resolve) => setTimeout(resolve, 2000)); // the outbox sender, woken by each request
const subjects = await mailsTo(victim.email);
check(
  "the owner hears nothing until the payout e-mail",
  subjects.some((subject) => /new sign-in/i.test(subject)) && subjects.some((subject) => /password was changed/i.test(subject)),
  `${subjects.length} e-mails: ${subjects.join(" | ")}`,
);
const thiefSessions = await thief.get("/api/me/sessions");
check(
  "the owner has no list of sessions to end the thief's",
  thiefSessions.status === 200 && thiefSessions.data.items.length >= 1,
  `GET /api/me/sessions ${thiefSessions.status}: ${thiefSessions.data.items?.map((s) => `${s.device} from ${s.ipAddress}${s.current ? " (this one)" : ""}`).join(", ")}`,
);

// 4. A customer can turn on an authenticator app.
const careful = await signUp("careful");
const enable = await careful.b.post("/api/auth/two-factor/enable", { password });
const enrolled =
  enable.status === 200 ? await careful.b.post("/api/auth/two-factor/verify-totp", { code: totp(enable.data.totpURI) }) : enable;
const signIn = await browser().post("/api/auth/sign-in/email", { email: careful.email, password });
check(
  "customers cannot turn on a second factor",
  enrolled.status === 200 && signIn.data.twoFactorRedirect === true,
  `enable ${enable.status}, verify ${enrolled.status}; a password-only sign-in answers ${JSON.stringify(signIn.data)}`,
);

// 5. An unverified stranger deposits and cashes out.
const stranger = await signUp("stranger");
await admin.post(`/api/admin/users/${stranger.id}/balance-adjustments`, { direction: "add", amount: "5000", note: "probe" });
const cashOut = await stranger.b.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01888888888", amount: "5000" });
check(
  "an unverified account cashes out",
  cashOut.status === 403 && cashOut.data.error?.code === "VERIFICATION_REQUIRED",
  `${cashOut.status} ${cashOut.data.error?.code}: ${cashOut.data.error?.message}`,
);

const cache = (await stranger.b.get("/api/wallet")).headers.get("cache-control");
check("private answers are cached", cache === "no-store", `GET /api/wallet Cache-Control: ${cache}`);

process.exit(failures === 0 ? 0 : 1);
