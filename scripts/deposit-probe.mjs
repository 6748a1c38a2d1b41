// Replays, against a running server and its TronGrid simulator, the attacks on deposits that once
// worked (decision 038; docs/security.md, "Deposits nobody else can take"):
//
//   npm run chain:simulate                      # in one terminal: the simulator on :8090
//   TRON_API_URL=http://127.0.0.1:8090 CHAIN_POLL_SECONDS=5 DEPOSIT_AUTO_CREDIT=confirmed \
//     SIGNUPS_PER_IP_PER_MINUTE=100 npm start   # in another: a throwaway data folder
//   node scripts/deposit-probe.mjs http://localhost:3000 http://127.0.0.1:8090
//
// It signs customers up, files bait requests, copies and squats TXIDs, makes the simulator act as a
// hostile API (an item dated 2100, a 250 MB page, a transfer dated in the future), and checks over
// real HTTP that nobody is credited what is not theirs and that the watcher still sees real
// transfers. Each line says what was tried and what came of it; the exit code is non-zero if any
// attack worked. Automatic credit must be on: it is the setting where a wrong match is money gone.
import { randomBytes } from "node:crypto";
import bs58check from "bs58check";
import { probeBrowser } from "./probe-browser.mjs";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const simulator = (process.argv[3] ?? "http://127.0.0.1:8090").replace(/\/$/, "");
const password = "Probe-Password-2026";
const run = Date.now().toString(36);
let failures = 0;

function check(finding, refused, said) {
  if (!refused) failures += 1;
  console.log(`${refused ? "refused    " : "NOT REFUSED"}  ${finding} → ${said}`);
}

/** A customer's browser: a cookie jar, our Origin. */
const browser = () => probeBrowser(base);

async function signUp(name) {
  const b = browser();
  const email = `${name}-${run}@probe.example`;
  const answer = await b.post("/api/auth/sign-up/email", { email, password, name, username: `${name}_${run}`.slice(0, 20), country: "BD" });
  if (answer.status !== 200) throw new Error(`sign-up of ${name}: ${answer.status} ${JSON.stringify(answer.data)}`);
  return b;
}

async function requestDeposit(b, body) {
  const answer = await b.post("/api/deposits", body);
  if (answer.status !== 201) throw new Error(`deposit request: ${answer.status} ${JSON.stringify(answer.data)}`);
  return answer.data;
}

async function simulate(path, body) {
  const response = await fetch(simulator + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`simulator ${path}: ${response.status} ${await response.text()}`);
  return response.status === 204 ? null : response.json();
}

/** A fresh, well-formed TRON address (0x41 and 20 random bytes, base58check): a sender nobody holds. */
function randomAddress() {
  return bs58check.encode(Buffer.concat([Buffer.from([0x41]), randomBytes(20)]));
}

