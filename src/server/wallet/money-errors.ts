// The database's refusals in our words: each money function (src/server/db/functions/) refuses
// with an NX SQLSTATE of our own (or a constraint of the tables), and each becomes the 4xx a
// customer or an admin reads. One table, one row per code.
import assert from "node:assert/strict";
import { approveAnywayReasonMessage } from "#shared/admin-schemas.ts";
import { errorCodes, messages } from "#shared/api-error.ts";
import { secondApprovalMessages } from "#shared/second-approval-schemas.ts";
import { payoutReferenceMessages } from "#shared/wallet-schemas.ts";
import { AppError } from "../http/errors.ts";

/** What each refusal of a money function means to the caller, where it depends on the action. */
export type Refusals = {
  notFound?: string;
  /** The NX409 message, when the thing already decided is not a transaction. */
  alreadyProcessed?: string;
  overDailyLimit?: (withdrawnTodayPoisha: bigint) => AppError;
  overUnverifiedLimit?: (withdrawnTodayPoisha: bigint) => AppError;
};

/**
 * Why a decision on a transaction changed nothing: an unknown id is a 404; the admin's own
 * transaction is a 403 whatever its status; anyone else's is a 409, as it was already decided.
 */
export const transactionDecisionRefusals: Refusals = { notFound: messages.transactionNotFound };

/** What a refusal carries besides its code: the function's DETAIL, the constraint broken, the action's own words. */
type Refused = { detail: string; constraint: string | undefined; refusals: Refusals };

const refusalByCode: Record<string, (refused: Refused) => AppError | null> = {
  NX404: ({ refusals }) => new AppError(404, errorCodes.notFound, refusals.notFound ?? "Not found"),
  NX403: () => new AppError(403, errorCodes.forbidden, messages.ownAccount),
  NX409: ({ refusals }) => new AppError(409, errorCodes.alreadyProcessed, refusals.alreadyProcessed ?? messages.alreadyProcessed),
  // the admin who asked for a second approval confirming it (decision 020)
  NX405: () => new AppError(403, errorCodes.forbidden, secondApprovalMessages.ownRequest),
  NX424: () => new AppError(409, errorCodes.alreadyProcessed, secondApprovalMessages.alreadyAwaiting),
  // a payout reference given when approving a deposit
  NX422: () =>
    new AppError(400, errorCodes.validation, payoutReferenceMessages.onlyWithdrawals, {
      payoutReference: payoutReferenceMessages.onlyWithdrawals,
    }),
  // a request or a subtraction for more than the available balance
  NX402: () => new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance, { amount: messages.insufficientBalance }),
  // an approval the balance can no longer cover: the profiles balance >= 0 check
  "23514": () => new AppError(409, errorCodes.insufficientBalance, messages.insufficientBalance),
  NX412: () => new AppError(409, errorCodes.idempotencyConflict, messages.idempotencyConflict),
  // a customer holding DEPOSIT_OPEN_MAX open deposit requests (decision 038)
  NX411: () => new AppError(409, errorCodes.limitExceeded, messages.openDepositsMax, { usdtAmount: messages.openDepositsMax }),
  // every amount to pay near the one asked for is held by an open request (decision 038)
  NX429: () =>
    new AppError(409, errorCodes.payAmountUnavailable, messages.payAmountUnavailable, { usdtAmount: messages.payAmountUnavailable }),
  // Decision 040: decisions that cannot go wrong.
  NX434: ({ detail: paid }) =>
    new AppError(
      409,
      errorCodes.payoutReferenceUsed,
      payoutReferenceMessages.used(paid),
      { payoutReference: payoutReferenceMessages.used(paid) },
      { transactionId: paid },
    ),
  NX427: () => new AppError(409, errorCodes.awaitingSecondApproval, payoutReferenceMessages.beforeConfirmation),
  NX430: () => new AppError(409, errorCodes.chainNoDifference, messages.chainNoDifference),
  NX431: () => new AppError(400, errorCodes.validation, approveAnywayReasonMessage, { reason: approveAnywayReasonMessage }),
  NX433: () => new AppError(403, errorCodes.forbidden, secondApprovalMessages.appointedByRequester),
  NX432: ({ detail }) => new AppError(403, errorCodes.forbidden, secondApprovalMessages.newAdmin(dhakaTime(new Date(detail)))),
  // a parallel payout's win: the TrxID's unique index
  "23505": ({ constraint }) => uniqueViolationRefusal(constraint),
  // approving a deposit with no chain evidence, without saying so
  NX428: () => new AppError(409, errorCodes.chainUnconfirmed, messages.chainUnconfirmed),
  NX410: ({ detail, refusals }) => {
    assert(refusals.overDailyLimit, "only a withdrawal is refused for the daily limit");
    return refusals.overDailyLimit(BigInt(detail || "0"));
  },
  // Decision 039: the owner's checks on a withdrawal.
  NX426: ({ detail, refusals }) => {
    assert(refusals.overUnverifiedLimit, "only a withdrawal is refused for the identity level");
    return refusals.overUnverifiedLimit(BigInt(detail || "0"));
  },
  NX423: () => new AppError(403, errorCodes.accountFrozen, messages.accountFrozen),
  NX425: ({ detail }) => {
    const until = new Date(detail);
    return new AppError(403, errorCodes.securityHold, securityHoldMessage(until), undefined, { until: until.toISOString() });
  },
};

/** A unique index that a parallel request won: ours to answer only for the two that mean a lost race. */
function uniqueViolationRefusal(constraint: string | undefined): AppError | null {
  if (constraint === "transactions_payout_reference_idx") {
    return new AppError(409, errorCodes.payoutReferenceUsed, payoutReferenceMessages.used(""), {
      payoutReference: payoutReferenceMessages.used(""),
    });
  }
  if (constraint === "second_approvals_awaiting_transaction_idx") {
    return new AppError(409, errorCodes.alreadyProcessed, secondApprovalMessages.alreadyAwaiting);
  }
  return null;
}

/** The 4xx for a money function's refusal; null for any other error (it is not ours to answer). */
export function refusalOf(error: unknown, refusals: Refusals): AppError | null {
  const e = error as {
    code?: string;
    detail?: string;
    constraint?: string;
    cause?: { code?: string; detail?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  // Own keys only: an error's code is never taken for something the object inherits.
  const refusal = code !== undefined && Object.hasOwn(refusalByCode, code) ? refusalByCode[code] : undefined;
  if (!refusal) return null;
  return refusal({ detail: e.detail ?? e.cause?.detail ?? "", constraint: e.constraint ?? e.cause?.constraint, refusals });
}

/**
 * A plpgsql ASSERT that failed in a money function (SQLSTATE P0004) is the same kind of bug as a
 * failed node:assert here, and is reported as one: a 500, logged as an AssertionError with the
 * database's message; the statement has already been rolled back.
 */
export function failedAssertionOf(error: unknown): assert.AssertionError | null {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  if ((e.code ?? e.cause?.code) !== "P0004") return null;
  return new assert.AssertionError({ message: `${e.cause?.message ?? e.message ?? "assertion failed"} (asserted in the database)` });
}

/** The hold's refusal in words, with its end in Dhaka time (the customer's screen says it in their language from `until`). */
function securityHoldMessage(until: Date): string {
  return `Withdrawals are paused for your safety after a recent password or security change. You can withdraw again after ${dhakaTime(until)} (Dhaka time).`;
}

function dhakaTime(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Dhaka", dateStyle: "medium", timeStyle: "short" }).format(at);
}
