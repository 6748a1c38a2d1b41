// The ledger check (docs/operations.md, Checking the ledger): findLedgerBreaches(db) and `npm run ledger:check` find nothing
// after real flows, and find each kind of breach in a deliberately corrupted database, so that the
// check every other wallet test leans on can itself fail.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { TransactionRollbackError } from "drizzle-orm/errors";
import { openDatabase, queryRows, type Db } from "../../../src/server/db/client.ts";
import { ledgerEntries, profiles, transactions, user } from "../../../src/server/db/schema.ts";
import { adjustBalance } from "../../../src/server/wallet/adjust-balance.ts";
import { approveTransaction } from "../../../src/server/wallet/approve-transaction.ts";
import { createDeposit } from "../../../src/server/wallet/request-deposit.ts";
import { createdWithdrawal, createWithdrawal, unconfirmedOwnerChecks } from "../../../src/server/wallet/request-withdrawal.ts";
import { findLedgerBreaches, type LedgerBreach } from "../../../src/server/wallet/ledger-check.ts";
import { limitsFrom } from "../../../src/server/wallet/limits.ts";
import type { TransactionDto } from "../../../src/shared/wallet-schemas.ts";
import { createTestApp, type SignedUpUser, type TestApp } from "../../support/test-app.ts";
import { signUpAdmin, type EnrolledAdmin } from "../../support/wallet/admin.ts";
import { creditOf, fund, tronAddress } from "../../support/wallet/money.ts";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const kind = inject("dbKind");
const run = promisify(execFile);

let t: TestApp;
let admin: EnrolledAdmin;
let customer: SignedUpUser;
/** A completed deposit, a pending deposit and a completed withdrawal of the customer's. */
const rows = { completedDeposit: "", pendingDeposit: "", completedWithdrawal: "" };
/** The customer's balance after the set-up: 40 USDT's exact amount to pay at 125 (decision 038), − 1,000.00 + 99.99. */
let balance = 0n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  customer = await t.signUp();
  const post = async (url: string, body: unknown) => (await customer.browser.post(url, body)).json<TransactionDto>().id;
  const deposit = (await customer.browser.post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "40" })).json<TransactionDto>();
  rows.completedDeposit = deposit.id;
  balance = creditOf(deposit) - 100_000n + 9_999n;
  expect((await admin.browser.post(`/api/admin/transactions/${rows.completedDeposit}/approve`)).statusCode).toBe(200);
  rows.pendingDeposit = await post("/api/deposits", { fromAddress: tronAddress(), usdtAmount: "10" });
  rows.completedWithdrawal = await post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "1000" });
  expect((await admin.browser.post(`/api/admin/transactions/${rows.completedWithdrawal}/approve`)).statusCode).toBe(200);
  await fund(t, { userId: customer.userId, amount: "99.99", adminId: admin.userId });
});
afterAll(async () => {
  await t.close();
});

/** Runs `corrupt`, hands the breaches found to `check`, and always puts the database back. */
async function whileCorrupted(corrupt: () => Promise<unknown>, repair: () => Promise<unknown>, check: () => Promise<void>): Promise<void> {
  await corrupt();
  try {
    await check();
  } finally {
    await repair();
  }
  expect(await findLedgerBreaches(t.db)).toEqual([]);
}

/** whileCorrupted for one of the customer's profile figures, one poisha up and back, behind the ledger's back. */
function whileProfileNudged(figure: "balanceMinor" | "heldMinor", check: () => Promise<void>): Promise<void> {
  const nudge = (by: number) =>
    t.db
      .update(profiles)
      .set({ [figure]: sql`${profiles[figure]} + ${by}` })
      .where(eq(profiles.id, customer.userId));
  return whileCorrupted(
    () => nudge(1),
    () => nudge(-1),
    check,
  );
}