const balanceOf = async (b) => (await b.get("/api/wallet")).data.balance;
const transactionOf = async (b, id) => (await b.get(`/api/transactions/${id}`)).data;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` holds, polling the server every half second, for at most `seconds`. */
async function until(done, seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await done()) return true;
    await sleep(500);
  }
  return false;
}

async function main() {
  const health = await fetch(`${base}/api/health`).then((r) => r.json());
  if (health.chain?.state === "off") throw new Error("the server's chain watcher is off: start it with TRON_API_URL set to the simulator");

  // 1. Bait: 200 open requests for a popular sender and a round amount.
  const exchange = randomAddress();
  const attackers = [];
  for (let i = 0; i < 20; i += 1) attackers.push(await signUp(`bait${i}`));
  for (const attacker of attackers) {
    await Promise.all(Array.from({ length: 10 }, () => requestDeposit(attacker, { usdtAmount: "100", fromAddress: exchange })));
  }
  const victim = await signUp("victim");
  const real = await requestDeposit(victim, { usdtAmount: "100", fromAddress: exchange });
  console.log(`           the victim is told to send exactly ${real.payAmount} USDT, valid until ${real.expiresAt}`);
  await simulate("/simulator/transfers", { amount: real.payAmount, from: exchange });
  await simulate("/simulator/transfers", { amount: "100", from: exchange });
  const settled = await until(async () => (await transactionOf(victim, real.id)).status === "completed");
  const baitBalances = await Promise.all(attackers.map(balanceOf));
  check(
    "200 bait requests for the victim's sender and amount take the victim's 100 USDT",
    settled && baitBalances.every((b) => b === "0.00"),
    `victim ${settled ? "credited" : "NOT credited"} ${await balanceOf(victim)}, bait accounts ${[...new Set(baitBalances)].join(", ")}`,
  );

  // 2. A copied TXID: the thief names the victim's transfer, same sender and amount.
  const owner = await signUp("owner");
  const thief = await signUp("thief");
  const from = randomAddress();
  const ownRequest = await requestDeposit(owner, { usdtAmount: "40", fromAddress: from });
  const sent = await simulate("/simulator/transfers", { amount: ownRequest.payAmount, from });
  const copy = await thief.post("/api/deposits", { usdtAmount: "40", fromAddress: from, txid: sent.transaction_id });
  const ownerPaid = await until(async () => (await transactionOf(owner, ownRequest.id)).status === "completed");
  await sleep(6000); // one more poll for the thief's chance
  const copied = copy.status === 201 ? await transactionOf(thief, copy.data.id) : null;
  check(
    "a TXID copied off the chain credits the thief",
    ownerPaid && (await balanceOf(thief)) === "0.00" && copied?.receivedOnChain === false,
    `copy answered ${copy.status}; owner ${ownerPaid ? "credited" : "NOT credited"}, thief's balance ${await balanceOf(thief)}`,
  );

  // 3. A squatted TXID: named first with a wrong sender and amount, it must not block the owner.
  const squatter = await signUp("squatter");
  const victim2 = await signUp("victim2");
  const request2 = await requestDeposit(victim2, { usdtAmount: "60" });
  const sent2 = await simulate("/simulator/transfers", { amount: request2.payAmount });
  const squat = await squatter.post("/api/deposits", { usdtAmount: "61", fromAddress: randomAddress(), txid: sent2.transaction_id });
  const settled2 = await until(async () => (await transactionOf(victim2, request2.id)).status === "completed");
  const named = await victim2.post("/api/deposits", { usdtAmount: "60", txid: sent2.transaction_id });
  check(
    "a squatted TXID blocks the owner's deposit (or their own claim of it)",
    settled2 && named.status === 201,
    `squat answered ${squat.status}; owner ${settled2 ? "credited" : "NOT credited"}; owner naming it afterwards answered ${named.status}`,
  );

  // 4. One future-dated item of another token: the watcher must still see the next real transfer.
  await simulate("/simulator/hostile", { mode: "future-item", token: "other" });
  const customer = await signUp("after2100");
  const request3 = await requestDeposit(customer, { usdtAmount: "50" });
  await sleep(6000); // a poll reads the item from 2100
  await simulate("/simulator/transfers", { amount: request3.payAmount });
  const seen = await until(async () => (await transactionOf(customer, request3.id)).status === "completed");
  check("an item dated 2100 blinds the watcher", seen, `the next real 50 USDT was ${seen ? "seen and credited" : "NEVER SEEN"}`);

  // 5. A 250 MB page: abandoned, the API keeps answering, and the watcher recovers.
  await simulate("/simulator/hostile", { mode: "oversized-page" });
  await sleep(6000);
  const started = Date.now();
  const during = await fetch(`${base}/api/health`).then((r) => r.json());
  const answeredMs = Date.now() - started;
  await simulate("/simulator/hostile", { mode: null });
  const customer4 = await signUp("afterbig");
  const request4 = await requestDeposit(customer4, { usdtAmount: "30" });
  await simulate("/simulator/transfers", { amount: request4.payAmount });
  const seen4 = await until(async () => (await transactionOf(customer4, request4.id)).status === "completed", 40);
  check(
    "a 250 MB page stalls the API or blinds the watcher",
    answeredMs < 2000 && seen4,
    `health answered in ${answeredMs} ms with chain ${during.chain?.state}; the next transfer was ${seen4 ? "credited" : "NOT credited"}`,
  );

  // 6. A transfer dated in the future is not credited automatically.
  const customer5 = await signUp("future");
  const request5 = await requestDeposit(customer5, { usdtAmount: "20" });
  await simulate("/simulator/transfers", { amount: request5.payAmount, blockTime: Date.now() + 45_000 });
  await sleep(12_000); // two polls
  const early = await transactionOf(customer5, request5.id);
  check(
    "automatic credit trusts a block time in the future",
    early.status === "pending" && (await balanceOf(customer5)) === "0.00",
    `after two polls the deposit is ${early.status}, balance ${await balanceOf(customer5)}`,
  );

  console.log(failures === 0 ? "\nEvery deposit attack was refused." : `\n${failures} attack(s) NOT refused.`);
  process.exitCode = failures === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 2;
});
