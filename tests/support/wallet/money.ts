// Money set-up and checks shared by the wallet tests: TRON addresses, crediting a wallet through
// the ledger service, and the ledger invariants (docs/architecture.md, Money rules) after every flow.
import { randomBytes } from "node:crypto";
import bs58check from "bs58check";
import { and, count, eq } from "drizzle-orm";
import { expect } from "vitest";
import { auditLog, ledgerEntries, profiles } from "../../../src/server/db/schema.ts";
import { adjustBalance } from "../../../src/server/wallet/adjust-balance.ts";
import { findLedgerBreaches } from "../../../src/server/wallet/ledger-check.ts";
import { bdtForUsdt, formatBdt, parseBdt, parseUsdt } from "../../../src/shared/money.ts";
import type { TestApp } from "../test-app.ts";

/** A fresh, well-formed TRON address (0x41 and 20 random bytes, base58check). */
export function tronAddress(): string {
  return bs58check.encode(Uint8Array.from([0x41, ...randomBytes(20)]));
}

/** A real address with its last character changed: the shape is right, the checksum is not. */
export const checksumBrokenAddress = "TKBTfBqELELT4JwJepyXTD18pcAVTpGe75";

/**
 * Credits a wallet the way an admin adjustment does (a completed deposit through the ledger), for
 * set-up steps that are not what a test is about.
 */
export async function fund(t: TestApp, input: { userId: string; amount: string; adminId: string }): Promise<void> {
  await adjustBalance(t.db, {
    userId: input.userId,
    direction: "add",
    amountPoisha: parseBdt(input.amount),
    note: "test set-up",
    adminId: input.adminId,
  });
}

export async function balanceOf(t: TestApp, userId: string): Promise<bigint> {
  const [row] = await t.db.select({ balance: profiles.balanceMinor }).from(profiles).where(eq(profiles.id, userId));
  if (!row) throw new Error(`no profile ${userId}`);
  return row.balance;
}

export async function ledgerEntryCount(t: TestApp, transactionId: string): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.transactionId, transactionId));
  return row?.n ?? 0;
}

export async function auditCount(t: TestApp, action: string, targetId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));
  return row?.n ?? 0;
}

/** Every money invariant holds (what `npm run ledger:check` checks). */
export async function expectLedgerIntact(t: TestApp): Promise<void> {
  expect(await findLedgerBreaches(t.db)).toEqual([]);
}

/**
 * A deposit request's credit in poisha: its exact amount to pay at 125 BDT per USDT (decision 038).
 * The amount to pay is drawn by the database, so a test reads it off the request's answer; this also
 * checks that the answer's BDT figure is exactly that amount at the rate.
 */
export function creditOf(deposit: { amount: string; payAmount: string | null }): bigint {
  const credit = bdtForUsdt(parseUsdt(deposit.payAmount ?? ""), 12_500n);
  expect(deposit.amount).toBe(formatBdt(credit));
  return credit;
}
