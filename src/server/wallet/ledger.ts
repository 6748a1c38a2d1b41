// Every way money moves (docs/architecture.md, Money rules). Each action is one call of a function
// in the database (migration 0006): one statement, so one transaction and one round trip, in which
// the status change, the balance change, the ledger entry, the audit entry and the events commit
// together or not at all. Here: the checks that need no database (limits, amounts), the audit
// details in the API's words, and the translation of the database's refusals into our answers.
import assert from "node:assert/strict";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { approveAnywayReasonMessage } from "#shared/admin-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import { displayBdt, formatBdt, formatUsdt, formatUsdtExact } from "#shared/money.ts";
import { secondApprovalMessages } from "#shared/second-approval-schemas.ts";
import { payoutReferenceMessages, type TransactionDto } from "#shared/wallet-schemas.ts";
import {
  selectQuietlyAdmittedAdmin,
  selectQuietlyAdmittedUser,
  type AdmittedAdmin,
  type AdmittedUser,
  type QuietAdmission,
  type QuietUserAdmission,
} from "../auth/accounts.ts";
import { newFreezeToken } from "../account-security/security-alerts.ts";
import type { Config } from "../config.ts";
import { queryRows, type Db } from "../db/client.ts";
import { startOfDhakaDayAt } from "../db/dhaka-day.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { session, type transactions } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

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

/** A created transaction, and whether it was created by an earlier request with the same key. */
export type Created = { transaction: TransactionRow; replayed: boolean };

// ------------------------------------------------------------------ customers' requests

/**
 * How a money function's call gets each of its arguments by name: a placeholder of a prepared
 * statement (`sql.placeholder`), or the value itself.
 */
type ArgumentOf<Arguments extends (...args: never[]) => object> = (name: keyof ReturnType<Arguments> & string) => SQL | Placeholder;

/**
 * What a customer sends to request a deposit. The amount to pay (the amount asked plus an offset no
 * other open request holds) and the credit at that amount are drawn by the database (decision 038).
 */
export type DepositRequest = {
  /** The address they will send from, if they said: a fact for the admin, never a key. */
  fromAddress: string | null;
  /** The transfer's TXID (64 lower-case hex characters); none when the customer gave none. */
  txid?: string | null;
  usdtMicro: bigint;
  /** The credit for the amount asked at the rate: checked to be above 0 before the database is asked. */
  amountPoisha: bigint;
  rate: string;
  ratePoisha: bigint;
  idempotencyKey: string | null;
  limits: Limits;
  /** DEPOSIT_WINDOW_MINUTES and DEPOSIT_OPEN_MAX (0 = no limit). */
  windowMinutes: number;
  openMax: number;
};

/** What is wrong with a deposit request before the database is asked: under the minimum, or nothing in BDT. */
export function depositRefusal(input: Pick<DepositRequest, "usdtMicro" | "amountPoisha" | "limits">): AppError | null {
  const { limits } = input;
  if (limits.depositMinMicro > 0n && input.usdtMicro < limits.depositMinMicro) {
    const min = formatUsdt(limits.depositMinMicro);
    return new AppError(400, errorCodes.limitExceeded, `The minimum deposit is ${min} USDT`, {
      usdtAmount: `The minimum deposit is ${min} USDT`,
    });
  }
  if (input.amountPoisha <= 0n) {
    return new AppError(400, errorCodes.validation, "Please enter a valid amount greater than 0", {
      usdtAmount: "Please enter a valid amount greater than 0",
    });
  }
  return null;
}

/** nexapay_request_deposit's arguments after its owner, named as the prepared statement's placeholders. */
function depositArguments(input: DepositRequest) {
  return {
    usdt: input.usdtMicro.toString(),
    ratePoisha: input.ratePoisha.toString(),
    rate: input.rate,
    key: input.idempotencyKey,
    // The database adds the amount to pay, the credit at it and the window's end.
    details: JSON.stringify({
      usdtAmount: formatUsdt(input.usdtMicro),
      ...(input.fromAddress ? { fromAddress: input.fromAddress } : {}),
      ...(input.txid ? { txid: input.txid } : {}),
    }),
    fromAddress: input.fromAddress,
    txid: input.txid ?? null,
    windowMinutes: input.windowMinutes,
    openMax: input.openMax,
  };
}

