// Every way money moves (docs/architecture.md, Money rules). Each function is one database transaction: the status change,
// the balance change, the ledger entry, the audit entry and the event commit together or not at all.
// Functions take the database handle first so they run the same on PGlite and PostgreSQL.
import assert from "node:assert/strict";
import { and, eq, gte, inArray, ne, sql, sum, type SQL } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { displayBdt, formatBdt, formatUsdt } from "#shared/money.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import { writeAudit } from "../audit/audit-log.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { startOfDhakaDay } from "../db/dhaka-day.ts";
import { ledgerEntries, profiles, transactions } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { notifyChange } from "../realtime/notify.ts";

export type TransactionRow = typeof transactions.$inferSelect;

export type Limits = {
  depositMinMicro: bigint; // 0 = no minimum
  withdrawalMinPoisha: bigint; // 0 = no minimum
  withdrawalDailyMaxPoisha: bigint; // 0 = no maximum
};

/** The limits as configured (docs/architecture.md, Configuration); a limit of 0 is off. */
export function limitsFrom(config: Config): Limits {
  return {
    depositMinMicro: BigInt(config.depositMinUsdt) * 1_000_000n,
    withdrawalMinPoisha: BigInt(config.withdrawalMinBdt) * 100n,
    withdrawalDailyMaxPoisha: BigInt(config.withdrawalDailyMaxBdt) * 100n,
  };
}

export function toTransactionDto(row: TransactionRow): TransactionDto {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    amount: formatBdt(row.amountMinor),
    usdtAmount: row.usdtMicro === null ? null : formatUsdt(row.usdtMicro),
    rate: row.rate,
    status: row.status,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/** A created transaction, and whether it was created by an earlier request with the same key. */
export type Created = { transaction: TransactionRow; replayed: boolean };

// ------------------------------------------------------------------ customers' requests

export async function createDeposit(
  db: Db,
  input: {
    userId: string;
    fromAddress: string;
    usdtMicro: bigint;
    amountPoisha: bigint;
    rate: string;
    idempotencyKey: string | null;
    limits: Limits;
  },
): Promise<Created> {
  const { limits } = input;
  if (limits.depositMinMicro > 0n && input.usdtMicro < limits.depositMinMicro) {
    const min = formatUsdt(limits.depositMinMicro);
    throw new AppError(400, errorCodes.limitExceeded, `The minimum deposit is ${min} USDT`, {
      usdtAmount: `The minimum deposit is ${min} USDT`,
    });
  }
  if (input.amountPoisha <= 0n) {
    throw new AppError(400, errorCodes.validation, "Please enter a valid amount greater than 0", {
      usdtAmount: "Please enter a valid amount greater than 0",
    });
  }
  const values = {
    userId: input.userId,
    type: "deposit" as const,
    amountMinor: input.amountPoisha,
    usdtMicro: input.usdtMicro,
    rate: input.rate,
    reference: `${formatUsdt(input.usdtMicro)} USDT from ${input.fromAddress}`,
    idempotencyKey: input.idempotencyKey,
  };
  return db.transaction(async (tx) => {
    const replay = await findReplay(tx, values);
    if (replay) return replay;
    const [created] = await tx.insert(transactions).values(values).onConflictDoNothing().returning();
    if (!created) {
      // A parallel request with the same key won the insert: answer what it created. The only
      // unique key an insert with a random id can hit is (user, idempotency key), and the winner
      // has committed once the insert gives way, so its row is there to be read.
      const winner = await findReplay(tx, values);
      assert(winner, "an insert that gave way to a parallel one finds that one's row");
      return winner;
    }
    await writeAudit(tx, {
      actorId: input.userId,
      action: "transaction.deposit_requested",
      targetType: "transaction",
      targetId: created.id,
      details: { amount: formatBdt(created.amountMinor), usdtAmount: formatUsdt(input.usdtMicro) },
    });
    await notifyChange(tx, { table: "transactions", userId: input.userId, id: created.id });
    return { transaction: created, replayed: false };
  });
}

export async function createWithdrawal(
  db: Db,
  input: {
    userId: string;
    walletType: string;
    walletNumber: string;
    amountPoisha: bigint;
    idempotencyKey: string | null;
    limits: Limits;
    now?: Date;
  },
): Promise<Created> {
  const { limits } = input;
  if (limits.withdrawalMinPoisha > 0n && input.amountPoisha < limits.withdrawalMinPoisha) {
    const message = `The minimum withdrawal is ${displayBdt(limits.withdrawalMinPoisha)}`;
    throw new AppError(400, errorCodes.limitExceeded, message, { amount: message });
  }
  const values = {
    userId: input.userId,
    type: "withdraw" as const,
    amountMinor: input.amountPoisha,
    reference: `${input.walletType}:${input.walletNumber}`,
    idempotencyKey: input.idempotencyKey,
  };
  return db.transaction(async (tx) => {
    // Row lock: two withdrawals must not both pass the available-balance check.
    const [profile] = await tx.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, input.userId)).for("update");
    if (!profile) throw new AppError(404, errorCodes.notFound, "Profile not found");

    const replay = await findReplay(tx, values);
    if (replay) return replay;

    const held = await heldPoisha(tx, input.userId);
    if (input.amountPoisha > profile.balance - held) {
      throw new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance, { amount: messages.insufficientBalance });
    }
    if (limits.withdrawalDailyMaxPoisha > 0n) {
      const today = await withdrawnTodayPoisha(tx, input.userId, input.now ?? new Date());
      if (today + input.amountPoisha > limits.withdrawalDailyMaxPoisha) {
        const left = limits.withdrawalDailyMaxPoisha - today;
        const message = `This exceeds the daily withdrawal limit of ${displayBdt(limits.withdrawalDailyMaxPoisha)}. You can withdraw up to ${displayBdt(left > 0n ? left : 0n)} more today.`;
        throw new AppError(409, errorCodes.limitExceeded, message, { amount: message });
      }
    }
    const [created] = await tx.insert(transactions).values(values).returning();
    assert(created, "an insert without ON CONFLICT answers its row or throws");
    await writeAudit(tx, {
      actorId: input.userId,
      action: "transaction.withdrawal_requested",
      targetType: "transaction",
      targetId: created.id,
      details: { amount: formatBdt(input.amountPoisha), reference: values.reference },
    });
    await notifyChange(tx, { table: "transactions", userId: input.userId, id: created.id });
    return { transaction: created, replayed: false };
  });
}

