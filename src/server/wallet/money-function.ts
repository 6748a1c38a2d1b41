// Every way money moves (docs/architecture.md, Money rules) is one call of a function in the
// database (src/server/db/functions/): one statement, so one transaction and one round trip, in
// which the status change, the balance change, the ledger entry, the audit entry and the events
// commit together or not at all. Here: running such a call, and reading its answer.
import assert from "node:assert/strict";
import type { Placeholder, SQL } from "drizzle-orm";
import { queryRows, type Db } from "../db/client.ts";
import { failedAssertionOf, refusalOf, type Refusals } from "./money-errors.ts";
import type { SecondApprovalJson } from "./second-approval-dto.ts";
import { transactionFromJson, type TransactionJson, type TransactionRow } from "./transaction-dto.ts";

/**
 * How a money function's call gets each of its arguments by name: a placeholder of a prepared
 * statement (`sql.placeholder`), or the value itself.
 */
export type ArgumentOf<Arguments extends (...args: never[]) => object> = (name: keyof ReturnType<Arguments> & string) => SQL | Placeholder;

/**
 * Runs one money function (a single statement, so a single transaction and round trip) and
 * answers its result, or turns its refusal (an NX SQLSTATE, or the balance check) into our 4xx.
 */
export async function callMoneyFunction<T>(db: Db, call: SQL, refusals: Refusals): Promise<T> {
  const [row] = await executeMoneyStatement(queryRows<{ answer: T }>(db, call), refusals);
  assert(row, "a money function answers one row");
  return row.answer;
}

/** A statement that calls a money function (prepared or not), its refusal turned into our 4xx. */
export async function executeMoneyStatement<Row>(execution: Promise<Row[]>, refusals: Refusals): Promise<Row[]> {
  try {
    return await execution;
  } catch (error) {
    throw refusalOf(error, refusals) ?? failedAssertionOf(error) ?? error;
  }
}

/** A created transaction, and whether it was created by an earlier request with the same key. */
export type Created = { transaction: TransactionRow; replayed: boolean };
export type CreatedJson = { replayed: boolean; transaction: TransactionJson };

export function createdFrom(answer: CreatedJson): Created {
  return { transaction: transactionFromJson(answer.transaction), replayed: answer.replayed };
}

/** What an approval or an adjustment did: moved the money, or asked a second admin to confirm. */
export type Outcome =
  { transaction: TransactionRow; secondApproval?: undefined } | { transaction?: undefined; secondApproval: SecondApprovalJson };
export type OutcomeJson = { transaction?: TransactionJson; secondApproval?: SecondApprovalJson };

export function outcomeFrom(answer: OutcomeJson): Outcome {
  if (answer.secondApproval) return { secondApproval: answer.secondApproval };
  assert(answer.transaction, "a money function answers a transaction or a second approval");
  return { transaction: transactionFromJson(answer.transaction) };
}