/** The call of nexapay_request_deposit for `owner` (a uuid value or column), `p` giving each other argument. */
function requestDepositCall(owner: SQL | AnyPgColumn, p: ArgumentOf<typeof depositArguments>) {
  return sql<CreatedJson>`nexapay_request_deposit(${owner}::uuid, ${p("usdt")}::bigint, ${p("ratePoisha")}::bigint, ${p("rate")}::text,
    ${p("key")}::text, ${p("details")}::jsonb, ${p("fromAddress")}::text, ${p("txid")}::text, ${p("windowMinutes")}::integer,
    ${p("openMax")}::integer)`;
}

// Built once per database handle and prepared (db/prepared.ts), like every statement of a busy route.
const preparedDepositAsUser = preparedPerDatabase((db) =>
  selectQuietlyAdmittedUser(db, { answer: requestDepositCall(session.userId, sql.placeholder) }).prepare("nexapay_deposit_as_user"),
);

export async function createDeposit(db: Db, input: DepositRequest & { userId: string }): Promise<Created> {
  const refusal = depositRefusal(input);
  if (refusal) throw refusal;
  const args = depositArguments(input);
  const call = requestDepositCall(sql`${input.userId}`, (name) => sql`${args[name]}`);
  return createdFrom(await callMoneyFunction<CreatedJson>(db, sql`select ${call} as answer`, depositRefusals));
}

/** A deposit request's refusals: its profile missing (a deleted account). */
const depositRefusals: Refusals = { notFound: "Profile not found" };

/**
 * createDeposit in the statement that checks the customer's session (auth/accounts.ts,
 * selectQuietlyAdmittedUser): one round trip instead of two (decision 034). The function is in the
 * select list, which PostgreSQL computes only for the row the check let through: with no row nothing
 * was done, and the caller asks the guard itself. The route has already checked depositRefusal.
 */
export async function createDepositIfAdmitted(
  db: Db,
  admission: QuietUserAdmission,
  input: DepositRequest,
): Promise<{ user: AdmittedUser; created: Created } | null> {
  const [row] = await executeMoneyStatement(
    preparedDepositAsUser(db).execute({ ...admission, ...depositArguments(input) }),
    depositRefusals,
  );
  if (!row) return null;
  const { answer, ...admitted } = row;
  return { user: admitted, created: createdFrom(answer) };
}

/**
 * The owner's checks on a withdrawal (decision 039), as nexapay_request_withdrawal takes them:
 * the identity level's daily maximum, the hold after a security change, and the confirmation.
 */
export type OwnerChecks = {
  /** The most an unverified customer may withdraw today, in poisha (0: nothing). */
  unverifiedMaxPoisha: bigint;
  holdHours: number;
  /** false: the deployment confirms withdrawals another way (WITHDRAWAL_CONFIRMATION=off). */
  confirmation: boolean;
  /** The SHA-256 of the e-mailed code the customer gave; null when they gave none. */
  codeHash: string | null;
  /** The authenticator's time step the given code matched; -1 none; null when no code or no authenticator. */
  totpStep: number | null;
  /** The hash of a fresh code, issued (and then e-mailed) when the customer gave none. */
  newCodeHash: string;
  /** The "This wasn't me" token of the alert for a number never paid to. */
  freezeToken: string;
};

/** The checks of a request that no owner confirms: for set-up code and the benchmarks, never for a route. */
export const unconfirmedOwnerChecks = (unverifiedMaxPoisha: bigint): OwnerChecks => ({
  unverifiedMaxPoisha,
  holdHours: 0,
  confirmation: false,
  codeHash: null,
  totpStep: null,
  newCodeHash: "",
  freezeToken: newFreezeToken(),
});

/** What a customer sends to request a withdrawal. */
export type WithdrawalRequest = {
  walletType: string;
  walletNumber: string;
  amountPoisha: bigint;
  idempotencyKey: string | null;
  limits: Limits;
  ownerChecks: OwnerChecks;
  now?: Date;
};

/**
 * What a withdrawal request came to: created (or replayed); or waiting for its owner's code (none
 * given: an e-mailed one was issued when `sent`, or the authenticator's is asked for); or refused
 * for a wrong code. Only the first created anything.
 */
export type WithdrawalOutcome =
  | { created: Created }
  | { confirmation: { method: "email" | "totp"; sent?: boolean; resendAt?: string } }
  | { refused: "confirmation_invalid" };

type WithdrawalJson =
  CreatedJson | { confirmation: { method: "email" | "totp"; sent?: boolean; resendAt?: string } } | { refused: "confirmation_invalid" };