/**
 * Idempotency: the same key again answers the first result; the same key with other
 * parameters is a 409. Keys are per user.
 */
async function findReplay(
  db: Db,
  values: { userId: string; type: string; amountMinor: bigint; reference: string; idempotencyKey: string | null },
): Promise<Created | null> {
  if (values.idempotencyKey === null) return null;
  const [existing] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, values.userId), eq(transactions.idempotencyKey, values.idempotencyKey)));
  if (!existing) return null;
  // Only a broken query could answer another user's row or another key; a client's mismatch is below.
  assert(
    existing.userId === values.userId && existing.idempotencyKey === values.idempotencyKey,
    "a replay is the same user's, with the same key",
  );
  const same = existing.type === values.type && existing.amountMinor === values.amountMinor && existing.reference === values.reference;
  if (!same) throw new AppError(409, errorCodes.idempotencyConflict, messages.idempotencyConflict);
  return { transaction: existing, replayed: true };
}

/** The pending withdrawals of a user (an id, or a column holding one). */
function pendingWithdrawalsOf(userId: string | typeof profiles.id) {
  return and(eq(transactions.userId, userId), eq(transactions.type, "withdraw"), eq(transactions.status, "pending"));
}

/** Money promised to pending withdrawals: not spendable, not yet gone. */
export async function heldPoisha(db: Db, userId: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(transactions.amountMinor) })
    .from(transactions)
    .where(pendingWithdrawalsOf(userId));
  return BigInt(row?.total ?? "0");
}