describe("findLedgerBreaches(db)", () => {
  test("finds nothing after deposits, withdrawals, approvals and adjustments", async () => {
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, customer.userId));
    expect(profile?.balanceMinor).toBe(balance); // 40.0001 to 40.01 USDT (5,000.01 to 5,001.25) − 1,000.00 + 99.99
    expect(balance >= 410_000n && balance <= 410_124n).toBe(true);
    expect(await findLedgerBreaches(t.db)).toEqual([]);
  });

  test("a balance one poisha off its ledger is a breach", async () => {
    await whileProfileNudged("balanceMinor", async () => {
      expect(await findLedgerBreaches(t.db)).toEqual([
        {
          rule: "balance equals the sum of ledger deltas",
          detail: { user_id: customer.userId, balance: String(balance + 1n), ledger_sum: String(balance) },
        },
      ]);
    });
  });

  test("held money one poisha off the sum of the pending withdrawals is a breach", async () => {
    await whileProfileNudged("heldMinor", async () => {
      expect(await findLedgerBreaches(t.db)).toEqual([
        {
          rule: "held money equals the sum of pending withdrawals",
          detail: { user_id: customer.userId, held: "1", pending_sum: "0" },
        },
      ]);
    });
  });

  test("a completed transaction without a ledger entry is a breach", async () => {
    const setStatus = (status: "pending" | "completed") =>
      t.db.update(transactions).set({ status }).where(eq(transactions.id, rows.pendingDeposit));
    await whileCorrupted(
      () => setStatus("completed"),
      () => setStatus("pending"),
      async () => {
        expect(await findLedgerBreaches(t.db)).toEqual([
          { rule: "every completed transaction has a ledger entry", detail: { id: rows.pendingDeposit } },
        ]);
      },
    );
  });

  test("a ledger entry for a transaction that is not completed is a breach", async () => {
    const setStatus = (status: "rejected" | "completed") =>
      t.db.update(transactions).set({ status }).where(eq(transactions.id, rows.completedDeposit));
    await whileCorrupted(
      () => setStatus("rejected"),
      () => setStatus("completed"),
      async () => {
        expect(await findLedgerBreaches(t.db)).toEqual([
          { rule: "only completed transactions have ledger entries", detail: { id: rows.completedDeposit, status: "rejected" } },
        ]);
      },
    );
  });

  test("a ledger entry that moves a different amount, or moves it the wrong way, is a breach", async () => {
    const setAmount = (amountMinor: bigint) =>
      t.db.update(transactions).set({ amountMinor }).where(eq(transactions.id, rows.completedWithdrawal));
    await whileCorrupted(
      () => setAmount(100_001n),
      () => setAmount(100_000n),
      async () => {
        expect(await findLedgerBreaches(t.db)).toEqual([
          {
            rule: "a ledger entry moves exactly its transaction's amount, for its user",
            detail: { id: rows.completedWithdrawal, type: "withdraw", amount: "100001", delta: "-100000" },
          },
        ]);
      },
    );
    const setType = (type: "deposit" | "withdraw") =>
      t.db.update(transactions).set({ type }).where(eq(transactions.id, rows.completedWithdrawal));
    await whileCorrupted(
      () => setType("deposit"),
      () => setType("withdraw"),
      async () => {
        expect((await findLedgerBreaches(t.db)).map((breach) => breach.rule)).toEqual([
          "a ledger entry moves exactly its transaction's amount, for its user",
        ]);
      },
    );
  });

  test("a ledger entry on someone else's account is a breach", async () => {
    // ledger_entries is append-only (migration 0005): an entry can no longer be moved to another
    // account after the fact, so the same breach is written as new rows instead: a completed
    // transaction of the customer's, credited to their balance, whose entry lands on another
    // account. Nothing could remove those rows afterwards, so they are written inside a database
    // transaction that is rolled back once the check has seen them.
    const other = await t.signUp();
    let bogusId = "";
    const breaches = await breachesInsideRolledBack(async (tx) => {
      const [bogus] = await tx
        .insert(transactions)
        .values({ userId: customer.userId, type: "deposit", amountMinor: 50_000n, status: "completed", origin: "admin_adjustment" })
        .returning();
      if (!bogus) throw new Error("the bogus transaction was not inserted");
      bogusId = bogus.id;
      await tx
        .update(profiles)
        .set({ balanceMinor: sql`${profiles.balanceMinor} + 50000` })
        .where(eq(profiles.id, customer.userId));
      await tx
        .insert(ledgerEntries)
        .values({ userId: other.userId, transactionId: bogus.id, deltaMinor: 50_000n, balanceAfterMinor: 50_000n });
    });
    expect(breaches.map((breach) => breach.rule).sort()).toEqual([
      "a ledger entry moves exactly its transaction's amount, for its user",
      "balance equals the sum of ledger deltas",
      "balance equals the sum of ledger deltas",
    ]);
    expect(breaches).toEqual(
      expect.arrayContaining([
        {
          rule: "a ledger entry moves exactly its transaction's amount, for its user",
          detail: { id: bogusId, type: "deposit", amount: "50000", delta: "50000" },
        },
        {
          rule: "balance equals the sum of ledger deltas",
          detail: { user_id: customer.userId, balance: String(balance + 50_000n), ledger_sum: String(balance) },
        },
        { rule: "balance equals the sum of ledger deltas", detail: { user_id: other.userId, balance: "0", ledger_sum: "50000" } },
      ]),
    );
    expect(await findLedgerBreaches(t.db)).toEqual([]);
    expect(await t.db.select().from(transactions).where(eq(transactions.id, bogusId))).toEqual([]);
  });
});

