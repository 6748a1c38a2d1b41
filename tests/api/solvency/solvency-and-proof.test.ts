// Solvency and the proof of liabilities (decision 053; docs/proof-of-reserves.md): coverage as a
// person would compute it by hand, the float readings, the dashboard's alerts; a snapshot whose
// every customer's proof checks against the published root and fails when any byte is changed;
// nobody reads another's proof; a snapshot taken while approvals run is the ledger at its instant.
import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { queryRows } from "../../../src/server/db/db-handle.ts";
import { readCustomerProof } from "../../../src/server/proof-of-reserves/proof-queries.ts";
import { takeDailySolvencySnapshot } from "../../../src/server/solvency/solvency-view.ts";
import { checkProof, type LiabilityProof, type ProofNode } from "../../../src/shared/proof-of-liabilities.ts";
import type { ProofOfReservesDto, SolvencyDto } from "../../../src/shared/solvency-schemas.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, errorOf, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { fund } from "../../support/wallet/money.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest();

let t: TestApp;
let admin: EnrolledAdmin;
let superAdmin: EnrolledAdmin;
beforeAll(async () => {
  t = await createTestApp({ env: { FOUR_EYES_MIN_BDT: "0" } });
  admin = await signUpAdmin(t);
  superAdmin = await signUpAdmin(t, "super_admin");
});
afterAll(async () => {
  await t.close();
});

async function solvency(): Promise<SolvencyDto> {
  const response = await admin.browser.get("/api/admin/solvency");
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SolvencyDto>();
}

async function setReserveReading(address: string, micro: bigint | null, blacklisted: boolean | null): Promise<void> {
  await t.db.execute(sql`insert into reserve_readings (address, amount_micro, read_at, blacklisted, blacklist_checked_at)
    values (${address}, ${micro === null ? null : micro.toString()}::bigint, now(), ${blacklisted}, now())
    on conflict (address) do update set amount_micro = excluded.amount_micro, read_at = excluded.read_at, blacklisted = excluded.blacklisted`);
}

async function recordFloat(walletType: string, amountBdt: string, note = "") {
  return admin.browser.request("PUT", `/api/admin/solvency/floats/${walletType}`, { json: { amountBdt, note } });
}

async function withdrawAndPay(user: SignedUpUser, amount: string, reference: string): Promise<void> {
  const requested = await user.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount });
  expect(requested.statusCode, requested.body).toBe(201);
  const { id } = requested.json<TransactionDto>();
  const approved = await admin.browser.post(`/api/admin/transactions/${id}/approve`, { payoutReference: reference });
  expect(approved.statusCode, approved.body).toBe(200);
}

async function totalBalances(): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(t.db, sql`select coalesce(sum(balance_minor), 0)::text as total from profiles`);
  return BigInt(row!.total);
}

async function publish(): Promise<ProofOfReservesDto> {
  const response = await superAdmin.browser.post("/api/admin/proof-of-reserves/snapshots");
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProofOfReservesDto>();
}

describe("solvency, before anything is published", () => {
  test("the public proof answers 404 before the first snapshot; a customer's proof too", async () => {
    const response = await t.browser().get("/api/proof-of-reserves");
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe("No proof has been published yet.");
    const customer = await t.signUp();
    expect((await customer.browser.get("/api/me/proof-of-liabilities")).statusCode).toBe(404);
  });
});

