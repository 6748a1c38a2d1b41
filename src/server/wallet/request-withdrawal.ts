// A customer asks to withdraw (decision 039): one call of nexapay_request_withdrawal
// (src/server/db/functions/nexapay_request_withdrawal.sql), which holds the amount, or asks for the
// owner's code first. Here: the checks that need no database, the audit details in the API's words,
// the refusals in the customer's words, and the call.
import assert from "node:assert/strict";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { errorCodes, messages } from "#shared/api-error.ts";
import { displayBdt, formatBdt } from "#shared/money.ts";
import { selectQuietlyAdmittedUser, type AdmittedUser } from "../auth/admission.ts";
import { newFreezeToken } from "../account-security/security-alerts.ts";
import type { Db } from "../db/client.ts";
import { startOfDhakaDayAt } from "../db/dhaka-day.ts";
import { preparedPerDatabase } from "../db/prepared.ts";
import { session } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import type { Limits } from "./limits.ts";
import { resultOf, type Acted, type CustomerActor } from "./money-actor.ts";
import type { Refusals } from "./money-errors.ts";
import {
  callMoneyFunction,
  createdFrom,
  executeMoneyStatement,
  type ArgumentOf,
  type Created,
  type CreatedJson,
} from "./money-function.ts";

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

/** How the owner is asked to confirm: an e-mailed code (issued now when `sent`), or the authenticator's. */
export type ConfirmationAsked = { method: "email" | "totp"; sent?: boolean; resendAt?: string };

/**
 * What a withdrawal request came to: created (or replayed); or waiting for its owner's code (none
 * given: an e-mailed one was issued when `sent`, or the authenticator's is asked for); or refused
 * for a wrong code. Only the first created anything.
 */
export type WithdrawalOutcome = { created: Created } | { confirmation: ConfirmationAsked } | { refused: "confirmation_invalid" };

type WithdrawalJson = CreatedJson | { confirmation: ConfirmationAsked } | { refused: "confirmation_invalid" };

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

// Built once per database handle and prepared (db/prepared.ts), like every statement of a busy route.
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

/**
 * The withdrawal request. For a session to check (`admission`), in the statement that checks it,
 * as requestDeposit does (decision 034); the caller has then already checked withdrawalRefusal. For
 * a customer already admitted it is checked here.
 */
export async function requestWithdrawal(
  db: Db,
  actor: CustomerActor,
  input: WithdrawalRequest,
): Promise<Acted<AdmittedUser, WithdrawalOutcome>> {
  if ("admission" in actor) {
    const [row] = await executeMoneyStatement(
      preparedWithdrawalAsUser(db).execute({ ...actor.admission, ...withdrawalArguments(input) }),
      withdrawalRefusals(input),
    );
    if (!row) return null;
    const { answer, ...admitted } = row;
    return { admitted, result: withdrawalOutcomeFrom(answer) };
  }
  const refusal = withdrawalRefusal(input);
  if (refusal) throw refusal;
  const args = withdrawalArguments(input);
  const call = requestWithdrawalCall(sql`${actor.userId}`, (name) => sql`${args[name]}`);
  const answer = await callMoneyFunction<WithdrawalJson>(db, sql`select ${call} as answer`, withdrawalRefusals(input));
  return { admitted: null, result: withdrawalOutcomeFrom(answer) };
}

/** requestWithdrawal for a customer known by id: for the route that checks a code, set-up code and the tests. */
export async function createWithdrawal(db: Db, input: WithdrawalRequest & { userId: string }): Promise<WithdrawalOutcome> {
  return resultOf(await requestWithdrawal(db, { userId: input.userId }, input));
}