describe("the held money kept on the profile (migration 0020) follows every way a withdrawal moves", () => {
  async function heldOf(userId: string): Promise<bigint> {
    const [row] = await t.db.select({ held: profiles.heldMinor }).from(profiles).where(eq(profiles.id, userId));
    return row!.held;
  }
  async function walletHeld(who: SignedUpUser): Promise<string> {
    return (await who.browser.get("/api/wallet")).json<{ heldBalance: string }>().heldBalance;
  }

  test("requests add to it; a rejection, an approval or a status written by hand takes away; the ledger check agrees throughout", async () => {
    const owner = await t.signUp();
    await fund(t, { userId: owner.userId, amount: "5000", adminId: admin.userId });
    const request = async (amount: string) =>
      (await owner.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount })).json<TransactionDto>()
        .id;
    const first = await request("600");
    const second = await request("700");
    const third = await request("800");
    expect(await heldOf(owner.userId)).toBe(210_000n);
    expect(await walletHeld(owner)).toBe("2100.00");
    expect(await findLedgerBreaches(t.db)).toEqual([]);

    // More than what is left available is refused, and holds nothing.
    const tooMuch = await owner.browser.post("/api/withdrawals", { walletType: "bKash", walletNumber: "01712345678", amount: "2900.01" });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(await heldOf(owner.userId)).toBe(210_000n);

    expect((await admin.browser.post(`/api/admin/transactions/${first}/reject`, { reason: "Wrong number" })).statusCode).toBe(200);
    expect(await heldOf(owner.userId)).toBe(150_000n);
    const paid = await admin.browser.post(`/api/admin/transactions/${second}/approve`, { payoutReference: "9K3LQ2PA7X" });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await heldOf(owner.userId)).toBe(80_000n);
    expect(await walletHeld(owner)).toBe("800.00");

    // A row written by hand (a seed, a repair) moves it too, in the same statement.
    await t.db.update(transactions).set({ status: "rejected" }).where(eq(transactions.id, third));
    expect(await heldOf(owner.userId)).toBe(0n);
    expect(await findLedgerBreaches(t.db)).toEqual([]);
    const [inserted] = await t.db
      .insert(transactions)
      .values({ userId: owner.userId, type: "withdraw", amountMinor: 12_345n, status: "pending", reference: "bKash:01712345678" })
      .returning();
    expect(await heldOf(owner.userId)).toBe(12_345n);
    await t.db.delete(transactions).where(eq(transactions.id, inserted!.id));
    expect(await heldOf(owner.userId)).toBe(0n);
    expect(await findLedgerBreaches(t.db)).toEqual([]);
  });
});

/**
 * Runs `corrupt` in a database transaction, answers the breaches found inside it, and rolls it all
 * back: the way to corrupt the append-only ledger for a moment.
 */
async function breachesInsideRolledBack(corrupt: (tx: Db) => Promise<void>): Promise<LedgerBreach[]> {
  const seen: { breaches?: LedgerBreach[] } = {};
  const outcome = await t.db
    .transaction(async (tx) => {
      await corrupt(tx);
      seen.breaches = await findLedgerBreaches(tx);
      tx.rollback();
    })
    .then(
      () => null,
      (error: unknown) => error,
    );
  expect(outcome).toBeInstanceOf(TransactionRollbackError);
  if (!seen.breaches) throw new Error("the check did not run");
  return seen.breaches;
}

// ------------------------------------------------------------------ the command

type Run = { code: number; stdout: string; stderr: string };

// Each run starts npm, tsx and a database connection (with PGlite, the database itself): on a busy
// two-core machine that takes many seconds.
const commandTimeoutMs = 180_000;

