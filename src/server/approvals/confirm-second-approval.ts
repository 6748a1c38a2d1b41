// Four eyes (decision 020): a second admin confirms a request, in one call of
// nexapay_confirm_second_approval (src/server/db/functions/nexapay_confirm_second_approval.sql).
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { callMoneyFunction } from "../wallet/money-function.ts";
import type { SecondApprovalJson } from "../wallet/second-approval-dto.ts";
import { transactionFromJson, type TransactionJson, type TransactionRow } from "../wallet/transaction-dto.ts";
import { secondApprovalRefusals } from "./second-approval-refusals.ts";

/**
 * A second admin confirms a request: an adjustment or a deposit's money moves here, through the
 * same ledger path; a withdrawal becomes ready to pay and is paid by an approval afterwards
 * (decision 040). Only one of any number of parallel confirmations does it. Refused to an admin the
 * requester appointed, and to one appointed less than `newAdminCooldownHours` ago.
 */
export async function confirmSecondApproval(
  db: Db,
  input: { id: string; adminId: string; ip?: string; newAdminCooldownHours?: number },
): Promise<{ secondApproval: SecondApprovalJson; transaction: TransactionRow }> {
  const answer = await callMoneyFunction<{ secondApproval: SecondApprovalJson; transaction: TransactionJson }>(
    db,
    sql`select nexapay_confirm_second_approval(${input.id}, ${input.adminId}, ${input.ip ?? null},
      ${input.newAdminCooldownHours ?? 0}::integer) as answer`,
    secondApprovalRefusals,
  );
  return { secondApproval: answer.secondApproval, transaction: transactionFromJson(answer.transaction) };
}