/** The withdrawal an outcome created; a failed assertion (a bug of the caller) otherwise. */
export function createdWithdrawal(outcome: WithdrawalOutcome): Created {
  assert("created" in outcome, "a withdrawal with no confirmation to ask for is created");
  return outcome.created;
}

function withdrawalOutcomeFrom(answer: WithdrawalJson): WithdrawalOutcome {
  if ("confirmation" in answer) return { confirmation: answer.confirmation };
  if ("refused" in answer) return { refused: answer.refused };
  return { created: createdFrom(answer) };
}

/** What is wrong with a withdrawal request before the database is asked: under the minimum. */
export function withdrawalRefusal(input: Pick<WithdrawalRequest, "amountPoisha" | "limits">): AppError | null {
  const { limits } = input;
  if (limits.withdrawalMinPoisha > 0n && input.amountPoisha < limits.withdrawalMinPoisha) {
    const message = `The minimum withdrawal is ${displayBdt(limits.withdrawalMinPoisha)}`;
    return new AppError(400, errorCodes.limitExceeded, message, { amount: message });
  }
  return null;
}

/** nexapay_request_withdrawal's arguments after its owner, named as the prepared statement's placeholders. */
function withdrawalArguments(input: WithdrawalRequest) {
  const reference = `${input.walletType}:${input.walletNumber}`;
  const checks = input.ownerChecks;
  return {
    amount: input.amountPoisha.toString(),
    reference,
    key: input.idempotencyKey,
    dailyMax: input.limits.withdrawalDailyMaxPoisha.toString(),
    now: (input.now ?? new Date()).toISOString(),
    details: JSON.stringify({ amount: formatBdt(input.amountPoisha), reference }),
    unverifiedMax: checks.unverifiedMaxPoisha.toString(),
    holdHours: checks.holdHours,
    confirmation: checks.confirmation ? "on" : "off",
    codeHash: checks.codeHash,
    totpStep: checks.totpStep === null ? null : String(checks.totpStep),
    newCodeHash: checks.newCodeHash,
    alertFacts: JSON.stringify({ amountMinor: input.amountPoisha.toString(), reference }),
    freezeToken: checks.freezeToken,
  };
}

/** The call of nexapay_request_withdrawal for `owner` (a uuid value or column), `p` giving each other argument. */
function requestWithdrawalCall(owner: SQL | AnyPgColumn, p: ArgumentOf<typeof withdrawalArguments>) {
  return sql<WithdrawalJson>`nexapay_request_withdrawal(${owner}::uuid, ${p("amount")}::bigint, ${p("reference")}::text, ${p("key")}::text,
    ${p("dailyMax")}::bigint, ${startOfDhakaDayAt(p("now"))}, ${p("details")}::jsonb,
    ${p("unverifiedMax")}::bigint, ${p("holdHours")}::integer, ${p("confirmation")}::text, ${p("codeHash")}::text,
    ${p("totpStep")}::bigint, ${p("newCodeHash")}::text, ${p("alertFacts")}::jsonb, ${p("freezeToken")}::text)`;
}

const preparedWithdrawalAsUser = preparedPerDatabase((db) =>
  selectQuietlyAdmittedUser(db, { answer: requestWithdrawalCall(session.userId, sql.placeholder) }).prepare("nexapay_withdrawal_as_user"),
);

/**
 * A withdrawal's refusals: its profile missing, the daily maximum with what is left of it today,
 * and the owner's checks (decision 039).
 */
function withdrawalRefusals(input: WithdrawalRequest): Refusals {
  const dailyMax = input.limits.withdrawalDailyMaxPoisha;
  const unverifiedMax = input.ownerChecks.unverifiedMaxPoisha;
  return {
    notFound: "Profile not found",
    overDailyLimit: (withdrawnToday) => {
      const left = dailyMax - withdrawnToday;
      const message = `This exceeds the daily withdrawal limit of ${displayBdt(dailyMax)}. You can withdraw up to ${displayBdt(left > 0n ? left : 0n)} more today.`;
      return new AppError(409, errorCodes.limitExceeded, message, { amount: message });
    },
    overUnverifiedLimit: (withdrawnToday) => {
      const left = unverifiedMax - withdrawnToday;
      const message =
        unverifiedMax === 0n
          ? messages.verificationRequired
          : `${messages.verificationRequired}: without it you can withdraw up to ${displayBdt(left > 0n ? left : 0n)} more today.`;
      return new AppError(403, errorCodes.verificationRequired, message, { amount: message });
    },
  };
}

