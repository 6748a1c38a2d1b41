// Replays, against a running server, the attacks that once worked (docs/security.md lists them):
//
//   npm start                                   # a fresh data folder: no admin yet
//   node scripts/security-probe.mjs http://localhost:3000
//
// It creates the first admin through /api/setup (so it needs a server where none exists yet),
// enrols TOTP the way an authenticator app would, signs customers up, and tries each attack over
// real HTTP. Each line says what was tried and what the server answered; the exit code is non-zero
// if any attack was not refused. It changes the data of the server it runs against: use a
// throwaway one.
import { crc32, deflateSync } from "node:zlib";
import * as OTPAuth from "otpauth";
import { probeBrowser } from "./probe-browser.mjs";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const password = "Probe-Password-2026";
const run = Date.now().toString(36);
let failures = 0;

const browser = () => probeBrowser(base);

function check(finding, refused, answer) {
  if (!refused) failures += 1;
  const said = typeof answer.data === "object" && answer.data?.error ? `${answer.data.error.code}: ${answer.data.error.message}` : "";
  console.log(`${refused ? "refused    " : "NOT REFUSED"}  ${finding} → ${answer.status} ${said}`);
}

function expectOk(step, answer, status = 200) {
  if (answer.status !== status) throw new Error(`${step}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

async function signUp(name) {
  const b = browser();
  const email = `${name}-${run}@example.com`;
  const data = expectOk(
    `sign-up ${name}`,
    await b.post("/api/auth/sign-up/email", { email, password, username: `${name}_${run}`.slice(0, 20), country: "BD" }),
  );
  return { browser: b, email, userId: data.user.id };
}

async function signIn(email, b = browser()) {
  expectOk(`sign-in ${email}`, await b.post("/api/auth/sign-in/email", { email, password }));
  return b;
}

async function enrol(b) {
  const { totpURI } = expectOk("two-factor enable", await b.post("/api/auth/two-factor/enable", { password }));
  const totp = OTPAuth.URI.parse(totpURI);
  expectOk("two-factor verify", await b.post("/api/auth/two-factor/verify-totp", { code: totp.generate() }));
  return totp;
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A 2×2 PNG of one colour (a real image: the server checks the content, not the name). */
function png(red) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.from([0, red, 0, 0, red, 0, 0]);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.concat([row, row]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

async function upload(b, side, bytes) {
  const boundary = `----probe${run}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return b.send("PUT", `/api/verification/documents/national_id/${side}`, {
    body,
    contentType: `multipart/form-data; boundary=${boundary}`,
  });
}

async function main() {
  const setup = expectOk("setup status", await browser().get("/api/setup"));
  if (!setup.needsFirstAdmin) throw new Error("an admin exists already: run this against a fresh server (a new DATA_DIR)");
  const adminEmail = `probe-admin-${run}@example.com`;
  expectOk("first admin", await browser().post("/api/setup/first-admin", { email: adminEmail, password }), 201);
  const admin = await signIn(adminEmail);
  await enrol(admin);
  expectOk("admin reads the back office", await admin.get("/api/admin/stats"));
  const adminId = expectOk("admin's own account", await admin.get("/api/me")).id;

  // 1. A cross-site request on a re-spelt path.
  const customer = await signUp("probe");
  const deposit = expectOk(
    "customer deposit",
    await customer.browser.post("/api/deposits", { fromAddress: "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74", usdtAmount: "20" }),
    201,
  );
  for (const path of [`/%61pi/admin/transactions/${deposit.id}/approve`, `//api/admin/transactions/${deposit.id}/approve`]) {
    const answer = await admin.post(path, undefined, { origin: "https://evil.example" });
    check(`cross-site POST ${path}`, answer.status === 403, answer);
  }

  // 2. An admin deciding on their own account.
  const own = expectOk(
    "admin's own deposit",
    await admin.post("/api/deposits", { fromAddress: "TKBTfBqELELT4JwJepyXTD18pcAVTpGe74", usdtAmount: "20" }),
    201,
  );
  const approveOwn = await admin.post(`/api/admin/transactions/${own.id}/approve`);
  check("admin approves their own deposit", approveOwn.status === 403, approveOwn);
  const adjustOwn = await admin.post(`/api/admin/users/${adminId}/balance-adjustments`, { direction: "add", amount: "1000.00" });
  check("admin adds 1,000.00 to their own balance", adjustOwn.status === 403, adjustOwn);

  // 3. A password-only session becoming an admin session.
  const promoted = await signUp("promoted");
  const device1 = promoted.browser;
  expectOk("promote", await admin.post("/api/admin/admins/promote", { email: promoted.email, adminRole: "admin" }));
  await signIn(promoted.email, device1);
  const device2 = await signIn(promoted.email);
  await enrol(device2);
  const stale = await device1.get("/api/admin/stats");
  check("device 1's password-only session reads /api/admin/stats after enrolment on device 2", stale.status === 401, stale);

  // 4. A suspended customer's open event stream.
  const watcher = await signUp("watcher");
  const controller = new AbortController();
  const stream = await fetch(`${base}/api/events`, {
    headers: { cookie: watcher.browser.cookieHeader() },
    signal: controller.signal,
  });
  const ended = (async () => {
    const reader = stream.body.getReader();
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => false);
  expectOk("suspend", await admin.send("PATCH", `/api/admin/users/${watcher.userId}`, { json: { isSuspended: true } }));
  const endedInTime = await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 35_000))]);
  controller.abort();
  check("a suspended customer's open /api/events stream keeps running", endedInTime === true, {
    status: endedInTime ? "ended" : "still open after 35 s",
    data: null,
  });

  // 5. Swapping approved identity documents.
  const verified = await signUp("verified");
  expectOk("upload front", await upload(verified.browser, "front", png(10)));
  const uploaded = expectOk("upload back", await upload(verified.browser, "back", png(20)));
  expectOk("approve verification", await admin.post(`/api/admin/verifications/${uploaded.id}/approve`));
  const swap = await upload(verified.browser, "front", png(200));
  check("upload a different front image after approval", swap.status === 409, swap);

  // 6. A NUL byte in a search.
  for (const [who, b, path] of [
    ["customer", customer.browser, "/api/transactions?q=%00"],
    ["admin", admin, "/api/admin/transactions?q=%00"],
  ]) {
    const answer = await b.get(path);
    check(`${who} GET ${path}`, answer.status === 400, answer);
  }

  // 7. A framework error in the framework's own shape.
  const long = await admin.get(`/api/admin/users/${"a".repeat(200)}/profile`);
  check(
    "a path parameter over the router's limit answers our error object",
    long.status === 414 && typeof long.data?.error?.code === "string" && !String(long.data.error.code).startsWith("FST_"),
    long,
  );

  console.log(failures === 0 ? "\nEvery attack was refused." : `\n${failures} attack(s) NOT refused.`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error.message ?? error);
  process.exit(2);
});
