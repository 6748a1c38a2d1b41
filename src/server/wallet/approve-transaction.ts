// An admin approves a pending transaction (decisions 019, 020 and 040): one call of
// nexapay_approve_transaction (src/server/db/functions/nexapay_approve_transaction.sql), which
// moves the money at once or, for a withdrawal at or above the four-eyes threshold, asks a second
// admin to confirm first.
import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { selectQuietlyAdmittedAdmin, type AdmittedAdmin } from "../auth/admission.ts";
import type { Db } from "../db/client.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { session } from "../db/schema.ts";
import { resultOf, type Acted, type AdminActor } from "./money-actor.ts";
import { transactionDecisionRefusals } from "./money-errors.ts";
import { callMoneyFunction, executeMoneyStatement, outcomeFrom, type Outcome, type OutcomeJson } from "./money-function.ts";
import type { TransactionRow } from "./transaction-dto.ts";

export type ApproveInput = {
  id: string;
  ip?: string;
  watcherOn?: boolean;
  acknowledgeNoChainEvidence?: boolean;
  /** Upper-cased, 8 to 20 letters and digits (the route checks); withdrawals only (400 otherwise). */
  payoutReference?: string | null;
  /** Four eyes (decision 020): a withdrawal of this many poisha or more becomes a second-approval request; 0 = off. */
  fourEyesMinPoisha?: bigint;
  /** A deposit whose transfer differs: credit what arrived, or the amount claimed (decision 040). */
  credit?: "received" | "claimed";
  /** Why a deposit is approved without a confirmed match ("approve anyway"; decision 040). */
  reason?: string | null;
};

/** nexapay_approve_transaction's arguments after the acting admin, named as the prepared statement's placeholders. */
function approveArguments(input: ApproveInput) {
  return {
    id: input.id,
    ip: input.ip ?? null,
    watcherOn: input.watcherOn ?? false,
    acknowledgeNoChainEvidence: input.acknowledgeNoChainEvidence ?? false,
    payoutReference: input.payoutReference ?? null,
    fourEyesMinPoisha: (input.fourEyesMinPoisha ?? 0n).toString(),
    credit: input.credit ?? "claimed",
    reason: input.reason ?? null,
  };
}

// Built once per database handle and prepared (db/prepared.ts). Unprepared, the four-table session
// check is planned on every approval, and approvals ran slower than with two round trips (decision 028).
const preparedApproveAsAdmin = preparedPerDatabase((db) =>
  selectQuietlyAdmittedAdmin(db, {
    answer: sql<OutcomeJson>`nexapay_approve_transaction(${sql.placeholder("id")}, ${session.userId}, ${sql.placeholder("ip")},
      ${sql.placeholder("watcherOn")}, ${sql.placeholder("acknowledgeNoChainEvidence")}, ${sql.placeholder("payoutReference")},
      ${sql.placeholder("fourEyesMinPoisha")}::bigint, ${sql.placeholder("credit")}, ${sql.placeholder("reason")})`,
  }).prepare("nexapay_approve_as_admin"),
);

/**
 * Approve: a conditional status update (only a pending row changes, so 50 parallel approvals credit
 * once, and never the acting admin's own), then the balance change, guarded by the balance >= 0
 * check, the ledger entry, the audit entry, the customer's e-mail and the events. While the chain
 * watcher runs, a customer's deposit with no matched transfer is approved only with
 * `acknowledgeNoChainEvidence` (409 otherwise); the audit entry records the chain state (decision
 * 019). A withdrawal may carry its payout reference (decision 020). At or above the four-eyes
 * threshold a withdrawal waits for a second approval instead.
 *
 * For a session to check (`admission`), in the statement that checks it (auth/admission.ts,
 * selectQuietlyAdmittedAdmin): one round trip instead of two. The function is in the select list,
 * which PostgreSQL computes only for the row the check let through: with no row nothing was done,
 * the answer is null, and the caller asks the admin guard itself. (Not inside a
 * `with … as materialized`: that made every statement inside the function dearer, decision 028.)
 */
export async function approveOrRequest(db: Db, actor: AdminActor, input: ApproveInput): Promise<Acted<AdmittedAdmin, Outcome>> {
  const args = approveArguments(input);
  if ("admission" in actor) {
    const [row] = await executeMoneyStatement(
      preparedApproveAsAdmin(db).execute({ ...actor.admission, ...args }),
      transactionDecisionRefusals,
    );
    if (!row) return null;
    const { answer, ...admitted } = row;
    return { admitted, result: outcomeFrom(answer) };
  }
  const answer = await callMoneyFunction<OutcomeJson>(
    db,
    sql`select nexapay_approve_transaction(${args.id}, ${actor.adminId}, ${args.ip},
      ${args.watcherOn}, ${args.acknowledgeNoChainEvidence}, ${args.payoutReference},
      ${args.fourEyesMinPoisha}::bigint, ${args.credit}, ${args.reason}) as answer`,
    transactionDecisionRefusals,
  );
  return { admitted: null, result: outcomeFrom(answer) };
}

/**
 * approveOrRequest for an admin known by id, with four eyes off (no `fourEyesMinPoisha`): it always
 * decides at once. For set-up code, the tests and the benchmarks.
 */
export async function approveTransaction(
  db: Db,
  input: ApproveInput & { adminId: string; fourEyesMinPoisha?: undefined },
): Promise<TransactionRow> {
  const outcome = resultOf(await approveOrRequest(db, { adminId: input.adminId }, input));
  assert(outcome.transaction, "with four eyes off, an approval decides at once");
  return outcome.transaction;
}