export async function createWithdrawal(db: Db, input: WithdrawalRequest & { userId: string }): Promise<WithdrawalOutcome> {
  const refusal = withdrawalRefusal(input);
  if (refusal) throw refusal;
  const args = withdrawalArguments(input);
  const call = requestWithdrawalCall(sql`${input.userId}`, (name) => sql`${args[name]}`);
  return withdrawalOutcomeFrom(await callMoneyFunction<WithdrawalJson>(db, sql`select ${call} as answer`, withdrawalRefusals(input)));
}

/** createWithdrawal in the statement that checks the customer's session, as createDepositIfAdmitted (decision 034). */
export async function createWithdrawalIfAdmitted(
  db: Db,
  admission: QuietUserAdmission,
  input: WithdrawalRequest,
): Promise<{ user: AdmittedUser; outcome: WithdrawalOutcome } | null> {
  const [row] = await executeMoneyStatement(
    preparedWithdrawalAsUser(db).execute({ ...admission, ...withdrawalArguments(input) }),
    withdrawalRefusals(input),
  );
  if (!row) return null;
  const { answer, ...admitted } = row;
  return { user: admitted, outcome: withdrawalOutcomeFrom(answer) };
}

// ------------------------------------------------------------------ admins' decisions

/**
 * Approve: a conditional status update (only a pending row changes, so 50 parallel approvals credit
 * once, and never the acting admin's own), then the balance change, guarded by the balance >= 0
 * check, the ledger entry, the audit entry, the customer's e-mail and the events: one call of
 * nexapay_approve_transaction. While the chain watcher runs, a customer's deposit with no matched
 * transfer is approved only with `acknowledgeNoChainEvidence` (409 otherwise); the audit entry records
 * the chain state (decision 019). A withdrawal may carry its payout reference (decision 020).
 * With four eyes off (no `fourEyesMinPoisha`), as here, it always decides at once.
 */
export async function approveTransaction(db: Db, input: ApproveInput & { fourEyesMinPoisha?: undefined }): Promise<TransactionRow> {
  const outcome = await approveOrRequest(db, input);
  assert(outcome.transaction, "with four eyes off, an approval decides at once");
  return outcome.transaction;
}