/** `npm run ledger:check` in a child process with the given environment. */
async function ledgerCheck(env: Record<string, string>): Promise<Run> {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", "ledger:check"], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: "silent", NODE_ENV: "test", ...env },
      timeout: commandTimeoutMs,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    // Only an exit status is an answer; a command that could not start or was killed is a failure.
    if (typeof failed.code !== "number") throw error;
    return { code: failed.code, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

describe("npm run ledger:check", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "nexapay-ledger-check-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });
  // The child process must never fall back to ./data or invent a secret there.
  const baseEnv = () => ({ DATA_DIR: dataDir, AUTH_SECRET: "ledger-check-test-secret-of-32-characters-or-more" });

  test.runIf(kind === "postgres")(
    "against PostgreSQL (DATABASE_URL): exit 0 when the ledger holds, 1 with the breach on stderr when a balance is off",
    async () => {
      const [{ name } = { name: "" }] = await queryRows<{ name: string }>(t.db, sql`select current_database() as name`);
      const url = new URL(inject("postgresAdminUrl"));
      url.pathname = `/${name}`;
      const env = { ...baseEnv(), DATABASE_URL: url.toString() };

      const clean = await ledgerCheck(env);
      expect(clean, clean.stderr).toMatchObject({ code: 0 });
      expect(clean.stdout).toContain("ledger:check: every balance equals its ledger");

      const nudge = (by: number) =>
        t.db
          .update(profiles)
          .set({ balanceMinor: sql`${profiles.balanceMinor} + ${by}` })
          .where(eq(profiles.id, customer.userId));
      await nudge(1);
      try {
        const broken = await ledgerCheck(env);
        expect(broken.code).toBe(1);
        expect(broken.stderr).toContain("BREACH balance equals the sum of ledger deltas");
        expect(broken.stderr).toContain(customer.userId);
      } finally {
        await nudge(-1);
      }
    },
    commandTimeoutMs,
  );

  test.runIf(kind === "pglite")(
    "against the embedded database in DATA_DIR: exit 0 when the ledger holds, 1 with the breach on stderr when a balance is off",
    async () => {
      // The server's own default set-up: PGlite with its files in $DATA_DIR/db, written here by the
      // ledger services and read by the command once this process has closed it.
      const userId = randomUUID();
      // Another person decides: no admin approves or adjusts their own account.
      const adminId = randomUUID();
      const seed = await openDatabase({ kind: "pglite", dataDir });
      // The deposit's credit is its exact amount to pay at the rate, drawn by the database (decision 038).
      let ledgerSum = 0n;
      try {
        await seed.db.insert(user).values({ id: userId, name: "ledger", email: `${userId}@example.com` });
        await seed.db.insert(user).values({ id: adminId, name: "ledger admin", email: `${adminId}@example.com` });
        await seed.db.insert(profiles).values({ id: userId, username: `u${userId.slice(0, 8)}`, country: "BD" });
        const limits = limitsFrom(t.config);
        const deposit = await createDeposit(seed.db, {
          userId,
          fromAddress: tronAddress(),
          usdtMicro: 20_000_000n,
          amountPoisha: 250_000n,
          rate: "125",
          ratePoisha: 12_500n,
          idempotencyKey: null,
          limits,
          windowMinutes: 60,
          openMax: 10,
        });
        await approveTransaction(seed.db, { id: deposit.transaction.id, adminId });
        const withdrawal = createdWithdrawal(
          await createWithdrawal(seed.db, {
            userId,
            walletType: "bKash",
            walletNumber: "01712345678",
            amountPoisha: 60_000n,
            idempotencyKey: null,
            limits,
            ownerChecks: unconfirmedOwnerChecks(60_000n),
          }),
        );
        await approveTransaction(seed.db, { id: withdrawal.transaction.id, adminId });
        await adjustBalance(seed.db, { userId, direction: "add", amountPoisha: 1n, note: null, adminId });
        ledgerSum = deposit.transaction.amountMinor - 60_000n + 1n;
      } finally {
        await seed.close();
      }
      const clean = await ledgerCheck(baseEnv());
      expect(clean, clean.stderr).toMatchObject({ code: 0 });
      expect(clean.stdout).toContain("ledger:check: every balance equals its ledger");

      const corrupt = await openDatabase({ kind: "pglite", dataDir });
      try {
        await corrupt.db.execute(sql`update profiles set balance_minor = balance_minor + 1 where id = ${userId}`);
      } finally {
        await corrupt.close();
      }
      const broken = await ledgerCheck(baseEnv());
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain("BREACH balance equals the sum of ledger deltas");
      expect(broken.stderr).toContain(`"balance":"${ledgerSum + 1n}","ledger_sum":"${ledgerSum}"`);
    },
    commandTimeoutMs,
  );
});
