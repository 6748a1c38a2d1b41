// An admin rejects a pending transaction: one call of nexapay_reject_transaction
// (src/server/db/functions/nexapay_reject_transaction.sql), the same conditional status update as
// an approval and an audit entry; no money moves.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { transactionDecisionRefusals } from "./money-errors.ts";
import { callMoneyFunction } from "./money-function.ts";
import { transactionFromJson, type TransactionJson, type TransactionRow } from "./transaction-dto.ts";

/** Reject: the same conditional status update and an audit entry; no money moves. */
export async function rejectTransaction(
  db: Db,
  input: { id: string; adminId: string; reason: string | null; ip?: string },
): Promise<TransactionRow> {
  const row = await callMoneyFunction<TransactionJson>(
    db,
    sql`select nexapay_reject_transaction(${input.id}, ${input.adminId}, ${input.reason}, ${input.ip ?? null}) as answer`,
    transactionDecisionRefusals,
  );
  return transactionFromJson(row);
}