/**
 * The money held for the pending withdrawals of the user in a column, as a scalar subquery (text,
 * for bigint exactness): a statement that also reads the balance reads both from one snapshot. Two
 * statements could straddle an approval, which takes a withdrawal out of the held money and out of
 * the balance at once; the balance read before it and the held money read after it would overstate
 * what is available.
 */
export function heldBy(userId: typeof profiles.id): SQL<string> {
  return sql<string>`(select coalesce(sum(${transactions.amountMinor}), 0)::text from ${transactions} where ${pendingWithdrawalsOf(userId)})`;
}

/** Withdrawals asked for today (pending or paid), "today" being the calendar day in Asia/Dhaka. */
async function withdrawnTodayPoisha(db: Db, userId: string, now: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sum(transactions.amountMinor) })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.type, "withdraw"),
        eq(transactions.origin, "customer"),
        inArray(transactions.status, ["pending", "completed"]),
        gte(transactions.createdAt, startOfDhakaDay(now)),
      ),
    );
  return BigInt(row?.total ?? "0");
}

// ------------------------------------------------------------------ admins' decisions

/**
 * Approve: a conditional status update (only a pending row changes, so 50 parallel
 * approvals credit once, and never the acting admin's own), then the balance change, guarded by
 * the balance >= 0 check.
 */
export async function approveTransaction(db: Db, input: { id: string; adminId: string; ip?: string }): Promise<TransactionRow> {
  return db.transaction(async (tx) => {
    const [approved] = await tx
      .update(transactions)
      .set({ status: "completed", processedAt: sql`now()`, processedBy: input.adminId })
      .where(decidableBy(input.adminId, input.id))
      .returning();
    if (!approved) throw await notDecidableError(tx, input);
    const delta = approved.type === "deposit" ? approved.amountMinor : -approved.amountMinor;
    await postToLedger(tx, approved, delta);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "transaction.approved",
      targetType: "transaction",
      targetId: approved.id,
      details: { userId: approved.userId, type: approved.type, amount: formatBdt(approved.amountMinor) },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "transactions", userId: approved.userId, id: approved.id });
    return approved;
  });
}

/** Reject: a conditional status update and an audit entry; no money moves. */
export async function rejectTransaction(
  db: Db,
  input: { id: string; adminId: string; reason: string | null; ip?: string },
): Promise<TransactionRow> {
  return db.transaction(async (tx) => {
    const [rejected] = await tx
      .update(transactions)
      .set({ status: "rejected", processedAt: sql`now()`, processedBy: input.adminId, rejectReason: input.reason })
      .where(decidableBy(input.adminId, input.id))
      .returning();
    if (!rejected) throw await notDecidableError(tx, input);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "transaction.rejected",
      targetType: "transaction",
      targetId: rejected.id,
      details: { userId: rejected.userId, type: rejected.type, amount: formatBdt(rejected.amountMinor), reason: input.reason },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "transactions", userId: rejected.userId, id: rejected.id });
    return rejected;
  });
}

/**
 * The rows an admin may decide on: still pending, and not their own. Both conditions sit in the
 * conditional update itself, so no request can slip between a check and the change.
 */
function decidableBy(adminId: string, id: string) {
  return and(eq(transactions.id, id), eq(transactions.status, "pending"), ne(transactions.userId, adminId));
}

/**
 * Why the conditional update changed nothing: an unknown id is a 404; the admin's own transaction
 * is a 403 whatever its status (the answer depends on who asks, not on whether another admin was
 * quicker); anyone else's is a 409, as it was already decided.
 */
async function notDecidableError(db: Db, input: { id: string; adminId: string }): Promise<AppError> {
  const [existing] = await db.select({ userId: transactions.userId }).from(transactions).where(eq(transactions.id, input.id));
  if (!existing) return new AppError(404, errorCodes.notFound, messages.transactionNotFound);
  if (existing.userId === input.adminId) return new AppError(403, errorCodes.forbidden, messages.ownAccount);
  return new AppError(409, errorCodes.alreadyProcessed, messages.alreadyProcessed);
}