type ApproveInput = {
  id: string;
  adminId: string;
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

/** What an approval or an adjustment did: moved the money, or asked a second admin to confirm. */
export type Outcome =
  { transaction: TransactionRow; secondApproval?: undefined } | { transaction?: undefined; secondApproval: SecondApprovalJson };

/** Approve at once, or, for a withdrawal at or above the four-eyes threshold, request a second approval. */
export async function approveOrRequest(db: Db, input: ApproveInput): Promise<Outcome> {
  const answer = await callMoneyFunction<OutcomeJson>(
    db,
    sql`select nexapay_approve_transaction(${input.id}, ${input.adminId}, ${input.ip ?? null},
      ${input.watcherOn ?? false}, ${input.acknowledgeNoChainEvidence ?? false}, ${input.payoutReference ?? null},
      ${(input.fourEyesMinPoisha ?? 0n).toString()}::bigint, ${input.credit ?? "claimed"}, ${input.reason ?? null}) as answer`,
    decisionRefusals,
  );
  return outcomeFrom(answer);
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
 * approveOrRequest in the statement that checks the admin's session (auth/accounts.ts,
 * selectQuietlyAdmittedAdmin): one round trip instead of two. The function is in the select list,
 * which PostgreSQL computes only for the row the check let through: with no row nothing was done,
 * the answer is null, and the caller asks the admin guard itself. (Not inside a
 * `with … as materialized`: that made every statement inside the function dearer, decision 028.)
 */
export async function approveOrRequestIfAdmitted(
  db: Db,
  admission: QuietAdmission,
  input: Omit<ApproveInput, "adminId">,
): Promise<{ admin: AdmittedAdmin; outcome: Outcome } | null> {
  const [row] = await executeMoneyStatement(
    preparedApproveAsAdmin(db).execute({
      ...admission,
      id: input.id,
      ip: input.ip ?? null,
      watcherOn: input.watcherOn ?? false,
      acknowledgeNoChainEvidence: input.acknowledgeNoChainEvidence ?? false,
      payoutReference: input.payoutReference ?? null,
      fourEyesMinPoisha: (input.fourEyesMinPoisha ?? 0n).toString(),
      credit: input.credit ?? "claimed",
      reason: input.reason ?? null,
    }),
    decisionRefusals,
  );
  if (!row) return null;
  const { answer, ...admin } = row;
  return { admin, outcome: outcomeFrom(answer) };
}

/** Reject: the same conditional status update and an audit entry; no money moves. */
export async function rejectTransaction(
  db: Db,
  input: { id: string; adminId: string; reason: string | null; ip?: string },
): Promise<TransactionRow> {
  const row = await callMoneyFunction<TransactionJson>(
    db,
    sql`select nexapay_reject_transaction(${input.id}, ${input.adminId}, ${input.reason}, ${input.ip ?? null}) as answer`,
    decisionRefusals,
  );
  return transactionFromJson(row);
}

/**
 * Why a decision changed nothing: an unknown id is a 404; the admin's own transaction is a 403
 * whatever its status; anyone else's is a 409, as it was already decided.
 */
const decisionRefusals: Refusals = { notFound: messages.transactionNotFound };

type AdjustInput = {
  userId: string;
  direction: "add" | "subtract";
  amountPoisha: bigint;
  note: string | null;
  adminId: string;
  ip?: string;
  /** Four eyes (decision 020): an adjustment of this many poisha or more becomes a second-approval request; 0 = off. */
  fourEyesMinPoisha?: bigint;
};

/**
 * Admin adjustment: a transaction completed at once, through the same ledger path. Subtracting
 * cannot reach money held for a pending withdrawal; no admin adjusts their own account. With four
 * eyes off (no `fourEyesMinPoisha`), as here, it always takes effect at once.
 */
export async function adjustBalance(db: Db, input: AdjustInput & { fourEyesMinPoisha?: undefined }): Promise<TransactionRow> {
  const outcome = await adjustOrRequest(db, input);
  assert(outcome.transaction, "with four eyes off, an adjustment takes effect at once");
  return outcome.transaction;
}

/** Adjust at once, or, at or above the four-eyes threshold, request a second approval (checked as the adjustment would be). */
export async function adjustOrRequest(db: Db, input: AdjustInput): Promise<Outcome> {
  const auditDetails = { direction: input.direction, amount: formatBdt(input.amountPoisha), note: input.note };
  const answer = await callMoneyFunction<OutcomeJson>(
    db,
    sql`select nexapay_adjust_balance(${input.userId}, ${input.direction}, ${input.amountPoisha.toString()}::bigint,
      ${JSON.stringify(auditDetails)}::jsonb, ${input.adminId}, ${input.ip ?? null}, ${(input.fourEyesMinPoisha ?? 0n).toString()}::bigint) as answer`,
    { notFound: "User not found" },
  );
  return outcomeFrom(answer);
}

/**
 * A second admin confirms a request, in one call of nexapay_confirm_second_approval: an adjustment
 * or a deposit's money moves here, through the same ledger path; a withdrawal becomes ready to pay
 * and is paid by an approval afterwards (decision 040). Only one of any number of parallel
 * confirmations does it. Refused to an admin the requester appointed, and to one appointed less
 * than `newAdminCooldownHours` ago.
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

/** Decline a request: no money moves. Any admin but the customer may, the requester included. */
export async function declineSecondApproval(
  db: Db,
  input: { id: string; adminId: string; reason: string | null; ip?: string },
): Promise<SecondApprovalJson> {
  const answer = await callMoneyFunction<{ secondApproval: SecondApprovalJson }>(
    db,
    sql`select nexapay_decline_second_approval(${input.id}, ${input.adminId}, ${input.reason}, ${input.ip ?? null}) as answer`,
    secondApprovalRefusals,
  );
  return answer.secondApproval;
}

/**
 * Declines every request of an admin still awaiting a second admin, each audited (decision 040):
 * when the admin is suspended or demoted, in the transaction that does it. `adminId` is who acts
 * (null: the command line).
 */
export async function declineRequestsOf(
  tx: Pick<Db, "execute">,
  input: { requesterId: string; adminId: string | null; ip?: string | undefined },
): Promise<void> {
  await tx.execute(
    sql`select nexapay_decline_requests_of(${input.requesterId}, ${input.adminId}, ${input.ip ?? null}, ${secondApprovalMessages.requesterRemoved})`,
  );
}

const secondApprovalRefusals: Refusals = {
  notFound: secondApprovalMessages.notFound,
  alreadyProcessed: secondApprovalMessages.alreadyDecided,
};

// ------------------------------------------------------------------ the database's money functions

/** A transaction row as the money functions answer it (migration 0006): bigints as text. */
export type TransactionJson = Record<keyof TransactionRow, string | null>;
type CreatedJson = { replayed: boolean; transaction: TransactionJson };

type OutcomeJson = { transaction?: TransactionJson; secondApproval?: SecondApprovalJson };

/**
 * A second approval as nexapay_second_approval_json answers it (migration 0011): amounts in poisha
 * as text, times as the database writes them; approvals/second-approval-queries.ts shapes it.
 */
export type SecondApprovalJson = {
  id: string;
  kind: "balance_adjustment" | "withdrawal_approval";
  status: "awaiting" | "confirmed" | "declined";
  userId: string;
  username: string | null;
  fullName: string | null;
  amountMinor: string;
  direction: "add" | "subtract" | null;
  note: string | null;
  transactionId: string | null;
  /** The withdrawal's reference ("bKash:01712345678"); null for an adjustment. */
  reference: string | null;
  payoutReference: string | null;
  requestedBy: { id: string; username: string | null };
  requestedAt: string;
  decidedBy: { id: string; username: string | null } | null;
  decidedAt: string | null;
  declineReason: string | null;
  resultTransactionId: string | null;
};

function outcomeFrom(answer: OutcomeJson): Outcome {
  if (answer.secondApproval) return { secondApproval: answer.secondApproval };
  assert(answer.transaction, "a money function answers a transaction or a second approval");
  return { transaction: transactionFromJson(answer.transaction) };
}

/** What each refusal of a money function means to the caller, where it depends on the action. */
type Refusals = {
  notFound?: string;
  /** The NX409 message, when the thing already decided is not a transaction. */
  alreadyProcessed?: string;
  overDailyLimit?: (withdrawnTodayPoisha: bigint) => AppError;
  overUnverifiedLimit?: (withdrawnTodayPoisha: bigint) => AppError;
};

/**
 * Runs one money function (a single statement, so a single transaction and round trip) and
 * answers its result, or turns its refusal (an NX SQLSTATE, or the balance check) into our 4xx.
 */
async function callMoneyFunction<T>(db: Db, call: SQL, refusals: Refusals): Promise<T> {
  try {
    const [row] = await queryRows<{ answer: T }>(db, call);
    assert(row, "a money function answers one row");
    return row.answer;
  } catch (error) {
    throw refusalOf(error, refusals) ?? failedAssertionOf(error) ?? error;
  }
}

/**
 * A plpgsql ASSERT that failed in a money function (SQLSTATE P0004) is the same kind of bug as a
 * failed node:assert here, and is reported as one: a 500, logged as an AssertionError with the
 * database's message; the statement has already been rolled back.
 */
/** A prepared statement that calls a money function, its refusal turned into our 4xx as callMoneyFunction does. */
async function executeMoneyStatement<Row>(execution: Promise<Row[]>, refusals: Refusals): Promise<Row[]> {
  try {
    return await execution;
  } catch (error) {
    throw refusalOf(error, refusals) ?? failedAssertionOf(error) ?? error;
  }
}

function failedAssertionOf(error: unknown): assert.AssertionError | null {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  if ((e.code ?? e.cause?.code) !== "P0004") return null;
  return new assert.AssertionError({ message: `${e.cause?.message ?? e.message ?? "assertion failed"} (asserted in the database)` });
}

function refusalOf(error: unknown, refusals: Refusals): AppError | null {
  const e = error as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
  const code = e.code ?? e.cause?.code;
  switch (code) {
    case "NX404":
      return new AppError(404, errorCodes.notFound, refusals.notFound ?? "Not found");
    case "NX403":
      return new AppError(403, errorCodes.forbidden, messages.ownAccount);
    case "NX409":
      return new AppError(409, errorCodes.alreadyProcessed, refusals.alreadyProcessed ?? messages.alreadyProcessed);
    case "NX405": // the admin who asked for a second approval confirming it (decision 020)
      return new AppError(403, errorCodes.forbidden, secondApprovalMessages.ownRequest);
    case "NX424":
      return new AppError(409, errorCodes.alreadyProcessed, secondApprovalMessages.alreadyAwaiting);
    case "NX422": // a payout reference given when approving a deposit
      return new AppError(400, errorCodes.validation, payoutReferenceMessages.onlyWithdrawals, {
        payoutReference: payoutReferenceMessages.onlyWithdrawals,
      });
    case "NX402": // a request or a subtraction for more than the available balance
      return new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance, { amount: messages.insufficientBalance });
    case "23514": // an approval the balance can no longer cover: the profiles balance >= 0 check
      return new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance);
    case "NX412":
      return new AppError(409, errorCodes.idempotencyConflict, messages.idempotencyConflict);
    case "NX411": // a customer holding DEPOSIT_OPEN_MAX open deposit requests (decision 038)
      return new AppError(409, errorCodes.limitExceeded, messages.openDepositsMax, { usdtAmount: messages.openDepositsMax });
    case "NX429": // every amount to pay near the one asked for is held by an open request (decision 038)
      return new AppError(409, errorCodes.payAmountUnavailable, messages.payAmountUnavailable, {
        usdtAmount: messages.payAmountUnavailable,
      });
    // Decision 040: decisions that cannot go wrong.
    case "NX434": {
      const paid = e.detail ?? e.cause?.detail ?? "";
      return new AppError(
        409,
        errorCodes.payoutReferenceUsed,
        payoutReferenceMessages.used(paid),
        { payoutReference: payoutReferenceMessages.used(paid) },
        { transactionId: paid },
      );
    }
    case "NX427":
      return new AppError(409, errorCodes.awaitingSecondApproval, payoutReferenceMessages.beforeConfirmation);
    case "NX430":
      return new AppError(409, errorCodes.chainNoDifference, messages.chainNoDifference);
    case "NX431":
      return new AppError(400, errorCodes.validation, approveAnywayReasonMessage, { reason: approveAnywayReasonMessage });
    case "NX433":
      return new AppError(403, errorCodes.forbidden, secondApprovalMessages.appointedByRequester);
    case "NX432":
      return new AppError(
        403,
        errorCodes.forbidden,
        secondApprovalMessages.newAdmin(dhakaTime(new Date(e.detail ?? e.cause?.detail ?? ""))),
      );
    case "23505": // a parallel payout's win: the TrxID's unique index
      if (constraintOf(error) === "transactions_payout_reference_idx") {
        return new AppError(409, errorCodes.payoutReferenceUsed, payoutReferenceMessages.used(""), {
          payoutReference: payoutReferenceMessages.used(""),
        });
      }
      if (constraintOf(error) === "second_approvals_awaiting_transaction_idx") {
        return new AppError(409, errorCodes.alreadyProcessed, secondApprovalMessages.alreadyAwaiting);
      }
      return null;
    case "NX428": // approving a deposit with no chain evidence, without saying so
      return new AppError(409, errorCodes.chainUnconfirmed, messages.chainUnconfirmed);
    case "NX410":
      assert(refusals.overDailyLimit, "only a withdrawal is refused for the daily limit");
      return refusals.overDailyLimit(BigInt(e.detail ?? e.cause?.detail ?? "0"));
    // Decision 039: the owner's checks on a withdrawal.
    case "NX426":
      assert(refusals.overUnverifiedLimit, "only a withdrawal is refused for the identity level");
      return refusals.overUnverifiedLimit(BigInt(e.detail ?? e.cause?.detail ?? "0"));
    case "NX423":
      return new AppError(403, errorCodes.accountFrozen, messages.accountFrozen);
    case "NX425": {
      const until = new Date(e.detail ?? e.cause?.detail ?? "");
      return new AppError(403, errorCodes.securityHold, securityHoldMessage(until), undefined, { until: until.toISOString() });
    }
    default:
      return null;
  }
}

/** The hold's refusal in words, with its end in Dhaka time (the customer's screen says it in their language from `until`). */
function securityHoldMessage(until: Date): string {
  return `Withdrawals are paused for your safety after a recent password or security change. You can withdraw again after ${dhakaTime(until)} (Dhaka time).`;
}

function dhakaTime(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", dateStyle: "medium", timeStyle: "short" }).format(at);
}

function constraintOf(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } };
  return e.constraint ?? e.cause?.constraint;
}

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

function createdFrom(answer: CreatedJson): Created {
  return { transaction: transactionFromJson(answer.transaction), replayed: answer.replayed };
}