describe("coverage", () => {
  test("equals the hand-computed figure after funding, a payout, a pending withdrawal and a float reading", async () => {
    const rahim = await t.signUp();
    const karim = await t.signUp();
    const before = await totalBalances();
    await fund(t, { userId: rahim.userId, amount: "10000", adminId: admin.userId });
    await fund(t, { userId: karim.userId, amount: "5000", adminId: admin.userId });
    expect((await recordFloat("bKash", "50000", "read in the bKash merchant app")).statusCode).toBe(200);
    await withdrawAndPay(rahim, "2000", "PAYOUTREF01");
    // Held money is still owed: a pending withdrawal changes nothing below.
    const pending = await karim.browser.post("/api/withdrawals", { walletType: "Nagad", walletNumber: "01812345678", amount: "1000" });
    expect(pending.statusCode, pending.body).toBe(201);
    await setReserveReading(t.config.depositAddress, 100_000_000n, false); // 100 USDT

    const figures = await solvency();
    const liabilities = before + 1_300_000n; // 10,000 − 2,000 + 5,000 BDT
    expect(figures.liabilitiesBdt).toBe(formatPoisha(liabilities));
    const bkash = figures.floats.find((f) => f.walletType === "bKash")!;
    expect(bkash).toMatchObject({ amountBdt: "50000.00", expectedBdt: "48000.00", note: "read in the bKash merchant app" });
    expect(figures.floats.find((f) => f.walletType === "Nagad")).toMatchObject({ amountBdt: null, expectedBdt: null });
    // 100 USDT × 125 = 12,500 BDT, plus the bKash float expected after the 2,000 BDT payout.
    expect(figures.usdtReserve).toMatchObject({ amount: "100", amountBdt: "12500.00", rate: "125" });
    expect(figures.reservesBdt).toBe("60500.00");
    const hundredths = (6_050_000n * 10_000n) / liabilities;
    expect(figures.coverage).toBe(`${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`);
  });

  test("a float reading is audited; bad input is refused and changes nothing", async () => {
    const ok = await recordFloat("Upay", "৭৫০০.৫০", "Bengali digits are read as amounts");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ walletType: "Upay", amountBdt: "7500.50", expectedBdt: "7500.50" });
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'solvency.float_recorded' and actor_id = ${admin.userId}`,
    );
    expect(audit!.n).toBeGreaterThanOrEqual(2);
    for (const [walletType, body, status] of [
      ["Paypal", { amountBdt: "1" }, 400],
      ["bkash", { amountBdt: "1" }, 400],
      ["Upay", { amountBdt: "-5" }, 400],
      ["Upay", { amountBdt: "1e3" }, 400],
      ["Upay", { amountBdt: "12.345" }, 400],
      ["Upay", {}, 400],
      ["Upay", { amountBdt: "1", note: "x".repeat(501) }, 400],
    ] as const) {
      const response = await admin.browser.request("PUT", `/api/admin/solvency/floats/${walletType}`, { json: body });
      expect(response.statusCode, `${walletType} ${JSON.stringify(body)}`).toBe(status);
    }
    const customer = await t.signUp();
    expect((await customer.browser.request("PUT", "/api/admin/solvency/floats/Upay", { json: { amountBdt: "1" } })).statusCode).toBe(403);
    expect((await t.browser().request("PUT", "/api/admin/solvency/floats/Upay", { json: { amountBdt: "1" } })).statusCode).toBe(401);
    expect((await customer.browser.get("/api/admin/solvency")).statusCode).toBe(403);
    expect((await solvency()).floats.find((f) => f.walletType === "Upay")!.amountBdt).toBe("7500.50");
  });

  test("the banner's alerts: coverage under 100 %, a drop of more than 2 % since the day's row, a frozen reserve", async () => {
    await setReserveReading(t.config.depositAddress, 100_000_000n, false);
    await t.db.execute(sql`delete from solvency_snapshots`);
    await takeDailySolvencySnapshot(t.db, { reserveAddresses: t.config.reserveAddresses, rateBdtPerUsdt: t.config.rateBdtPerUsdt });
    expect((await solvency()).alerts).toEqual([]);
    // The USDT leaves the deposit address: reserves fall far below what is owed.
    await setReserveReading(t.config.depositAddress, 0n, true);
    const alerts = (await solvency()).alerts;
    expect(alerts).toContainEqual({ kind: "coverage_dropped" });
    expect(alerts).toContainEqual({ kind: "reserve_blacklisted", address: t.config.depositAddress });
    await t.db.execute(
      sql`insert into float_readings (wallet_type, amount_minor, recorded_by) values ('bKash', 0, ${admin.userId}), ('Upay', 0, ${admin.userId})`,
    );
    expect((await solvency()).alerts).toContainEqual({ kind: "coverage_below_100" });
    await setReserveReading(t.config.depositAddress, 100_000_000n, false);
  });
});

function formatPoisha(poisha: bigint): string {
  return `${poisha / 100n}.${(poisha % 100n).toString().padStart(2, "0")}`;
}

/** 1,000 customers with balances, written straight into the tables (sign-ups through the API would take minutes). */
async function seedCustomers(count: number): Promise<void> {
  const ids = Array.from({ length: count }, () => randomUUID());
  // Zero balances, ordinary ones, and one above 2^53 (exact as bigint, never a float).
  const balances = ids.map((_, i) => (i === 1 ? 9_007_199_254_740_993n : BigInt(i % 7 === 0 ? 0 : (i * 7919) % 10_000_000)));
  await t.db.execute(sql`insert into "user" (id, name, email) select id, 'Seeded', 'seed-' || id || '@example.com'
    from unnest(string_to_array(${ids.join(",")}, ',')::uuid[]) as id`);
  await t.db.execute(sql`insert into profiles (id, username, country, balance_minor)
    select id, 'seed_' || replace(id::text, '-', ''), 'BD', b from unnest(string_to_array(${ids.join(",")}, ',')::uuid[],
      string_to_array(${balances.join(",")}, ',')::bigint[]) as t(id, b)`);
}

function tampered(proof: LiabilityProof, change: (copy: LiabilityProof) => void): LiabilityProof {
  const copy = structuredClone(proof);
  change(copy);
  return copy;
}

const flipHex = (text: string, at = 0) => text.slice(0, at) + (text[at] === "0" ? "1" : "0") + text.slice(at + 1);

describe("proof of liabilities", () => {
  let published: ProofOfReservesDto;
  beforeAll(async () => {
    await seedCustomers(1000);
    published = await publish();
  });

  test("the root's sum is the sum of every balance, its leaf count every profile", async () => {
    expect(BigInt(published.root.sum)).toBe(await totalBalances());
    const [profiles] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from profiles`);
    expect(published.leafCount).toBe(profiles!.n);
    expect(published.root.hash).toMatch(/^[0-9a-f]{64}$/);
    const publicAnswer = await t.browser().get("/api/proof-of-reserves");
    expect(publicAnswer.json()).toEqual(published);
  });

  test("every customer's proof checks against the published root; one changed byte anywhere fails", async () => {
    const users = await queryRows<{ id: string }>(t.db, sql`select id::text as id from profiles`);
    const root: ProofNode = published.root;
    let checked = 0;
    for (const { id } of users) {
      const proof = (await readCustomerProof(t.db, id))!;
      const result = await checkProof(sha256, proof, root);
      expect(result.ok, id).toBe(true);
      checked += 1;
      if (checked % 97 !== 1 || proof.path.length === 0) continue;
      // Tampering, on a sample: each change must break the check.
      const last = proof.path.length - 1;
      const changes: ((p: LiabilityProof) => void)[] = [
        (p) => (p.leaf.nonce = flipHex(p.leaf.nonce, 10)),
        (p) => (p.leaf.balance = (BigInt(p.leaf.balance) + 1n).toString()),
        (p) => (p.path[0]!.hash = flipHex(p.path[0]!.hash, 63)),
        (p) => (p.path[last]!.sum = (BigInt(p.path[last]!.sum) + 1n).toString()),
        (p) => (p.path[0]!.side = p.path[0]!.side === "left" ? "right" : "left"),
      ];
      for (const change of changes) expect((await checkProof(sha256, tampered(proof, change), root)).ok).toBe(false);
    }
    expect(checked).toBe(users.length);
  });

  test("a customer reads only their own proof, through the API, signed in", async () => {
    const rahim = await t.signUp();
    const other = await t.signUp();
    await fund(t, { userId: rahim.userId, amount: "1234.56", adminId: admin.userId });
    await publish();
    const own = await rahim.browser.get("/api/me/proof-of-liabilities");
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers["cache-control"]).toBe("no-store");
    const proof = own.json<LiabilityProof>();
    expect(proof.leaf.balance).toBe("123456");
    const published = (await t.browser().get("/api/proof-of-reserves")).json<ProofOfReservesDto>();
    expect((await checkProof(sha256, proof, published.root)).ok).toBe(true);
    // No way to name someone else: a parameter is ignored (the answer is the caller's own leaf), no path takes an id.
    const named = await other.browser.get(`/api/me/proof-of-liabilities?userId=${rahim.userId}`);
    expect(named.json<LiabilityProof>().leaf.balance).toBe("0");
    expect(named.json<LiabilityProof>().leaf.hash).not.toBe(proof.leaf.hash);
    for (const url of [`/api/me/proof-of-liabilities/${rahim.userId}`, `/api/me/Proof-Of-Liabilities`]) {
      expect((await other.browser.get(url)).statusCode, url).toBe(404);
    }
    expect((await t.browser().get("/api/me/proof-of-liabilities")).statusCode).toBe(401);
  });

  test("only a super admin publishes on demand", async () => {
    const response = await admin.browser.post("/api/admin/proof-of-reserves/snapshots");
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe("Only a super admin can publish a proof.");
    const customer = await t.signUp();
    expect((await customer.browser.post("/api/admin/proof-of-reserves/snapshots")).statusCode).toBe(403);
    expect((await t.browser().post("/api/admin/proof-of-reserves/snapshots")).statusCode).toBe(401);
  });

  test("a snapshot taken while approvals run is the ledger at its instant", async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, () => t.signUp()));
    for (const c of customers) await fund(t, { userId: c.userId, amount: "3000", adminId: admin.userId });
    const requests = [];
    for (const c of customers)
      for (let i = 0; i < 3; i += 1) {
        const r = await c.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "500" });
        expect(r.statusCode, r.body).toBe(201);
        requests.push(r.json<TransactionDto>().id);
      }
    const approvals = Promise.all(
      requests.map((id, i) =>
        admin.browser.post(`/api/admin/transactions/${id}/approve`, { payoutReference: `CONCUR${String(i).padStart(4, "0")}` }),
      ),
    );
    const snapshot = await publish();
    for (const response of await approvals) expect(response.statusCode, response.body).toBe(200);
    // Every leaf is its owner's ledger as of the snapshot's instant (the entries its database snapshot saw).
    const mismatches = await queryRows<{ user_id: string }>(
      t.db,
      sql`select l.user_id from por_leaves l join por_snapshots s on s.id = l.snapshot_id
          where s.id = ${snapshot.snapshotId} and l.user_id = any(string_to_array(${customers.map((c) => c.userId).join(",")}, ',')::uuid[])
            and l.balance_minor <> (
            select coalesce(sum(e.delta_minor), 0) from ledger_entries e
            where e.user_id = l.user_id and pg_visible_in_snapshot((e.xmin::text)::xid8, s.balances_snapshot::pg_snapshot))`,
    );
    expect(mismatches).toEqual([]);
    const [leaves] = await queryRows<{ total: string }>(
      t.db,
      sql`select sum(balance_minor)::text as total from por_leaves where snapshot_id = ${snapshot.snapshotId}`,
    );
    expect(snapshot.root.sum).toBe(leaves!.total);
  });
});
