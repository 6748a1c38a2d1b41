// A transaction as the API answers it (TransactionDto), and a transactions row as the database's
// money functions answer it (TransactionJson: bigints as text) turned back into a row.
import assert from "node:assert/strict";
import { sql, type SQL } from "drizzle-orm";
import { formatBdt, formatUsdt, formatUsdtExact } from "#shared/money.ts";
import type { TransactionDto } from "#shared/wallet-schemas.ts";
import type { transactions } from "../db/schema.ts";

export type TransactionRow = typeof transactions.$inferSelect;

/**
 * A customer's deposit request whose window ended with nothing received (decision 038): still
 * pending, for an admin to reject or to pair with a late transfer, but "Expired" to the customer.
 */
export function isExpiredDeposit(
  row: Pick<TransactionRow, "type" | "status" | "chainTransferId" | "expiresAt">,
  now = new Date(),
): boolean {
  return (
    row.type === "deposit" && row.status === "pending" && row.chainTransferId === null && row.expiresAt !== null && row.expiresAt <= now
  );
}

/** The exact amount to send, with all six decimals ("50.013700"), as the API answers it. */
export function payAmountOf(row: Pick<TransactionRow, "payMicro">): string | null {
  return row.payMicro === null ? null : formatUsdtExact(row.payMicro);
}

/**
 * What the customer sees of a transaction beyond its row (nexapay_customer_transaction_facts,
 * decision 040); a money function's own answer carries none, and reads as none.
 */
export type CustomerFacts = { beingPaid?: boolean; receivedMicro?: string | null; chainIssue?: "amount_differs" | "not_seen" | null };

/** The SQL that reads a transaction's CustomerFacts: `row` is a transactions row, `watcherOn` whether the chain is watched. */
export const customerFactsSql = (row: SQL, watcherOn: boolean) =>
  sql<CustomerFacts>`nexapay_customer_transaction_facts(${row}, ${watcherOn})`;

export function toTransactionDto(row: TransactionRow, facts: CustomerFacts = {}): TransactionDto {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    amount: formatBdt(row.amountMinor),
    usdtAmount: row.usdtMicro === null ? null : formatUsdt(row.usdtMicro),
    rate: row.rate,
    status: row.status,
    reference: row.reference,
    txid: row.txid,
    receivedOnChain: row.chainTransferId !== null,
    payAmount: payAmountOf(row),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: isExpiredDeposit(row),
    payoutReference: row.payoutReference,
    rejectReason: row.rejectReason,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    beingPaid: facts.beingPaid ?? false,
    receivedUsdt: facts.receivedMicro == null ? null : formatUsdt(BigInt(facts.receivedMicro)),
    chainIssue: facts.chainIssue ?? null,
  };
}

/** A transaction row as the money functions answer it (src/server/db/functions/): bigints as text. */
export type TransactionJson = Record<keyof TransactionRow, string | null>;

export function transactionFromJson(row: TransactionJson): TransactionRow {
  const bigintOrNull = (value: string | null) => (value === null ? null : BigInt(value));
  const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));
  assert(row.id && row.userId && row.amountMinor && row.createdAt && row.status && row.type && row.origin, "a transaction row is whole");
  return {
    id: row.id,
    userId: row.userId,
    type: row.type as TransactionRow["type"],
    amountMinor: BigInt(row.amountMinor),
    usdtMicro: bigintOrNull(row.usdtMicro),
    rate: row.rate,
    status: row.status as TransactionRow["status"],
    reference: row.reference,
    origin: row.origin as TransactionRow["origin"],
    idempotencyKey: row.idempotencyKey,
    createdAt: new Date(row.createdAt),
    processedAt: dateOrNull(row.processedAt),
    processedBy: row.processedBy,
    rejectReason: row.rejectReason,
    searchText: row.searchText ?? "",
    fromAddress: row.fromAddress,
    txid: row.txid,
    chainTransferId: row.chainTransferId,
    payoutReference: row.payoutReference,
    payMicro: bigintOrNull(row.payMicro),
    expiresAt: dateOrNull(row.expiresAt),
  };
}
