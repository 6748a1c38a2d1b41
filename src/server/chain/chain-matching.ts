// Matching stored transfers to deposit requests (decisions 019 and 038), and an admin's assignment
// of a transfer by hand. The rules live in database functions (nexapay_match_chain_transfers and
// nexapay_assign_chain_transfer, migration 0021), so that they run under one lock in one transaction
// whichever server process calls them: after each poll of the chain, and when an admin assigns.
import { sql } from "drizzle-orm";
import { errorCodes, messages } from "#shared/api-error.ts";
import { queryRows, type Db } from "../db/client.ts";
import { AppError } from "../http/errors.ts";

export type MatchResult = { matched: number; credited: number };

/**
 * Gives every transfer that settled nothing to the one request whose exact amount to pay it equals,
 * made before its block time and not expired at it; with `autoCredit` (DEPOSIT_AUTO_CREDIT=confirmed)
 * also credits those requests. Safe to call at any time and from several processes at once.
 */
export async function matchChainTransfers(db: Db, options: { autoCredit: boolean }): Promise<MatchResult> {
  const [row] = await queryRows<{ answer: MatchResult }>(db, sql`select nexapay_match_chain_transfers(${options.autoCredit}) as answer`);
  return row?.answer ?? { matched: 0, credited: 0 };
}

/** Why an assignment by hand was refused, in the back office's words (decision 038). */
export const assignmentMessages = {
  transferNotFound: "Transfer not found",
  transferAssigned: "This transfer has already settled a deposit request.",
  requestCannotTake: "Only a customer's deposit request that is not rejected and has no transfer yet can take one.",
} as const;

/**
 * An admin gives an unclaimed transfer to a customer's deposit request, with a reason: linked and
 * audited in one call of nexapay_assign_chain_transfer (migration 0021), no money moved. Answers
 * the request's id; refusals are our 4xx.
 */
export async function assignTransferByHand(
  db: Db,
  input: { transferId: string; transactionId: string; adminId: string; reason: string; ip: string },
): Promise<void> {
  try {
    await queryRows(
      db,
      sql`select nexapay_assign_chain_transfer(${input.transferId}, ${input.transactionId}, ${input.adminId}, ${input.reason}, ${input.ip}) as answer`,
    );
  } catch (error) {
    throw assignmentRefusal(error) ?? error;
  }
}

function assignmentRefusal(error: unknown): AppError | null {
  const e = error as { code?: string; detail?: string; cause?: { code?: string; detail?: string } };
  switch (e.code ?? e.cause?.code) {
    case "NX404":
      return (e.detail ?? e.cause?.detail) === "transfer"
        ? new AppError(404, errorCodes.notFound, assignmentMessages.transferNotFound)
        : new AppError(404, errorCodes.notFound, messages.transactionNotFound, { transactionId: messages.transactionNotFound });
    case "NX403":
      return new AppError(403, errorCodes.forbidden, messages.ownAccount);
    case "NX430":
      return new AppError(409, errorCodes.transferAssigned, assignmentMessages.transferAssigned);
    case "NX431":
      return new AppError(409, errorCodes.conflict, assignmentMessages.requestCannotTake, {
        transactionId: assignmentMessages.requestCannotTake,
      });
    default:
      return null;
  }
}