/**
 * Admin adjustment: a transaction completed at once, through the same ledger path.
 * Subtracting cannot reach money held for a pending withdrawal.
 */
export async function adjustBalance(
  db: Db,
  input: { userId: string; direction: "add" | "subtract"; amountPoisha: bigint; note: string | null; adminId: string; ip?: string },
): Promise<TransactionRow> {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, input.userId)).for("update");
    if (!profile) throw new AppError(404, errorCodes.notFound, "User not found");
    // No admin moves money on their own account; another admin does it for them.
    if (input.userId === input.adminId) throw new AppError(403, errorCodes.forbidden, messages.ownAccount);
    if (input.direction === "subtract" && input.amountPoisha > profile.balance - (await heldPoisha(tx, input.userId))) {
      throw new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance, { amount: messages.insufficientBalance });
    }
    const [created] = await tx
      .insert(transactions)
      .values({
        userId: input.userId,
        type: input.direction === "add" ? "deposit" : "withdraw",
        amountMinor: input.amountPoisha,
        status: "completed",
        reference: input.direction === "add" ? "Manual add by admin" : "Manual subtract by admin",
        origin: "admin_adjustment",
        processedAt: sql`now()`,
        processedBy: input.adminId,
      })
      .returning();
    const delta = input.direction === "add" ? input.amountPoisha : -input.amountPoisha;
    assert(created, "an insert without ON CONFLICT answers its row or throws");
    const balanceAfter = await postToLedger(tx, created, delta);
    await writeAudit(tx, {
      actorId: input.adminId,
      action: "balance.adjusted",
      targetType: "user",
      targetId: input.userId,
      details: {
        direction: input.direction,
        amount: formatBdt(input.amountPoisha),
        note: input.note,
        transactionId: created.id,
        balanceAfter: formatBdt(balanceAfter),
      },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    await notifyChange(tx, { table: "transactions", userId: input.userId, id: created.id });
    return created;
  });
}

/**
 * Moves the balance and writes the ledger entry; a balance below zero aborts the transaction. The
 * profile row is locked and read first, so the balance it holds before is the one the update
 * starts from, and the entry's balance after can be checked against it.
 */
async function postToLedger(db: Db, transaction: TransactionRow, deltaPoisha: bigint): Promise<bigint> {
  // What only a bug in a caller could break; `npm run ledger:check` would find it afterwards.
  assert.equal(transaction.status, "completed", "only a completed transaction moves money");
  assert.equal(
    deltaPoisha,
    transaction.type === "deposit" ? transaction.amountMinor : -transaction.amountMinor,
    "a ledger entry moves exactly its transaction's amount, up for a deposit and down for a withdrawal",
  );
  const [before] = await db
    .select({ balance: profiles.balanceMinor })
    .from(profiles)
    .where(eq(profiles.id, transaction.userId))
    .for("update");
  if (!before) throw new AppError(404, errorCodes.notFound, "User not found");
  let balanceAfter: bigint;
  try {
    const [updated] = await db
      .update(profiles)
      .set({ balanceMinor: sql`${profiles.balanceMinor} + ${deltaPoisha.toString()}::bigint` })
      .where(eq(profiles.id, transaction.userId))
      .returning({ balance: profiles.balanceMinor });
    assert(updated, "the profile row locked above is still there");
    balanceAfter = updated.balance;
  } catch (error) {
    if (isCheckViolation(error)) {
      throw new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance);
    }
    throw error;
  }
  assert.equal(balanceAfter, before.balance + deltaPoisha, "balance after = balance before + delta");
  await db.insert(ledgerEntries).values({
    userId: transaction.userId,
    transactionId: transaction.id,
    deltaMinor: deltaPoisha,
    balanceAfterMinor: balanceAfter,
  });
  await notifyChange(db, { table: "profiles", userId: transaction.userId, id: transaction.userId });
  return balanceAfter;
}

function isCheckViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === "23514";
}
